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
    BirthHero,
    BuildStructure,
    FeedMonster,
    GrowTribe,
    MonsterAction,
    MoveMonster,
    MoveTribe,
    RazeStructure,
    SetClanRoles,
    SetRetreat,
    SpawnMonster,
    TeachSpell,
)
from domain.rulesets.second_era.values import Effect
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
