"""A route's life after it opens: the Silk Route's end, gold and agro along trade links, the
status-report line, and routes the GM kept by hand before tracing (carried over from a running game)."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.finance.orders import BuyAgro, SellAgro, TransferGold
from domain.rulesets.lote.model.orders import InitiateTradeRoute, TradeWithAnyone
from domain.rulesets.lote.reports.reports import build_report
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from domain.rulesets.lote.trade.trace import Trace, trace_land
from tests.domain.harness import Game
from tests.domain.lote.helpers import seat
from tests.domain.lote.trade.maps import channel, settle, silk_road

ENG, DEN = seat("eng"), seat("den")


def _turn(g: Game) -> list[object]:
    """From the orders phase to the next turn's orders."""
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    settle(g)
    events = list(g.when(AdvancePhase()))
    return events + list(g.when(AdvancePhase()))


def _open_hull_route(g: Game) -> None:
    g.when(InitiateTradeRoute(line="r", partner="den", from_port="Hull", to_port="Kobenhaven", sea_zones=3, msp=4,
                              fleet="home"), ENG)  # fmt: skip
    g.when(TradeWithAnyone(line="any"), DEN)


def test_gold_passes_only_along_a_route_that_trades_this_turn() -> None:
    """[L8869-8872] gold goes unlimited to "nations with which it is trading"; [L3806-3808] a route trades from the
    turn after it opened; [L2803-2805] partners at war do not trade."""
    g = channel()
    _open_hull_route(g)
    assert g.rejects(TransferGold(line="g", to="den", amount="10"), ENG).code == "lote.not_trading"
    _turn(g)
    route_id = "t1-den-eng"
    assert g.rules.routes[route_id].opened_turn == 2 and g.rules.turn == 2
    g.when(TransferGold(line="g", to="den", amount="10"), ENG)
    g.when(m.SetTradeCondition(route_id=route_id, condition="war", reason="war declared"))
    assert g.rejects(TransferGold(line="h", to="den", amount="10"), ENG).code == "lote.not_trading"


def test_gold_and_agro_are_delivered_along_the_trade_link() -> None:
    """[L8869-8872] "A nation can transfer an unlimited number of Gold Points (GP) to other nations with which it is
    trading"; [L1987-1991] "Surplus Agro can be sold by a Nation to any of its trade partners ... handled directly
    through the trade connections": the turn the Hull route trades, English gold reaches Denmark and English agro
    Denmark's reserves, neither carried by a leader; before the route trades both lines are refused."""
    g = channel()
    _open_hull_route(g)
    assert g.rejects(SellAgro(line="a", buyer="den", points=2, price="3"), ENG).code == "lote.not_trading"
    _turn(g)
    g.when(TransferGold(line="g", to="den", amount="10"), ENG)
    g.when(SellAgro(line="a", buyer="den", points=2, price="3"), ENG)
    g.when(BuyAgro(line="b", seller="eng", points=2, price="3"), DEN)
    reserves = g.rules.nations["den"].agro_reserves
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    sent = [(e.nation, e.to, e.amount) for e in events if isinstance(e, m.GoldTransferred)]
    sold = [(e.nation, e.to, e.points, e.price) for e in events if isinstance(e, m.AgroSold)]
    assert sent == [("eng", "den", 10)] and sold == [("eng", "den", 2, 3)]
    assert g.rules.nations["den"].agro_reserves > reserves  # the 2 points joined them (less the harvest's attrition)


def test_direct_sea_trade_between_the_middle_east_and_china_ends_the_silk_route() -> None:
    """[L3308-3311] "The Silk Route remains in effect until such time as direct sea trade is established between a
    Nation in the Middle-Eastern Geographic Zone and a Nation in the China Geographic Zone": the LTC route lapses
    at the end of that turn (a traced one, and one the GM keeps by hand) and Persia's Silk Route region bonus stops
    ([L3299-3303] +1 regional GP)."""
    g = silk_road(sea=True)
    g.given(m.TradeRouteRecorded(route_id="t0-lao-per", reason="open", route=TradeRouteRecord(
        kind="L", nation_a="lao", nation_b="per", status="LTC", traced=True,
        path=["Laos", "Yanzhi", "Tarim", "Kashgar", "Kara-Khitai", "Fars"])))  # fmt: skip
    g.given(m.TradeRouteRecorded(route_id="H1", reason="the GM's", route=TradeRouteRecord(
        kind="L", nation_a="chn", nation_b="lao", status="LTC", duration_years=40)))  # fmt: skip
    assert g.rules.nations["per"].revenue.fur_silk == 1
    g.when(InitiateTradeRoute(line="r", partner="chn", from_port="Hormuz", to_port="Canton", sea_zones=3, msp=4,
                              fleet="dhows"), seat("per"))  # fmt: skip
    g.when(TradeWithAnyone(line="any"), seat("chn"))
    events = _turn(g)
    ended = [
        (type(e).__name__, getattr(e, "route", ""))
        for e in events
        if isinstance(e, m.SilkRouteEnded | m.TradeRouteLapsed)
    ]
    assert ended == [("SilkRouteEnded", "t1-chn-per"), ("TradeRouteLapsed", "H1"), ("TradeRouteLapsed", "t0-lao-per")]
    assert g.rules.trade.silk_route_ended and g.rules.routes["t0-lao-per"].closed
    assert g.rules.routes["H1"].closed  # the GM's own LTC route has no Silk Route left to run along either
    assert g.rules.nations["per"].revenue.fur_silk == 0
    assert isinstance(trace_land(silk_road().rules, "per", "lao"), Trace)
    newsfax = next(e.newsfax for e in events if isinstance(e, m.NewsfaxPublished))
    assert newsfax.announcements == ["The Silk Route is no more: direct sea trade now joins the Middle East and China."]
    assert "China" not in str([n.lines for n in newsfax.nations])  # who traded is the partners' own business


def test_routes_the_gm_kept_by_hand_carry_over_from_a_running_game() -> None:
    """Before tracing, routes were the GM's records (digest §7.2 P1-C). Stored events of that time decode, and their
    routes keep the GM's status, keep paying and keep ageing: the engine neither re-traces nor closes them (England
    and Denmark share no land, yet the GM's LTH land route stands) until the GM hands one to the tracer."""
    g = channel()
    old = [
        ("TradeRouteRecorded", b'{"type":"TradeRouteRecorded","route_id":"H1","reason":"the Hansa charter",'
         b'"route":{"kind":"L","nation_a":"den","nation_b":"eng","status":"LTH","duration_years":40}}'),
        ("RouteAged", b'{"type":"RouteAged","route":"H1","duration_years":45}'),
    ]  # fmt: skip
    g.given(*(g.codec.decode_event(tag, data) for tag, data in old))
    route = g.rules.routes["H1"]
    assert (route.traced, route.path, route.condition, route.duration_years) == (False, [], "", 45)
    line = build_report(g.rules, "eng", 1, 1005).routes["H1"]
    assert line == "H1 L den-eng LTH 80% 0 zones 45 years kept by hand"  # Table 2-47: LTH passes 80%
    years = g.rules.years_per_turn
    events = _turn(g)
    assert not any(isinstance(e, m.TradeRouteLapsed | m.TradeRouteStatusChanged) for e in events)
    route = g.rules.routes["H1"]
    assert (route.status, route.closed, route.duration_years) == ("LTH", False, 45 + years)
    assert g.rules.nations["eng"].revenue.international > 0
    rejected = g.rejects(m.TraceTradeRoute(route_id="H1", reason="hand it over"))
    assert rejected.code == "lote.no_land_route"


def test_a_sea_route_the_gm_records_between_the_middle_east_and_china_ends_the_silk_route_too() -> None:
    """[L3308-3311] direct sea trade "established" between the two zones ends the Silk Route, whoever records the
    route: the GM's hand-kept Persian-Chinese sea route does as the engine's would."""
    g = silk_road(sea=True)
    route = TradeRouteRecord(kind="S", nation_a="chn", nation_b="per", sea_zones=3, port_a="Canton", port_b="Hormuz")
    events = g.when(m.RecordTradeRoute(route_id="H2", route=route, reason="the GM's record of a running game"))
    assert [type(e).__name__ for e in events] == ["TradeRouteRecorded", "SilkRouteEnded"]
    assert g.rules.trade.silk_route_ended
    land = TradeRouteRecord(kind="L", nation_a="chn", nation_b="per", status="LTC")
    assert [type(e).__name__ for e in silk_road().when(m.RecordTradeRoute(route_id="H3", route=land, reason="x"))] == [
        "TradeRouteRecorded"
    ]
