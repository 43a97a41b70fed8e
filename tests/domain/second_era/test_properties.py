"""Properties over whole turns: random orders from two gods never break the invariants.

The harness checks on every step that each event round-trips through the codec and that folding all events
from scratch equals the incremental fold (determinism). Here: stockpiles, hoards and pools never go below
zero, clans never go negative, and every order either is refused or is queued.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.engine import Rejected
from domain.rulesets.second_era.commands import (
    AcceptTrade,
    BirthHero,
    BuildStructure,
    CastInstant,
    FeedMonster,
    GrowTribe,
    MonsterAction,
    MoveMonster,
    MoveTribe,
    OfferTrade,
    RazeStructure,
    SetClanRoles,
    SetMonsterSpells,
    SetRetreat,
    SpawnMonster,
    TeachSpell,
)
from domain.rulesets.second_era.events import MonsterSpawned, SpellTaught
from domain.rulesets.second_era.state import Monster, Spell
from domain.rulesets.second_era.values import Effect, Resources
from tests.domain.second_era.world import ANN, BOB, fauna, new_game, resolve, stock

LANDS = ["w-plains", "w-sea", "w-volcano", "w-caves", "e-plains", "e-sea"]

orders = st.one_of(
    st.builds(MoveTribe, to_land=st.sampled_from(LANDS)),
    st.builds(GrowTribe, role=st.sampled_from(["farmer", "miner", "war", "mage", "crafter"])),
    st.builds(BuildStructure, kind=st.sampled_from(["town", "shrine", "floor"])),
    st.builds(BirthHero, name=st.just("h"), ability=st.sampled_from(["warrior", "farmer", "slaver"])),
    st.builds(
        SpawnMonster,
        sphere=st.sampled_from(["fire", "earth", "life"]),
        name=st.just("m"),
        abilities=st.just(["might", "rage"]),
    ),
    st.builds(
        TeachSpell,
        name=st.just("s"),
        effects=st.lists(
            st.builds(
                Effect,
                effect=st.sampled_from(["farming", "mining", "destruction", "antimagic"]),
                level=st.integers(1, 3),
            ),
            min_size=1,
            max_size=2,
        ),
    ),
    st.builds(SetClanRoles, clans=st.dictionaries(st.sampled_from(["farmer", "miner", "war"]), st.integers(0, 3))),
    st.builds(
        MonsterAction,
        monster=st.sampled_from(["monster-1", "monster-2", "monster-3"]),
        action=st.just("raid"),
        target=st.sampled_from(["anns", "bobs", "monster-1", "monster-2", "monster-3"]),
    ),
    st.builds(
        MoveMonster, monster=st.sampled_from(["monster-1", "monster-2", "monster-3"]), to_land=st.sampled_from(LANDS)
    ),
    st.builds(FeedMonster, monster=st.sampled_from(["monster-1", "monster-2", "monster-3"]), ability=st.just("might")),
    st.builds(
        RazeStructure,
        structure=st.sampled_from(["town-1", "shrine-1", "floor-1"] + [f"town-{n}" for n in range(2, 9)]),
        bid=st.integers(1, 5),
    ),
    st.builds(SetRetreat, to_land=st.sampled_from(LANDS)),
    st.builds(
        MonsterAction, monster=st.sampled_from(["monster-1", "monster-2"]), action=st.sampled_from(["scavenge", "rest"])
    ),
)

turns = st.lists(st.lists(st.tuples(st.sampled_from(["ann", "bob"]), orders), max_size=6), min_size=1, max_size=4)


def _check_invariants(rules: Any) -> None:
    for tribe in rules.tribes.values():
        assert all(v >= 0 for v in tribe.stockpile.as_dict().values())
        assert all(n > 0 for n in tribe.clans.values())
    for monster in rules.monsters.values():
        assert all(v >= 0 for v in monster.hoard.as_dict().values())
        assert 0 < monster.hp <= monster.max_hp
    assert all(g.mana >= 0 for g in rules.gods.values())


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan=turns, dice=st.lists(st.integers(1, 6), min_size=2, max_size=2))
def test_random_turns_keep_every_stockpile_whole_and_the_fold_deterministic(
    plan: list[list[tuple[str, Any]]], dice: list[int]
) -> None:
    game = new_game(
        ann_mana=60, bob_mana=60, fauna_on={"w-plains": [fauna("animal", 1)], "e-plains": [fauna("plant", 3)]}
    )
    stock(game, "anns", food=30, production=30, gold=30, luxuries=30, mana=30)
    stock(game, "bobs", food=30, production=30, gold=30, luxuries=30, mana=30)
    seats = {"ann": ANN, "bob": BOB}
    for turn in plan:
        for god, order in turn:
            try:
                game.when(order, seats[god])
            except Rejected as refused:
                assert refused.code.startswith(("second_era.", "engine."))
        game.dice(*dice)
        resolve(game)
        _check_invariants(game.rules)


MONSTERS = ["m-ann", "m-bob"]
SPELLS = ["sp-travel", "sp-gold-food", "sp-curse"]

monster_orders = st.one_of(
    st.builds(
        CastInstant,
        spell=st.just("sp-travel"),
        to_land=st.sampled_from(LANDS),
        monster=st.sampled_from(MONSTERS),
        target=st.sampled_from([None, "anns", "bobs"]),
        bid=st.integers(1, 8),
    ),
    st.builds(
        SetMonsterSpells,
        monster=st.sampled_from(MONSTERS),
        spells=st.sampled_from([None, [], ["sp-gold-food"]]),
        curses=st.sampled_from([{}, {"sp-curse": "anns"}, {"sp-curse": "bobs"}]),
    ),
    st.builds(
        MonsterAction,
        monster=st.sampled_from(MONSTERS),
        action=st.just("raid"),
        target=st.sampled_from(["anns", "bobs", *MONSTERS]),
        loot=st.lists(st.sampled_from(["food", "gold", "mana"]), max_size=2),
        take=st.sampled_from(["artefact", "spell"]),
    ),
    st.builds(MoveMonster, monster=st.sampled_from(MONSTERS), to_land=st.sampled_from(LANDS)),
    st.builds(
        OfferTrade,
        to_god=st.sampled_from(["ann", "bob"]),
        from_monster=st.sampled_from([None, *MONSTERS]),
        give=st.dictionaries(st.sampled_from(["food", "gold"]), st.integers(1, 9), max_size=1),
        receive=st.dictionaries(st.sampled_from(["food", "production"]), st.integers(1, 9), max_size=1),
        give_spells=st.sampled_from([[], ["sp-travel"]]),
        standing=st.booleans(),
    ),
    st.builds(AcceptTrade, trade=st.sampled_from([f"trade-{n}" for n in range(9, 20)])),  # ids after the set-up
)
monster_turns = st.lists(
    st.lists(st.tuples(st.sampled_from(["ann", "bob"]), monster_orders), max_size=6), min_size=1, max_size=4
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan=monster_turns, dice=st.lists(st.integers(1, 6), min_size=2, max_size=2))
def test_monsters_magic_raids_and_trades_keep_every_hoard_whole(
    plan: list[list[tuple[str, Any]]], dice: list[int]
) -> None:
    """[002:104] [002:107] monsters casting, raiding and trading never drive a hoard or stockpile below zero."""
    game = new_game(fauna_on={"e-sea": [fauna("animal", 1), fauna("plant", 2)]})
    stock(game, "anns", food=20, gold=20, production=10, mana=10)
    stock(game, "bobs", food=20, gold=20, production=10, mana=10)
    for god, land in (("ann", "e-sea"), ("bob", "w-sea")):
        monster = Monster(
            id=f"m-{god}",
            god=god,
            sphere="fire",
            name=god,
            land=land,
            level=1,
            hp=3,
            max_hp=3,
            abilities=("mage", "mage"),
            hoard=Resources(food=12, gold=9, mana=40),
        )
        game.given(MonsterSpawned(monster=monster))
        for spell_id, effect in (
            ("sp-travel", Effect(effect="travel")),
            ("sp-gold-food", Effect(effect="transmutation", source="gold", target="food")),
            ("sp-curse", Effect(effect="farming", reverse=True)),
        ):
            spell = Spell(id=spell_id, god=god, name=spell_id, effects=(effect,))
            game.given(SpellTaught(god=god, tribe=f"{god}s", spell=spell, monster=monster.id))
    seats = {"ann": ANN, "bob": BOB}
    for turn in plan:
        for god, order in turn:
            try:
                game.when(order, seats[god])
            except Rejected as refused:
                assert refused.code.startswith(("second_era.", "engine."))
        game.dice(*dice)
        resolve(game)
        _check_invariants(game.rules)
