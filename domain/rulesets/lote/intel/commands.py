"""The GM's intel command: settling an operation's adjudication item (every one carries the GM's reason).

Table 7-1 gives only qualitative odds (always / high / medium / low, [L6694-6726]), so the success of an
operation is the GM's: he settles its item with `SettleIntelOperation`, or confirms the engine's proposal with
`ConfirmAdjudication` where the rulebook gives the outcome (an operation that always succeeds, [L6713], [L6718]).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Name, Note, Reason

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
    infiltration `levels` it moves (IE, MI, SI, PI), the leaders whose Espionage action failed
    (`espionage_failed`: their operation or bonus point is lost, [L6733-6737]) and, in `effect`, what it did
    (the GM applies material effects with his other commands: `SetNationParameter`, `AdjustTreasury`...)."""

    item_id: Name
    result: IntelResult
    detection: Detection
    reason: Reason
    levels: Levels = 0
    espionage_failed: Leaders = []
    effect: Note = ""


IntelCommand = SettleIntelOperation
INTEL_GM_COMMANDS = frozenset({"SettleIntelOperation"})
