"""Successor-state seizures (§9.8.1.1 [L8966-8999]) as GM items; EX-46 of the digest."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from tests.domain.harness import Game
from tests.domain.lote.helpers import game, nation, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king

AUS, ITA = seat("aus"), seat("ita")


def holy_roman_collapse() -> Game:
    """The HRE's successors: Austria (Tyrol) and Italy (Milan), Verona, Romagna and Latium Friendly to Italy."""
    italian = {"ita": "f"}
    setup = scenario(
        nations={"aus": nation("Austria", saved_gp="200"), "ita": nation("Italy", saved_gp="200")},
        regions={
            "Tyrol": region(2, statuses={"aus": "hm"}),
            "Milan": region(3, statuses={"ita": "hm"}),
            "Verona": region(3, statuses=italian),
            "Romagna": region(3, statuses=italian),
            "Latium": region(3, statuses=italian),
        },
        borders=[
            {"a": "Tyrol", "b": "Verona"},
            {"a": "Verona", "b": "Romagna"},
            {"a": "Romagna", "b": "Latium"},
            {"a": "Milan", "b": "Verona"},
        ],
        leaders={
            "aus-k": king("aus", "Tyrol", units={"I": 20}, hidden=11),
            "ita-k": king("ita", "Milan", units={"I": 20}, hidden=11),
        },
    )
    return game(setup)


def test_ex46_austria_seizes_romagna_and_latium_but_italy_keeps_verona_by_marching_in_last() -> None:
    """EX-46 [L8984-8999] "the Austrians send an army down into Italy, sweeping unopposed through the Provinces of
    Verona, Romagna and into Latium ... Near the end of the turn, an Italian army marches into Verona ... Romagna
    and Latium ... become friendly to the Austrians ... Verona ... is friendly to Italy despite its momentary
    occupation by Austria (since the Italians are there last)"; [L8975-8978] the army must hold "at least as many
    troop points as the Garrison value" of the region."""
    g = holy_roman_collapse()
    g.when(m.RecordSuccessorStates(original="hre", successors=["aus", "ita"], reason="the Emperor's sons divide it"))
    assert g.rules.control.successors == {"hre": (("aus", "ita"), 1)}
    sweep = [Step(kind="move", to=p) for p in ("Verona", "Romagna", "Latium")]
    g.when(GiveItinerary(line="a", army="aus-k", steps=sweep), AUS)
    late = [Step(kind="act", action="D", extra=20), Step(kind="move", to="Verona")]  # holds at Milan, then marches
    g.when(GiveItinerary(line="i", army="ita-k", steps=late), ITA)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    items = {e.item.subject: e.item for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind == "seizure"}
    assert set(items) == {"Romagna", "Latium"}
    assert items["Romagna"].nation == "aus" and items["Romagna"].proposal == "seize"
    assert "aus/aus-k" in items["Romagna"].explanation and "garrison value of 5" in items["Romagna"].explanation
    raised = next(e for e in events if isinstance(e, m.AdjudicationRaised) and e.item.subject == "Romagna")
    assert redact(raised, ITA) is None  # the seizer's item, not the holder's
    for item in [i for i in g.rules.adjudications.values() if i.outcome is None]:
        g.when(m.ConfirmAdjudication(item_id=item.item_id))
    events = g.when(AdvancePhase())
    seized = [e for e in events if isinstance(e, m.RegionSeized)]
    assert sorted(e.place for e in seized) == ["Latium", "Romagna"]
    assert g.rules.regions["Romagna"].statuses == {"aus": "f"} and g.rules.regions["Verona"].statuses == {"ita": "f"}
    assert all(redact(e, ITA) is not None for e in seized)  # the loser learns of it


def test_a_seizure_needs_an_army_as_strong_as_the_garrison_value_and_only_on_the_turn_after() -> None:
    """[L8975-8978] troop points at least the Garrison value; [L8966-8973] "only in effect the turn immediately
    following the Dynastic Failure or Civil War"."""
    g = holy_roman_collapse()
    assert g.rejects(m.RecordSuccessorStates(original="hre", successors=["aus", "aus"], reason="x")).code == (
        "lote.successors_too_few"
    )
    g.when(m.RecordSuccessorStates(original="hre", successors=["aus", "ita"], reason="civil war"))
    g.when(m.AdjustUnits(nation="aus", army="aus-k", units={"I": -17}, reason="the plague"))
    g.when(GiveItinerary(line="a", army="aus-k", steps=[Step(kind="move", to="Verona")]), AUS)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    assert not [e for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind == "seizure"]
