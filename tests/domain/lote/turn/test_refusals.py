"""Order lines refused with their stable codes, for the refusals no rule example reaches (see
tests/test_rejection_codes.py). The nation is the small Venice of test_construction."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.lote.model.orders import (
    AssignFleet,
    BidMercenaries,
    BuildAlliedUnits,
    BuildFerryPoints,
    BuildFortress,
    BuildPublicWorks,
    BuildUnits,
    BuildWallPoints,
    Colonize,
    ConvertShipsToMSP,
    Demobilize,
    ExpandCity,
    FoundCity,
    PayMegalith,
)
from tests.domain.lote.construction.test_construction import V, _venice

CASES: list[tuple[str, Any]] = [
    ("lote.bad_count", BuildUnits(line="1", unit="I", count=0, location="Venice")),
    ("lote.unknown_unit", BuildUnits(line="1", unit="ZZ", count=1, location="Venice")),
    ("lote.unknown_army", BuildUnits(line="1", unit="I", count=1, location="Venice", army="nobody")),
    ("lote.army_elsewhere", BuildUnits(line="1", unit="I", count=1, location="Taska", army="doge")),
    ("lote.not_friendly", BuildFortress(line="1", region="Sicily")),
    ("lote.bad_number", BuildPublicWorks(line="1", location="Verona", points=1, nfp="lots")),
    ("lote.negative", BuildPublicWorks(line="1", location="Verona", points=1, nfp="-1")),
    ("lote.no_fortress", BuildWallPoints(line="1", location="Istria", count=1)),
    ("lote.name_taken", FoundCity(line="1", region="Po", name="Venice")),
    ("lote.not_coastal", FoundCity(line="1", region="Po", name="Padua", port_sea_zones=["Adriatic"])),
    ("lote.not_colonizable", Colonize(line="1", target="Istria", kind="unsettled", gp="10", nfp="10")),
    ("lote.not_depopulated", Colonize(line="1", target="Istria", kind="depopulated", gp="10", nfp="10")),
    ("lote.not_pacified", Colonize(line="1", target="Taska", kind="populated_city", gp="10", nfp="10")),
    ("lote.no_regions", PayMegalith(line="1", project="p", kind="monolith", regions=[], base_level="1",
                                    gp="0", nfp="0")),
    ("lote.unknown_ferry", BuildFerryPoints(line="1", ferry="nowhere", count=1)),
    ("lote.not_in_pool", BidMercenaries(line="1", pool="it", unit="LI", count=99, price="1", location="Venice")),
    ("lote.not_enough_units", Demobilize(line="1", location="Venice", units={"HT": 99}, army="doge")),
    ("lote.unknown_fleet", AssignFleet(line="1", fleet="nowhere", activity="internal")),
    ("lote.not_an_ally", BuildAlliedUnits(line="1", ally="doge", unit="I", count=1)),
    ("lote.not_enough_ships", ConvertShipsToMSP(line="1", fleet="f", army="doge", ships={"HT": 99})),
]  # fmt: skip


@pytest.mark.parametrize(("code", "order"), CASES, ids=[f"{c[0]}:{type(c[1]).__name__}" for c in CASES])
def test_each_refused_line_has_its_code(code: str, order: Any) -> None:
    assert _venice().rejects(order, V).code == code


def test_gm_rulings_and_form_edits_refused_with_their_codes() -> None:
    """The GM strikes only lines on a form; late orders are admitted after the deadline; a cancelled city is one
    being built; a Newsfax line has text; only a nation's seat sends orders."""
    from domain.rulesets.lote.model.commands import (
        AdmitLateOrders,
        CancelCityFoundation,
        PrintNews,
        StrikeOrder,
        WithdrawOrder,
    )
    from domain.rulesets.lote.model.orders import SetTaxRate
    from tests.domain.harness import GM

    g = _venice()
    assert g.rejects(StrikeOrder(nation="v", line="zz", reason="ruling"), GM).code == "lote.unknown_line"
    assert g.rejects(WithdrawOrder(line="zz"), V).code == "lote.unknown_line"
    assert g.rejects(AdmitLateOrders(nation="v", reason="ruling"), GM).code == "lote.not_late"
    assert g.rejects(CancelCityFoundation(name="Padua", reason="ruling"), GM).code == "lote.unknown_city_project"
    assert g.rejects(PrintNews(item_id="n1", text=" ", reason="ruling"), GM).code == "lote.empty_news"
    assert g.rejects(SetTaxRate(line="t", percent=100), GM).code == "lote.no_nation"


def test_an_adjudication_is_decided_once_with_an_outcome_of_its_kind() -> None:
    """[L4565-4566] a new colony's resistance is 1-10, confirmed or overridden by the GM once."""
    from domain.engine.messages import AdvancePhase
    from domain.rulesets.lote.model.commands import ConfirmAdjudication, OverrideAdjudication
    from tests.domain.harness import GM

    g = _venice()
    g.when(Colonize(line="c", target="Wild", kind="unsettled", gp="15", nfp="15"), V)
    g.when(AdvancePhase())
    g.dice(7, sides=10, purpose="colony-resistance:Wild")
    g.when(AdvancePhase())
    item = "t1-v-colony_resistance-Wild"
    assert g.rejects(OverrideAdjudication(item_id=item, outcome="11", reason="ruling"), GM).code == "lote.bad_outcome"
    g.when(ConfirmAdjudication(item_id=item))
    assert g.rejects(ConfirmAdjudication(item_id=item), GM).code == "lote.already_decided"


def test_builds_beyond_what_the_tables_allow_are_refused() -> None:
    """Table 13-5: cavalry (C) is not a pre-Columbian unit; Table 5-13: a city in tundra stops at 3 GPv; Table
    5-7: no public works on the ocean; [L2690-2712] MSP are based at a port."""
    from tests.domain.lote.helpers import city, game, nation, region, scenario

    assert _venice(culture="P").rejects(BuildUnits(line="1", unit="C", count=1, location="Venice"), V).code == (
        "lote.unit_not_available"
    )
    setup = scenario(
        nations={"v": nation("V")},
        regions={"T": region(1, "t", statuses={"v": "hm"}), "O": region(0, "o", statuses={"v": "hm"})},
        cities={"Igloo": city("T", 3, statuses={"v": "hm"})},
    )
    g = game(setup)
    assert g.rejects(ExpandCity(line="1", city="Igloo"), V).code == "lote.city_max_size"
    # Table 5-7 caps ocean public works at 0 (so Table 5-5's missing ocean cost is never reached)
    assert g.rejects(BuildPublicWorks(line="2", location="O", points=1), V).code == "lote.pwb_cap"
    assert _venice().rejects(AssignFleet(line="1", fleet="f", base_port="Taska"), V).code == "lote.not_a_port"


def test_a_port_area_builds_at_most_20_light_ships_a_turn() -> None:
    """[L4729-4733] a Port Area builds at most 20 light ships per turn: 21 light transports in Verona are refused."""
    order = BuildUnits(line="1", unit="LT", count=21, location="Verona")
    assert _venice().rejects(order, V).code == "lote.port_area_limit"


def test_a_port_bases_at_most_its_gpv_x_20_msp_of_all_nations() -> None:
    """[L2690-2712] a nation bases up to GPv x 20 x tax multiple MSP at a port (Homeland: 5 x 20 x 2 = 200), but
    all the nations together only GPv x 20 = 100: a fleet of 150 MSP does not fit in Venice."""
    from tests.domain.lote.helpers import city, game, nation, region, scenario

    setup = scenario(
        nations={"v": nation("Venice", capital="Venice")},
        regions={"Verona": region(4, statuses={"v": "hm"}, coastal=True)},
        cities={"Venice": city("Verona", 5, codes=["c", "p"], statuses={"v": "hm"})},
        fleets={"f": {"nation": "v", "base_port": "Venice", "activity": "internal", "msp": 150}},
    )
    assert game(setup).rejects(AssignFleet(line="1", fleet="f", activity="internal"), V).code == "lote.port_full"


def test_a_sea_route_names_the_fleet_its_msp_come_from() -> None:
    """[L3979-4013] a sea route names its MSP, which come from one of the nation's merchant fleets."""
    from domain.rulesets.lote.model.orders import InitiateTradeRoute
    from tests.domain.lote.economy.test_trade import ENG, _north_sea

    route = InitiateTradeRoute(line="r", partner="den", from_port="Hull", to_port="Kobenhaven", sea_zones=3, msp=4)
    assert _north_sea().rejects(route, ENG).code == "lote.no_fleet"


def test_slave_nfp_pay_at_most_the_city_nfp_and_at_most_the_slaves_held() -> None:
    """[L4650-4654] a Slave economy pays a city's NFP in slave NFP: no more than the city costs (25 NFP in
    woods), and no more than the nation holds (30 slave NFP): 20 for Slavetown leave 10, not the 11 asked for
    Harbour's next GPv (15 NFP in woods)."""
    from tests.domain.lote.construction.test_construction import _ports
    from tests.domain.lote.helpers import seat

    s = seat("s")
    g = _ports(bl=2)
    assert g.rejects(FoundCity(line="c", region="Mid", name="Big", slave_nfp=26), s).code == "lote.too_many_slaves"
    g.when(FoundCity(line="c", region="Mid", name="Slavetown", slave_nfp=20), s)
    second = ExpandCity(line="d", city="Harbour", slave_nfp=11)
    assert g.rejects(second, s).code == "lote.not_enough_slaves"


def test_a_megalith_project_belongs_to_the_nation_that_began_it() -> None:
    """[L4742-4760] a construct is paid over turns by the nation that builds it; another nation cannot pay into
    it."""
    from domain.engine.messages import AdvancePhase
    from tests.domain.lote.economy.test_trade import DEN, ENG, _north_sea

    g = _north_sea()
    g.when(PayMegalith(line="m", project="ring", kind="monolith", regions=["Anglia"], base_level="2", gp="50",
                       nfp="0"), ENG)  # fmt: skip
    for _ in range(4):
        g.when(AdvancePhase())
    taken = PayMegalith(line="m", project="ring", kind="monolith", regions=["Zealand"], base_level="2", gp="1", nfp="0")
    assert g.rejects(taken, DEN).code == "lote.project_taken"
