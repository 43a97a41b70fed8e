"""R6 on the sample map: every nation's itineraries run on one calendar of months (Table 6-15 [L5372-5387]);
armies of two nations in one place in one month make a contact the GM adjudicates; movement stays secret from
other seats until then (digest §1.6)."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.model.state import Adjudication
from tests.domain.harness import Game
from tests.domain.lote.helpers import example_setup, game, seat


def _go(g: Game, nation: str, army: str, *regions: str) -> None:
    steps = [Step(kind="move", to=r) for r in regions]
    g.when(GiveItinerary(line=f"mv-{army}", army=army, steps=steps), seat(nation))


def _resolve(g: Game) -> list[object]:
    g.when(AdvancePhase())
    return g.when(AdvancePhase())


def _contacts(events: list[object]) -> list[Adjudication]:
    return [e.item for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind == "contact"]


def test_an_army_marching_into_a_standing_army_makes_contact_in_the_month_it_arrives() -> None:
    """Basil II (7 AP a year: March to September) pays Bulgaria 3, Wallachia 4, Kipchak 3 (steppe 2 + 1
    uncontrolled): his 10th AP falls in year 2, in the third of his months, May. The Kipchak army there stops him."""
    g = game(example_setup())
    _go(g, "byz", "byz-1", "Bulgaria", "Wallachia", "Kipchak")
    events = _resolve(g)
    items = _contacts(events)
    assert sorted((i.nation, i.subject) for i in items) == [("byz", "Kipchak@2.5:kip"), ("kip", "Kipchak@2.5:byz")]
    assert "byz-1" in items[0].explanation and "kip-1" in items[0].explanation
    moved = [e for e in events if isinstance(e, m.LeaderMoved)]
    assert [(e.leader, e.location) for e in moved] == [("byz-1", "Kipchak")]
    assert g.rules.leaders["byz-1"].location == "Kipchak"


def test_faster_armies_move_first_and_a_place_left_in_time_makes_no_contact() -> None:
    """The Kipchak light horse (10 AP a year, February to November) reach Wallachia with their 3rd AP (April)
    and are home again with the 4th (May); Basil reaches Wallachia with his 7th AP (September): no contact. Had
    the horsemen stayed, Basil would have met them there in September."""
    g = game(example_setup())
    _go(g, "kip", "kip-1", "Wallachia", "Kipchak")
    _go(g, "byz", "byz-1", "Bulgaria", "Wallachia")
    assert _contacts(_resolve(g)) == []
    assert g.rules.leaders["byz-1"].location == "Wallachia" and g.rules.leaders["kip-1"].location == "Kipchak"

    g = game(example_setup())
    _go(g, "kip", "kip-1", "Wallachia")
    _go(g, "byz", "byz-1", "Bulgaria", "Wallachia")
    assert {i.subject for i in _contacts(_resolve(g))} == {"Wallachia@1.9:kip", "Wallachia@1.9:byz"}


def test_movement_stays_secret_from_other_seats_and_a_contact_shows_only_place_date_and_nation() -> None:
    g = game(example_setup())
    _go(g, "rus", "rus-1", "Polotsk")
    _go(g, "byz", "byz-1", "Bulgaria", "Wallachia", "Kipchak")
    events = _resolve(g)
    kip, rus = seat("kip"), seat("rus")
    seen_by_kip = [e for e in (redact(e, kip) for e in events) if e is not None]  # type: ignore[arg-type]
    assert not [e for e in seen_by_kip if isinstance(e, m.LeaderMoved)]
    (item,) = [e.item for e in seen_by_kip if isinstance(e, m.AdjudicationRaised) and e.item.kind == "contact"]
    assert item.subject == "Kipchak@2.5:byz" and item.explanation == "" and item.proposal == ""
    seen_by_rus = [e for e in (redact(e, rus) for e in events) if e is not None]  # type: ignore[arg-type]
    assert [e.location for e in seen_by_rus if isinstance(e, m.LeaderMoved)] == ["Polotsk"]
    assert not [e for e in seen_by_rus if isinstance(e, m.AdjudicationRaised) and e.item.kind == "contact"]
    assert "byz-1" not in g.view(kip).leaders and g.view(kip).leaders.keys() == {"kip-1"}
