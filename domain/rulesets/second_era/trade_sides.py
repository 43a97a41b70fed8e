"""The two sides of a trade: a god's tribe ([002:13]) or one of its monsters ([002:107]).

A side is what gives and receives: its stock (a tribe's stockpile or a monster's hoard), the spells it knows
and the id that holds its artefacts. Two tribes trade within one World; a monster trades with a tribe on its
own Land or a neighbouring one.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.rulesets.second_era.checks import reachable
from domain.rulesets.second_era.state import State
from domain.rulesets.second_era.values import Resources


@dataclass(frozen=True)
class Side:
    id: str  # the tribe or monster: the holder of its artefacts
    land: str
    stock: Resources
    spells: tuple[str, ...]
    is_monster: bool


def side_of(state: State, god: str, monster: str | None) -> Side | None:
    """The god's tribe, or its monster `monster`; None if that monster is not (or no longer) the god's, or the
    tribe is extinct."""
    if monster is None:
        tribe = state.tribe_of(god)
        if tribe.extinct:
            return None
        return Side(id=tribe.id, land=tribe.land, stock=tribe.stockpile, spells=tribe.spells, is_monster=False)
    found = state.monsters.get(monster)
    if found is None or found.god != god:
        return None
    return Side(id=found.id, land=found.land, stock=found.hoard, spells=found.spells, is_monster=True)


def within_reach(state: State, first: Side, second: Side) -> bool:
    """[002:13] two tribes in the same World; [002:107] a monster on the tribe's Land or a neighbouring one."""
    if first.is_monster or second.is_monster:
        return first.land == second.land or reachable(state, first.land, second.land)
    return state.lands[first.land].world == state.lands[second.land].world
