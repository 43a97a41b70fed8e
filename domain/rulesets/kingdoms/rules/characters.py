"""Characters: experience rolls [3.19], alignment aptitudes [2.3], March [4.12], Druid [4.32] and random
encounters [1.6].

Readings:
- Experience [004:119-137]: one roll per action taken (per tactic attempted in an encounter); success raises the
  ability one level, never above its maximum. "Tactical or Naval" reads Naval in a Sea province. "Related
  Magical Ability" is the ability of the spell cast.
- Aptitude [004:166]: "Their starting aptitude is doubled for these abilities, up to level 5"; an alignment's
  "+1 White Magic" / "+1 Necromancy" is added after the doubling, within the same cap.
- March [004:215-236]: an army moves as far as its slowest unit: each unit's speed plus the March extra moves
  for its speed (none for Eagles and Dragons); the army's moves are the least of these. Contingent unity: the
  chance uses the better March level of the two leaders (chosen), by their distance (same province, adjacent,
  farther).
- Druid [004:239-248]: the levels are cumulative; a unit needs the level listing its race and the level listing
  its type (the higher of the two); a race or type the table does not list needs no Druid level. A leader below
  the requirement may still lead, with the quality penalty of [004:86] (see `strength`).
- Encounters [004:116]: the terrain's chance for Move, Pursue, Trail, Explore and Search; none when moving or
  pursuing with an army; divided by 2 inside the character's own kingdom.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Literal

import msgspec

from domain.rulesets.kingdoms.content.armies import ArmyType
from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.rules.draws import Roller, Viewers, draw_chance, pct

Distance = Literal["same", "adjacent", "far"]


class Improvement(msgspec.Struct, frozen=True):
    """An experience roll's stake: `ability` improves with `chance`."""

    action: str
    ability: str
    chance: Fraction


def experience_stake(pack: ContentPack, action: str, *, at_sea: bool = False, magic: str | None = None) -> Improvement:
    """Which ability an action may improve, and the chance [004:119-137]."""
    row = pack.experience_for(action)
    ability = row.at_sea_ability if at_sea and row.at_sea_ability is not None else row.ability
    if row.related_magic:
        if magic is None:
            raise ValueError(f"{action} improves the related magical ability: name it")
        ability = magic
    if ability is None:
        raise ValueError(f"{action} names no ability")
    return Improvement(action=action, ability=ability, chance=pct(row.chance_pct))


def improved_level(pack: ContentPack, ability: str, level: int) -> int:
    """One level up, never above the ability's maximum."""
    cap = next((a.max_level for a in pack.abilities if a.id == ability), 5)
    return min(cap, level + 1)


def draw_experience(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    action: str,
    levels: Mapping[str, int],
    *,
    at_sea: bool = False,
    magic: str | None = None,
    visible_to: Viewers = None,
) -> tuple[str, int] | None:
    """The experience roll after an action: (ability, new level) when it improves, else None. An ability already at
    its maximum rolls nothing."""
    stake = experience_stake(pack, action, at_sea=at_sea, magic=magic)
    current = levels.get(stake.ability, 0)
    if improved_level(pack, stake.ability, current) == current:
        return None
    if not draw_chance(roller, purpose, stake.chance, visible_to):
        return None
    return stake.ability, current + 1


def starting_level(pack: ContentPack, alignment: str, ability: str, base: int) -> int:
    """[004:166] "Their starting aptitude is doubled for these abilities, up to level 5", plus the alignment's +1."""
    row = pack.alignment(alignment)
    cap = next((a.max_level for a in pack.abilities if a.id == ability), 5)
    level = min(cap, 2 * base) if ability in row.aptitudes else base
    return min(cap, level + row.ability_bonus.get(ability, 0))


def extra_moves(pack: ContentPack, march_level: int, army: ArmyType) -> int:
    """[004:226-234] Extra moves for a unit of this speed; "Eagles and Dragons are not affected by March ability"."""
    if army.march_immune:
        return 0
    row = pack.march_row(march_level)
    return row.extra_moves_slow if army.speed <= 2 else row.extra_moves_fast


def army_moves(pack: ContentPack, march_level: int, units: Iterable[ArmyType]) -> int:
    """How many provinces an army moves this turn [004:38]: the least of its units' speed plus extra moves."""
    return min(unit.speed + extra_moves(pack, march_level, unit) for unit in units)


def unify_chance(pack: ContentPack, march_levels: tuple[int, int], distance: Distance) -> Fraction:
    """[004:236] The chance that two invading leaders join together for the battle."""
    row = pack.march_row(max(march_levels))
    value = {"same": row.unify_same_pct, "adjacent": row.unify_adjacent_pct, "far": row.unify_far_pct}[distance]
    return pct(value)


def draw_unify(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    march_levels: tuple[int, int],
    distance: Distance,
    visible_to: Viewers = None,
) -> bool:
    return draw_chance(roller, purpose, unify_chance(pack, march_levels, distance), visible_to)


def druid_requirement(pack: ContentPack, race: str | None, code: str) -> int:
    """The Druid level a leader needs for a unit of this race and type [004:239-248] (0: anyone may lead it)."""
    needed = 0
    for row in pack.druid:
        if code in row.leads or (race is not None and race in row.leads):
            needed = max(needed, row.level)
    return needed


def druid_shortfall(pack: ContentPack, leader_druid: int, race: str | None, code: str) -> int:
    """How many Druid levels the leader lacks for this unit (0: the leader may lead it fully)."""
    return max(0, druid_requirement(pack, race, code) - leader_druid)


def can_talk_to(pack: ContentPack, druid_level: int, monster_kind: str) -> bool:
    """[004:239-248] "Can talk to...": cumulative by level; `all` at the top."""
    kinds = {kind for row in pack.druid if row.level <= druid_level for kind in row.talks_to}
    return "all" in kinds or monster_kind in kinds


def encounter_chance(
    pack: ContentPack, terrain: str, action: str, *, with_army: bool, in_own_kingdom: bool
) -> Fraction:
    """[004:116] The chance of a random monster encounter for this action."""
    rules = pack.encounters
    if action not in rules.actions or (with_army and action in rules.army_exempt):
        return Fraction(0)
    chance = pct(pack.terrain(terrain).encounter_pct)
    return chance / rules.own_kingdom_divisor if in_own_kingdom else chance


def draw_encounter(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    terrain: str,
    action: str,
    *,
    with_army: bool,
    in_own_kingdom: bool,
    visible_to: Viewers = None,
) -> bool:
    chance = encounter_chance(pack, terrain, action, with_army=with_army, in_own_kingdom=in_own_kingdom)
    return draw_chance(roller, purpose, chance, visible_to)
