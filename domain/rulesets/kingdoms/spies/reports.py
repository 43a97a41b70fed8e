"""Spying, pursuing and trailing [004:198-212].

A spy in a province reports the target kingdom's armies there (units per army), its treasury and its tax base. He
escapes notice with the spy table's chance (1d100 at or under it); noticed, the target hears of him. Each figure
he reports is off by an error drawn evenly within the table's margin: 1d(2m+1) gives e = face - m - 1 from -m% to
+m%, and the figure shown is round(true x (100 + e) / 100), halves rounding up.

Pursue and Trail: the table's chance, x2 when the target leads an army, divided by the distance in provinces (the
same province counts as 1; capped at 100%); 100% for a character of the pursuer's own kingdom [004:212].
"""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.kingdoms import tables


def spy_level(level: int) -> tuple[int, int, int]:
    return tables.SPY[min(max(level, 0), 4)]


def pursue_chance(level: int, target_leads_army: bool, distance: int, same_kingdom: bool) -> Fraction:
    if same_kingdom:
        return Fraction(1)
    chance = Fraction(spy_level(level)[2], 100) * (2 if target_leads_army else 1)
    return min(Fraction(1), chance / max(1, distance))


def perturbed(true: int, face: int, margin: int) -> int:
    """`true` off by the error of `face` on 1d(2 x margin + 1)."""
    error = face - margin - 1
    shown = Fraction(true * (100 + error), 100)
    return max(0, int(shown + Fraction(1, 2)) if shown >= 0 else 0)
