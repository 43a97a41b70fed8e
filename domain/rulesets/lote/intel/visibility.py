"""Who sees an operation (digest §1.6; [L3050-3061], [L6836-6849]).

- The GM sees everything.
- The operator sees its own operations, without the GM's inputs about others: the target's counter-operations,
  the dice, and a range traced to a place the seat did not name (a rival leader's true whereabouts). Of the
  detection it learns only that the operation was `blown` (public, [L3058-3060]).
- The target sees an operation only once the GM ruled it detected: its code, target, place and result
  ("Intel Actions against your Nation and the results", [L3056-3058]); the operator's name only when
  `detected` or `blown`, not when merely `noticed` (hidden behind a Conceal Fact, [L6902-6913]). Nothing that
  names the operator's records (item id, line, leaders, points) reaches it.
- Others learn a `blown` operation from the Newsfax only.
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.intel.events import IntelEvent, IntelOperationRaised, IntelOperationSettled
from domain.rulesets.lote.intel.records import IntelOp, IntelRecords

R = msgspec.structs.replace
SEEN_BY_TARGET = frozenset({"noticed", "detected", "blown"})


def own_op(op: IntelOp) -> IntelOp:
    """The operator's view of its own operation."""
    traced = op.location is not None
    return R(
        op,
        counters=(),
        rolls=(),
        detection=op.detection if op.detection == "blown" else "",
        range_ap=op.range_ap if traced else None,
        in_range=op.in_range if traced else None,
    )


def target_op(op: IntelOp, key: str) -> IntelOp:
    """What the target of a detected operation learns of it."""
    named = op.detection in ("detected", "blown")
    return IntelOp(
        item_id=key,
        turn=op.turn,
        nation=op.nation if named else "",
        line="",
        code=op.code,
        capacity="",
        bonus=0,
        odds=op.odds,
        target_nation=op.target_nation,
        target=op.target,
        sector=op.sector,
        location=op.location,
        result=op.result,
        detection=op.detection,
    )


def seat_records(records: IntelRecords, me: str | None) -> IntelRecords:
    """The operations a seat sees: its own, and those against it that the GM ruled detected."""
    mine = {k: own_op(v) for k, v in records.ops.items() if v.nation == me}
    against = sorted(
        (v for v in records.ops.values() if v.target_nation == me and v.nation != me and v.detection in SEEN_BY_TARGET),
        key=lambda v: (v.turn, v.code, v.target, v.result, v.detection),
    )
    seen = {f"t{v.turn}-against-{i}": target_op(v, f"t{v.turn}-against-{i}") for i, v in enumerate(against, 1)}
    return IntelRecords(ops={**mine, **seen})


def redact_intel(event: IntelEvent, me: str | None) -> IntelEvent | None:
    match event:
        case IntelOperationRaised():
            return R(event, op=own_op(event.op)) if event.op.nation == me else None
        case IntelOperationSettled():
            if event.nation == me:
                return R(event, reason="", detection=event.detection if event.detection == "blown" else "")
            if event.target_nation == me and event.detection in SEEN_BY_TARGET:
                named = event.detection in ("detected", "blown")
                return IntelOperationSettled(
                    item_id="",
                    turn=event.turn,
                    nation=event.nation if named else "",
                    code=event.code,
                    result=event.result,
                    detection=event.detection,
                    reason="",
                    target_nation=event.target_nation,
                    target=event.target,
                    sector=event.sector,
                    location=event.location,
                )
            return None
