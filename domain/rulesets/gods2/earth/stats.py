"""A race's characteristics as the rules derive them: effective population, Aggression, Military, Diplomacy,
Wealth, ranges, resistances and population limits ([000:15-45], [000:57-59], [000:100-110]).

Everything a race has (attributes, knowledges, modifications in effect, features of the squares it occupies,
its cities and its cultural level) adds to the base values of the scenario.
"""

from __future__ import annotations

from collections.abc import Iterator

from domain.rulesets.gods2.earth.resistances import Resistance, parse
from domain.rulesets.gods2.kernel.earth_content import EarthContent, Modifiers, Terrain
from domain.rulesets.gods2.kernel.earth_model import Earth, Race, Square

# [000:102-105] population limits by cultural level and base terrain.
LIMITS: dict[str, dict[Terrain, int]] = {
    "primitive": {"plains": 1, "forest": 1, "desert": 1, "mountains": 1, "ice": 1, "water": 0},
    "barbarian": {"plains": 3, "forest": 3, "desert": 2, "mountains": 1, "ice": 1, "water": 0},
    "civilized": {"plains": 5, "forest": 3, "desert": 3, "mountains": 2, "ice": 0, "water": 0},
}


def squares_of(earth: Earth, race_id: str) -> list[Square]:
    return [s for s in earth.squares.values() if s.race == race_id and s.units > 0]


def base_population(earth: Earth, race_id: str) -> int:
    """[000:15] the units on the map: used for growth."""
    return sum(s.units for s in squares_of(earth, race_id))


def cities(earth: Earth, race_id: str) -> tuple[int, int]:
    """(cities, great cities) the race holds."""
    held = [s.city for s in earth.squares.values() if s.race == race_id and s.city is not None]
    return sum(1 for c in held if not c.great), sum(1 for c in held if c.great)


def effective_population(earth: Earth, race_id: str) -> int:
    """[000:15] units plus 3 per city and 6 per great city: used for war and worship."""
    small, great = cities(earth, race_id)
    return base_population(earth, race_id) + 3 * small + 6 * great


def _modifiers(earth: Earth, race: Race, content: EarthContent) -> Iterator[Modifiers]:
    attributes = {a.id: a for a in content.attributes}
    knowledges = {k.id: k for k in content.knowledges}
    for a in race.attributes:
        if a in attributes:
            yield attributes[a].modifiers
    for k in race.knowledges:
        if k in knowledges:
            yield knowledges[k].modifiers
    for m in race.modifications:
        if m.active:
            yield m.modifiers


def _feature_sum(earth: Earth, race: Race, content: EarthContent, field: str) -> int:
    features = {f.id: f for f in content.features}
    return sum(
        int(getattr(features[f], field)) for s in squares_of(earth, race.id) for f in s.features if f in features
    )


def wealth(earth: Earth, race: Race, content: EarthContent) -> int:
    """[000:43] never below zero; [000:110] each city gives +1 (a great city works like a city [000:116])."""
    small, great = cities(earth, race.id)
    raw = race.wealth + sum(m.wealth for m in _modifiers(earth, race, content))
    raw += _feature_sum(earth, race, content, "wealth") + small + great
    return max(0, raw)


def military(earth: Earth, race: Race, content: EarthContent, role: str | None = None) -> int:
    """[000:39] plus one per full 3 Wealth ([000:43]); barbarians +1 ([000:59]); terrain features occupied;
    `role` ("attacker" or "defender") adds the modifiers that apply only to that side ([000:274])."""
    mods = list(_modifiers(earth, race, content))
    value = race.military + sum(m.military for m in mods)
    if role == "attacker":
        value += sum(m.attack_military for m in mods)
    elif role == "defender":
        value += sum(m.defence_military for m in mods)
    value += _feature_sum(earth, race, content, "military") + wealth(earth, race, content) // 3
    return value + (1 if race.level == "barbarian" else 0)


def diplomacy(earth: Earth, race: Race, content: EarthContent) -> int:
    """[000:41] plus one per full 3 Wealth ([000:43])."""
    value = race.diplomacy + sum(m.diplomacy for m in _modifiers(earth, race, content))
    return value + wealth(earth, race, content) // 3


def aggression(earth: Earth, race: Race, content: EarthContent) -> int:
    """[000:37]; barbarians +2 ([000:59]); +2 after starving, until the century ends ([000:107])."""
    value = race.aggression + sum(m.aggression for m in _modifiers(earth, race, content))
    return value + (2 if race.level == "barbarian" else 0) + (2 if race.starved else 0)


def movement(earth: Earth, race: Race, content: EarthContent) -> int:
    return max(0, race.movement + sum(m.movement for m in _modifiers(earth, race, content)))


def seafaring(earth: Earth, race: Race, content: EarthContent) -> int:
    return max(0, race.seafaring + sum(m.seafaring for m in _modifiers(earth, race, content)))


def growth_percent(earth: Earth, race: Race, content: EarthContent) -> int:
    """[000:236] 25%, "often modified by racial attributes or modifications"."""
    return 25 + sum(m.growth_percent for m in _modifiers(earth, race, content))


def resistances(earth: Earth, race: Race, content: EarthContent) -> list[Resistance]:
    """[000:25] from attributes, knowledges, modifications and cultural level; primitives have X-1 ([000:57])."""
    texts = [*race.resistances, *(r for m in _modifiers(earth, race, content) for r in m.resistances)]
    if race.level == "primitive":
        texts.append("X-1")
    return [parse(t) for t in texts]


def limit(earth: Earth, race: Race, square: Square, content: EarthContent) -> int:
    """[000:100-105] by terrain and cultural level, changed by features and knowledges; never below zero."""
    features = {f.id: f for f in content.features}
    value = LIMITS[race.level][square.terrain]
    value += sum(features[f].limit for f in square.features if f in features)
    value += sum(m.limits.get(square.terrain, 0) for m in _modifiers(earth, race, content))
    value -= race.lowered.get(square.terrain, 0) + race.lowered.get("*", 0)  # [000:151]
    return max(0, value)
