"""The world of a kingdoms game: kingdoms, provinces, characters, armies, monsters, the sealed orders of the turn,
and what each kingdom has learned (spy reports, battle reports) and what everyone has (news, offices)."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.kingdoms.content import ContentPack
from domain.rulesets.kingdoms.orders import Order
from domain.rulesets.kingdoms.rules.offices import Award


class Unit(msgspec.Struct, frozen=True):
    id: str
    type: str
    race: str | None
    quality: int  # -1 sub-depleted, 0 depleted, 1 green ... 5 elite, 6+ super-elite [004:53]
    bitten: bool = False  # turns into Werebeasts after the gameturn [004:71]


class Army(msgspec.Struct, frozen=True):
    id: str
    kingdom: str | None  # None: mercenaries (regenerated Trolls [004:73])
    province: str
    leader: str | None = None
    front: tuple[Unit, ...] = ()
    behind: tuple[Unit, ...] = ()

    @property
    def units(self) -> tuple[Unit, ...]:
        return (*self.front, *self.behind)


class Feature(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: str
    found_by: tuple[str, ...] = ()  # kingdoms that know it
    first: str | None = None  # the character who discovered it first (High Chancellor merit [004:278])


class MonsterState(msgspec.Struct, frozen=True):
    id: str
    kind: str
    hit_points: int
    hostile: bool = True


class Province(msgspec.Struct, frozen=True):
    id: str
    name: str
    terrain: str
    tax_base: int
    kingdom: str | None
    explored: dict[str, int]
    features: tuple[Feature, ...] = ()
    adjacent: tuple[str, ...] = ()
    monsters: tuple[MonsterState, ...] = ()


class Character(msgspec.Struct, frozen=True):
    id: str
    name: str
    kingdom: str
    location: str
    alignment: str
    temper: str
    hit_points: int
    abilities: dict[str, int]
    encounter_plan: tuple[str, ...] = ()
    refusal: int = 0
    items: tuple[str, ...] = ()
    is_king: bool = False
    alive: bool = True
    # the deeds the offices' merit lines count (battles, monsters, discoveries, spells); levels are counted at the end
    tallies: dict[str, int] = {}


class Kingdom(msgspec.Struct, frozen=True):
    id: str
    name: str
    alignment: str
    king: str
    home_province: str
    treasury: int = 0
    treaties: tuple[str, ...] = ()
    offers: tuple[str, ...] = ()  # kingdoms this one offered a treaty to this turn


class SpyReport(msgspec.Struct, frozen=True):
    turn: int
    spy: str
    province: str
    target: str
    margin: int
    figures: dict[str, int]
    noticed: bool


class Ruling(msgspec.Struct, frozen=True):
    """A battle random event the GM set for this turn's battle at `province` (the first scales a side, later ones
    a column)."""

    province: str
    kingdom: str
    factor: Fraction
    column: int | None
    reason: str


class State(msgspec.Struct, frozen=True):
    title: str
    turn: int
    kingdoms: dict[str, Kingdom]
    provinces: dict[str, Province]
    characters: dict[str, Character]
    armies: dict[str, Army]
    content: ContentPack  # pinned at the game's creation
    character_moves: int = 2
    orders: dict[str, Order] = {}  # character -> its sealed order of this turn
    druid_shortfall: dict[str, int] = {}  # army -> Druid levels its leader lacks [004:86]
    rulings: tuple[Ruling, ...] = ()
    spy_reports: dict[str, tuple[SpyReport, ...]] = {}
    reports: dict[str, tuple[str, ...]] = {}  # kingdom -> the lines of its last turn report
    news: tuple[str, ...] = ()  # the last turn's public news
    standings: tuple[Award, ...] = ()
    prizes: dict[str, int] = {}
    serials: dict[str, int] = {}
