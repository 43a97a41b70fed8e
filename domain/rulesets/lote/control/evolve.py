"""Folding the control events into the state. Total: an event naming what is gone changes nothing."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.rulesets.lote.control.events import (
    ConquestYearsAdvanced,
    ControlEvent,
    DynasticFailureAdvanced,
    DynastyAwarded,
    OccupationEnded,
    PlaceAssimilated,
    PlaceCeded,
    PlaceLiberated,
    PlaceOccupied,
    PlaceRevolted,
    RegionAccreted,
    RegionSeized,
    SatrapyEnded,
    SatrapyGranted,
    SharingRecorded,
    SuccessorStateFounded,
    SuccessorStatesRecorded,
)
from domain.rulesets.lote.model.state import ControlRecords, Failure, Nation, Occupation, State

R = msgspec.structs.replace


def set_status(state: State, place: str, nation: str, status: str | None) -> State:
    """The nation's status in a region or city (None: it holds none there)."""
    if place in state.cities:
        city = state.cities[place]
        statuses = {k: v for k, v in city.statuses.items() if k != nation}
        if status is not None:
            statuses[nation] = status  # type: ignore[assignment]
        return R(state, cities={**state.cities, place: R(city, statuses=statuses)})
    if place in state.regions:
        region = state.regions[place]
        statuses = {k: v for k, v in region.statuses.items() if k != nation}
        if status is not None:
            statuses[nation] = status  # type: ignore[assignment]
        return R(state, regions={**state.regions, place: R(region, statuses=statuses)})
    return state


def _records(state: State, **changes: object) -> State:
    return R(state, control=R(state.control, **changes))


def _drop_garrison(state: State, place: str, nation: str) -> State:
    if place in state.cities:
        city = state.cities[place]
        garrison = {k: v for k, v in city.garrison.items() if k != nation}
        return R(state, cities={**state.cities, place: R(city, garrison=garrison)})
    if place in state.regions:
        region = state.regions[place]
        garrison = {k: v for k, v in region.garrison.items() if k != nation}
        return R(state, regions={**state.regions, place: R(region, garrison=garrison)})
    return state


def _without(records: ControlRecords, place: str) -> dict[str, Occupation]:
    return {k: v for k, v in records.occupations.items() if k != place}


def _occupied(state: State, event: PlaceOccupied) -> State:
    state = set_status(state, event.place, event.owner, "oc")
    state = set_status(state, event.place, event.occupier, event.status)
    held = Occupation(
        owner=event.owner,
        occupier=event.occupier,
        previous=event.previous,
        since_turn=state.turn,
        city=event.place in state.cities,
    )
    return _records(state, occupations={**state.control.occupations, event.place: held})


def _years(state: State, event: ConquestYearsAdvanced) -> State:
    regions = dict(state.regions)
    for name in event.regions:
        if name in regions:
            regions[name] = R(regions[name], years_from_conquest=regions[name].years_from_conquest + event.years)
    return R(state, regions=regions)


def _failure(state: State, nation: str, **changes: object) -> State:
    held = state.dynasty.failures.get(nation)
    if held is None:
        return state
    failures = {**state.dynasty.failures, nation: R(held, **changes)}
    return R(state, dynasty=R(state.dynasty, failures=failures))


def _founded(state: State, event: SuccessorStateFounded) -> State:
    founded = Nation(
        id=event.nation,
        name=event.name,
        culture=event.culture,
        government=event.government,
        geo_zone=event.geo_zone,
        tech_level=event.tech_level,
        religion=event.religion,
        language=event.language,
        societal_base=event.societal_base,
        economic_base=event.economic_base,
        cav_qr=event.cav_qr,
        inf_qr=event.inf_qr,
        warship_qr=event.warship_qr,
        siege_qr=event.siege_qr,
        hbz_origin=event.hbz_origin,
    )
    state = R(state, nations={**state.nations, event.nation: founded})
    founder = state.leaders.get(event.founder)
    if founder is not None:
        king = R(founder, nation=event.nation, type="K", army_no="1", loaned_from=None)
        state = R(state, leaders={**state.leaders, event.founder: king})
    held = state.dynasty.failures.get(event.original)
    successors = (*held.successors, event.nation) if held is not None else ()
    return _failure(state, event.original, successors=successors)


def _accreted(state: State, event: RegionAccreted) -> State:
    for place in (event.place, *event.cities):
        record = state.cities.get(place) or state.regions.get(place)
        status = record.statuses.get(event.original) if record is not None else None
        state = set_status(state, place, event.original, None)
        state = set_status(state, place, event.nation, event.status if place == event.place else status)
    return state


def evolve_control(state: State, event: ControlEvent) -> State:
    match event:
        case PlaceCeded():
            state = set_status(state, event.place, event.nation, None)
            return set_status(state, event.place, event.to, event.status)
        case SatrapyGranted():
            state = set_status(state, event.place, event.nation, "pt")
            return _records(state, satrapies={**state.control.satrapies, event.place: event.nation})
        case SatrapyEnded():
            if event.reverted:
                state = set_status(state, event.place, event.nation, "p")
            return _records(state, satrapies={k: v for k, v in state.control.satrapies.items() if k != event.place})
        case SharingRecorded():
            shares = {k: v for k, v in state.control.shares.items() if k != event.place}
            if event.nations:
                shares[event.place] = event.nations
            return _records(state, shares=shares)
        case PlaceOccupied():
            return _occupied(state, event)
        case PlaceLiberated():
            state = set_status(state, event.place, event.occupier, None)
            state = set_status(state, event.place, event.owner, event.status)
            return _records(state, occupations=_without(state.control, event.place))
        case OccupationEnded():
            state = set_status(state, event.place, event.owner, None)
            return _records(state, occupations=_without(state.control, event.place))
        case PlaceRevolted():
            state = _drop_garrison(set_status(state, event.place, event.nation, None), event.place, event.nation)
            return _records(state, satrapies={k: v for k, v in state.control.satrapies.items() if k != event.place})
        case PlaceAssimilated():
            return set_status(state, event.place, event.nation, event.status)
        case ConquestYearsAdvanced():
            return _years(state, event)
        case SuccessorStatesRecorded():
            successors = {**state.control.successors, event.original: (event.successors, event.seize_turn)}
            return _records(state, successors=successors)
        case RegionSeized():
            state = set_status(state, event.place, event.previous, None)
            return set_status(state, event.place, event.nation, "f")
        case DynasticFailureAdvanced():
            held = state.dynasty.failures.get(event.nation)
            if held is None or event.stage == "leaders":  # a new Dynastic Failure starts a new record
                held = Failure(turn=event.turn)
            failures = {**state.dynasty.failures, event.nation: R(held, stage=event.stage)}
            return R(state, dynasty=R(state.dynasty, failures=failures))
        case SuccessorStateFounded():
            return _founded(state, event)
        case RegionAccreted():
            return _accreted(state, event)
        case DynastyAwarded():
            return _failure(state, event.original, award=event.nation)
        case _:
            assert_never(event)
