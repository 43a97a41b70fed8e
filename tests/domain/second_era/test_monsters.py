"""Monsters: stats, moves, actions, hoards, hunger, levels and raids ([002:100-121], [002:53-58])."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.second_era.commands import (
    ChooseMonsterAbility,
    FeedMonster,
    MonsterAction,
    MonsterTrade,
    MoveMonster,
    SetMonsterSpells,
    SpawnMonster,
    TakeMonsterMana,
    TeachSpell,
)
from domain.rulesets.second_era.events import (
    BattleFought,
    ClansLost,
    HeroBorn,
    HoardChanged,
    MonsterAte,
    MonsterDied,
    MonsterLevelled,
    MonsterScavenged,
    MonsterSpawned,
    MonsterWounded,
    OrderFailed,
    ResourcesTaken,
)
from domain.rulesets.second_era.monster_events import MonsterSpellsCast
from domain.rulesets.second_era.monsters import feed_cost, max_hp, might, monster_war_score
from domain.rulesets.second_era.state import Hero, Monster
from domain.rulesets.second_era.values import Effect, Resources
from domain.rulesets.second_era.views import view_for
from tests.domain.harness import Game
from tests.domain.second_era.world import ANN, BOB, fauna, new_game, of, resolve, stock, with_clans


def _monster(game: Game, monster_id: str, god: str, land: str, *abilities: str, **kw: object) -> Monster:
    monster = Monster(
        id=monster_id,
        god=god,
        sphere="fire",
        name=monster_id,
        land=land,
        level=int(kw.pop("level", 1)),  # type: ignore[call-overload]
        hp=int(kw.pop("hp", 3)),  # type: ignore[call-overload]
        max_hp=3,
        abilities=abilities or ("might", "rage"),
        hoard=kw.pop("hoard", Resources()),  # type: ignore[arg-type]
    )
    game.given(MonsterSpawned(monster=monster))
    return monster


def test_a_monster_starts_with_3_hitpoints_and_1_might_and_its_abilities_add() -> None:
    """[002:103] 3 hitpoints and 1 Might; [002:112] Might +1; [002:114] Toughness +1 hitpoint."""
    game = new_game()
    plain = _monster(game, "m-1", "ann", "w-sea", "scavenger", "mage")
    strong = _monster(game, "m-2", "ann", "w-sea", "might", "toughness")
    assert (might(plain), max_hp(plain)) == (1, 3)
    assert (might(strong), max_hp(strong)) == (2, 4)


def test_rage_caution_and_kaiju_add_half_the_might_each_rounded_down() -> None:
    """[002:115-117] +50% attacking, defending, against monsters."""
    game = new_game()
    m = _monster(game, "m-1", "ann", "w-sea", "might", "rage", "kaiju")
    assert monster_war_score(m, "attacker", vs_monster=False) == 3  # 2 x 1.5
    assert monster_war_score(m, "attacker", vs_monster=True) == 4  # 2 x 2
    assert monster_war_score(m, "defender", vs_monster=False) == 2


def test_feeding_costs_ten_food_and_the_abilitys_five() -> None:
    """[002:101] 10 Food and 5 of another resource: Might costs 5 Production (digest #25)."""
    assert feed_cost("might") == Resources(food=10, production=5)
    assert feed_cost("scavenger") == Resources(food=15)


def test_a_fed_monster_gains_a_level_and_the_ability() -> None:
    """[002:101] gorging: a level and an ability, paid from the hoard."""
    game = new_game()
    _monster(game, "m-1", "ann", "w-sea", "might", "rage", hoard=Resources(food=12, production=5))
    game.when(FeedMonster(monster="m-1", ability="toughness"), ANN)
    resolve(game)
    m = game.rules.monsters["m-1"]
    assert (m.level, m.abilities, m.hp, m.max_hp) == (2, ("might", "rage", "toughness"), 4, 4)
    assert m.hoard == Resources()  # 15 spent on the level, then 2 eaten at level 2


def test_a_monster_moves_one_connected_land_a_turn() -> None:
    """[002:104] each Monster can move 1 Land a turn."""
    game = new_game()
    _monster(game, "m-1", "ann", "w-sea", hoard=Resources(food=1))
    game.when(MoveMonster(monster="m-1", to_land="e-sea"), ANN)
    assert game.rejects(MoveMonster(monster="m-1", to_land="e-plains"), ANN).code == "second_era.monster_moved"
    assert game.rejects(MoveMonster(monster="m-1", to_land="w-plains"), BOB).code == "second_era.unknown_monster"
    resolve(game)
    assert game.rules.monsters["m-1"].land == "e-sea"


def test_a_monster_takes_one_action_a_turn() -> None:
    game = new_game()
    _monster(game, "m-1", "ann", "w-sea")
    game.when(MonsterAction(monster="m-1", action="scavenge"), ANN)
    assert game.rejects(MonsterAction(monster="m-1", action="rest"), ANN).code == "second_era.monster_acted"


def test_scavenging_harvests_as_a_miner_and_a_farmer_into_the_hoard() -> None:
    """[002:105] acts as a Miner and a Farmer Clan; [002:111] Scavenger +20%; rounded down [002:36]."""
    game = new_game(fauna_on={"w-sea": [fauna("animal", 1)]})
    _monster(game, "m-1", "ann", "w-sea", "scavenger", "rage", hoard=Resources(food=1))
    game.when(MonsterAction(monster="m-1", action="scavenge"), ANN)
    events = resolve(game)
    scavenged = of(events, MonsterScavenged)[0]
    # water: 1 gold, 1 luxury, 1 mana, 1 production; fauna 1/2 food; all x 1.2
    assert scavenged.exact["food"] == Fraction(3, 5)
    assert scavenged.gained == Resources(gold=1, luxuries=1, mana=1, production=1)


def test_a_monster_may_not_scavenge_on_its_own_tribes_land() -> None:
    """[002:100] it can share a friendly tribe's Land so long as it does not Scavenge there."""
    game = new_game()
    _monster(game, "m-1", "ann", "w-plains")
    game.when(MonsterAction(monster="m-1", action="scavenge"), ANN)
    assert of(resolve(game), OrderFailed)[0].code == "second_era.friendly_land"


def test_a_monster_eats_a_food_per_level_from_its_hoard_or_starves() -> None:
    """[002:102] 1 Food per Level per Turn or they starve to death."""
    game = new_game()
    _monster(game, "m-1", "ann", "w-sea", level=2, hoard=Resources(food=2))
    _monster(game, "m-2", "ann", "w-sea", level=2, hoard=Resources(food=1))
    resolve(game)  # both were spawned before turn 1 (born_turn 0)
    assert game.rules.monsters["m-1"].hoard.food == 0
    assert "m-2" not in game.rules.monsters


def test_a_monster_spawned_this_turn_does_not_eat_yet() -> None:
    game = new_game(ann_mana=25)
    game.when(SpawnMonster(sphere="fire", name="Smaug", abilities=["rage", "might"]), ANN)
    events = resolve(game)
    assert not of(events, MonsterDied) and not of(events, MonsterAte)


def test_a_monster_trades_with_its_tribe_nearby() -> None:
    """[002:107] trade with a friendly tribe in the same or an adjacent Land."""
    game = new_game()
    stock(game, "anns", food=10)
    _monster(game, "m-1", "ann", "w-sea", hoard=Resources(gold=4))
    game.when(MonsterTrade(monster="m-1", give={"gold": 4}, receive={"food": 5}), ANN)
    resolve(game)
    assert game.rules.monsters["m-1"].hoard == Resources(food=5 - 1)
    assert game.rules.tribes["anns"].stockpile.gold == 4


def test_the_patron_takes_mana_from_a_mana_source() -> None:
    """[002:121] Mana Source: 3 mana a turn, and the patron may take mana from it."""
    game = new_game()
    _monster(game, "m-1", "ann", "w-sea", "mana_source", "rage", hoard=Resources(food=5))
    assert game.rejects(TakeMonsterMana(monster="m-1", amount=1), BOB).code == "second_era.unknown_monster"
    events = resolve(game)
    assert HoardChanged(god="ann", monster="m-1", delta=Resources(mana=3), reason="mana source") in events
    game.when(TakeMonsterMana(monster="m-1", amount=3), ANN)
    resolve(game)
    assert game.rules.gods["ann"].mana == 3


def test_a_raid_wounds_the_monster_or_kills_clans() -> None:
    """[002:106] raid a tribe; [002:56] attacker wins by 4: the tribe loses 2 clans."""
    game = new_game()
    with_clans(game, "bobs", {"war": 2, "farmer": 1})
    _monster(game, "m-1", "ann", "e-sea", "might", "rage", hoard=Resources(food=5))
    game.when(MonsterAction(monster="m-1", action="raid", target="bobs"), ANN)
    game.dice(6, 3)  # monster 3 + 6 = 9; tribe 2 + 3 = 5
    events = resolve(game)
    battle = of(events, BattleFought)[0]
    assert (battle.attacker_kind, battle.attacker_score, battle.defender_score) == ("monster", 3, 2)
    assert ClansLost(tribe="bobs", clans={"war": 2}) in events
    assert MonsterLevelled(monster="m-1", ability="", cause="victory") in events
    assert game.rules.monsters["m-1"].level == 2


def test_a_monster_that_wins_takes_loot_into_its_hoard() -> None:
    """[002:56] [002:102] up to 12 resources; the hoard holds all it acquires."""
    game = new_game()
    with_clans(game, "bobs", {"farmer": 3})
    stock(game, "bobs", gold=20)
    _monster(game, "m-1", "ann", "e-sea", "might", "rage", hoard=Resources(food=5))
    game.when(MonsterAction(monster="m-1", action="raid", target="bobs"), ANN)
    game.dice(6, 1)
    events = resolve(game)
    assert HoardChanged(god="ann", monster="m-1", delta=Resources(gold=12), reason="loot", from_tribe="bobs") in events


def test_a_monster_at_zero_hitpoints_dies_and_its_slayer_takes_the_hoard() -> None:
    """SE-16 [002:58] [002:102] the tribe that slays a monster gains its hoard."""
    game = new_game()
    with_clans(game, "bobs", {"war": 3})
    _monster(game, "m-1", "ann", "e-sea", "might", "rage", hp=1, hoard=Resources(gold=7))
    game.when(MonsterAction(monster="m-1", action="raid", target="bobs"), ANN)
    game.dice(1, 6)  # monster 3 + 1 = 4; tribe 3 + 6 = 9: the monster loses 3 hitpoints
    events = resolve(game)
    assert MonsterWounded(monster="m-1", hitpoints=3) in events
    assert MonsterDied(monster="m-1", cause="slain", hoard_to="bobs") in events
    assert "m-1" not in game.rules.monsters
    assert game.rules.tribes["bobs"].stockpile.gold == 7 - 3  # the hoard, less 3 War Clans' upkeep


def test_a_sacrificial_priest_gains_ten_mana_per_level_of_a_slain_monster() -> None:
    """SE-49 [002:97] a level-3 monster killed: +30 mana."""
    game = new_game()
    with_clans(game, "bobs", {"war": 3})
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="bobs", name="p", level=1, abilities=("sacrificial_priest",))))
    _monster(game, "m-1", "ann", "e-sea", "might", "rage", hp=1, level=3)
    game.when(MonsterAction(monster="m-1", action="raid", target="bobs"), ANN)
    game.dice(1, 6)
    events = resolve(game)
    assert ResourcesTaken(to_tribe="bobs", resources=Resources(mana=30), reason="monster killed") in events


def test_a_draw_costs_the_monster_a_hitpoint_and_the_tribe_a_clan() -> None:
    """SE-13 [002:55] Might 2 with Rage raids 4 War clans: 3 + 4 = 4 + 3, a draw."""
    game = new_game()
    with_clans(game, "bobs", {"war": 4})
    _monster(game, "m-1", "ann", "e-sea", "might", "rage", hoard=Resources(food=5))
    game.when(MonsterAction(monster="m-1", action="raid", target="bobs"), ANN)
    game.dice(4, 3)
    events = resolve(game)
    assert of(events, BattleFought)[0].outcome == "draw"
    assert MonsterWounded(monster="m-1", hitpoints=1) in events
    assert ClansLost(tribe="bobs", clans={"war": 1}) in events


def test_a_devourer_feeds_on_the_clans_it_kills() -> None:
    """[002:118] Devourer: 5 Food per clan killed into the hoard."""
    game = new_game()
    with_clans(game, "bobs", {"farmer": 3})
    _monster(game, "m-1", "ann", "e-sea", "might", "devourer", hoard=Resources(food=5))
    game.when(MonsterAction(monster="m-1", action="raid", target="bobs"), ANN)
    game.dice(6, 1)  # 2 + 6 = 8 against 0 + 1: 3 clans
    events = resolve(game)
    assert HoardChanged(god="ann", monster="m-1", delta=Resources(food=15), reason="clans killed") in events


def test_monsters_fight_monsters_and_the_victor_adds_the_hoard() -> None:
    """[002:102] if another Monster slays them, it adds the defeated beast's Hoard to its own."""
    game = new_game()
    _monster(game, "m-1", "ann", "w-sea", "might", "kaiju", hoard=Resources(food=5))
    _monster(game, "m-2", "bob", "w-sea", "scavenger", "mage", hp=1, hoard=Resources(gold=9))
    game.when(MonsterAction(monster="m-1", action="raid", target="m-2"), ANN)
    game.dice(5, 1)
    events = resolve(game)
    assert MonsterDied(monster="m-2", cause="slain", hoard_to="m-1") in events
    assert game.rules.monsters["m-1"].hoard.gold == 9


def test_a_monster_rests_to_heal_a_hitpoint_for_five_food() -> None:
    """[002:108] rest: consume 5 Food to heal a hitpoint."""
    game = new_game()
    _monster(game, "m-1", "ann", "w-sea", hp=2, hoard=Resources(food=6))
    game.when(MonsterAction(monster="m-1", action="rest"), ANN)
    resolve(game)
    m = game.rules.monsters["m-1"]
    assert (m.hp, m.hoard.food) == (3, 0)


def test_the_god_chooses_the_ability_for_a_level_won_in_battle() -> None:
    """[002:100] a new ability each time the monster levels up."""
    game = new_game()
    _monster(game, "m-1", "ann", "w-sea", hoard=Resources(food=5))
    assert game.rejects(ChooseMonsterAbility(monster="m-1", ability="kaiju"), ANN).code == (
        "second_era.no_level_to_spend"
    )
    game.given(MonsterLevelled(monster="m-1", ability="", cause="victory"))
    game.when(ChooseMonsterAbility(monster="m-1", ability="kaiju"), ANN)
    resolve(game)
    assert game.rules.monsters["m-1"].abilities[-1] == "kaiju"


def test_a_monster_learns_spells_and_casts_them_from_its_own_mana_store() -> None:
    """[002:104] monsters learn and cast spells as a tribe, with enough slots and mana, from their own store."""
    game = new_game(ann_mana=10, fauna_on={"w-sea": [fauna("plant", 1)]})
    _monster(game, "m-1", "ann", "w-sea", "mage", "mage", hoard=Resources(food=5, mana=4))
    game.when(TeachSpell(name="Dig", effects=[Effect(effect="mining")], monster="m-1"), ANN)
    game.when(MonsterAction(monster="m-1", action="scavenge"), ANN)
    events = resolve(game)
    assert game.rules.monsters["m-1"].spells == ("spell-ann-1",)
    assert MonsterSpellsCast(god="ann", monster="m-1", spells=("spell-ann-1",), mana=4) in events
    # water land mined at +10%: 1.1 of gold, luxuries, mana, production; the plant's 1/2 food unchanged
    assert of(events, MonsterScavenged)[0].exact["gold"] == Fraction(11, 10)


def test_a_monster_without_mage_slots_casts_nothing() -> None:
    """[002:103] monsters can have Spell Slots but do not start with them."""
    game = new_game(ann_mana=10)
    _monster(game, "m-1", "ann", "w-sea", hoard=Resources(food=5, mana=4))
    game.when(TeachSpell(name="Dig", effects=[Effect(effect="mining")], monster="m-1"), ANN)
    resolve(game)
    assert of(resolve(game), MonsterSpellsCast)[0].spells == ()


def test_a_monsters_hoard_is_seen_only_by_its_patron() -> None:
    game = new_game()
    _monster(game, "m-1", "ann", "w-sea", hoard=Resources(gold=3))
    theirs = view_for(game.rules, BOB).monsters[0]
    assert theirs.hoard is None and theirs.land == "w-sea" and theirs.level == 1
    assert view_for(game.rules, ANN).monsters[0].hoard == Resources(gold=3)


def test_the_god_may_tell_a_monster_what_to_cast() -> None:
    """[002:15] you can tell them what to cast; ordered spells use every slot."""
    game = new_game(ann_mana=20)
    _monster(game, "m-1", "ann", "w-sea", "mage", "rage", hoard=Resources(food=5, mana=8))
    game.when(TeachSpell(name="Dig", effects=[Effect(effect="mining")], monster="m-1"), ANN)
    resolve(game)  # one slot, kept free: nothing cast
    game.when(SetMonsterSpells(monster="m-1", spells=["spell-ann-1"]), ANN)
    assert of(resolve(game), MonsterSpellsCast)[0].spells == ("spell-ann-1",)
