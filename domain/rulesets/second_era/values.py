"""Small value types shared by commands, events and state: the five resources and spell effects."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Name

RESOURCE_NAMES: tuple[str, ...] = ("food", "production", "gold", "luxuries", "mana")
ResourceName = Literal["food", "production", "gold", "luxuries", "mana"]
Nature = Literal["terrestrial", "subterranean", "aerial"]

# An exact amount before rounding; stored as the string "n/d" (events/codec.py), documented as such.
ExactAmount = Annotated[Fraction, msgspec.Meta(extra_json_schema={"type": "string", "pattern": "^-?[0-9]+(/[0-9]+)?$"})]


class Resources(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The five resources of [002:17-22]."""

    food: int = 0
    production: int = 0
    gold: int = 0
    luxuries: int = 0
    mana: int = 0

    @staticmethod
    def of(table: dict[str, int]) -> Resources:
        return Resources(**table)

    def get(self, name: str) -> int:
        value: int = getattr(self, name)
        return value

    def as_dict(self) -> dict[str, int]:
        return {name: self.get(name) for name in RESOURCE_NAMES}

    def plus(self, other: Resources) -> Resources:
        return Resources(**{n: self.get(n) + other.get(n) for n in RESOURCE_NAMES})

    def minus(self, other: Resources) -> Resources:
        return Resources(**{n: self.get(n) - other.get(n) for n in RESOURCE_NAMES})

    def times(self, k: int) -> Resources:
        return Resources(**{n: self.get(n) * k for n in RESOURCE_NAMES})

    def covers(self, cost: Resources) -> bool:
        return all(self.get(n) >= cost.get(n) for n in RESOURCE_NAMES)

    def total(self) -> int:
        return sum(self.get(n) for n in RESOURCE_NAMES)

    def is_zero(self) -> bool:
        return all(self.get(n) == 0 for n in RESOURCE_NAMES)


ZERO = Resources()


class Fauna(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Name
    kind: Name
    tier: Annotated[int, msgspec.Meta(ge=1, le=4)]  # [002:29-35] fauna of tiers 1 to 4
    sphere: Name = ""


# [002:62] a spell costs its effects' level squared times their base cost, every turn: a level past 2^26 would
# cost more mana than any number a client can send (2^53), so no such spell can be cast.
SpellLevel = Annotated[int, msgspec.Meta(ge=1, le=2**26)]


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One effect of a spell design. `reverse` makes it a Curse of that effect [002:72]; transmutation names
    the resource it consumes (`source`) and the one it yields (`target`) [002:71]."""

    effect: Name
    level: SpellLevel = 1
    reverse: bool = False
    source: ResourceName | None = None
    target: ResourceName | None = None
