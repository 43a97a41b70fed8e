"""The GM's trade commands: war and blockade on a route, blockaded ports, sea zones closed by piracy, and tracing
a hand-kept route."""

from __future__ import annotations

import msgspec

from domain.engine import Rejected
from domain.rulesets.lote.model.events import TradeRouteRecorded
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.trade.commands import (
    SetBlockade,
    SetSeaZoneClosed,
    SetTradeCondition,
    TraceTradeRoute,
    TradeCommand,
)
from domain.rulesets.lote.trade.events import BlockadeSet, SeaZoneClosedSet, TradeConditionSet
from domain.rulesets.lote.trade.resolve import retrace
from domain.rulesets.lote.trade.trace import PORT_CODES, NoRoute


def _reason(reason: str) -> str:
    if not reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    return reason


def _nation(state: State, nid: str | None) -> None:
    if nid is not None and nid not in state.nations:
        raise Rejected("lote.unknown_nation", f"There is no nation {nid!r}.")


def _route(state: State, route_id: str) -> None:
    if route_id not in state.routes:
        raise Rejected("lote.unknown_route", f"There is no trade route {route_id!r}.")


def decide_trade(state: State, command: TradeCommand) -> list[object]:
    match command:
        case SetTradeCondition():
            _route(state, command.route_id)
            route = state.routes[command.route_id]
            if command.condition == "blockade" and route.kind != "S":
                raise Rejected("lote.not_a_sea_route", "Only a sea route can be Blockaded (Table 2-47 BST).")
            return [TradeConditionSet(route=command.route_id, nation_a=route.nation_a, nation_b=route.nation_b,
                                      condition=command.condition, reason=_reason(command.reason))]  # fmt: skip
        case SetBlockade():
            city = state.cities.get(command.port)
            if city is None or not PORT_CODES & set(city.codes):
                raise Rejected("lote.not_a_port", f"{command.port!r} is not a port city.")
            _nation(state, command.by)
            return [BlockadeSet(port=command.port, by=command.by, reason=_reason(command.reason))]
        case SetSeaZoneClosed():
            if command.sea_zone not in state.sea_zones:
                raise Rejected("lote.unknown_sea_zone", f"There is no sea zone {command.sea_zone!r}.")
            _nation(state, command.by)
            return [SeaZoneClosedSet(sea_zone=command.sea_zone, by=command.by, reason=_reason(command.reason))]
        case TraceTradeRoute():
            _route(state, command.route_id)
            route = state.routes[command.route_id]
            traced = retrace(state, route)
            if traced is None:
                raise Rejected("lote.map_untraceable", "The scenario's map has no borders or sea zones to trace on.")
            if isinstance(traced, NoRoute):
                raise Rejected(f"lote.{traced.code}", f"Route {command.route_id!r} cannot be traced: {traced.message}")
            record = msgspec.structs.replace(
                route, traced=True, status=traced.status, path=list(traced.path), sea_zones=traced.sea_zones,
                msp_by=list(traced.msp_by) if len(traced.msp_by) == 1 else [],
            )  # fmt: skip
            return [TradeRouteRecorded(route_id=command.route_id, route=record, reason=_reason(command.reason))]
    raise AssertionError(f"unexpected command {command!r}")
