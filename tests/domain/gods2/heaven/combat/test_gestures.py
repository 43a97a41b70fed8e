"""The full gesture table ([003:274], [003:348-352]; digest A4.7), one case per cell."""

from __future__ import annotations

import pytest

from domain.rulesets.gods2.heaven.combat.gestures import damage

ORDER = ["rock", "paper", "scissors", "trick", "block", "null"]
# Damage to (row, column), from the digest's table A4.7.
TABLE = [
    ["0,0", "1,0", "0,1", "1,0", "0,0", "0,1"],  # rock
    ["0,1", "0,0", "1,0", "1,0", "0,0", "0,1"],  # paper
    ["1,0", "0,1", "0,0", "1,0", "0,0", "0,1"],  # scissors
    ["0,1", "0,1", "0,1", "1,1", "0,0", "0,1"],  # trick
    ["0,0", "0,0", "0,0", "0,0", "0,0", "0,1"],  # block
    ["1,0", "1,0", "1,0", "1,0", "1,0", "0,0"],  # null
]
CASES = [
    (a, b, tuple(int(x) for x in TABLE[i][j].split(","))) for i, a in enumerate(ORDER) for j, b in enumerate(ORDER)
]


@pytest.mark.parametrize(("a", "b", "expected"), CASES)
def test_each_pair_of_gestures_deals_the_tables_damage(a: str, b: str, expected: tuple[int, int]) -> None:
    """[003:348-350], [003:274]."""
    assert damage(a, b) == expected  # type: ignore[arg-type]


def test_two_tricks_hurt_both_players() -> None:
    """[003:350] two tricks beat each other, so both of you take damage."""
    assert damage("trick", "trick") == (1, 1)


def test_a_block_against_null_does_damage() -> None:
    """[003:274] even a block used against a null will actually do damage."""
    assert damage("null", "block") == (1, 0)


def test_the_table_is_symmetric() -> None:
    for a, b, (x, y) in CASES:
        assert damage(b, a) == (y, x)  # type: ignore[arg-type]
