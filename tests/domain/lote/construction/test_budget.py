"""The expenditures section (§5.3): the sample order form (EX-31), mass conscription (EX-16), agro conversion."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.construction import budget
from domain.rulesets.lote.model.orders import (
    AgroToReserve,
    BuildPublicWorks,
    BuildUnits,
    Colonize,
    ConvertAgro,
    DeclareMassConscription,
    FoundCity,
    Invest,
)
from domain.rulesets.lote.model.state import Agro, Revenue, Support
from tests.domain.harness import Game
from tests.domain.lote.helpers import game, nation, region, scenario, seat

ROME = seat("wre")


def _rome(**fields: object) -> Game:
    base = {"tech_level": 7, "capital": "Latium", "census": True, "cav_qr": 8, "inf_qr": 8, "siege_qr": 8, "ob": 2}
    setup = scenario(
        nations={"wre": nation("Western Roman Empire", **{**base, **fields})},
        regions={
            "Latium": region(4, statuses={"wre": "hm"}),
            "Savoy": region(0, statuses={"wre": "f"}, depopulated=True, base_gpv=4),
            "Aquileia": region(2, statuses={"wre": "f"}),
            "Tuscany": region(3, statuses={"wre": "f"}),
        },
    )
    return game(setup)


def _sample_sheet(g: Game, nfp: int = 60) -> None:
    """The revenue and support blocks of the sample form (L15314-15342), as the GM's program assessed them."""
    revenue = Revenue(
        regional=Fraction("35.5"), city=Fraction("25.2"), inter_city=Fraction("26.2"),
        public_works=Fraction("123.0"), international=Fraction("80.0"),
    )  # fmt: skip
    support = Support(
        troop=Fraction("41.2"), government=Fraction(98), project=Fraction(6), intel=Fraction(4), religious=Fraction(4)
    )
    g.given(
        m.NationAssessed(
            nation="wre",
            revenue=revenue,
            support=support,
            agro=Agro(production=Fraction(100)),
            imperial_size=3,
            size_divisor=3,
            nfp_income=Fraction(nfp),
            mass_conscription_debt=Fraction(0),
            saved_nfp=Fraction(0),
        )
    )


def test_ex31_the_sample_order_form_adds_up_to_its_printed_totals() -> None:
    """EX-31 [L15310-15390] Base 209.9, Raw 289.9, Net 318.9 at 110%; support 153.2; investments 65.7; agro
    conversion a 20 GP credit; builds 120 GP / 60 NFP; saved 0 GP, 0 NFP.

    X: 289.9 x 110% is 318.89, which the form prints as 318.9; exact arithmetic leaves the form 0.01 GP over.
    """
    g = _rome()
    _sample_sheet(g)
    n = g.rules.nations["wre"]
    assert (n.revenue.base, n.revenue.raw) == (Fraction("209.9"), Fraction("289.9"))
    form = [
        Invest(line="1", rating="cav_qr", gp="10"),
        Invest(line="2", rating="inf_qr", gp="10"),
        Invest(line="3", rating="warship_qr", gp="10"),
        Invest(line="4", rating="siege_qr", gp="10"),
        Invest(line="5", rating="ob", gp="5.7"),
        Invest(line="6", rating="university", gp="20"),
        ConvertAgro(line="7", points=40, into="gp"),
        Colonize(line="8", target="Savoy", kind="depopulated", gp="40", nfp="40"),
        FoundCity(line="9", region="Aquileia", name="Venetia"),
        BuildPublicWorks(line="10", location="Tuscany", points=6),
    ]
    t = budget.totals(g.rules, n, form)
    assert t.net == Fraction("318.89") and round(float(t.net), 1) == 318.9
    assert t.support == Fraction("153.2") and t.investments == Fraction("65.7") and t.agro_credit == 20
    assert t.support + t.investments - t.agro_credit == Fraction("198.9")
    assert (t.builds_gp, t.nfp_spent) == (120, 60)
    assert t.gp_spent == Fraction("318.9") and t.saved_gp == Fraction("-0.01") and t.saved_nfp == 0


def test_agro_conversion_above_100_gp_base_revenue_buys_only_rating_investments() -> None:
    """[L2015-2016] Table 2-33, 100+ GP: 2 agro -> 1 GP invested in a rating; nothing invested, no credit."""
    g = _rome()
    _sample_sheet(g)
    t = budget.totals(g.rules, g.rules.nations["wre"], [ConvertAgro(line="a", points=40, into="gp")])
    assert t.agro_credit == 0


def test_agro_conversion_bands_are_half_open() -> None:
    """A18 [L2007-2017] [0,50), [50,100), [100,inf)."""
    assert [budget.conversion_band(Fraction(x)) for x in (0, 49, 50, 99, 100)] == [0, 0, 1, 1, 2]


def test_agro_points_cannot_exceed_the_surplus() -> None:
    """[L1969-1985] only surplus agro can be reserved or converted."""
    g = _rome(saved_gp="500")
    _sample_sheet(g)
    assert g.rejects(AgroToReserve(line="a", points=101), ROME).code == "lote.agro_surplus"
    g.when(AgroToReserve(line="a", points=100), ROME)


def test_reserves_suffer_30_percent_attrition_after_additions() -> None:
    """[L1969-1985] 1 GP per point added, then the whole reserve loses 30%."""
    g = _rome(saved_gp="500", agro_reserves="10")
    _sample_sheet(g)
    g.when(AgroToReserve(line="a", points=20), ROME)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assert g.rules.nations["wre"].agro_reserves == 21  # (10 + 20) x 0.7


def _conscripts() -> Game:
    g = _rome(saved_gp="1000")
    _sample_sheet(g, nfp=23)
    return g


def test_ex16_mass_conscription_allows_twice_the_nfp_income_for_troops() -> None:
    """EX-16 [L4234-4239] 23 NFP a turn: 46 this turn under mass conscription, and none the next."""
    g = _conscripts()
    assert g.rejects(BuildUnits(line="u", unit="I", count=24, location="Latium"), ROME).code == "lote.not_enough_nfp"
    g.when(DeclareMassConscription(line="mc"), ROME)
    assert g.rejects(BuildUnits(line="u", unit="I", count=47, location="Latium"), ROME).code == "lote.not_enough_nfp"
    g.when(BuildUnits(line="u", unit="I", count=46, location="Latium"), ROME)
    for _ in range(4):
        for item in list(g.rules.adjudications.values()):
            if item.outcome is None:
                g.when(m.ConfirmAdjudication(item_id=item.item_id))
        g.when(AdvancePhase())
    assert g.rules.nations["wre"].mass_conscription_debt == 23
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    assert next(e for e in events if isinstance(e, m.RevenueCollected)).nfp == 0


def test_mass_conscription_nfp_are_for_troops_only() -> None:
    """[L4230-4233] the extra NFP cannot pay for public works or investments."""
    g = _conscripts()
    g.when(DeclareMassConscription(line="mc"), ROME)
    assert g.rejects(Invest(line="i", rating="bl", nfp="24"), ROME).code == "lote.not_enough_nfp"


def test_project_support_can_be_paid_in_nfp_at_5_gp_each() -> None:
    """[L1696-1716] 1 NFP = 5 GP of project support; no more NFP than the project support needs."""
    g = _rome(saved_gp="500")
    _sample_sheet(g)
    from domain.rulesets.lote.model.orders import PayProjectSupportWithNFP

    assert g.rejects(PayProjectSupportWithNFP(line="p", nfp=2), ROME).code == "lote.too_much_nfp"  # 6 GP -> 1.2
    g.when(PayProjectSupportWithNFP(line="p", nfp=1), ROME)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    paid = next(e for e in events if isinstance(e, m.SupportPaid))
    assert (paid.paid, paid.nfp) == (Fraction("153.2") - 5, 1)


def test_agro_converted_above_100_gp_credits_only_what_is_invested_in_ratings() -> None:
    """[L2015-2016] 2 agro -> 1 GP "investment in a rating": 40 agro with 10 GP invested credit 10 GP, not 20."""
    g = _rome(saved_gp="500")
    _sample_sheet(g)
    g.when(Invest(line="i", rating="bl", gp="10"), ROME)
    g.when(ConvertAgro(line="a", points=40, into="gp"), ROME)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    assert next(e for e in events if isinstance(e, m.AgroConverted)).gp == 10
