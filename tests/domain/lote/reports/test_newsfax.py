"""The Newsfax (§3 L2985-3112): lines drafted from public events and written by the GM, the Diplomacy line, the
mercenary pools and the MSI rankings, published with the next due date; concealment and misinformation live in
the report layer and never change the truth (digest §1.6)."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import msgspec

from domain.engine import PUBLIC
from domain.engine.game import redact
from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import ruleset
from domain.rulesets.lote.model.report_types import NationNews, Newsfax
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import example_setup, game, seat

BYZ, DAN = seat("byz"), seat("dan")


def _publish(g: Game) -> Newsfax:
    for _ in range(2):
        g.when(AdvancePhase())
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    return next(e.newsfax for e in events if isinstance(e, m.NewsfaxPublished))


def _entry(paper: Newsfax, nation: str) -> NationNews:
    return next(n for n in paper.nations if n.nation == nation)


def test_the_newsfax_heading_gives_the_turn_the_years_the_era_and_the_due_date() -> None:
    """[L2988-2995] game name, campaign, turn, span of years, era, and the date the next orders are due."""
    g = game(example_setup())
    start = g.now
    paper = _publish(g)
    assert (paper.campaign_no, paper.turn, paper.years, paper.era) == (1, 1, "1000-1005", "Medieval")
    assert paper.due == start + timedelta(days=14)
    assert g.state.meta.deadline == paper.due  # the next orders phase closes when the Newsfax says
    assert "Orders due: " in paper.text and paper.game in paper.text


def test_a_new_city_and_a_fortress_are_always_reported() -> None:
    """[L3050-3061] the foundation of new cities (where, facing which sea zone) and new fortresses are reported."""
    g = game(example_setup())
    g.given(
        m.CityFounded(nation="byz", region="Thrace", name="Rhaidestos", port_sea_zones=("Black Sea",)),
        m.FortressBuilt(nation="dan", region="Jutland", gp=Fraction(5), nfp=Fraction(0)),
    )
    paper = _publish(g)
    assert _entry(paper, "byz").lines == ["Founded the city of Rhaidestos in Thrace, facing the Black Sea."]
    assert _entry(paper, "dan").lines == ["Built a fortress in Jutland."]


def test_new_technologies_are_reported_but_not_a_lower_tech_level() -> None:
    """[L3050-3061] the development of new technologies is news."""
    g = game(example_setup())
    g.when(m.SetNationParameter(nation="kip", parameter="tech_level", value="4", reason="research"))
    g.when(m.SetNationParameter(nation="dan", parameter="tech_level", value="3", reason="plague"))
    paper = _publish(g)
    assert _entry(paper, "kip").lines == ["Developed new technologies: Tech Level 4."]
    assert _entry(paper, "dan").lines == []


def test_public_diplomacy_results_fill_the_diplomacy_line_and_secret_ones_do_not() -> None:
    """[L3027-3044] `Diplomacy: Hupei(f), Tsingdao(t)`; [L6420-6428] Secret Diplomacy is not printed."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Perm", nation="rus", status="c", reason="envoys", diplomacy=True))
    g.when(m.SetControlStatus(place="Khazar", nation="rus", status="t", reason="envoys", diplomacy=True))
    g.when(m.SetControlStatus(place="Pereyaslavl", nation="kip", status="t", reason="secret diplomacy"))
    paper = _publish(g)
    assert _entry(paper, "rus").diplomacy == ["Perm(c)", "Khazar(t)"]
    assert "Diplomacy: Perm(c), Khazar(t)" in paper.text
    assert _entry(paper, "kip").diplomacy == []


def test_the_gm_conceals_a_fact_without_changing_the_truth() -> None:
    """[L6836-6849] Conceal Fact keeps a datum (a city build...) out of the Newsfax; the city still stands."""
    g = game(example_setup())
    g.given(m.CityFounded(nation="byz", region="Thrace", name="Rhaidestos", port_sea_zones=()))
    (item_id,) = g.rules.press.items
    before = g.rules
    g.when(m.ConcealNews(item_id=item_id, reason="byz conceal fact succeeded"))
    assert msgspec.structs.replace(g.rules, press=before.press) == before
    paper = _publish(g)
    assert _entry(paper, "byz").lines == [] and "Rhaidestos" not in paper.text
    assert "Rhaidestos" in g.rules.cities


def test_the_gm_prints_misinformation_and_no_player_learns_it_is_false() -> None:
    """[L6836-6849] misinformation (phantom armies, events that never happened) prints like any other line."""
    g = game(example_setup())
    (printed,) = g.when(
        m.PrintNews(item_id="ruse", nation="dan", text="A great army gathers at Roskilde.", reason="dan ruse",
                    fabricated=True)
    )  # fmt: skip
    assert redact(ruleset, printed, DAN) is None and redact(ruleset, printed, PUBLIC) is None
    assert g.view(GM).news_items["ruse"].fabricated and g.view(DAN).news_items == {}
    paper = _publish(g)
    assert _entry(paper, "dan").lines == ["A great army gathers at Roskilde."]
    assert "fabricated" not in msgspec.json.encode(paper).decode()


def test_the_gms_narrative_and_announcements_are_printed() -> None:
    """[L3045-3049] the GM's write-up of each nation's actions; §3.2 announcements head the Newsfax."""
    g = game(example_setup())
    g.when(m.PrintNews(item_id="a1", text="Turn fees rise to 5 GP.", reason="policy"))
    g.when(m.PrintNews(item_id="k1", nation="kip", text="The Khan feasts.", reason="colour"))
    paper = _publish(g)
    assert paper.announcements == ["Turn fees rise to 5 GP."] and _entry(paper, "kip").lines == ["The Khan feasts."]
    assert _entry(paper, "kip").monarch == "Bonyak Khan" and _entry(paper, "kip").heading == "KIPCHAK HORDE (N)"


def test_the_monarch_line_prints_the_kings_titles() -> None:
    """[L3020-3026] the current monarch's name and his titles, `Ming-ta Juwen Shui-jen, Emperor of China...`."""
    setup = example_setup()
    leaders = dict(setup.leaders)
    record = msgspec.json.decode(leaders["byz-1"])
    leaders["byz-1"] = msgspec.Raw(msgspec.json.encode({**record, "titles": "Basileus of the Romans"}))
    g = game(msgspec.structs.replace(setup, leaders=leaders))
    assert _entry(_publish(g), "byz").monarch == "Basil II, Basileus of the Romans"


def test_a_newsfax_line_needs_a_fresh_id_a_known_nation_and_a_reason() -> None:
    g = game(example_setup())
    g.when(m.PrintNews(item_id="a1", text="x", reason="y"))
    assert g.rejects(m.PrintNews(item_id="a1", text="x", reason="y")).code == "lote.news_exists"
    assert g.rejects(m.PrintNews(item_id="a2", nation="zzz", text="x", reason="y")).code == "lote.unknown_nation"
    assert g.rejects(m.PrintNews(item_id="a3", text="x", reason="")).code == "lote.reason_required"
    assert g.rejects(m.ConcealNews(item_id="nope", reason="y")).code == "lote.unknown_news"
    assert g.rejects(m.PrintNews(item_id="auto-t1-1", text="x", reason="y")).code == "lote.reserved_news_id"
    assert g.rejects(m.PrintNews(item_id="a4", text="x", reason="y"), DAN).code == "engine.forbidden"


def test_the_rankings_list_sorts_by_msi_and_ranks_esi_without_printing_its_value() -> None:
    """[L3089-3108] actual MSI, ESI rank (not value), ITV, and the player's name only if he opted in."""
    g = game(example_setup())
    for nid, msi in (("byz", "12"), ("dan", "6"), ("kip", "8"), ("rus", "5")):
        g.when(m.SetNationParameter(nation=nid, parameter="msi", value=msi, reason="assessed"))
    paper = _publish(g)
    assert [r.nation for r in paper.rankings] == ["byz", "kip", "dan", "rus"]
    esi = {nid: n.revenue.esi for nid, n in g.rules.nations.items()}
    for r in paper.rankings:
        assert r.esi_rank == 1 + sum(1 for v in esi.values() if v > esi[r.nation])
    byz = next(r for r in paper.rankings if r.nation == "byz")
    assert (byz.player, byz.email) == ("Anna", "")  # print_name yes, print_email no


def test_a_faked_msi_moves_the_nation_on_the_rankings_but_not_in_the_state() -> None:
    """[L6846] misinformation may fake a nation's MSI."""
    g = game(example_setup())
    g.when(m.AmendRanking(nation="rus", field="msi", text="40", reason="rus misinformation"))
    paper = _publish(g)
    assert paper.rankings[0].nation == "rus" and paper.rankings[0].msi == "40"
    assert g.rules.nations["rus"].msi == 0


def test_the_mercenary_pools_are_listed_by_world_region() -> None:
    """[L3064-3088] each regional heading lists the units for hire (QRs are not disclosed)."""
    g = game(example_setup())
    paper = _publish(g)
    pools = g.rules.mercenary_pools
    assert [(p.pool, p.world_region, p.units) for p in paper.mercenary_pools] == [
        (pid, p.world_region, {u: n for u, n in p.units.items() if n}) for pid, p in sorted(pools.items())
    ]


def test_the_next_turn_starts_a_fresh_draft_and_keeps_the_published_newsfax() -> None:
    g = game(example_setup())
    g.when(m.PrintNews(item_id="k1", nation="kip", text="The Khan feasts.", reason="colour"))
    g.when(m.AmendRanking(nation="rus", field="msi", text="40", reason="ruse"))
    paper = _publish(g)
    assert g.rules.press.items == {} and g.rules.press.ranking_amendments == {}
    assert g.view(DAN).newsfax == paper
    assert _entry(_publish(g), "kip").lines == []


def test_the_death_of_kings_rebellions_and_civil_war_are_always_reported() -> None:
    """[L3056-3057] "The Death of Kings, Rebellions and Civil War" are among the events always reported."""
    g = game(example_setup())
    g.when(m.GenerateLeader(leader_id="byz-h", nation="byz", leader_type="H", name="Constantine", age=20,
                            location="Constantinople", reason="the Heir comes of age"))  # fmt: skip
    g.when(m.ConfirmLeaderDeath(leader_id="byz-1", cause="old_age", reason="died in his sleep"))
    g.when(m.SetControlStatus(place="Jutland", nation="dan", status="p", reason="conquered"))
    items = list(g.rules.adjudications.values())
    g.when(m.OverrideAdjudication(item_id=items[0].item_id, outcome="failure", reason="the princes quarrel"))
    paper = _publish(g)
    assert _entry(paper, "byz").lines == [
        "Death of King Basil II.",
        "Constantine succeeded to the throne.",
        "Dynastic Failure: the realm is torn by civil war over the succession.",
    ]
    assert _entry(paper, "dan").lines == ["Rebellion in Jutland: the garrison was put to the sword."]
