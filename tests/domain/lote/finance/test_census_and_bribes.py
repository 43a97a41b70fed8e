"""The census (§9.1.6 [L8438-8467]) and bribing mercenaries (§5.5.3 [L4516-4531])."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.finance.orders import BribeMercenaries, ConductCensus, CounterBribe
from domain.rulesets.lote.model.orders import BidMercenaries, GiveItinerary, Step
from tests.domain.harness import Game
from tests.domain.lote.finance.helpers import bankers, play
from tests.domain.lote.helpers import city, game, nation, of, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king


def ming() -> Game:
    """Nineteen Friendly provinces and 30 GPv of Friendly cities (Beijing 10, Nanjing 10, Xian 10)."""
    regions: dict[str, Any] = {f"P{i}": region(2, statuses={"ming": "f"}) for i in range(19)}
    regions["Home"] = region(2, statuses={"ming": "hm"})
    cities = {name: city(f"P{i}", 10, statuses={"ming": "f"}) for i, name in enumerate(("Beijing", "Nanjing", "Xian"))}
    setup = scenario(
        nations={"ming": nation("Ming", culture="C", capital="Beijing", saved_gp="500", saved_nfp="50")},
        regions=regions,
        cities=cities,
        leaders={
            "emperor": king("ming", "Beijing"),
            "botuai": king("ming", "Beijing", type="L", army_no="2", name="Botuai"),
            "ally": king("ming", "Beijing", type="A", army_no="3"),
            "far": king("ming", "Home", type="L", army_no="4"),
        },
    )
    return game(setup)


def test_ex25_the_ming_census_costs_110_gp_and_6_nfp_and_taxes_at_110_percent() -> None:
    """EX-25, [L8456-8465]: "they control nineteen friendly provinces. Their census (conducted by General Botuai,
    a Lieutenant) will cost them ((19 regions x 5) + (30 GPv of friendly cities x 1/2) = 110) GP and (110 / 20 = 6)
    NFP ... their normal Tax Status will become 'C' for Census in Effect and their base Tax Rate will become
    (100% x 1.1 = 110%)."""
    g = ming()
    events = play(g, {"ming": [ConductCensus(line="c", leader="botuai")]})
    (census,) = of(events, m.CensusConducted)
    assert (census.leader, census.gp, census.nfp) == ("botuai", 110, 6)
    ming_ = g.rules.nations["ming"]
    assert ming_.census and ming_.tax_status == "C"
    assert economy.effective_tax_pct(g.rules, ming_) == 110
    assert g.rejects(ConductCensus(line="c", leader="botuai"), seat("ming")).code == "lote.census_active"


def test_a_national_leader_at_the_capital_conducts_the_census() -> None:
    """[L8442-8443] "A National Leader (King, Heir, Prince or Lieutenant) must also perform the CC (Conduct Census)
    action", which is done at the capital ([L6460-6472], 8 AP: an itinerary of his must include it)."""
    g = ming()
    me = seat("ming")
    assert g.rejects(ConductCensus(line="c", leader="ally"), me).code == "lote.census_leader"
    assert g.rejects(ConductCensus(line="c", leader="far"), me).code == "lote.census_not_at_capital"
    assert g.rejects(ConductCensus(line="c", leader="nobody"), me).code == "lote.finance_unknown_leader"
    g.when(ConductCensus(line="c", leader="emperor"), me)
    assert g.rejects(ConductCensus(line="d", leader="botuai"), me).code == "lote.census_twice"
    walk = GiveItinerary(line="i", army="emperor", steps=[Step(kind="act", action="D")])
    assert g.rejects(walk, me).code == "lote.census_no_action"
    g.when(GiveItinerary(line="i", army="emperor", steps=[Step(kind="act", action="CC")]), me)


def test_a_dynastic_failure_ends_the_census() -> None:
    """[L8447-8449] "The Census is active until you suffer a dynastic failure, a civil war, or if your nation's
    capital is captured by someone else or is destroyed" (the last two by the GM's `SetNationParameter`)."""
    g = ming()
    play(g, {"ming": [ConductCensus(line="c", leader="botuai")]})
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    g.when(m.ConfirmLeaderDeath(leader_id="emperor", cause="accident", reason="a fall"))
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None and item.kind == "dynastic_failure":
            g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="failure", reason="no heir"))
        elif item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    events = g.when(AdvancePhase())
    assert of(events, m.DynasticFailureBegan) and [e.why for e in of(events, m.CensusEnded)] == ["dynastic failure"]
    assert not g.rules.nations["ming"].census and g.rules.nations["ming"].tax_status == "N"


def _hired(g: Game, **bribe: Any) -> list[Any]:
    g.when(BidMercenaries(line="b", pool="we", unit="I", count=10, price="1", location="Zurich"), seat("swi"))
    g.when(BribeMercenaries(line="x", pool="we", unit="I", leader="bm", **bribe), seat("bur"))
    g.when(AdvancePhase())
    return g.when(AdvancePhase())


def test_a_bribe_of_the_hire_cost_sends_the_mercenaries_home() -> None:
    """[L4516-4522] "the bribing player must have a Leader in the same region and expend GP equal to the hire cost
    of the Mercs in question. The mercenaries are then nullified, vanishing from the region ... and returning to
    the proper Mercenary Pool": 10 infantry hired at 1 GP cost 10 GP to bribe."""
    g = bankers()
    events = _hired(g, gp="15", switch=True)  # 15 GP does not reach twice the hire cost: they only go home
    (bribe,) = of(events, m.MercenariesBribed)
    assert (bribe.hirer, bribe.count, bribe.gp, bribe.switched) == ("swi", 10, 10, False)
    assert g.rules.mercenary_pools["we"].units["I"] == 20 and not g.rules.hires
    assert "swi" not in g.rules.cities["Zurich"].garrison or not g.rules.cities["Zurich"].garrison["swi"]


def test_twice_the_hire_cost_turns_them_and_the_hirer_may_counter() -> None:
    """[L4522-4529] "If a player pays double the Mercs' hire cost, then they switch to his side for the remainder
    of the turn ... The nation that originally hired the mercenaries can counter this bribery with its own gold,
    needing to equal or exceed the bribe to retain its mercenaries." A countered briber pays nothing."""
    g = bankers()
    events = _hired(g, gp="20", switch=True)
    (bribe,) = of(events, m.MercenariesBribed)
    assert (bribe.gp, bribe.switched) == (20, True)
    assert g.rules.leaders["bm"].units == {"I": 10} and g.rules.hires[0].nation == "bur"
    g = bankers()
    g.when(CounterBribe(line="k", pool="we", unit="I", gp="25"), seat("swi"))
    gp = g.rules.nations["bur"].gp
    events = _hired(g, gp="20", switch=True)
    assert not of(events, m.MercenariesBribed)
    (countered,) = of(events, m.BribeCountered)
    assert (countered.nation, countered.briber, countered.gp) == ("swi", "bur", 20)
    net = sum(e.net for e in of(events, m.RevenueCollected) if e.nation == "bur")
    paid = sum(e.paid for e in of(events, m.SupportPaid) if e.nation == "bur")
    assert g.rules.nations["bur"].gp == gp + net - paid
    assert g.rules.cities["Zurich"].garrison["swi"] == {"I": 10}


def test_a_bribe_needs_a_leader_in_the_region_and_a_pool() -> None:
    """[L4518-4519] "must have a Leader in the same region": Burgundy's King in Dijon cannot bribe in Bern."""
    g = bankers()
    bribe = BribeMercenaries(line="x", pool="nowhere", unit="I", leader="bm", gp="5")
    assert g.rejects(bribe, seat("bur")).code == "lote.unknown_pool"
    assert g.rejects(CounterBribe(line="k", pool="we", unit="I", gp="0"), seat("swi")).code == (
        "lote.finance_bad_amount"
    )
    g.when(BidMercenaries(line="b", pool="we", unit="I", count=10, price="1", location="Zurich"), seat("swi"))
    g.when(BribeMercenaries(line="x", pool="we", unit="I", leader="bk", gp="50"), seat("bur"))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    assert not of(events, m.MercenariesBribed) and g.rules.cities["Zurich"].garrison["swi"] == {"I": 10}
    assert Fraction(0) == sum((e.gp for e in of(events, m.MercenariesBribed)), Fraction(0))
