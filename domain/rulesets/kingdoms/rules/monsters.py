"""Monsters [5.9]: negotiation that neutralises them, and what the Lord High Defender scores for them.

Readings:
- Negotiation is a TA tactic (talk) by a character whose Druid level can talk to the monster's kind [004:239-248];
  the chance is the content formula (`combat.negotiate_*`, default 20% + 15% per Druid level, at most 95%).
  A character who cannot talk to the monster cannot neutralise it by talking.
- The Lord High Defender [004:332-335], [004:369]: a hostile monster slain scores its total hit points; one
  neutralised by negotiation (or persuaded to stop raiding) half of them; fulfilling an agreement nothing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.content.people import Monster
from domain.rulesets.kingdoms.rules.characters import can_talk_to
from domain.rulesets.kingdoms.rules.draws import Roller, Viewers, draw_chance, pct

MonsterOutcome = Literal["slain", "neutralized", "agreement"]
DEFENDER_COUNTERS: dict[MonsterOutcome, str | None] = {
    "slain": "monster_hp_slain",
    "neutralized": "monster_hp_neutralized",
    "agreement": None,
}


def negotiation_chance(pack: ContentPack, druid_level: int, monster: Monster) -> Fraction:
    """The chance that talking neutralises the monster (0 if the character cannot talk to its kind)."""
    if not can_talk_to(pack, druid_level, monster.kind):
        return Fraction(0)
    rules = pack.combat
    value = min(rules.negotiate_max_pct, rules.negotiate_base_pct + rules.negotiate_per_level_pct * druid_level)
    return pct(value)


def draw_negotiation(
    pack: ContentPack, roller: Roller, purpose: str, druid_level: int, monster: Monster, visible_to: Viewers = None
) -> bool:
    return draw_chance(roller, purpose, negotiation_chance(pack, druid_level, monster), visible_to)


def defender_tally(monster: Monster, outcome: MonsterOutcome) -> tuple[str, int] | None:
    """The merit tally a monster adds for the Lord High Defender: (counter, hit points), or None (an agreement).
    The office's merit lines weigh the counters (slain x 1, neutralized x 1/2)."""
    counter = DEFENDER_COUNTERS[outcome]
    return None if counter is None else (counter, monster.hit_points)
