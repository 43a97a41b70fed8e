"""Folding the dynasty events into the state. Total: an event naming what is gone changes nothing."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.rulesets.lote.dynasty.events import (
    ChildBorn,
    ChildPromoted,
    CrownSeized,
    DynastyEvent,
    FamilyLeft,
    LeaderRebelled,
    LeaderWounded,
    MarriedAbroad,
    MarriedToAlly,
    PrinceDemoted,
    RegencyBegan,
    RegencyEnded,
    RegentAppointed,
    SpyLost,
    SpyRecruited,
)
from domain.rulesets.lote.model.state import DynastyRecords, Regency, Spy, State, Wound
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


def _records(state: State, **changes: object) -> State:
    return R(state, dynasty=R(state.dynasty, **changes))


def _without_leader(state: State, leader_id: str, place: str | None, units: dict[str, int], nation: str) -> State:
    """The leader leaves the leaders (and any spy record); the troops he leaves behind garrison `place`."""
    state = _garrison(state, place, nation, units)
    spies = {k: v for k, v in state.dynasty.spies.items() if k != leader_id}
    state = _records(state, spies=spies)
    return R(state, leaders={k: v for k, v in state.leaders.items() if k != leader_id})


def _family_spy(records: DynastyRecords, nation: str, child: str, leader_id: str) -> dict[str, Spy]:
    """A turned royal child who becomes a leader: his spy record follows him to his leader id."""
    key = f"family:{nation}:{child}"
    spies = dict(records.spies)
    if key in spies:
        spies[leader_id] = R(spies.pop(key), subject=leader_id)
    return spies


def _appointed(state: State, event: RegentAppointed) -> State:
    if event.leader is not None:
        family = [f for f in state.royal_family if not _is(f, event.nation, event.family_member)]
        state = R(state, royal_family=family, leaders={**state.leaders, event.regent: event.leader})
    elif event.regent in state.leaders:
        leader = R(state.leaders[event.regent], type="E")
        state = R(state, leaders={**state.leaders, event.regent: leader})
    regency = state.dynasty.regencies.get(event.nation) or Regency(king=event.king, since_turn=state.turn)
    regencies = {**state.dynasty.regencies, event.nation: R(regency, regent=event.regent, was=event.was)}
    return _records(state, regencies=regencies)


def _ended(state: State, event: RegencyEnded) -> State:
    regencies = {k: v for k, v in state.dynasty.regencies.items() if k != event.nation}
    state = _records(state, regencies=regencies)
    regent = state.leaders.get(event.regent or "")
    if regent is None or event.regent is None:
        return state
    if event.becomes is not None:
        return R(state, leaders={**state.leaders, event.regent: R(regent, type=event.becomes)})
    return _without_leader(state, event.regent, event.left_at, event.units, event.nation)


def _spy_events(state: State, event: SpyRecruited | SpyLost | CrownSeized) -> State:
    spies = dict(state.dynasty.spies)
    match event:
        case SpyRecruited():
            spies[event.subject] = Spy(
                subject=event.subject,
                victim=event.victim,
                master=event.master,
                via=event.via,
                since_turn=state.turn,
                family=event.family,
            )
        case SpyLost():
            spies.pop(event.subject, None)
        case CrownSeized():
            if event.king in spies:
                spies[event.king] = R(spies[event.king], seized=True)
    return _records(state, spies=spies)


def evolve_dynasty(state: State, event: DynastyEvent) -> State:
    match event:
        case ChildBorn():
            return R(state, royal_family=[*state.royal_family, event.child])
        case ChildPromoted():
            family = [f for f in state.royal_family if not _is(f, event.nation, event.child)]
            state = _records(state, spies=_family_spy(state.dynasty, event.nation, event.child, event.leader_id))
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
        case FamilyLeft():
            gone = set(event.names)
            family = [f for f in state.royal_family if not (f.name in gone and _is(f, event.nation, f.name))]
            return R(state, royal_family=family)
        case RegencyBegan():
            regency = Regency(king=event.king, since_turn=state.turn)
            return _records(state, regencies={**state.dynasty.regencies, event.nation: regency})
        case RegentAppointed():
            return _appointed(state, event)
        case RegencyEnded():
            return _ended(state, event)
        case LeaderWounded():
            wounded = {k: v for k, v in state.dynasty.wounded.items() if v.turn >= event.turn - 1}
            return _records(state, wounded={**wounded, event.leader_id: Wound(turn=event.turn, cause=event.cause)})
        case LeaderRebelled():
            return _without_leader(state, event.leader_id, event.left_at, event.left, event.nation)
        case SpyRecruited() | SpyLost() | CrownSeized():
            return _spy_events(state, event)
        case _:
            assert_never(event)
