"""Earth commands (Era Centrum). Referees are the game's GMs: their commands are rulings with a reason where the
text leaves them judgement ([000:228] "realistic"); gods act at the Window on the World."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.engine.bounds import Many, Name, Note, Quantity, Reason, Table, Text
from domain.rulesets.gods2.kernel.earth_content import FractionText, Level

Side = Literal["attacker", "defender"]

# --- referees ---------------------------------------------------------------------------------------------


class StartCentury(msgspec.Struct, frozen=True, tag="StartCentury", tag_field="type", forbid_unknown_fields=True):
    """Begin the next century: growth and placement, starvation, Mc modifications, aggressive attacks
    ([000:228-251])."""


class CloseActivityPhase(
    msgspec.Struct, frozen=True, tag="CloseActivityPhase", tag_field="type", forbid_unknown_fields=True
):
    """End divine intervention for this century ([000:204])."""


class EndCentury(msgspec.Struct, frozen=True, tag="EndCentury", tag_field="type", forbid_unknown_fields=True):
    """The Calculation phase's automatic work: turmoil rolls, worship mana, the map's century-end (and, when the
    era ends, era-end) sources, per-century flags ([000:86], [000:208-214], [000:107]).

    The engine counts every map source on the map (earth/sources.py). `counts` replaces a count (source ->
    quantity) by the referee's, with a `reason` (recorded in `MapSourcesCounted`). `ends_era`: this century ends
    an era whose length the text does not give (Omega); Era Centrum ends with its 16th century by itself."""

    counts: Table[Name, Quantity] = {}
    reason: Reason | None = None
    ends_era: bool = False


class PlacePopulation(msgspec.Struct, frozen=True, tag="PlacePopulation", tag_field="type", forbid_unknown_fields=True):
    """Replace the engine's placement of a race's units (square -> units), validated against the rules."""

    race: Name
    squares: Table[Name, Quantity]
    reason: Reason


class SetMigration(msgspec.Struct, frozen=True, tag="SetMigration", tag_field="type", forbid_unknown_fields=True):
    """Order a race to migrate towards a square (None: stop) ([000:236])."""

    race: Name
    toward: Name | None
    reason: Reason


class DeclareWar(msgspec.Struct, frozen=True, tag="DeclareWar", tag_field="type", forbid_unknown_fields=True):
    """A war the gods instigated (or any the referees record); `instigator` names the god, if any."""

    attacker: Name
    defender: Name
    reason: Reason
    instigator: Name | None = None


class AttemptDiplomacy(
    msgspec.Struct, frozen=True, tag="AttemptDiplomacy", tag_field="type", forbid_unknown_fields=True
):
    """A race tries to stop a declared war ([000:266]); the referees decide who tries."""

    war: Name
    side: Side


class ResolveWar(msgspec.Struct, frozen=True, tag="ResolveWar", tag_field="type", forbid_unknown_fields=True):
    """Fight a declared war ([000:274-280]). Optional choices replace the engine's proposals: the population each
    side brings in a combined war ([000:282]), the squares losses come from ([000:276]) and the squares the loser
    vacates ([000:278])."""

    war: Name
    reason: Note = ""
    attacker_population: Quantity | None = None
    defender_population: Quantity | None = None
    attacker_losses: Table[Name, Quantity] | None = None
    defender_losses: Table[Name, Quantity] | None = None
    vacated: Many[Name] | None = None
    at_once: bool = False  # fight before the usual delay, e.g. declared near the end of the century [000:261]


class OrderWars(msgspec.Struct, frozen=True, tag="OrderWars", tag_field="type", forbid_unknown_fields=True):
    """Draw the order of this century's unfought wars: the gods' wars first, the races' own in random order
    ([000:251])."""


class FoundCity(msgspec.Struct, frozen=True, tag="FoundCity", tag_field="type", forbid_unknown_fields=True):
    """A race builds a city (the first on learning Civilization, later by Found City [000:112]); `square` breaks
    a tie between equally populous squares."""

    race: Name
    name: Name
    reason: Reason
    great: bool = False
    square: Name | None = None


class RecordHistory(msgspec.Struct, frozen=True, tag="RecordHistory", tag_field="type", forbid_unknown_fields=True):
    """Write in the history of the world ([000:122]); `names` names things on the map ([000:124]). Gods need not
    sign (`signed`)."""

    text: Text
    names: Table[Name, Name] = {}
    signed: bool = False


class CallTicket(msgspec.Struct, frozen=True, tag="CallTicket", tag_field="type", forbid_unknown_fields=True):
    """Call the next number at the Window; a no-show's number is skipped and loses the turn ([003:191])."""

    skip_current: bool = False


class TriggerModification(
    msgspec.Struct, frozen=True, tag="TriggerModification", tag_field="type", forbid_unknown_fields=True
):
    """The trigger event of racial modifications occurred ([000:176-180]): one waiting Mv/Mv+ casting fires and
    every Mp with this trigger ends."""

    race: Name
    trigger: Name
    reason: Reason


class EndModification(msgspec.Struct, frozen=True, tag="EndModification", tag_field="type", forbid_unknown_fields=True):
    """A racial modification ends as its description states ([000:172]), by the referees' ruling."""

    race: Name
    modification: Name
    reason: Reason


class ApplyCult(msgspec.Struct, frozen=True, tag="ApplyCult", tag_field="type", forbid_unknown_fields=True):
    """A spontaneous cult from racial characteristics ([000:76]), or one a start-of-century event causes
    ([000:255]): `deity` (a god, DIABOLISM or ATHEISM) gains `points`; the others shrink proportionally."""

    race: Name
    deity: Name
    points: FractionText
    reason: Reason


class ApplyEarthEffect(
    msgspec.Struct, frozen=True, tag="ApplyEarthEffect", tag_field="type", forbid_unknown_fields=True
):
    """Apply the effects of a pack power without a caster: the non-divine events of a century (spreading deserts
    and glaciers, Engineering's felled forests, Void Gates' cults: [000:255]) that the pack describes as effects."""

    power: Name
    reason: Reason
    race: Name | None = None
    squares: Many[Name] = []


class CreateRace(msgspec.Struct, frozen=True, tag="CreateRace", tag_field="type", forbid_unknown_fields=True):
    """A race created in a second period of Creation ([000:218]) or in Era Aleph ([000:13]): the creation powers
    that decide it are in a chapter the text does not include, so the referees type what they made, with a reason
    (earth/creation.py). `squares`: square -> units."""

    race: Name
    name: Name
    level: Level
    squares: Table[Name, Quantity]
    pantheon: Table[Name, FractionText]
    reason: Reason
    attributes: Many[Name] = []


class SetPantheon(msgspec.Struct, frozen=True, tag="SetPantheon", tag_field="type", forbid_unknown_fields=True):
    """The referees' ruling where the text is silent (an obliterated god who was the last god of a pantheon,
    [003:435]); shares sum to 100."""

    race: Name
    shares: Table[Name, FractionText]
    reason: Reason


# --- gods ---------------------------------------------------------------------------------------------------


class TakeQueueTicket(msgspec.Struct, frozen=True, tag="TakeQueueTicket", tag_field="type", forbid_unknown_fields=True):
    """Take a number at the Window on the World ([003:189])."""


class ProposePantheonChange(
    msgspec.Struct, frozen=True, tag="ProposePantheonChange", tag_field="type", forbid_unknown_fields=True
):
    """A written pantheon change order, signed by its proposer ([000:72-78]); shares are percentages."""

    race: Name
    shares: Table[Name, FractionText]


class SignPantheonChange(
    msgspec.Struct, frozen=True, tag="SignPantheonChange", tag_field="type", forbid_unknown_fields=True
):
    order: Name


class StartReligiousTurmoil(
    msgspec.Struct, frozen=True, tag="StartReligiousTurmoil", tag_field="type", forbid_unknown_fields=True
):
    """A member of the race's pantheon, at the Window, starts turmoil at will ([000:84], [000:96])."""

    race: Name


class ExpelFromPantheon(
    msgspec.Struct, frozen=True, tag="ExpelFromPantheon", tag_field="type", forbid_unknown_fields=True
):
    """The member chosen on a 5-6 turmoil roll names the member to kick out ([000:90-92])."""

    race: Name
    member: Name


class CastHistoryPower(
    msgspec.Struct, frozen=True, tag="CastHistoryPower", tag_field="type", forbid_unknown_fields=True
):
    """Use a history power at the Earth map when one's number is called ([000:128], [003:189]). Gods combining
    sphere cards are `payments`' other keys, present with the next numbers; `payments` splits the cost any way
    they wish ([000:130]) (default: the caster pays it all). `text` goes into the history, signed or not
    ([000:122])."""

    power: Name
    race: Name | None = None
    squares: Many[Name] = []
    payments: Table[Name, Quantity] = {}
    text: Text = ""
    signed: bool = False


class SignCoCasting(msgspec.Struct, frozen=True, tag="SignCoCasting", tag_field="type", forbid_unknown_fields=True):
    """A god named in another's combined `CastHistoryPower` agrees to pay its share and lend its cards and number
    ([000:130]). The power is cast when the last payer signs; until then nothing is spent."""

    casting: Name


class WithdrawCoCasting(
    msgspec.Struct, frozen=True, tag="WithdrawCoCasting", tag_field="type", forbid_unknown_fields=True
):
    """The proposer or any named payer calls a combined casting off before it is cast; nothing was spent."""

    casting: Name


EarthCommand = (
    StartCentury
    | CloseActivityPhase
    | EndCentury
    | PlacePopulation
    | SetMigration
    | DeclareWar
    | AttemptDiplomacy
    | ResolveWar
    | OrderWars
    | FoundCity
    | RecordHistory
    | CallTicket
    | TakeQueueTicket
    | ProposePantheonChange
    | SignPantheonChange
    | StartReligiousTurmoil
    | ExpelFromPantheon
    | CastHistoryPower
    | SignCoCasting
    | WithdrawCoCasting
    | TriggerModification
    | EndModification
    | ApplyCult
    | SetPantheon
    | ApplyEarthEffect
    | CreateRace
)

EARTH_GM_COMMANDS = frozenset(
    {
        "StartCentury",
        "CloseActivityPhase",
        "EndCentury",
        "PlacePopulation",
        "SetMigration",
        "DeclareWar",
        "AttemptDiplomacy",
        "ResolveWar",
        "OrderWars",
        "FoundCity",
        "CallTicket",
        "TriggerModification",
        "EndModification",
        "ApplyCult",
        "SetPantheon",
        "ApplyEarthEffect",
        "CreateRace",
    }
)
