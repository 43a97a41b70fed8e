"""Folding the trade events into the state. Total: an event naming a route that is gone changes nothing."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.rulesets.lote.model.state import State
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


def _route(state: State, route_id: str, **changes: object) -> State:
    route = state.routes.get(route_id)
    if route is None:
        return state
    return R(state, routes={**state.routes, route_id: R(route, **changes)})


def _without(table: dict[str, str], key: str, value: str | None) -> dict[str, str]:
    rest = {k: v for k, v in table.items() if k != key}
    return rest if value is None else {**rest, key: value}


def evolve_trade(state: State, event: TradeEvent) -> State:
    match event:
        case TradeRouteStatusChanged():
            return _route(state, event.route, status=event.status, path=list(event.path), sea_zones=event.sea_zones)
        case TradeRouteLapsed():
            return _route(state, event.route, closed=True)
        case TradeConditionSet():
            return _route(state, event.route, condition=event.condition)
        case BlockadeSet():
            turns = {k: v for k, v in state.trade.blockade_turns.items() if k != event.port}
            if event.by is not None:
                turns[event.port] = state.turn
            trade = R(
                state.trade, blockades=_without(state.trade.blockades, event.port, event.by), blockade_turns=turns
            )
            return R(state, trade=trade)
        case SeaZoneClosedSet():
            turns = {k: v for k, v in state.trade.closed_zone_turns.items() if k != event.sea_zone}
            if event.by is not None:
                turns[event.sea_zone] = state.turn
            closed = _without(state.trade.closed_zones, event.sea_zone, event.by)
            return R(state, trade=R(state.trade, closed_zones=closed, closed_zone_turns=turns))
        case PiracyRecorded():
            return state  # the gold moves by the TreasuryAdjusted beside it; the zone by SeaZoneClosedSet
        case SilkRouteEnded():
            return R(state, trade=R(state.trade, silk_route_ended=True))
        case TradePrivilegesGranted():
            return _route(state, event.route, duration_years=event.duration_years)
        case _:
            assert_never(event)
