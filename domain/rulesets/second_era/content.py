"""The rules that are data: clans, lands and fauna, spells, acts and structures, heroes and monsters.

Each table is a versioned JSON file in `content/`, validated by msgspec when the package is imported.
Fractions are written as strings ("1/2") in the files and parsed to `Fraction` here, so no float ever enters.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Literal, TypeVar

import msgspec

from domain.rulesets.second_era.values import RESOURCE_NAMES

Nature = Literal["terrestrial", "subterranean", "aerial"]
T = TypeVar("T")


class _Content(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# --- clans.json ------------------------------------------------------------------------------------------


class ClanRole(_Content, frozen=True):
    upkeep: dict[str, int]
    produces: dict[str, int] = {}
    harvests: Literal["fauna", "element"] | None = None
    bonus_line: Literal["farming", "mining", "crafting"] | None = None
    war_score: int = 0
    spell_slots: int = 0


class Clans(_Content, frozen=True):
    version: int
    start_clans: int
    roles: dict[str, ClanRole]
    # Which clans fall first when a tribe loses clans; the text does not say ([002:55-57]). Chosen reading:
    # the War Clans who fought, then the clans that add least to the tribe, then the rest.
    loss_order: list[str]


# --- lands.json ------------------------------------------------------------------------------------------


class FarmingRule(_Content, frozen=True):
    """One line of [002:30-35]: each matching fauna on the Land yields this per Farmer Clan."""

    line: int
    tiers: list[int]
    yield_: dict[str, str] = msgspec.field(name="yield")
    kinds: list[str] | None = None
    exclude_kinds: list[str] = []

    def matches(self, kind: str, tier: int) -> bool:
        if tier not in self.tiers or kind in self.exclude_kinds:
            return False
        return self.kinds is None or kind in self.kinds


class HabitatRule(_Content, frozen=True):
    start: bool = False
    adaptation_slots: int = 0


class Lands(_Content, frozen=True):
    version: int
    elements: dict[str, dict[str, int]]
    fauna_kinds: list[str]
    farming: list[FarmingRule]
    habitats: dict[str, dict[Nature, HabitatRule]]


# --- magic.json ------------------------------------------------------------------------------------------


class EffectRule(_Content, frozen=True):
    base: int
    line: int
    instant: bool = False
    hostile: bool = False
    curse: bool = False
    scaling: Literal["squared", "linear"] = "squared"


class Transmutation(_Content, frozen=True):
    consumes: int
    produces: int


class Magic(_Content, frozen=True):
    version: int
    effects: dict[str, EffectRule]
    bonus_per_level: dict[str, str]
    counterspell_multiplier: int
    adaptation_mana_per_clan_per_slot: int
    transmutation: Transmutation
    sacrifice_mana: int


# --- acts.json -------------------------------------------------------------------------------------------


class StructureRule(_Content, frozen=True):
    cost: dict[str, int]
    bonus: dict[str, str]
    edifice: str
    line: int


class Acts(_Content, frozen=True):
    version: int
    actions_per_turn: int
    grow_tribe: dict[str, int]
    fertility_reduction_per_level: int
    spawn_monster_mana: int
    birth_hero_mana: int
    teach_spell_mana: int
    artefact_cost_multiplier: int
    artefact_refund: str
    raze_refund: str
    loot_max_resources: int
    heroes_killed_at_clan_losses: int
    structures: dict[str, StructureRule]
    parts_per_edifice: int


# --- beings.json -----------------------------------------------------------------------------------------


class Ability(_Content, frozen=True):
    line: int
    cost: dict[str, int] = {}
    percent: dict[str, str] = {}
    flat: dict[str, int] = {}
    once: bool = False
    conflicts: list[str] = []
    per_clan_killed: dict[str, int] = {}  # on-kill rewards when the holder's side beats a tribe
    per_monster_level_killed: dict[str, int] = {}  # ... and when it kills a monster, per monster level


class HeroRules(_Content, frozen=True):
    start_level: int
    arm_cost: dict[str, int]
    upkeep_luxuries_per_level: int
    abilities: dict[str, Ability]


class MonsterRules(_Content, frozen=True):
    start_level: int
    start_abilities: int
    hp: int
    might: int
    food_per_level: int
    feed_cost: dict[str, int]
    rest_cost: dict[str, int]
    abilities: dict[str, Ability]


class Beings(_Content, frozen=True):
    version: int
    hero: HeroRules
    monster: MonsterRules


# --- loading ---------------------------------------------------------------------------------------------


def _load(name: str, kind: type[T]) -> T:
    raw = resources.files("domain.rulesets.second_era").joinpath("content", name).read_bytes()
    return msgspec.json.decode(raw, type=kind)


def frac(text: str) -> Fraction:
    """A fraction written in a content file ("1/2")."""
    return Fraction(text)


def _check_resources(where: str, table: dict[str, int] | dict[str, str]) -> None:
    unknown = set(table) - set(RESOURCE_NAMES)
    if unknown:
        raise ValueError(f"{where}: unknown resources {sorted(unknown)}")


@cache
def clans() -> Clans:
    table = _load("clans.json", Clans)
    if sorted(table.loss_order) != sorted(table.roles):
        raise ValueError("clans.loss_order must name every role once")
    for name, role in table.roles.items():
        _check_resources(f"clans.{name}", role.upkeep)
        _check_resources(f"clans.{name}", role.produces)
    return table


@cache
def lands() -> Lands:
    table = _load("lands.json", Lands)
    for name, yields in table.elements.items():
        _check_resources(f"lands.elements.{name}", yields)
    for rule in table.farming:
        _check_resources(f"lands.farming[{rule.line}]", rule.yield_)
    return table


@cache
def magic() -> Magic:
    return _load("magic.json", Magic)


@cache
def acts() -> Acts:
    table = _load("acts.json", Acts)
    for name, rule in table.structures.items():
        _check_resources(f"acts.structures.{name}", rule.cost)
        _check_resources(f"acts.structures.{name}", rule.bonus)
    return table


@cache
def beings() -> Beings:
    table = _load("beings.json", Beings)
    for kind, abilities in (("hero", table.hero.abilities), ("monster", table.monster.abilities)):
        for name, ability in abilities.items():
            for part in (ability.cost, ability.per_clan_killed, ability.per_monster_level_killed):
                _check_resources(f"beings.{kind}.{name}", part)
            unknown = set(ability.conflicts) - set(abilities)
            if unknown:
                raise ValueError(f"beings.{kind}.{name}: conflicts with unknown {sorted(unknown)}")
    return table


def load_all() -> None:
    """Validate every content file (called once when the ruleset is built)."""
    clans(), lands(), magic(), acts(), beings()
