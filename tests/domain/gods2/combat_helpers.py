"""Helpers for combat tests: open a fight and play rounds."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from domain.engine import Actor
from domain.engine.messages import FireDueTimers
from domain.rulesets.gods2.heaven.commands import ChooseCombatPower, ChooseGesture, SneakAttack
from tests.domain.harness import Game


def sneak(g: Game, attacker: Actor, target: str) -> str:
    """Announce, let the five-second window pass, fire it: the combat's id."""
    g.when(SneakAttack(target=target), attacker)
    g.now += timedelta(seconds=5)
    g.when(FireDueTimers())
    return next(iter(g.rules.combats))


def play(g: Game, a: Actor, b: Actor, ga: str, gb: str, pa: str | None = None, pb: str | None = None) -> list[Any]:
    """One round: powers (sealed), then gestures (sealed). Returns the events of the last command."""
    g.when(ChooseCombatPower(power=pa), a)
    g.when(ChooseCombatPower(power=pb), b)
    g.when(ChooseGesture(gesture=ga), a)  # type: ignore[arg-type]
    return g.when(ChooseGesture(gesture=gb), b)  # type: ignore[arg-type]


def knock_down(g: Game, a: Actor, b: Actor, hits: int = 5) -> None:
    """`a` wins `hits` rounds of rock against scissors."""
    for _ in range(hits):
        play(g, a, b, "rock", "scissors")
