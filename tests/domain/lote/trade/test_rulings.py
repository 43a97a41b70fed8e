"""The GM's trade rulings: war and blockade on a route, blockaded ports, sea zones closed by piracy, hand-kept
routes handed to the tracer (§2.16.4 L2797-2805, §6.2.4.7 L5623-5640, §6.2.4.26 L6250-6268)."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import ruleset
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.model.orders import InitiateTradeRoute
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from domain.rulesets.lote.trade.trace import NoRoute, Trace, trace_sea
from tests.domain.harness import Game
from tests.domain.lote.helpers import seat
from tests.domain.lote.trade.maps import channel, sahara, settle

ENG, DEN = seat("eng"), seat("den")


def _hull_route(g: Game, **fields: object) -> None:
    route = TradeRouteRecord(kind="S", nation_a="den", nation_b="eng", sea_zones=3, duration_years=30,
                             port_a="Kobenhaven", port_b="Hull", **fields)  # type: ignore[arg-type]  # fmt: skip
    g.given(m.TradeRouteRecorded(route_id="R1", route=route, reason="kept by hand"))


def _end_turn(g: Game) -> list[object]:
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    settle(g)
    return list(g.when(AdvancePhase()))


def test_a_pair_cannot_open_a_second_route() -> None:
    """[L2758-2760] "A pair of nations cannot trade with one another both by sea and by land"."""
    g = channel()
    _hull_route(g)
    line = InitiateTradeRoute(line="r", partner="den", from_port="Hull", to_port="Kobenhaven", sea_zones=3, msp=4,
                              fleet="home")  # fmt: skip
    assert g.rejects(line, ENG).code == "lote.already_trading"


def test_war_between_the_partners_cuts_the_route_to_a_tenth() -> None:
    """[L2803-2805] "Blocked by Warfare if the two nations that had been trading ... are now at war": WAR, 10%
    against the route's LTO 85%; and its duration decays instead of growing ([L2849-2855])."""
    peace, war = channel(), channel()
    for g in (peace, war):
        g.given(m.TradeRouteRecorded(route_id="R1", reason="kept by hand", route=TradeRouteRecord(
            kind="L", nation_a="den", nation_b="eng", status="LTO", duration_years=30)))  # fmt: skip
    assert war.rejects(m.SetTradeCondition(route_id="R1", condition="blockade", reason="x")).code == (
        "lote.not_a_sea_route"
    )
    assert war.rejects(m.SetTradeCondition(route_id="R9", condition="war", reason="x")).code == "lote.unknown_route"
    assert war.rejects(m.SetTradeCondition(route_id="R1", condition="war", reason=" ")).code == "lote.reason_required"
    war.when(m.SetTradeCondition(route_id="R1", condition="war", reason="Denmark declared war on England"))
    _end_turn(peace)
    _end_turn(war)
    years = war.rules.years_per_turn
    assert (peace.rules.routes["R1"].duration_years, war.rules.routes["R1"].duration_years) == (30 + years, 30 - years)
    ratio = war.rules.nations["eng"].revenue.international / peace.rules.nations["eng"].revenue.international
    durations = economy.duration_modifier(30 - years) / economy.duration_modifier(30 + years)
    assert ratio == Fraction(10, 85) * durations  # the next sheet counts the aged (or decayed) duration


def test_a_blockaded_port_makes_the_route_blockaded_sea_trade() -> None:
    """[L2800-2802] a route "Blockaded by a hostile fleet" is BST (50%); the GM rules the blockade ([L5633-5636]
    more than 75% of the turn)."""
    g = channel()
    assert g.rejects(m.SetBlockade(port="Paris", by="fra", reason="x")).code == "lote.not_a_port"
    g.when(m.SetBlockade(port="Kobenhaven", by="fra", reason="the French fleet sat off Kobenhaven all turn"))
    traced = trace_sea(g.rules, "eng", "den", "Hull", "Kobenhaven")
    assert isinstance(traced, Trace) and traced.status == "BST"
    g.when(m.SetBlockade(port="Kobenhaven", reason="the French sailed home"))
    traced = trace_sea(g.rules, "eng", "den", "Hull", "Kobenhaven")
    assert isinstance(traced, Trace) and traced.status == "NST"


def test_piracy_closing_a_zone_lapses_the_routes_that_need_it() -> None:
    """[L6250-6268] piracy gets the pirates "a random amount of GP, dependent on the amount of Inter-Nation trade
    passing through the Sea Zone" (the GM's figure, at most that trade) and, with enough warships, "Close[s] down
    the Sea Zone to International Trade": a traced route with no other way lapses at the end of the turn."""
    g = channel()
    assert g.rejects(m.SetSeaZoneClosed(sea_zone="Baltic", by="den", reason="x")).code == "lote.unknown_sea_zone"
    _hull_route(g)
    g.given(m.MerchantFleetFormed(nation="eng", fleet="R1-eng", source="home", base_port="Hull", route="R1", msp=10))
    g.when(m.TraceTradeRoute(route_id="R1", reason="hand it to the tracer"))
    route = g.rules.routes["R1"]
    assert route.traced and route.path == ["Zealand", "Skaggerak", "Viking Bank", "North Sea", "Anglia", "Wessex"]
    over = g.rejects(m.RecordPiracy(sea_zone="Viking Bank", by="fra", gp="999", closes=True, reason="x"))
    assert over.code == "lote.piracy_over_trade" and "made" in over.message
    gold = g.rules.nations["fra"].gp
    g.when(m.RecordPiracy(sea_zone="Viking Bank", by="fra", gp="1", closes=True, reason="French pirates, 12 warships"))
    assert g.rules.nations["fra"].gp == gold + 1 and g.rules.trade.closed_zones == {"Viking Bank": "fra"}
    gone = trace_sea(g.rules, "eng", "den", "Hull", "Kobenhaven")
    assert isinstance(gone, NoRoute) and gone.code == "no_sea_route"
    events = _end_turn(g)
    assert any(isinstance(e, m.TradeRouteLapsed) and e.route == "R1" for e in events)
    g.when(m.SetSeaZoneClosed(sea_zone="Viking Bank", reason="the pirates sailed home"))
    assert g.rules.trade.closed_zones == {}


def test_a_hand_kept_route_on_a_map_less_scenario_cannot_be_traced() -> None:
    """Routes the GM kept by hand stay his where the scenario has no map to trace on."""
    g = sahara()  # no sea zones
    route = TradeRouteRecord(kind="S", nation_a="rt", nation_b="tan", sea_zones=2, duration_years=10)
    g.given(m.TradeRouteRecorded(route_id="R1", route=route, reason="kept by hand"))
    assert g.rejects(m.TraceTradeRoute(route_id="R1", reason="try")).code == "lote.map_untraceable"


def test_the_gm_grants_trading_privileges_or_restrictions_on_a_routes_duration() -> None:
    """[L2856-2862] "nations may be allowed to grant special trading privileges to certain other nations, increasing
    the Duration of a given trade route (useful for newly opened routes) ... restrictions may be placed ... reducing
    the Duration": the GM's grant adds years, a restriction takes them, never below 0; the partners see it."""
    g = channel()
    _hull_route(g)
    assert g.rejects(m.GrantTradePrivileges(route_id="R9", years=10, reason="x")).code == "lote.unknown_route"
    (granted,) = g.when(m.GrantTradePrivileges(route_id="R1", years=45, reason="the Hansa's charter"))
    assert isinstance(granted, m.TradePrivilegesGranted) and g.rules.routes["R1"].duration_years == 75
    g.when(m.GrantTradePrivileges(route_id="R1", years=-100, reason="the Danes close the Sound to English ships"))
    assert g.rules.routes["R1"].duration_years == 0
    assert ruleset.redact(granted, ENG) == msgspec.structs.replace(granted, reason="")
    assert ruleset.redact(granted, seat("fra")) is None
