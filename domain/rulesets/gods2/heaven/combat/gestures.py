"""The gesture table ([003:274], [003:348-352]; digest A4.7): rock, paper, scissors, trick, block and null.

- Rock beats scissors, scissors beat paper, paper beats rock; a tie does nothing ([003:348]).
- Trick beats rock, paper, scissors and another trick: two tricks hurt both ([003:350]).
- Block beats everything but deals no damage, except to null ([003:274], [003:350]).
- Null is beaten by everything ([003:274]); null against null is a tie (digest reading 15).
"""

from __future__ import annotations

from domain.rulesets.gods2.kernel.model import Gesture, Mutilation

_RPS_BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}

# [003:302-306] mutilations that forbid a gesture.
FORBIDDEN_BY: dict[Mutilation, Gesture] = {"lame": "rock", "lost_hand": "paper", "lost_eye": "scissors"}


def damage(a: Gesture, b: Gesture) -> tuple[int, int]:
    """Damage taken by (a, b) when one side shows `a` and the other `b`."""
    if a == b:
        return (1, 1) if a == "trick" else (0, 0)
    if a == "block":
        return (0, 1 if b == "null" else 0)
    if b == "block":
        return (1 if a == "null" else 0, 0)
    if a == "null":
        return (1, 0)
    if b == "null":
        return (0, 1)
    if a == "trick":
        return (0, 1)
    if b == "trick":
        return (1, 0)
    return (0, 1) if _RPS_BEATS[a] == b else (1, 0)
