"""What the turn's trade steps do to the next turn's sheet: a route re-traced, lapsed or aged at the end of a turn
is assessed as it now stands (the sheets of R8 are drawn after the routes, §2.16.4-2.16.5, §5.2)."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.model.orders import InitiateTradeRoute, TradeWithAnyone
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from tests.domain.harness import Game
from tests.domain.lote.helpers import seat
from tests.domain.lote.trade.maps import channel, sahara, settle

RT, TAN = seat("rt"), seat("tan")


def _turn(g: Game) -> list[object]:
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    settle(g)
    events = list(g.when(AdvancePhase()))
    return events + list(g.when(AdvancePhase()))


def test_a_route_that_lapses_pays_nothing_on_the_next_sheet() -> None:
    """[L3808-3809] trade continues "until such time as: The Trade Route can no longer be sustained"; EX-68
    [L2822-2827] the oasis falls and "the route would be Closed": the sheet drawn at the end of that turn, for the
    turn the route no longer runs, has no international trade income from it."""
    g = sahara()
    g.when(InitiateTradeRoute(line="r", partner="tan"), RT)
    g.when(TradeWithAnyone(line="any"), TAN)
    _turn(g)
    assert g.rules.nations["rt"].revenue.international > 0
    g.when(m.SetControlStatus(place="Terhazza", nation="sen", status="t", reason="the Blue Turbans take it"))
    _turn(g)
    assert g.rules.routes["t1-rt-tan"].closed
    assert g.rules.nations["rt"].revenue.international == 0


def test_a_blockaded_port_halves_the_next_sheets_trade() -> None:
    """[L2800-2802] a route "Blockaded by a hostile fleet" is BST, 50% throughput (Table 2-47): the turn the GM rules
    the blockade the route is re-traced BST and the next sheet counts half of what NST would."""
    free, blockaded = channel(), channel()
    chain = ["Zealand", "Skaggerak", "Viking Bank", "North Sea", "Anglia", "Wessex"]
    route = TradeRouteRecord(kind="S", nation_a="den", nation_b="eng", sea_zones=3, duration_years=30,
                             port_a="Kobenhaven", port_b="Hull", traced=True, path=chain)  # fmt: skip
    for g in (free, blockaded):
        g.given(m.TradeRouteRecorded(route_id="R1", reason="kept by hand", route=route))
        g.given(m.MerchantFleetFormed(nation="eng", fleet="R1-eng", source="home", base_port="Hull", route="R1",
                                      msp=10))  # fmt: skip
    blockaded.when(m.SetBlockade(port="Kobenhaven", by="fra", reason="the French fleet sat off Kobenhaven all turn"))
    _turn(free)
    _turn(blockaded)
    assert blockaded.rules.routes["R1"].status == "BST"
    ratio = blockaded.rules.nations["eng"].revenue.international / free.rules.nations["eng"].revenue.international
    assert ratio == Fraction(1, 2)


def test_a_route_ages_before_the_next_sheet_is_drawn() -> None:
    """[L2849-2852] "As time passes, the Duration increases": the years of the turn just ended count on the next
    sheet's duration modifier ([L11760-11765] D = sqrt(d / 100), at least 0.5)."""
    g = channel()
    g.given(m.TradeRouteRecorded(route_id="R1", reason="kept by hand", route=TradeRouteRecord(
        kind="L", nation_a="den", nation_b="eng", status="LTO", duration_years=95)))  # fmt: skip
    years = g.rules.years_per_turn
    _turn(g)
    route = g.rules.routes["R1"]
    assert route.duration_years == 95 + years
    itvs = {nid: n.revenue.itv for nid, n in g.rules.nations.items()}
    sheet = economy.international_trade_income(g.rules, g.rules.nations["eng"], itvs)
    assert g.rules.nations["eng"].revenue.international == sheet
    assert economy.duration_modifier(route.duration_years) == Fraction(1)
