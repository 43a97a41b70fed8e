"""A route's duration and shipping from turn to turn (§2.16.5 L2847-2862, §2.16.10 L2920-2966; Table 2-47)."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import CeaseTrade, InitiateTradeRoute, TradeWithAnyone
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import Game
from tests.domain.lote.helpers import seat
from tests.domain.lote.trade.maps import channel, settle

ENG, DEN = seat("eng"), seat("den")
CHAIN = ["Zealand", "Skaggerak", "Viking Bank", "North Sea", "Anglia", "Wessex"]


def _turn(g: Game) -> list[object]:
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    settle(g)
    events = list(g.when(AdvancePhase()))
    return events + list(g.when(AdvancePhase()))


def test_a_closed_route_loses_duration_and_a_route_reopened_keeps_what_is_left() -> None:
    """[L2849-2855] "As time passes, the Duration increases. If a route is closed for some reason (by warfare, lost
    provinces, et cetera), the duration degrades": the campaign's `trade_decay_years_per_year` (here 2) a year
    while closed; the pair's new route starts from what is left, not from nothing."""
    g = channel(Settings(trade_decay_years_per_year=2))
    years = g.rules.years_per_turn
    g.given(m.TradeRouteRecorded(route_id="R1", reason="kept by hand", route=TradeRouteRecord(
        kind="L", nation_a="den", nation_b="eng", status="LTH", duration_years=40)))  # fmt: skip
    g.when(CeaseTrade(line="c", partner="den"), ENG)
    _turn(g)
    assert g.rules.routes["R1"].closed and g.rules.routes["R1"].duration_years == 40 - 2 * years
    _turn(g)
    left = 40 - 4 * years
    assert g.rules.routes["R1"].duration_years == left
    g.when(InitiateTradeRoute(line="r", partner="den", from_port="Hull", to_port="Kobenhaven", sea_zones=3, msp=4,
                              fleet="home"), ENG)  # fmt: skip
    g.when(TradeWithAnyone(line="any"), DEN)
    _turn(g)
    new = g.rules.routes[f"t{g.rules.turn - 1}-den-eng"]
    assert new.duration_years == left and g.rules.routes["R1"].duration_years == left - 2 * years


def _under_capacity(condition: str = "") -> Game:
    """R1 with 1 English MSP: eMSP 1 against a TTV of 7, free capacity 6, NMV 0.1: 6 x 0.1 x 1/1 = 0.6, rounded 1."""
    g = channel()
    route = TradeRouteRecord(kind="S", nation_a="den", nation_b="eng", sea_zones=3, duration_years=30,
                             port_a="Kobenhaven", port_b="Hull", traced=True, path=CHAIN)  # fmt: skip
    g.given(m.TradeRouteRecorded(route_id="R1", route=route, reason="kept by hand"))
    g.given(m.MerchantFleetFormed(nation="eng", fleet="R1-eng", source="home", base_port="Hull", route="R1", msp=1))
    if condition:
        g.when(m.SetTradeCondition(route_id="R1", condition=condition, reason="the GM's ruling"))  # type: ignore[arg-type]
    return g


def test_shipping_grows_on_a_route_below_capacity_in_peace_and_under_blockade_but_not_at_war() -> None:
    """[L2922-2928] a route "not at capacity ... will 'fill up' with automatically generated Merchant Shipping as each
    nation's merchants realize that an opportunity exists"; a route Blocked by Warfare is closed to them
    ([L2849-2855] it is "closed ... by warfare", its duration degrading), a Blockaded one still trades (at 50%)."""
    grown = {}
    for condition in ("", "blockade", "war"):
        g = _under_capacity(condition)
        events = _turn(g)
        grown[condition] = [(e.nation, e.msp) for e in events if isinstance(e, m.ShippingGrown)]
    assert grown == {"": [("eng", 1)], "blockade": [("eng", 1)], "war": []}
