"""The Earth map of Era Centrum as state: squares, races, wars, the queue at the Window and the history log.

One race per square ([000:278] "bordering squares not already occupied by other races"): a square holds one
race's units and at most one city. Pantheon shares are exact `Fraction` percentages that always sum to 100
([000:66]); members are god ids and the two special members `DIABOLISM` and `ATHEISM` ([000:68]).
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import Literal

import msgspec

from domain.engine.bounds import Catalog, Delta, Name, Quantity, Rows
from domain.rulesets.gods2.kernel.earth_content import FractionText, Level, Modifiers, ModKind, ResistanceText, Terrain

DIABOLISM = "DIABOLISM"
ATHEISM = "ATHEISM"
SPECIAL_MEMBERS = frozenset({DIABOLISM, ATHEISM})

Stage = Literal["before", "activity", "calculation"]


# --- scenario ---------------------------------------------------------------------------------------------


class CitySetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Name
    great: bool = False


class SquareSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`neighbours`: adjacency, made symmetric when the map is loaded."""

    id: Name
    terrain: Terrain
    neighbours: Rows[Name]
    features: Rows[Name] = []
    race: Name | None = None
    units: Quantity = 0
    city: CitySetup | None = None
    name: Name = ""


class RaceSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base characteristics before attributes, knowledges, modifications, level and wealth ([000:37-45]).
    `pantheon`: member -> percentage as "n/d" text, summing to 100."""

    id: Name
    name: Name
    level: Level
    pantheon: Catalog[Name, FractionText]
    attributes: Rows[Name] = []
    knowledges: Rows[Name] = []
    aggression: Delta = 0
    military: Delta = 0
    diplomacy: Delta = 0
    wealth: Delta = 0
    movement: Quantity = 1  # [000:45] all races begin with Movement Range 1 and Sea-faring Range 0
    seafaring: Quantity = 0
    resistances: Rows[ResistanceText] = []
    in_turmoil: bool = False  # religious turmoil that began in an earlier session and has not ended ([000:82])


class EarthSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    squares: Rows[SquareSetup]
    races: Rows[RaceSetup]
    century: Quantity = 0  # the last century begun; 0: Era Centrum's first century has not started


# --- state ------------------------------------------------------------------------------------------------


class City(msgspec.Struct, frozen=True):
    name: str
    great: bool = False


class Square(msgspec.Struct, frozen=True):
    id: str
    terrain: Terrain
    neighbours: tuple[str, ...]
    features: tuple[str, ...] = ()
    race: str | None = None
    units: int = 0
    city: City | None = None
    name: str = ""


class Modification(msgspec.Struct, frozen=True):
    """A racial modification on a race ([000:172-184]): `active` once in effect (an Mc waits for the next
    century, an Mv/Mv+ for its trigger); `centuries_left` None lasts until its trigger or a ruling."""

    id: str
    power: str
    kinds: tuple[ModKind, ...]
    modifiers: Modifiers
    active: bool
    trigger: str | None = None
    centuries_left: int | None = None


class Race(msgspec.Struct, frozen=True):
    id: str
    name: str
    level: Level
    pantheon: dict[str, Fraction]
    attributes: tuple[str, ...] = ()
    knowledges: tuple[str, ...] = ()
    modifications: tuple[Modification, ...] = ()
    aggression: int = 0
    military: int = 0
    diplomacy: int = 0
    wealth: int = 0
    movement: int = 1
    seafaring: int = 0
    resistances: tuple[str, ...] = ()
    in_turmoil: bool = False
    turmoil_this_century: bool = False  # [000:82] turmoil at any time in the century: no worship
    starved: bool = False  # [000:107] +2 Aggression until the century ends
    migration: str | None = None  # a square the race migrates towards ([000:236])
    expeller: str | None = None  # a member chosen on a 5-6 turmoil roll, who must name whom to expel [000:90]
    lowered: dict[str, int] = {}  # terrain ('*': all) -> population levels lost until the century ends [000:151]


class War(msgspec.Struct, frozen=True):
    """A declared war ([000:251], [000:261]); `aggressive`: declared by the race's own Aggression roll."""

    id: str
    attacker: str
    defender: str
    aggressive: bool
    century: int
    averted: bool = False
    fought: bool = False
    instigator: str | None = None
    declared_at: datetime | None = None
    name: str = ""  # [000:124] major wars should be named


class PantheonOrder(msgspec.Struct, frozen=True):
    """A written pantheon change order ([000:78]) waiting for every god member's signature ([000:72])."""

    id: str
    race: str
    shares: dict[str, Fraction]
    signed: tuple[str, ...]


class CoCasting(msgspec.Struct, frozen=True):
    """A history power that several gods would cast together ([000:130]), waiting for every payer's signature:
    nothing is spent, and no god's card or number is used, until each has agreed."""

    id: str
    by: str
    power: str
    race: str | None
    squares: tuple[str, ...]
    payments: dict[str, int]
    text: str
    signed: bool
    agreed: tuple[str, ...]


class Ticket(msgspec.Struct, frozen=True):
    number: int
    holder: str


class HistoryEntry(msgspec.Struct, frozen=True):
    """One line of the history of the world ([000:122-124]); `author` None: unsigned (gods need not sign)."""

    century: int
    text: str
    names: dict[str, str] = {}
    author: str | None = None
    signed: bool = False


class Earth(msgspec.Struct, frozen=True):
    squares: dict[str, Square]
    races: dict[str, Race]
    century: int = 0
    stage: Stage = "before"
    wars: dict[str, War] = {}
    orders: dict[str, PantheonOrder] = {}
    queue: tuple[Ticket, ...] = ()
    next_ticket: int = 1
    serving: int | None = None  # the ticket number the referees are calling ([003:189-191])
    history: tuple[HistoryEntry, ...] = ()
    serial: int = 0
    war_order: tuple[str, ...] = ()  # [000:251] the order the referees fight this century's wars in
    creation: bool = False  # [000:218] a second period of Creation replaces this century
    deaths: dict[str, int] = {}  # the death worksheet: box -> units dead this century ([000:208])
    # combined history powers awaiting their payers' signatures
    co_castings: dict[str, CoCasting] = {}
    # owned ids of hidden things: `<kind>-<owner>` -> last number (domain.engine.ids)
    serials: dict[str, int] = {}
