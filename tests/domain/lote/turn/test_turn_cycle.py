"""The turn cycle of §1.2: orders open until the deadline, late orders, defaults, R0..R8, adjudication, reports."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import FreeformOrder, Invest, SetTaxRate
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import city, example_setup, game, nation, region, scenario, seat, settle_control

BYZ, DAN = seat("byz"), seat("dan")


def _start() -> Game:
    return game(example_setup())


def _decide_all(g: Game) -> None:
    for item in list(g.rules.adjudications.values()):
        if item.outcome is not None:
            continue
        if item.kind == "freeform":
            g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="done", reason="ruled"))
        else:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))


def test_the_phase_table_runs_orders_validation_adjudication_reports() -> None:
    g = _start()
    phases = []
    for _ in range(4):
        phases.append(g.state.meta.phase)
        _decide_all(g)
        g.when(AdvancePhase())
    assert phases == ["orders", "validation", "adjudication", "reports"]
    assert (g.state.meta.turn, g.state.meta.phase, g.rules.turn, g.rules.year) == (2, "orders", 2, 1005)


def test_orders_can_be_revised_until_the_deadline() -> None:
    """[L27-31] each line can be revised until the deadline: the same line id replaces the earlier line."""
    g = _start()
    g.when(SetTaxRate(line="t", percent=120), BYZ)
    g.when(SetTaxRate(line="t", percent=110), BYZ)
    assert g.rules.forms["byz"].lines["t"] == SetTaxRate(line="t", percent=110)
    g.when(m.WithdrawOrder(line="t"), BYZ)
    assert "t" not in g.rules.forms["byz"].lines


def test_after_the_deadline_orders_are_refused_unless_the_gm_admits_them() -> None:
    """[L27-31] late orders at the GM's discretion ("usually not")."""
    g = _start()
    g.when(AdvancePhase())
    assert g.rejects(SetTaxRate(line="t", percent=110), BYZ).code == "lote.orders_locked"
    g.when(m.AdmitLateOrders(nation="byz", reason="the post was late"))
    g.when(SetTaxRate(line="t", percent=110), BYZ)
    assert "t" in g.rules.forms["byz"].lines


def test_nations_that_sent_no_orders_get_the_default_orders() -> None:
    """[L48-50] a nation that sent nothing still pays; it builds and invests nothing."""
    g = _start()
    g.when(m.SubmitOrders(), DAN)
    events = g.when(AdvancePhase())
    locked = next(e for e in events if isinstance(e, m.OrdersLocked))
    assert set(locked.without_orders) == {"byz", "kip", "rus"}
    assert {e.nation for e in events if isinstance(e, m.DefaultOrdersApplied)} == {"byz", "kip", "rus"}


def test_resolution_collects_revenue_then_pays_support_in_that_order() -> None:
    """R1 then R2 [L4028-4043; L1567-1789]: net = raw x tax rate, then support is paid from it."""
    g = _start()
    byz = g.rules.nations["byz"]
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    kinds = [type(e).__name__ for e in events if getattr(e, "nation", None) == "byz"]
    assert kinds.index("RevenueCollected") < kinds.index("SupportPaid")
    revenue = next(e for e in events if isinstance(e, m.RevenueCollected) and e.nation == "byz")
    assert revenue.net == byz.revenue.raw and revenue.nfp == byz.nfp_income
    after = g.rules.nations["byz"]
    assert after.gp == byz.gp + byz.revenue.raw - byz.support.total


def test_an_investment_is_proposed_with_recorded_dice_and_waits_for_the_gm() -> None:
    """[L4062-4079] the success roll is the GM's: the engine proposes with 2d6, the turn waits for a decision."""
    g = _start()
    g.when(Invest(line="i", rating="siege_qr", gp="60"), BYZ)
    g.when(AdvancePhase())
    g.dice(6, 6, purpose="investment:byz:siege_qr")
    g.when(AdvancePhase())
    item = g.rules.adjudications["t1-byz-investment-siege_qr"]
    assert (item.proposal, item.rolls) == ("rise", (6, 6))
    assert g.rules.nations["byz"].pools["siege_qr"] == 60
    assert g.rejects(AdvancePhase()).code == "lote.adjudication_pending"
    g.when(m.ConfirmAdjudication(item_id=item.item_id))
    settle_control(g)
    g.when(AdvancePhase())
    assert g.rules.nations["byz"].siege_qr == 6 and g.rules.nations["byz"].pools["siege_qr"] == 0


def test_the_gm_may_override_a_proposal_only_with_a_reason() -> None:
    g = _start()
    g.when(Invest(line="i", rating="bl", gp="5"), BYZ)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    item_id = "t1-byz-investment-bl"
    assert g.rejects(m.OverrideAdjudication(item_id=item_id, outcome="rise", reason=" ")).code == "lote.reason_required"
    g.when(m.OverrideAdjudication(item_id=item_id, outcome="rise", reason="a generous GM"))
    assert g.rules.adjudications[item_id].overridden
    settle_control(g)
    g.when(AdvancePhase())
    assert g.rules.nations["byz"].bl == 4


def test_nfp_counts_double_in_an_investment_pool() -> None:
    """[L4073] each NFP invested counts as 2 GP."""
    g = _start()
    g.when(Invest(line="i", rating="inf_qr", gp="10", nfp="5"), BYZ)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assert g.rules.nations["byz"].pools["inf_qr"] == 20


def test_a_rating_at_its_cap_takes_no_investment() -> None:
    """[L4087-4136] Table 5-3: a Barbarian TL 3 nation's infantry QR is at most 5, its cavalry QR too."""
    setup = scenario(
        nations={
            "b": nation("B", culture="B", government="feudal_monarchy", tech_level=3, inf_qr=5, cav_qr=3, saved_gp="50")
        },
        regions={"R": region(2, statuses={"b": "hm"})},
    )
    g = game(setup)
    assert g.rejects(Invest(line="i", rating="inf_qr", gp="5"), seat("b")).code == "lote.rating_at_cap"
    g.when(Invest(line="c", rating="cav_qr", gp="5"), seat("b"))


def test_bl_is_capped_by_the_government_type() -> None:
    """[L460-674] a Feudal Monarchy's BL is at most 1."""
    setup = scenario(
        nations={"f": nation("F", government="feudal_monarchy", bl=1)}, regions={"R": region(2, statuses={"f": "hm"})}
    )
    assert game(setup).rejects(Invest(line="i", rating="bl", gp="5"), seat("f")).code == "lote.rating_at_cap"


def test_a_freeform_order_becomes_an_item_the_gm_must_rule_on_in_words() -> None:
    g = _start()
    g.when(FreeformOrder(line="f", text="Basil marches on Preslav"), BYZ)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    item = g.rules.adjudications["t1-byz-freeform-f"]
    assert g.rejects(m.ConfirmAdjudication(item_id=item.item_id)).code == "lote.needs_ruling"
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="Preslav besieged", reason="no opposition"))
    assert g.rules.adjudications[item.item_id].outcome == "Preslav besieged"


def test_next_turn_sheets_are_assessed_when_the_turn_closes() -> None:
    """R8 [L52-56]: the report at the start of turn N+1 shows the revenue for N+1; saved gold carries over."""
    g = _start()
    for _ in range(3):
        _decide_all(g)
        g.when(AdvancePhase())
    assessed = [e for e in g.events if isinstance(e, m.NationAssessed)]
    assert {e.nation for e in assessed} == set(g.rules.nations)
    assert any(isinstance(e, m.ReportsDrafted) for e in g.events)


def test_three_turns_run_for_four_nations_without_orders() -> None:
    g = _start()
    for _ in range(12):
        _decide_all(g)
        g.when(AdvancePhase())
    assert g.rules.turn == 4 and g.rules.year == 1015
    assert all(n.gp >= 0 for n in g.rules.nations.values())


def test_a_gm_treasury_adjustment_needs_a_reason_and_moves_gold() -> None:
    g = _start()
    before = g.rules.nations["kip"].gp
    assert g.rejects(m.AdjustTreasury(nation="kip", gp="10", nfp="0", reason="")).code == "lote.reason_required"
    g.when(m.AdjustTreasury(nation="kip", gp="10", nfp="0", reason="tribute from Kiev"))
    assert g.rules.nations["kip"].gp == before + 10
    assert g.rejects(m.AdjustTreasury(nation="kip", gp="1", nfp="0", reason="x"), BYZ).code == "engine.forbidden"


def test_tax_rate_cannot_exceed_150_percent() -> None:
    """[L1361-1363] 150% for a five-year turn."""
    g = _start()
    assert g.rejects(SetTaxRate(line="t", percent=151), BYZ).code == "lote.tax_rate_too_high"


def test_tax_rate_cannot_fall_below_paying_the_government() -> None:
    """[L1363-1365] the minimum is the rate that pays the government support."""
    g = _start()
    assert g.rejects(SetTaxRate(line="t", percent=1), BYZ).code == "lote.tax_rate_too_low"


def test_a_declared_tax_rate_applies_to_this_turns_revenue() -> None:
    """Sample form L15314-15340: the declared rate multiplies this form's raw revenue."""
    g = _start()
    raw = g.rules.nations["byz"].revenue.raw
    g.when(SetTaxRate(line="t", percent=120), BYZ)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    collected = next(e for e in events if isinstance(e, m.RevenueCollected) and e.nation == "byz")
    assert collected.net == raw * Fraction(120, 100)


def test_gm_is_the_only_one_to_confirm() -> None:
    g = _start()
    assert g.rejects(m.ConfirmAdjudication(item_id="x"), BYZ).code == "engine.forbidden"
    assert g.rejects(m.ConfirmAdjudication(item_id="x"), GM).code == "lote.unknown_item"


def test_open_routes_age_and_an_over_capacity_route_grows_no_shipping() -> None:
    """[L2849-2866] open routes age by the turn's years; [L2951-2956] R1 (56 eMSP > TTV 6) grows nothing."""
    g = _start()
    for _ in range(3):
        _decide_all(g)
        g.when(AdvancePhase())
    assert g.rules.routes["R1"].duration_years == 30 and g.rules.routes["R2"].duration_years == 55
    assert not [e for e in g.events if isinstance(e, m.ShippingGrown)]


def test_a_sea_route_below_capacity_grows_shipping_for_both_partners() -> None:
    """[L2922-2966] free = ceil(TTV) - eMSP - eMSP; new MSP = free x NMV x own share, rounded."""
    sides = {}
    for n, port, land in (("a", "PA", "LA"), ("b", "PB", "LB")):
        sides[n] = (port, land)
    setup = scenario(
        nations={n: nation(n.upper(), nmv="0.5") for n in sides},
        regions={land: region(3, statuses={n: "f"}) for n, (_, land) in sides.items()},
        cities={port: city(land, 10, codes=["p"], statuses={n: "f"}) for n, (port, land) in sides.items()},
        fleets={f"f{n}": {"nation": n, "base_port": port, "activity": "sea_trade", "route": "X", "msp": 1}
                for n, (port, _) in sides.items()},
        trade_routes={"X": {"kind": "S", "nation_a": "a", "nation_b": "b", "sea_zones": 3, "duration_years": 20}},
    )  # fmt: skip
    g = game(setup)
    itv = g.rules.nations["a"].revenue.itv
    assert itv == 4 + Fraction(1, 3)  # CTV 10/3 x 1.5 x 0.8 = 4, + IS 1 / divisor 3
    for _ in range(3):
        _decide_all(g)
        g.when(AdvancePhase())
    grown = {e.nation: e.msp for e in g.events if isinstance(e, m.ShippingGrown)}
    assert grown == {"a": 2, "b": 2}  # free = 9 - 1 - 1 = 7; 7 x 0.5 x 1/2 = 1.75 -> 2
    assert g.rules.fleets["fa"].msp == 3


def test_an_agro_deficit_beyond_the_reserves_proposes_famine_and_the_ruling_sets_the_tax_status() -> None:
    """[L1949-1959] a deficit the reserves cannot cover threatens famine; the GM rules the tax status."""
    setup = scenario(
        nations={"h": nation("Hungry", saved_gp="50")},
        regions={"Rock": region(1, "m", statuses={"h": "hm"})},
        cities={"Town": city("Rock", 4, statuses={"h": "hm"})},
    )
    g = game(setup)
    assert g.rules.nations["h"].agro.surplus == -8  # a 4 GPv mountain town eats 4 x 2; the mountain grows nothing
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    item = g.rules.adjudications["t1-h-agro_deficit-famine"]
    assert item.proposal == "F"
    g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    assert g.rules.nations["h"].tax_status == "F"


def test_the_stat_sheet_keeps_loans_and_the_royal_family_for_its_nation() -> None:
    g = _start()
    view = g.view(seat("rus"))
    assert [f.name for f in view.royal_family] == ["Yaroslav"]
    assert g.view(BYZ).royal_family[0].notes == "co-emperor"


def test_a_line_the_gm_strikes_in_validation_is_not_resolved() -> None:
    """Validation (§1.2): the GM removes a line he will not process, with a reason the nation sees without it."""
    g = _start()
    g.when(Invest(line="i", rating="siege_qr", gp="30"), BYZ)
    g.when(AdvancePhase())
    assert g.rejects(m.StrikeOrder(nation="byz", line="i", reason="")).code == "lote.reason_required"
    g.when(m.StrikeOrder(nation="byz", line="i", reason="illegible"))
    events = g.when(AdvancePhase())
    assert not [e for e in events if isinstance(e, m.InvestmentMade)]
    assert g.rules.forms["byz"].struck == {"i": "illegible"}


def test_gm_rulings_record_battle_outcomes_as_typed_events() -> None:
    """Digest §7.1.2: what is not automated is still playable: casualties, movement and damage are typed rulings."""
    g = _start()
    g.when(m.AdjustUnits(nation="byz", army="byz-1", units={"I": -5, "HC": -20}, reason="battle of Kleidion"))
    assert g.rules.leaders["byz-1"].units == {"I": 15}
    g.when(m.MoveLeader(leader="byz-1", location="Bulgaria", status="C", reason="campaigned in Bulgaria"))
    assert (g.rules.leaders["byz-1"].location, g.rules.leaders["byz-1"].status) == ("Bulgaria", "C")
    g.when(m.AdjustPlace(place="Kiev", walls=0, pwb=0, reason="sacked by the Kipchaks"))
    assert (g.rules.cities["Kiev"].walls, g.rules.cities["Kiev"].pwb) == (0, 0)
    assert g.rejects(m.MoveLeader(leader="byz-1", location="Atlantis", reason="x")).code == "lote.unknown_place"


def test_an_army_on_campaign_last_turn_costs_double_support() -> None:
    """[L1580-1583; Table 2-21] units that fought in the previous turn cost double (status C)."""
    g = _start()
    before = g.rules.nations["dan"].support.troop
    g.when(m.MoveLeader(leader="dan-1", location="Roskilde", status="C", reason="fought the Wends"))
    for _ in range(4):
        _decide_all(g)
        g.when(AdvancePhase())
    assert g.rules.nations["dan"].support.troop == 2 * before


def test_the_gm_degrades_ratings_and_changes_types_by_typed_rulings() -> None:
    """[L1656-1673] unpaid government support degrades BL and Infra: the GM enters the new levels."""
    g = _start()
    g.when(m.SetNationParameter(nation="byz", parameter="bl", value="2", reason="government support unpaid"))
    g.when(m.SetNationParameter(nation="kip", parameter="government", value="feudal_monarchy", reason="settled"))
    assert (g.rules.nations["byz"].bl, g.rules.nations["kip"].government) == (2, "feudal_monarchy")
    bad = m.SetNationParameter(nation="kip", parameter="government", value="kingdom", reason="x")
    assert g.rejects(bad).code == "lote.bad_value"
    assert (
        g.rejects(m.SetNationParameter(nation="kip", parameter="bl", value="-1", reason="x")).code == "lote.bad_value"
    )


def test_the_treasury_moves_at_the_start_of_the_turn() -> None:
    """[L8423-8436] to a city or region of the empire."""
    from domain.rulesets.lote.model.orders import MoveTreasury

    g = _start()
    assert g.rejects(MoveTreasury(line="t", location="Kiev"), BYZ).code == "lote.not_controlled"
    g.when(MoveTreasury(line="t", location="Nicaea"), BYZ)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assert g.rules.nations["byz"].treasury == "Nicaea"


def test_a_bad_harvest_shrinks_the_next_agro_production() -> None:
    """[L1848-1862] 75%-125% per geographic zone, GM-set; production x harvest."""
    g = _start()
    assert g.rejects(m.SetHarvest(zone="EE", percent=70, reason="drought")).code == "lote.bad_harvest"
    base = g.rules.nations["rus"].agro.production
    g.when(m.SetHarvest(zone="EE", percent=80, reason="drought"))
    for _ in range(4):
        _decide_all(g)
        g.when(AdvancePhase())
    assert g.rules.nations["rus"].agro.production == base * Fraction(80, 100)


def test_garrison_units_demobilise_into_local_nfp() -> None:
    """[L4379-4396] a garrison's units become NFP usable at that place this turn."""
    from domain.rulesets.lote.model.orders import BuildPublicWorks, Demobilize

    g = _start()
    g.when(Demobilize(line="d", location="Bulgaria", units={"I": 4}), BYZ)
    g.when(BuildPublicWorks(line="w", location="Bulgaria", points=2, nfp="4"), BYZ)  # mountains: 20 GP a point
    nfp = g.rules.nations["byz"].nfp + g.rules.nations["byz"].nfp_income
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assert g.rules.regions["Bulgaria"].garrison["byz"] == {"I": 2}
    assert g.rules.regions["Bulgaria"].pwb == 2
    assert g.rules.nations["byz"].nfp == nfp  # the 4 NFP standing in for 8 GP came from the demobilised infantry
