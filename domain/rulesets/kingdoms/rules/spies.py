"""Spies [4.33]: the chance of being noticed, pursuit and trailing, and spy reports with the table's margin of
error (kingdoms.md C5, C6).

Readings:
- Noticed: 1 - the level's "Chance of Escaping Notice" [004:200-210]; being noticed is news to the target.
- Pursue or Trail [004:212]: the level's chance, x 2 when the target leads an army; a pursuit's chance is then
  divided by the distance in provinces (0, the same province, counts as 1: appendix #31), capped at 100%. A
  target of the pursuer's own kingdom is followed without fail (the text says "pursued"; trailing, a pursuit
  within the province, reads the same).
- A spy report perturbs each figure on its own: true x (100 + e)/100 with e drawn uniformly from -margin to
  +margin whole percent, rounded half up, never below 0 (the distribution is missing: C5; content may change
  the margin per level, not the shape). The error draws should be GM-only rolls (`visible_to=()`): the spy's
  kingdom learns the report, never the error.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import floor
from typing import Literal

import msgspec

from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.rules.draws import Roller, Viewers, draw_chance, draw_range, pct

Follow = Literal["pursue", "trail"]


def noticed_chance(pack: ContentPack, spy_level: int) -> Fraction:
    """[004:200-210] The chance that a spy of this level is noticed: 1 - the chance of escaping notice."""
    return 1 - pct(pack.spy_row(spy_level).escape_notice_pct)


def draw_noticed(pack: ContentPack, roller: Roller, purpose: str, spy_level: int, visible_to: Viewers = None) -> bool:
    return draw_chance(roller, purpose, noticed_chance(pack, spy_level), visible_to)


def follow_chance(
    pack: ContentPack,
    spy_level: int,
    *,
    action: Follow = "pursue",
    target_leads_army: bool = False,
    distance: int = 0,
    same_kingdom: bool = False,
) -> Fraction:
    """[004:212] The chance to pursue or trail a character."""
    rules = pack.spy_rules
    if same_kingdom:
        return pct(rules.same_kingdom_pct)
    chance = pct(pack.spy_row(spy_level).pursue_pct)
    if target_leads_army:
        chance *= rules.army_multiplier
    if action == "pursue":
        chance /= max(1, distance)
    return min(Fraction(1), chance)


def draw_follow(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    spy_level: int,
    *,
    action: Follow = "pursue",
    target_leads_army: bool = False,
    distance: int = 0,
    same_kingdom: bool = False,
    visible_to: Viewers = None,
) -> bool:
    chance = follow_chance(
        pack,
        spy_level,
        action=action,
        target_leads_army=target_leads_army,
        distance=distance,
        same_kingdom=same_kingdom,
    )
    return draw_chance(roller, purpose, chance, visible_to)


def margin(pack: ContentPack, spy_level: int) -> int:
    """[004:200-210] The margin of error (whole percent) of a report by a spy of this level."""
    return pack.spy_row(spy_level).margin_pct


def perturb(true_value: int, error_pct: int) -> int:
    """A figure as reported with an error of `error_pct` percent: rounded half up, never below 0."""
    return max(0, floor(Fraction(true_value * (100 + error_pct), 100) + Fraction(1, 2)))


def draw_error(roller: Roller, purpose: str, margin_pct: int, visible_to: Viewers = ()) -> int:
    """An error drawn uniformly from -margin to +margin percent (GM-only by default)."""
    return draw_range(roller, purpose, -margin_pct, margin_pct, visible_to)


class SpyReport(msgspec.Struct, frozen=True):
    """What a spy reports: each figure perturbed, and the margin of error the reader may assume."""

    figures: dict[str, int]
    margin_pct: int


def draw_report(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    spy_level: int,
    truth: Mapping[str, int],
    visible_to: Viewers = (),
) -> SpyReport:
    """A spy report on `truth` (figure name -> true value), one recorded error draw per figure, in name order."""
    width = margin(pack, spy_level)
    figures = {
        name: perturb(truth[name], draw_error(roller, f"{purpose}:{name}", width, visible_to)) for name in sorted(truth)
    }
    return SpyReport(figures=figures, margin_pct=width)
