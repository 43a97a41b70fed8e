"""Who sees what of religion (digest §1.6; [L3050-3061]).

- The GM sees everything.
- Religious operations are secret to their targets unless detected: the operator sees its own, without the dice
  and without the target's Religious Strength; of the detection it learns only that it was `blown` (public). The
  target sees an operation once the GM ruled it noticed, detected or blown (its code, target, place, result), the
  operator's name only when detected or blown; nothing naming the operator's records (item id, line, points).
  Others learn a `blown` operation from the Newsfax only. What an operation did to the target (its RS, a place's
  converts, a converted leader) the target sees as a change of its own sheet, places or leaders.
- A place's minorities and conversion: the nations holding it, and the nation whose converts, colony or Military
  Conversion they are; a holder is not told which nation's converts they are ([L7634-7643] the conversion is a
  leader's action in the field, not a public act).
- Excommunications, interdicts and a nation's conversion are public acts (without the GM's reasons); the Newsfax
  prints them. Influence is its operator's; two religions reconciled are public (the Newsfax prints it).
- Religious Strength, ROC, ROB and a monument's owed RS stay on the nation's own sheet; the pending effects of
  the GM's items are his.
"""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.rulesets.lote.religion.events import (
    InfluenceChanged,
    LeaderConverted,
    MinoritiesSet,
    MonumentCompleted,
    NationConverted,
    PlaceConverted,
    PrimateInfluenceChanged,
    ReligionEvent,
    ReligiousCheckPending,
    ReligiousOperationRaised,
    ReligiousOperationSettled,
    ReligiousStrengthChanged,
    SanctionChecked,
    SanctionLaid,
    SanctionLifted,
)
from domain.rulesets.lote.religion.records import Minority, ReligionRecords, RelOp

R = msgspec.structs.replace
SEEN_BY_TARGET = frozenset({"noticed", "detected", "blown"})


def own_op(op: RelOp) -> RelOp:
    """The operator's view of its own operation."""
    return R(op, rolls=(), target_rs=None, detection=op.detection if op.detection == "blown" else "")


def target_op(op: RelOp, key: str) -> RelOp:
    """What the target of a detected operation learns of it."""
    named = op.detection in ("detected", "blown")
    return RelOp(
        item_id=key,
        turn=op.turn,
        nation=op.nation if named else "",
        line="",
        code=op.code,
        bonus=0,
        odds=op.odds,
        religion=op.religion if named else "",
        target_nation=op.target_nation,
        target=op.target,
        location=op.location,
        result=op.result,
        detection=op.detection,
        change=op.change,
    )


def _seen_minorities(found: tuple[Minority, ...], me: str | None) -> tuple[Minority, ...]:
    return tuple(m if m.nation == me else R(m, nation="") for m in found)


def seat_records(records: ReligionRecords, me: str | None, held: set[str], leaders: set[str]) -> ReligionRecords:
    """The records a seat sees; `held` are the places it holds (any status it sees), `leaders` its leaders."""
    mine = {k: own_op(v) for k, v in records.ops.items() if v.nation == me}
    against = sorted(
        (v for v in records.ops.values() if v.target_nation == me and v.nation != me and v.detection in SEEN_BY_TARGET),
        key=lambda v: (v.turn, v.code, v.target, v.result, v.detection),
    )
    seen = {f"t{v.turn}-against-{i}": target_op(v, f"t{v.turn}-against-{i}") for i, v in enumerate(against, 1)}
    return ReligionRecords(
        ops={**mine, **seen},
        minorities={
            place: _seen_minorities(found, me)
            for place, found in records.minorities.items()
            if place in held or any(m.nation == me for m in found)
        },
        influence={k: v for k, v in records.influence.items() if v.nation == me},
        tolerant=records.tolerant,
        ripe=tuple(
            r
            for r in records.ripe
            if any(f"{i.over}>{i.religion}" == r for i in records.influence.values() if i.nation == me)
        ),
        sanctions=dict(records.sanctions),
        leaders={k: v for k, v in records.leaders.items() if k in leaders},
        rs_risen={k: v for k, v in records.rs_risen.items() if k == me},
        monument_rs={k: v for k, v in records.monument_rs.items() if k == me},
    )


def redact_religion(event: ReligionEvent, me: str | None) -> ReligionEvent | None:
    match event:
        case ReligiousOperationRaised():
            return R(event, op=own_op(event.op)) if event.op.nation == me else None
        case ReligiousOperationSettled():
            if event.nation == me:
                return R(event, reason="", detection=event.detection if event.detection == "blown" else "")
            if event.target_nation == me and event.detection in SEEN_BY_TARGET:
                named = event.detection in ("detected", "blown")
                return ReligiousOperationSettled(
                    item_id="",
                    turn=event.turn,
                    nation=event.nation if named else "",
                    code=event.code,
                    result=event.result,
                    detection=event.detection,
                    reason="",
                    target_nation=event.target_nation,
                    target=event.target,
                    location=event.location,
                    change=event.change,
                )
            return None
        case ReligiousStrengthChanged() | PrimateInfluenceChanged():
            return R(event, cause="") if event.nation == me else None
        case MonumentCompleted() | SanctionChecked():
            return event if event.nation == me else None
        case InfluenceChanged():
            return event if event.nation == me else None
        case MinoritiesSet():
            involved = me in event.holders or any(m.nation == me for m in event.minorities)
            if not involved:
                return None
            return R(event, cause="", minorities=_seen_minorities(event.minorities, me))
        case PlaceConverted():
            if event.nation != me and me not in event.holders:
                return None
            quiet = event.how in ("diplomatic", "missionaries") and event.nation != me  # who converted it stays his
            return R(event, reason="", nation="" if quiet else event.nation)
        case LeaderConverted():
            if me == event.by:
                return R(event, cause="")
            return R(event, cause="", by="") if me == event.nation else None
        case SanctionLaid() | SanctionLifted() | NationConverted():
            return R(event, reason="")
        case ReligiousCheckPending():
            return None
        case _:
            assert_never(event)
