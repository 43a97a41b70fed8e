"""Settling a hostile Travel ([002:69]): shared by the sealed-bid resolution and the GM's ruling."""

from __future__ import annotations

from domain.rulesets.second_era.events import TravelResolved
from domain.rulesets.second_era.magic import habitable
from domain.rulesets.second_era.state import HostileTravel, State


def travel_outcome(state: State, travel: HostileTravel, succeeded: bool, reason: str = "") -> TravelResolved:
    """On success the target is sent to the Land named, if that Land is still free and its race can live there
    (chosen reading: a Travel never lands a tribe on another)."""
    target = state.tribes.get(travel.target)
    fits = target is not None and state.tribe_on(travel.to_land) is None and habitable(state, target, travel.to_land)
    return TravelResolved(
        travel=travel.id,
        target=travel.target,
        to_land=travel.to_land,
        caster_bid=travel.bid,
        target_bid=travel.counter_bid or 0,
        succeeded=succeeded and fits,
        reason=reason if fits or not succeeded else "the Land was not free for the tribe",
    )
