"""Who fights: the primitives the attack, round, end and demesne modules share (no decisions here)."""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.gods2.kernel.common import me, reject
from domain.rulesets.gods2.kernel.model import Character, Combat, Fighter, State

ATTACK_WINDOW = "attack_window"


def fighter_ready(state: State, c: Character, locale: str) -> bool:
    return c.life == "alive" and not c.void_dead and c.combat is None and c.locale == locale and not c.out_of_game


def my_fight(state: State, ctx: DecisionContext) -> tuple[Character, Combat, Fighter]:
    """The acting character, its combat, and the side it plays: its own, or a demesne it coordinates."""
    c = me(state, ctx)
    combat = state.combats.get(c.combat or "")
    if combat is not None:
        return c, combat, combat.side(c.id)
    for combat in state.combats.values():
        if combat.coordinator == c.id:
            return c, combat, combat.defender  # [003:316] you use the demesne's statistics, not your own
    raise reject("not_in_combat", f"{c.name} is not in combat.")
