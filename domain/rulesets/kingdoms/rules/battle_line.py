"""A whole battle's strengths: who faces whom along the battle line, every unit's strength, the sides' totals and
the winner, from values already drawn (fanaticism, elephants, events: see `battle`).

Readings ([004:49], kingdoms.md C4):
- Each side's front line holds at most `line_length` units, one per column (0-based); the rest stand behind it.
- A front-line unit faces the enemy front-line unit of its column. A front-line unit whose column has no enemy
  front-line unit outflanks: it faces the enemy units behind the line, as do the enemy's air units ("an air
  unit flying against a unit behind the front line").
- A unit fights at 2/3 when one of the enemy units facing it is its nemesis; when several are, one is chosen at
  random (`nemesis_draws` names the roll per unit; the outcome for the unit's strength is the same, the draw says
  which enemy unit it was, for the report).
- Column events touch front-line units of their column; units behind the line feel whole-battle events only.
- Desert without camels is per side (appendix #30); the side `defender` defends the province.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import msgspec

from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.rules.battle import BattleEvent, Side, event_factors, winner
from domain.rulesets.kingdoms.rules.draws import Roller, Viewers, draw_range
from domain.rulesets.kingdoms.rules.strength import (
    QualityModifiers,
    SpecialFactors,
    Strength,
    lacks_camels,
    unit_strength,
)
from domain.rulesets.kingdoms.rules.strength import is_nemesis as _is_nemesis


class Combatant(msgspec.Struct, frozen=True, kw_only=True):
    """One unit in a battle, with the values already drawn or known for it."""

    id: str
    side: Side
    code: str
    race: str | None = None
    quality: int = 1
    column: int | None = None  # None: behind the front line
    home_province: bool = False
    fanatical: bool = False
    drawn_strength: int | None = None
    druid_shortfall: int = 0
    item_bonus: int = 0


class SideSetup(msgspec.Struct, frozen=True, kw_only=True):
    """What one side brings to the battle as a whole."""

    explored_pct: int = 0
    command_level: int = 0
    phantasmal_level: int = 0
    spell_bonus: int = 0
    illusory_terrain: str | None = None
    demoralized_pct: int = 0  # `combat.draw_duel_entry`: a duellist who fled or refused


class BattleStrengths(msgspec.Struct, frozen=True):
    units: dict[str, Strength]
    nemesis_of: dict[str, str]
    totals: dict[str, Fraction]
    winner: Side


def _other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


def facing(pack: ContentPack, unit: Combatant, units: Sequence[Combatant]) -> list[Combatant]:
    """The enemy units facing `unit` (module docstring)."""
    enemies = [u for u in units if u.side == _other(unit.side)]
    if unit.column is not None:
        return [e for e in enemies if e.column == unit.column]
    own_columns = {u.column for u in units if u.side == unit.side and u.column is not None}
    outflanking = [e for e in enemies if e.column is not None and e.column not in own_columns]
    return outflanking + [e for e in enemies if pack.army_type(e.code).air and e not in outflanking]


def nemesis_candidates(pack: ContentPack, unit: Combatant, units: Sequence[Combatant]) -> list[Combatant]:
    army = pack.army_type(unit.code)
    return [e for e in facing(pack, unit, units) if _is_nemesis(army, pack.army_type(e.code))]


def draw_nemeses(
    pack: ContentPack, roller: Roller, purpose: str, units: Sequence[Combatant], visible_to: Viewers = None
) -> dict[str, str]:
    """unit id -> the id of the nemesis it faces, one draw `<purpose>:<unit id>` where several are eligible."""
    chosen: dict[str, str] = {}
    for unit in units:
        eligible = nemesis_candidates(pack, unit, units)
        if eligible:
            pick = draw_range(roller, f"{purpose}:{unit.id}", 1, len(eligible), visible_to)
            chosen[unit.id] = eligible[pick - 1].id
    return chosen


def battle_strengths(
    pack: ContentPack,
    terrain: str,
    units: Sequence[Combatant],
    sides: Mapping[Side, SideSetup],
    *,
    events: Sequence[BattleEvent] = (),
    nemesis_of: Mapping[str, str] | None = None,
    defending: bool = True,
) -> BattleStrengths:
    """Every unit's strength, the sides' totals and the winner. `nemesis_of` is `draw_nemeses`' result (computed
    without a draw, taking the first eligible, when omitted: only which enemy is named can differ). `defending`
    False: nobody defends the province (two invaders meet), so no side has the defense factor or Garrison 3."""
    if nemesis_of is None:
        nemesis_of = {}
        for unit in units:
            eligible = nemesis_candidates(pack, unit, units)
            if eligible:
                nemesis_of[unit.id] = eligible[0].id
    strengths: dict[str, Strength] = {}
    totals: dict[str, Fraction] = {"attacker": Fraction(0), "defender": Fraction(0)}
    for unit in units:
        own, enemy = sides.get(unit.side, SideSetup()), sides.get(_other(unit.side), SideSetup())
        codes = [u.code for u in units if u.side == unit.side]
        mods = QualityModifiers(
            desert_without_camels=lacks_camels(pack, terrain, codes),
            druid_shortfall=unit.druid_shortfall,
            home_province=unit.home_province,
            fanatical=unit.fanatical,
            spell_bonus=own.spell_bonus,
            item_bonus=unit.item_bonus,
        )
        factors = SpecialFactors(
            defending=defending and unit.side == "defender",
            own_explored_pct=own.explored_pct,
            enemy_explored_pct=enemy.explored_pct,
            command_level=own.command_level,
            phantasmal_level=own.phantasmal_level,
            nemesis=unit.id in nemesis_of,
            random_events=event_factors(events, unit.side, unit.column),
            demoralized_pct=own.demoralized_pct,
        )
        strength = unit_strength(
            pack,
            pack.army_type(unit.code),
            pack.race(unit.race) if unit.race is not None else None,
            unit.quality,
            terrain,
            mods=mods,
            factors=factors,
            drawn=unit.drawn_strength,
            illusory=own.illusory_terrain,
        )
        strengths[unit.id] = strength
        totals[unit.side] += strength.total
    return BattleStrengths(
        units=strengths,
        nemesis_of=dict(nemesis_of),
        totals=totals,
        winner=winner(totals["attacker"], totals["defender"]),
    )
