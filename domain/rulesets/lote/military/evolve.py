"""Folding the battle events into the state. Total: an event naming what is gone changes nothing."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.rulesets.lote.military.events import (
    BattleJoined,
    BattleResolved,
    CapitalDestroyed,
    GarrisonDropped,
    MilitaryEvent,
    TreasuryCaptured,
)
from domain.rulesets.lote.model.state import State

R = msgspec.structs.replace


def _drop(state: State, event: GarrisonDropped) -> State:
    """The units leave the army and join the nation's garrison of the place."""
    leader = state.leaders.get(event.army)
    if leader is None:
        return state
    units = {u: n - event.units.get(u, 0) for u, n in leader.units.items()}
    state = R(state, leaders={**state.leaders, event.army: R(leader, units={u: n for u, n in units.items() if n > 0})})
    record = state.cities.get(event.place) or state.regions.get(event.place)
    if record is None:
        return state
    mine = dict(record.garrison.get(event.nation, {}))
    for unit, n in event.units.items():
        mine[unit] = mine.get(unit, 0) + n
    placed = R(record, garrison={**record.garrison, event.nation: mine})
    if event.place in state.cities:
        return R(state, cities={**state.cities, event.place: placed})
    return R(state, regions={**state.regions, event.place: placed})


def evolve_military(state: State, event: MilitaryEvent) -> State:
    match event:
        case BattleJoined():
            return R(state, battles={**state.battles, event.battle.battle_id: event.battle})
        case BattleResolved():
            battle = state.battles.get(event.battle_id)
            if battle is None:
                return state
            return R(state, battles={**state.battles, event.battle_id: R(battle, result=event.result)})
        case GarrisonDropped():
            return _drop(state, event)
        case TreasuryCaptured():
            loser, captor = state.nations.get(event.nation), state.nations.get(event.captor)
            if loser is None or captor is None:
                return state
            nations = {**state.nations, event.nation: R(loser, gp=loser.gp - event.gp)}
            nations[event.captor] = R(nations[event.captor], gp=nations[event.captor].gp + event.gp)
            return R(state, nations=nations)
        case CapitalDestroyed():
            nation = state.nations.get(event.nation)
            if nation is None:
                return state
            kept = R(
                nation,
                bl=event.bl,
                infra=event.infra,
                oc=event.oc,
                ob=event.ob,
                ac=event.ac,
                ab=event.ab,
                roc=event.roc,
                rob=event.rob,
            )
            return R(state, nations={**state.nations, event.nation: kept})
        case _:
            assert_never(event)
