"""The action range of an operation (§7.2 [L6739-6761]): AP counted from the nearest base "as if a Leader of
yours were moving through the intervening regions", with no extra AP for uncontrolled regions (EX-66).

The bases are the regions and cities the nation holds at Non-Paying Tributary or better, and the places of its
armies ([L6739-6744]); a leader running the operation by Espionage is a base where he acts ([L6759-6761]: "send a
leader to perform an Espionage action in Saksiny itself"). Each step is priced by `movement/ranges.py`.
"""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.lote.model.places import region_of
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.movement.ranges import range_cost
from domain.rulesets.lote.scenario.enums import at_least

EXTRA = 12  # the search goes this many AP past the range, so the GM reads how far beyond a target lies


def bases(state: State, nation: Nation) -> set[str]:
    """[L6739-6744] regions and cities held at NT or better (cities by their region), and the nation's armies."""
    held = {r for r, x in state.regions.items() if at_least(x.statuses.get(nation.id), "nt")}
    held |= {c.region for c in state.cities.values() if at_least(c.statuses.get(nation.id), "nt")}
    armies = {region_of(state, x.location) for x in state.leaders.values() if x.nation == nation.id and x.units}
    return held | {a for a in armies if a is not None}


def _links(state: State) -> dict[str, set[str]]:
    links: dict[str, set[str]] = {}
    pairs = [(x.a, x.b) for x in state.borders] + [(c.region, c.sea_zone) for c in state.coasts]
    pairs += [(s.a, s.b) for s in state.sea_borders]
    for a, b in pairs:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    return links


def distance(state: State, culture: str, starts: set[str], target: str, limit: Fraction) -> Fraction | None:
    """The cheapest AP from any of `starts` to `target` (a region or sea zone), None if beyond `limit`."""
    links = _links(state)
    best: dict[str, Fraction] = {s: Fraction(0) for s in starts if s in state.regions or s in state.sea_zones}
    frontier = set(best)
    while frontier:
        here = min(frontier, key=lambda p: (best[p], p))
        frontier.remove(here)
        if here == target:
            return best[here]
        for there in sorted(links.get(here, ())):
            if there not in state.regions and there not in state.sea_zones:
                continue
            cost = best[here] + range_cost(state, culture, here, [there])
            if cost <= limit and cost < best.get(there, limit + 1):
                best[there] = cost
                frontier.add(there)
    return best.get(target)
