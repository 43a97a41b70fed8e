"""Who sees what of intel (digest §1.6; [L3050-3061], [L6836-6849], [L6927-6999]).

- The GM sees everything.
- The operator sees its own operations, without the GM's inputs about others: the target's counter-operations,
  the dice, a range traced to a place the seat did not name (a rival leader's true whereabouts), the GM's
  misinformation mark, and which rival operation its Crush Revolt met (the CR's `revolt` when it names another
  nation's item). Of the detection it learns only that the operation was `blown` (public, [L3058-3060]). An
  operation `blocked` by a counter-operation reads `failure` to it unless the block was printed (detection
  `noticed` and up): the counter-operation is the target's secret (`operator_result`).
- The target sees an operation only once the GM ruled it detected (by a counter-operation or otherwise): its code,
  target, place and result ("Intel Actions against your Nation and the results", [L3056-3058]); the operator's
  name only when `detected` or `blown`, not when merely `noticed` (hidden behind a Conceal Fact, [L6908-6913]).
  Nothing that names the operator's records (item id, line, leaders, points) reaches it.
- Infiltrations: the owner sees its own with their levels, never whether the target detected them nor that the
  target turned them ([L7223-7228]: they feed it what the target wants). The target sees one it detected: the
  sector, the owner's name only when it learned it, never the level.
- A subverted sector's copy of a report is its spymaster's alone (`intel/subversion.py`); the GM's concealments
  and misinformation (`intel/misinformation.py`) are his alone: seats read only what is printed.
- Others learn a `blown` operation from the Newsfax only.
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.intel.events import (
    FactConcealed,
    InfiltrationDecayed,
    IntelEvent,
    IntelOperationRaised,
    IntelOperationSettled,
    IntelReportCopied,
    MisinformationFed,
    MisinformationPlanted,
    UniversityTechPointGained,
)
from domain.rulesets.lote.intel.records import Infiltration, IntelOp, IntelRecords

R = msgspec.structs.replace
SEEN_BY_TARGET = frozenset({"noticed", "detected", "blown"})
NAMED = frozenset({"detected", "blown"})


def _own_revolt(op_nation: str, turn: int, revolt: str) -> str:
    return revolt if revolt.startswith(f"t{turn}-{op_nation}-") else ""


def operator_result(result: str, detection: str) -> str:
    """The result the operator reads: `blocked` only when the block was printed in the Newsfax, else `failure`."""
    return "failure" if result == "blocked" and detection not in SEEN_BY_TARGET else result


def own_op(op: IntelOp) -> IntelOp:
    """The operator's view of its own operation."""
    traced = op.location is not None
    return R(
        op,
        result=operator_result(op.result, op.detection) if op.result else op.result,
        counters=(),
        rolls=(),
        detection=op.detection if op.detection == "blown" else "",
        range_ap=op.range_ap if traced else None,
        in_range=op.in_range if traced else None,
        revolt=_own_revolt(op.nation, op.turn, op.revolt),
        misinformation=False,
    )


def target_op(op: IntelOp, key: str) -> IntelOp:
    """What the target of a detected operation learns of it."""
    named = op.detection in NAMED
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


def own_infiltration(x: Infiltration) -> Infiltration:
    return R(x, detected=False, owner_known=False)


def detected_infiltration(x: Infiltration) -> Infiltration:
    """What the target of a detected infiltration knows of it: that it is there, and whose if it learned that."""
    return Infiltration(
        owner=x.owner if x.owner_known else "",
        target=x.target,
        sector=x.sector,
        level=0,
        kind=x.kind,
        detected=True,
        owner_known=x.owner_known,
    )


def seat_records(records: IntelRecords, me: str | None) -> IntelRecords:
    """The operations a seat sees (its own, those against it the GM ruled detected), its infiltrations and the
    ones it detected, and the copies of subverted nations' reports it received."""
    mine = {k: own_op(v) for k, v in records.ops.items() if v.nation == me}
    against = sorted(
        (v for v in records.ops.values() if v.target_nation == me and v.nation != me and v.detection in SEEN_BY_TARGET),
        key=lambda v: (v.turn, v.code, v.target, v.result, v.detection),
    )
    seen = {f"t{v.turn}-against-{i}": target_op(v, f"t{v.turn}-against-{i}") for i, v in enumerate(against, 1)}
    held = {k: own_infiltration(v) for k, v in records.infiltrations.items() if v.owner == me}
    found = sorted(
        (detected_infiltration(v) for v in records.infiltrations.values() if v.target == me and v.detected),
        key=lambda v: (v.sector, v.kind, v.owner),
    )
    detected = {f"detected-{i}": v for i, v in enumerate(found, 1)}
    copies = {me: dict(records.copies[me])} if me is not None and me in records.copies else {}
    return IntelRecords(ops={**mine, **seen}, infiltrations={**held, **detected}, copies=copies)


def _settled(event: IntelOperationSettled, me: str | None) -> IntelOperationSettled | None:
    if event.nation == me:
        return R(
            event,
            reason="",
            result=operator_result(event.result, event.detection),
            detection=event.detection if event.detection == "blown" else "",
            revolt=_own_revolt(event.nation, event.turn, event.revolt),
            misinformation=False,
        )
    if event.target_nation == me and event.detection in SEEN_BY_TARGET:
        return IntelOperationSettled(
            item_id="",
            turn=event.turn,
            nation=event.nation if event.detection in NAMED else "",
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


def _decayed(event: InfiltrationDecayed, me: str | None) -> InfiltrationDecayed | None:
    if event.owner == me:
        return R(event, detection="", reason="")
    if event.target == me and event.detection in SEEN_BY_TARGET:
        # the target learns the infiltration is there (and whose, when detected): not its level, not the item
        named = event.detection in NAMED
        return InfiltrationDecayed(
            item_id="",
            turn=event.turn,
            key="",
            owner=event.owner if named else "",
            target=event.target,
            sector=event.sector,
            levels=0,
            detection=event.detection,
            reason="",
            kind=event.kind,
        )
    return None


def redact_intel(event: IntelEvent, me: str | None) -> IntelEvent | None:
    match event:
        case IntelOperationRaised():
            return R(event, op=own_op(event.op)) if event.op.nation == me else None
        case IntelOperationSettled():
            return _settled(event, me)
        case InfiltrationDecayed():
            return _decayed(event, me)
        case IntelReportCopied() | UniversityTechPointGained():
            return event if event.nation == me else None
        case FactConcealed() | MisinformationPlanted() | MisinformationFed():
            return None  # the GM's edits of the report layer show only in what is published
