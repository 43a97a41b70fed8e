"""Shared checks for deciding commands: refusals, who the god is, reachability, abilities, goods."""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext, Rejected
from domain.rulesets.second_era import content
from domain.rulesets.second_era.state import State
from domain.rulesets.second_era.values import Resources


def reject(reason: str, message: str, status: int = 422) -> Rejected:
    return Rejected(f"second_era.{reason}", message, status=status)


def god_of(state: State, ctx: DecisionContext) -> str:
    god = ctx.actor.controls
    if god is None or god not in state.gods:
        raise reject("no_god", "Only a seat that controls a god may give orders.", status=403)
    return god


def reachable(state: State, origin: str, target: str) -> bool:
    """[002:6] another Land of the same Continent, or a connected Land in a different Continent."""
    here, there = state.lands[origin], state.lands[target]
    if origin == target:
        return False
    return here.continent == there.continent or target in here.connections


def check_new_ability(kind: str, have: Sequence[str], ability: str) -> None:
    """An ability may be taken again unless it says "only once"; Slaver/Sacrificial Priest and Devourer/Horror
    exclude each other ([002:95], [002:97], [002:118], [002:120])."""
    table = content.beings().hero.abilities if kind == "hero" else content.beings().monster.abilities
    if ability not in table:
        raise reject("unknown_ability", f"A {kind} ability is one of {sorted(table)}.")
    rule = table[ability]
    if rule.once and ability in have:
        raise reject("ability_once", f"{ability} can only be taken once.")
    clash = [c for c in rule.conflicts if c in have]
    if clash:
        raise reject("ability_conflict", f"{ability} conflicts with {clash[0]}; a {kind} cannot take both.")


def goods(table: dict[str, int]) -> Resources:
    if table.get("mana"):
        # [002:13] resources excluding mana.
        raise reject("no_mana_trade", "Mana cannot be traded; trade the other four resources and spells.")
    if any(v < 0 for v in table.values()):
        raise reject("bad_amount", "Trade amounts cannot be negative.")
    return Resources.of(table)


def own_holders(state: State, god: str) -> set[str]:
    """The god's tribe and monsters: who may hold the god's artefacts."""
    return {state.gods[god].tribe} | {m.id for m in state.monsters.values() if m.god == god}


def ruling_reason(reason: str) -> None:
    if not reason.strip():
        raise reject("reason_required", "A ruling needs a reason.")
