"""Successor games: the game that follows a finished one (a campaign's next session, the next era).

The finished game's ruleset builds the next scenario from its final state (`Ruleset.carry_over`); the GM may
amend that document with a JSON merge patch (RFC 7386) before the new game is created from it. The new game
records `previous_game_id` in `GameCreated`; the finished game records `SuccessorOpened`, so the chain reads
both ways in each game's state.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.engine.errors import Rejected
from domain.engine.messages import SuccessorOpened
from domain.engine.ruleset import Ruleset
from domain.engine.state import GameState

MAX_PATCH_DEPTH = 64


def carried_setup(ruleset: Ruleset, state: GameState[Any], settings: Any) -> Any:
    """The next game's scenario, from `state` (the finished game now). Refuses what cannot have a successor."""
    if ruleset.carry_over is None:
        raise Rejected(
            "successor.not_supported",
            f"The ruleset {ruleset.id} carries nothing over to a next game; create a new game instead.",
        )
    if state.meta.status != "ended":
        raise Rejected(
            "successor.game_not_finished",
            "This game has not ended; a next game starts from a finished game's end (end it with EndGame first).",
            status=409,
        )
    return ruleset.carry_over(state.rules, settings)


def decide_successor_opened(state: GameState[Any], successor_id: str, name: str, now: datetime) -> list[Any]:
    if state.meta.status != "ended":
        raise Rejected("successor.game_not_finished", "This game has not ended.", status=409)
    return [SuccessorOpened(successor_id=successor_id, name=name, at=now)]


def merge_patch(target: Any, patch: Any, depth: int = 0) -> Any:
    """RFC 7386: objects merge key by key, `null` removes a key, anything else replaces."""
    if depth > MAX_PATCH_DEPTH:
        raise Rejected("successor.patch_too_deep", "The scenario patch nests too deeply.")
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = merge_patch(out.get(key), value, depth + 1)
    return out
