"""Ids of hidden things, counted per owner and kind.

A game-wide counter would let a seat read another seat's hidden activity off the gaps between the ids it sees
(a spell taught in secret makes the next public hero `hero-8` instead of `hero-7`). An owned id,
`<kind>-<owner>-<n>`, counts only that owner's things of that kind: it tells others nothing they cannot learn
from the owner's own things that become visible to them. Ids stay deterministic (the domain is pure); the
counters live in the ruleset's state and are advanced by `evolve` from the ids in the events themselves, so
old events with game-wide ids fold unchanged.
"""

from __future__ import annotations


def owned_id(serials: dict[str, int], kind: str, owner: str, offset: int = 0) -> str:
    """The next id of `owner`'s `kind`; `offset` for the later ones made by the same decision."""
    key = f"{kind}-{owner}"
    return f"{key}-{serials.get(key, 0) + offset + 1}"


def counted(serials: dict[str, int], entity_id: str) -> dict[str, int]:
    """`serials` once `entity_id` exists: its `<kind>-<owner>` counter is at least its number."""
    key, _, number = entity_id.rpartition("-")
    if not key or not number.isdigit():
        return serials
    return {**serials, key: max(serials.get(key, 0), int(number))}
