"""Status-report and Newsfax lines of trade, and who sees its events (registered from `reports/`).

Status report (§2.16 L2715-2740): each route of the nation on one line: number, type, partners, status (the GM's
WAR or BST ruling shown over the traced status) with its throughput (Table 2-47; NST the GM's percentage), or
"closed" once closed; sea zones, duration, and the traced chain ("via ...") or "kept by hand" for a route the GM
records himself.

Visibility: a route's events are its two partners' (both see the route's data, [L2722-2740]); the GM's reasons
never show. A blockade is known to the blockader and to the nations holding the port (the fleet lies off it); a
piracy and a sea zone closed by it to the pirate, without the trade through the zone its take was measured
against (the other nations' route incomes). The end of the Silk Route is everyone's news ([L3308-3311]); a seat
not party to the route that ended it sees neither the route nor its nations.

Newsfax ([L3050-3061] "Hostile Military Actions against Other Nations" are always reported, as a raid is,
`military/pillage_report.py`): a blockade of another nation's port, under the blockader; a piracy with its take,
and the sea zone it closed, under the pirate; the end of the Silk Route as an announcement that names no one.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.enums import dec
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from domain.rulesets.lote.scenario.tables import TABLES
from domain.rulesets.lote.trade.events import (
    BlockadeSet,
    PiracyRecorded,
    SeaZoneClosedSet,
    SilkRouteEnded,
    TradeConditionSet,
    TradeEvent,
    TradePrivilegesGranted,
    TradeRouteLapsed,
    TradeRouteStatusChanged,
)

R = msgspec.structs.replace
CONDITION_STATUS = {"war": "WAR", "blockade": "BST"}


def route_line(route_id: str, route: TradeRouteRecord) -> str:
    """§2.16 L2715-2740: kind, partners, status and its Table 2-47 throughput (NST: the GM's percentage), sea zones,
    duration and the chain it runs along."""
    status = CONDITION_STATUS.get(route.condition, route.status)
    pct = route.nst_pct if status == "NST" else TABLES.economy.route_throughput.values[status] * 100
    shown = "closed" if route.closed else f"{status} {dec(Fraction(pct))}%"
    via = f" via {' - '.join(route.path)}" if route.traced and route.path else "" if route.traced else " kept by hand"
    only = f"; MSP by {route.msp_by[0]} only" if len(route.msp_by) == 1 else ""
    return (
        f"{route_id} {route.kind} {route.nation_a}-{route.nation_b} {shown} "
        f"{route.sea_zones} zones {route.duration_years} years{via}{only}"
    )


def redact_trade(event: TradeEvent, me: str | None) -> TradeEvent | None:
    match event:
        case TradeRouteStatusChanged() | TradeRouteLapsed():
            return event if me in (event.nation_a, event.nation_b) else None
        case TradeConditionSet() | TradePrivilegesGranted():
            return R(event, reason="") if me in (event.nation_a, event.nation_b) else None
        case BlockadeSet():
            seen = me is not None and (me == event.by or me in event.seen_by)
            return R(event, reason="", seen_by=()) if seen else None
        case SeaZoneClosedSet():
            return R(event, reason="") if me is not None and me == event.by else None
        case PiracyRecorded():
            return R(event, trade_gp=Fraction(0)) if me is not None and me == event.by else None
        case SilkRouteEnded():
            return event if me in event.nations else R(event, route="", nations=("", ""))
    return None


def news_lines(state: State, event: TradeEvent) -> list[tuple[str | None, str]]:
    """Newsfax lines (nation, or None for an announcement, and the text) an event drafts; `state` is the one before
    the event."""
    match event:
        case SilkRouteEnded():
            return [(None, "The Silk Route is no more: direct sea trade now joins the Middle East and China.")]
        case BlockadeSet(by=str(by)) if any(n != by for n in event.seen_by):
            place = event.port if event.port in state.cities else f"the coast of {event.port}"
            return [(by, f"Blockaded {place}.")]
        case PiracyRecorded():
            took = f" and seized {dec(event.gp)} gold" if event.gp else ""
            closed = f"; the {event.sea_zone} is closed to trade" if event.closes else ""
            return [(event.by, f"Pirates prowled the {event.sea_zone}{took}{closed}.")]
    return []
