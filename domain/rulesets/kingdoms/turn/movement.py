"""Movement: how far a character (alone or leading an army) goes in a turn, and distances on the map.

An army moves its slowest unit's Speed in provinces [004:38], plus its leader's March extra moves [004:226-234]. A
character without an army moves the scenario's `character_moves` (the movement chapter is lost: a documented
default)."""

from __future__ import annotations

from domain.rulesets.kingdoms.characters.druid import army_moves
from domain.rulesets.kingdoms.state import Army, Character, State


def moves_allowed(state: State, character: Character, army: Army | None) -> int:
    if army is None:
        return state.character_moves
    return army_moves(state.content, character, army)


def distance(state: State, start: str, goal: str) -> int | None:
    """Provinces between two provinces (0: the same), or None when no path joins them."""
    seen, frontier, steps = {start}, [start], 0
    while frontier:
        if goal in frontier:
            return steps
        steps += 1
        frontier = [n for p in frontier for n in state.provinces[p].adjacent if n not in seen and not seen.add(n)]  # type: ignore[func-returns-value]
    return None
