"""Harvest: land elements, fauna, clan roles, bonuses, then rounding down ([002:23-42], [002:36])."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.rulesets.second_era import Settings
from domain.rulesets.second_era.commands import MoveTribe
from domain.rulesets.second_era.economy import harvest, harvest_exact
from domain.rulesets.second_era.events import Harvested, HeroBorn, SpellsCast, SpellTaught, StructureBuilt
from domain.rulesets.second_era.state import Hero, Spell, Structure
from domain.rulesets.second_era.values import Effect, Resources
from tests.domain.second_era.world import ANN, fauna, new_game, of, resolve, with_clans

FIVE_KINDS = ("plant", "animal", "fungal", "sky", "crystal")


def _harvest_of(events: list[object], tribe: str) -> Harvested:
    return next(e for e in of(events, Harvested) if e.tribe == tribe)  # type: ignore[attr-defined]


def _learn_and_cast(game, tribe: str, *effects: Effect) -> None:  # type: ignore[no-untyped-def]
    god = game.rules.tribes[tribe].god
    spell = Spell(id=f"spell-{game.rules.next_id}", god=god, name="s", effects=effects)
    game.given(SpellTaught(god=god, tribe=tribe, spell=spell))
    game.given(SpellsCast(god=god, tribe=tribe, spells=(spell.id,), mana=0))


def test_earth_lands_give_three_production_and_one_gold_per_miner() -> None:
    """[002:24] Earth: 3 production and 1 gold per Miner Clan."""
    game = new_game(ann_clans={"miner": 3})
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(production=9, gold=3)


def test_each_land_element_yields_its_line_per_miner() -> None:
    """[002:24-28] water, fire, air and void yields per Miner Clan."""
    expected = {
        "w-sea": Resources(gold=1, luxuries=1, mana=1, production=1),
        "w-volcano": Resources(gold=1, production=2, mana=1),
    }
    for land, out in expected.items():
        game = new_game(ann_land=land, ann_clans={"miner": 1, "pioneer": 2})
        assert harvest(game.rules, game.rules.tribes["anns"]) == out
    air = new_game(nature="aerial", ann_land="w-sky", bob_land="w-volcano", ann_clans={"miner": 1, "war": 2})
    assert harvest(air.rules, air.rules.tribes["anns"]) == Resources(mana=2, luxuries=2)


def test_void_lands_give_five_mana_per_miner() -> None:
    """[002:28] Void: 5 mana per Miner Clan."""
    game = new_game(nature="subterranean", ann_land="w-caves", bob_land="e-abyss", ann_clans={"miner": 2, "war": 1})
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(mana=10)


def test_three_miners_on_earth_with_mining_two_round_down_after_the_bonus() -> None:
    """SE-19 [002:36] [002:62] [002:65]: 9 x 1.2 = 10.8 -> 10 production; 3 x 1.2 = 3.6 -> 3 gold."""
    game = new_game(ann_clans={"miner": 3})
    _learn_and_cast(game, "anns", Effect(effect="mining", level=2))
    tribe = game.rules.tribes["anns"]
    assert harvest_exact(game.rules, tribe) == {"production": Fraction(54, 5), "gold": Fraction(18, 5)}
    assert harvest(game.rules, tribe) == Resources(production=10, gold=3)


def test_undead_give_mana_and_no_food() -> None:
    """SE-22 [002:34-35]: 2 farmers and tier-1 undead give 2 mana and no food."""
    game = new_game(ann_clans={"farmer": 2, "war": 1}, fauna_on={"w-plains": [fauna("undead", 1)]})
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(mana=2)


def test_tier_four_undead_give_the_tier_bonus_as_well() -> None:
    """[002:30] [002:34] undead mana is in addition to the Tier 4 bonus."""
    game = new_game(ann_clans={"farmer": 1, "war": 2}, fauna_on={"w-plains": [fauna("undead", 4)]})
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(mana=2)


def test_half_yields_are_summed_over_clans_before_rounding_down() -> None:
    """[002:35] [002:36] 3 farmers on tier-1 animals: 1.5 food rounds down to 1 only once, after summing."""
    game = new_game(ann_clans={"farmer": 3}, fauna_on={"w-plains": [fauna("animal", 1)]})
    tribe = game.rules.tribes["anns"]
    assert harvest_exact(game.rules, tribe) == {"food": Fraction(3, 2)}
    assert harvest(game.rules, tribe) == Resources(food=1)


def test_each_fauna_on_the_land_is_farmed() -> None:
    """[002:31-35] per fauna (digest #19): two tier-1 fauna and tier-3 plants, crystals and fire."""
    game = new_game(
        ann_clans={"farmer": 2, "war": 1},
        fauna_on={
            "w-plains": [
                fauna("animal", 1),
                fauna("plant", 2),
                fauna("plant", 3),
                fauna("crystal", 3),
                fauna("fire", 4),
            ]
        },
    )
    # per farmer: food 1/2 + 1/2, production 1/2, gold 1/2, luxuries 1/2, mana 1 (tier 4)
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(food=2, production=1, gold=1, luxuries=1, mana=2)


def test_crafters_and_traders_produce_anywhere() -> None:
    """[002:41-42] Crafter: 2 production and 1 gold; Trader: 3 luxuries, regardless of location."""
    game = new_game(ann_clans={"crafter": 1, "trader": 1, "war": 1})
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(production=2, gold=1, luxuries=3)


def test_war_mage_and_pioneer_clans_produce_nothing() -> None:
    """[002:36] [002:43-44] pioneers, war and mage clans harvest nothing."""
    game = new_game(ann_clans={"war": 1, "mage": 1, "pioneer": 1}, fauna_on={"w-plains": [fauna("animal", 1)]})
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources()


def test_crafting_spell_raises_crafters_and_traders_by_ten_percent_a_level() -> None:
    """[002:66] Crafting: Crafter & Trader production +10% a level (level 3: +30%)."""
    game = new_game(ann_clans={"crafter": 2, "trader": 1})
    _learn_and_cast(game, "anns", Effect(effect="crafting", level=3))
    # production 4 x 1.3 = 5.2, gold 2 x 1.3 = 2.6, luxuries 3 x 1.3 = 3.9
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(production=5, gold=2, luxuries=3)


def test_hero_bonuses_overlap_the_best_hero_counts() -> None:
    """[002:88] [002:98] two heroes with Farmer do not stack: +10%, not +20%."""
    game = new_game(ann_clans={"farmer": 3}, fauna_on={"w-plains": [fauna("animal", 1), fauna("plant", 1)]})
    for n in (1, 2):
        game.given(HeroBorn(hero=Hero(id=f"hero-{n}", tribe="anns", name="h", level=1, abilities=("farmer",))))
    assert harvest_exact(game.rules, game.rules.tribes["anns"]) == {"food": Fraction(33, 10)}


def test_one_hero_with_the_ability_twice_stacks() -> None:
    """[002:86] abilities may be taken multiple times and stack within a hero."""
    game = new_game(ann_clans={"miner": 1, "war": 2})
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="anns", name="h", level=2, abilities=("miner", "miner"))))
    assert harvest_exact(game.rules, game.rules.tribes["anns"])["production"] == Fraction(36, 10)


def test_towns_raise_production_and_food_of_their_builder_by_a_quarter_each() -> None:
    """[002:125] each Town +25% Production and Food of the resident builder tribe; they stack."""
    game = new_game(ann_clans={"miner": 1, "farmer": 2}, fauna_on={"w-plains": [fauna("animal", 1)]})
    for n in (1, 2):
        town = Structure(id=f"town-{n}", kind="town", land="w-plains", tribe="anns", built_turn=1)
        game.given(StructureBuilt(structure=town, cost=Resources()))
    # production 3 x 1.5 = 4.5; gold 1 (no bonus); food 1 x 1.5 = 1.5
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(production=4, gold=1, food=1)


def test_another_tribes_structures_give_no_bonus() -> None:
    """[002:127] Shrines help only while the builder tribe is in residence."""
    game = new_game(ann_clans={"trader": 1, "war": 2})
    shrine = Structure(id="shrine-1", kind="shrine", land="w-plains", tribe="bobs", built_turn=1)
    game.given(StructureBuilt(structure=shrine, cost=Resources()))
    assert harvest(game.rules, game.rules.tribes["anns"]) == Resources(luxuries=3)


def test_a_tribe_harvests_the_land_it_started_the_turn_on() -> None:
    """[002:6] you only gather resources from a Land you start your turn on (digest #18: even after moving)."""
    game = new_game(ann_clans={"miner": 3})
    game.when(MoveTribe(to_land="w-sea"), ANN)
    assert _harvest_of(resolve(game), "anns").gained == Resources(production=9, gold=3)
    assert game.rules.tribes["anns"].land == "w-sea"
    assert game.rules.tribes["anns"].start_land == "w-sea"


def test_with_the_forfeit_setting_a_tribe_that_moves_harvests_no_land() -> None:
    """[002:6] the other reading, as a game setting: moving forfeits the Land's harvest."""
    game = new_game(Settings(moving_forfeits_harvest=True), ann_clans={"miner": 2, "crafter": 1})
    game.when(MoveTribe(to_land="w-sea"), ANN)
    assert _harvest_of(resolve(game), "anns").gained == Resources(production=2, gold=1)


def test_the_harvest_is_added_to_the_stockpile() -> None:
    """[002:17] resources are stockpiled."""
    game = new_game(ann_clans={"crafter": 3})
    resolve(game)
    # 6 production + 3 gold harvested, then upkeep 3 food (unpaid: shortfall) and nothing else.
    assert game.rules.tribes["anns"].stockpile == Resources(production=6, gold=3)


@settings(max_examples=60, deadline=None)
@given(
    clans=st.dictionaries(st.sampled_from(["farmer", "miner", "crafter", "trader"]), st.integers(0, 6), min_size=1),
    tiers=st.lists(st.tuples(st.sampled_from(["plant", "animal", "sky", "undead", "fungal"]), st.integers(1, 4))),
    level=st.integers(0, 4),
)
def test_harvest_is_the_exact_sum_rounded_down_and_never_negative(
    clans: dict[str, int], tiers: list[tuple[str, int]], level: int
) -> None:
    """[002:36] property: every resource is the floor of its exact harvest, never negative."""
    game = new_game(ann_clans={"pioneer": 3}, fauna_on={"w-plains": [fauna(k, t) for k, t in tiers]})
    with_clans(game, "anns", clans)
    if level:
        _learn_and_cast(game, "anns", Effect(effect="farming", level=level))
    tribe = game.rules.tribes["anns"]
    exact = harvest_exact(game.rules, tribe)
    out = harvest(game.rules, tribe)
    for name, value in out.as_dict().items():
        assert 0 <= value <= exact.get(name, Fraction(0)) < value + 1


def test_bonuses_on_one_line_add_up_before_the_single_rounding() -> None:
    """Digest B4 (chosen reading, additive): Farming 2 (+20%), a Farmer hero (+10%) and a Town (+25% food)
    give 10 x (1 + 0.2 + 0.1 + 0.25) = 15.5 food, rounded down once to 15 [002:36]."""
    game = new_game(ann_clans={"farmer": 2, "war": 1}, fauna_on={"w-plains": [fauna(k, 1) for k in FIVE_KINDS]})
    with_clans(game, "anns", {"farmer": 4})
    _learn_and_cast(game, "anns", Effect(effect="farming", level=2))
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="anns", name="h", level=1, abilities=("farmer",))))
    town = Structure(id="town-1", kind="town", land="w-plains", tribe="anns", built_turn=1)
    game.given(StructureBuilt(structure=town, cost=Resources()))
    # 4 farmers x 5 tier-1 fauna x 1/2 food = 10 food before bonuses
    assert harvest_exact(game.rules, game.rules.tribes["anns"]) == {"food": Fraction(31, 2)}
    assert harvest(game.rules, game.rules.tribes["anns"]).food == 15
