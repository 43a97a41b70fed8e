"""Command-control tracing (§9.1.1-9.1.1.1 [L8281-8339]; §2.4.1 [L1185-1195]) and the line of communication
(§9.8 [L8915-8923]); digest §3.13.

CCR = BL + the Administration of a King (Queen, Heir or Regent) who Rules this turn ([L8283-8289]; his hidden
fourth stat, `hidden`, which the owner never sees). The GM traces "as if a Leader were moving with an Action
Point capacity equal to your CCR" from the capital (the King's place when there is none), and "the region that
contains the Capital is not counted" ([L8297-8311]). A courier's costs, exact:
- overland: Table 4-9 entry + Table 6-25 border (mountains, an unbridged river, a caravan route) + 1 for a region
  held below Non-Paying Tributary ("uncontrolled regions are deadly") + 1 in Hostile Land; the whole halved
  along a Royal Road or a Postal Road ([L4845-4852]: Postal Roads halve "for the sole purpose of CCR checks"; a
  Postal Road upgraded is a Royal Road, so the two never stack);
- a ferry arrow: 1;
- by water ("Each river section is considered to be a Sea Zone", [L3372-3374]): 1 to board from a coast, 1 per
  zone (x 1/2 across a monsoon border, +1 against a strong current; a one-way arrow only its way), and landing
  costs the region's entry as above (EX-40 Abasigia, EX-41 Wenro: 1 each). A courier carries no troops, so no
  loading or unloading is charged.
The total is rounded up (EX-41: 5.5 -> 6) and a place whose cost exceeds the CCR, or that cannot be reached, is
out of range. Readings: a capital being moved (BL not effective, [L8371-8374]) is not modelled yet; the CCR
counts the Administration of the best ruler who has a Rule step in this turn's itinerary.

Line of communication ([L8917-8923]): each controlled region traces to the capital "via controlled contiguous land
regions and/or no more than three non-Hostile, non-Blockaded Sea Zones"; "controlled" is Non-Paying Tributary
or better (passage is granted from NT up, [L2288-2290]); a ferry arrow joins land. Blockades are not modelled:
the GM sees the sea zones counted and rules.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from fractions import Fraction
from math import ceil

from domain.rulesets.lote.model.orders import GiveItinerary
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.scenario.enums import at_least
from domain.rulesets.lote.scenario.tables import TABLES

MOVE = TABLES.movement
BORDER = MOVE.border_modifier.values
RULERS = ("K", "Q", "H", "E")
ARROWS = ("island_arrow", "ocean_arrow")
LOC_SEA_ZONES = 3  # [L8919-8921] "no more than three non-Hostile, non-Blockaded Sea Zones"
Edges = Callable[[str], Iterator[tuple[str, Fraction]]]


def ruling_administration(state: State, nation: Nation) -> tuple[int, str]:
    """The Administration added to the BL, and who: the best ruler with a Rule step this turn ([L8286-8289])."""
    form = state.forms.get(nation.id)
    best: tuple[int, str] = (0, "")
    for order in form.lines.values() if form is not None else ():
        if not isinstance(order, GiveItinerary) or not any(s.kind == "act" and s.action == "Rule" for s in order.steps):
            continue
        leader = state.leaders.get(order.army)
        if leader is not None and leader.nation == nation.id and leader.type in RULERS and leader.hidden > best[0]:
            best = (leader.hidden, leader.name)
    return best


def ccr(state: State, nation: Nation) -> tuple[int, str]:
    """The radius and how it was reached. Setting A8 `always` adds the King's Administration whether or not he
    Rules (§2.12.2 [L2111-2114] states it without the condition)."""
    admin, ruler = ruling_administration(state, nation)
    if not ruler and state.settings.a08_ccr_leadership == "always":
        kings = sorted((lid, x) for lid, x in state.leaders.items() if x.nation == nation.id and x.type in ("K", "Q"))
        admin, ruler = (kings[0][1].hidden, kings[0][1].name) if kings else (0, "")
    if ruler:
        total = nation.bl + admin
        return total, f"CCR = BL {nation.bl} + {ruler}'s Administration {admin} = {total}"
    return nation.bl, f"CCR = BL {nation.bl} (no King Ruling this turn)"


def origin(state: State, nation: Nation) -> str | None:
    """The capital's region, or the King's place when there is no capital ([L8297-8301])."""
    if nation.capital in state.cities:
        return state.cities[nation.capital].region
    if nation.capital in state.regions:
        return nation.capital
    kings = sorted((lid, x) for lid, x in state.leaders.items() if x.nation == nation.id and x.type in ("K", "Q"))
    if not kings:
        return None
    where = kings[0][1].location
    return state.cities[where].region if where in state.cities else where


def place_node(state: State, place: str) -> str:
    return state.cities[place].region if place in state.cities else place


def _entry(state: State, nation: Nation, region: str) -> Fraction:
    rec = state.regions[region]
    cost = Fraction(MOVE.terrain_entry.values[rec.terrain][nation.culture])
    if not at_least(rec.statuses.get(nation.id), "nt"):
        cost += BORDER["uncontrolled"]
    return cost + (1 if rec.hostile_land else 0)


def courier_edges(state: State, nation: Nation) -> Edges:
    land: dict[str, list[tuple[str, Fraction]]] = {}
    for b in state.borders:
        extra = Fraction(0) if b.kind == "river" and b.bridged else Fraction(BORDER[b.kind])
        half = b.royal_road or b.postal_road
        for here, there in ((b.a, b.b), (b.b, b.a)):
            if there in state.regions:
                cost = _entry(state, nation, there) + extra
                land.setdefault(here, []).append((there, cost / 2 if half else cost))
    for f in state.ferries.values():
        land.setdefault(f.a, []).append((f.b, Fraction(1)))
        land.setdefault(f.b, []).append((f.a, Fraction(1)))
    for c in state.coasts:
        land.setdefault(c.region, []).append((c.sea_zone, Fraction(1)))
        if c.region in state.regions:
            land.setdefault(c.sea_zone, []).append((c.region, _entry(state, nation, c.region)))
    for sb in state.sea_borders:
        for here, there in ((sb.a, sb.b), (sb.b, sb.a)):
            against = sb.one_way and here == sb.b
            if against and sb.kind in ARROWS:
                continue
            cost = Fraction(1, 2) if sb.kind == "monsoon" else Fraction(1)
            cost += 1 if sb.kind == "current" and against else 0
            land.setdefault(here, []).append((there, cost))

    def edges(node: str) -> Iterator[tuple[str, Fraction]]:
        yield from land.get(node, [])

    return edges


def cheapest(start: str, edges: Edges) -> dict[str, Fraction]:
    best: dict[str, Fraction] = {start: Fraction(0)}
    queue: list[tuple[Fraction, str]] = [(Fraction(0), start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best.get(here, cost):
            continue
        for there, step in edges(here):
            total = cost + step
            if there not in best or total < best[there]:
                best[there] = total
                heapq.heappush(queue, (total, there))
    return best


def ccr_costs(state: State, nation: Nation) -> dict[str, Fraction]:
    """Courier AP from the capital's region (counted 0) to every region and sea zone it can reach."""
    start = origin(state, nation)
    return {} if start is None else cheapest(start, courier_edges(state, nation))


def in_range(cost: Fraction | None, radius: int) -> bool:
    return cost is not None and ceil(cost) <= radius


def loc_edges(state: State, nation: Nation) -> Edges:
    """Land between controlled regions is free; each non-Hostile sea zone entered counts 1."""

    def held(region: str) -> bool:
        rec = state.regions.get(region)
        return rec is not None and at_least(rec.statuses.get(nation.id), "nt")

    links: dict[str, list[tuple[str, Fraction]]] = {}
    for a, b in [(x.a, x.b) for x in state.borders] + [(f.a, f.b) for f in state.ferries.values()]:
        if held(a) and held(b):
            links.setdefault(a, []).append((b, Fraction(0)))
            links.setdefault(b, []).append((a, Fraction(0)))
    for c in state.coasts:
        zone = state.sea_zones.get(c.sea_zone)
        if zone is None or zone.hostile or not held(c.region):
            continue
        links.setdefault(c.region, []).append((c.sea_zone, Fraction(1)))
        links.setdefault(c.sea_zone, []).append((c.region, Fraction(0)))
    for sb in state.sea_borders:
        za, zb = state.sea_zones.get(sb.a), state.sea_zones.get(sb.b)
        if za is None or zb is None or za.hostile or zb.hostile:
            continue
        links.setdefault(sb.a, []).append((sb.b, Fraction(1)))
        if not (sb.one_way and sb.kind in ARROWS):
            links.setdefault(sb.b, []).append((sb.a, Fraction(1)))

    def edges(node: str) -> Iterator[tuple[str, Fraction]]:
        yield from links.get(node, [])

    return edges


def loc_sea_zones(state: State, nation: Nation) -> dict[str, int]:
    """The fewest sea zones on a line of communication from the capital to each controlled region."""
    start = origin(state, nation)
    if start is None:
        return {}
    return {k: int(v) for k, v in cheapest(start, loc_edges(state, nation)).items() if k in state.regions}
