"""The Trade Route Initiation line checked as it is entered ([L3979-4013]; §5.2.1-5.2.2): the engine traces the
route over the map (`trace.py`) and refuses one that cannot be traced, with the reason.

The player still names the ports, the length and the MSP of a sea route (the GM "will ignore you" otherwise,
[L3982-3984]); a length that is not the traced minimum is refused with the right figure ([L2864-2868]
"the minimum number of Sea Zones"). A scenario without a land map (no borders, no ferries) or without a sea
map (no sea zones) cannot be traced: the GM checks such routes by hand, as before automation.
"""

from __future__ import annotations

from domain.engine import Rejected
from domain.rulesets.lote.model.orders import InitiateTradeRoute, Order
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.scenario.tables import TABLES
from domain.rulesets.lote.trade.trace import NoRoute, Trace, trace_land, trace_sea


def refuse(order: Order, reason: str, message: str) -> Rejected:
    return Rejected(f"lote.{reason}", f"line {order.line!r} ({type(order).__name__}): {message}")


def is_sea(order: InitiateTradeRoute) -> bool:
    return order.sea_zones > 0 or order.from_port is not None or order.to_port is not None


def land_map(state: State) -> bool:
    return bool(state.borders or state.ferries)


def trace_order(state: State, nid: str, order: InitiateTradeRoute) -> Trace | NoRoute | None:
    """The route the line asks for, traced now (None: the map cannot trace it; the GM's)."""
    if is_sea(order):
        if not state.sea_zones:
            return None
        return trace_sea(state, nid, order.partner, order.from_port, order.to_port)
    return trace_land(state, nid, order.partner) if land_map(state) else None


def trade_range(state: State, nid: str) -> int:
    return int(TABLES.economy.trade_range.values[state.nations[nid].culture])


def check_initiation(state: State, nation: Nation, order: InitiateTradeRoute) -> Trace | None:
    """Refuse a line that cannot open a route; the traced route (None where the map cannot trace it)."""
    if order.partner not in state.nations or order.partner == nation.id:
        raise refuse(order, "unknown_nation", f"there is no other nation {order.partner!r}")
    pair = {nation.id, order.partner}
    if any(not r.closed and {r.nation_a, r.nation_b} == pair for r in state.routes.values()):
        raise refuse(
            order,
            "already_trading",
            f"you already trade with {order.partner}: a pair of nations trades by land or by sea, not both "
            "([L2758-2760]); cease trade first, or change the shipping on the route",
        )
    if is_sea(order) and (order.from_port is None or order.to_port is None or order.sea_zones == 0 or not order.msp):
        raise refuse(order, "incomplete_route", "a sea route needs your port, their port, its length and its MSP")
    traced = trace_order(state, nation.id, order)
    if isinstance(traced, NoRoute):
        raise refuse(order, traced.code, traced.message)
    if traced is not None and traced.kind == "S":
        _check_sea(state, nation, order, traced)
    if order.msp:
        _check_fleet(state, nation, order)
    return traced


def _check_sea(state: State, nation: Nation, order: InitiateTradeRoute, traced: Trace) -> None:
    zones = ", ".join(z for z in traced.path if z in state.sea_zones)
    if order.sea_zones != traced.sea_zones:
        raise refuse(
            order,
            "wrong_distance",
            f"the route from {order.from_port} to {order.to_port} crosses {traced.sea_zones} sea zone(s) ({zones}; "
            f"a strong current counts 2), not {order.sea_zones}",
        )
    if traced.msp_by and nation.id not in traced.msp_by:
        raise refuse(
            order,
            "msp_not_yours",
            f"{traced.msp_by[0]} holds both ports of this route, so only it may assign MSP to it ([L3882-3893])",
        )
    if traced.sea_zones > trade_range(state, nation.id):
        raise refuse(
            order,
            "out_of_trade_range",
            f"the route crosses {traced.sea_zones} sea zones; your merchants' Trade Range is "
            f"{trade_range(state, nation.id)} (Table 5-1, [L3855-3858])",
        )


def _check_fleet(state: State, nation: Nation, order: InitiateTradeRoute) -> None:
    if order.fleet is None:
        raise refuse(order, "no_fleet", "name the merchant fleet the route's MSP come from")
    fleet = state.fleets.get(order.fleet)
    if fleet is None or fleet.nation != nation.id:
        raise refuse(order, "unknown_fleet", f"you have no merchant fleet {order.fleet!r}")
    if fleet.msp < order.msp:
        raise refuse(order, "not_enough_msp", f"fleet {order.fleet!r} holds fewer than {order.msp} MSP")


def check_fleet_route(state: State, nation: Nation, order: Order, route_id: str) -> None:
    """A fleet put on Sea Trade serves one of its nation's open sea routes ([L2654-2660]) that its nation may ship
    on ([L3882-3893]). Another pair's route is refused in the words used for a route that does not exist: a seat
    learns nothing of routes it is not party to."""
    route = state.routes.get(route_id)
    if route is None or route.closed or nation.id not in (route.nation_a, route.nation_b):
        raise refuse(order, "unknown_route", f"you have no open trade route {route_id!r}")
    if route.kind != "S":
        raise refuse(order, "not_a_sea_route", f"route {route_id!r} runs over land: it carries no merchant shipping")
    if route.msp_by and nation.id not in route.msp_by:
        raise refuse(
            order,
            "msp_not_yours",
            f"{route.msp_by[0]} holds both ports of route {route_id!r}, so only it may assign MSP to it ([L3882-3893])",
        )
