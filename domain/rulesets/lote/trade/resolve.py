"""The trade steps of the turn (`turn/cycle.py`, `turn/close.py` run them):

- R0: route requests. Both nations initiated (or one trades with anyone, [L3799-3804]); the engine traces the
  route and proposes "open" (with its status, path and length) or "refuse" (with the reason); the GM confirms or
  overrides (an override may name the Table 2-47 status, "as per their assessment", [L2782-2784]);
- close: an opened route trades from the next turn ([L3806-3808]); a route re-opened between the same pair keeps
  what is left of its old duration ([L2849-2855]); a direct sea route between a Middle-Eastern and a Chinese
  nation ends the Silk Route ([L3308-3311]);
- R8 (before the sheets for the next turn are drawn, so they count the routes as they now stand): every traced
  route is traced again: one that cannot be traced any more, or a sea route left without MSP or beyond the range
  of every nation shipping on it, lapses ([L3809]; EX-68), one whose chain changed takes its new status; open
  routes age by the turn's years, closed routes and routes Blocked by Warfare lose `trade_decay_years_per_year` per
  year ([L2849-2855]); a sea route below capacity grows shipping ([L2922-2966]), unless Blocked by Warfare (a
  Blockaded route still trades, at half throughput, and grows).
"""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from domain.engine import DecisionContext
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.model.events import MerchantFleetFormed, RouteAged, ShippingGrown, TradeRouteRecorded
from domain.rulesets.lote.model.orders import InitiateTradeRoute, Order, TradeWithAnyone
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.enums import RouteStatus, at_least
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from domain.rulesets.lote.scenario.tables import TABLES
from domain.rulesets.lote.trade.check import is_sea, land_map, trace_order, trade_range
from domain.rulesets.lote.trade.events import SilkRouteEnded, TradeRouteLapsed, TradeRouteStatusChanged
from domain.rulesets.lote.trade.trace import NoRoute, Trace, trace_land, trace_sea

STATUSES: tuple[str, ...] = ("NST", "WAR", "BST", "LTD", "LTH", "LTO", "LTR", "LTS", "LTC")
OPEN_OUTCOMES = frozenset({"open", *STATUSES})


class Runner(Protocol):
    """The resolution step in progress (`turn/run.py`'s `Run`)."""

    state: State
    ctx: DecisionContext

    def emit(self, event: Any) -> None: ...

    def raise_item(
        self, nation: str, kind: str, subject: str, proposal: str, why: str, rolls: tuple[int, ...] = ()
    ) -> None: ...


def _lines(state: State, nid: str) -> list[Order]:
    form = state.forms.get(nid)
    return list(form.lines.values()) if form is not None else []


def _asks(state: State, a: str, b: str) -> dict[str, InitiateTradeRoute | None]:
    return {
        nid: next((o for o in _lines(state, nid) if isinstance(o, InitiateTradeRoute) and o.partner == other), None)
        for nid, other in ((a, b), (b, a))
    }


def describe(state: State, traced: Trace) -> str:
    """One line for the GM and the two partners: status, type, the chain, the sea leg and who ships."""
    if traced.kind == "L":
        return f"{traced.status} land route: {' - '.join(traced.path)}"
    zones = [p for p in traced.path if p in state.sea_zones]
    ports = traced.ports or ("?", "?")
    who = f"; only {traced.msp_by[0]} may assign MSP" if len(traced.msp_by) == 1 else ""
    return (
        f"{traced.status} sea route {ports[0]} to {ports[1]}, {traced.sea_zones} sea zone(s) ({', '.join(zones)}): "
        f"{' - '.join(traced.path)}{who}"
    )


def _chosen(asks: dict[str, InitiateTradeRoute | None]) -> tuple[str, InitiateTradeRoute] | None:
    """The line that defines the route: the first naming ports (a sea route), else the first."""
    lines = [(nid, o) for nid, o in asks.items() if o is not None]
    return next(((n, o) for n, o in lines if is_sea(o)), lines[0] if lines else None)


def trace_request(state: State, a: str, b: str) -> Trace | NoRoute | None:
    """The route the pair's initiation lines ask for, traced now (None: the map cannot trace it)."""
    chosen = _chosen(_asks(state, a, b))
    return None if chosen is None else trace_order(state, chosen[0], chosen[1])


def r0_route_requests(run: Runner) -> None:
    """[L3799-3808] a request both sides agreed to is traced; the GM confirms "open" or "refuse"."""
    asks: dict[tuple[str, str], InitiateTradeRoute] = {}
    anyone: set[str] = set()
    for nid in run.state.nations:
        for order in _lines(run.state, nid):
            if isinstance(order, InitiateTradeRoute):
                asks[(nid, order.partner)] = order
            elif isinstance(order, TradeWithAnyone):
                anyone.add(nid)
    for a, b in sorted({tuple(sorted(pair)) for pair in asks}):
        mutual = ((a, b) in asks or a in anyone) and ((b, a) in asks or b in anyone)
        if not mutual:  # the asker's item: the nation asked learns nothing of a request it did not take up
            why = "the other nation did not initiate this route nor declare trade with anyone"
            run.raise_item(a if (a, b) in asks else b, "trade_route", f"{a}~{b}", "refuse", why)
            continue
        traced = trace_request(run.state, a, b)
        if traced is None:
            why = "both nations initiated (or one trades with anyone); the map cannot trace it: check it by hand"
            run.raise_item(a, "trade_route", f"{a}~{b}", "open", why)
        elif isinstance(traced, NoRoute):
            run.raise_item(a, "trade_route", f"{a}~{b}", "refuse", f"the route cannot be traced: {traced.message}")
        else:
            run.raise_item(a, "trade_route", f"{a}~{b}", "open", f"both nations agreed; {describe(run.state, traced)}")


def _old_duration(state: State, a: str, b: str) -> int:
    """[L2849-2855] what is left of a closed route's duration between the same pair."""
    old = [r.duration_years for r in state.routes.values() if r.closed and {r.nation_a, r.nation_b} == {a, b}]
    return max(old, default=0)


def open_route(run: Runner, pair: str, outcome: str) -> None:
    """[L3806-3808] the route trades from the next turn; each side's MSP form the route's fleet at its port."""
    a, b = pair.split("~")
    state = run.state
    asks = _asks(state, a, b)
    chosen = _chosen(asks)
    assert chosen is not None  # an item exists only for an initiated pair
    first = chosen[1]
    traced = trace_request(state, a, b)
    route_id = f"t{run.ctx.turn}-{a}-{b}"
    ports = {nid: (o.from_port if o else None) for nid, o in asks.items()}
    for nid in (a, b):
        if asks[nid] is None:
            ports[nid] = first.to_port
    if isinstance(traced, Trace) and traced.ports is not None:
        p, q = traced.ports  # the sea leg's ends: each side takes the one it holds, so a re-trace finds both
        ports[a], ports[b] = (q, p) if not at_least(state.cities[p].statuses.get(a), "t") and at_least(
            state.cities[q].statuses.get(a), "t") else (p, q)  # fmt: skip
    kind = "S" if first.sea_zones > 0 else "L"
    status: RouteStatus = "NST" if kind == "S" else "LTO"
    if isinstance(traced, Trace):
        status = traced.status  # type: ignore[assignment]
    if outcome in STATUSES:
        status = outcome  # type: ignore[assignment]
    route = TradeRouteRecord(
        kind=kind,
        nation_a=a,
        nation_b=b,
        status=status,
        sea_zones=traced.sea_zones if isinstance(traced, Trace) else first.sea_zones,
        duration_years=_old_duration(state, a, b),
        port_a=ports[a],
        port_b=ports[b],
        opened_turn=run.ctx.turn + 1,
        traced=isinstance(traced, Trace) and outcome not in STATUSES,
        path=list(traced.path) if isinstance(traced, Trace) else [],
        msp_by=list(traced.msp_by) if isinstance(traced, Trace) and len(traced.msp_by) == 1 else [],
    )
    canonical = retrace(state, route) if route.traced else None  # the chain as R8 will trace it again
    if isinstance(canonical, Trace):
        route = msgspec.structs.replace(route, path=list(canonical.path))
    run.emit(TradeRouteRecorded(route_id=route_id, route=route, reason=f"routes opened on turn {run.ctx.turn}"))
    for nid, order in asks.items():
        if order is not None and order.msp and order.fleet is not None and order.from_port is not None:
            run.emit(
                MerchantFleetFormed(
                    nation=nid, fleet=f"{route_id}-{nid}", source=order.fleet, base_port=order.from_port,
                    route=route_id, msp=order.msp,
                )
            )  # fmt: skip
    for ended in silk_route_end(run.state, route_id, route):
        run.emit(ended)


def silk_route_end(state: State, route_id: str, route: TradeRouteRecord) -> list[SilkRouteEnded]:
    """[L3308-3311] "until such time as direct sea trade is established between a Nation in the Middle-Eastern
    Geographic Zone and a Nation in the China Geographic Zone": an open sea route between them, opened by the engine
    or recorded by the GM, ends the Silk Route."""
    nations = [state.nations.get(n) for n in (route.nation_a, route.nation_b)]
    zones = {n.geo_zone for n in nations if n is not None}
    if route.kind == "S" and not route.closed and zones == {"ME", "CH"} and not state.trade.silk_route_ended:
        return [SilkRouteEnded(route=route_id, nations=(route.nation_a, route.nation_b))]
    return []


def retrace(state: State, route: TradeRouteRecord) -> Trace | NoRoute | None:
    """A traced route traced again with its ports (None: the map cannot trace it)."""
    if route.kind == "S":
        if not state.sea_zones:
            return None
        return trace_sea(state, route.nation_a, route.nation_b, route.port_a, route.port_b)
    return trace_land(state, route.nation_a, route.nation_b) if land_map(state) else None


def unsustained(state: State, route_id: str, route: TradeRouteRecord, traced: Trace) -> str | None:
    """Why a traced sea route can no longer be sustained by its shipping, or None: [L3962-3963] "If you're closing
    down a route, just zero its allocated Merchant Shipping Points" (a sea route needs "at least one" MSP,
    [L3851-3853]); [L3855-3858] its length may not exceed "the Trade Range of nation providing the merchant
    shipping" (either partner's MSP on it, whose range reaches, will do)."""
    if traced.kind != "S":
        return None
    msp = {nid: economy.route_msp(state, route_id, nid) for nid in (route.nation_a, route.nation_b)}
    if not any(msp.values()):
        return "no MSP are left on the route ([L3962-3963] zeroing its MSP closes a sea route)"
    ranges = {nid: trade_range(state, nid) for nid, n in msp.items() if n}
    if all(reach < traced.sea_zones for reach in ranges.values()):
        shippers = ", ".join(f"{nid} {reach}" for nid, reach in sorted(ranges.items()))
        return (
            f"the route is now traced over {traced.sea_zones} sea zones, beyond the Trade Range of the nations "
            f"shipping on it ({shippers}; Table 5-1, [L3855-3858])"
        )
    return None


def r8_retrace(run: Runner) -> None:
    """[L3809] a route that can no longer be traced (or sustained by its shipping) lapses; one whose chain changed
    takes its new status. A route the GM keeps by hand is his, except that an LTC route lapses once the Silk Route
    has ended ([L3308-3311]: there is no Silk Route left to run along)."""
    state = run.state
    for route_id, route in sorted(state.routes.items()):
        if route.closed or any(n not in state.nations for n in (route.nation_a, route.nation_b)):
            continue
        if not route.traced:
            if route.status == "LTC" and state.trade.silk_route_ended:
                _lapse(run, route_id, route, "the Silk Route is no more ([L3308-3311]): an LTC route cannot run")
            continue
        traced = retrace(state, route)
        why = traced.message if isinstance(traced, NoRoute) else None
        if isinstance(traced, Trace):
            why = unsustained(state, route_id, route, traced)
        if why is not None:
            _lapse(run, route_id, route, why)
        elif isinstance(traced, Trace) and (traced.status != route.status or tuple(route.path) != traced.path):
            run.emit(
                TradeRouteStatusChanged(
                    route=route_id, nation_a=route.nation_a, nation_b=route.nation_b, status=traced.status,
                    reason=describe(state, traced), path=traced.path, sea_zones=traced.sea_zones,
                )
            )  # fmt: skip


def _lapse(run: Runner, route_id: str, route: TradeRouteRecord, why: str) -> None:
    run.emit(TradeRouteLapsed(route=route_id, nation_a=route.nation_a, nation_b=route.nation_b, reason=why))


def r8_routes(run: Runner) -> None:
    """[L2849-2866] open routes age by the turn's years, closed ones (and those Blocked by Warfare: "closed ... by
    warfare") lose `trade_decay_years_per_year` a year, never below 0; [L2922-2966] a sea route below capacity grows
    shipping.

    New MSP join the nation's first sea-trade fleet on the route; a nation without one gets none.
    """
    r8_retrace(run)
    state = run.state
    years, decay = state.years_per_turn, state.settings.trade_decay_years_per_year
    for route_id, route in sorted(state.routes.items()):
        if route.opened_turn > state.turn:
            continue
        if route.closed or route.condition == "war":
            if route.duration_years > 0:
                run.emit(RouteAged(route=route_id, duration_years=max(route.duration_years - years * decay, 0)))
            continue
        run.emit(RouteAged(route=route_id, duration_years=route.duration_years + years))
        _grow_shipping(run, route_id, route)


def _grow_shipping(run: Runner, route_id: str, route: TradeRouteRecord) -> None:
    state = run.state
    sides = (route.nation_a, route.nation_b)
    if route.kind != "S" or any(n not in state.nations for n in sides):
        return
    nations = [state.nations[n] for n in sides]
    msp = [economy.route_msp(state, route_id, n) for n in sides]
    emsp = [
        economy.effective_msp(msp[i], TABLES.economy.trade_range.values[nations[i].culture], route.sea_zones)
        for i in (0, 1)
    ]
    ttv = nations[0].revenue.itv + nations[1].revenue.itv
    for i in (0, 1):
        grown = economy.new_shipping(ttv, emsp[i], emsp[1 - i], nations[i].nmv, msp[i], msp[1 - i])
        fleet = next(
            (k for k, f in sorted(state.fleets.items())
             if f.nation == sides[i] and f.route == route_id and f.activity == "sea_trade"),
            None,
        )  # fmt: skip
        if grown and fleet is not None:
            run.emit(ShippingGrown(nation=sides[i], fleet=fleet, route=route_id, msp=grown))
