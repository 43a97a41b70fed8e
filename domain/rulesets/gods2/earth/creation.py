"""A second period of Creation ([000:218]) and the races created in it, as far as chapter 5 describes them.

"What happens if all of the mortals on Earth die out? Replace the next century with a second period of Creation.
During that time use all rules for Era Aleph, but Heaven and Demesne creation powers may not be used."
`StartCentury` on an empty Earth starts such a century (no growth, no aggressive attacks: the century is
replaced). What chapter 5 says of Era Aleph applies:
- Each race is "created in Era Aleph" and "represented by population units on the Earth map" ([000:13]); its
  attributes are "set by the creation powers" and cannot change once Era Aleph is over ([000:17]); it begins
  with Movement Range 1 and Sea-faring Range 0 ([000:45]); its units stay within the population limits of its
  level and terrain ([000:100]), one race per square ([000:278]); its pantheon sums to 100 ([000:66]).
- History powers belong to Eras Centrum and Omega ([000:128]): gods cannot cast them in a period of Creation.
- Pantheon changes begin "from the end of Era Aleph" ([000:72]): no pantheon orders in a period of Creation.

The creation powers themselves (who creates which race, at what cost, with which attributes) are in the chapter
on Era Aleph, which the text does not include: the referees type the race the gods made (`CreateRace`, with a
reason), checked against everything above. Terrain made by creation powers is the pack's effects, applied with
`ApplyEarthEffect` and a reason. Decision: a period of Creation pays no century-end sources (worship, map
sources): Era Aleph's mana is the missing chapter's; the referee may pay any with `PayManaSource` and a reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import pantheon, stats
from domain.rulesets.gods2.earth.commands import CreateRace
from domain.rulesets.gods2.earth.common import earth_of
from domain.rulesets.gods2.earth.events import RaceCreated
from domain.rulesets.gods2.kernel.common import reject, require_reason
from domain.rulesets.gods2.kernel.content import parse_fraction
from domain.rulesets.gods2.kernel.earth_model import SPECIAL_MEMBERS, Earth, Race
from domain.rulesets.gods2.kernel.model import State


def require_not_creation(earth: Earth, doing: str) -> None:
    if earth.creation:
        raise reject(
            "creation_period",
            f"This century is a second period of Creation under Era Aleph's rules [000:218]: {doing} waits for "
            "the next century.",
            status=409,
        )


def _problems(state: State, earth: Earth, race: Race, placement: dict[str, int]) -> list[str]:
    content = state.pack.earth
    known = {a.id for a in content.attributes}
    problems = [f"unknown attribute {a!r}" for a in race.attributes if a not in known]
    problems += [
        f"worships unknown {m!r}" for m in race.pantheon if m not in SPECIAL_MEMBERS and m not in state.characters
    ]
    problems += pantheon.shares_problems(race.pantheon)
    if sum(placement.values()) <= 0:
        problems.append("a race is represented by population units on the map [000:13]: place at least one")
    for sid, units in sorted(placement.items()):
        square = earth.squares.get(sid)
        if square is None:
            problems.append(f"there is no square {sid!r}")
        elif square.units > 0:
            problems.append(f"square {sid} is already occupied [000:278]")
        elif units > stats.limit(earth, race, square, content):
            problems.append(f"square {sid} holds at most {stats.limit(earth, race, square, content)} units [000:100]")
    return problems


def decide_create_race(state: State, command: CreateRace, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    earth = earth_of(state)
    if not (earth.creation and earth.stage == "activity") and state.era != "aleph":
        raise reject(
            "not_creation",
            "Races are created in Era Aleph or in a second period of Creation only [000:13], [000:218].",
            status=409,
        )
    if command.race in earth.races:
        raise reject("race_exists", f"There is already a race {command.race!r}; give the new race a new id.")
    shares = {m: parse_fraction(p) for m, p in command.pantheon.items()}
    race = Race(
        id=command.race, name=command.name, level=command.level, pantheon=shares, attributes=tuple(command.attributes)
    )
    placement = {s: n for s, n in command.squares.items() if n > 0}
    problems = _problems(state, earth, race, placement)
    if problems:
        raise reject("bad_race", "; ".join(problems))
    return [
        RaceCreated(
            race=race.id,
            name=race.name,
            level=race.level,
            placement=placement,
            pantheon={m: Fraction(p) for m, p in shares.items()},
            reason=command.reason,
            attributes=list(race.attributes),
        )
    ]
