"""Table 8-5 [L7455-7468] and §8.3's entries as data, the Action Range of a religious operation ([L7447-7450]),
and the faith of places (religion, minorities, the relation of Table 13-7 as the records amend it).

The Action Range is floor(TL / 2) ([L1509-1519]; setting A9 may round up). Where it is measured, Appendix A10:
"regions or Sea Zones" for religious operations ([L7447-7450]), AP "as if moving" for intel; the setting
`a10_action_range_metric` picks one for both ("ap", the default: each step priced by `movement/ranges.py` as an
intel range is, no extra AP for uncontrolled regions; "regions": every region or sea zone entered counts 1).
The places it is traced from are the nation's provinces held at Tributary or better and its cities so held (by
their region). Holy Sites ("or Holy Site controlled ... by the nation") belong to the Primacy (phase 3).
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor
from typing import Literal

from domain.rulesets.lote.leaders.garrisons import relation
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.movement.ranges import range_cost
from domain.rulesets.lote.religion.records import Minority
from domain.rulesets.lote.scenario.enums import at_least

Odds = Literal["always", "high", "medium", "low"]

# code: (Table 8-5 odds, what `target` names, section)
TABLE_8_5: dict[str, tuple[Odds, str, str]] = {
    "CH": ("medium", "heresy", "§8.3.1 [L7470-7479]"),
    "DI": ("medium", "populace", "§8.3.2 [L7481-7487]"),
    "IW": ("low", "hostile_religion", "§8.3.3 [L7489-7515]"),
    "II": ("high", "populace", "§8.3.4 [L7517-7527]"),
    "IR": ("medium", "religion", "§8.3.5 [L7529-7553]"),
    "MI": ("always", "influenced_religion", "§8.3.6 [L7554-7563]"),
    "LS": ("medium", "nation", "§8.3.7 [L7565-7576]"),
    "MW": ("high", "place_or_leader", "§8.3.8 [L7578-7586]"),
    "RS": ("medium", "nation", "§8.3.9 [L7588-7596]"),
    "RR": ("low", "own_religion", "§8.3.10 [L7598-7607]"),
}
NAMES = {
    "CH": "Crush Heresy",
    "DI": "Destroy Influence",
    "IW": "Incite Holy War",
    "II": "Increase Influence",
    "IR": "Influence Religion",
    "MI": "Maintain Influence",
    "LS": "Lower Religious Strength",
    "MW": "Missionaries",
    "RS": "Raise Religious Strength",
    "RR": "Reform Religion",
}
NATION_TARGETS = frozenset({"populace", "nation"})
RELIGION_TARGETS = frozenset({"heresy", "hostile_religion", "religion", "influenced_religion", "own_religion"})
# Table 8-3 [L7393-7432]: the Pagan and Amerind faiths (§8.5.1 [L7664-7668]); every other code is "Organized"
PAGAN = frozenset({"OP", "EP", "AP", "AF", "NA", "MA", "SA"})
RS_MIN, RS_MAX = 1, 10  # [L1488-1493] "a scale of 1 to 10"
SUCCESS_RS = 5  # [L7442-7444] "a RS of at least 5 to consider success in many of these actions"
CRUSADE_RS = 8  # [L7509-7513] three or more monarchs with RS 8 or more may call a Crusade
TOLERANT_CONVERSION_RS, HOSTILE_CONVERSION_RS, QUIET_CONVERSION_RS = 4, 2, 2  # §8.5 [L7653-7662]


def action_range(state: State, nation: Nation) -> int:
    """[L1509-1519] AR = Tech Level / 2, rounded down (setting A9 may round up). EX-34: TL 6 -> 3."""
    half = nation.tech_level / 2
    return floor(half) if state.settings.a09_action_range_rounding == "floor" else ceil(half)


def bases(state: State, nation: Nation) -> set[str]:
    """[L7447-7450] the provinces (and cities, by their region) held at Tributary or better."""
    held = {r for r, x in state.regions.items() if at_least(x.statuses.get(nation.id), "t")}
    return held | {c.region for c in state.cities.values() if at_least(c.statuses.get(nation.id), "t")}


def _links(state: State) -> dict[str, set[str]]:
    links: dict[str, set[str]] = {}
    pairs = [(x.a, x.b) for x in state.borders] + [(c.region, c.sea_zone) for c in state.coasts]
    pairs += [(s.a, s.b) for s in state.sea_borders]
    for a, b in pairs:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    return links


def distance(state: State, nation: Nation, target: str, limit: Fraction) -> tuple[str, Fraction] | None:
    """The nearest base and its cost to `target` (a region or sea zone), None if beyond `limit`: AP as an intel
    range is traced ([L6739-6750]), or every region and sea zone entered counting 1 (setting A10)."""
    by_regions = state.settings.a10_action_range_metric == "regions"
    links = _links(state)
    starts = sorted(b for b in bases(state, nation) if b in state.regions or b in state.sea_zones)
    best: dict[str, tuple[Fraction, str]] = {s: (Fraction(0), s) for s in starts}
    frontier = set(best)
    while frontier:
        here = min(frontier, key=lambda p: (best[p][0], p))
        frontier.remove(here)
        cost, origin = best[here]
        if here == target:
            return origin, cost
        for there in sorted(links.get(here, ())):
            if there not in state.regions and there not in state.sea_zones:
                continue
            step = Fraction(1) if by_regions else range_cost(state, nation.culture, here, [there])
            if cost + step <= limit and (there not in best or cost + step < best[there][0]):
                best[there] = (cost + step, origin)
                frontier.add(there)
    found = best.get(target)
    return None if found is None else (found[1], found[0])


def place_religion(state: State, place: str) -> str:
    """A region's religion; a city's own, or its region's when it has none ([L2546])."""
    if place in state.cities:
        city = state.cities[place]
        region = state.regions.get(city.region)
        return city.religion or (region.religion if region is not None else "")
    region = state.regions.get(place)
    return region.religion if region is not None else ""


def minorities(state: State, place: str) -> tuple[Minority, ...]:
    """The place's minorities: the records', or the one the scenario printed for a region ([L3252-3258])."""
    if place in state.religion.minorities:
        return state.religion.minorities[place]
    region = state.regions.get(place)
    if region is not None and region.minority_religion:
        return (Minority(religion=region.minority_religion, origin="scenario"),)
    return ()


def converts(state: State, place: str, religion: str) -> int:
    """The share of a place converted to `religion` so far (a Diplomatic Conversion or Missionaries)."""
    return next((m.pct for m in minorities(state, place) if m.origin == "converts" and m.religion == religion), 0)


def tolerant_pair(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def table_relation(state: State, mine: str, theirs: str) -> str:
    """Table 13-7 [L15222-15253], with the pairs an Influence Religion made tolerant ([L7533-7536])."""
    rel = relation(mine, theirs)
    if rel == "hostile" and tolerant_pair(mine, theirs) in state.religion.tolerant:
        return "tolerant"
    return rel
