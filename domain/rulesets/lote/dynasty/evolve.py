"""Folding the dynasty events into the state. Total: an event naming what is gone changes nothing."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.rulesets.lote.dynasty.events import (
    ChildBorn,
    ChildPromoted,
    DynastyEvent,
    MarriedAbroad,
    MarriedToAlly,
    PrinceDemoted,
)
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.scenario import FamilyMember

R = msgspec.structs.replace
SONS = frozenset({"m", "M", "male"})


def _is(f: FamilyMember, nation: str, name: str) -> bool:
    return f.nation == nation and f.name == name and not f.married_to_nation


def _garrison(state: State, place: str | None, nation: str, units: dict[str, int]) -> State:
    record = state.cities.get(place or "") or state.regions.get(place or "")
    if record is None or place is None or not units:
        return state
    mine = dict(record.garrison.get(nation, {}))
    for unit, n in units.items():
        mine[unit] = mine.get(unit, 0) + n
    changed = R(record, garrison={**record.garrison, nation: mine})
    if place in state.cities:
        return R(state, cities={**state.cities, place: changed})
    return R(state, regions={**state.regions, place: changed})


def _abroad(state: State, event: MarriedAbroad) -> State:
    child = next((f for f in state.royal_family if _is(f, event.nation, event.child)), None)
    if child is None:
        return state
    family = [f for f in state.royal_family if f is not child]
    if child.gender not in SONS:  # a princess stays on her family's list, married ([L5188-5192])
        family.append(R(child, spouse=event.partner, married_to_nation=event.to))
    note = f"married from {event.nation}"
    family.append(R(child, nation=event.to, spouse=event.partner, married_to_nation="", notes=note, parent=""))
    return R(state, royal_family=family)


def evolve_dynasty(state: State, event: DynastyEvent) -> State:
    match event:
        case ChildBorn():
            return R(state, royal_family=[*state.royal_family, event.child])
        case ChildPromoted():
            family = [f for f in state.royal_family if not _is(f, event.nation, event.child)]
            return R(state, royal_family=family, leaders={**state.leaders, event.leader_id: event.leader})
        case PrinceDemoted():
            state = _garrison(state, event.left_at, event.nation, event.units)
            return R(state, leaders={k: v for k, v in state.leaders.items() if k != event.leader_id})
        case MarriedToAlly():
            ally = state.leaders.get(event.ally)
            spouse = ally.name if ally is not None else event.ally
            family = [R(f, spouse=spouse) if _is(f, event.nation, event.child) else f for f in state.royal_family]
            return R(state, royal_family=family)
        case MarriedAbroad():
            return _abroad(state, event)
        case _:
            assert_never(event)
