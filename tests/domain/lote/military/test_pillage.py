"""The actions that take from a place (§6.2.4; digest §3.20): their cost and troop minimum when the itinerary is
given, their yields when the step is reached in R6, the GM items the text leaves to the GM, and what other seats see.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.movement import actions
from domain.rulesets.lote.movement.actions import Target
from domain.rulesets.lote.scenario.scenario import Setup
from tests.domain.harness import Game
from tests.domain.lote.helpers import EXAMPLE, game, seat

BYZ = seat("byz")


def _game(**changes: Any) -> Game:
    """The sample scenario; `changes` maps "leaders.byz-1.units" style paths to new values."""
    doc = msgspec.json.decode(EXAMPLE.read_bytes())
    for path, value in changes.items():
        *parents, last = path.split("__")
        here = doc
        for key in parents:
            here = here[key]
        here[last] = value
    return game(msgspec.json.decode(msgspec.json.encode(doc), type=Setup))


def _resolve(g: Game) -> list[Any]:
    g.when(AdvancePhase())
    return g.when(AdvancePhase())


def _of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def _items(events: list[Any], kind: str) -> list[Any]:
    return [e.item for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind == kind]


def test_ex51_burn_city_takes_one_action_per_five_troop_points_a_gpv() -> None:
    """EX-51, [L5661-5664]: "The Goths are burning Rome, which is a 12 GPv city. (5 x 12 = 60) Sixty points of troops
    would be required to burn the city in one Action ... they only have 30 points of troops, so it will take them 2
    Actions." Burn City is BAC 1 an action ([L5642-5645])."""
    rome = Target("Latium", "Rome", 12)
    assert actions.cost("BC", rome, {"I": 30}) == 2
    assert actions.cost("BC", rome, {"I": 60}) == 1
    assert actions.cost("BC", rome, {"I": 20, "LC": 4}) == 3  # ceil(60 / 24)


def test_ex52_evacuation_applies_the_printed_floor() -> None:
    """EX-52, [L5881-5889]: "Rome is of size 10 GPv. The Roman army has 12 points of cavalry ... ((10 x 4) / (12/5)
    = 16) actions". The quotient is 16.67: the source prints 16 (a floor; a ceiling would give 17), and the printed
    floor is applied. "The action requires at least one (1) Action Point" ([L5878-5879])."""
    rome = Target("Latium", "Rome", 10)
    assert actions.cost("EVC", rome, {"C": 12}) == 16
    assert actions.cost("EVC", Target("Latium", "Ostia", 1), {"C": 40}) == 1  # 0.5 -> at least 1


def test_ex53_military_conversion_cost_and_troop_minimum() -> None:
    """EX-53, [L6035-6044]: "Languedoc is a 2 GPv province so it costs the Italians (4 + 2 = 6) Action Points ... and
    they must keep at least (2 x 10 = 20) points of troops throughout the effort"."""
    languedoc = Target("Languedoc", None, 2)
    assert actions.cost("MC", languedoc, {"I": 20}) == 6
    assert actions.shortfall("MC", languedoc, {"I": 20}) is None
    short = actions.shortfall("MC", languedoc, {"I": 19})
    assert short is not None and "at least 20 troop points" in short and "has 19" in short


def test_loot_needs_ten_troop_points_a_gpv_and_the_refusal_names_the_step() -> None:
    """[L6006-6008] "Ten points of troops must be present to loot one GPv of regional value": Thrace (5 GPv) needs
    50; Basil II has 30 (10 Heavy Cavalry, 20 Infantry)."""
    g = _game()
    order = GiveItinerary(line="p1", army="byz-1", steps=[Step(kind="act", action="LR")])
    rejected = g.rejects(order, BYZ)
    assert rejected.code == "lote.itinerary_too_few_troops"
    assert "step 1" in rejected.message and "needs at least 50 troop points" in rejected.message


def test_a_city_action_needs_the_city_and_scorched_earth_a_cultivated_region() -> None:
    g = _game()
    no_city = g.rejects(GiveItinerary(line="p1", army="byz-1", steps=[Step(kind="act", action="SC")]), BYZ)
    assert no_city.code == "lote.itinerary_bad_target" and "needs the city" in no_city.message
    elsewhere = GiveItinerary(line="p1", army="byz-1", steps=[Step(kind="act", action="BC", to="Kiev")])
    assert "'Kiev' is not a city of 'Thrace'" in g.rejects(elsewhere, BYZ).message
    steps = [Step(kind="move", to="Bulgaria"), Step(kind="act", action="SE")]
    mountains = g.rejects(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    assert mountains.code == "lote.itinerary_not_cultivated" and "step 2" in mountains.message


def test_military_conversion_needs_another_religion_and_a_national_leader() -> None:
    """[L6015-6024] "performed by a non-Mercenary army in a region that has a different religion ... any National
    Leader (King, Heir, Prince or Lieutenant). A Bishop can also attempt the action." Thrace is Orthodox already."""
    g = _game()
    same = g.rejects(GiveItinerary(line="p1", army="byz-1", steps=[Step(kind="act", action="MC")]), BYZ)
    assert same.code == "lote.itinerary_cannot_convert" and "already of the army's religion" in same.message
    g = _game(regions__Novgorod__religion="RC")
    ally = g.rejects(GiveItinerary(line="p1", army="rus-2", steps=[Step(kind="act", action="MC")]), seat("rus"))
    assert ally.code == "lote.itinerary_cannot_convert" and "not a mercenary or an ally" in ally.message


def test_loot_yields_double_gpv_and_pwb_and_the_region_gives_nothing_next_turn() -> None:
    """[L5995-6010] Loot: "GP equal to double the GPv of the region and double the regional Public Works"; the PWB
    are destroyed; no regional income or agro next turn; "may provoke a regional rebellion" (a GM item with 2d6).
    Bulgaria (3 GPv, Pacified by Byzantium, given 4 PWB here): 2 x 3 + 2 x 4 = 14 GP for Basil's 30 troop points."""
    plain = _game(regions__Bulgaria__pwb=4)
    plain.when(GiveItinerary(line="p1", army="byz-1", steps=[Step(kind="move", to="Bulgaria")]), BYZ)
    _resolve(plain)
    g = _game(regions__Bulgaria__pwb=4)
    steps = [Step(kind="move", to="Bulgaria"), Step(kind="act", action="LR")]
    g.when(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    events = _resolve(g)
    (looted,) = _of(events, m.RegionLooted)
    assert (looted.region, looted.gp, looted.pwb_lost, looted.how) == ("Bulgaria", Fraction(14), 4, "loot")
    state = g.rules
    assert state.regions["Bulgaria"].pwb == 0 and state.looted == {"Bulgaria": 1}
    assert state.nations["byz"].gp - plain.rules.nations["byz"].gp == 14  # the same turn without the looting
    (revolt,) = _items(events, "pillage_revolt")
    assert revolt.subject == "Bulgaria" and revolt.proposal == "calm" and len(revolt.rolls) == 2


def test_a_looted_region_yields_no_regional_income_or_agro_on_the_next_turn() -> None:
    """[L6003-6006] "The Looted region will then not produce either Regional income or Agro on the turn following
    the Looting": the sheets assessed at the end of the turn leave the region out (Thrace, Byzantine homeland)."""
    from domain.rulesets.lote.economy import economy, upkeep

    g = _game()
    state = g.rules
    nation = state.nations["byz"]
    before = economy.regional_income(state, nation)[0]
    agro_before = upkeep.agro(state, nation).production
    looted = msgspec.structs.replace(state, looted={"Thrace": state.turn})
    after = economy.regional_income(looted, nation)[0]
    assert after < before and upkeep.agro(looted, nation).production < agro_before
    # a looting of an earlier turn no longer counts
    old = msgspec.structs.replace(state, looted={"Thrace": state.turn - 1})
    assert economy.regional_income(old, nation)[0] == before


def test_sack_then_burn_destroys_the_city_and_victims_see_it_without_the_army() -> None:
    """[L6386-6402] Sack: 10 x GPv + 2 x PWB gold, GPv to 0, PWB destroyed; [L5651-5653] Burn "in combination with a
    Sack City action, will result in the total destruction of the city".
    Basil, in Nicaea, sacks it (3 GPv, 2 PWB given): 10 x 3 + 2 x 2 = 34 GP, then burns it: Nicaea is no more."""
    g = _game(cities__Nicaea__pwb=2, **{"leaders__byz-1__location": "Nicaea"})
    steps = [Step(kind="act", action="SC", to="Nicaea"), Step(kind="act", action="BC", to="Nicaea")]
    g.when(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    events = _resolve(g)
    (sacked,) = _of(events, m.CitySacked)
    assert (sacked.gp, sacked.gpv_lost, sacked.pwb_lost) == (Fraction(34), 3, 2)
    (burned,) = _of(events, m.CityBurned)
    assert burned.gpv_lost == 0  # nothing left to lose after the sack
    (gone,) = _of(events, m.CityDestroyed)
    assert gone.city == "Nicaea" and "Nicaea" not in g.rules.cities
    assert g.rules.leaders["byz-1"].location == "Bithynia"
    kip = seat("kip")
    assert all(redact(e, kip) is None for e in (sacked, burned, gone))


def test_burn_alone_costs_one_gpv_and_keeps_the_lesser_of_ten_or_half_the_works() -> None:
    """[L5653-5656] "Without a Sack action, the city will be reduced by 1 GPv and will lose all but either 10 of its
    public works or half of that which it had, whichever is less": Constantinople (10 GPv, 40 PWB) keeps 10 and 9 GPv;
    with 30 troop points, 5 x 10 / 30 -> 2 actions."""
    g = _game()
    steps = [Step(kind="act", action="BC", to="Constantinople")]
    g.when(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    (burned,) = _of(_resolve(g), m.CityBurned)
    assert (burned.gpv_lost, burned.pwb_left) == (1, 10)
    city = g.rules.cities["Constantinople"]
    assert (city.gpv, city.pwb) == (9, 10)


def test_enslaving_a_region_raises_fifteen_slave_nfp_a_gpv_and_depopulates_it() -> None:
    """[L5806-5817] "(15 x GPv) for a region"; "A one to ten ratio of Enslaving troops to slave NFP"; [L4591]
    "Regions that have been depopulated by enslavement". Bulgaria (3 GPv): 45 SFP, 5 troop points needed."""
    g = _game()
    steps = [Step(kind="move", to="Bulgaria"), Step(kind="act", action="EP")]
    g.when(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    (slaves,) = _of(_resolve(g), m.PopulationEnslaved)
    assert (slaves.place, slaves.sfp, slaves.gpv_lost) == ("Bulgaria", Fraction(45), 3)
    region = g.rules.regions["Bulgaria"]
    assert region.gpv == 0 and region.depopulated and g.rules.nations["byz"].slave_nfp >= 45


def test_evacuation_yields_refugees_only_for_cities_and_settling() -> None:
    """[L5873-5876] "Each GPv of the city yields 10 GP in goods and 10 NFP in refugees. These GP and NFP can only be
    used to either: Build or Increase a City, or Settle a Province." Nicaea (3 GPv): 30 GP and 30 NFP, kept apart."""
    g = _game(**{"leaders__byz-1__location": "Nicaea"})
    g.when(GiveItinerary(line="p1", army="byz-1", steps=[Step(kind="act", action="EVC", to="Nicaea")]), BYZ)
    (out,) = _of(_resolve(g), m.CityEvacuated)
    assert (out.gp, out.nfp) == (Fraction(30), Fraction(30))
    nation = g.rules.nations["byz"]
    assert (nation.refugee_gp, nation.refugee_nfp) == (30, 30) and g.rules.cities["Nicaea"].gpv == 0


def test_military_conversion_is_a_revolt_for_the_gm_and_converts_when_ruled() -> None:
    """[L6025-6031] "The region being converted will revolt ... the resulting rebel army must be crushed for the
    Conversion to be effective": a GM item; 'converted' gives the region the army's religion at the close."""
    g = _game(regions__Bulgaria__religion="RC")
    steps = [Step(kind="move", to="Bulgaria"), Step(kind="act", action="MC")]
    g.when(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    events = _resolve(g)
    assert [e.region for e in _of(events, m.MilitaryConversionBegun)] == ["Bulgaria"]
    (item,) = _items(events, "military_conversion")
    assert item.proposal == "converted"
    bad = g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="maybe", reason="x"))
    assert bad.code == "lote.bad_outcome" and "converted or failed" in bad.message
    for pending in list(g.rules.adjudications.values()):
        g.when(m.ConfirmAdjudication(item_id=pending.item_id, reason="ok"))
    closing = g.when(AdvancePhase())
    assert [e.religion for e in _of(closing, m.RegionConverted)] == ["EO"]
    assert g.rules.regions["Bulgaria"].religion == "EO"


def test_a_raid_is_aborted_by_as_many_defenders_and_otherwise_ruled_by_the_gm() -> None:
    """[L6276-6283] "If the Raiders meet an equal number of defending units, they will abort the attempt. Otherwise,
    the Raiders will gain a variable number of GP based on the value of the region, and the target region is
    considered 'Looted'"; "A Raid against a province does not require the expenditure of AP to enter the region"."""
    g = _game()
    g.when(GiveItinerary(line="r1", army="byz-2", steps=[Step(kind="act", action="RD", to="Anatolia")]), BYZ)
    rejected = g.rejects(GiveItinerary(line="r1", army="byz-2", steps=[Step(kind="act", action="RD", to="Kiev")]),
                         BYZ)  # fmt: skip
    assert rejected.code == "lote.itinerary_bad_target" and "does not border" in rejected.message
    g2 = _game(**{"leaders__byz-2__location": "Bulgaria"})
    g2.when(GiveItinerary(line="r1", army="byz-2", steps=[Step(kind="act", action="RD", to="Kipchak")]), BYZ)
    events = _resolve(g2)
    (failed,) = [e for e in events if isinstance(e, m.OrderFailed) and e.line == "r1"]
    assert failed.code == "lote.raid_aborted" and "30 defending units" in failed.message
    g3 = _game(**{"leaders__byz-2__location": "Bulgaria"})
    g3.when(GiveItinerary(line="r1", army="byz-2", steps=[Step(kind="act", action="RD", to="Wallachia")]), BYZ)
    (item,) = _items(_resolve(g3), "raid")
    assert item.proposal == "4" and item.subject == "r1.1:Wallachia"
    wrong = g3.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="lots", reason="x"))
    assert wrong.code == "lote.bad_outcome"
    g3.when(m.OverrideAdjudication(item_id=item.item_id, outcome="7", reason="a rich harvest"))
    for pending in list(g3.rules.adjudications.values()):
        if pending.outcome is None:
            g3.when(m.ConfirmAdjudication(item_id=pending.item_id, reason="ok"))
    closing = g3.when(AdvancePhase())
    (raided,) = _of(closing, m.RegionLooted)
    assert (raided.region, raided.gp, raided.how) == ("Wallachia", Fraction(7), "raid")


def test_a_hostile_looting_is_in_the_newsfax_and_the_victim_sees_it_without_the_army() -> None:
    """[L3050-3061] "Hostile Military Actions against Other Nations" and "Changes in Regional Terrain" are always
    reported in the Newsfax. The Kipchaks hold Bulgaria as Tributary beside Byzantium's Pacified status (given here):
    its looting is drafted for the Newsfax; the Kipchak seat sees the event without the army or the order line, the
    Kievans (no status there) see nothing; the looter's status report lists the region as Looted."""
    g = _game(regions__Bulgaria__statuses={"byz": "p", "kip": "t"})
    steps = [Step(kind="move", to="Bulgaria"), Step(kind="act", action="LR")]
    g.when(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    (looted,) = _of(_resolve(g), m.RegionLooted)
    assert looted.victims == ("kip",)
    drafted = [i.text for i in g.rules.press.items.values() if i.source == "RegionLooted"]
    assert drafted == ["Looted Bulgaria, carrying off 6 gold."]
    seen = redact(looted, seat("kip"))
    assert seen is not None and (seen.army, seen.line, seen.victims) == ("", "", ())
    assert redact(looted, seat("rus")) is None
    from domain.rulesets.lote.reports.reports import build_report

    assert build_report(g.rules, "byz", 1, 1005).sheet["looted_regions"] == "Bulgaria"


def test_looting_ones_own_region_is_not_news_but_scorched_earth_is() -> None:
    """Scorched Earth [L6404-6418]: Thrace (c2) becomes c ([L3492-3493]) and is Looted; a change of terrain is
    always in the Newsfax. 5 GPv need 50 troop points for one action; Basil brings 30 and 30 more Infantry: 60 -> 1
    action of BAC 4."""
    g = _game(**{"leaders__byz-1__units": {"HC": 10, "I": 50}})
    g.when(GiveItinerary(line="p1", army="byz-1", steps=[Step(kind="act", action="SE")]), BYZ)
    events = _resolve(g)
    assert [(e.region, e.terrain) for e in _of(events, m.TerrainReverted)] == [("Thrace", "c")]
    (looted,) = _of(events, m.RegionLooted)
    assert (looted.how, looted.gp, looted.victims) == ("scorch", Fraction(2 * 5 + 2 * 30), ())
    texts = [i.text for i in g.rules.press.items.values()]
    assert "Thrace laid waste: it is cultivated again." in texts
    assert not any(t.startswith("Looted") for t in texts)
    assert g.rules.regions["Thrace"].terrain == "c"


def test_a_looting_after_an_attack_waits_for_the_battle_and_one_without_control_fails() -> None:
    """Loot needs an "Army-occupied and controlled region" ([L5997-5999]). Wallachia (2 GPv) is nobody's: looted
    after an Attack step there, the step waits for the battle (GM item `pillage`: 'apply' once the attack gave
    control); looted without one, the line fails when it runs, naming the step."""
    g = _game()
    steps = [Step(kind="move", to="Bulgaria"), Step(kind="move", to="Wallachia"), Step(kind="act", action="A"),
             Step(kind="act", action="LR")]  # fmt: skip
    g.when(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    events = _resolve(g)
    (item,) = _items(events, "pillage")
    assert item.subject == "p1.4@Wallachia" and item.proposal == "apply"
    assert not _of(events, m.RegionLooted)
    for pending in list(g.rules.adjudications.values()):
        g.when(m.ConfirmAdjudication(item_id=pending.item_id, reason="the attack carried the region"))
    (looted,) = _of(g.when(AdvancePhase()), m.RegionLooted)
    assert (looted.region, looted.gp) == ("Wallachia", Fraction(4))

    g = _game()
    steps = [Step(kind="move", to="Bulgaria"), Step(kind="move", to="Wallachia"), Step(kind="act", action="LR")]
    g.when(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    (failed,) = [e for e in _resolve(g) if isinstance(e, m.OrderFailed) and e.line == "p1"]
    assert failed.code == "lote.pillage_not_controlled" and "step 3" in failed.message


def test_a_city_is_converted_at_one_ap_a_city_gpv() -> None:
    """[L6014] "BAC 4 per GPv of Region, 1 per GPv of City": Nicaea (3 GPv, Catholic here) costs 3 AP (wilderness
    Bithynia adds Table 6-17's +1 for the Civilized); 10 troop points a GPv are kept; ruled 'converted', the city
    takes the army's Orthodox faith."""
    g = _game(cities__Nicaea__religion="RC", **{"leaders__byz-1__location": "Nicaea"})
    state = g.rules
    order = GiveItinerary(line="p1", army="byz-1", steps=[Step(kind="act", action="MC", to="Nicaea")])
    from domain.rulesets.lote.movement.itinerary import plan

    assert [p.cost for p in plan(state, state.nations["byz"], order).steps] == [3 + 1]
    g.when(order, BYZ)
    (item,) = _items(_resolve(g), "military_conversion")
    assert item.subject == "Nicaea"
    for pending in list(g.rules.adjudications.values()):
        g.when(m.ConfirmAdjudication(item_id=pending.item_id, reason="ok"))
    g.when(AdvancePhase())
    assert g.rules.cities["Nicaea"].religion == "EO"


def test_a_looting_right_after_a_contact_and_an_attack_there_waits_for_the_battle() -> None:
    """Basil marches into Kipchak, where the horde stands (a contact), attacks and would loot: the attack is fought
    there first, so the looting waits for the GM's `pillage` item, as an action after any attack does."""
    g = _game()
    steps = [Step(kind="move", to="Bulgaria"), Step(kind="move", to="Kipchak"), Step(kind="act", action="A"),
             Step(kind="act", action="LR")]  # fmt: skip
    g.when(GiveItinerary(line="p1", army="byz-1", steps=steps), BYZ)
    events = _resolve(g)
    assert [i.subject for i in _items(events, "pillage")] == ["p1.4@Kipchak"]
    assert not _of(events, m.RegionLooted)


def test_a_jungle_turned_cultivated_reverts_to_jungle_when_looted() -> None:
    """[L3555-3557] "Jungle turned Cultivated reverts to Jungle when Looted, Scorched or Regionally Genocided": Kiev
    (c, cleared from jungle here) looted by its own army of 30 troop points (3 GPv): jungle again, 2 x 3 + 2 x 5 GP."""
    g = _game(regions__Kiev__original_terrain="j", **{"leaders__rus-1__units": {"I": 26, "C": 4}})
    g.when(GiveItinerary(line="p1", army="rus-1", steps=[Step(kind="act", action="LR")]), seat("rus"))
    events = _resolve(g)
    assert [(e.region, e.terrain) for e in _of(events, m.TerrainReverted)] == [("Kiev", "j")]
    assert [e.gp for e in _of(events, m.RegionLooted)] == [Fraction(16)]
    assert g.rules.regions["Kiev"].terrain == "j"
