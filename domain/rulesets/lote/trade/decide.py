"""The GM's trade commands: war and blockade on a route, blockaded ports, sea zones closed by piracy, and tracing
a hand-kept route."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.engine import Rejected
from domain.rulesets.lote.model.events import AdjudicationDecided, TradeRouteRecorded, TreasuryAdjusted
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.enums import at_least, dec
from domain.rulesets.lote.trade.commands import (
    GrantTradePrivileges,
    RecordPiracy,
    SetBlockade,
    SetSeaZoneClosed,
    SetTradeCondition,
    TraceTradeRoute,
    TradeCommand,
)
from domain.rulesets.lote.trade.events import (
    BlockadeSet,
    PiracyRecorded,
    SeaZoneClosedSet,
    TradeConditionSet,
    TradePrivilegesGranted,
)
from domain.rulesets.lote.trade.links import trade_through_zone
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
            return [_blockade(state, command)]
        case SetSeaZoneClosed():
            if command.sea_zone not in state.sea_zones:
                raise Rejected("lote.unknown_sea_zone", f"There is no sea zone {command.sea_zone!r}.")
            _nation(state, command.by)
            return [SeaZoneClosedSet(sea_zone=command.sea_zone, by=command.by, reason=_reason(command.reason))]
        case RecordPiracy():
            return _piracy(state, command)
        case GrantTradePrivileges():
            _route(state, command.route_id)
            route = state.routes[command.route_id]
            return [
                TradePrivilegesGranted(
                    route=command.route_id, nation_a=route.nation_a, nation_b=route.nation_b, years=command.years,
                    duration_years=max(route.duration_years + command.years, 0), reason=_reason(command.reason),
                )
            ]  # fmt: skip
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


def _blockade(state: State, command: SetBlockade) -> BlockadeSet:
    """[L5623-5640] a port city, or a coastal region (its coastline, "similarly closed off"); the nations holding
    it (NT or better) see the fleet off their coast."""
    city = state.cities.get(command.port)
    if city is not None and PORT_CODES & set(city.codes):
        statuses = city.statuses
    elif command.port in state.regions and any(c.region == command.port for c in state.coasts):
        statuses = state.regions[command.port].statuses
    else:
        raise Rejected("lote.not_a_port", f"{command.port!r} is neither a port city nor a coastal region.")
    _nation(state, command.by)
    seen_by = tuple(sorted(n for n, status in statuses.items() if at_least(status, "nt")))
    return BlockadeSet(port=command.port, by=command.by, reason=_reason(command.reason), seen_by=seen_by)


def _piracy_item(state: State, command: RecordPiracy) -> None:
    """The `piracy` item a PR step raised: pending, and the same fleet's nation and sea zone."""
    item = state.adjudications.get(command.item_id or "")
    if item is None or item.kind != "piracy":
        raise Rejected("lote.unknown_item", f"There is no piracy item {command.item_id!r}.")
    if item.outcome is not None:
        raise Rejected("lote.already_decided", f"Item {item.item_id!r} was decided: {item.outcome}.", status=409)
    if item.nation != command.by or item.subject.split(":", 1)[-1] != command.sea_zone:
        raise Rejected(
            "lote.piracy_item_mismatch",
            f"Item {item.item_id!r} is {item.nation}'s piracy in {item.subject.split(':', 1)[-1]}: name that nation "
            "and sea zone.",
        )


def _piracy(state: State, command: RecordPiracy) -> list[object]:
    if command.sea_zone not in state.sea_zones:
        raise Rejected("lote.unknown_sea_zone", f"There is no sea zone {command.sea_zone!r}.")
    _nation(state, command.by)
    reason = _reason(command.reason)
    gp, trade_gp = Fraction(command.gp), trade_through_zone(state, command.sea_zone)
    if gp > trade_gp:
        raise Rejected(
            "lote.piracy_over_trade",
            f"The routes through {command.sea_zone} made {dec(trade_gp)} GP this turn: the pirates take at most that "
            "([L6259-6261] 'dependent on the amount of Inter-Nation trade passing through the Sea Zone').",
        )
    events: list[object] = [
        PiracyRecorded(sea_zone=command.sea_zone, by=command.by, gp=gp, trade_gp=trade_gp, closes=command.closes)
    ]
    if command.item_id is not None:
        _piracy_item(state, command)
        outcome = f"{dec(gp)} GP" + (f", {command.sea_zone} closed" if command.closes else "")
        events.append(
            AdjudicationDecided(item_id=command.item_id, nation=command.by, outcome=outcome, overridden=True,
                                reason=reason)
        )  # fmt: skip
    if gp:
        events.append(TreasuryAdjusted(nation=command.by, gp=gp, nfp=Fraction(0), reason=f"piracy: {reason}"))
    if command.closes:
        events.append(SeaZoneClosedSet(sea_zone=command.sea_zone, by=command.by, reason=reason))
    return events
