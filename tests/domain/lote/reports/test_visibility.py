"""Visibility (digest §1.6): a nation sees its own state; hidden stats stay hidden even from the owner."""

from __future__ import annotations

from domain.engine import PUBLIC
from domain.engine.game import redact
from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import ruleset
from domain.rulesets.lote.model.orders import Invest, SetTaxRate
from tests.domain.harness import GM
from tests.domain.lote.helpers import example_setup, game, seat

BYZ, DAN = seat("byz"), seat("dan")


def test_a_nation_sees_only_its_own_stat_sheet_regions_and_leaders() -> None:
    g = game(example_setup())
    view = g.view(BYZ)
    assert set(view.nations) == {"byz"}
    assert set(view.regions) == {"Thrace", "Bithynia", "Bulgaria"}
    assert {x.nation for x in view.leaders.values()} == {"byz"}
    assert set(view.fleets) == {"byz-internal"} and set(view.routes) == {"R2"}
    assert set(view.nation_names) == {"byz", "dan", "kip", "rus"}  # names are public (the Newsfax)


def test_the_kings_leadership_and_leaders_loyalty_are_hidden_even_from_the_owner() -> None:
    """[L2111-2117] the King's Leadership and every leader's Loyalty are known only to the GM."""
    g = game(example_setup())
    assert all(x.hidden is None for x in g.view(BYZ).leaders.values())
    assert g.view(GM).leaders["byz-1"].hidden == 9


def test_hostile_and_at_war_statuses_are_not_on_the_status_report() -> None:
    """[L2227-2230] Hostile and At War regions are GM-only."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Khazar", nation="byz", status="hs", reason="raids"))
    assert "Khazar" not in g.view(BYZ).regions
    assert g.view(GM).regions["Khazar"].statuses["byz"] == "hs"


def test_an_observer_sees_no_nation_sheets() -> None:
    view = game(example_setup()).view(PUBLIC)
    assert view.nations == {} and view.regions == {} and view.leaders == {}


def test_another_nations_orders_are_invisible() -> None:
    g = game(example_setup())
    (entered,) = g.when(SetTaxRate(line="t", percent=110), BYZ)
    assert redact(ruleset, entered, BYZ) == entered
    assert redact(ruleset, entered, DAN) is None
    assert g.view(DAN).forms == {}


def test_the_gms_dice_and_proposals_are_hidden_from_the_nation() -> None:
    g = game(example_setup())
    g.when(Invest(line="i", rating="siege_qr", gp="40"), BYZ)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    roll = next(e for e in events if type(e).__name__ == "DiceRolled" and e.purpose.startswith("investment:byz"))
    raised = next(e for e in events if isinstance(e, m.AdjudicationRaised) and e.item.nation == "byz")
    assert redact(ruleset, roll, BYZ) is None
    seen = redact(ruleset, raised, BYZ)
    assert seen is not None and seen.item.rolls == () and seen.item.proposal == ""
    assert redact(ruleset, raised, DAN) is None
    assert g.view(BYZ).adjudications[raised.item.item_id].rolls == ()


def test_a_gm_ruling_reaches_its_nation_without_the_reason() -> None:
    g = game(example_setup())
    (ruling,) = g.when(m.AdjustTreasury(nation="dan", gp="5", nfp="0", reason="bribe from Byzantium"))
    seen = redact(ruleset, ruling, DAN)
    assert seen is not None and seen.reason == "" and seen.gp == 5
    assert redact(ruleset, ruling, BYZ) is None


def test_a_new_city_is_not_published_through_the_event_stream() -> None:
    """[L3050-3061; L6836-6849] the Newsfax prints new cities unless concealed: that is the report layer's call."""
    founded = m.CityFounded(nation="byz", region="Thrace", name="Rhaidestos", port_sea_zones=())
    assert redact(ruleset, founded, BYZ) == founded
    assert redact(ruleset, founded, DAN) is None and redact(ruleset, founded, PUBLIC) is None


def test_a_nations_view_adds_up_its_order_form_and_derived_figures() -> None:
    """[L1273-1299] HBZ ceil(3/2) = 2; [L1509-1519] Action Range floor(5/2) = 2; the form's totals balance."""
    g = game(example_setup())
    g.when(Invest(line="i", rating="siege_qr", gp="25"), BYZ)
    derived = g.view(BYZ).derived["byz"]
    byz = g.rules.nations["byz"]
    assert (derived.hbz, derived.action_range, derived.capital_fixed) == (2, 2, True)
    assert derived.form_gp_available == byz.gp + byz.revenue.raw
    assert derived.form_gp_spent == byz.support.total + 25
    assert derived.form_saved_gp == derived.form_gp_available - derived.form_gp_spent
    assert derived.rating_caps["siege_qr"] == 8 and derived.max_tax_pct == 150
    assert set(g.view(DAN).derived) == {"dan"}


def test_another_nations_hostile_or_at_war_status_is_not_in_a_region_a_nation_sees() -> None:
    """[L2227-2230] Hostile and At War are GM-only: Byzantium sees Bulgaria, but not that Kiev is At War there
    or that Denmark is Hostile to it; the GM sees both."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Bulgaria", nation="kip", status="aw", reason="war"))
    g.when(m.SetControlStatus(place="Bulgaria", nation="dan", status="hs", reason="raids"))
    seen = g.view(BYZ).regions["Bulgaria"].statuses
    assert "kip" not in seen and "dan" not in seen and "byz" in seen
    assert (g.view(GM).regions["Bulgaria"].statuses["kip"], g.view(GM).regions["Bulgaria"].statuses["dan"]) == (
        "aw",
        "hs",
    )
