"""Battles: war scores, d6, outcomes and their rounding, losses, loot, heroes ([002:6-7], [002:52-58],
[002:90-97])."""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor

from hypothesis import given
from hypothesis import strategies as st

from domain.engine.dice import DiceRolled
from domain.rulesets.second_era.battle import outcome, war_score
from domain.rulesets.second_era.commands import MoveTribe, SetChampion, SetRetreat
from domain.rulesets.second_era.events import (
    ArtefactCreated,
    ArtefactTaken,
    BattleFought,
    ClansLost,
    HeroBorn,
    HeroKilled,
    HeroLevelled,
    ResourcesTaken,
    SpellStolen,
    SpellTaught,
    TribeDriven,
)
from domain.rulesets.second_era.state import Artefact, Hero, Spell
from domain.rulesets.second_era.values import Effect, Resources
from tests.domain.harness import Game
from tests.domain.second_era.world import ANN, BOB, new_game, of, resolve, stock, with_clans


def _hero(game: Game, hero_id: str, tribe: str, *abilities: str, level: int = 1) -> None:
    game.given(HeroBorn(hero=Hero(id=hero_id, tribe=tribe, name=hero_id, level=level, abilities=abilities)))


def _invasion(bob: dict[str, int], ann: dict[str, int]) -> Game:
    """Bob's tribe, on w-sea, is about to invade Ann's on w-plains."""
    game = new_game(bob_land="w-sea")
    with_clans(game, "bobs", bob)
    with_clans(game, "anns", ann)
    return game


def _fight(game: Game, rolls: tuple[int, int], loot: list[str] | None = None) -> list[object]:
    """Bob moves in; `rolls` forces the battle's dice: (Bob's d6, Ann's d6)."""
    game.when(MoveTribe(to_land="w-plains", loot=loot or []), BOB)  # type: ignore[arg-type]
    game.dice(*rolls)
    return resolve(game)


def test_equal_scores_are_a_draw_and_each_side_loses_one() -> None:
    """[002:55] a Draw: the Tribe(s) lose a Clan; no resources are stolen."""
    assert outcome(5, 5) == ("draw", 1, 1)


def test_an_attacker_victory_costs_the_defender_half_the_difference_rounded_down() -> None:
    """[002:56] half the difference in points, rounded down."""
    assert outcome(8, 3) == ("attacker", 0, 2)
    assert outcome(4, 3) == ("attacker", 0, 0)


def test_a_defender_victory_costs_the_attacker_half_the_difference_rounded_up() -> None:
    """SE-10 [002:57] defender wins by 1: the attacker loses ceil(1/2) = 1."""
    assert outcome(3, 4) == ("defender", 1, 0)
    assert outcome(3, 8) == ("defender", 3, 0)


@given(a=st.integers(0, 40), d=st.integers(0, 40))
def test_losses_follow_the_rounding_of_each_outcome(a: int, d: int) -> None:
    """[002:55-57] property: draws cost 1 each; attacker wins round down; defender wins round up."""
    result, a_loss, d_loss = outcome(a, d)
    if a == d:
        assert (result, a_loss, d_loss) == ("draw", 1, 1)
    elif a > d:
        assert (result, a_loss, d_loss) == ("attacker", 0, floor(Fraction(a - d, 2)))
    else:
        assert (result, a_loss, d_loss) == ("defender", ceil(Fraction(d - a, 2)), 0)


def test_war_clans_make_the_war_score() -> None:
    """[002:43] [002:54] each War Clan +1 War Score."""
    game = new_game(ann_clans={"war": 2, "farmer": 1})
    assert war_score(game.rules, game.rules.tribes["anns"], "attacker") == 2


def test_a_tactician_does_not_help_in_defence_but_a_guerilla_does() -> None:
    """SE-37 [002:92-93] 10 War clans, a Guerilla and a Tactician: 12 in defence, 12 in attack."""
    game = new_game()
    with_clans(game, "anns", {"war": 10})
    _hero(game, "hero-1", "anns", "guerilla", "tactician", level=2)
    tribe = game.rules.tribes["anns"]
    assert war_score(game.rules, tribe, "defender") == 12
    assert war_score(game.rules, tribe, "attacker") == 12
    _hero(game, "hero-2", "anns", "tactician", level=1)  # overlaps with the first: no change [002:98]
    assert war_score(game.rules, game.rules.tribes["anns"], "attacker") == 12


def test_a_warrior_adds_one_that_does_not_stack_and_ten_percent_that_rounds_down() -> None:
    """[002:90] +1 War Score (does not stack) and +10% per Warrior (stacks, rounds down)."""
    game = new_game()
    with_clans(game, "anns", {"war": 8})
    _hero(game, "hero-1", "anns", "warrior", "warrior", level=2)
    _hero(game, "hero-2", "anns", "warrior", level=1)
    # (8 + 1) x 1.2 = 10.8 -> 10
    assert war_score(game.rules, game.rules.tribes["anns"], "defender") == 10


def test_a_monster_hunter_helps_only_against_monsters() -> None:
    """[002:94] +25% against Monsters."""
    game = new_game()
    with_clans(game, "anns", {"war": 4})
    _hero(game, "hero-1", "anns", "monster_hunter")
    tribe = game.rules.tribes["anns"]
    assert war_score(game.rules, tribe, "defender") == 4
    assert war_score(game.rules, tribe, "defender", vs_monster=True) == 5


def test_ending_the_turn_on_another_tribes_land_forces_a_battle_with_a_d6_each() -> None:
    """[002:6] [002:54] war score plus 1d6 each; the dice are public."""
    game = _invasion({"war": 3}, {"war": 1, "farmer": 2})
    events = _fight(game, (2, 5))
    battle = of(events, BattleFought)[0]
    assert (battle.attacker, battle.defender, battle.land) == ("bobs", "anns", "w-plains")
    assert (battle.attacker_score, battle.attacker_roll, battle.defender_score, battle.defender_roll) == (3, 2, 1, 5)
    assert battle.outcome == "defender"
    roll = of(events, DiceRolled)[0]
    assert roll.visible_to is None and roll.results == (2, 5)


def test_a_repelled_invader_loses_half_rounded_up_and_falls_back() -> None:
    """[002:57] defender wins 6 to 5: the attacker loses 1 clan and goes back where it came from."""
    game = _invasion({"war": 3}, {"war": 1, "farmer": 2})
    events = _fight(game, (2, 5))
    assert of(events, ClansLost) == [ClansLost(tribe="bobs", clans={"war": 1})]
    assert TribeDriven(tribe="bobs", to_land="w-sea") in events
    assert game.rules.tribes["bobs"].land == "w-sea" and game.rules.tribes["anns"].land == "w-plains"


def test_a_draw_costs_each_tribe_a_clan_and_no_loot() -> None:
    """[002:55] draw: each tribe loses a Clan, no resources are stolen."""
    game = _invasion({"war": 3}, {"war": 2, "farmer": 1})
    stock(game, "anns", food=20)
    events = _fight(game, (3, 4))
    assert of(events, BattleFought)[0].outcome == "draw"
    assert of(events, ClansLost) == [
        ClansLost(tribe="bobs", clans={"war": 1}),
        ClansLost(tribe="anns", clans={"war": 1}),
    ]
    assert not [e for e in of(events, ResourcesTaken) if e.reason == "loot"]


def test_a_victorious_invader_loots_up_to_twelve_resources_of_its_choice() -> None:
    """[002:56] up to 12 resources of the victor's choice."""
    game = _invasion({"war": 3}, {"farmer": 3})
    stock(game, "anns", food=5, gold=9, luxuries=4)
    events = _fight(game, (6, 1), loot=["gold", "luxuries"])
    loot = [e for e in of(events, ResourcesTaken) if e.reason == "loot"]
    assert loot == [
        ResourcesTaken(to_tribe="bobs", from_tribe="anns", resources=Resources(gold=9, luxuries=3), reason="loot")
    ]


def test_the_beaten_defender_loses_half_rounded_down_and_is_driven_to_a_free_land() -> None:
    """[002:7] [002:56] 9 to 2: the defender loses 3 clans and is driven off; the invader holds the Land."""
    game = _invasion({"war": 3}, {"farmer": 2, "war": 2})
    events = _fight(game, (6, 1))
    # attacker 3 + 6 = 9; defender 2 + 1 = 3; half of 6 = 3 clans.
    assert of(events, ClansLost) == [ClansLost(tribe="anns", clans={"war": 2, "farmer": 1})]
    driven = of(events, TribeDriven)[0]
    assert driven.tribe == "anns" and driven.to_land != "w-plains"
    assert game.rules.tribes["bobs"].land == "w-plains"
    assert game.rules.tribes["anns"].land == driven.to_land


def test_losing_three_clans_at_once_kills_a_hero() -> None:
    """[002:58] a tribe that loses 3 or more Clans at once loses one of its Heroes."""
    game = _invasion({"war": 3}, {"farmer": 3})
    _hero(game, "hero-1", "anns", "miner")
    _hero(game, "hero-2", "anns", "farmer", "farmer", level=2)
    events = _fight(game, (6, 1))
    assert of(events, HeroKilled) == [HeroKilled(hero="hero-2")]
    assert set(game.rules.heroes) == {"hero-1"}


def test_losing_two_clans_kills_no_hero() -> None:
    game = _invasion({"war": 3}, {"farmer": 3})
    _hero(game, "hero-1", "anns", "miner")
    events = _fight(game, (4, 3))  # 7 to 3: 2 clans
    assert sum(of(events, ClansLost)[0].clans.values()) == 2
    assert not of(events, HeroKilled)


def test_the_victor_gains_a_level_for_a_hero() -> None:
    """[002:58] the victor of a battle gains a level for a Hero."""
    game = _invasion({"war": 3}, {"farmer": 3})
    _hero(game, "hero-9", "bobs", "warrior")
    events = _fight(game, (6, 1))
    assert HeroLevelled(hero="hero-9", ability="", cause="victory") in events
    assert (game.rules.heroes["hero-9"].level, game.rules.heroes["hero-9"].unchosen) == (2, 1)


def test_a_slaver_absorbs_the_clans_that_would_be_killed() -> None:
    """[002:95] Slaver: clans that would be killed are absorbed by the hero's tribe."""
    game = _invasion({"war": 3}, {"farmer": 3})
    _hero(game, "hero-9", "bobs", "slaver")
    events = _fight(game, (6, 1))
    assert ClansLost(tribe="anns", clans={"farmer": 3}, to_tribe="bobs") in events
    assert game.rules.tribes["bobs"].clans == {"war": 3, "farmer": 3}


def test_a_pillager_gains_five_luxuries_and_a_priest_fifteen_mana_per_clan_killed() -> None:
    """[002:96] Pillager: 5 Luxuries per clan killed; [002:97] Sacrificial Priest: 15 mana per clan."""
    game = _invasion({"war": 3}, {"farmer": 3})
    _hero(game, "hero-8", "bobs", "pillager")
    _hero(game, "hero-9", "bobs", "sacrificial_priest")
    events = _fight(game, (6, 1))
    reward = [e for e in of(events, ResourcesTaken) if e.reason == "clans killed"]
    assert reward == [ResourcesTaken(to_tribe="bobs", resources=Resources(luxuries=15, mana=45), reason="clans killed")]


def test_a_tribe_that_stayed_defends_against_one_that_moved_in() -> None:
    """[002:6] the mover is the attacker."""
    game = _invasion({"war": 1, "farmer": 2}, {"war": 3})
    events = _fight(game, (1, 1))
    battle = of(events, BattleFought)[0]
    assert (battle.attacker, battle.defender) == ("bobs", "anns")


def _artefact(game: Game, artefact_id: str, holder: str, cost: int) -> None:
    effects = (Effect(effect="mining"),)
    artefact = Artefact(id=artefact_id, god="ann", name=artefact_id, holder=holder, effects=effects, creation_cost=cost)
    game.given(ArtefactCreated(artefact=artefact))


def test_the_victor_also_takes_the_dearest_artefact() -> None:
    """[002:56] [002:80] plus a single Artefact: stolen, its bonuses serve the new owner."""
    game = _invasion({"war": 3}, {"farmer": 3})
    _artefact(game, "artefact-1", "anns", 20)
    _artefact(game, "artefact-2", "anns", 35)
    events = _fight(game, (6, 1))
    assert of(events, ArtefactTaken) == [ArtefactTaken(artefact="artefact-2", to_holder="bobs")]
    assert game.rules.artefacts["artefact-2"].holder == "bobs"


def test_or_the_knowledge_of_a_single_spell_if_it_chooses() -> None:
    """[002:56] or knowledge of a single Spell (the victor's choice)."""
    game = _invasion({"war": 3}, {"farmer": 3})
    _artefact(game, "artefact-1", "anns", 20)
    spell = Spell(id="spell-7", god="ann", name="Green", effects=(Effect(effect="farming"),))
    game.given(SpellTaught(god="ann", tribe="anns", spell=spell))
    game.when(MoveTribe(to_land="w-plains", take="spell"), BOB)
    game.dice(6, 1)
    events = resolve(game)
    assert of(events, SpellStolen) == [SpellStolen(tribe="bobs", spell="spell-7")]
    assert "spell-7" in game.rules.tribes["bobs"].spells and "spell-7" in game.rules.tribes["anns"].spells


def test_a_beaten_defender_falls_back_to_the_land_its_god_chose() -> None:
    """[002:7] driven to another Land: the beaten tribe's choice (digest B8 #9), set ahead with SetRetreat."""
    game = _invasion({"war": 3}, {"farmer": 3})
    game.when(SetRetreat(to_land="w-volcano"), ANN)
    events = _fight(game, (6, 1))
    assert TribeDriven(tribe="anns", to_land="w-volcano") in events


def test_the_victors_god_picks_the_hero_who_gains_the_level() -> None:
    """[002:58] the victor gains a level for a Hero (digest B8 #10: the victor's owner picks; SetChampion)."""
    game = _invasion({"war": 3}, {"farmer": 3})
    _hero(game, "hero-8", "bobs", "warrior")
    _hero(game, "hero-9", "bobs", "miner", "miner", level=2)
    assert game.rejects(SetChampion(hero="hero-1"), BOB).code == "second_era.unknown_hero"
    game.when(SetChampion(hero="hero-9"), BOB)
    events = _fight(game, (6, 1))
    assert HeroLevelled(hero="hero-9", ability="", cause="victory") in events
    assert game.rules.heroes["hero-9"].level == 3 and game.rules.heroes["hero-8"].level == 1


def test_the_invader_chooses_which_hero_dies() -> None:
    """[002:58] one of their Heroes is killed (attacker's choice): the invader names it in its move."""
    game = _invasion({"war": 3}, {"farmer": 3})
    _hero(game, "hero-1", "anns", "miner")
    _hero(game, "hero-2", "anns", "farmer", "farmer", level=2)
    game.when(MoveTribe(to_land="w-plains", slay="hero-1"), BOB)
    game.dice(6, 1)
    events = resolve(game)
    assert of(events, HeroKilled) == [HeroKilled(hero="hero-1")]
