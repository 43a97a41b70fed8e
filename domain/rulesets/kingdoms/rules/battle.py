"""Battles beyond one unit's strength: the battle line, fanaticism, elephants, random events, nemesis picks, the
result, escape by speed, and what happens after the turn (Werebeast bites, Trolls regenerating).

Readings (the text is silent; kingdoms.md C5, C8):
- Battle line length: drawn uniformly within the terrain's range [004:102-112] (content `battle.battle_line` may
  fix it at the low or high end instead). Each column holds one front-line unit per side.
- Fanaticism is drawn once per army (unit) per battle: the kingdom's alignment chance [004:63]; a unit of a race
  its leader's alignment always makes fanatical (Skeletal under an Undead character) is fanatical without a draw.
- Random events [004:61]: the first affects the whole battle (one side's whole force), later ones one column of
  one side; the side is an even draw, the event a weighted draw from the content table (content
  `battle.random_events` says how many; default: always a first event, then 25% per column).
- Nemesis [004:49]: a unit faces its nemesis when the enemy front-line unit of its column is one, or when it
  stands behind the front line and an enemy air unit flying over it is one; when several enemy units are
  eligible, one of them is chosen at random (an even draw) and it is that one the unit faces.
- Result: the side with the greater total strength wins; an exact tie holds for the defender (chosen: the
  attacker failed to take the province). The same comparison decides a column.
- Escape [004:38] "Speed also determines the chance of escape from a lost battle": the content formula
  (`battle.escape`, default 10% per point of speed + 10% per point above the winners' fastest unit, 0-90%).
  Whales that lose off the Sea retreat to a Sea hex without fail [004:75].
- Werebeasts [004:71]: a unit they defeat turns Werebeast with the type's chance (40%) after the turn, if its
  race is humanoid and its type is not immune (Fleets). Trolls [004:73] always regenerate, one quality step
  lower (never below Sub-Depleted), as mercenaries.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

import msgspec

from domain.rulesets.kingdoms.content.armies import ArmyType, Race
from domain.rulesets.kingdoms.content.fields import fraction
from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.rules.draws import (
    Roller,
    Viewers,
    clamp,
    draw_chance,
    draw_range,
    draw_weighted,
    pct,
)
from domain.rulesets.kingdoms.rules.strength import is_nemesis

Side = Literal["attacker", "defender"]
SIDES: tuple[Side, Side] = ("attacker", "defender")
LOWEST_QUALITY = -1


class BattleEvent(msgspec.Struct, frozen=True):
    """A drawn battle random event: `column` None for the whole battle (the first event)."""

    event: str
    text: str
    factor: Fraction
    side: Side
    column: int | None = None


def battle_line_length(
    pack: ContentPack, terrain: str, roller: Roller, purpose: str, visible_to: Viewers = None
) -> int:
    """How many armies stand in the front line of a battle in `terrain` [004:102-112]."""
    span = pack.terrain(terrain).battle_line
    mode = pack.battle.battle_line
    if mode == "low":
        return span.low
    if mode == "high":
        return span.high
    return draw_range(roller, purpose, span.low, span.high, visible_to)


def fanaticism_chance(
    pack: ContentPack, kingdom_alignment: str, race: str | None, leader_alignment: str | None
) -> Fraction:
    """[004:63] Divine 50%, Good 40%, Evil 25%; "A Skeletal army fighting under an Undead character ... will always
    be fanatical"."""
    if leader_alignment is not None and race is not None:
        if race in pack.alignment(leader_alignment).always_fanatical_races:
            return Fraction(1)
    return pct(pack.alignment(kingdom_alignment).fanaticism_pct)


def draw_fanaticism(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    kingdom_alignment: str,
    race: str | None,
    leader_alignment: str | None,
    visible_to: Viewers = None,
) -> bool:
    """Whether one army turns fanatical in this battle ("thus fighting at the next higher quality level")."""
    chance = fanaticism_chance(pack, kingdom_alignment, race, leader_alignment)
    return draw_chance(roller, purpose, chance, visible_to)


def draw_drawn_strength(roller: Roller, purpose: str, army: ArmyType, visible_to: Viewers = None) -> int | None:
    """The strength of a unit whose type has none fixed (Elephants 2-5 [004:65]); None for every other type."""
    if army.strength_roll is None:
        return None
    return draw_range(roller, purpose, army.strength_roll.low, army.strength_roll.high, visible_to)


def _draw_event(
    pack: ContentPack, roller: Roller, purpose: str, column: int | None, visible_to: Viewers
) -> BattleEvent:
    table = pack.random_events
    picked = table[draw_weighted(roller, f"{purpose}:event", [e.weight for e in table], visible_to)]
    side = SIDES[draw_range(roller, f"{purpose}:side", 1, 2, visible_to) - 1]
    return BattleEvent(event=picked.id, text=picked.text, factor=fraction(picked.factor), side=side, column=column)


def draw_random_events(
    pack: ContentPack, roller: Roller, purpose: str, columns: int, visible_to: Viewers = None
) -> list[BattleEvent]:
    """The battle's random events [004:61]: the first for the whole battle, then per column (module docstring)."""
    rule = pack.battle.random_events
    if not pack.random_events:
        return []
    events: list[BattleEvent] = []
    if draw_chance(roller, f"{purpose}:first", pct(rule.first_event_pct), visible_to):
        events.append(_draw_event(pack, roller, f"{purpose}:first", None, visible_to))
    for column in range(columns):
        where = f"{purpose}:column{column + 1}"
        if draw_chance(roller, where, pct(rule.column_event_pct), visible_to):
            events.append(_draw_event(pack, roller, where, column, visible_to))
    return events


def event_factors(events: Sequence[BattleEvent], side: Side, column: int | None) -> tuple[Fraction, ...]:
    """The event factors that touch a unit of `side` in `column` (None: behind the line, whole-battle events only)."""
    return tuple(
        e.factor for e in events if e.side == side and (e.column is None or (column is not None and e.column == column))
    )


def eligible_nemeses(target: ArmyType, facing: Sequence[ArmyType]) -> list[int]:
    """Which of the enemy units facing `target` (its column's front unit, or air units over it) are its nemesis."""
    return [i for i, enemy in enumerate(facing) if is_nemesis(target, enemy)]


def draw_nemesis(
    roller: Roller, purpose: str, target: ArmyType, facing: Sequence[ArmyType], visible_to: Viewers = None
) -> int | None:
    """The index in `facing` of the nemesis `target` fights, chosen at random among several [004:49]; or None."""
    eligible = eligible_nemeses(target, facing)
    if not eligible:
        return None
    return eligible[draw_range(roller, purpose, 1, len(eligible), visible_to) - 1]


def winner(attacker_strength: Fraction, defender_strength: Fraction) -> Side:
    """The side that wins a battle or a column: the stronger; a tie holds for the defender."""
    return "attacker" if attacker_strength > defender_strength else "defender"


def escape_chance(pack: ContentPack, army: ArmyType, terrain: str, winners_fastest_speed: int) -> Fraction:
    """The chance that a unit of a beaten side escapes [004:38] (content formula; Whales off the Sea: certain)."""
    if army.safe_retreat and terrain not in army.home_terrain:
        return Fraction(1)  # [004:75] "they can retreat into a Sea hex automatically without fear of being destroyed"
    rule = pack.battle.escape
    value = rule.per_speed_pct * army.speed + rule.per_speed_over_pursuer_pct * (army.speed - winners_fastest_speed)
    return clamp(pct(value), pct(rule.min_pct), pct(rule.max_pct))


def draw_escape(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    army: ArmyType,
    terrain: str,
    winners_fastest_speed: int,
    visible_to: Viewers = None,
) -> bool:
    return draw_chance(roller, purpose, escape_chance(pack, army, terrain, winners_fastest_speed), visible_to)


def bite_chance(biter: ArmyType, victim: ArmyType, victim_race: Race | None) -> Fraction:
    """[004:71] The chance that a unit beaten by `biter` turns Werebeast after the turn."""
    if not biter.bite_pct or victim.bite_immune or victim_race is None or not victim_race.humanoid:
        return Fraction(0)
    if victim.code == biter.code:
        return Fraction(0)
    return pct(biter.bite_pct)


def draw_bite(
    roller: Roller,
    purpose: str,
    biter: ArmyType,
    victim: ArmyType,
    victim_race: Race | None,
    visible_to: Viewers = None,
) -> bool:
    return draw_chance(roller, purpose, bite_chance(biter, victim, victim_race), visible_to)


class Regenerated(msgspec.Struct, frozen=True):
    """A unit that came back after dying: its new quality, and whether it left its owner as a mercenary."""

    quality: int
    mercenary: bool


def regenerate(army: ArmyType, quality: int) -> Regenerated | None:
    """[004:73] Trolls that die "regenerate ... reduced 1 step in quality ... they become mercenaries"."""
    if not army.regenerates:
        return None
    return Regenerated(quality=max(LOWEST_QUALITY, quality - 1), mercenary=True)
