"""Cities ([000:110-118]): founding under the six-squares rule, and the loss of Civilization with every
knowledge that needs it when the last city falls."""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import stats
from domain.rulesets.gods2.earth.commands import FoundCity
from domain.rulesets.gods2.earth.common import earth_of, race_of
from domain.rulesets.gods2.earth.events import CityFounded, CivilizationLost
from domain.rulesets.gods2.kernel.common import reject, require_reason
from domain.rulesets.gods2.kernel.earth_content import EarthContent
from domain.rulesets.gods2.kernel.earth_model import Earth
from domain.rulesets.gods2.kernel.model import State


def city_problems(earth: Earth, race_id: str, content: EarthContent) -> str | None:
    race = earth.races[race_id]
    if race.level != "civilized" or content.civilization not in race.knowledges:
        return "cities exist only among civilized races that know Civilization [000:110]"
    small, great = stats.cities(earth, race_id)
    held = len(stats.squares_of(earth, race_id))
    # [000:112] six inhabited squares per existing city (great cities count too: digest reading 6).
    if small + great > 0 and held < 6 * (small + great):
        return f"the race inhabits {held} squares and needs {6 * (small + great)} for another city [000:112]"
    if not [s for s in stats.squares_of(earth, race_id) if s.city is None]:
        return "every square of the race already has a city"
    return None


def decide_found_city(state: State, command: FoundCity, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    earth = earth_of(state)
    race = race_of(earth, command.race)
    problem = city_problems(earth, race.id, state.pack.earth)
    if problem is not None:
        raise reject("no_city_allowed", problem)
    open_squares = [s for s in stats.squares_of(earth, race.id) if s.city is None]
    most = max(s.units for s in open_squares)
    # [000:112] the most populous square without a city; a tie goes to the referee (nearest the "center").
    tied = sorted(s.id for s in open_squares if s.units == most)
    if len(tied) > 1 and command.square not in tied:
        raise reject("choose_city_square", f"Squares {tied} tie; name the one nearest the centre in `square`.")
    square = tied[0] if len(tied) == 1 else command.square
    assert square is not None
    if command.square is not None and command.square != square:
        raise reject("wrong_city_square", f"A new city goes in {square}, the race's most populous square [000:112].")
    return [CityFounded(race=race.id, square=square, name=command.name, great=command.great)]


def needing(content: EarthContent, knowledge: str, known: Sequence[str]) -> list[str]:
    """Every known knowledge that needs `knowledge`, directly or through others (digest reading 7)."""
    prerequisites = {k.id: set(k.prerequisites) for k in content.knowledges}
    lost = {knowledge}
    changed = True
    while changed:
        changed = False
        for k in known:
            if k not in lost and prerequisites.get(k, set()) & lost:
                lost.add(k)
                changed = True
    return [k for k in known if k in lost]


def civilization_losses(before: Earth, after: Earth, content: EarthContent) -> list[CivilizationLost]:
    """[000:118] a race that held cities and holds none now loses Civilization and reverts to barbarism."""
    out = []
    for race_id, race in after.races.items():
        if sum(stats.cities(before, race_id)) > 0 and sum(stats.cities(after, race_id)) == 0:
            if content.civilization in race.knowledges:
                out.append(
                    CivilizationLost(race=race_id, knowledges=needing(content, content.civilization, race.knowledges))
                )
    return out
