"""The state of a Second Era game: the map, gods, tribes, heroes, monsters, spells, structures and orders.

Stockpiles are whole numbers: fractions arise only inside a harvest and are rounded down before they are
stored ([002:36]). Everything here is a frozen msgspec Struct; `evolve` replaces, never mutates.
"""

from __future__ import annotations

import msgspec

from domain.rulesets.second_era.commands import Order
from domain.rulesets.second_era.era_values import Edifice, FirstEraAct
from domain.rulesets.second_era.settings import Settings
from domain.rulesets.second_era.values import ZERO, Effect, Fauna, Nature, Resources


class Land(msgspec.Struct, frozen=True):
    id: str
    name: str
    continent: str
    world: str
    element: str
    habitat: str
    fauna: tuple[Fauna, ...]
    connections: tuple[str, ...]


class God(msgspec.Struct, frozen=True):
    id: str
    name: str
    spheres: tuple[str, ...]
    mana: int
    tribe: str


class Tribe(msgspec.Struct, frozen=True):
    id: str
    god: str
    name: str
    land: str
    start_land: str
    clans: dict[str, int]
    stockpile: Resources = ZERO
    spells: tuple[str, ...] = ()
    cast: tuple[str, ...] | None = None  # continuous spells ordered by the god; None: the tribe chooses [002:61]
    active: tuple[str, ...] = ()  # continuous spells cast and paid this turn
    curse_orders: dict[str, str] = {}  # curse spell -> target tribe, cast each turn
    cursing: tuple[tuple[str, str], ...] = ()  # (curse spell, target tribe) cast and paid this turn
    retreat: str | None = None  # where it would rather be driven, if beaten [002:7]
    champion: str | None = None  # the hero to gain the level of a victory [002:58]
    extinct: bool = False  # a GM ruling: the tribe is gone (DeclareTribeExtinct); it holds no Land

    def clan_count(self) -> int:
        return sum(self.clans.values())

    def n(self, role: str) -> int:
        return self.clans.get(role, 0)


class Hero(msgspec.Struct, frozen=True):
    id: str
    tribe: str
    name: str
    level: int
    abilities: tuple[str, ...]
    unchosen: int = 0  # levels won in battle whose ability the god has not chosen yet [002:84-85]


class Monster(msgspec.Struct, frozen=True):
    id: str
    god: str
    sphere: str
    name: str
    land: str
    level: int
    hp: int
    max_hp: int
    abilities: tuple[str, ...]
    hoard: Resources = ZERO  # its Hoard [002:102], mana included: its own mana store [002:104]
    born_turn: int = 0
    unchosen: int = 0  # levels won in battle whose ability the god has not chosen yet [002:100-101]
    spells: tuple[str, ...] = ()  # [002:104] monsters learn and cast spells as tribes do
    active: tuple[str, ...] = ()  # continuous spells cast from its mana store this turn
    cast: tuple[str, ...] | None = None  # continuous spells ordered by its god; None: it chooses
    curse_orders: dict[str, str] = {}  # curse spell -> target tribe, cast each turn [002:72] [002:104]
    cursing: tuple[tuple[str, str], ...] = ()  # (curse spell, target tribe) cast and paid this turn


class Spell(msgspec.Struct, frozen=True):
    id: str
    god: str
    name: str
    effects: tuple[Effect, ...]


class Artefact(msgspec.Struct, frozen=True):
    id: str
    god: str
    name: str
    holder: str  # a tribe or monster id
    effects: tuple[Effect, ...]
    creation_cost: int


class Structure(msgspec.Struct, frozen=True):
    id: str
    kind: str
    land: str
    tribe: str
    built_turn: int


class Raze(msgspec.Struct, frozen=True):
    """A raze under way [002:14]: the raider's sealed bid is paid; the owner may counter-bid next turn."""

    id: str
    god: str
    tribe: str
    structure: str
    bid: int
    turn: int
    counter_bid: int | None = None


class HostileTravel(msgspec.Struct, frozen=True):
    """A Travel spell cast on a rival tribe [002:69]: the caster's sealed bid is paid; the target may resist
    with a counter-bid next turn."""

    id: str
    god: str
    tribe: str
    target: str
    to_land: str
    bid: int
    turn: int
    counter_bid: int | None = None
    monster: str | None = None  # the caster, when a monster cast it (its bid came from its mana store)


class Trade(msgspec.Struct, frozen=True):
    """[002:13] a trade between two gods' tribes: resources (never mana) and spell knowledge each way.

    An offer stands until the turn resolves; accepted, it is carried out then, and a standing agreement is
    carried out again every turn until either side ends it."""

    id: str
    offered_by: str
    offered_to: str
    give: Resources
    receive: Resources
    give_spells: tuple[str, ...] = ()
    receive_spells: tuple[str, ...] = ()
    give_artefacts: tuple[str, ...] = ()
    receive_artefacts: tuple[str, ...] = ()
    standing: bool = False
    accepted: bool = False
    from_monster: str | None = None  # [002:107] the offering side is this monster, not its god's tribe
    to_monster: str | None = None  # the receiving side is this monster, not its god's tribe


class QueuedOrder(msgspec.Struct, frozen=True):
    """A sealed order: `order` is the command as the god gave it."""

    order_no: int
    order: Order


class State(msgspec.Struct, frozen=True):
    nature: Nature
    lands: dict[str, Land]
    gods: dict[str, God]
    tribes: dict[str, Tribe]
    settings: Settings
    heroes: dict[str, Hero] = {}
    monsters: dict[str, Monster] = {}
    spells: dict[str, Spell] = {}
    artefacts: dict[str, Artefact] = {}
    structures: dict[str, Structure] = {}
    orders: dict[str, tuple[QueuedOrder, ...]] = {}
    next_id: int = 1  # the old game-wide counter; new ids are owned ids (domain.engine.ids)
    serials: dict[str, int] = {}  # `<kind>-<owner>` -> the last number of that owner's things of that kind
    turn: int = 1
    # Lands where an edifice's five parts stood at the end of the last turn: land -> (kind, tribe) [002:125]
    pending_edifices: dict[str, tuple[str, str]] = {}
    razes: dict[str, Raze] = {}
    travels: dict[str, HostileTravel] = {}
    trades: dict[str, Trade] = {}
    winner: str | None = None
    # Edifices carried from the previous era [002:123], by Land; and the First-Era acts with their costs [002:5].
    edifices: dict[str, Edifice] = {}
    first_era_acts: dict[str, FirstEraAct] = {}
    won: tuple[Edifice, ...] = ()  # the edifices that won this Era (what the next era starts with)
    title: str = ""

    def tribe_of(self, god: str) -> Tribe:
        return self.tribes[self.gods[god].tribe]

    def tribe_on(self, land: str) -> Tribe | None:
        for tribe in self.tribes.values():
            if tribe.land == land and not tribe.extinct:
                return tribe
        return None

    def heroes_of(self, tribe: str) -> list[Hero]:
        return [h for h in self.heroes.values() if h.tribe == tribe]
