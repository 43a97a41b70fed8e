"""Spies [4.33]: noticed, pursue and trail, reports with the margin of error (PBM-19)."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.rules.spies import (
    draw_follow,
    draw_noticed,
    draw_report,
    follow_chance,
    margin,
    noticed_chance,
    perturb,
)
from tests.domain.kingdoms.rules.helpers import gm_dice, rolled

PACK = default_pack()


def test_pbm_19_pursuit_is_divided_by_distance_and_certain_within_the_kingdom() -> None:
    """PBM-19 [004:212] "The chance to pursue is then divided by the distance (in number of provinces) between the
    two characters. If the pursued character is of the same Kingdom as the pursuer, then the chance of success is
    100%." Spy level 1: "150%55%100%"."""
    assert follow_chance(PACK, 1, distance=4) == Fraction(1, 4)
    assert follow_chance(PACK, 1, distance=4, same_kingdom=True) == 1


def test_leading_an_army_doubles_the_chance_capped_at_certainty() -> None:
    """[004:212] "The chance to Pursue or Trail is multiplied by two if the target leads an army." Level 0: 50%."""
    assert follow_chance(PACK, 0, action="trail", target_leads_army=True) == 1
    assert follow_chance(PACK, 0, distance=3, target_leads_army=True) == Fraction(1, 3)
    assert follow_chance(PACK, 4, distance=2) == 1  # 250% / 2, capped
    assert follow_chance(PACK, 0, action="trail", distance=5) == Fraction(1, 2)  # trailing is not divided


def test_a_pursuit_in_the_same_province_counts_as_distance_one() -> None:
    """Appendix #31: division by distance 0 treated as 1."""
    assert follow_chance(PACK, 0, distance=0) == Fraction(1, 2)


def test_a_third_chance_is_drawn_exactly() -> None:
    """Level 1 pursuing 3 provinces away: 100%/3, drawn on 300 faces (100 or less succeeds)."""
    dice = gm_dice((300, 100))
    assert draw_follow(PACK, dice, "pursue:c1", 1, distance=3)
    assert rolled(dice) == [("pursue:c1", 300, (100,))]
    assert not draw_follow(PACK, gm_dice((300, 101)), "pursue:c1", 1, distance=3)


def test_the_chance_of_being_noticed_falls_with_spy_level() -> None:
    """[004:200-210] "Spy Level  Chance of Escaping Notice": 0 0%, 1 50%, 2 75%, 3 88%, 4 95%."""
    assert [noticed_chance(PACK, level) for level in range(5)] == [
        1, Fraction(1, 2), Fraction(1, 4), Fraction(12, 100), Fraction(5, 100)
    ]  # fmt: skip
    certain = gm_dice()
    assert draw_noticed(PACK, certain, "noticed:c1", 0)
    assert certain.rolled == []
    assert draw_noticed(PACK, gm_dice((100, 12)), "noticed:c1", 3)
    assert not draw_noticed(PACK, gm_dice((100, 13)), "noticed:c1", 3)


def test_reports_carry_the_tables_margin_of_error() -> None:
    """[004:200-210] "Margin of Error of Spy Reports": 70%, 55%, 40%, 28%, 15%."""
    assert [margin(PACK, level) for level in range(5)] == [70, 55, 40, 28, 15]


def test_a_figure_is_perturbed_and_rounded_half_up() -> None:
    assert perturb(20, 15) == 23
    assert perturb(10, -15) == 9  # 8.5 rounds up
    assert perturb(3, -70) == 1  # 0.9
    assert perturb(0, 70) == 0


def test_a_spy_report_draws_one_gm_only_error_per_figure() -> None:
    """Spy level 4 (margin 15%): a face of 1 on 31 faces is -15%, 31 is +15%, 16 is 0%."""
    dice = gm_dice((31, 31), (31, 1), (31, 16))
    report = draw_report(PACK, dice, "report:k2", 4, {"tax_base": 20, "armies": 10, "treasury": 7})
    assert report.margin_pct == 15
    assert report.figures == {"armies": 12, "tax_base": 17, "treasury": 7}
    assert [r.purpose for r in dice.rolled] == ["report:k2:armies", "report:k2:tax_base", "report:k2:treasury"]
    assert all(r.visible_to == () for r in dice.rolled)
