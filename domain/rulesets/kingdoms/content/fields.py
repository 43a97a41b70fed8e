"""Field types shared by the kingdoms content records: ids, percentages, levels and exact fractions as text.

A content pack is a document a GM may write by hand, so every number is bounded here and every fraction is a
string such as "2/3" (parsed to `Fraction` by `fraction`), never a float.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import msgspec

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")]
"""A record's id: letters, digits, underscores and hyphens (`plain`, `HC`, `lord_high_defender`)."""

Label = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
"""A record's display name."""

Pct = Annotated[int, msgspec.Meta(ge=0, le=100, description="A percentage, 0 to 100.")]
"""A chance or a share in whole percent."""

SignedPct = Annotated[int, msgspec.Meta(ge=-100, le=100, description="A percentage change, -100 to 100.")]
"""A percentage modifier (to hit, to flee)."""

Level = Annotated[int, msgspec.Meta(ge=0, le=20, description="An ability or table level, 0 to 20.")]
"""An ability level: the tables run 0 to 4 or 5; campaigns may go higher."""

QualityLevel = Annotated[int, msgspec.Meta(ge=-1, le=20, description="-1 Sub-Depleted, 0 Depleted ... 5 Elite, 6+.")]
"""A unit quality: -1 Sub-Depleted, 0 Depleted, 1 Green ... 5 Elite, 6 and up Super-Elite ([004:53])."""

Small = Annotated[int, msgspec.Meta(ge=0, le=1_000, description="A small whole number, 0 to 1000.")]
"""Strengths, speeds, pay, hit points, dice faces."""

SmallDelta = Annotated[int, msgspec.Meta(ge=-100, le=100, description="A small change, -100 to 100.")]
"""A level or point adjustment (quality -1, merit -1)."""

FractionText = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^-?[0-9]{1,9}(/[1-9][0-9]{0,8})?$",
        max_length=20,
        description="An exact number as text: '2', '-1' or '2/3'.",
        examples=["2/3"],
    ),
]
"""An exact fraction written as text; `fraction` parses it."""


def fraction(text: str) -> Fraction:
    """The exact value of a `FractionText` ("2/3" -> Fraction(2, 3))."""
    return Fraction(text)
