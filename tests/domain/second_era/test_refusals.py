"""Refusals that no rule test reaches otherwise: each command refused with its stable code (the rejection-code
check, tests/test_rejection_codes.py, lists the codes every test must reach)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.engine import Actor
from domain.rulesets.second_era.commands import (
    AcceptTrade,
    AddClans,
    AdjustGodMana,
    CastInstant,
    ChooseHeroAbility,
    CounterRaze,
    GrowTribe,
    OfferTrade,
    RazeStructure,
    RemoveClans,
    ResistTravel,
    RuleRaze,
    RuleTravel,
    TeachSpell,
)
from domain.rulesets.second_era.events import EraWon, HeroBorn, SpellTaught
from domain.rulesets.second_era.state import Hero, Spell
from domain.rulesets.second_era.values import Effect
from tests.domain.harness import GM, Game
from tests.domain.second_era.world import ANN, BOB, new_game, stock


def _game() -> Game:
    game = new_game(ann_mana=40, bob_mana=40)
    stock(game, "anns", food=5)
    return game


CASES: list[tuple[str, Any, Actor]] = [
    ("second_era.bad_amount", OfferTrade(to_god="bob", give={"food": -1}), ANN),
    ("second_era.empty_trade", OfferTrade(to_god="bob"), ANN),
    ("second_era.unknown_god", OfferTrade(to_god="nobody", give={"food": 1}), ANN),
    ("second_era.unknown_side", OfferTrade(to_god="bob", give={"food": 1}, from_monster="m-none"), ANN),
    ("second_era.no_effects", TeachSpell(name="Empty", effects=[]), ANN),
    ("second_era.unknown_effect", TeachSpell(name="X", effects=[Effect(effect="levitation")]), ANN),
    ("second_era.bad_level", TeachSpell(name="X", effects=[Effect(effect="farming", level=0)]), ANN),
    ("second_era.unknown_role", GrowTribe(role="jester"), ANN),
    ("second_era.unknown_structure", RazeStructure(structure="town-none", bid=1), ANN),
    ("second_era.unknown_raze", CounterRaze(raze="raze-none", bid=1), ANN),
    ("second_era.unknown_travel", ResistTravel(travel="travel-none", bid=1), ANN),
    ("second_era.unknown_raze", RuleRaze(raze="raze-none", succeeded=True, reason="ruling"), GM),
    ("second_era.unknown_travel", RuleTravel(travel="travel-none", succeeded=True, reason="ruling"), GM),
    ("second_era.bad_clans", AddClans(tribe="anns", role="farmer", count=0, reason="ruling"), GM),
    ("second_era.bad_count", RemoveClans(tribe="anns", role="farmer", count=9, reason="ruling"), GM),
    ("second_era.unknown_tribe", AddClans(tribe="nobody", role="farmer", count=1, reason="ruling"), GM),
    ("second_era.unknown_god", AdjustGodMana(god="nobody", delta=1, reason="ruling"), GM),
]


@pytest.mark.parametrize(("code", "command", "actor"), CASES, ids=[c[0] + ":" + type(c[1]).__name__ for c in CASES])
def test_each_refusal_has_its_code(code: str, command: Any, actor: Actor) -> None:
    assert _game().rejects(command, actor).code == code


def test_a_trade_accepted_twice_is_refused() -> None:
    game = _game()
    trade = game.when(OfferTrade(to_god="bob", give={"food": 1}), ANN)[0].trade.id
    game.when(AcceptTrade(trade=trade), BOB)
    assert game.rejects(AcceptTrade(trade=trade), BOB).code == "second_era.already_accepted"


def test_a_sacrifice_names_a_role_the_tribe_has() -> None:
    """[002:70] Sacrifice kills a clan of your own tribe: name a role it has."""
    game = _game()
    spell = Spell(id="spell-ann-1", god="ann", name="Blood", effects=(Effect(effect="sacrifice"),))
    game.given(SpellTaught(god="ann", tribe="anns", spell=spell))
    assert game.rejects(CastInstant(spell=spell.id, role="mage"), ANN).code == "second_era.bad_role"


def test_no_orders_once_the_era_is_won() -> None:
    game = _game()
    game.given(EraWon(god="bob", tribe="bobs", land="e-plains", edifice="city"))
    assert game.rejects(GrowTribe(role="farmer"), ANN).code == "second_era.era_over"


def test_a_hero_ability_comes_from_the_table() -> None:
    """[002:84-85] a hero's abilities are those of the hero table."""
    game = _game()
    game.given(
        HeroBorn(hero=Hero(id="hero-ann-1", tribe="anns", name="Ajax", level=2, abilities=("warrior",), unchosen=1))
    )
    refused = game.rejects(ChooseHeroAbility(hero="hero-ann-1", ability="juggling"), ANN)
    assert refused.code == "second_era.unknown_ability"


def test_a_raze_is_countered_once() -> None:
    """[002:14] the owner may counter-bid against a raze: once."""
    from domain.rulesets.second_era.commands import CounterRaze
    from domain.rulesets.second_era.deal_events import RazeBegun, RazeCountered
    from domain.rulesets.second_era.events import StructureBuilt
    from domain.rulesets.second_era.state import Raze, Structure
    from domain.rulesets.second_era.values import Resources

    game = _game()
    town = Structure(id="town-ann-1", kind="town", land="w-plains", tribe="anns", built_turn=1)
    raze = Raze(id="raze-bob-1", god="bob", tribe="bobs", structure=town.id, bid=3, turn=1)
    game.given(StructureBuilt(structure=town, cost=Resources()), RazeBegun(raze=raze))
    game.given(RazeCountered(god="ann", raze=raze.id, bid=2))
    assert game.rejects(CounterRaze(raze=raze.id, bid=1), ANN).code == "second_era.already_countered"


def test_only_a_mana_source_monster_shares_its_mana() -> None:
    """[002:121] a monster with Mana Source shares its mana store with its god; others do not."""
    from domain.rulesets.second_era.commands import TakeMonsterMana
    from domain.rulesets.second_era.events import MonsterSpawned
    from domain.rulesets.second_era.state import Monster

    game = _game()
    wyrm = Monster(id="monster-ann-1", god="ann", sphere="fire", name="Wyrm", land="w-plains", level=1, hp=5,
                   max_hp=5, abilities=("claws",))  # fmt: skip
    game.given(MonsterSpawned(monster=wyrm))
    refused = game.rejects(TakeMonsterMana(monster=wyrm.id, amount=1), ANN)
    assert refused.code == "second_era.no_mana_source"


def _two_worlds() -> Game:
    """The test world plus a second World, Asgard, with one Land (n-plains) that no connection reaches."""
    from msgspec.structs import replace

    from domain.rulesets.second_era import ruleset
    from domain.rulesets.second_era.scenario import ContinentSpec, WorldSpec
    from tests.domain.second_era.world import land, make_setup

    base = make_setup(ann_mana=40, bob_mana=40)
    setup = replace(
        base,
        worlds=[*base.worlds, WorldSpec(id="asgard")],
        continents=[*base.continents, ContinentSpec(id="north", world="asgard")],
        lands=[*base.lands, land("n-plains", "north", "earth", "plains")],
    )
    return Game(ruleset, setup, seats=["ann", "bob"])


def test_travel_and_trade_stay_within_one_world() -> None:
    """[002:69] Travel teleports a tribe, or a monster, "to another Land on the same World"; [002:13] a tribe
    trades with another tribe in the same World."""
    from domain.rulesets.second_era.events import MonsterSpawned
    from domain.rulesets.second_era.state import Monster
    from tests.domain.second_era.world import move_to

    game = _two_worlds()
    stock(game, "anns", food=5)
    travel = Spell(id="spell-ann-1", god="ann", name="Away", effects=(Effect(effect="travel"),))
    game.given(SpellTaught(god="ann", tribe="anns", spell=travel))
    away = CastInstant(spell=travel.id, to_land="n-plains")
    assert game.rejects(away, ANN).code == "second_era.other_world"
    wyrm = Monster(id="monster-ann-1", god="ann", sphere="fire", name="Wyrm", land="w-plains", level=1, hp=5,
                   max_hp=5, abilities=("claws",), spells=(travel.id,))  # fmt: skip
    game.given(MonsterSpawned(monster=wyrm))
    by_monster = CastInstant(spell=travel.id, to_land="n-plains", monster=wyrm.id)
    assert game.rejects(by_monster, ANN).code == "second_era.other_world"
    move_to(game, "bobs", "n-plains")
    assert game.rejects(OfferTrade(to_god="bob", give={"food": 1}), ANN).code == "second_era.other_world"
