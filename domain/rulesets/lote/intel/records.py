"""The intel records of the state (§2.10 of the digest): the operations of this turn and the last, with every
input the engine computed for the GM and (once he settles them) their outcome; the infiltrations (§7.3.11,
§7.3.16-17, §7.3.26); the copies of subverted nations' status reports their spymasters received; and the
misinformation the GM feeds through them this turn.

Kept free of imports above `model/report_types` (`model/state.py` holds an `IntelRecords`).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.lote.model.report_types import StatusReport
from domain.rulesets.lote.scenario.enums import Exact


class IntelOp(msgspec.Struct, frozen=True):
    """One operation as resolution raised it (R5): the order line's parts, then the computed inputs.

    `capacity` is the point that runs it: `oc`, `ac`, or `leader` (a leader's Espionage action, [L6727-6737]);
    `odds` Table 7-1's; `base` the place the range is traced from (a region or city held at NT or better, one of
    the nation's armies, or the leader's Espionage place) and `range_ap` its cost in AP against `action_range`
    ([L6739-6761]); `counters` the target's counter-operations in force against it (their item ids: CI of the
    same type, CA on the leader, CR held in hand); `chain` the Special Operation's item it belongs to. `result`
    is empty until the GM settles it. `revolt` is what a Crush Revolt was used on ([L6865-6870]: an adjudication
    item of a revolt, or a Cause Unrest / Cause Mutiny against the nation); `misinformation` marks an effect the
    GM wrote false (a Reveal Fact's, [L7124-7127]): the GM's mark, never shown to a seat."""

    item_id: str
    turn: int
    nation: str
    line: str
    code: str
    capacity: str
    bonus: int
    odds: str
    target_nation: str | None = None
    target: str = ""
    sector: str | None = None
    location: str | None = None
    detail: str = ""
    leader: str | None = None
    bonus_leaders: tuple[str, ...] = ()
    chain: str | None = None
    held_in_hand: bool = False
    base: str | None = None
    range_ap: Exact | None = None
    action_range: int = 0
    in_range: bool | None = None
    location_known: bool = True
    counters: tuple[str, ...] = ()
    rolls: tuple[int, ...] = ()
    result: str = ""
    detection: str = ""
    levels: int = 0
    effect: str = ""
    revolt: str = ""
    misinformation: bool = False
    espionage_extra: int = 0


InfiltrationKind = Literal["ie", "si"]


class Infiltration(msgspec.Struct, frozen=True):
    """An infiltration of `target`'s `sector` held by `owner` (§7.3.11 [L6927-6999]), rated 1 to 10 and more: at 10
    and more the sector is subverted.

    `kind` `ie` is built by Infiltrate Enemy; `si` is a Subvert Infiltration (§7.3.26 [L7216-7231]) that `owner`
    (the infiltrated nation) runs against `target`'s infiltration of `owner`'s own `sector`: at 10 that enemy
    infiltration is turned. `maintained_turn` is the last turn a Maintain Infiltration held it (or it was
    established); `detected` that the target knows of it, `owner_known` that the target knows whose it is."""

    owner: str
    target: str
    sector: str
    level: int
    kind: InfiltrationKind = "ie"
    since_turn: int = 0
    maintained_turn: int = 0
    detected: bool = False
    owner_known: bool = False


class IntelCopy(msgspec.Struct, frozen=True):
    """What a spymaster received of a subverted nation at the end of `turn` (§7.3.11 [L6952-6991]): the status
    report (Espionage Service, Government, Royal Family), its military stats (Military) or its religious stats
    (Religion), as `sectors` grant; misinformation the GM fed through it is already in `report`."""

    nation: str
    turn: int
    sectors: tuple[str, ...]
    report: StatusReport


class IntelRecords(msgspec.Struct, frozen=True):
    """Operations by item id (this turn's and the last turn's, for the status reports); infiltrations by key
    (`infiltration.key`); each spymaster's last copies by subverted nation; this turn's misinformation fed to a
    spymaster (`"t<turn>:<recipient>><nation>"` -> report key -> text)."""

    ops: dict[str, IntelOp] = {}
    infiltrations: dict[str, Infiltration] = {}
    copies: dict[str, dict[str, IntelCopy]] = {}
    feeds: dict[str, dict[str, str]] = {}
