"""Army strength [004:40-98], exactly as C4 of the digest reads it, in exact fractions.

TODO(wt/kingsrules): `rules/` will hold the pure strength function of the content pack; this local adapter is the
game's until it lands. Strength of the type, modified by terrain (+1 race's type, +1 race's home terrain, +1 the
type's home terrain, then halved in adverse terrain; Illusory Terrain averages real and illusory), times the
modified quality, times the special factors, which multiply [004:98] (1.25 x 1.25 = 1.5625, not the text's 1.625).
Depleted and Sub-Depleted units multiply by 0; their "small intrinsic strength" is not given [004:53]: 0 here.
"""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.kingdoms import tables

DEFENCE = Fraction(5, 4)  # [004:59], [004:92]
NEMESIS = Fraction(2, 3)  # "2/3 normal" [004:49] (the summary's -33% is the same factor, rounded)
TACTICAL_PER_LEVEL = Fraction(1, 5)  # [004:57]: linear, +20% per level
PHANTASMAL_PER_LEVEL = Fraction(3, 20)  # [004:95]
EXPLORATION = Fraction(1, 4)  # up to +25% [004:59]


def terrain_strength(unit_type: str, race: str, terrain: str, *, defending: bool, elephant: int = 0) -> Fraction:
    kind = tables.UNIT_TYPES[unit_type]
    if unit_type == "WH" and terrain != "sea":
        return Fraction(0)  # [004:75]
    if unit_type == "GA":
        strength = 3 if defending else 1  # [004:40]
    elif unit_type == "EL":
        strength = elephant  # 2-5, drawn per battle [004:65]
    else:
        strength = kind.strength
    race_type, race_terrain = tables.RACES.get(race, (None, None))
    if race_type == unit_type:
        strength += 1
    if race_terrain == terrain:
        strength += 1
    if terrain in kind.home:
        strength += 1
    return Fraction(strength, 2) if terrain in kind.adverse else Fraction(strength)


def typed_strength(
    unit_type: str, race: str, terrain: str, *, defending: bool, elephant: int = 0, illusion: str | None = None
) -> Fraction:
    real = terrain_strength(unit_type, race, terrain, defending=defending, elephant=elephant)
    if illusion is None:
        return real
    shown = terrain_strength(unit_type, race, illusion, defending=defending, elephant=elephant)
    return (real + shown) / 2  # "effects of illusory and real terrain are averaged" [004:83]


def exploration_edge(own: int, enemy: int) -> Fraction:
    """The full 25% when the side explored 100% and the other 0%; between, in proportion (AMBIG 28)."""
    return EXPLORATION * Fraction(max(0, own - enemy), 100)


def special_factor(
    *,
    defending: bool,
    edge: Fraction = Fraction(0),
    tactical: int = 0,
    phantasmal: int = 0,
    nemesis: bool = False,
    events: tuple[Fraction, ...] = (),
) -> Fraction:
    factor = Fraction(1)
    if defending:
        factor *= DEFENCE
    factor *= 1 + edge
    factor *= 1 + TACTICAL_PER_LEVEL * tactical
    factor *= 1 + PHANTASMAL_PER_LEVEL * phantasmal
    if nemesis:
        factor *= NEMESIS
    for event in events:
        factor *= event
    return factor


def unit_strength(typed: Fraction, quality: int, factor: Fraction) -> Fraction:
    return typed * max(quality, 0) * factor
