"""One battle's strength [004:40-98]: the battle line, fanaticism, elephants, nemesis, quality modifiers, special
factors and random events, for two sides already drawn up. Pure: the draws come in as arguments.

The battle line holds `line` columns a side (the terrain's range [004:102-112]): a side's front-line units in
order fill columns 1..line; the rest, and every unit placed behind, fight behind the line. A unit on the front line
facing its nemesis in the same column fights at 2/3; a unit behind the line is at 2/3 when an enemy air unit of its
nemesis type flies over it [004:49].
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.kingdoms import tables
from domain.rulesets.kingdoms.armies.strength import exploration_edge, special_factor, typed_strength, unit_strength
from domain.rulesets.kingdoms.state import Unit


class Placed(msgspec.Struct, frozen=True):
    unit: Unit
    army: str
    column: int | None  # 1..line on the front line, None behind


class Side(msgspec.Struct, frozen=True):
    kingdom: str | None
    defending: bool
    placed: tuple[Placed, ...]
    explored: int = 0
    home: bool = False  # the battle is in the starting home province of the side's King [004:55]
    fanatical: frozenset[str] = frozenset()  # armies
    tactical: dict[str, int] = {}  # army -> its leader's Tactical (Naval at sea) level
    shortfall: dict[str, int] = {}  # army -> Druid levels its leader lacks
    oratory: bool = False
    phantasmal: int = 0
    events: tuple[tuple[Fraction, int | None], ...] = ()  # (factor, column or None for the whole side)


def draw_up(armies: list[tuple[str, tuple[Unit, ...], tuple[Unit, ...]]], line: int) -> tuple[Placed, ...]:
    placed: list[Placed] = []
    column = 0
    for army, front, _ in armies:
        for unit in front:
            column += 1
            placed.append(Placed(unit, army, column if column <= line else None))
    placed.extend(Placed(unit, army, None) for army, _, behind in armies for unit in behind)
    return tuple(placed)


def faces_nemesis(me: Placed, enemy: Side) -> bool:
    nemesis = tables.UNIT_TYPES[me.unit.type].nemesis
    if me.column is not None:
        return any(p.column == me.column and p.unit.type in nemesis for p in enemy.placed)
    return any(tables.UNIT_TYPES[p.unit.type].air and p.unit.type in nemesis for p in enemy.placed)


def quality(me: Placed, side: Side, terrain: str) -> int:
    q = me.unit.quality
    if terrain == "desert" and not any(p.unit.type == "CC" for p in side.placed):
        q -= 1  # no camel supply train [004:69]
    q -= min(side.shortfall.get(me.army, 0), 1)  # "-?" [004:86]: the default penalty is one level
    q += 1 if side.home else 0
    q += 1 if me.army in side.fanatical else 0
    q += 1 if side.oratory else 0
    return q


def strength_of(
    me: Placed, side: Side, enemy: Side, terrain: str, elephants: dict[str, int], illusion: str | None
) -> Fraction:
    typed = typed_strength(
        me.unit.type,
        me.unit.race,
        terrain,
        defending=side.defending,
        elephant=elephants.get(me.unit.id, 0),
        illusion=illusion,
    )
    factor = special_factor(
        defending=side.defending,
        edge=exploration_edge(side.explored, enemy.explored),
        tactical=side.tactical.get(me.army, 0),
        phantasmal=side.phantasmal,
        nemesis=faces_nemesis(me, enemy),
        events=tuple(f for f, column in side.events if column is None or column == me.column),
    )
    return unit_strength(typed, quality(me, side, terrain), factor)


def side_strength(side: Side, enemy: Side, terrain: str, elephants: dict[str, int], illusion: str | None) -> Fraction:
    return sum((strength_of(p, side, enemy, terrain, elephants, illusion) for p in side.placed), Fraction(0))
