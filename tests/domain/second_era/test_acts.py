"""Divine acts and tribal works: their costs and failures ([002:8-12], [002:84-85], [002:100], [002:125-129])."""

from __future__ import annotations

from domain.rulesets.second_era import Settings
from domain.rulesets.second_era.commands import (
    ArmHero,
    BirthHero,
    BuildStructure,
    ChooseHeroAbility,
    CreateArtefact,
    DestroyArtefact,
    GrowTribe,
    SetClanRoles,
    SpawnMonster,
    TeachSpell,
)
from domain.rulesets.second_era.economy import harvest
from domain.rulesets.second_era.events import (
    ArtefactCreated,
    HeroBorn,
    HeroLevelled,
    ManaSpent,
    MonsterSpawned,
    OrderFailed,
    SpellTaught,
    StructureBuilt,
    TribeGrew,
)
from domain.rulesets.second_era.magic import artefact_refund
from domain.rulesets.second_era.state import Hero
from domain.rulesets.second_era.values import Effect, Fauna, Resources
from tests.domain.second_era.world import ANN, BOB, new_game, of, resolve, stock


def test_birth_hero_costs_25_mana_and_gives_a_level_one_hero_with_one_ability() -> None:
    """SE-34 [002:10] [002:84] 25 mana: a hero with a single ability."""
    game = new_game(ann_mana=30)
    game.when(BirthHero(name="Gilga", ability="warrior"), ANN)
    events = resolve(game)
    assert ManaSpent(god="ann", from_god=25, from_tribe=0, purpose="Birth Hero") in events
    hero = of(events, HeroBorn)[0].hero
    assert (hero.tribe, hero.level, hero.abilities) == ("anns", 1, ("warrior",))
    assert game.rules.gods["ann"].mana == 5


def test_there_is_no_limit_to_the_number_of_heroes() -> None:
    """[002:10] no limit to the number of Heroes."""
    game = new_game(ann_mana=75)
    for name in ("a", "b", "c"):
        game.when(BirthHero(name=name, ability="miner"), ANN)
    resolve(game)
    assert len(game.rules.heroes_of("anns")) == 3


def test_an_act_the_god_cannot_pay_fails_in_the_report() -> None:
    """A failed order is an event, not a refusal."""
    game = new_game(ann_mana=24)
    game.when(BirthHero(name="Gilga", ability="warrior"), ANN)
    events = resolve(game)
    assert of(events, OrderFailed)[0].code == "second_era.not_enough_mana"
    assert not of(events, HeroBorn) and game.rules.gods["ann"].mana == 24


def test_the_tribes_mana_makes_up_what_the_gods_pool_lacks() -> None:
    """Setting `tribe_mana_funds_acts` (chosen reading of [002:3]): pool first, then the tribe's mana."""
    game = new_game(ann_mana=20)
    stock(game, "anns", mana=15)
    game.when(TeachSpell(name="Green", effects=[Effect(effect="farming")]), ANN)
    game.when(BirthHero(name="Gilga", ability="warrior"), ANN)
    events = resolve(game)
    assert of(events, ManaSpent) == [
        ManaSpent(god="ann", from_god=10, from_tribe=0, purpose="Teach Spell"),
        ManaSpent(god="ann", from_god=10, from_tribe=15, purpose="Birth Hero"),
    ]
    assert game.rules.gods["ann"].mana == 0 and game.rules.tribes["anns"].stockpile.mana == 0


def test_without_the_setting_only_the_gods_pool_pays() -> None:
    game = new_game(Settings(tribe_mana_funds_acts=False), ann_mana=20)
    stock(game, "anns", mana=10)
    game.when(BirthHero(name="Gilga", ability="warrior"), ANN)
    assert of(resolve(game), OrderFailed)[0].code == "second_era.not_enough_mana"


def test_spawn_monster_costs_25_mana_and_starts_at_level_one_with_3_hp_and_might_1() -> None:
    """[002:9] [002:100] [002:103] level 1, 2 abilities, 3 hitpoints, 1 Might."""
    game = new_game(ann_mana=25)
    game.when(SpawnMonster(sphere="fire", name="Smaug", abilities=["rage", "might"]), ANN)
    monster = of(resolve(game), MonsterSpawned)[0].monster
    assert (monster.level, monster.hp, monster.max_hp, monster.abilities) == (1, 3, 3, ("rage", "might"))
    assert monster.land == "w-plains" and monster.god == "ann"
    assert game.rules.gods["ann"].mana == 0


def test_one_monster_per_sphere_the_god_controls() -> None:
    """SE-28 [002:9] one Monster in play per sphere: a second of the same sphere is refused, another sphere not."""
    game = new_game(ann_mana=75)
    game.when(SpawnMonster(sphere="fire", name="Smaug", abilities=["rage", "might"]), ANN)
    assert game.rejects(SpawnMonster(sphere="fire", name="Two", abilities=["rage", "might"]), ANN).code == (
        "second_era.sphere_has_monster"
    )
    game.when(SpawnMonster(sphere="life", name="Ent", abilities=["toughness", "caution"]), ANN)
    resolve(game)
    assert len(game.rules.monsters) == 2
    assert game.rejects(SpawnMonster(sphere="life", name="Ent2", abilities=["rage", "might"]), ANN).code == (
        "second_era.sphere_has_monster"
    )


def test_a_monster_of_a_sphere_the_god_lacks_is_refused() -> None:
    game = new_game(ann_mana=25)
    assert game.rejects(SpawnMonster(sphere="earth", name="X", abilities=["rage", "might"]), ANN).code == (
        "second_era.not_your_sphere"
    )


def test_a_monster_starts_with_exactly_two_abilities_and_once_only_rules_hold() -> None:
    """[002:100] 2 starting abilities; [002:118-120] Devourer and Horror exclude each other."""
    game = new_game(ann_mana=25)
    assert game.rejects(SpawnMonster(sphere="fire", name="X", abilities=["rage"]), ANN).code == (
        "second_era.start_abilities"
    )
    assert game.rejects(SpawnMonster(sphere="fire", name="X", abilities=["devourer", "horror"]), ANN).code == (
        "second_era.ability_conflict"
    )
    assert game.rejects(SpawnMonster(sphere="fire", name="X", abilities=["raider", "raider"]), ANN).code == (
        "second_era.ability_once"
    )


def test_teach_spell_costs_10_mana_and_the_tribe_knows_the_spell() -> None:
    """[002:12] 10 mana to teach a tribe a spell."""
    game = new_game(ann_mana=10)
    game.when(TeachSpell(name="Green", effects=[Effect(effect="farming", level=2)]), ANN)
    spell = of(resolve(game), SpellTaught)[0].spell
    assert game.rules.tribes["anns"].spells == (spell.id,)
    assert game.rules.gods["ann"].mana == 0


def test_each_transmutation_combination_needs_its_own_spell() -> None:
    """[002:71] "A separate spell must be given for each transmutation combination": one Teach Spell holding two
    pairs would convert both from one slot; it is refused, for spells and for artefacts ([002:77] artefacts use
    the same mechanics). One pair per spell is taught."""
    game = new_game(ann_mana=500)
    two = [
        Effect(effect="transmutation", source="gold", target="food"),
        Effect(effect="transmutation", source="production", target="luxuries"),
    ]
    assert game.rejects(TeachSpell(name="T", effects=two), ANN).code == "second_era.one_transmutation_per_spell"
    assert game.rejects(CreateArtefact(name="A", effects=two), ANN).code == "second_era.one_transmutation_per_spell"
    game.when(TeachSpell(name="T", effects=two[:1]), ANN)


def test_a_transmutation_must_name_two_different_resources() -> None:
    """[002:71] a separate spell for each transmutation combination."""
    game = new_game(ann_mana=10)
    bad = TeachSpell(name="T", effects=[Effect(effect="transmutation", source="gold", target="gold")])
    assert game.rejects(bad, ANN).code == "second_era.bad_transmutation"
    assert game.rejects(TeachSpell(name="T", effects=[Effect(effect="transmutation")]), ANN).code == (
        "second_era.bad_transmutation"
    )


def test_only_the_first_four_effects_can_be_cursed() -> None:
    """[002:72] a Curse replicates the first four effects in reverse."""
    game = new_game(ann_mana=10)
    bad = TeachSpell(name="C", effects=[Effect(effect="healing", reverse=True)])
    assert game.rejects(bad, ANN).code == "second_era.not_a_curse"


def test_an_artefact_costs_five_times_the_spell_and_redeems_eighty_percent() -> None:
    """SE-07 [002:79] [002:82] Mining 1 + Crafting 1: 5 x (4 + 3) = 35 mana; refund 28."""
    game = new_game(ann_mana=35)
    effects = [Effect(effect="mining"), Effect(effect="crafting")]
    game.when(CreateArtefact(name="Hammer", effects=effects), ANN)
    artefact = of(resolve(game), ArtefactCreated)[0].artefact
    assert (artefact.creation_cost, artefact.holder) == (35, "anns")
    assert artefact_refund(artefact.creation_cost) == 28
    assert game.rules.gods["ann"].mana == 0


def test_an_artefact_works_constantly_without_mana() -> None:
    """[002:78] the artefact produces its effect constantly and requires no additional mana."""
    game = new_game(ann_mana=20, ann_clans={"miner": 3})
    game.when(CreateArtefact(name="Pick", effects=[Effect(effect="mining")]), ANN)
    resolve(game)
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(production=9, gold=3)  # 9.9, 3.3


def test_an_artefact_can_only_be_given_to_ones_own_tribe_or_monster() -> None:
    game = new_game(ann_mana=20)
    bad = CreateArtefact(name="Gift", effects=[Effect(effect="mining")], holder="bobs")
    assert game.rejects(bad, ANN).code == "second_era.bad_holder"


def test_grow_tribe_costs_6_food_and_6_luxuries_for_one_more_clan() -> None:
    """[002:8] [002:45] Grow Tribe: 6 Food and 6 Luxuries, +1 Clan."""
    game = new_game()
    stock(game, "anns", food=6, luxuries=6)
    game.when(GrowTribe(role="war"), ANN)
    events = resolve(game)
    assert of(events, TribeGrew) == [TribeGrew(tribe="anns", role="war", cost=Resources(food=6, luxuries=6))]
    assert game.rules.tribes["anns"].clans == {"farmer": 3, "war": 1}


def test_grow_tribe_without_the_resources_fails() -> None:
    game = new_game()
    stock(game, "anns", food=6, luxuries=5)
    game.when(GrowTribe(role="war"), ANN)
    assert of(resolve(game), OrderFailed)[0].code == "second_era.not_enough_resources"


def test_fertility_cuts_the_cost_of_a_clan_by_one_of_each_per_level() -> None:
    """[002:63] Fertility: the Food and Luxury cost of new Clans is reduced by 1."""
    game = new_game(ann_mana=25)  # 5 x 5 mana
    game.when(CreateArtefact(name="Idol", effects=[Effect(effect="fertility", level=1)]), ANN)
    resolve(game)
    stock(game, "anns", food=5, luxuries=5)
    game.when(GrowTribe(role="war"), ANN)
    assert of(resolve(game), TribeGrew)[0].cost == Resources(food=5, luxuries=5)


def test_structures_cost_what_the_text_says() -> None:
    """SE-40 [002:125] Town 20 P + 5 L + 10 G; [002:127] Shrine 10 P + 15 L + 10 G; [002:129] Floor
    10 P + 10 G + 25 Mana."""
    game = new_game()
    stock(game, "anns", production=40, luxuries=20, gold=30, mana=25)
    for kind in ("town", "shrine", "floor"):
        game.when(BuildStructure(kind=kind), ANN)
    built = {e.structure.kind: e.cost for e in of(resolve(game), StructureBuilt)}
    assert built == {
        "town": Resources(production=20, luxuries=5, gold=10),
        "shrine": Resources(production=10, luxuries=15, gold=10),
        "floor": Resources(production=10, gold=10, mana=25),
    }


def test_arming_a_hero_costs_10_luxuries_for_a_level_and_an_ability() -> None:
    """SE-34 [002:85] arming: 10 Luxuries, +1 level, +1 ability."""
    game = new_game()
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="anns", name="h", level=1, abilities=("miner",))))
    stock(game, "anns", luxuries=10)
    game.when(ArmHero(hero="hero-1", ability="slaver"), ANN)
    resolve(game)
    hero = game.rules.heroes["hero-1"]
    assert (hero.level, hero.abilities) == (2, ("miner", "slaver"))


def test_slaver_and_sacrificial_priest_exclude_each_other() -> None:
    """[002:95] [002:97] a hero cannot take both."""
    game = new_game()
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="anns", name="h", level=1, abilities=("slaver",))))
    assert game.rejects(ArmHero(hero="hero-1", ability="sacrificial_priest"), ANN).code == (
        "second_era.ability_conflict"
    )
    assert game.rejects(ArmHero(hero="hero-1", ability="slaver"), ANN).code == "second_era.ability_once"


def test_a_level_won_in_battle_gets_its_ability_when_the_god_chooses() -> None:
    """[002:58] [002:84] victory gives a level; the new ability is the god's choice."""
    game = new_game()
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="anns", name="h", level=1, abilities=("miner",))))
    assert game.rejects(ChooseHeroAbility(hero="hero-1", ability="mage"), ANN).code == "second_era.no_level_to_spend"
    game.given(HeroLevelled(hero="hero-1", ability="", cause="victory"))
    assert game.rules.heroes["hero-1"].level == 2
    game.when(ChooseHeroAbility(hero="hero-1", ability="mage"), ANN)
    resolve(game)
    hero = game.rules.heroes["hero-1"]
    assert (hero.level, hero.abilities, hero.unchosen) == (2, ("miner", "mage"), 0)


def test_clan_roles_can_be_reassigned_if_all_clans_are_counted() -> None:
    """[002:38] each Clan may be set to a specific task."""
    game = new_game()
    game.when(SetClanRoles(clans={"miner": 2, "war": 1}), ANN)
    resolve(game)
    assert game.rules.tribes["anns"].clans == {"miner": 2, "war": 1}
    game.when(SetClanRoles(clans={"miner": 2}), ANN)
    assert of(resolve(game), OrderFailed)[0].code == "second_era.clan_count"


def test_a_once_only_ability_ordered_twice_in_one_turn_fails_the_second_time() -> None:
    """[002:95] Slaver can only be taken once, even by two orders of the same turn."""
    game = new_game()
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="anns", name="h", level=1, abilities=("miner",))))
    stock(game, "anns", luxuries=20)
    game.when(ArmHero(hero="hero-1", ability="slaver"), ANN)
    game.when(ArmHero(hero="hero-1", ability="slaver"), ANN)
    events = resolve(game)
    assert [e.code for e in of(events, OrderFailed)] == ["second_era.ability_once"]
    assert game.rules.heroes["hero-1"].abilities == ("miner", "slaver")


def test_destroying_an_artefact_redeems_eighty_percent_of_its_cost() -> None:
    """[002:82] artefacts can be destroyed to redeem 80% of their creation cost."""
    game = new_game(ann_mana=35)
    game.when(CreateArtefact(name="Hammer", effects=[Effect(effect="mining"), Effect(effect="crafting")]), ANN)
    artefact = of(resolve(game), ArtefactCreated)[0].artefact
    assert game.rejects(DestroyArtefact(artefact=artefact.id), BOB).code == "second_era.unknown_artefact"
    game.when(DestroyArtefact(artefact=artefact.id), ANN)
    resolve(game)
    assert artefact.id not in game.rules.artefacts
    assert game.rules.gods["ann"].mana == 28


def test_a_monster_appears_with_the_tribe_or_among_fauna_of_its_sphere() -> None:
    """[002:9] related to one of the fauna from your Sphere (chosen reading: where such fauna live)."""
    game = new_game(ann_mana=50, fauna_on={"w-sea": [Fauna(name="eels", kind="animal", tier=2, sphere="fire")]})
    assert game.rejects(SpawnMonster(sphere="fire", name="X", abilities=["rage", "might"], land="w-sky"), ANN).code == (
        "second_era.no_kin_here"
    )
    game.when(SpawnMonster(sphere="fire", name="Eel-king", abilities=["rage", "might"], land="w-sea"), ANN)
    assert of(resolve(game), MonsterSpawned)[0].monster.land == "w-sea"
