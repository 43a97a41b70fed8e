"""Folding the religion events into the state. Total: an event naming what is gone changes nothing."""

from __future__ import annotations

from typing import Any, assert_never

import msgspec

from domain.rulesets.lote.model.state import State
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
from domain.rulesets.lote.religion.records import Influence, Pending, ReligionRecords

R = msgspec.structs.replace


def _records(state: State, **changes: Any) -> State:
    return R(state, religion=R(state.religion, **changes))


def _nation(state: State, nid: str, **changes: Any) -> State:
    nation = state.nations.get(nid)
    return state if nation is None else R(state, nations={**state.nations, nid: R(nation, **changes)})


def _flags(state: State, nid: str, records: ReligionRecords) -> State:
    """The stat sheet's flags follow the sanctions in force: excommunicated (the nation itself), interdicted (the
    whole nation; an interdict on named regions is the records')."""
    mine = [s for s in records.sanctions.values() if s.nation == nid]
    excommunicated = any(s.kind == "excommunication" and not s.leader for s in mine)
    interdicted = any(s.kind == "interdict" and not s.regions for s in mine)
    return _nation(R(state, religion=records), nid, excommunicated=excommunicated, interdicted=interdicted)


def evolve_religion(state: State, event: ReligionEvent) -> State:
    rec = state.religion
    match event:
        case ReligiousOperationRaised():
            op = event.op
            kept = {k: v for k, v in rec.ops.items() if v.turn >= op.turn - 1}  # this turn's and the last's
            return _records(state, ops={**kept, op.item_id: op})
        case ReligiousOperationSettled():
            ops = dict(rec.ops)
            if event.item_id in ops:
                ops[event.item_id] = R(
                    ops[event.item_id],
                    result=event.result,
                    detection=event.detection,
                    change=event.change,
                    effect=event.effect,
                )
            items = dict(state.adjudications)
            if event.item_id in items:
                items[event.item_id] = R(
                    items[event.item_id], outcome=event.result, overridden=True, reason=event.reason
                )
            return R(_records(state, ops=ops), adjudications=items)
        case ReligiousStrengthChanged():
            if event.risen:
                risen = {**rec.rs_risen, event.nation: event.turn}
                owed = dict(rec.monument_rs)
                if event.cause == "monument" and owed.get(event.nation, 0) > 0:
                    owed[event.nation] -= 1
                state = _records(state, rs_risen=risen, monument_rs={k: v for k, v in owed.items() if v > 0})
            return _nation(state, event.nation, religious_strength=event.strength, roc=event.roc, rob=event.rob)
        case InfluenceChanged():
            key = f"{event.nation}>{event.over}"
            old = rec.influence.get(key)
            maintained = event.turn if event.maintained else (old.maintained_turn if old is not None else 0)
            inf = Influence(
                nation=event.nation,
                religion=event.religion,
                over=event.over,
                level=event.level,
                stage=event.stage,
                maintained_turn=maintained,
            )
            tolerant = rec.tolerant
            if event.tolerant:
                pair = "|".join(sorted((event.religion, event.over)))
                tolerant = tuple(sorted({*tolerant, pair}))
            ripe = tuple(sorted({*rec.ripe, f"{event.over}>{event.religion}"})) if event.ripe else rec.ripe
            return _records(state, influence={**rec.influence, key: inf}, tolerant=tolerant, ripe=ripe)
        case PrimateInfluenceChanged():
            return _nation(state, event.nation, primate_influence=event.level)
        case MinoritiesSet():
            return _records(state, minorities={**rec.minorities, event.place: event.minorities})
        case PlaceConverted():
            if event.place in state.cities:
                city = state.cities[event.place]
                return R(state, cities={**state.cities, event.place: R(city, religion=event.religion)})
            region = state.regions.get(event.place)
            if region is None:
                return state
            return R(state, regions={**state.regions, event.place: R(region, religion=event.religion)})
        case LeaderConverted():
            return _records(state, leaders={**rec.leaders, event.leader: event.religion})
        case SanctionLaid():
            sanctions = {**rec.sanctions, event.key: event.sanction}
            counts = dict(rec.excommunications)
            if event.sanction.kind == "excommunication" and not event.sanction.leader:
                counts[event.sanction.nation] = counts.get(event.sanction.nation, 0) + 1
            return _flags(state, event.sanction.nation, R(rec, sanctions=sanctions, excommunications=counts))
        case SanctionLifted():
            sanctions = {k: v for k, v in rec.sanctions.items() if k != event.key}
            return _flags(state, event.nation, R(rec, sanctions=sanctions))
        case SanctionChecked():
            found = rec.sanctions.get(event.key)
            if found is None:
                return state
            return _records(state, sanctions={**rec.sanctions, event.key: R(found, checked_turn=event.turn)})
        case NationConverted():
            return _nation(state, event.nation, religion=event.religion)
        case ReligiousCheckPending():
            live = {k: v for k, v in rec.pending.items() if k in state.adjudications}
            pending = Pending(cause=event.cause, nation=event.nation, religion=event.religion)
            return _records(state, pending={**live, event.item_id: pending})
        case MonumentCompleted():
            owed = {**rec.monument_rs, event.nation: rec.monument_rs.get(event.nation, 0) + event.points}
            return _records(state, monument_rs=owed)
        case _:
            assert_never(event)
