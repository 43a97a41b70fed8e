"""The kingdoms content pack: every table of seed 004 as data, plus what a campaign adds.

A game pins the pack it started with (the scenario carries one, or the built-in default of `default.py`).
`validate` (in `validate.py`) checks the references between records; msgspec checks shapes and bounds.
Lookups here raise `KeyError` for an unknown id: a validated pack and a validated scenario never reach one.
"""

from __future__ import annotations

from typing import TypeVar

import msgspec

from domain.engine.bounds import Rows
from domain.rulesets.kingdoms.content.armies import (
    ArmyType,
    BattleRules,
    Quality,
    Race,
    RandomEvent,
    Terrain,
)
from domain.rulesets.kingdoms.content.fields import Id, Label, Pct, Small
from domain.rulesets.kingdoms.content.people import (
    Ability,
    Alignment,
    CombatRules,
    Druid,
    Experience,
    Item,
    March,
    Monster,
    Office,
    Spell,
    Spy,
    SpyRules,
    Temper,
)

R = TypeVar("R")
L = TypeVar("L", Spy, March)


class EncounterRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """[004:116] Random encounters: the terrain's chance applies to these actions, not to moving or pursuing
    with an army, and is divided by `own_kingdom_divisor` inside the character's own kingdom."""

    actions: Rows[Id] = msgspec.field(default_factory=lambda: ["move", "pursue", "trail", "explore", "search"])
    army_exempt: Rows[Id] = msgspec.field(default_factory=lambda: ["move", "pursue"])
    own_kingdom_divisor: Small = 2
    sea_feature_pct: Pct = 5


class ContentPack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A complete content pack. `id` and `version` are recorded with the game that uses it."""

    id: Id
    version: Small
    name: Label
    terrains: Rows[Terrain]
    races: Rows[Race]
    army_types: Rows[ArmyType]
    qualities: Rows[Quality]
    battle: BattleRules
    random_events: Rows[RandomEvent]
    abilities: Rows[Ability]
    alignments: Rows[Alignment]
    tempers: Rows[Temper]
    experience: Rows[Experience]
    march: Rows[March]
    druid: Rows[Druid]
    spy: Rows[Spy]
    spy_rules: SpyRules
    monsters: Rows[Monster]
    combat: CombatRules
    offices: Rows[Office]
    encounters: EncounterRules = EncounterRules()
    spells: Rows[Spell] = []
    items: Rows[Item] = []

    def quality_level(self, quality_id: str) -> int:
        """The level of a named quality (`green` -> 1, `sub_depleted` -> -1) [004:53]."""
        return _find(self.qualities, "id", quality_id).level

    def terrain(self, terrain_id: str) -> Terrain:
        return _find(self.terrains, "id", terrain_id)

    def race(self, race_id: str) -> Race:
        return _find(self.races, "id", race_id)

    def army_type(self, code: str) -> ArmyType:
        return _find(self.army_types, "code", code)

    def alignment(self, alignment_id: str) -> Alignment:
        return _find(self.alignments, "id", alignment_id)

    def temper(self, temper_id: str) -> Temper:
        return _find(self.tempers, "id", temper_id)

    def experience_for(self, action: str) -> Experience:
        return _find(self.experience, "action", action)

    def monster(self, monster_id: str) -> Monster:
        return _find(self.monsters, "id", monster_id)

    def office(self, office_id: str) -> Office:
        return _find(self.offices, "id", office_id)

    def spell(self, spell_id: str) -> Spell:
        return _find(self.spells, "id", spell_id)

    def item(self, item_id: str) -> Item:
        return _find(self.items, "id", item_id)

    def spy_row(self, level: int) -> Spy:
        """The spy table row of `level`; a level above the table reads its last row."""
        return _row(self.spy, level)

    def march_row(self, level: int) -> March:
        """The March table row of `level`; a level above the table reads its last row."""
        return _row(self.march, level)


def _find(rows: list[R], key: str, value: str) -> R:
    for row in rows:
        if getattr(row, key) == value:
            return row
    raise KeyError(f"{key} {value!r}")


def _row(rows: list[L], level: int) -> L:
    ordered = sorted(rows, key=lambda row: row.level)
    fitting = [row for row in ordered if row.level <= level]
    return fitting[-1] if fitting else ordered[0]
