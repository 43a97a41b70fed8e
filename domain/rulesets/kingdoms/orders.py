"""The orders a kingdom gives its characters: one action per character a turn, sealed until the turn is
processed (C2). A new order for the same character replaces the last; `CancelOrder` clears it."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Name

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
Path = Annotated[list[Id], msgspec.Meta(min_length=1, max_length=12)]
Level = Annotated[int, msgspec.Meta(ge=0, le=5)]


class _Order(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    character: Id


class Move(_Order, frozen=True, tag="Move"):
    """Move along `path` (adjacent provinces), with the army the character leads if `with_army`."""

    path: Path
    with_army: bool = False


class Invade(_Order, frozen=True, tag="Invade"):
    """Lead the character's army along `path` and attack whatever hostile force holds its last province."""

    path: Path


class Pursue(_Order, frozen=True, tag="Pursue"):
    target: Id


class Trail(_Order, frozen=True, tag="Trail"):
    target: Id


class Explore(_Order, frozen=True, tag="Explore"):
    """Explore the province the character is in."""


class Search(_Order, frozen=True, tag="Search"):
    """Search the province the character is in (for monsters)."""


class Recruit(_Order, frozen=True, tag="Recruit"):
    """Ask to raise units in the character's province; the GM rules the cost (the recruitment chapter is lost)."""

    unit_type: Name
    race: Name = "human"
    count: Annotated[int, msgspec.Meta(ge=1, le=20)] = 1


class Hire(_Order, frozen=True, tag="Hire"):
    """Ask to hire a character; the GM rules who answers and the cost."""

    note: Annotated[str, msgspec.Meta(max_length=500)] = ""


class PickUpArmy(_Order, frozen=True, tag="PickUpArmy"):
    army: Id


class LeaveArmy(_Order, frozen=True, tag="LeaveArmy"):
    army: Id


class CastActionSpell(_Order, frozen=True, tag="CastActionSpell"):
    spell: Literal["phantasmal_armies", "illusory_terrain", "oratory", "resurrection", "bless", "necromantic_charm"]
    target: Id | None = None  # a province (illusory terrain: the terrain it shows)
    illusion: Literal["plain", "desert", "jungle", "forest", "mountain", "sea"] | None = None


class Spy(_Order, frozen=True, tag="Spy"):
    """Spy on another kingdom's forces in the character's province and on the kingdom's treasury and tax base."""

    target: Id


class NegotiateWithMonster(_Order, frozen=True, tag="NegotiateWithMonster"):
    monster: Id


Order = (
    Move | Invade | Pursue | Trail | Explore | Search | Recruit | Hire | PickUpArmy | LeaveArmy | CastActionSpell
    | Spy | NegotiateWithMonster
)  # fmt: skip
ORDER_TYPES = (
    Move, Invade, Pursue, Trail, Explore, Search, Recruit, Hire, PickUpArmy, LeaveArmy, CastActionSpell, Spy,
    NegotiateWithMonster,
)  # fmt: skip
ORDER_TAGS = frozenset(str(t.__struct_config__.tag) for t in ORDER_TYPES)
