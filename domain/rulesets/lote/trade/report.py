"""Status-report and Newsfax lines of trade, and who sees its events (registered from `reports/`).

Status report (§2.16 L2715-2740): each route of the nation on one line: number, type, partners, status (the GM's
WAR or BST ruling shown over the traced status, "closed" once closed), NST %, sea zones, duration, and the traced
chain ("via ...") or "kept by hand" for a route the GM records himself.

Visibility: a route's events are its two partners' (both see the route's data, [L2722-2740]); the GM's reasons
never show. A blockade or a sea zone closed by piracy is known to the nation that did it (the partners see its
effect on their routes when the routes are re-traced). The end of the Silk Route is everyone's news
([L3308-3311]); a seat not party to the route that ended it sees no route number.
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from domain.rulesets.lote.trade.events import (
    BlockadeSet,
    PiracyRecorded,
    SeaZoneClosedSet,
    SilkRouteEnded,
    TradeConditionSet,
    TradeEvent,
    TradeRouteLapsed,
    TradeRouteStatusChanged,
)

R = msgspec.structs.replace
CONDITION_STATUS = {"war": "WAR", "blockade": "BST"}


def route_line(route_id: str, route: TradeRouteRecord) -> str:
    """§2.16 L2715-2740: kind, partners, status, NST, sea zones, duration and the chain it runs along."""
    status = "closed" if route.closed else CONDITION_STATUS.get(route.condition, route.status)
    via = f" via {' - '.join(route.path)}" if route.traced and route.path else "" if route.traced else " kept by hand"
    only = f"; MSP by {route.msp_by[0]} only" if len(route.msp_by) == 1 else ""
    return (
        f"{route_id} {route.kind} {route.nation_a}-{route.nation_b} {status} {route.nst_pct}% "
        f"{route.sea_zones} zones {route.duration_years} years{via}{only}"
    )


def redact_trade(event: TradeEvent, me: str | None) -> TradeEvent | None:
    match event:
        case TradeRouteStatusChanged() | TradeRouteLapsed():
            return event if me in (event.nation_a, event.nation_b) else None
        case TradeConditionSet():
            return R(event, reason="") if me in (event.nation_a, event.nation_b) else None
        case BlockadeSet() | SeaZoneClosedSet():
            return R(event, reason="") if me is not None and me == event.by else None
        case PiracyRecorded():
            return event if me == event.by else None
        case SilkRouteEnded():
            return event if me in event.nations else R(event, route="")
    return None


def news_lines(state: State, event: TradeEvent) -> list[tuple[str, str]]:
    """Newsfax lines (nation, text) an event drafts: the end of the Silk Route, for the two nations whose direct sea
    trade ended it (the state is the one before the event)."""
    if isinstance(event, SilkRouteEnded):
        a, b = (state.nations[n].name if n in state.nations else n for n in event.nations)
        text = f"Direct sea trade between {a} and {b}: the Silk Route is no more."
        return [(event.nations[0], text)]
    return []
