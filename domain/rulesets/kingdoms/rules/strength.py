"""Army strength exactly as the summary of [004:77-98], in exact fractions (kingdoms.md C4).

    strength = terrain strength x quality multiplier x special factors

- Terrain strength [004:79-83]: the type's strength (Garrison 3 defending, 1 attacking [004:40]; Elephants a
  drawn 2-5 [004:65]), +1 as the race's favoured type, +1 in the race's home terrain, +1 in the type's home
  terrain, then halved in adverse terrain (the additions come first: "Halve" is the last line of the list).
  Whales off the Sea have zero strength [004:75]. Illusory Terrain [004:83]: the terrain strength for the real
  and for the illusory terrain, averaged (only the terrain strength: the spell is listed under it).
- Quality [004:84-90]: the unit's level, -1 without camels in a desert battle (per side, appendix #30), minus
  the Druid shortfall (content default: 1 per level short), +1 in the owning King's starting home province
  [004:55], +1 fanatical [004:63], + spells (Oratory +1) and magic items. The multiplier is the level; at
  Depleted (0) or below the unit keeps "a small intrinsic strength" [004:53]: a content fraction of the terrain
  strength (defaults 1/10, and 1/20 below Depleted).
- Special factors [004:91-98], multiplied, never added: defending x 1.25; exploration up to x 1.25 (25% x
  max(0, own % - enemy %)/100, appendix #28: the full 25% when one side explored 100% and the other 0%);
  Tactical (Naval in a Sea province) x (1 + 0.2 x level), linear (appendix #29); Phantasmal Armies x (1 + 0.15 x
  caster level); nemesis x 2/3 (exactly: the summary's "-33%" is the 2/3 of [004:49]); each random event's
  factor. [004:98] prints 1.25 x 1.25 as "1.625": an erratum, the product is 1.5625 (appendix #35).
- Battle duels [004:193]: "the 25% demoralization" of a side whose duellist flees or refuses (without a
  successful bluff) is read as one more special factor, x (1 - 25%) (the duel rules are missing: C8).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

import msgspec

from domain.rulesets.kingdoms.content.armies import ArmyType, Race
from domain.rulesets.kingdoms.content.fields import fraction
from domain.rulesets.kingdoms.content.pack import ContentPack

DESERT = "desert"
SEA = "sea"


class QualityModifiers(msgspec.Struct, frozen=True, kw_only=True):
    """What changes a unit's quality level in one battle ([004:84-90])."""

    desert_without_camels: bool = False
    druid_shortfall: int = 0
    home_province: bool = False
    fanatical: bool = False
    spell_bonus: int = 0
    item_bonus: int = 0


class SpecialFactors(msgspec.Struct, frozen=True, kw_only=True):
    """What multiplies a unit's strength in one battle ([004:91-97])."""

    defending: bool = False
    own_explored_pct: int = 0
    enemy_explored_pct: int = 0
    command_level: int = 0
    phantasmal_level: int = 0
    nemesis: bool = False
    random_events: tuple[Fraction, ...] = ()
    demoralized_pct: int = 0


class Strength(msgspec.Struct, frozen=True):
    """One unit's strength and how it was reached (for battle reports)."""

    terrain_strength: Fraction
    quality: int
    multiplier: Fraction
    factor: Fraction
    total: Fraction


def base_strength(army: ArmyType, *, defending: bool, drawn: int | None = None) -> int:
    """The table strength: Garrisons 3 defending and 1 attacking [004:40]; Elephants the drawn 2-5 [004:65]."""
    if army.strength_roll is not None:
        if drawn is None or not army.strength_roll.low <= drawn <= army.strength_roll.high:
            raise ValueError(f"{army.code} needs a drawn strength in {army.strength_roll}")
        return drawn
    if army.attacking_strength is not None and not defending:
        return army.attacking_strength
    return army.strength


def terrain_strength(
    army: ArmyType,
    race: Race | None,
    terrain: str,
    *,
    defending: bool,
    drawn: int | None = None,
    illusory: str | None = None,
) -> Fraction:
    """The strength of the army type modified by terrain [004:79-83] (see the module docstring)."""
    if illusory is not None and illusory != terrain:
        real = terrain_strength(army, race, terrain, defending=defending, drawn=drawn)
        seen = terrain_strength(army, race, illusory, defending=defending, drawn=drawn)
        return (real + seen) / 2
    if army.zero_strength_off_home and terrain not in army.home_terrain:
        return Fraction(0)  # [004:75] Whales: zero strength in any terrain other than Sea.
    strength = Fraction(base_strength(army, defending=defending, drawn=drawn))
    if race is not None:
        if army.code in race.type_bonus:
            strength += race.bonus  # [004:42-45] "+1 when fighting as Bowmen"
        if terrain in race.home_terrain:
            strength += race.bonus  # "+1 in Forest"
    if terrain in army.home_terrain:
        strength += 1  # [004:47] "+1 modifier to its basic strength"
    if terrain in army.adverse_terrain:
        strength /= 2  # [004:47] "halved in adverse terrain"
    return strength


def effective_quality(pack: ContentPack, quality: int, mods: QualityModifiers) -> int:
    """The modified unit quality [004:84-90]."""
    rules = pack.battle
    level = quality
    if mods.desert_without_camels:
        level += rules.no_camels_quality
    level -= mods.druid_shortfall * rules.druid_shortfall_quality_per_level
    if mods.home_province:
        level += rules.home_province_quality
    if mods.fanatical:
        level += rules.fanatic_quality
    return level + mods.spell_bonus + mods.item_bonus


def quality_multiplier(pack: ContentPack, level: int) -> Fraction:
    """The quality level as a multiplier; Depleted and below keep their intrinsic strength [004:53]."""
    if level >= 1:
        return Fraction(level)
    if level == 0:
        return fraction(pack.battle.intrinsic_fraction)
    return fraction(pack.battle.sub_depleted_intrinsic_fraction)


def exploration_edge(own_pct: int, enemy_pct: int) -> Fraction:
    """The share (0 to 1) of the exploration bonus a side earns [004:59] (appendix #28)."""
    return Fraction(max(0, own_pct - enemy_pct), 100)


def special_factor(pack: ContentPack, factors: SpecialFactors) -> Fraction:
    """The special factors of [004:91-97], multiplied [004:98]."""
    rules = pack.battle
    product = Fraction(1)
    if factors.defending:
        product *= 1 + Fraction(rules.defense_pct, 100)
    product *= 1 + Fraction(rules.exploration_pct, 100) * exploration_edge(
        factors.own_explored_pct, factors.enemy_explored_pct
    )
    product *= 1 + Fraction(rules.tactical_pct_per_level * factors.command_level, 100)
    product *= 1 + Fraction(rules.phantasmal_pct_per_level * factors.phantasmal_level, 100)
    if factors.nemesis:
        product *= fraction(rules.nemesis_factor)
    for event in factors.random_events:
        product *= event
    return product * (1 - Fraction(factors.demoralized_pct, 100))


def unit_strength(
    pack: ContentPack,
    army: ArmyType,
    race: Race | None,
    quality: int,
    terrain: str,
    *,
    mods: QualityModifiers,
    factors: SpecialFactors,
    drawn: int | None = None,
    illusory: str | None = None,
) -> Strength:
    """One unit's strength in one battle, with its breakdown."""
    base = terrain_strength(army, race, terrain, defending=factors.defending, drawn=drawn, illusory=illusory)
    level = effective_quality(pack, quality, mods)
    multiplier = quality_multiplier(pack, level)
    factor = special_factor(pack, factors)
    return Strength(
        terrain_strength=base, quality=level, multiplier=multiplier, factor=factor, total=base * multiplier * factor
    )


def command_level(terrain: str, tactical: int, naval: int) -> int:
    """The commander's level that counts: Tactical, or Naval in a Sea province [004:57], [004:94]."""
    return naval if terrain == SEA else tactical


def side_has_camels(pack: ContentPack, codes: Iterable[str]) -> bool:
    """[004:69] "In a desert battle, one camel unit should be present": does this side have one?"""
    return any(pack.army_type(code).desert_supply for code in codes)


def lacks_camels(pack: ContentPack, terrain: str, codes: Sequence[str]) -> bool:
    """Whether a side fights in the desert without camels (its quality drops by 1, per side: appendix #30)."""
    return terrain == DESERT and not side_has_camels(pack, codes)


def is_nemesis(army: ArmyType, opponent: ArmyType) -> bool:
    """Whether `opponent` is `army`'s nemesis [004:49]: named by code or by a group it belongs to (beasts)."""
    return opponent.code in army.nemesis or any(group in army.nemesis for group in opponent.groups)
