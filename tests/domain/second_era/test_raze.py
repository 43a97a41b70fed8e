"""Raze: sealed mana bids against hostile structures, the owner's counter-bid, half the cost as spoils
([002:14])."""

from __future__ import annotations

from domain.rulesets.second_era import Settings
from domain.rulesets.second_era.commands import CounterRaze, RazeStructure, RuleRaze
from domain.rulesets.second_era.events import OrderFailed, RazeBegun, RazeCountered, RazeResolved, StructureBuilt
from domain.rulesets.second_era.state import Structure
from domain.rulesets.second_era.values import Resources
from domain.rulesets.second_era.views import redact
from tests.domain.harness import GM, Game
from tests.domain.second_era.world import ANN, BOB, new_game, of, resolve


def _town_of_ann_where_bob_stands(settings: Settings | None = None) -> Game:
    """A Town of Ann's tribe on w-sea, where Bob's tribe stands; Ann has 20 mana, Bob 20."""
    game = new_game(settings, bob_land="w-sea", ann_mana=20, bob_mana=20)
    town = Structure(id="town-1", kind="town", land="w-sea", tribe="anns", built_turn=1)
    return game.given(StructureBuilt(structure=town, cost=Resources()))


def test_a_raze_is_announced_and_its_bid_paid_but_sealed() -> None:
    """[002:14] bid mana to destroy a single hostile construction; the bid stays sealed."""
    game = _town_of_ann_where_bob_stands()
    game.when(RazeStructure(structure="town-1", bid=7), BOB)
    begun = of(resolve(game), RazeBegun)[0]
    assert (begun.raze.structure, begun.raze.bid, begun.raze.tribe) == ("town-1", 7, "bobs")
    assert game.rules.gods["bob"].mana == 13
    assert redact(begun, ANN).raze.bid == 0  # type: ignore[union-attr]
    assert redact(begun, BOB) == begun


def test_the_raider_wins_with_the_higher_bid_and_gains_half_the_cost_rounded_down() -> None:
    """[002:14] 50% of a Town's 20 P, 5 L, 10 G: 10 P, 2 L, 5 G; both bids are spent (digest #27)."""
    game = _town_of_ann_where_bob_stands()
    game.when(RazeStructure(structure="town-1", bid=7), BOB)
    raze = of(resolve(game), RazeBegun)[0].raze.id
    game.when(CounterRaze(raze=raze, bid=6), ANN)
    resolved = of(resolve(game), RazeResolved)[0]
    assert (resolved.succeeded, resolved.raider_bid, resolved.owner_bid) == (True, 7, 6)
    assert resolved.refund == Resources(production=10, luxuries=2, gold=5)
    assert "town-1" not in game.rules.structures
    assert game.rules.gods["ann"].mana == 14
    assert game.rules.tribes["bobs"].stockpile.production >= 10


def test_an_equal_or_higher_counter_bid_saves_the_structure() -> None:
    """[002:14] the owner may bid mana to counteract the raze (the raider must bid more)."""
    game = _town_of_ann_where_bob_stands()
    game.when(RazeStructure(structure="town-1", bid=7), BOB)
    raze = of(resolve(game), RazeBegun)[0].raze.id
    game.when(CounterRaze(raze=raze, bid=7), ANN)
    events = resolve(game)
    assert of(events, RazeResolved)[0].succeeded is False
    assert "town-1" in game.rules.structures and not game.rules.razes


def test_without_a_counter_bid_the_raze_succeeds() -> None:
    game = _town_of_ann_where_bob_stands()
    game.when(RazeStructure(structure="town-1", bid=1), BOB)
    resolve(game)
    events = resolve(game)
    assert RazeCountered(god="ann", raze="raze-bob-1", bid=0) in events
    assert of(events, RazeResolved)[0].succeeded is True


def test_the_counter_bid_is_sealed_from_the_raider() -> None:
    counter = RazeCountered(god="ann", raze="raze-bob-1", bid=5)
    assert redact(counter, BOB) is None and redact(counter, ANN) == counter


def test_a_god_cannot_raze_its_own_tribes_structure() -> None:
    """[002:14] hostile Towns, Floors or Shrines."""
    game = _town_of_ann_where_bob_stands()
    assert game.rejects(RazeStructure(structure="town-1", bid=3), ANN).code == "second_era.own_structure"


def test_the_raider_must_stand_on_the_structures_land() -> None:
    """[002:14] when on a Land containing hostile structures."""
    game = new_game(ann_mana=0, bob_mana=20)
    town = Structure(id="town-1", kind="town", land="w-sea", tribe="anns", built_turn=1)
    game.given(StructureBuilt(structure=town, cost=Resources()))
    game.when(RazeStructure(structure="town-1", bid=3), BOB)
    assert of(resolve(game), OrderFailed)[0].code == "second_era.raze_not_here"
    assert game.rules.gods["bob"].mana == 20


def test_with_gm_bids_the_gm_rules_once_the_counter_bid_is_in() -> None:
    """Setting `raze_bids` = "gm": the bid resolution of [002:14] is a ruling."""
    game = _town_of_ann_where_bob_stands(Settings(raze_bids="gm"))
    game.when(RazeStructure(structure="town-1", bid=7), BOB)
    raze = of(resolve(game), RazeBegun)[0].raze.id
    assert game.rejects(RuleRaze(raze=raze, succeeded=True, reason="bold"), GM).code == "second_era.raze_bids_pending"
    events = resolve(game)
    assert not of(events, RazeResolved)
    ruled = game.when(RuleRaze(raze=raze, succeeded=False, reason="the walls held"), GM)
    assert ruled[0].succeeded is False and ruled[0].reason == "the walls held"
    assert "town-1" in game.rules.structures
