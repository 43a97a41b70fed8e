"""Resistances in the text's notation and their arithmetic ([000:25-35], [000:140-151], [000:168])."""

from __future__ import annotations

import pytest

from domain.rulesets.gods2.earth.resistances import Resistance, disaster_deaths, level_reduction, parse

WATER = frozenset({"W"})
ICE = frozenset({"I"})


def rs(*texts: str) -> list[Resistance]:
    return [parse(t) for t in texts]


def test_the_notation_reads_category_operator_and_amount() -> None:
    """[000:31-35] F-2, W/2, A+1, X-1 and I-[infinity]."""
    assert rs("F-2", "W/2", "A+1", "X-1", "I-inf", "I-∞") == [
        Resistance("F", "-", 2),
        Resistance("W", "/", 2),
        Resistance("A", "+", 1),
        Resistance("X", "-", 1),
        Resistance("I", "-", None),
        Resistance("I", "-", None),
    ]


def test_an_unreadable_resistance_is_refused() -> None:
    """[000:29] a category, then an arithmetic modifier."""
    for bad in ("Q-1", "F", "F-", "W/0", "A+inf"):
        with pytest.raises(ValueError):
            parse(bad)


def test_dividers_apply_before_flat_changes_and_round_up_once() -> None:
    """[000:149] GODS-25: 7 water deaths, W/2 and X-1: 3.5 - 1 = 2.5, rounded up to 3."""
    assert disaster_deaths(7, WATER, rs("W/2", "X-1")) == 3


def test_a_primitive_race_loses_one_unit_fewer() -> None:
    """[000:57] GODS-28: primitive races have X-1; a loss of 1 becomes 0."""
    assert disaster_deaths(1, frozenset({"F"}), rs("X-1")) == 0


def test_resistances_of_other_elements_do_not_apply() -> None:
    """[000:149] use the resistances which apply to the power."""
    assert disaster_deaths(4, WATER, rs("F-2", "A/2")) == 4


def test_a_disaster_of_two_elements_meets_each_resistance_in_full() -> None:
    """[000:149] a disaster both earth and fire related: an earth resistance applies in full."""
    assert disaster_deaths(6, frozenset({"E", "F"}), rs("E/2", "F-1")) == 2


def test_vulnerabilities_increase_deaths() -> None:
    """[000:27], [000:33] A+1 increases deaths from air disasters by 1 unit."""
    assert disaster_deaths(3, frozenset({"A"}), rs("A+1")) == 4


def test_infinite_resistance_is_immunity() -> None:
    """[000:35] I-[infinity]: immune to deaths from ice disasters."""
    assert disaster_deaths(50, ICE, rs("I-inf", "I+3")) == 0


def test_a_disaster_without_a_category_meets_only_x_resistances() -> None:
    """[000:140] powers without a sub-category are only affected by resistances which work on all powers."""
    assert disaster_deaths(4, frozenset(), rs("F-2", "X-1")) == 3


def test_non_elemental_global_powers_ignore_every_resistance() -> None:
    """[000:168] GODS-31: X-1 and F-inf do not apply to a non-elemental global power."""
    assert disaster_deaths(5, frozenset(), rs("X-1", "F-inf"), global_power=True) == 5


def test_elemental_global_powers_meet_resistances() -> None:
    """[000:168] global powers of an elemental category meet resistances as disasters do."""
    assert disaster_deaths(5, frozenset({"F"}), rs("X-1"), global_power=True) == 4


def test_a_finite_resistance_reduces_a_level_loss_by_one() -> None:
    """[000:151] the Norsemen (I/2) lose one population level to Arctic Blast instead of two."""
    assert level_reduction(2, ICE, rs("I/2")) == 1


def test_an_infinite_resistance_ignores_level_reductions() -> None:
    """[000:151] the Frost Giants (I-inf) are completely unaffected by Arctic Blast."""
    assert level_reduction(2, ICE, rs("I-inf")) == 0


def test_vulnerabilities_do_not_change_level_reductions() -> None:
    """[000:151] digest reading 9: only resistances protect levels."""
    assert level_reduction(2, ICE, rs("I+2")) == 2
