"""One battle's sides drawn up for the strength rules of the content pack (`rules.battle_line`): the battle line,
each unit's quality modifiers and each side's special factors.

The battle line holds `line` columns a side (the terrain's range [004:102-112]): a side's front-line units in
order fill columns 1..line; the rest, and every unit placed behind, fight behind the line [004:49].
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.kingdoms.content import ContentPack
from domain.rulesets.kingdoms.rules.battle import BattleEvent
from domain.rulesets.kingdoms.rules.battle_line import BattleStrengths, Combatant, SideSetup, battle_strengths
from domain.rulesets.kingdoms.state import Unit


class Placed(msgspec.Struct, frozen=True):
    unit: Unit
    army: str
    column: int | None  # 1..line on the front line, None behind


class Side(msgspec.Struct, frozen=True):
    name: str  # "attacker" | "defender"
    kingdom: str | None
    placed: tuple[Placed, ...]
    explored: int = 0
    home: bool = False  # the battle is in the starting home province of the side's King [004:55]
    fanatical: frozenset[str] = frozenset()  # units
    command_level: int = 0  # the supreme commander's Tactical (Naval at sea) [004:57]
    shortfall: dict[str, int] = {}  # army -> Druid levels its leader lacks
    spell_bonus: int = 0  # Oratory [004:89]
    phantasmal: int = 0
    illusion: str | None = None
    events: tuple[tuple[Fraction, int | None], ...] = ()  # (factor, column or None for the whole side)

    @property
    def defending(self) -> bool:
        return self.name == "defender"


def draw_up(armies: list[tuple[str, tuple[Unit, ...], tuple[Unit, ...]]], line: int) -> tuple[Placed, ...]:
    placed: list[Placed] = []
    column = 0
    for army, front, _ in armies:
        for unit in front:
            column += 1
            placed.append(Placed(unit, army, column if column <= line else None))
    placed.extend(Placed(unit, army, None) for army, _, behind in armies for unit in behind)
    return tuple(placed)


def combatants(side: Side, elephants: dict[str, int]) -> list[Combatant]:
    return [
        Combatant(
            id=p.unit.id,
            side="defender" if side.defending else "attacker",
            code=p.unit.type,
            race=p.unit.race,
            quality=p.unit.quality,
            column=p.column,
            home_province=side.home,
            fanatical=p.unit.id in side.fanatical,
            drawn_strength=elephants.get(p.unit.id),
            druid_shortfall=side.shortfall.get(p.army, 0),
        )
        for p in side.placed
    ]


def _setup(side: Side) -> SideSetup:
    return SideSetup(
        explored_pct=side.explored,
        command_level=side.command_level,
        phantasmal_level=side.phantasmal,
        spell_bonus=side.spell_bonus,
        illusory_terrain=side.illusion,
    )


def strengths(
    pack: ContentPack,
    terrain: str,
    attack: Side,
    defend: Side,
    elephants: dict[str, int],
    nemesis_of: dict[str, str] | None = None,
) -> BattleStrengths:
    events = [
        BattleEvent("ruled", "a random event", factor, side.name, column)  # type: ignore[arg-type]
        for side in (attack, defend)
        for factor, column in side.events
    ]
    units = [*combatants(attack, elephants), *combatants(defend, elephants)]
    sides = {"attacker": _setup(attack), "defender": _setup(defend)}
    return battle_strengths(pack, terrain, units, sides, events=events, nemesis_of=nemesis_of)  # type: ignore[arg-type]
