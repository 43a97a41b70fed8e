"""The GM's intel commands (every one carries the GM's reason).

Table 7-1 gives only qualitative odds (always / high / medium / low, [L6694-6726]), so the success of an
operation is the GM's: he settles its item with `SettleIntelOperation`, or confirms the engine's proposal with
`ConfirmAdjudication` where the rulebook gives the outcome (an operation that always succeeds, [L6713], [L6718]).
An unmaintained infiltration's decay is his too (`RuleInfiltrationDecay`, [L7054-7058]). What the text leaves to
him in the report layer: what a Conceal Fact keeps out of the Newsfax (`ConcealFact`), the misinformation it plants
(`PlantMisinformation`, [L6836-6849]) and the "bad" information fed to a spymaster through a report copy
(`FeedMisinformation`, [L7223-7226]).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Name, Note, Reason, Text

# success; failure; blocked by a counter-operation in force (CI [L6813-6834], CA [L6802-6811], CR [L6865-6870]);
# not_run: never attempted (the leader's Espionage failed [L6733-6737], or the Special Operation did)
IntelResult = Literal["success", "failure", "blocked", "not_run"]
# who learns of it: no one but the operator (`hidden`); the target, without knowing who (`noticed`, e.g. behind a
# Conceal Fact [L6902-6913]); the target, with the operator's name (`detected`, [L3050-3061] "Intel Actions against
# your Nation and the results"); everyone: `blown`, printed in the Newsfax ([L3058-3060])
Detection = Literal["hidden", "noticed", "detected", "blown"]
# levels an infiltration gains or loses (IE, MI, SI, PI: §7.3.11 [L6927-6935], §7.3.16 [L7050-7063])
Levels = Annotated[int, msgspec.Meta(ge=-10, le=10)]
Leaders = Annotated[list[Name], msgspec.Meta(max_length=20)]


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class SettleIntelOperation(_Command, frozen=True, tag="SettleIntelOperation"):
    """The GM's ruling on an intel operation's item: its `result`, who learns of it (`detection`), the
    infiltration `levels` it moves (IE and SI gain on a success, an MI that fails loses, a PI takes off:
    `intel/infiltration.py`), the leaders whose Espionage action failed (`espionage_failed`: their operation or
    bonus point is lost, [L6733-6737]) and, in `effect`, what it did (the GM applies material effects with his
    other commands: `SetNationParameter`, `AdjustTreasury`...). A Crush Revolt that ran names the revolt it was
    used on (`revolt`: a revolt check or garrison item, or the Cause Unrest / Cause Mutiny item, [L6865-6870]);
    `misinformation` marks a Reveal Fact's `effect` as false ([L7124-7127]), a mark only the GM sees."""

    item_id: Name
    result: IntelResult
    detection: Detection
    reason: Reason
    levels: Levels = 0
    espionage_failed: Leaders = []
    effect: Note = ""
    revolt: Name = ""
    misinformation: bool = False


class RuleInfiltrationDecay(_Command, frozen=True, tag="RuleInfiltrationDecay"):
    """The GM's ruling on an unmaintained infiltration's item ([L7054-7058]): it "degrades one or more levels"
    (`levels` lost) and "the possibility of the infiltration being discovered by the target nation increases
    dramatically" ([L6940-6944]): `detection` hidden, noticed (the target learns of it) or detected (and whose)."""

    item_id: Name
    levels: Annotated[int, msgspec.Meta(ge=1, le=20)]
    detection: Literal["hidden", "noticed", "detected"]
    reason: Reason


class ConcealFact(_Command, frozen=True, tag="ConcealFact"):
    """[L6840-6845] the datum a Conceal Fact (`item_id`, ruled a success this turn) protects "will not be revealed
    in the Newsfax": the drafted Newsfax line `news_item` is kept out of print."""

    item_id: Name
    news_item: Name
    reason: Reason


class PlantMisinformation(_Command, frozen=True, tag="PlantMisinformation"):
    """[L6845-6849] "A sufficiently well supported Conceal Fact can also produce misinformation - including, but not
    limited to - MSI manipulation, phantom armies and cities, and events that never occurred": a fabricated Newsfax
    line `text` (under `nation`'s heading; none: an announcement) and/or a faked `msi` on the rankings."""

    item_id: Name
    reason: Reason
    text: Text = ""
    nation: Name | None = None
    msi: Name | None = None


class FeedMisinformation(_Command, frozen=True, tag="FeedMisinformation"):
    """[L7223-7226] "bad" information fed to `recipient` through its copy of `nation`'s status report (a sector of
    `nation` it has subverted): `text` for the report `key` (a stat-sheet field, or a line `region:<name>`,
    `city:<name>`, `leader:<id>`, `fleet:<id>`, `route:<id>`; empty: left out). Only where `nation` turned the
    recipient's infiltration (Subvert Infiltration at 10) or ran a Conceal Fact ruled a success this turn."""

    recipient: Name
    nation: Name
    key: Name
    text: Text
    reason: Reason


IntelCommand = SettleIntelOperation | RuleInfiltrationDecay | ConcealFact | PlantMisinformation | FeedMisinformation
INTEL_GM_COMMANDS = frozenset(
    {"SettleIntelOperation", "RuleInfiltrationDecay", "ConcealFact", "PlantMisinformation", "FeedMisinformation"}
)
