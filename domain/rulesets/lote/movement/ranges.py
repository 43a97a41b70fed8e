"""Distances traced over the map for other rules: the sea distance of a trade route (§5.2.2 L3896-3906, §4.6.3-4.6.4)
and the AP cost of an action range (§7.2 L6739-6761; Appendix A10: AP for all, "as if moving").

- Sea distance: each sea zone entered counts 1 (an arrow's water is a zone, so an arrow counts 1); a monsoon border
  counts 1; a strong current counts 2 (digest §3.7); the port's own zone is not an "entry" (L3896-3898) only when
  the caller leaves it out of `zones`.
- Action range: a sea zone costs 1, a region its Table 4-9 entry plus the Table 6-25 border; there is no +1 for
  uncontrolled regions in this tracing (EX-66).
"""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.tables import TABLES

MOVE = TABLES.movement


def trade_crossing(kind: str | None) -> int:
    """What entering a sea zone across a border of `kind` counts against a trade route's range: 2 across a strong
    current, whichever way it runs ([L3693-3694]); 1 across a monsoon border ([L3682-3684]), an arrow or a plain
    border (and from the port, `None`)."""
    return 2 if kind == "current" else 1


def sea_distance(state: State, zones: list[str]) -> int:
    """The number of sea zones a route crosses, `zones` in order (the first is entered from the port)."""
    total = 0
    for before, here in zip([None, *zones], zones, strict=False):
        border = next((b for b in state.sea_borders if {b.a, b.b} == {before, here}), None)
        total += trade_crossing(border.kind if border is not None else None)
    return total


def range_cost(state: State, culture: str, start: str, path: list[str]) -> Fraction:
    """AP to trace from `start` (a region) through `path` (regions and sea zones) for an action range."""
    total, here = Fraction(0), start
    for place in path:
        if place in state.sea_zones:
            total += 1
        else:
            border = next((b for b in state.borders if {b.a, b.b} == {here, place}), None)
            extra = Fraction(0)
            if border is not None and not (border.kind == "river" and border.bridged):
                extra = MOVE.border_modifier.values[border.kind]
            total += MOVE.terrain_entry.values[state.regions[place].terrain][culture] + extra
        here = place
    return total


def reach(state: State, culture: str, start: str, limit: Fraction) -> dict[str, Fraction]:
    """Every place within `limit` AP of `start`, traced as `range_cost` does (the cheapest path), with its cost.

    Land borders join regions; coasts join a region and its sea zones; sea borders join zones."""
    links: dict[str, set[str]] = {}
    for a, b in [(x.a, x.b) for x in state.borders] + [(c.region, c.sea_zone) for c in state.coasts]:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    for sb in state.sea_borders:
        links.setdefault(sb.a, set()).add(sb.b)
        links.setdefault(sb.b, set()).add(sb.a)
    best: dict[str, Fraction] = {start: Fraction(0)}
    frontier = [start]
    while frontier:
        here = min(frontier, key=lambda p: (best[p], p))
        frontier.remove(here)
        for there in sorted(links.get(here, ())):
            if there not in state.regions and there not in state.sea_zones:
                continue
            cost = best[here] + range_cost(state, culture, here, [there])
            if cost <= limit and cost < best.get(there, limit + 1):
                best[there] = cost
                frontier.append(there)
    return best
