"""Tracing a trade route over the map and classifying it (§2.16.4 L2763-2846, §5.2.1-5.2.2 L3815-3906).

Land ([L3817-3826]): a line of contiguous land regions and/or ferry arrows from one capital to the other, every
region held at Non-Paying Tributary or better by one of the two partners. Two exceptions let a land route leave
the partners' regions: oases held by a partner or by nobody (Land across the Sahara, [L2814-2821]; EX-68) and
Silk Route regions held by nobody but the two partners (Land along the Silk Route, [L2829-2841]; EX-69).
Throughput is the worst element on the chain (Table 2-47): the route takes the best chain there is.

- LTO: cultivated or steppe regions only, no ferry ([L2787-2790]); islands (`i`) count as cultivated (their
  tax and trade rows are the cultivated ones).
- LTH: a wilderness or jungle region, a type-1 mountain border or a ferry arrow ([L2791-2793]); a mountain
  region (`m`, not named in the list) counts as difficult.
- LTD: a desert or tundra region, a type-2 mountain border, a Hostile or Unsettled region ([L2794-2796]);
  a desert caravan border counts as desert. "Hostile" is a Hostile Land Region ([L3609-3619], `hostile_land`)
  or a region whose spacer code is `h` (Table 2-35); "Unsettled" a depopulated region or a Colonizable Region not
  yet colonized ([L3620-3630]: "until a CR is colonized, and has no GPv").
- LTS: any oasis on the chain ([L2814-2821]).
- LTC: any Silk Route region held by neither partner ([L2829-2841]); none once the Silk Route has ended.
- LTR: 75% or more of each nation's cities on Royal Roads and a Royal Road chain joining the capitals
  ([L2806-2810]); a city is on a road when it carries `r`, `+`, `*` or `#` (Table 2-45).

Sea ([L3842-3898]): a port city at each end of the sea leg, held at Tributary or better by one of the partners;
each port traces held land (NT or better, either partner) to its nation's capital, unless the port is the capital
itself (EX-72 [L7709-7712]: "As Rome is not a port", the Pope's capital would otherwise trade by sea); the sea
leg's length is the fewest sea zones between the ports' zones, the port's own land region not counted
([L3896-3898]): each zone entered counts 1 (an arrow is mapped as a zone, its water, so an inter-island arrow counts
1, EX-58), a strong current border 2 whichever way it runs, a monsoon border 1 ([L3682-3694];
`movement/ranges.trade_crossing`). One-way arrows are crossed only their way; the trade runs both ways, so the
leg is the shorter of the two directions (a route is then traced the same whichever partner's port comes first).
If one partner holds both ports, only it may assign MSP ([L3882-3893]; EX-71).

A nation without a capital traces from its Homeland regions (the rulebook's own stand-in for a missing capital:
agro reserves "at the Capital (or homeland, if there is no Capital)", [L1982-1984]).

A "controlled" region (for a third nation's hold on an oasis or a Silk Route region) is one held at NT or better.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from heapq import heappop, heappush

import msgspec

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.movement.ranges import trade_crossing
from domain.rulesets.lote.scenario.enums import at_least

# Table 2-47 throughput, best first, for the land statuses a chain can earn
LAND_ORDER: tuple[str, ...] = ("LTR", "LTO", "LTH", "LTD", "LTS", "LTC")
GRADE = {status: rank for rank, status in enumerate(LAND_ORDER)}
TERRAIN_GRADE = {"c2": "LTO", "c": "LTO", "s": "LTO", "i": "LTO", "w": "LTH", "j": "LTH", "m": "LTH", "d": "LTD",
                 "t": "LTD", "o": "LTS"}  # fmt: skip
BORDER_GRADE = {"mountain1": "LTH", "mountain2": "LTD", "caravan": "LTD"}
PORT_CODES = frozenset({"p", "+", "#"})
ROAD_CODES = frozenset({"r", "+", "*", "#"})


class Trace(msgspec.Struct, frozen=True):
    """A route that can be traced: its type, Table 2-47 status, the places it runs through, the sea leg's length,
    the two ports (sea) and who may assign MSP to it."""

    kind: str
    status: str
    path: tuple[str, ...]
    sea_zones: int = 0
    ports: tuple[str, str] | None = None
    msp_by: tuple[str, ...] = ()


class NoRoute(msgspec.Struct, frozen=True):
    """Why a route cannot be traced: a stable code (`lote.<code>`) and a sentence for the player."""

    code: str
    message: str


def capital_regions(state: State, nid: str) -> tuple[str, ...]:
    """Where the nation's routes start: its capital's region (a city's region, or the capital region of a nation
    without cities); without a capital, its Homeland regions."""
    capital = state.nations[nid].capital
    if capital in state.cities:
        return (state.cities[capital].region,)
    if capital in state.regions:
        return (capital,)
    if capital is None:
        return tuple(sorted(r for r, rec in state.regions.items() if rec.statuses.get(nid) == "hm"))
    return ()


def held_by(statuses: Mapping[str, str], nations: Iterable[str], floor: str = "nt") -> bool:
    return any(at_least(statuses.get(n), floor) for n in nations)


def third_party_holds(statuses: Mapping[str, str], pair: tuple[str, str]) -> bool:
    return any(at_least(s, "nt") for n, s in statuses.items() if n not in pair)


def region_grade(state: State, region: str, pair: tuple[str, str]) -> str | None:
    """The worst status this region lets a land chain keep, or None if the chain cannot pass."""
    record = state.regions[region]
    if record.terrain == "o":
        return None if third_party_holds(record.statuses, pair) else "LTS"
    if not held_by(record.statuses, pair):
        silk = record.spacer == "s" and not state.trade.silk_route_ended
        return "LTC" if silk and not third_party_holds(record.statuses, pair) else None
    if record.hostile_land or record.spacer == "h" or unsettled(record.depopulated, record.colonizable, record.gpv):
        return "LTD"
    return TERRAIN_GRADE[record.terrain]


def unsettled(depopulated: bool, colonizable: bool, gpv: int) -> bool:
    """[L2796] an "Unsettled" region: depopulated, or a Colonizable Region with no GPv yet ([L3620-3630])."""
    return depopulated or (colonizable and gpv <= 0)


def land_links(state: State) -> dict[str, list[tuple[str, str, bool]]]:
    """region -> (neighbour, the border's grade, whether the border is a Royal Road); ferries count as land."""
    links: dict[str, list[tuple[str, str, bool]]] = {}
    for border in state.borders:
        if border.a in state.regions and border.b in state.regions:
            grade = BORDER_GRADE.get(border.kind, "LTO")
            links.setdefault(border.a, []).append((border.b, grade, border.royal_road))
            links.setdefault(border.b, []).append((border.a, grade, border.royal_road))
    for ferry in state.ferries.values():
        links.setdefault(ferry.a, []).append((ferry.b, "LTH", False))
        links.setdefault(ferry.b, []).append((ferry.a, "LTH", False))
    return {k: sorted(v) for k, v in links.items()}


def _chain(
    links: dict[str, list[tuple[str, str, bool]]],
    starts: Iterable[str],
    goals: Iterable[str],
    ok: Callable[[str, str, bool], bool],
) -> tuple[str, ...] | None:
    """The shortest chain from a start to a goal whose every step (region, border grade, road) passes `ok` (BFS,
    by name, so the same map always gives the same chain)."""
    ends = set(goals)
    back: dict[str, str | None] = {start: None for start in sorted(set(starts))}
    queue = deque(back)
    while queue:
        here = queue.popleft()
        if here in ends:
            path = [here]
            while (prev := back[path[-1]]) is not None:
                path.append(prev)
            return tuple(reversed(path))
        for there, grade, road in links.get(here, []):
            if there not in back and ok(there, grade, road):
                back[there] = here
                queue.append(there)
    return None


def on_roads(state: State, nid: str) -> bool:
    """[L2806-2808] 75% or more of the nation's cities (held at NT or better) are on Royal Roads."""
    cities = [c for c in state.cities.values() if at_least(c.statuses.get(nid), "nt")]
    return bool(cities) and 4 * sum(1 for c in cities if ROAD_CODES & set(c.codes)) >= 3 * len(cities)


def trace_land(state: State, a: str, b: str) -> Trace | NoRoute:
    """The best land chain between the capitals and its Table 2-47 status."""
    pair = (a, b)
    grades = {r: region_grade(state, r, pair) for r in state.regions}
    starts = [r for r in capital_regions(state, a) if grades.get(r) is not None]
    goals = [r for r in capital_regions(state, b) if grades.get(r) is not None]
    if not capital_regions(state, a) or not capital_regions(state, b):
        return NoRoute("no_capital", "a land route runs capital to capital: both nations need a capital on the map")
    if not starts or not goals:
        where = ", ".join((*capital_regions(state, a), *capital_regions(state, b)))
        return NoRoute("no_land_route", f"{where} must be held at NT or better by the two nations")
    links = land_links(state)
    if on_roads(state, a) and on_roads(state, b):
        held = {r for r, g in grades.items() if g in ("LTO", "LTH", "LTD")}
        road = _chain(links, [r for r in starts if r in held], goals, lambda r, _g, is_road: is_road and r in held)
        if road is not None:
            return Trace(kind="L", status="LTR", path=road)
    for status in LAND_ORDER[1:]:  # the first grade a chain exists at is the best chain's worst element
        limit = GRADE[status]

        def ok(region: str, border: str, _road: bool, limit: int = limit) -> bool:
            grade = grades.get(region)
            return grade is not None and GRADE[grade] <= limit and GRADE[border] <= limit

        firsts = [r for r in starts if ok(r, "LTO", False)]  # the capital's own region counts too
        path = _chain(links, firsts, goals, ok)
        if path is not None:
            return Trace(kind="L", status=status, path=path)
    return NoRoute(
        "no_land_route",
        f"no chain of land regions or ferries held at NT or better by {a} or {b} (or open oases, or Silk Route "
        f"regions held by no one else) joins {' or '.join(starts)} to {' or '.join(goals)}; a route that must cross "
        "a sea zone is a sea route: name the ports, the sea zones and the MSP ([L3827-3838])",
    )


def port_zones(state: State, port: str) -> list[str]:
    """The sea zones a port city opens on: its own list, else its region's coasts."""
    city = state.cities[port]
    zones = list(city.port_sea_zones) or [c.sea_zone for c in state.coasts if c.region == city.region]
    return sorted(z for z in zones if z in state.sea_zones)


def _sea_steps(state: State) -> dict[str, list[tuple[str, int]]]:
    """zone -> (neighbour, what entering it counts); one-way arrows only their way, currents both ways."""
    steps: dict[str, list[tuple[str, int]]] = {}
    for sb in state.sea_borders:
        cost = trade_crossing(sb.kind)
        steps.setdefault(sb.a, []).append((sb.b, cost))
        if not (sb.one_way and sb.kind in ("island_arrow", "ocean_arrow")):
            steps.setdefault(sb.b, []).append((sb.a, cost))
    return steps


def _one_way(state: State, starts: list[str], goals: set[str]) -> tuple[int, tuple[str, ...]] | None:
    steps, closed = _sea_steps(state), set(state.trade.closed_zones)
    heap: list[tuple[int, tuple[str, ...]]] = [(trade_crossing(None), (z,)) for z in starts if z not in closed]
    seen: set[str] = set()
    while heap:
        cost, path = heappop(heap)
        here = path[-1]
        if here in goals:
            return cost, path
        if here in seen:
            continue
        seen.add(here)
        for there, step in sorted(steps.get(here, [])):
            if there not in seen and there not in closed and there in state.sea_zones:
                heappush(heap, (cost + step, (*path, there)))
    return None


def sea_leg(state: State, from_port: str, to_port: str) -> tuple[int, tuple[str, ...]] | None:
    """The fewest sea zones between two ports, the zones crossed from `from_port`, or None. The port's own region is
    not counted; the first zone counts 1; zones closed to trade by piracy are not crossed."""
    out = _one_way(state, port_zones(state, from_port), set(port_zones(state, to_port)))
    back = _one_way(state, port_zones(state, to_port), set(port_zones(state, from_port)))
    if back is not None and (out is None or back[0] < out[0]):
        return back[0], tuple(reversed(back[1]))
    return out


def _port_holder(state: State, port: str | None, pair: tuple[str, str]) -> str | NoRoute:
    city = state.cities.get(port or "")
    if city is None or not PORT_CODES & set(city.codes):
        return NoRoute("not_a_port", f"{port!r} is not a port city")
    holder = next((n for n in pair if at_least(city.statuses.get(n), "t")), None)
    if holder is None:
        return NoRoute("not_a_port", f"{port!r} is not held at Tributary or better by either partner ([L3846-3850])")
    return holder


def trace_sea(state: State, a: str, b: str, from_port: str | None, to_port: str | None) -> Trace | NoRoute:
    """A sea route a..from_port ~ sea ~ to_port..b (or the ports the other way round)."""
    pair = (a, b)
    holders: list[str] = []
    for port in (from_port, to_port):
        holder = _port_holder(state, port, pair)
        if isinstance(holder, NoRoute):
            return holder
        holders.append(holder)
    assert from_port is not None and to_port is not None
    if from_port == to_port:
        return NoRoute("no_sea_route", "a sea route joins two different port cities")
    blockades = state.trade.blockades  # a port city, or its region's coastline ([L5636-5638])
    blockaded = [p for p in (from_port, to_port) if p in blockades or state.cities[p].region in blockades]
    leg = sea_leg(state, from_port, to_port)
    if leg is None:
        return NoRoute("no_sea_route", f"no chain of sea zones open to trade joins {from_port} and {to_port}")
    legs = None
    for near_a, near_b in ((from_port, to_port), (to_port, from_port)):
        land_a, land_b = _land_leg(state, pair, a, near_a), _land_leg(state, pair, b, near_b)
        if land_a is not None and land_b is not None:
            legs = (land_a, tuple(reversed(land_b)))
            if near_a != from_port:  # a's capital reaches the sea at to_port: the zones run the other way
                leg = (leg[0], tuple(reversed(leg[1])))
            break
    if legs is None:
        return NoRoute(
            "no_land_link",
            f"each port must trace held land regions (NT or better, either partner) to its nation's capital "
            f"([L3877-3881]): {from_port} and {to_port} do not link {a}'s and {b}'s capitals",
        )
    msp_by = tuple(sorted(set(holders)))
    status = "BST" if blockaded and state.settings.trade_blockade == "bst" else "NST"
    if blockaded and state.settings.trade_blockade == "closed":
        return NoRoute("port_blockaded", f"{', '.join(blockaded)} is blockaded: no trade is traced from it by sea")
    path = (*legs[0], *leg[1], *legs[1])
    return Trace(kind="S", status=status, path=path, sea_zones=leg[0], ports=(from_port, to_port), msp_by=msp_by)


def _land_leg(state: State, pair: tuple[str, str], nid: str, port: str) -> tuple[str, ...] | None:
    """The held chain from `nid`'s capital to `port`'s region (just the port's region when the port is the capital
    itself), or None ([L3877-3881])."""
    region = state.cities[port].region
    if state.nations[nid].capital == port:
        return (region,)
    held = {r for r, rec in state.regions.items() if held_by(rec.statuses, pair)}
    if region not in held:
        return None
    starts = [r for r in capital_regions(state, nid) if r in held]
    return _chain(land_links(state), starts, [region], lambda r, _g, _road: r in held)


def zones_of(state: State, path: Iterable[str]) -> list[str]:
    return [p for p in path if p in state.sea_zones]
