"""The Homeland Build Zone (§2.4.4 L1273-1299, §5.4.1 L4262-4278): HBZ = ceil(BL / 2) action points.

A location is inside the HBZ when a leader could reach it from the HBZ origin (the capital or homeland) within
that many AP, tracing through land regions and ferry arrows only (no sea zones), without paying for the
origin's own region. Entry costs come from Table 4-9 (setting A2) plus the Table 6-25 border modifiers and +1
for entering a region the nation does not control. Roads and bridges over mountains are phase-3 terrain work.
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from math import ceil

from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.scenario.enums import at_least
from domain.rulesets.lote.scenario.tables import TABLES

MOVE = TABLES.movement


def hbz_radius(bl: int) -> int:
    return ceil(Fraction(bl, 2))


def _origin_region(state: State, nation: Nation) -> str | None:
    origin = nation.hbz_origin or nation.capital
    if origin in state.cities:
        return state.cities[origin].region
    if origin in state.regions:
        return origin
    return None


def _edges(state: State) -> dict[str, list[tuple[str, Fraction]]]:
    edges: dict[str, list[tuple[str, Fraction]]] = {name: [] for name in state.regions}
    for b in state.borders:
        extra = MOVE.border_modifier.values[b.kind]
        if b.kind == "river" and b.bridged:
            extra = Fraction(0)
        edges[b.a].append((b.b, extra))
        edges[b.b].append((b.a, extra))
    for f in state.ferries.values():
        edges[f.a].append((f.b, Fraction(0)))
        edges[f.b].append((f.a, Fraction(0)))
    return edges


def ap_from_origin(state: State, nation: Nation) -> dict[str, Fraction]:
    """Cheapest leader-movement AP from the HBZ origin to every land region reachable overland."""
    origin = _origin_region(state, nation)
    if origin is None:
        return {}
    edges = _edges(state)
    best: dict[str, Fraction] = {origin: Fraction(0)}
    queue: list[tuple[Fraction, str]] = [(Fraction(0), origin)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best.get(here, cost):
            continue
        for there, border in edges.get(here, []):
            region = state.regions[there]
            step = MOVE.terrain_entry.values[region.terrain][nation.culture] + border
            # Table 13-3 (L14928-14985): +1 AP to enter a region held below Non-Paying Tributary
            if not at_least(region.statuses.get(nation.id), "nt"):
                step += MOVE.border_modifier.values["uncontrolled"]
            total = cost + step
            if total < best.get(there, total + 1):
                best[there] = total
                heapq.heappush(queue, (total, there))
    return best


def in_hbz(state: State, nation: Nation, region: str) -> bool:
    return ap_from_origin(state, nation).get(region, Fraction(10**9)) <= hbz_radius(nation.bl)
