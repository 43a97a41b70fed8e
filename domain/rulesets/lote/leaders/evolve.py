"""Folding the leader events into the state. Total: an event naming what is gone changes nothing."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.rulesets.lote.leaders.events import (
    ArmyStatusChanged,
    DynasticFailureBegan,
    GarrisonRevolted,
    LeaderDied,
    LeaderEvent,
    LeaderGenerated,
    LeaderPromoted,
    LeadersAged,
)
from domain.rulesets.lote.model.state import State

R = msgspec.structs.replace


def _garrison(garrison: dict[str, dict[str, int]], nation: str, units: dict[str, int]) -> dict[str, dict[str, int]]:
    mine = dict(garrison.get(nation, {}))
    for unit, n in units.items():
        mine[unit] = mine.get(unit, 0) + n
    return {**garrison, nation: {u: n for u, n in mine.items() if n > 0}}


def _left_behind(state: State, event: LeaderDied) -> State:
    place = event.left_at
    if place is None or not event.units:
        return state
    if place in state.cities:
        city = state.cities[place]
        garrison = _garrison(city.garrison, event.nation, event.units)
        return R(state, cities={**state.cities, place: R(city, garrison=garrison)})
    if place in state.regions:
        region = state.regions[place]
        garrison = _garrison(region.garrison, event.nation, event.units)
        return R(state, regions={**state.regions, place: R(region, garrison=garrison)})
    return state


def _revolt(state: State, event: GarrisonRevolted) -> State:
    """The nation's garrison there is destroyed and its status there gone."""
    nation = event.nation
    if event.city and event.place in state.cities:
        city = state.cities[event.place]
        garrison = {k: v for k, v in city.garrison.items() if k != nation}
        statuses = {k: v for k, v in city.statuses.items() if k != nation}
        return R(state, cities={**state.cities, event.place: R(city, garrison=garrison, statuses=statuses)})
    if not event.city and event.place in state.regions:
        region = state.regions[event.place]
        garrison = {k: v for k, v in region.garrison.items() if k != nation}
        statuses = {k: v for k, v in region.statuses.items() if k != nation}
        return R(state, regions={**state.regions, event.place: R(region, garrison=garrison, statuses=statuses)})
    return state


def evolve_leaders(state: State, event: LeaderEvent) -> State:
    match event:
        case LeaderGenerated():
            return R(state, leaders={**state.leaders, event.leader_id: event.leader})
        case LeaderDied():
            state = _left_behind(state, event)
            return R(state, leaders={k: v for k, v in state.leaders.items() if k != event.leader_id})
        case LeaderPromoted():
            leader = state.leaders.get(event.leader_id)
            if leader is None:
                return state
            promoted = R(leader, type=event.leader_type, army_no=event.army_no)
            return R(state, leaders={**state.leaders, event.leader_id: promoted})
        case LeadersAged():
            leaders = {k: R(v, age=v.age + event.years) for k, v in state.leaders.items()}
            family = [R(f, age=f.age + event.years) for f in state.royal_family]
            return R(state, leaders=leaders, royal_family=family)
        case ArmyStatusChanged():
            leader = state.leaders.get(event.leader_id)
            if leader is None:
                return state
            marks = state.battle_statuses - {event.leader_id}
            if event.battle:
                marks |= {event.leader_id}
            leaders = {**state.leaders, event.leader_id: R(leader, status=event.status)}
            return R(state, leaders=leaders, battle_statuses=marks)
        case GarrisonRevolted():
            return _revolt(state, event)
        case DynasticFailureBegan():
            nation = state.nations.get(event.nation)
            if nation is None:
                return state
            return R(state, nations={**state.nations, event.nation: R(nation, dynastic_failure_turn=event.turn)})
        case _:
            assert_never(event)
