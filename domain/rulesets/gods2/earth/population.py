"""Growth, bordering squares and the placement the engine proposes by cultural level ([000:45-61],
[000:100-107], [000:236-238]). The referees may change the placement with `PlacePopulation` ([000:228]
"realistic"), which `valid_placement` checks.
"""

from __future__ import annotations

from collections import deque
from math import ceil

from domain.rulesets.gods2.earth import stats
from domain.rulesets.gods2.kernel.earth_content import EarthContent
from domain.rulesets.gods2.kernel.earth_model import Earth, Race


def growth(base_units: int, percent: int = 25) -> int:
    """# [000:236] 25% of the population without the cities' bonus, modified by the race; fractions round up."""
    return max(0, ceil(base_units * percent / 100)) if base_units > 0 else 0


def bordering(earth: Earth, race: Race, content: EarthContent) -> list[str]:
    """Every square the race can reach ([000:47]): from any square it holds, land and ice steps spend Movement
    Range, water steps Sea-faring Range, combined along one path ([000:45]). Nearest first (then by id)."""
    land, sea = stats.movement(earth, race, content), stats.seafaring(earth, race, content)
    start = sorted(s.id for s in stats.squares_of(earth, race.id))
    best: dict[str, tuple[int, int]] = {s: (land, sea) for s in start}
    order: list[str] = list(start)
    queue: deque[tuple[str, int, int]] = deque((s, land, sea) for s in start)
    while queue:
        at, land_left, sea_left = queue.popleft()
        for nxt in sorted(earth.squares[at].neighbours):
            water = earth.squares[nxt].terrain == "water"
            left = (land_left, sea_left - 1) if water else (land_left - 1, sea_left)
            if min(left) < 0:
                continue
            seen = best.get(nxt)
            if seen is not None and seen[0] >= left[0] and seen[1] >= left[1]:
                continue
            if seen is None:
                order.append(nxt)
            best[nxt] = left if seen is None else (max(seen[0], left[0]), max(seen[1], left[1]))
            queue.append((nxt, *left))
    return order


def bordering_races(earth: Earth, race: Race, content: EarthContent) -> list[str]:
    """[000:47] foreign races with units in the bordering squares are in contact."""
    found = {earth.squares[s].race for s in bordering(earth, race, content)}
    return sorted(r for r in found if r is not None and r != race.id and stats.base_population(earth, r) > 0)


def free_squares(earth: Earth, race: Race, content: EarthContent) -> list[str]:
    """Unoccupied bordering squares the race could live in, nearest first."""
    return [
        s
        for s in bordering(earth, race, content)
        if (earth.squares[s].race is None or earth.squares[s].units == 0)
        and stats.limit(earth, race, earth.squares[s], content) > 0
    ]


def _distance_from(earth: Earth, target: str) -> dict[str, int]:
    dist = {target: 0}
    queue = deque([target])
    while queue:
        at = queue.popleft()
        for nxt in earth.squares[at].neighbours:
            if nxt not in dist:
                dist[nxt] = dist[at] + 1
                queue.append(nxt)
    return dist


def propose_placement(earth: Earth, race: Race, content: EarthContent, new: int) -> tuple[dict[str, int], int]:
    """Where `new` units go, and how many starve ([000:107]), by cultural level ([000:57-61]):

    - primitive: spread to the maximum extent, into free squares first;
    - barbarian: half (rounded up, digest reading 5) spread, half stay in occupied squares up to their limits,
      any excess spreads too;
    - civilized: occupied squares while there is room, then the overflow spreads.

    A migrating race ([000:236]) moves towards its target instead: a primitive race moves whole, a barbarian
    race leaves one unit in each square it held, a civilized race moves only its new units ([000:57-61]).
    Units over a limit starve.
    """
    held = {s.id: s.units for s in stats.squares_of(earth, race.id)}
    limits = {sid: stats.limit(earth, race, earth.squares[sid], content) for sid in earth.squares}
    free = free_squares(earth, race, content)
    if race.migration is not None and race.migration in earth.squares:
        return _migrate(earth, race, held, limits, free, new)
    starved = sum(max(0, units - limits[sid]) for sid, units in held.items())
    dist_out = {sid: min(units, limits[sid]) for sid, units in held.items()}
    occupied = sorted(held)
    if race.level == "primitive":
        rest = _fill(dist_out, limits, occupied, _fill(dist_out, limits, free, new))
    elif race.level == "barbarian":
        spread = ceil(new / 2)
        rest = _fill(dist_out, limits, free, spread) + _fill(dist_out, limits, occupied, new - spread)
        rest = _fill(dist_out, limits, free, _fill(dist_out, limits, occupied, rest))
    else:
        rest = _fill(dist_out, limits, free, _fill(dist_out, limits, occupied, new))
    return {k: v for k, v in dist_out.items() if v > 0}, starved + rest


def _fill(dist_out: dict[str, int], limits: dict[str, int], squares: list[str], count: int) -> int:
    """Put up to `count` units into `squares` in order, up to their limits; return what did not fit."""
    for sid in squares:
        put = min(limits[sid] - dist_out.get(sid, 0), count)
        if put > 0:
            dist_out[sid] = dist_out.get(sid, 0) + put
            count -= put
    return count


def _migrate(
    earth: Earth, race: Race, held: dict[str, int], limits: dict[str, int], free: list[str], new: int
) -> tuple[dict[str, int], int]:
    assert race.migration is not None
    dist = _distance_from(earth, race.migration)
    nearest = sorted([*free, *held], key=lambda s: (dist.get(s, len(earth.squares)), s))
    if race.level == "primitive":
        stay: dict[str, int] = {}
        moving = sum(held.values()) + new
    elif race.level == "barbarian":
        stay = dict.fromkeys(held, 1)
        moving = sum(held.values()) - len(held) + new
    else:
        stay = {sid: min(units, limits[sid]) for sid, units in held.items()}
        moving = new + sum(max(0, units - limits[sid]) for sid, units in held.items())
    rest = _fill(stay, limits, nearest, moving)
    return {k: v for k, v in stay.items() if v > 0}, rest


def placement_problems(earth: Earth, race: Race, content: EarthContent, placement: dict[str, int]) -> list[str]:
    """What makes a referee's placement break the rules: squares out of reach ([000:238]) or held by another race
    ([000:278]), over their limits ([000:100]), a changed number of units, old units moved by a race that may not
    move them ([000:59-61]), or an emptied city square ([000:114]). Primitive races are migratory hunter-gatherers
    ([000:57]): the referees may move their units freely within the borders (chosen reading)."""
    problems: list[str] = []
    reach = set(bordering(earth, race, content))
    held = {s.id: s.units for s in stats.squares_of(earth, race.id)}
    for sid, units in placement.items():
        square = earth.squares.get(sid)
        if square is None:
            problems.append(f"there is no square {sid}")
            continue
        if units < 0:
            problems.append(f"{sid}: units are never negative")
        if sid not in reach:
            problems.append(f"{sid} does not border the race")
        if square.race not in (None, race.id) and square.units > 0:
            problems.append(f"{sid} is occupied by {square.race}")
        if units > stats.limit(earth, race, square, content):
            problems.append(f"{sid} holds more than its population limit")
    if sum(placement.values()) != sum(held.values()):
        problems.append(f"the race has {sum(held.values())} units; a placement moves units, it does not add any")
    for sid, units in held.items():
        kept = placement.get(sid, 0)
        if race.level == "civilized" and kept < units:
            problems.append(f"{sid}: civilized units stay where they are; only new units move ([000:61])")
        if race.level == "barbarian" and race.migration is None and kept < units:
            problems.append(f"{sid}: a barbarian race moves its old units only when migrating ([000:59])")
        if race.level == "barbarian" and kept < 1:
            problems.append(f"{sid}: a barbarian race leaves one unit in each square it held ([000:59])")
        if earth.squares[sid].city is not None and kept == 0:
            problems.append(f"{sid}: emptying a city square destroys the city; do that by a ruling")
    return problems


def spread_excess(earth: Earth, race: Race, content: EarthContent) -> tuple[dict[str, int], int] | None:
    """[000:107] when limits fall in the middle of a century the race spreads out again, but only the units that
    would otherwise starve move: into free bordering squares, then into its own squares with room. Returns the
    new placement and the units that starve, or None when nothing is over a limit."""
    placement = {s.id: s.units for s in stats.squares_of(earth, race.id)}
    excess = 0
    for sid, units in list(placement.items()):
        limit = stats.limit(earth, race, earth.squares[sid], content)
        if units > limit:
            excess += units - limit
            placement[sid] = limit
    if excess == 0:
        return None
    for sid in free_squares(earth, race, content) + sorted(placement):
        room = stats.limit(earth, race, earth.squares[sid], content) - placement.get(sid, 0)
        put = min(max(0, room), excess)
        if put:
            placement[sid] = placement.get(sid, 0) + put
            excess -= put
    return {k: v for k, v in placement.items() if v > 0}, excess
