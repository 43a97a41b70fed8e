"""Random draws of the kingdoms rules, made through the caller's dice so that every one is a recorded roll.

`Roller` is the part of `domain.engine.dice.Dice` the rules use (`ctx.dice` in a decider satisfies it). Every
drawing function here has a pure twin that takes the rolled value, so a test or a replay can state the outcome.

Chances are exact fractions. A chance p is drawn on one die of `chance_sides(p)` faces (100 for whole percents,
more for finer fractions such as 2/3 or 25/2 %), and succeeds when the face is at most p x faces. A chance of 0
or 1 rolls nothing: the outcome is certain and nothing random happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import lcm
from typing import Protocol

from domain.engine.dice import MAX_SIDES

Viewers = tuple[str, ...] | None


class Roller(Protocol):
    """Rolls `count` dice of `sides` faces for `purpose`; the roll is recorded (`domain.engine.dice.Dice.roll`)."""

    def roll(
        self, purpose: str, count: int = 1, sides: int = 6, *, visible_to: tuple[str, ...] | None = None
    ) -> tuple[int, ...]: ...


def pct(value: int) -> Fraction:
    """A whole percentage as an exact chance (40 -> 2/5)."""
    return Fraction(value, 100)


def clamp(value: Fraction, low: Fraction = Fraction(0), high: Fraction = Fraction(1)) -> Fraction:
    return max(low, min(high, value))


def drawable(chance: Fraction) -> Fraction:
    """The chance as drawn: itself, or (finer than one face in a million, which no rule here produces) the nearest
    fraction one die can draw."""
    return chance if chance.denominator <= MAX_SIDES else chance.limit_denominator(MAX_SIDES)


def chance_sides(chance: Fraction) -> int:
    """The faces of the die that draws `chance`: 100, or a multiple of 100 that the denominator divides (or the
    denominator itself when that multiple would be too large a die)."""
    denominator = drawable(chance).denominator
    sides = lcm(100, denominator)
    return sides if sides <= MAX_SIDES else denominator


def succeeds(chance: Fraction, face: int) -> bool:
    """Whether a face rolled on `chance_sides(chance)` faces makes the chance."""
    return face <= drawable(chance) * chance_sides(chance)


def draw_chance(roller: Roller, purpose: str, chance: Fraction, visible_to: Viewers = None) -> bool:
    """Draws an exact chance (certain outcomes roll nothing)."""
    if chance <= 0:
        return False
    if chance >= 1:
        return True
    sides = chance_sides(chance)
    (face,) = roller.roll(purpose, 1, sides, visible_to=visible_to)
    return succeeds(chance, face)


def in_range(low: int, high: int, face: int) -> int:
    """The value of a face rolled on `high - low + 1` faces: low ... high."""
    return low + face - 1


def draw_range(roller: Roller, purpose: str, low: int, high: int, visible_to: Viewers = None) -> int:
    """A whole number drawn uniformly from low to high (a single value rolls nothing)."""
    if high <= low:
        return low
    (face,) = roller.roll(purpose, 1, high - low + 1, visible_to=visible_to)
    return in_range(low, high, face)


def weighted_pick(weights: Sequence[int], face: int) -> int:
    """The index picked by a face rolled on `sum(weights)` faces (each entry owns `weight` faces in turn)."""
    total = 0
    for index, weight in enumerate(weights):
        total += weight
        if face <= total:
            return index
    raise ValueError(f"face {face} is above the total weight {total}")


def draw_weighted(roller: Roller, purpose: str, weights: Sequence[int], visible_to: Viewers = None) -> int:
    """The index of an entry drawn with chances proportional to `weights` (one entry rolls nothing)."""
    if len(weights) == 1:
        return 0
    (face,) = roller.roll(purpose, 1, sum(weights), visible_to=visible_to)
    return weighted_pick(weights, face)
