"""The intel lines of the order form (§7.1 [L6641-6691], Table 7-1 [L6694-6726], §7.3 [L6764-7295]).

One line per operation, written as the rulebook notes it, `OpCode + OpBonus / Target : Subdescriptor`
([L6655-6665]): `IE+2 : Denmark-Government` is `IntelOperation(code="IE", bonus=2, target_nation="denmark",
target="government")`. Counter-operations are operations too: `CI` names the hostile operation type it blocks in
`target` ([L6813-6834]), `CA` the own leader it protects ([L6802-6811]), and `CR` may be held in hand for an
event of the turn ([L6851-6870]). A Special Operation (`SO`) is a line of its own; the lines it chains name it in
`chain` ([L7132-7159]). A leader's Espionage action ([L5830-5852], [L6727-6737]) runs an operation as its
capacity point (`leader`) or adds a bonus point to one (`bonus_leaders`): the leader's itinerary on the same form
must hold an `act ES` step.

Kept free of imports above `scenario` (the order form of `model/` lists these lines). The tags are permanent
storage names (orders are stored inside `OrderEntered`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Name, Note

# Table 7-1 [L6694-6726]: the 29 operation codes
IntelCode = Literal[
    "AO", "BA", "CA", "CI", "CF", "CR", "CM", "CU", "DAB", "DIB", "IE", "JB", "KP", "KL", "KK", "MI", "PI",
    "RE", "RF", "RO", "SO", "SGS", "SJ", "SK", "ST", "SI", "SL", "SD", "TA",
]  # fmt: skip
# §7.3.11 [L6927-6935] the sectors of a nation an infiltration targets
Sector = Literal["government", "espionage", "military", "royal_family", "populace", "university", "religion"]
Capacity = Literal["oc", "ac"]
# Bonus points on one operation: OB or AB (each 0 to the Tech Level, [L1434-1455]) plus leaders' Espionage
BonusPoints = Annotated[int, msgspec.Meta(ge=0, le=20)]
Leaders = Annotated[list[Name], msgspec.Meta(max_length=20)]


class _Order(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    line: Name


class IntelOperation(_Order, frozen=True, tag="IntelOperation"):
    """One operation of §7.3: `code` + `bonus` (OB for Operations, AB for Assassin ops) / `target_nation` -
    `target` : `detail`.

    `target` is what the code acts on: a sector (IE, MI, PI, SI), a leader id (KL, KK, KP, SL, CA, BA, JB), an
    army's leader id (CM), a region or city (CU, TA, SD, CR), a rating (`oc`/`ob` for DIB, `ac`/`ab` for DAB;
    `infra`/`bl`/`roc`/`rob`/`action_range` for AO), the blocked operation code (CI), or free text (RF, CF, SJ,
    SGS, RE, RO, ST, SK, SO). `location` is where the target is (the range is traced to it; an assassin operation
    without one suffers a negative modifier, [L6678-6683]). `capacity` picks OC or AC for the operations either
    may run. `held_in_hand` keeps a Crush Revolt for a designated event of the turn ([L6865-6870]).
    """

    code: IntelCode
    bonus: BonusPoints = 0
    target_nation: Name | None = None
    target: Name = ""
    location: Name | None = None
    capacity: Capacity | None = None
    chain: Name | None = None
    leader: Name | None = None
    bonus_leaders: Leaders = []
    held_in_hand: bool = False
    detail: Note = ""


IntelOrder = IntelOperation
INTEL_ORDERS: tuple[type[_Order], ...] = (IntelOperation,)
