"""Upkeep: clans, heroes and adaptation; shortfalls are recorded and ruled on by the GM ([002:18-20],
[002:39-44], [002:48-50], [002:85])."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.rulesets.second_era.commands import AddClans, AdjustGodMana, AdjustStockpile, RemoveClans
from domain.rulesets.second_era.economy import upkeep
from domain.rulesets.second_era.events import ClansRemoved, HeroBorn, UpkeepPaid
from domain.rulesets.second_era.magic import adaptation_mana, adaptation_slots
from domain.rulesets.second_era.state import Hero
from domain.rulesets.second_era.values import Resources
from tests.domain.harness import GM
from tests.domain.second_era.world import ANN, move_to, new_game, of, resolve, stock, with_clans


def _upkeep_of(events: list[object], tribe: str) -> UpkeepPaid:
    return next(e for e in of(events, UpkeepPaid) if e.tribe == tribe)  # type: ignore[attr-defined]


def test_every_clan_eats_one_food_and_each_role_pays_its_upkeep() -> None:
    """[002:18] 1 Food per Clan; [002:39-44] farmer/miner 1 production, trader 1 production and 1 gold,
    war 1 gold, mage 1 luxury, crafter nothing more."""
    game = new_game()
    with_clans(game, "anns", {"farmer": 1, "miner": 1, "crafter": 1, "trader": 1, "war": 1, "mage": 1, "pioneer": 1})
    assert upkeep(game.rules, game.rules.tribes["anns"]) == Resources(food=7, production=3, gold=2, luxuries=1)


def test_a_hero_costs_a_luxury_per_level_each_turn() -> None:
    """SE-25 [002:85] a level-3 hero costs 3 Luxuries per turn."""
    game = new_game(ann_clans={"crafter": 3})
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="anns", name="h", level=3, abilities=("miner",) * 3)))
    assert upkeep(game.rules, game.rules.tribes["anns"]) == Resources(food=3, luxuries=3)


def test_upkeep_is_paid_after_the_harvest() -> None:
    """[002:41] crafters make the production that [002:40] miners need in the same turn."""
    game = new_game(ann_clans={"crafter": 1, "miner": 2})
    stock(game, "anns", food=3)
    paid = _upkeep_of(resolve(game), "anns")
    assert paid.due == Resources(food=3, production=2)
    assert paid.shortfall == Resources()
    # harvest: 2 + 6 production, 1 + 2 gold; upkeep: 3 food, 2 production
    assert game.rules.tribes["anns"].stockpile == Resources(production=6, gold=3)


def test_an_unpaid_upkeep_is_recorded_as_a_shortfall_and_the_stockpile_stays_at_zero() -> None:
    """[002:18] without food "starvation happens": the shortfall is recorded; its effect is a GM ruling."""
    game = new_game(ann_clans={"farmer": 3})
    stock(game, "anns", food=1)
    paid = _upkeep_of(resolve(game), "anns")
    assert paid.shortfall == Resources(food=2, production=3)
    assert game.rules.tribes["anns"].stockpile.food == 0


def test_the_gm_rules_starvation_by_removing_clans_with_a_reason() -> None:
    """[002:18] starvation: a GM ruling (RemoveClans) with a required reason."""
    game = new_game(ann_clans={"farmer": 3})
    assert game.rejects(RemoveClans(tribe="anns", role="farmer", count=1, reason=" "), GM).code == (
        "second_era.reason_required"
    )
    assert game.rejects(RemoveClans(tribe="anns", role="farmer", count=1, reason="starved"), ANN).code == (
        "engine.forbidden"
    )
    events = game.when(RemoveClans(tribe="anns", role="farmer", count=1, reason="starved"), GM)
    assert events == [ClansRemoved(tribe="anns", role="farmer", count=1, reason="starved")]
    assert game.rules.tribes["anns"].clans == {"farmer": 2}


def test_the_gm_may_not_rule_a_stockpile_below_zero() -> None:
    game = new_game()
    assert game.rejects(AdjustStockpile(tribe="anns", delta={"gold": -1}, reason="fine"), GM).code == (
        "second_era.negative_stockpile"
    )


def test_terrestrial_tribes_pay_one_mana_per_clan_to_live_in_the_sky() -> None:
    """[002:48] terrestrial in Sky or Abyss: 1 Spell Slot of Adaptation, 1 mana per Clan per turn."""
    game = new_game(ann_clans={"mage": 1, "farmer": 2})
    state = game.rules
    assert adaptation_slots(state, "sky") == 1 and adaptation_slots(state, "abyss") == 1
    assert adaptation_slots(state, "caves") == 0 and adaptation_slots(state, "plains") == 0
    move_to(game, "anns", "w-sky")
    assert adaptation_mana(game.rules, game.rules.tribes["anns"]) == 3
    stock(game, "anns", food=3, production=2, luxuries=1, mana=3)
    assert _upkeep_of(resolve(game), "anns").due == Resources(food=3, production=2, luxuries=1, mana=3)


def test_subterranean_four_clans_on_a_volcano_pay_eight_mana() -> None:
    """SE-43 [002:49] subterranean in Sky or Volcano: 2 slots, 2 mana per Clan per turn."""
    game = new_game(nature="subterranean", ann_land="w-caves", bob_land="e-abyss", ann_clans={"mage": 3})
    with_clans(game, "anns", {"mage": 4})
    move_to(game, "anns", "w-volcano")
    assert adaptation_mana(game.rules, game.rules.tribes["anns"]) == 8


def test_aerial_three_clans_in_the_abyss_pay_six_mana() -> None:
    """SE-43 [002:50] aerial in Caverns or the Abyss: 2 slots, 2 mana per Clan per turn."""
    game = new_game(nature="aerial", ann_land="w-sky", bob_land="w-volcano", ann_clans={"mage": 3})
    move_to(game, "anns", "e-abyss")
    assert adaptation_mana(game.rules, game.rules.tribes["anns"]) == 6


@settings(max_examples=50, deadline=None)
@given(
    clans=st.dictionaries(st.sampled_from(["farmer", "miner", "trader", "war", "mage"]), st.integers(1, 5), min_size=1),
    have=st.builds(
        Resources,
        food=st.integers(0, 20),
        production=st.integers(0, 20),
        gold=st.integers(0, 20),
        luxuries=st.integers(0, 20),
    ),
)
def test_paying_upkeep_never_leaves_a_negative_stockpile(clans: dict[str, int], have: Resources) -> None:
    """Property: paid + shortfall = due, and no resource goes below zero."""
    game = new_game()
    with_clans(game, "anns", clans)
    stock(game, "anns", **have.as_dict())
    paid = _upkeep_of(resolve(game), "anns")
    assert paid.paid.plus(paid.shortfall) == paid.due
    assert all(v >= 0 for v in game.rules.tribes["anns"].stockpile.as_dict().values())


def test_the_gm_may_add_clans_and_adjust_a_gods_mana_by_ruling() -> None:
    """[002:5] First-Era actions at their old cost and [002:3] new sources of mana are left to the GM."""
    game = new_game(ann_mana=5)
    game.when(AddClans(tribe="anns", role="war", count=2, reason="First-Era act: Raise Warriors"), GM)
    game.when(AdjustGodMana(god="ann", delta=-5, reason="paid for it"), GM)
    assert game.rules.tribes["anns"].clans == {"farmer": 3, "war": 2}
    assert game.rules.gods["ann"].mana == 0
    assert game.rejects(AdjustGodMana(god="ann", delta=-1, reason="x"), GM).code == "second_era.negative_mana"
    assert game.rejects(AddClans(tribe="anns", role="war", count=1, reason=""), GM).code == "second_era.reason_required"
    assert game.rejects(AddClans(tribe="anns", role="war", count=1, reason="x"), ANN).code == "engine.forbidden"
