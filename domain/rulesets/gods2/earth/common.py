"""Lookups and guards of the Earth decisions; refusal codes are `gods2.<reason>` like the rest of the ruleset."""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth.events import EarthEvent
from domain.rulesets.gods2.earth.evolve import evolve_earth
from domain.rulesets.gods2.kernel.common import me, place_kind, reject
from domain.rulesets.gods2.kernel.earth_model import Earth, Race
from domain.rulesets.gods2.kernel.model import Character, State


def earth_of(state: State) -> Earth:
    if state.earth is None:
        raise reject("no_earth", "This game has no Earth map; the scenario's `earth` section creates one.")
    return state.earth


def race_of(earth: Earth, race_id: str) -> Race:
    race = earth.races.get(race_id)
    if race is None:
        raise reject("unknown_race", f"There is no race {race_id!r}; races: {sorted(earth.races)}.")
    return race


def require_activity(earth: Earth) -> None:
    """[000:204], [000:224] no divine intervention outside a century's Activity phase."""
    if earth.stage != "activity":
        raise reject(
            "not_activity_phase",
            "The Earth is not in a century's Activity phase: characters cannot affect it now [000:204].",
            status=409,
        )


def require_history_era(state: State) -> None:
    """[000:128] history powers (and the Earth map's centuries) belong to Eras Centrum and Omega."""
    if state.era not in ("centrum", "omega"):
        raise reject("wrong_era", "The Earth map's centuries run in Eras Centrum and Omega only [000:128].")


def at_window(state: State, ctx: DecisionContext, doing: str) -> Character:
    """The acting god, standing at the Window on the World ([003:185])."""
    c = me(state, ctx)
    if c.life != "alive" or place_kind(state, c.locale) != "window_on_world":
        raise reject("not_at_window", f"Go to the Window on the World to {doing}.")
    return c


def fold(earth: Earth, events: Sequence[object]) -> Earth:
    """The Earth after these events, so a decision can keep deciding on what it already decided."""
    for e in events:
        if isinstance(e, EarthEvent.__args__):
            earth = evolve_earth(earth, e)
    return earth
