"""Spells: costs, slots, continuous casting and the tribe's own choice ([002:59-75])."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.rulesets.second_era import Settings
from domain.rulesets.second_era.commands import MoveTribe, SetSpellOrders, TeachSpell
from domain.rulesets.second_era.events import CursesCast, Harvested, HeroBorn, SpellsCast, SpellTaught, Transmuted
from domain.rulesets.second_era.magic import (
    artefact_cost,
    counterspell_level,
    counterspell_surcharge,
    effect_cost,
    is_hostile,
    is_instant,
    spell_cost,
    spell_slots,
)
from domain.rulesets.second_era.state import Hero, Spell
from domain.rulesets.second_era.values import Effect, Resources
from tests.domain.harness import Game
from tests.domain.second_era.world import ANN, new_game, of, resolve, stock, with_clans

BASES = {"fertility": 5, "farming": 4, "mining": 4, "crafting": 3, "destruction": 6, "healing": 10, "travel": 20}


def _teach(game: Game, *effects: Effect, name: str = "s") -> str:
    spell = Spell(id=f"spell-{game.rules.next_id}", god="ann", name=name, effects=effects)
    game.given(SpellTaught(god="ann", tribe="anns", spell=spell))
    return spell.id


def _cast(events: list[object]) -> SpellsCast:
    return next(e for e in of(events, SpellsCast) if e.tribe == "anns")  # type: ignore[attr-defined]


def test_farming_two_costs_sixteen_mana_a_turn() -> None:
    """SE-01 [002:62] [002:64] level squared times the base: 2^2 x 4 = 16."""
    assert spell_cost([Effect(effect="farming", level=2)]) == 16


def test_the_effects_of_a_spell_add_up() -> None:
    """[002:62] add the cost of all the different effects together."""
    assert spell_cost([Effect(effect="mining", level=1), Effect(effect="crafting", level=2)]) == 4 + 12


def test_antimagic_costs_its_level_not_its_square() -> None:
    """[002:73] Antimagic 5 costs 5 mana, not 25."""
    assert effect_cost(Effect(effect="antimagic", level=5)) == 5


def test_a_curse_costs_as_the_effects_it_reverses() -> None:
    """[002:72] Curse: base cost as per the effects it reverses."""
    assert spell_cost([Effect(effect="farming", level=2, reverse=True)]) == 16
    assert is_hostile([Effect(effect="farming", reverse=True)])


def test_destruction_against_counterspell_two_costs_twelve() -> None:
    """SE-04 [002:67] [002:75] 6 + 3 x 2 = 12: three times the target's Counterspell Level on top."""
    effects = [Effect(effect="destruction")]
    assert is_instant(effects) and is_hostile(effects)
    assert spell_cost(effects) + counterspell_surcharge(2) == 12


def test_antimagic_gives_the_counterspell_level() -> None:
    """[002:75] an Antimagic spell affecting the tribe gives it a Counterspell Level."""
    game = new_game(ann_clans={"mage": 3})
    stock(game, "anns", mana=10)
    _teach(game, Effect(effect="antimagic", level=3))
    resolve(game)
    assert counterspell_level(game.rules, game.rules.tribes["anns"]) == 3


def test_an_artefact_costs_five_times_its_casting_cost() -> None:
    """[002:79]."""
    assert artefact_cost([Effect(effect="farming", level=3)]) == 5 * 36


@given(effect=st.sampled_from(sorted(BASES)), level=st.integers(1, 20))
def test_every_squared_effect_costs_level_squared_times_its_base(effect: str, level: int) -> None:
    """[002:62] property: cost = level^2 x base, for every effect with a squared cost."""
    assert effect_cost(Effect(effect=effect, level=level)) == level * level * BASES[effect]


@given(levels=st.lists(st.integers(1, 10), min_size=1, max_size=4))
def test_antimagic_cost_is_linear_and_effects_add(levels: list[int]) -> None:
    """[002:73] property: antimagic effects cost the sum of their levels."""
    assert spell_cost([Effect(effect="antimagic", level=n) for n in levels]) == sum(levels)


def test_mage_clans_give_one_spell_slot_each() -> None:
    """[002:44] [002:60] each Mage Clan +1 Spell Slot."""
    game = new_game(ann_clans={"mage": 2, "farmer": 1})
    assert spell_slots(game.rules, game.rules.tribes["anns"]) == 2


def test_a_mage_hero_adds_one_slot_that_does_not_stack_and_a_quarter_that_rounds_down() -> None:
    """[002:91] +1 Spell Slot (does not stack) and +25% per Mage ability (stacks, rounds down)."""
    game = new_game(ann_clans={"mage": 3})
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="anns", name="h", level=2, abilities=("mage", "mage"))))
    game.given(HeroBorn(hero=Hero(id="hero-2", tribe="anns", name="i", level=1, abilities=("mage",))))
    # (3 + 1) x (1 + 0.5) = 6: the second hero's +1 and its 25% overlap with the first's.
    assert spell_slots(game.rules, game.rules.tribes["anns"]) == 6
    single = new_game(ann_clans={"mage": 2, "farmer": 1})
    single.given(HeroBorn(hero=Hero(id="hero-1", tribe="anns", name="h", level=1, abilities=("mage",))))
    assert spell_slots(single.rules, single.rules.tribes["anns"]) == 3  # (2 + 1) x 1.25 = 3.75


def test_a_tribe_without_orders_casts_its_best_spells_and_leaves_one_slot_free() -> None:
    """[002:61] the tribe picks what it thinks best and tries to leave one slot free."""
    game = new_game(ann_clans={"mage": 3})
    stock(game, "anns", mana=100)
    cheap = _teach(game, Effect(effect="crafting"))
    dear = _teach(game, Effect(effect="farming", level=2))
    third = _teach(game, Effect(effect="mining"))
    cast = _cast(resolve(game))
    assert cast.spells == (dear, third)
    assert cast.mana == 16 + 4
    assert cheap not in cast.spells


def test_a_tribe_with_spell_orders_casts_those_in_every_slot() -> None:
    """[002:15] you can tell them what to cast."""
    game = new_game(ann_clans={"mage": 2, "farmer": 1})
    stock(game, "anns", mana=100)
    first = _teach(game, Effect(effect="crafting"))
    second = _teach(game, Effect(effect="farming"))
    game.when(SetSpellOrders(spells=[first, second]), ANN)
    assert _cast(resolve(game)).spells == (first, second)
    assert game.rules.tribes["anns"].stockpile.mana == 100 - 3 - 4


def test_continuous_spells_are_paid_again_every_turn() -> None:
    """[002:62] this cost is then deducted each turn."""
    game = new_game(ann_clans={"mage": 2, "farmer": 1})
    stock(game, "anns", mana=20)
    _teach(game, Effect(effect="farming", level=2))
    resolve(game)
    resolve(game)
    assert game.rules.tribes["anns"].stockpile.mana == 20 - 16
    assert game.rules.tribes["anns"].active == ()


def test_a_spell_the_tribe_cannot_pay_for_lapses() -> None:
    game = new_game(ann_clans={"mage": 2, "farmer": 1})
    stock(game, "anns", mana=15)
    spell = _teach(game, Effect(effect="farming", level=2))
    cast = _cast(resolve(game))
    assert (cast.spells, cast.lapsed, cast.mana) == ((), (spell,), 0)


def test_instant_spells_and_curses_are_never_prepared_as_continuous_spells() -> None:
    """[002:74] an [Instant] effect cannot be prepared as a continuous effect."""
    game = new_game(ann_clans={"mage": 3})
    stock(game, "anns", mana=100)
    _teach(game, Effect(effect="destruction"))
    _teach(game, Effect(effect="fertility", reverse=True))
    assert _cast(resolve(game)).spells == ()


def test_adaptation_takes_spell_slots_from_casting() -> None:
    """[002:48] a Spell Slot spent on Adaptation cannot cast a spell."""
    game = new_game(ann_clans={"mage": 2, "farmer": 1})
    stock(game, "anns", mana=100)
    spell = _teach(game, Effect(effect="farming"))
    game.when(SetSpellOrders(spells=[spell]), ANN)
    game.when(MoveTribe(to_land="w-sky"), ANN)
    resolve(game)
    resolve(game)
    assert game.rules.tribes["anns"].land == "w-sky"
    assert game.rules.tribes["anns"].active == (spell,)  # 2 slots: 1 adaptation, 1 spell


def test_transmutation_turns_three_of_one_resource_into_two_of_another() -> None:
    """SE-52 [002:71] 3 Gold into 2 Food, once per level."""
    game = new_game(ann_clans={"mage": 1, "crafter": 2})
    stock(game, "anns", gold=7, mana=12)  # level 2: 2^2 x 3 mana
    spell = _teach(game, Effect(effect="transmutation", level=2, source="gold", target="food"))
    game.when(SetSpellOrders(spells=[spell]), ANN)
    events = resolve(game)
    assert of(events, Transmuted) == [
        Transmuted(god="ann", tribe="anns", spell=spell, consumed=Resources(gold=6), produced=Resources(food=4))
    ]


def test_transmutation_converts_only_what_the_stockpile_holds() -> None:
    game = new_game(ann_clans={"mage": 1, "crafter": 2})
    stock(game, "anns", gold=5, mana=12)
    spell = _teach(game, Effect(effect="transmutation", level=2, source="gold", target="food"))
    game.when(SetSpellOrders(spells=[spell]), ANN)
    assert of(resolve(game), Transmuted)[0].consumed == Resources(gold=3)


def _curse_setup() -> tuple[Game, str]:
    game = new_game(ann_clans={"mage": 1, "war": 2}, bob_clans={"miner": 3})
    curse = _teach(game, Effect(effect="mining", level=2, reverse=True))
    return game, curse


def test_a_curse_reverses_its_effect_on_the_cursed_tribe() -> None:
    """[002:72] Curse: the first four effects in reverse, as a penalty: Mining 2 reversed is -20% mining."""
    game, curse = _curse_setup()
    stock(game, "anns", mana=16)
    game.when(SetSpellOrders(spells=None, curses={curse: "bobs"}), ANN)
    events = resolve(game)
    assert of(events, CursesCast)[0].curses == ((curse, "bobs"),)
    harvested = next(e for e in of(events, Harvested) if e.tribe == "bobs")
    assert harvested.gained == Resources(production=7, gold=2)  # 9 x 0.8 = 7.2; 3 x 0.8 = 2.4


def test_a_curse_pays_the_counterspell_surcharge_every_turn() -> None:
    """[002:75] a continuous hostile spell pays three times the target's Counterspell Level each turn."""
    game, curse = _curse_setup()
    game.given(
        SpellTaught(
            god="bob",
            tribe="bobs",
            spell=Spell(id="spell-9", god="bob", name="w", effects=(Effect(effect="antimagic"),)),
        )
    )
    stock(game, "bobs", mana=2)
    with_clans(game, "bobs", {"miner": 2, "mage": 2})
    stock(game, "anns", mana=40)
    game.when(SetSpellOrders(spells=None, curses={curse: "bobs"}), ANN)
    assert of(resolve(game), CursesCast)[0].mana == 16 + 3
    assert of(resolve(game), CursesCast)[0].mana == 16 + 3


def test_only_a_curse_may_be_cast_on_another_tribe() -> None:
    game, _curse = _curse_setup()
    blessing = _teach(game, Effect(effect="farming"))
    assert game.rejects(SetSpellOrders(spells=None, curses={blessing: "bobs"}), ANN).code == "second_era.not_a_curse"
    assert game.rejects(SetSpellOrders(spells=None, curses={_curse: "anns"}), ANN).code == "second_era.bad_target"


def test_a_spell_is_either_a_curse_or_a_blessing() -> None:
    game = new_game(ann_mana=10)
    mixed = TeachSpell(name="m", effects=[Effect(effect="mining", reverse=True), Effect(effect="farming")])
    assert game.rejects(mixed, ANN).code == "second_era.mixed_curse"


def test_with_the_setting_off_a_tribe_fills_every_slot() -> None:
    """Setting `default_spells_keep_free_slot` = False: the other reading of [002:61]'s "try to"."""
    game = new_game(Settings(default_spells_keep_free_slot=False), ann_clans={"mage": 2, "farmer": 1})
    stock(game, "anns", mana=100)
    first = _teach(game, Effect(effect="farming"))
    second = _teach(game, Effect(effect="mining"))
    assert set(_cast(resolve(game)).spells) == {first, second}


def test_a_tribe_with_one_free_slot_casts_one_of_two_ordered_curses() -> None:
    """[002:72] a curse is a spell and counts against the spells a tribe casts per turn, one per Spell Slot
    ([002:60]): Ann's one mage gives one slot, so of two curses ordered, the first is cast and paid and the second
    lapses."""
    game, mining = _curse_setup()
    farming = _teach(game, Effect(effect="farming", reverse=True))
    stock(game, "anns", mana=100)
    game.when(SetSpellOrders(spells=None, curses={mining: "bobs", farming: "bobs"}), ANN)
    (cast,) = of(resolve(game), CursesCast)
    assert (cast.curses, cast.lapsed, cast.mana) == (((mining, "bobs"),), (farming,), 16)
