"""JSON hooks for exact fractions: a `Fraction` is written as the string "n/d" (or "n"), never a float.

Pure functions, shared by the storage codec and by the engine where it decodes embedded documents (a fork's
starting state).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec


def enc_hook(obj: Any) -> Any:
    if isinstance(obj, Fraction):
        return str(obj)
    raise NotImplementedError(f"cannot encode {type(obj).__name__}")


def dec_hook(kind: type, obj: Any) -> Any:
    if kind is Fraction:
        if isinstance(obj, int | str):
            try:
                return Fraction(obj)
            except (ValueError, ZeroDivisionError):
                pass
        raise msgspec.ValidationError(f"expected a fraction like '3/4', got {obj!r}")
    raise NotImplementedError(f"cannot decode {kind!r}")
