"""Trade and shipping orders (§5.2): EX-12 shipping allocation, EX-13 a new sea route, cessation."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.model.orders import CeaseTrade, InitiateTradeRoute, TradeWithAnyone, WithdrawShips
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario, seat

ENG, DEN = seat("eng"), seat("den")


def _north_sea() -> Game:
    setup = scenario(
        nations={"eng": nation("England", capital="Hull", saved_gp="200"),
                 "den": nation("Denmark", culture="S", capital="Kobenhaven", saved_gp="200")},
        regions={"Anglia": region(3, statuses={"eng": "hm"}), "Zealand": region(3, statuses={"den": "hm"})},
        cities={"Hull": city("Anglia", 4, codes=["p"], statuses={"eng": "hm"}),
                "Kobenhaven": city("Zealand", 5, codes=["c", "p"], statuses={"den": "hm"})},
        fleets={"home": {"nation": "eng", "base_port": "Hull", "activity": "internal", "msp": 40},
                "r174": {"nation": "den", "base_port": "Kobenhaven", "activity": "internal", "msp": 45}},
    )  # fmt: skip
    return game(setup)


def _close(g: Game) -> None:
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    g.when(AdvancePhase())


def test_ex12_taking_ten_transports_off_a_route_removes_30_msp() -> None:
    """EX-12 [L3971-3977] "Route# 00174 / delta MSP -30 / delta Ships -10t"."""
    g = _north_sea()
    assert g.rejects(WithdrawShips(line="s", fleet="r174", ships={"I": 1}), DEN).code == "lote.not_a_ship"
    assert g.rejects(WithdrawShips(line="s", fleet="r174", ships={"T": 16}), DEN).code == "lote.not_enough_msp"
    g.when(WithdrawShips(line="s", fleet="r174", ships={"T": 10}), DEN)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    withdrawn = next(e for e in events if isinstance(e, m.ShipsWithdrawn))
    assert withdrawn.msp == 30 and g.rules.fleets["r174"].msp == 15
    assert g.rules.cities["Kobenhaven"].garrison["den"]["T"] == 10


def test_ex13_a_new_sea_route_opens_when_the_partner_accepts_and_trades_from_the_next_turn() -> None:
    """EX-13 [L3997-4010] "New Route: Denmark(Kobenhaven) from Hull, 3sz, 4msp"; Denmark trades with anyone."""
    g = _north_sea()
    route = InitiateTradeRoute(
        line="r", partner="den", from_port="Hull", to_port="Kobenhaven", sea_zones=3, msp=4, fleet="home"
    )
    g.when(route, ENG)
    g.when(TradeWithAnyone(line="any"), DEN)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    item = g.rules.adjudications["t1-den-trade_route-den~eng"]
    assert item.proposal == "open"
    _close(g)
    recorded = g.rules.routes["t1-den-eng"]
    assert (recorded.kind, recorded.sea_zones, recorded.port_b, recorded.port_a) == ("S", 3, "Hull", "Kobenhaven")
    assert g.rules.fleets["t1-den-eng-eng"].msp == 4 and g.rules.fleets["home"].msp == 36
    assert g.rules.nations["eng"].revenue.international > 0  # the sheet for turn 2 counts the route


def test_a_route_one_side_did_not_initiate_is_proposed_for_refusal() -> None:
    """[L3799-3804] both nations must initiate with each other, or one declares "Trade With Anyone": the item is the
    asker's (England's); Denmark, which did not take the request up, is not told of it."""
    g = _north_sea()
    g.when(InitiateTradeRoute(line="r", partner="den"), ENG)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assert g.rules.adjudications["t1-eng-trade_route-den~eng"].proposal == "refuse"
    assert not [i for i in g.rules.adjudications.values() if i.nation == "den" and i.kind == "trade_route"]


def test_an_incomplete_sea_route_request_is_refused() -> None:
    """[L3979-3990] the GM ignores a sea route missing its ports, length or MSP."""
    g = _north_sea()
    rejected = g.rejects(InitiateTradeRoute(line="r", partner="den", sea_zones=3, msp=4, fleet="home"), ENG)
    assert rejected.code == "lote.incomplete_route"


def test_ceasing_trade_closes_the_route() -> None:
    """[L3808-3813]."""
    g = _north_sea()
    old = TradeRouteRecord(kind="L", nation_a="eng", nation_b="den", duration_years=30)
    g.given(m.TradeRouteRecorded(route_id="X", route=old, reason="an old route"))
    g.when(CeaseTrade(line="c", partner="den"), ENG)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assert g.rules.routes["X"].closed


def test_a_fleet_put_on_fishing_feeds_the_next_harvest() -> None:
    """[L2681-2689] 20 MSP fishing give 1 agro (x harvest); the duty changes at the start of the turn."""
    from domain.rulesets.lote.model.orders import AssignFleet

    g = _north_sea()
    before = g.rules.nations["eng"].agro.production
    assert g.rejects(AssignFleet(line="f", fleet="home", base_port="Kobenhaven"), ENG).code == "lote.port_not_held"
    assert g.rejects(AssignFleet(line="f", fleet="home", activity="sea_trade", route="Z"), ENG).code == (
        "lote.unknown_route"
    )
    g.when(AssignFleet(line="f", fleet="home", activity="fishing"), ENG)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    _close(g)
    assert g.rules.fleets["home"].activity == "fishing"
    assert g.rules.nations["eng"].agro.production == before + 2  # 40 MSP / 20


def test_the_gm_records_a_trade_route_and_it_pays_from_the_next_assessment() -> None:
    """Digest §7.2 P1-C: trade routes are GM-maintained records valued by the §12.1 formula."""
    g = _north_sea()
    route = TradeRouteRecord(kind="L", nation_a="eng", nation_b="den", status="LTO", duration_years=100)
    assert g.rejects(m.RecordTradeRoute(route_id="L1", route=route, reason="")).code == "lote.reason_required"
    g.when(m.RecordTradeRoute(route_id="L1", route=route, reason="the Hansa charter"))
    assert g.rules.nations["eng"].revenue.international == 0
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    _close(g)
    eng, den = g.rules.nations["eng"], g.rules.nations["den"]
    aged = g.rules.routes["L1"].duration_years  # the turn's years count before the next sheet is drawn
    assert aged == 100 + g.rules.years_per_turn
    duration = economy.duration_modifier(aged)
    assert eng.revenue.international == eng.revenue.itv * den.revenue.itv * eng.nmv * duration * Fraction(85, 100)
