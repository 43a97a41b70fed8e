"""Dice for rule tests: the engine's own `Dice` with the GM's physical dice entered in advance, so each test states
its rolls and can check what was recorded (no server seed: an unplanned roll is refused)."""

from __future__ import annotations

from domain.engine.dice import Dice, PendingDice


def gm_dice(*faces: tuple[int, int]) -> Dice:
    """Dice that will roll, in order of matching, these (sides, face) pairs."""
    return Dice(game_id="kingdoms-test", epoch=0, pending=tuple(PendingDice(sides=s, results=(f,)) for s, f in faces))


def rolled(dice: Dice) -> list[tuple[str, int, tuple[int, ...]]]:
    """What the dice recorded: (purpose, sides, results) per roll."""
    return [(r.purpose, r.sides, r.results) for r in dice.rolled]
