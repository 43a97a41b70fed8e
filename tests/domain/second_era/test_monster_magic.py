"""Monsters' magic and plunder: transmuting the hoard, curses from the mana store, raid loot of the
monster's choice with a spell ([002:56], [002:71-72], [002:75], [002:102], [002:104])."""

from __future__ import annotations

from domain.rulesets.second_era.commands import CastInstant, MonsterAction, ResistTravel, SetMonsterSpells
from domain.rulesets.second_era.events import (
    ArtefactCreated,
    Harvested,
    HoardChanged,
    MonsterCursesCast,
    MonsterSpawned,
    MonsterSpellStolen,
    OrderFailed,
    SpellTaught,
    TravelBegun,
    TravelResolved,
)
from domain.rulesets.second_era.monster_events import HoardTransmuted, MonsterInstantCast
from domain.rulesets.second_era.state import Artefact, Monster, Spell
from domain.rulesets.second_era.values import Effect, Resources
from tests.domain.harness import Game
from tests.domain.second_era.world import ANN, BOB, new_game, of, resolve, stock, with_clans


def _monster(game: Game, *abilities: str, land: str = "e-sea", hoard: Resources | None = None) -> str:
    monster = Monster(
        id="m-1",
        god="ann",
        sphere="fire",
        name="Wyrm",
        land=land,
        level=1,
        hp=3,
        max_hp=3,
        abilities=abilities,
        hoard=hoard or Resources(food=5),
    )
    game.given(MonsterSpawned(monster=monster))
    return monster.id


def _teach(game: Game, god: str, *effects: Effect, tribe: str = "anns", monster: str | None = None) -> str:
    spell = Spell(id=f"spell-{game.rules.next_id}", god=god, name="s", effects=effects)
    game.given(SpellTaught(god=god, tribe=tribe, spell=spell, monster=monster))
    return spell.id


def test_a_monster_ordered_to_transmute_turns_three_of_its_hoard_into_two() -> None:
    """[002:71] 3 Gold into 2 Food, once per level; [002:104] a monster casts as a tribe, from its own store."""
    game = new_game()
    monster = _monster(game, "mage", "mage", hoard=Resources(food=5, gold=7, mana=12))
    spell = _teach(game, "ann", Effect(effect="transmutation", level=2, source="gold", target="food"), monster=monster)
    game.when(SetMonsterSpells(monster=monster, spells=[spell]), ANN)
    events = resolve(game)
    assert HoardTransmuted(
        god="ann", monster=monster, spell=spell, consumed=Resources(gold=6), produced=Resources(food=4)
    ) in of(events, HoardTransmuted)
    # 12 mana for the spell (2^2 x 3), 4 Food made, 1 eaten [002:102]
    assert game.rules.monsters[monster].hoard == Resources(food=8, gold=1)


def test_a_monster_left_to_itself_does_not_transmute_its_hoard() -> None:
    """[002:61] left to itself it picks from its spells; a transmutation needs its god's choice of resources."""
    game = new_game()
    monster = _monster(game, "mage", "mage", hoard=Resources(food=5, gold=7, mana=12))
    _teach(game, "ann", Effect(effect="transmutation", source="gold", target="food"), monster=monster)
    assert of(resolve(game), HoardTransmuted) == []


def test_an_artefact_held_by_a_monster_transmutes_its_hoard_for_free() -> None:
    """[002:78] an artefact produces its effect constantly and requires no additional mana."""
    game = new_game()
    monster = _monster(game, "scavenger", "might", hoard=Resources(food=5, production=3))
    effects = (Effect(effect="transmutation", source="production", target="mana"),)
    artefact = Artefact(id="artefact-9", god="ann", name="Crucible", holder=monster, effects=effects, creation_cost=15)
    game.given(ArtefactCreated(artefact=artefact))
    events = resolve(game)
    assert of(events, HoardTransmuted)[0].produced == Resources(mana=2)
    assert game.rules.monsters[monster].hoard.production == 0


def test_a_monster_curses_a_tribe_from_its_mana_store() -> None:
    """[002:72] a curse replicates Mining in reverse on another tribe; [002:104] cast from the monster's store."""
    game = new_game(bob_clans={"miner": 3})
    monster = _monster(game, "mage", "might", hoard=Resources(food=5, mana=16))
    curse = _teach(game, "ann", Effect(effect="mining", level=2, reverse=True), monster=monster)
    game.when(SetMonsterSpells(monster=monster, spells=[], curses={curse: "bobs"}), ANN)
    events = resolve(game)
    assert MonsterCursesCast(god="ann", monster=monster, curses=((curse, "bobs"),), mana=16) in events
    harvested = next(e for e in of(events, Harvested) if e.tribe == "bobs")
    assert harvested.gained == Resources(production=7, gold=2)  # 9 x 0.8 = 7.2; 3 x 0.8 = 2.4, rounded down
    assert game.rules.monsters[monster].hoard.mana == 0


def test_a_monsters_curse_pays_the_counterspell_surcharge() -> None:
    """[002:75] three times the target's Counterspell Level on top, each turn: 4 + 3 x 2 = 10 mana."""
    game = new_game(bob_clans={"miner": 3})
    ward = (Effect(effect="antimagic", level=2),)
    game.given(
        ArtefactCreated(
            artefact=Artefact(id="artefact-8", god="bob", name="Ward", holder="bobs", effects=ward, creation_cost=10)
        )
    )
    monster = _monster(game, "mage", "might", hoard=Resources(food=5, mana=25))
    curse = _teach(game, "ann", Effect(effect="mining", reverse=True), monster=monster)
    game.when(SetMonsterSpells(monster=monster, spells=[], curses={curse: "bobs"}), ANN)
    assert of(resolve(game), MonsterCursesCast)[0].mana == 10
    assert of(resolve(game), MonsterCursesCast)[0].mana == 10  # and again the next turn


def test_a_monster_does_not_curse_its_own_gods_tribe() -> None:
    """[002:72] a curse is laid on another tribe."""
    game = new_game()
    monster = _monster(game, "mage", "might", hoard=Resources(food=5, mana=16))
    curse = _teach(game, "ann", Effect(effect="mining", reverse=True), monster=monster)
    rejected = game.rejects(SetMonsterSpells(monster=monster, spells=[], curses={curse: "anns"}), ANN)
    assert rejected.code == "second_era.bad_target"


def test_a_raiding_monster_takes_the_loot_it_names_first() -> None:
    """[002:56] up to 12 resources of the victor's choice; [002:102] into the monster's hoard."""
    game = new_game()
    with_clans(game, "bobs", {"farmer": 3})
    stock(game, "bobs", food=20, gold=20)
    monster = _monster(game, "might", "rage")
    game.when(MonsterAction(monster=monster, action="raid", target="bobs", loot=["gold"]), ANN)
    game.dice(6, 1)  # 3 + 6 against 0 + 1
    loot = [e for e in of(resolve(game), HoardChanged) if e.reason == "loot"]
    assert loot == [
        HoardChanged(god="ann", monster=monster, delta=Resources(gold=12), reason="loot", from_tribe="bobs")
    ]


def test_a_raiding_monster_may_take_the_knowledge_of_a_spell_instead_of_an_artefact() -> None:
    """[002:56] plus a single Artefact or knowledge of a single Spell; [002:104] monsters learn spells."""
    game = new_game()
    with_clans(game, "bobs", {"farmer": 3})
    cheap = _teach(game, "bob", Effect(effect="crafting"), tribe="bobs")
    dear = _teach(game, "bob", Effect(effect="farming", level=2), tribe="bobs")
    charm = (Effect(effect="mining"),)
    game.given(
        ArtefactCreated(
            artefact=Artefact(id="artefact-7", god="bob", name="Charm", holder="bobs", effects=charm, creation_cost=20)
        )
    )
    monster = _monster(game, "might", "rage")
    game.when(MonsterAction(monster=monster, action="raid", target="bobs", take="spell"), ANN)
    game.dice(6, 1)
    events = resolve(game)
    assert of(events, MonsterSpellStolen) == [MonsterSpellStolen(god="ann", monster=monster, spell=dear, source="bobs")]
    assert game.rules.monsters[monster].spells == (dear,) and cheap in game.rules.tribes["bobs"].spells
    assert game.rules.artefacts["artefact-7"].holder == "bobs"


def _travel(game: Game, monster: str) -> str:
    return _teach(game, "ann", Effect(effect="travel"), monster=monster)


def test_a_monster_casts_travel_to_teleport_itself_from_its_store() -> None:
    """[002:69] Travel to another Land on the same World, 20 mana; [002:104] from the monster's own store."""
    game = new_game()
    monster = _monster(game, "mage", "might", hoard=Resources(food=5, mana=25))
    spell = _travel(game, monster)
    game.when(CastInstant(spell=spell, to_land="w-caves", monster=monster), ANN)
    events = resolve(game)
    assert MonsterInstantCast(god="ann", monster=monster, spell=spell, mana=20, to_land="w-caves") in events
    assert game.rules.monsters[monster].land == "w-caves"
    assert game.rules.monsters[monster].hoard.mana == 5


def test_a_monster_needs_a_free_slot_for_travel() -> None:
    """[002:74] a spell slot must be free for an instant effect; [002:103] monsters start without slots."""
    game = new_game()
    monster = _monster(game, "might", "rage", hoard=Resources(food=5, mana=25))
    game.when(CastInstant(spell=_travel(game, monster), to_land="w-caves", monster=monster), ANN)
    failed = of(resolve(game), OrderFailed)
    assert [f.code for f in failed] == ["second_era.no_free_slot"]
    assert game.rules.monsters[monster].land == "e-sea"


def test_a_monsters_travel_on_a_rival_tribe_is_a_sealed_bid_from_its_store() -> None:
    """[002:69] against a rival tribe you must bid mana to overcome resistance; the target resists next turn."""
    game = new_game()
    monster = _monster(game, "mage", "might", hoard=Resources(food=5, mana=30))
    spell = _travel(game, monster)
    game.when(CastInstant(spell=spell, to_land="e-abyss", target="bobs", bid=6, monster=monster), ANN)
    begun = of(resolve(game), TravelBegun)[0].travel
    assert (begun.monster, begun.bid, begun.target) == (monster, 6, "bobs")
    assert game.rules.monsters[monster].hoard.mana == 30 - 20 - 6
    game.when(ResistTravel(travel=begun.id, bid=0), BOB)
    resolve(game)
    assert game.rules.tribes["bobs"].land == "e-plains"  # a terrestrial race cannot live in the Abyss unadapted


def test_a_monsters_travel_sends_a_rival_tribe_away_when_its_bid_wins() -> None:
    """[002:69] digest #27: the caster's bid above the target's resistance wins."""
    game = new_game()
    monster = _monster(game, "mage", "might", hoard=Resources(food=5, mana=30))
    game.when(CastInstant(spell=_travel(game, monster), to_land="e-sea", target="bobs", bid=6, monster=monster), ANN)
    resolve(game)
    events = resolve(game)
    assert of(events, TravelResolved)[0].succeeded
    assert game.rules.tribes["bobs"].land == "e-sea"


def test_a_monster_cannot_cast_sacrifice() -> None:
    """[002:70] Sacrifice kills a Clan and only works on your own Tribe: a monster has no Clans."""
    game = new_game()
    monster = _monster(game, "mage", "might", hoard=Resources(food=5))
    spell = _teach(game, "ann", Effect(effect="sacrifice"), monster=monster)
    rejected = game.rejects(CastInstant(spell=spell, role="farmer", monster=monster), ANN)
    assert rejected.code == "second_era.monster_cannot_sacrifice"


def test_a_monster_that_beats_a_monster_it_does_not_kill_plunders_its_hoard() -> None:
    """[002:56] the victorious attacker takes up to 12 resources of its choice and an Artefact or a Spell;
    [002:106] a raid on a Monster is such a battle."""
    game = new_game()
    raider = _monster(game, "might", "rage")
    victim = Monster(
        id="m-bob",
        god="bob",
        sphere="earth",
        name="Troll",
        land="e-sea",
        level=1,
        hp=3,
        max_hp=3,
        abilities=("scavenger", "mage"),
        hoard=Resources(food=4, gold=20),
    )
    game.given(MonsterSpawned(monster=victim))
    lore = _teach(game, "bob", Effect(effect="mining"), tribe="bobs", monster="m-bob")
    game.when(MonsterAction(monster=raider, action="raid", target="m-bob", loot=["gold"], take="spell"), ANN)
    game.dice(4, 3)  # 3 + 4 = 7 against 1 + 3 = 4: the victim loses 3 // 2 = 1 hitpoint and lives
    events = resolve(game)
    assert (
        HoardChanged(god="ann", monster=raider, delta=Resources(gold=12), reason="loot", from_monster="m-bob") in events
    )
    assert MonsterSpellStolen(god="ann", monster=raider, spell=lore, source="m-bob") in events
    assert game.rules.monsters["m-bob"].hoard.gold == 8 and game.rules.monsters["m-bob"].hp == 2
    assert game.rules.monsters[raider].spells == (lore,)
