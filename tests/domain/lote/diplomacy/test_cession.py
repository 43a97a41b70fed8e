"""Ceding regions (§9.18 [L9428-9450]), satrapies (§9.1.7 [L8469-8480]) and sharing a province (§9.17
[L9405-9427]) as order lines and GM commands."""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.model.orders import CedePlace, Diplomacy, GrantSatrapy, ReduceControlStatus
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import city, game, nation, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king

OST, BAV = seat("o"), seat("b")


def realm(**places: Any) -> Game:
    """Nation `o` (RC) holds a place at every status §9.18 lists; `b` (RC) and `m` (Muslim) receive them."""
    statuses = {"Fr": "f", "Al": "a", "Ea": "ea", "Tr": "t", "Fa": "fa", "Nt": "nt", "Cl": "c", "Pa": "p", "Pt": "pt"}
    setup = scenario(
        nations={"o": nation("Ostmark"), "b": nation("Bavaria"), "m": nation("Murcia", religion="MA")},
        regions={
            "Home": region(3, statuses={"o": "hm"}),
            "Munich": region(3, statuses={"b": "hm"}),
            "Cordoba": region(3, statuses={"m": "hm"}, religion="MA"),
            **{name: region(2, statuses={"o": s}) for name, s in statuses.items() if name != "Pa"},
            "Pa": region(2, statuses={"o": "p"}, garrison={"o": {"I": 5}}),
            "Hills": region(2, "m", statuses={"o": "f"}),
            **places,
        },
        cities={"Linz": city("Fr", 2, statuses={"o": "p"}, garrison={"o": {"I": 3}})},
        leaders={
            "k": king("o", "Home"),
            "lt": king("o", "Home", type="L", army_no="2"),
            "bk": king("b", "Munich"),
            "mk": king("m", "Cordoba"),
        },
    )
    return game(setup)


def settle_all(g: Game) -> None:
    for item in [i for i in g.rules.adjudications.values() if i.outcome is None]:
        g.when(m.ConfirmAdjudication(item_id=item.item_id))


def _resolve(g: Game) -> list[Any]:
    g.when(AdvancePhase())
    return g.when(AdvancePhase())


def test_a_ceded_place_changes_status_as_the_list_of_9_18_says() -> None:
    """[L9432-9443] "Friendly becomes Pacified; Allied becomes Economic Allied; Economic Allied becomes Tributary;
    Tributary remains Tributary; Feudal Allied becomes Non-Paying Tributary; Non-Paying Tributary remains ...;
    Claimed remains Claimed; Pacified remains Pacified; Pacified Tributary remains Pacified Tributary"."""
    g = realm()
    places = ("Fr", "Al", "Ea", "Tr", "Fa", "Nt", "Cl", "Pa", "Pt")
    for i, place in enumerate(places):
        g.when(CedePlace(line=f"c{i}", place=place, to="b"), OST)
    events = _resolve(g)
    ceded = {e.place: e.status for e in events if isinstance(e, m.PlaceCeded)}
    assert ceded == {"Fr": "p", "Al": "ea", "Ea": "t", "Tr": "t", "Fa": "nt", "Nt": "nt", "Cl": "c", "Pa": "p",
                     "Pt": "pt"}  # fmt: skip
    assert all("o" not in g.rules.regions[p].statuses for p in places)
    assert not [e for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind == "cession"]
    # [L9445-9446] "Pacified regions, obviously, will need a new garrison": Bavaria's garrison check follows
    assert any(e.item.kind == "garrison" and e.item.subject == "region:Pa" for e in events
               if isinstance(e, m.AdjudicationRaised))  # fmt: skip


def test_a_cession_above_the_maximum_status_or_to_another_religion_goes_to_the_gm() -> None:
    """[L9444-9450] "Revolt checks may be required ..., particularly if he is of a different religion ... if the new
    status violates the maximum control status of the new owner (due to religion or terrain), further downgrading
    or revolt may occur": the Muslim receiver of a Catholic Friendly region (hostile, Table 13-7: at most EA,
    [L7370-7373]) gets an item proposing its maximum status."""
    g = realm()
    g.when(CedePlace(line="c", place="Fr", to="m"), OST)
    g.when(AdvancePhase())
    g.dice(2, 3, purpose="revolt:m:Fr")
    events = g.when(AdvancePhase())
    (item,) = [e.item for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind == "cession"]
    assert (item.nation, item.subject, item.proposal, item.rolls) == ("m", "Fr", "ea", (2, 3))
    assert "hostile" in item.explanation and "maximum status there is ea" in item.explanation
    assert g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="hm", reason="x")).code == "lote.bad_outcome"
    settle_all(g)  # the garrison item (Fr was Pacified to Murcia) finds it Economic Ally: nothing to garrison
    g.when(AdvancePhase())
    assert g.rules.regions["Fr"].statuses == {"m": "ea"}


def test_a_ruled_revolt_after_a_cession_frees_the_place() -> None:
    g = realm()
    g.when(CedePlace(line="c", place="Tr", to="m"), OST)
    (item,) = [e.item for e in _resolve(g) if isinstance(e, m.AdjudicationRaised) and e.item.kind == "cession"]
    assert item.proposal == "holds"  # within Murcia's maximum status, but of another religion
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="revolts", reason="the Christians rose"))
    settle_all(g)
    events = g.when(AdvancePhase())
    assert [e.place for e in events if isinstance(e, m.PlaceRevolted)] == ["Tr"]
    assert g.rules.regions["Tr"].statuses == {}


def test_cession_refusals_name_the_line_and_the_reason() -> None:
    g = realm()
    assert g.rejects(CedePlace(line="c", place="Atlantis", to="b"), OST).code == "lote.cede_unknown_place"
    assert g.rejects(CedePlace(line="c", place="Munich", to="b"), OST).code == "lote.cede_not_held"
    assert g.rejects(CedePlace(line="c", place="Fr", to="o"), OST).code == "lote.cede_unknown_nation"
    assert g.rejects(CedePlace(line="c", place="Fr", to="zz"), OST).code == "lote.cede_unknown_nation"
    g.when(CedePlace(line="c", place="Fr", to="b"), OST)
    assert g.rejects(GrantSatrapy(line="s", place="Fr"), OST).code == "lote.cede_place_twice"
    assert g.rejects(ReduceControlStatus(line="r", place="Fr", to="un"), OST).code == "lote.cede_place_twice"
    assert g.rejects(GrantSatrapy(line="s", place="Tr"), OST).code == "lote.satrapy_not_pacified"


def test_a_satrapy_whose_garrison_stays_reverts_to_pacified_and_one_whose_garrison_left_stands() -> None:
    """[L8469-8476] "A Pacified city or province may be granted Pacified Tributary status at the beginning of any
    turn ... If, however, the garrison is not withdrawn within the course of the same turn, the region or city
    will revert back to Pacified status at the end of the turn"."""
    g = realm(Bare=region(2, statuses={"o": "p"}))
    g.when(GrantSatrapy(line="s1", place="Pa"), OST)
    g.when(GrantSatrapy(line="s2", place="Bare"), OST)  # no garrison there
    events = _resolve(g)
    assert g.rules.regions["Pa"].statuses["o"] == "pt" and g.rules.control.satrapies == {"Pa": "o", "Bare": "o"}
    # a Pacified Tributary needs no garrison: no revolt for the garrison that is gone ([L8471-8473])
    assert not [e for e in events if isinstance(e, m.AdjudicationRaised) and e.item.subject == "region:Bare"]
    settle_all(g)
    events = g.when(AdvancePhase())
    ended = {e.place: e.reverted for e in events if isinstance(e, m.SatrapyEnded)}
    assert ended == {"Pa": True, "Bare": False}
    assert (g.rules.regions["Pa"].statuses["o"], g.rules.regions["Bare"].statuses["o"]) == ("p", "pt")
    assert g.rules.control.satrapies == {}


def test_sharing_is_recorded_by_the_gm_for_tributaries() -> None:
    """[L9405-9419] "Any number of nations may have a Non-Paying Tributary relationship with the same province. Two
    nations may have a Tributary relationship ... The nations must agree amongst themselves ..., informing the GM"."""
    g = realm(Shared=region(2, statuses={"o": "nt", "b": "nt"}), Tribute=region(2, statuses={"o": "t", "b": "t"}))
    share = m.RecordSharing(place="Shared", nations=["o", "b", "m"], reason="the treaty of Passau")
    events = g.when(share)
    assert g.rules.control.shares == {"Shared": ("o", "b", "m")}
    assert redact(events[0], BAV) is not None and redact(events[0], BAV).reason == ""  # type: ignore[union-attr]
    assert g.rejects(m.RecordSharing(place="Tribute", nations=["o", "b", "m"], reason="x")).code == (
        "lote.share_tributary"
    )
    g.when(m.RecordSharing(place="Tribute", nations=["o", "b"], reason="two tributaries"))
    assert g.rejects(m.RecordSharing(place="Fr", nations=["o", "b"], reason="x")).code == "lote.share_status"
    assert g.rejects(m.RecordSharing(place="Shared", nations=["o"], reason="x")).code == "lote.share_alone"
    assert g.rejects(m.RecordSharing(place="Shared", nations=["o", "b"], reason=" ")).code == "lote.reason_required"
    g.when(m.RecordSharing(place="Shared", nations=[], reason="the treaty lapsed"))
    assert "Shared" not in g.rules.control.shares


def test_the_cession_prints_on_the_receivers_diplomacy_line_and_the_cedants_news() -> None:
    """[L3036-3044] "Diplomacy: Hupei(f), Tsingdao(t)": the receiver's line gets `Tr(t)`; the status reports list
    it for both nations."""
    g = realm()
    g.when(CedePlace(line="c", place="Tr", to="b"), OST)
    _resolve(g)
    paper = g.view(GM).newsfax_draft
    assert paper is not None
    bav = next(n for n in paper.nations if n.nation == "b")
    ost = next(n for n in paper.nations if n.nation == "o")
    assert bav.diplomacy == ["Tr(t)"] and "Ceded Tr to Bavaria." in ost.lines
    settle_all(g)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    received, ceded = g.view(BAV).report, g.view(OST).report
    assert received is not None and ceded is not None
    assert "Received: Tr(t) from Ostmark" in received.control and "Ceded: Tr to Bavaria" in ceded.control
    assert "DIPLOMACY AND CONTROL\nCeded: Tr to Bavaria" in ceded.text


def test_diplomacy_above_the_share_limit_is_hostile_and_lowers_the_other_sharer_as_far() -> None:
    """[L9421-9427] "If one of the sharing nations attempts to raise their control ... above T (if 2 nations are
    sharing the province), then this is considered "hostile" diplomacy and the other nation's control status will
    be reduced by the amount which the Diplomacy would have raised the initiating nations' status": Ostmark rises
    from T to EA (one level), Bavaria falls from T to FA (one level), and the agreement ends."""
    g = realm(Tribute=region(2, statuses={"o": "t", "b": "t"}), Lone=region(2, statuses={"b": "nt"}))
    g.when(m.RecordSharing(place="Tribute", nations=["o", "b"], reason="the treaty of Passau"))
    g.when(Diplomacy(line="d", leader="k", target="Tribute", ap=8), OST)
    g.when(Diplomacy(line="e", leader="lt", target="Lone", ap=8), OST)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    items = {e.item.subject: e.item for e in events if isinstance(e, m.AdjudicationRaised) and "diplo" in e.item.kind}
    assert "shared by agreement with b t: up to t is friendly" in items["Tribute"].explanation
    assert "also held by b nt without a sharing agreement: this diplomacy is hostile" in items["Lone"].explanation
    g.when(m.OverrideAdjudication(item_id=items["Tribute"].item_id, outcome="ea", reason="a rich marriage"))
    settle_all(g)
    events = g.when(AdvancePhase())
    assert g.rules.regions["Tribute"].statuses == {"o": "ea", "b": "fa"}
    assert "Tribute" not in g.rules.control.shares
    assert [e.status for e in events if isinstance(e, m.ControlStatusSet) and e.nation == "b"] == ["fa"]
