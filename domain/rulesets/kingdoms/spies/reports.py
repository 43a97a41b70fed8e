"""Spying, pursuing and trailing [004:198-212], by the content pack's spy table (`rules.spies`).

A spy in a province reports the target kingdom's armies there (units per army), its treasury and its tax base. He
is noticed with 1 - the table's chance of escaping notice; noticed, the target hears of him. Each figure he
reports is off by an error drawn evenly within the table's margin: 1d(2m+1) gives e = face - m - 1 from -m% to
+m%, and the figure shown is round(true x (100 + e) / 100), halves rounding up, never below 0.

Pursue and Trail: the table's chance, x2 when the target leads an army, divided (Pursue) by the distance in
provinces (the same province counts as 1; capped at 100%); 100% for a character of the pursuer's own kingdom.
"""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.kingdoms.content import ContentPack
from domain.rulesets.kingdoms.rules import spies


def pursue_chance(
    pack: ContentPack, level: int, target_leads_army: bool, distance: int, same_kingdom: bool, trail: bool
) -> Fraction:
    return spies.follow_chance(
        pack,
        level,
        action="trail" if trail else "pursue",
        target_leads_army=target_leads_army,
        distance=distance,
        same_kingdom=same_kingdom,
    )


def perturbed(true: int, face: int, margin: int) -> int:
    """`true` off by the error of `face` on 1d(2 x margin + 1)."""
    return spies.perturb(true, face - margin - 1)
