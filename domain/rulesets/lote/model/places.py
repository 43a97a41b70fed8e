"""Where a place lies on the map: one answer for every rule area (a city stands in its region)."""

from __future__ import annotations

from domain.rulesets.lote.model.state import State


def region_of(state: State, place: str | None) -> str | None:
    """The region (or sea zone) of a place: a city's region, a region or sea zone itself; None for anything else."""
    if place is None:
        return None
    if place in state.cities:
        return state.cities[place].region
    return place if place in state.regions or place in state.sea_zones else None


def region_or_place(state: State, place: str) -> str:
    """A city's region, or the place itself (a region, a sea zone, or a name the scenario does not know)."""
    city = state.cities.get(place)
    return city.region if city is not None else place
