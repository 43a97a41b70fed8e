"""Bounds on every number and string a client can send: the shared aliases commands, scenarios, settings and
rulings annotate their fields with.

They are `msgspec.Meta` constraints, so msgspec enforces them when a body is decoded (a 422 problem before any
rule runs) and the JSON Schemas served by `GET /v1/rulesets/{id}` and `commands/available` state them
(`minimum`, `maximum`, `minLength`, `maxLength`, `pattern`). Where the rules set no limit, numbers stay within
`MAX_SAFE` (2^53, the largest integer every JSON client reads exactly). A bound that depends on the state
("no more than you have") is checked by `decide`, with its own refusal code.
"""

from __future__ import annotations

import re
from typing import Annotated, TypeVar

import msgspec

T = TypeVar("T")

MAX_SAFE = 2**53
"""The largest magnitude of any number a client sends, where the rules set no smaller limit."""

MAX_ITEMS = 1_000
"""The longest list (or map) a command or ruling may carry."""

MAX_SCENARIO_ITEMS = 100_000
"""The longest list (or map) of a scenario document (maps, nations, provinces...)."""

Count = Annotated[int, msgspec.Meta(ge=1, le=MAX_SAFE, description="A count: at least 1.")]
"""How many of something the rules mean to act on: zero and negatives are refused."""

Quantity = Annotated[int, msgspec.Meta(ge=0, le=MAX_SAFE, description="An amount: 0 or more.")]
"""An amount that may be zero (a bid of nothing, an optional payment), never negative."""

Delta = Annotated[int, msgspec.Meta(ge=-MAX_SAFE, le=MAX_SAFE, description="A change, up or down.")]
"""A signed adjustment (GM rulings, MSP changes)."""

Index = Annotated[int, msgspec.Meta(ge=0, le=MAX_SAFE)]
"""A position or number naming a thing (a turn, an order number)."""

Reason = Annotated[str, msgspec.Meta(min_length=1, max_length=2_000, description="Why (recorded).")]
"""A required reason for a ruling or GM act: never empty."""

Note = Annotated[str, msgspec.Meta(max_length=2_000)]
"""An optional reason or short note."""

Name = Annotated[str, msgspec.Meta(max_length=200)]
"""An id or a name (of a seat, a land, a nation, a spell...)."""

Text = Annotated[str, msgspec.Meta(max_length=20_000)]
"""Free text: a free-form order, a printed news line."""

Many = Annotated[list[T], msgspec.Meta(max_length=MAX_ITEMS)]
"""A list in a command or ruling."""

_DECIMAL = r"[0-9]{1,15}(\.[0-9]{1,6}|/[1-9][0-9]{0,14})?"
SIGNED_DECIMAL = re.compile(f"-?{_DECIMAL}")
"""For strings a command checks by hand (`SIGNED_DECIMAL.fullmatch(text)`): the shape of `SignedDecimal`."""

Decimal = Annotated[
    str,
    msgspec.Meta(
        pattern=f"^{_DECIMAL}$",
        max_length=32,
        description="A number 0 or more, as a string: '12', '12.5' or an exact fraction '25/2'.",
        examples=["12.5"],
    ),
]
"""A non-negative decimal (or exact fraction) written as a string: at most 15 digits before the point."""

SignedDecimal = Annotated[
    str,
    msgspec.Meta(
        pattern=f"^-?{_DECIMAL}$",
        max_length=33,
        description="A number, as a string: '-3', '12.5' or an exact fraction '25/2'.",
        examples=["-2.5"],
    ),
]
"""A decimal (or exact fraction) that may be negative: a journal entry, a GM adjustment."""


def whole_number(text: str, low: int = 0, high: int = MAX_SAFE) -> int | None:
    """`text` as a whole number from `low` to `high` (ASCII digits only), or None."""
    if not (text.isascii() and text.isdigit()) or len(text) > 16:
        return None
    value = int(text)
    return value if low <= value <= high else None


K = TypeVar("K")
V = TypeVar("V")

Table = Annotated[dict[K, V], msgspec.Meta(max_length=MAX_ITEMS)]
"""A map in a command or ruling."""

Rows = Annotated[list[T], msgspec.Meta(max_length=MAX_SCENARIO_ITEMS)]
"""A list in a scenario document (lands, nations, provinces...)."""

Catalog = Annotated[dict[K, V], msgspec.Meta(max_length=MAX_SCENARIO_ITEMS)]
"""A map in a scenario document."""
