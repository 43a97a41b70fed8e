"""Folding the pillage, fleet and Feudal Ally events into the state. Total: an event naming what is gone changes
nothing."""

from __future__ import annotations

from typing import Any, assert_never

import msgspec

from domain.rulesets.lote.military.pillage_events import (
    CityBurned,
    CityDestroyed,
    CityEvacuated,
    CitySacked,
    FeudalAllyReturned,
    FleetLost,
    MilitaryConversionBegun,
    PillageEvent,
    PopulationEnslaved,
    RegionConverted,
    RegionLooted,
    TerrainReverted,
)
from domain.rulesets.lote.model.state import State

R = msgspec.structs.replace


def _nation(state: State, nid: str, **changes: Any) -> State:
    nation = state.nations.get(nid)
    if nation is None:
        return state
    return R(state, nations={**state.nations, nid: R(nation, **changes)})


def _region(state: State, name: str, **changes: Any) -> State:
    region = state.regions.get(name)
    if region is None:
        return state
    return R(state, regions={**state.regions, name: R(region, **changes)})


def _city(state: State, name: str, **changes: Any) -> State:
    city = state.cities.get(name)
    if city is None:
        return state
    return R(state, cities={**state.cities, name: R(city, **changes)})


def _gain(state: State, nid: str, gp: object = None, sfp: object = None) -> State:
    nation = state.nations.get(nid)
    if nation is None:
        return state
    changes: dict[str, Any] = {}
    if gp is not None:
        changes["gp"] = nation.gp + gp  # type: ignore[operator]
    if sfp is not None:
        changes["slave_nfp"] = nation.slave_nfp + sfp  # type: ignore[operator]
    return _nation(state, nid, **changes)


def _destroy_city(state: State, event: CityDestroyed) -> State:
    if event.city not in state.cities:
        return state
    cities = {k: v for k, v in state.cities.items() if k != event.city}
    leaders = {k: (R(x, location=event.region) if x.location == event.city else x) for k, x in state.leaders.items()}
    nations = {
        k: R(
            n,
            capital=None if n.capital == event.city else n.capital,
            treasury=None if n.treasury == event.city else n.treasury,
        )
        for k, n in state.nations.items()
    }
    return R(state, cities=cities, leaders=leaders, nations=nations)


def evolve_pillage(state: State, event: PillageEvent) -> State:
    match event:
        case RegionLooted():
            state = _region(_gain(state, event.nation, gp=event.gp), event.region, pwb=0)
            return R(state, looted={**state.looted, event.region: event.turn})
        case TerrainReverted():
            return _region(state, event.region, terrain=event.terrain)
        case CitySacked():
            city = state.cities.get(event.city)
            state = _gain(state, event.nation, gp=event.gp)
            if city is None:
                return state
            return _city(state, event.city, gpv=city.gpv - event.gpv_lost, pwb=0, sacked=True)
        case CityBurned():
            city = state.cities.get(event.city)
            if city is None:
                return state
            return _city(state, event.city, gpv=city.gpv - event.gpv_lost, pwb=event.pwb_left)
        case CityDestroyed():
            return _destroy_city(state, event)
        case PopulationEnslaved():
            state = _gain(state, event.nation, sfp=event.sfp)
            if event.place in state.cities:
                return _city(state, event.place, gpv=state.cities[event.place].gpv - event.gpv_lost)
            region = state.regions.get(event.place)
            if region is None:
                return state
            return _region(state, event.place, gpv=region.gpv - event.gpv_lost, depopulated=True)
        case CityEvacuated():
            nation = state.nations.get(event.nation)
            if nation is not None:
                state = _nation(
                    state,
                    event.nation,
                    refugee_gp=nation.refugee_gp + event.gp,
                    refugee_nfp=nation.refugee_nfp + event.nfp,
                )
            city = state.cities.get(event.city)
            return state if city is None else _city(state, event.city, gpv=city.gpv - event.gpv_lost)
        case MilitaryConversionBegun():
            return state  # the revolt and its outcome are the GM's item
        case RegionConverted():
            if event.region in state.cities:
                return _city(state, event.region, religion=event.religion)
            return _region(state, event.region, religion=event.religion)
        case FleetLost():
            leader = state.leaders.get(event.army)
            if leader is None:
                return state
            return R(state, leaders={**state.leaders, event.army: R(leader, units={})})
        case FeudalAllyReturned():
            leader = state.leaders.get(event.army)
            if leader is None:
                return state
            return R(state, leaders={**state.leaders, event.army: R(leader, location=event.home)})
        case _:
            assert_never(event)
