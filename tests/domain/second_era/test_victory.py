"""Victory: five Towns, Shrines or Floors on one Land, still standing at the end of the following turn
([002:122-129])."""

from __future__ import annotations

from domain.engine.messages import GameEnded
from domain.rulesets.second_era.commands import BuildStructure, RazeStructure
from domain.rulesets.second_era.events import EdificeFallen, EdificeRaised, EraWon, StructureBuilt
from domain.rulesets.second_era.state import Structure
from domain.rulesets.second_era.values import Resources
from tests.domain.harness import Game
from tests.domain.second_era.world import ANN, BOB, new_game, of, resolve, stock


def _parts(game: Game, kind: str, n: int, tribe: str = "anns", land: str = "w-plains") -> None:
    for _ in range(n):
        part = Structure(id=f"{kind}-{game.rules.next_id}", kind=kind, land=land, tribe=tribe, built_turn=1)
        game.given(StructureBuilt(structure=part, cost=Resources()))


def test_a_fifth_town_raises_a_city_that_must_stand_through_the_next_turn() -> None:
    """[002:125] 5 Towns on a single Land that remain standing at the end of the following Turn form a City."""
    game = new_game()
    _parts(game, "town", 4)
    stock(game, "anns", production=20, luxuries=5, gold=10)
    game.when(BuildStructure(kind="town"), ANN)
    events = resolve(game)
    assert EdificeRaised(land="w-plains", kind="town", tribe="anns") in events
    assert not of(events, EraWon) and game.state.meta.status == "running"
    events = resolve(game)
    assert EraWon(god="ann", tribe="anns", land="w-plains", edifice="city") in events
    assert of(events, GameEnded)[0].reason == "The Era is won: ann (city on w-plains)."
    assert game.state.meta.status == "ended" and game.rules.winner == "ann"


def test_five_shrines_make_a_temple_and_five_floors_a_tower() -> None:
    """[002:127] Temple; [002:129] Tower."""
    for kind, edifice in (("shrine", "temple"), ("floor", "tower")):
        game = new_game()
        _parts(game, kind, 5)
        resolve(game)
        assert of(resolve(game), EraWon)[0].edifice == edifice


def test_parts_of_different_kinds_do_not_make_an_edifice() -> None:
    """[002:125-129] five parts of one kind."""
    game = new_game()
    _parts(game, "town", 3)
    _parts(game, "shrine", 2)
    resolve(game)
    assert not of(resolve(game), EraWon)


def test_parts_on_different_lands_do_not_make_an_edifice() -> None:
    """[002:125] on a single Land."""
    game = new_game()
    _parts(game, "floor", 3)
    _parts(game, "floor", 2, land="w-sea")
    resolve(game)
    assert not of(resolve(game), EraWon)


def test_an_edifice_that_loses_a_part_before_the_next_turn_ends_does_not_win() -> None:
    """[002:125] the parts must remain standing at the end of the following Turn: a raze pulls one down."""
    game = new_game(bob_land="w-sea", bob_mana=5)
    _parts(game, "town", 5, land="w-sea")
    game.when(RazeStructure(structure="town-1", bid=5), BOB)
    resolve(game)
    assert game.rules.pending_edifices == {"w-sea": ("town", "anns")}
    events = resolve(game)
    assert EdificeFallen(land="w-sea") in events
    assert not of(events, EraWon) and game.state.meta.status == "running"
