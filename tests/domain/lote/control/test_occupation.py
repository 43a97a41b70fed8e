"""Occupation and liberation (§2.14.6.13 [L2371-2377]; §9.15 [L9357-9380]), the Years from Conquest
([L2400-2406]) and natural assimilation (§9.14.1 [L9324-9343])."""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.economy import economy
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import city, game, nation, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king


def war(**extra: Any) -> Game:
    """Italy (`ita`) holds Verona Friendly with the city of Venice; Austria (`aus`) and Hungary stand by."""
    setup = scenario(
        nations={"ita": nation("Italy", language="Ita"), "aus": nation("Austria"), "hun": nation("Hungary")},
        regions={
            "Rome": region(3, statuses={"ita": "hm"}),
            "Verona": region(4, statuses={"ita": "f"}),
            "Tyrol": region(2, "m", statuses={"aus": "hm"}),
            "Pest": region(2, statuses={"hun": "hm"}),
            **extra.pop("regions", {}),
        },
        cities={"Venice": city("Verona", 5, statuses={"ita": "f"}, walls=10)},
        leaders={
            "doge": king("ita", "Rome", units={"I": 10}),
            "kaiser": king("aus", "Tyrol", units={"I": 30}),
            "arpad": king("hun", "Pest"),
            **extra.pop("leaders", {}),
        },
    )
    return game(setup)


def _occupy(g: Game, status: str = "p") -> None:
    g.when(m.OccupyPlace(place="Verona", owner="ita", occupier="aus", status=status, reason="the Austrians won"))


def _settle(g: Game) -> list[Any]:
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    for item in [i for i in g.rules.adjudications.values() if i.outcome is None]:
        g.when(m.ConfirmAdjudication(item_id=item.item_id))
    return g.when(AdvancePhase())


def test_an_occupied_region_yields_nothing_to_its_owner_and_the_occupiers_status_to_the_occupier() -> None:
    """[L2371-2375] "They remain on your status report with an 'oc' status - producing neither revenue nor national
    force points until such time as you retake them"; Table 2-13: oc 0, p 1.0."""
    g = war()
    before = economy.regional_income(g.rules, g.rules.nations["ita"])[0]
    _occupy(g)
    verona = g.rules.regions["Verona"]
    assert verona.statuses == {"ita": "oc", "aus": "p"}
    assert g.rules.control.occupations["Verona"].previous == "f"
    assert economy.regional_income(g.rules, g.rules.nations["ita"])[0] < before
    assert economy.regional_income(g.rules, g.rules.nations["aus"])[0] > 0
    assert g.view(seat("ita")).regions["Verona"].statuses["ita"] == "oc"  # still on the owner's report
    assert g.view(seat("ita")).control.occupations["Verona"].occupier == "aus"
    assert g.view(seat("hun")).control.occupations == {} and "Verona" in g.view(GM).control.occupations


def test_occupation_refusals() -> None:
    g = war()
    base = {"place": "Verona", "owner": "ita", "reason": "x"}
    assert g.rejects(m.OccupyPlace(**base, occupier="ita")).code == "lote.occupy_self"
    assert g.rejects(m.OccupyPlace(**{**base, "owner": "aus"}, occupier="hun")).code == "lote.occupy_status"
    assert g.rejects(m.OccupyPlace(**{**base, "place": "Atlantis"}, occupier="aus")).code == "lote.unknown_place"
    assert g.rejects(m.LiberatePlace(place="Verona", reason="x")).code == "lote.not_occupied"


def test_the_owner_has_it_back_at_its_previous_status_when_the_occupier_loses_it() -> None:
    """[L2375-2376] "until such time as you retake them, whereupon they revert to their previous status"."""
    g = war()
    _occupy(g)
    g.when(m.SetControlStatus(place="Verona", nation="aus", status=None, reason="driven out in battle"))
    events = _settle(g)
    (back,) = [e for e in events if isinstance(e, m.PlaceLiberated)]
    assert (back.place, back.owner, back.status) == ("Verona", "ita", "f")
    assert g.rules.regions["Verona"].statuses == {"ita": "f"} and g.rules.control.occupations == {}
    assert redact(back, seat("aus")) is not None and redact(back, seat("hun")) is None
    assert "Verona was liberated from Austria." in repr(g.view(GM).newsfax_draft)


def test_an_occupier_who_leaves_while_the_owners_army_is_there_loses_the_region() -> None:
    g = war(leaders={"condottiere": king("ita", "Verona", type="L", army_no="2", units={"I": 8})})
    _occupy(g)
    events = _settle(g)
    assert [e.place for e in events if isinstance(e, m.PlaceLiberated)] == ["Verona"]


def test_a_region_friendly_to_its_conqueror_is_no_longer_occupied() -> None:
    """[L2376-2377] "... or they become friendly to the conquering nation": the owner's `oc` ends."""
    g = war()
    _occupy(g)
    g.when(m.SetControlStatus(place="Verona", nation="aus", status="f", reason="the Veronese came to love Vienna"))
    events = _settle(g)
    assert [e.place for e in events if isinstance(e, m.OccupationEnded)] == ["Verona"]
    assert g.rules.regions["Verona"].statuses == {"aus": "f"}


def test_a_hostile_city_in_an_occupied_region_raises_a_revolt_check_and_a_revolt_liberates() -> None:
    """[L9364-9370] "Each turn that a Pacified region contains a hostile fortress or city belonging to the nation to
    whom the status of the region is Occupied a revolt check is made ... If the region successfully revolts it is
    liberated, returning to its previous status to the former owner"."""
    g = war()
    _occupy(g)
    g.when(AdvancePhase())
    g.dice(5, 6, purpose="revolt:aus:Verona")
    events = g.when(AdvancePhase())
    (item,) = [e.item for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind == "revolt_check"]
    assert (item.nation, item.subject, item.rolls) == ("aus", "region:Verona", (5, 6))
    assert "hostile_city: Venice of ita" in item.explanation
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="revolts", reason="Venice's garrison sallied"))
    for other in [i for i in g.rules.adjudications.values() if i.outcome is None]:
        g.when(m.ConfirmAdjudication(item_id=other.item_id))
    events = g.when(AdvancePhase())
    assert [(e.place, e.status) for e in events if isinstance(e, m.PlaceLiberated)] == [("Verona", "f")]
    assert g.rules.regions["Verona"].statuses == {"ita": "f"}


def test_years_from_conquest_grow_while_pacified_or_occupied() -> None:
    """[L2400-2406] "The YfC figure is the number of years since this province, or city, was pacified by this
    Nation. This figure will continue to increment while the province is occupied and while it has not become a
    Friendly province": 5-year turns."""
    g = war(regions={"Friuli": region(2, statuses={"aus": "p"}, garrison={"aus": {"I": 9}}, years_from_conquest=3)})
    _occupy(g)
    g.when(m.AdjustUnits(nation="aus", units={"I": 20}, place="Verona", reason="the garrison of Verona"))
    events = _settle(g)
    grown = [e for e in events if isinstance(e, m.ConquestYearsAdvanced)]
    assert [(e.nation, e.regions, e.years) for e in grown] == [("aus", ("Friuli", "Verona"), 5)]
    assert (g.rules.regions["Friuli"].years_from_conquest, g.rules.regions["Verona"].years_from_conquest) == (8, 5)
    assert redact(grown[0], seat("ita")) is None


def test_natural_assimilation_is_the_gms_item_for_places_of_the_same_religion() -> None:
    """[L9326-9335] "a Pacified region may become a Friendly region. Likewise, a Pacified Tributary region may become
    a Tributary region ... (2) This will only occur in the case of regions that are of the same religion ... if the
    region is of a different language ... your chances ... are greatly lowered"."""
    places = {
        "Friuli": region(2, statuses={"ita": "p"}, garrison={"ita": {"I": 9}}, years_from_conquest=10, language="Fri"),
        "Istria": region(2, statuses={"ita": "pt"}, years_from_conquest=5, language="Ita"),
        "Bosnia": region(2, statuses={"ita": "p"}, garrison={"ita": {"I": 9}}, years_from_conquest=10, religion="EO"),
        "Carinthia": region(2, statuses={"ita": "p"}, garrison={"ita": {"I": 9}}),  # conquered this year
    }
    g = war(regions=places)
    g.when(AdvancePhase())
    g.dice(6, 5, purpose="assimilation:ita:Friuli")
    events = g.when(AdvancePhase())
    items = {e.item.subject: e.item for e in events if isinstance(e, m.AdjudicationRaised)}
    assert {s for s, i in items.items() if i.kind == "assimilation"} == {"region:Friuli", "region:Istria"}
    friuli = items["region:Friuli"]
    assert friuli.rolls == (6, 5) and "different: chances greatly lowered" in friuli.explanation
    assert "Years from Conquest 10" in friuli.explanation
    assert g.rejects(m.OverrideAdjudication(item_id=friuli.item_id, outcome="f", reason="x")).code == "lote.bad_outcome"
    g.when(m.OverrideAdjudication(item_id=friuli.item_id, outcome="assimilated", reason="ten quiet years"))
    ruling = m.OverrideAdjudication(item_id=items["region:Istria"].item_id, outcome="assimilated", reason="peace")
    g.when(ruling)
    for other in [i for i in g.rules.adjudications.values() if i.outcome is None]:
        g.when(m.ConfirmAdjudication(item_id=other.item_id))
    g.when(AdvancePhase())
    assert (g.rules.regions["Friuli"].statuses["ita"], g.rules.regions["Istria"].statuses["ita"]) == ("f", "t")
    g.when(AdvancePhase())
    report = g.view(seat("ita")).report
    assert report is not None and "Assimilation: Friuli(f) assimilated" in report.control


def test_an_occupation_a_battle_result_set_is_settled_the_same_way() -> None:
    """A battle result (`military/results.py`) or the GM's SetControlStatus leaves the owner `oc` and the victor
    Pacified without a record: the end of the turn reads it from the statuses (previous status Friendly, Homeland
    for the capital's place) and liberates it when the victor loses it."""
    g = war()
    g.when(m.SetControlStatus(place="Verona", nation="ita", status="oc", reason="the battle of the Adige"))
    g.when(m.SetControlStatus(place="Verona", nation="aus", status="p", reason="the battle of the Adige"))
    events = _settle(g)  # no garrison: the garrison item's "revolt" ends Austria's hold, the owner has it back
    assert [(e.place, e.owner, e.status) for e in events if isinstance(e, m.PlaceLiberated)] == [("Verona", "ita", "f")]
    assert g.rules.regions["Verona"].statuses == {"ita": "f"}
