"""Resistances and vulnerabilities in the text's notation ([000:29-35]) and their effect on disasters.

`F-2` cuts fire deaths by 2, `W/2` halves water deaths, `A+1` adds one air death, `X-1` applies to every
elemental category, `I-inf` (or `I-∞`) is immunity; `W*2` doubles (a vulnerability "in reverse" [000:25]).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from math import ceil

import msgspec

_NOTATION = re.compile(r"^([FENWAIX])(?:([-+])([0-9]+|inf|∞)|([/*])([1-9][0-9]*))$")


class Resistance(msgspec.Struct, frozen=True):
    category: str  # F E N W A I, or X for all of them
    op: str  # "-", "+", "/", "*"
    value: int | None  # None: infinity

    @property
    def infinite(self) -> bool:
        return self.value is None

    @property
    def protects(self) -> bool:
        """A resistance (not a vulnerability) of either type ([000:27])."""
        return self.op in ("-", "/")


def parse(text: str) -> Resistance:
    m = _NOTATION.match(text.strip())
    if m is None:
        raise ValueError(f"not a resistance: {text!r} (write e.g. F-2, W/2, A+1, X-1, I-inf)")
    category, flat_op, flat, div_op, div = m.groups()
    if flat_op is not None:
        if flat in ("inf", "∞"):
            if flat_op == "+":
                raise ValueError(f"{text!r}: an infinite vulnerability has no meaning")
            return Resistance(category, flat_op, None)
        return Resistance(category, flat_op, int(flat))
    return Resistance(category, div_op, int(div))


def applicable(resistances: Iterable[Resistance], elements: frozenset[str]) -> list[Resistance]:
    """The resistances that apply to a power of these elemental categories. X applies to every elemental power;
    a power with no category is touched only by resistances "which work on all powers" ([000:140]), i.e. X;
    a non-elemental global power by none (`global_power` in `disaster_deaths`) ([000:168])."""
    return [r for r in resistances if r.category in elements or r.category == "X"]


def disaster_deaths(
    base: int, elements: frozenset[str], resistances: Iterable[Resistance], *, global_power: bool = False
) -> int:
    """A race's deaths from one disaster or elemental global power ([000:149]): first every multiplier and divider,
    then every flat change, on the race's whole loss; round up once; never below 0 (reading 8)."""
    if global_power and not elements:
        return base  # [000:168] non-elemental global powers ignore every resistance
    found = applicable(resistances, elements)
    if any(r.infinite for r in found):
        return 0
    deaths = Fraction(base)
    for r in found:
        if r.op == "/":
            deaths /= r.value or 1
        elif r.op == "*":
            deaths *= r.value or 1
    for r in found:
        if r.op == "-":
            deaths -= r.value or 0
        elif r.op == "+":
            deaths += r.value or 0
    return max(0, ceil(deaths))  # [000:149] round fractions up


def level_reduction(reduction: int, elements: frozenset[str], resistances: Iterable[Resistance]) -> int:
    """A disaster's reduction of population levels ([000:151]): any finite resistance of that type cuts it by one,
    an infinite one cancels it. Vulnerabilities do not change it (digest reading 9)."""
    found = [r for r in applicable(resistances, elements) if r.protects]
    if any(r.infinite for r in found):
        return 0
    return max(0, reduction - 1) if found else reduction
