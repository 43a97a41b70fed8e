"""Every refusal of the kingdoms ruleset, each with the command that meets it (a refused command appends nothing)."""

from __future__ import annotations

import msgspec
import pytest

from domain.engine import Rejected
from domain.rulesets.kingdoms import commands as c
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.setup import initial_state
from tests.domain.kingdoms.helpers import (
    GM,
    N,
    S,
    army,
    character,
    kingdom,
    process,
    province,
    scenario,
    two_kingdoms,
    unit,
)


def test_a_rivals_character_is_answered_as_an_unknown_one() -> None:
    g = two_kingdoms()
    rival = g.rejects(o.Explore(character="sspy"), N)
    missing = g.rejects(o.Explore(character="nobody"), N)
    assert rival.code == missing.code == "kingdoms.unknown_character"
    assert rival.message.replace("sspy", "X") == missing.message.replace("nobody", "X")


def test_a_dead_character_takes_no_action() -> None:
    g = two_kingdoms()
    g.given(e.EncounterResolved("n", "nking", "north", "m-1", "demon", "killed", ("ME",), 30, 0, 0))
    assert g.rejects(o.Explore(character="nking"), N).code == "kingdoms.character_dead"


def test_paths_run_through_adjacent_provinces_within_the_moves() -> None:
    g = two_kingdoms()
    assert g.rejects(o.Move(character="nking", path=["south"]), N).code == "kingdoms.not_adjacent"
    far = o.Move(character="nking", path=["march", "south", "march"])
    assert g.rejects(far, N).code == "kingdoms.too_far"  # 2 moves a turn for a character alone (default)
    assert g.rejects(o.Invade(character="nking", path=["march"]), N).code == "kingdoms.no_army"


def test_targets_armies_and_monsters_must_exist() -> None:
    g = two_kingdoms()
    assert g.rejects(o.Pursue(character="nking", target="nking"), N).code == "kingdoms.unknown_target"
    assert g.rejects(o.PickUpArmy(character="nking", army="elsewhere"), N).code == "kingdoms.army_not_here"
    assert g.rejects(o.Recruit(character="nking", unit_type="ZZ"), N).code == "kingdoms.unknown_unit_type"
    assert g.rejects(o.Spy(character="nking", target="n"), N).code == "kingdoms.unknown_kingdom"
    assert g.rejects(o.NegotiateWithMonster(character="nking", monster="x"), N).code == "kingdoms.no_such_monster"
    spell = o.CastActionSpell(character="nking", spell="illusory_terrain")
    assert g.rejects(spell, N).code == "kingdoms.illusion_needed"


def test_command_needs_an_own_army_in_the_same_province() -> None:
    g = two_kingdoms()
    assert g.rejects(c.AssignCommand(army="nope", character="nking"), N).code == "kingdoms.unknown_army"
    g.given(e.CharacterMoved("n", "nking", ("march",)))
    assert g.rejects(c.AssignCommand(army="narmy", character="nking"), N).code == "kingdoms.army_not_here"


def test_cancelling_needs_an_order() -> None:
    assert two_kingdoms().rejects(c.CancelOrder(character="nking"), N).code == "kingdoms.no_order"


def test_treaties_need_two_kingdoms_and_a_treaty_to_break() -> None:
    g = two_kingdoms()
    assert g.rejects(c.OfferTreaty(kingdom="s"), GM).code == "kingdoms.not_a_kingdom"
    assert g.rejects(c.OfferTreaty(kingdom="n"), N).code == "kingdoms.unknown_kingdom"
    assert g.rejects(c.BreakTreaty(kingdom="s"), N).code == "kingdoms.no_treaty"
    g.given(e.TreatyMade(("n", "s")))
    assert g.rejects(c.OfferTreaty(kingdom="s"), N).code == "kingdoms.treaty_exists"


def test_gm_rulings_are_checked() -> None:
    g = two_kingdoms()
    assert g.rejects(c.AdjustTreasury(kingdom="n", gold=-51, reason="pay")).code == "kingdoms.treasury_negative"
    assert g.rejects(c.AdjustTreasury(kingdom="x", gold=1, reason="pay")).code == "kingdoms.unknown_kingdom"
    raise_ = c.RaiseUnits(
        kingdom="s", army="narmy", province="north", unit_type="LE", race="human", quality="green", count=1, reason="r"
    )
    assert g.rejects(raise_).code == "kingdoms.army_elsewhere"
    assert g.rejects(msgspec.structs.replace(raise_, kingdom="n", unit_type="TK")).code == "kingdoms.unknown_unit_type"
    assert g.rejects(msgspec.structs.replace(raise_, kingdom="n", race="hobbit")).code == "kingdoms.unknown_race"
    nowhere = msgspec.structs.replace(raise_, army="new", province="atlantis")
    assert g.rejects(nowhere).code == "kingdoms.unknown_province"
    explored = c.SetExplored(kingdom="n", province="x", percent=5, reason="r")
    assert g.rejects(explored).code == "kingdoms.unknown_province"
    event = c.RuleRandomEvent(province="march", kingdom="n", factor="5/2", reason="r")
    assert g.rejects(event).code == "kingdoms.bad_factor"
    ability = c.SetAbility(character="nking", ability="juggling", level=1, reason="r")
    assert g.rejects(ability).code == "kingdoms.unknown_ability"
    take = c.GiveItem(character="nking", item="excalibur", take=True, reason="r")
    assert g.rejects(take).code == "kingdoms.no_such_item"
    give = c.GiveItem(character="nking", item="holy grail", reason="r")
    assert g.rejects(give).code == "kingdoms.unknown_item"
    deed = c.AdjustMerit(character="nking", counter="dragons_tamed", count=1, reason="r")
    assert g.rejects(deed).code == "kingdoms.unknown_counter"


def test_a_seat_must_control_a_kingdom() -> None:
    from domain.rulesets.kingdoms import validate_seat

    with pytest.raises(Rejected) as refused:
        validate_seat(two_kingdoms().rules, "atlantis")
    assert refused.value.code == "kingdoms.unknown_kingdom"


def _refused(**changes: object) -> str:
    base = {
        "kingdoms": [kingdom("k", "king", "home")],
        "provinces": [province("home")],
        "characters": [character("king", "k", "home")],
        "armies": [],
    }
    base.update(changes)
    with pytest.raises(Rejected) as refused:
        initial_state(scenario(base["kingdoms"], base["provinces"], base["characters"], base["armies"]))
    return refused.value.code


def test_scenario_errors_name_the_record_and_field() -> None:
    assert _refused(kingdoms=[]) == "kingdoms.scenario.no_kingdoms"
    assert _refused(provinces=[province("home"), province("home")]) == "kingdoms.scenario.duplicate_id"
    assert _refused(provinces=[province("home", adjacent=["x"])]) == "kingdoms.scenario.unknown_province"
    assert _refused(provinces=[province("home", kingdom="x")]) == "kingdoms.scenario.unknown_kingdom"
    assert _refused(provinces=[province("home", explored={"x": 5})]) == "kingdoms.scenario.unknown_kingdom"
    monsters = [{"id": "m", "kind": "balrog"}]
    assert _refused(provinces=[province("home", monsters=monsters)]) == "kingdoms.scenario.unknown_monster"
    assert _refused(kingdoms=[kingdom("k", "nobody", "home")]) == "kingdoms.scenario.bad_king"
    assert _refused(kingdoms=[kingdom("k", "king", "x")]) == "kingdoms.scenario.unknown_province"
    stranger = character("x", "y", "home")
    assert _refused(characters=[character("king", "k", "home"), stranger]) == "kingdoms.scenario.unknown_kingdom"
    lost = character("king", "k", "nowhere")
    assert _refused(characters=[lost]) == "kingdoms.scenario.unknown_province"
    odd = character("king", "k", "home", abilities={"juggling": 1})
    assert _refused(characters=[odd]) == "kingdoms.scenario.unknown_ability"
    brave = character("king", "k", "home", refusal=30)
    assert _refused(characters=[brave]) == "kingdoms.scenario.bad_refusal"
    assert _refused(armies=[army("a", "x", "home")]) == "kingdoms.scenario.unknown_kingdom"
    assert _refused(armies=[army("a", "k", "x")]) == "kingdoms.scenario.unknown_province"
    assert _refused(armies=[army("a", "k", "home", "ghost")]) == "kingdoms.scenario.bad_leader"
    elves = [unit("u", "BO", race="hobbit")]
    assert _refused(armies=[army("a", "k", "home", front=elves)]) == "kingdoms.scenario.unknown_race"
    tanks = [unit("u", "TK")]
    assert _refused(armies=[army("a", "k", "home", front=tanks)]) == "kingdoms.scenario.unknown_unit_type"
    holy = character("king", "k", "home", items=["holy grail"])
    assert _refused(characters=[holy]) == "kingdoms.scenario.unknown_item"


def test_a_content_pack_with_broken_references_is_refused_naming_the_record() -> None:
    pack = default_pack()
    broken = msgspec.structs.replace(
        pack, army_types=[msgspec.structs.replace(pack.army_types[0], home_terrain=["swamp"]), *pack.army_types[1:]]
    )
    base = scenario([kingdom("k", "king", "home")], [province("home")], [character("king", "k", "home")])
    setup = msgspec.structs.replace(base, content=broken)
    with pytest.raises(Rejected) as refused:
        initial_state(setup)
    assert refused.value.code == "kingdoms.content_invalid"
    assert "GA" in refused.value.message and "swamp" in refused.value.message


def test_orders_are_refused_to_seats_outside_the_kingdom() -> None:
    g = two_kingdoms()
    assert g.rejects(o.Explore(character="nking"), S).code == "kingdoms.unknown_character"


def test_gm_placements_and_treaty_rulings_are_checked() -> None:
    g = two_kingdoms()
    assert g.rejects(c.PlaceForce(province="x", character="nking", reason="r")).code == "kingdoms.unknown_province"
    assert g.rejects(c.PlaceForce(province="march", character="x", reason="r")).code == "kingdoms.unknown_character"
    assert g.rejects(c.PlaceForce(province="march", army="x", reason="r")).code == "kingdoms.unknown_army"
    assert g.rejects(c.PlaceForce(province="march", reason="r")).code == "kingdoms.nothing_to_place"
    same = c.RuleTreaty(kingdoms=["n", "n"], made=True, reason="r")
    assert g.rejects(same).code == "kingdoms.same_kingdom"


def test_following_an_unknown_character_is_lost_at_processing_not_refused() -> None:
    """A refusal would tell a kingdom which rival character ids exist; the order fails as a fact instead."""
    g = two_kingdoms()
    g.when(o.Pursue(character="nking", target="ghost"), N)
    g.when(o.Trail(character="ngen", target="sspy"), N)
    events = process(g)
    failed = [ev for ev in events if isinstance(ev, e.OrderFailed)]
    assert [(f.character, f.order) for f in failed] == [("nking", "Pursue")]
