"""The intel records of the state (§2.10 of the digest): the operations of this turn and the last, with every
input the engine computed for the GM, and (once he settles them) their outcome.

Kept free of imports above `scenario` (`model/state.py` holds an `IntelRecords`).
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.scenario.enums import Exact


class IntelOp(msgspec.Struct, frozen=True):
    """One operation as resolution raised it (R5): the order line's parts, then the computed inputs.

    `capacity` is the point that runs it: `oc`, `ac`, or `leader` (a leader's Espionage action, [L6727-6737]);
    `odds` Table 7-1's; `base` the place the range is traced from (a region or city held at NT or better, one of
    the nation's armies, or the leader's Espionage place) and `range_ap` its cost in AP against `action_range`
    ([L6739-6761]); `counters` the target's counter-operations in force against it (their item ids: CI of the
    same type, CA on the leader, CR held in hand); `chain` the Special Operation's item it belongs to. `result`
    is empty until the GM settles it."""

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


class IntelRecords(msgspec.Struct, frozen=True):
    """Operations by item id (this turn's and the last turn's, for the status reports)."""

    ops: dict[str, IntelOp] = {}
