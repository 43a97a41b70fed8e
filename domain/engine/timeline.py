"""Rollback: `TimelineReverted(to_version)` makes the game continue from the state at `to_version`.

The state after the revert (at version `at`) is the state at `to_version`, except for what is not part of the
timeline: the dice epoch and its commitments (a seed revealed in the reverted range must never become live
again), every dice stream's next roll index (an (epoch, stream, index) is never used twice: a seat that read a
reverted roll learns nothing of the rolls to come, DESIGN.md §3), the private seeds revealed, and the list of
reverted ranges, which only grows. Everything else, the GM's pending dice included, returns to `to_version`.

Every version still has one state: a version inside a reverted range shows what actually happened then (for
audit), and versions after the revert continue the corrected timeline. `evolve` cannot apply a revert on its
own, because it needs the earlier state; `fold_with_reverts` and the projections do.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from domain.engine import game as engine
from domain.engine.errors import Rejected
from domain.engine.messages import RerollOrdered, TimelineReverted
from domain.engine.ruleset import DecisionContext, Ruleset
from domain.engine.state import GameState, RevertedRange


def decide_revert(
    state: GameState[Any], head: int, to_version: int, reason: str, ctx: DecisionContext, *, undoes_rolls: bool = False
) -> list[Any]:
    """Validate a rollback of a game at version `head` to `to_version` (already checked to be a command
    boundary on the current timeline by the caller, which can read the log, and says whether the reverted range
    holds rolls: then a `RerollOrdered` with the reason follows, since whatever is rolled again is new dice)."""
    if not ctx.actor.is_gm:
        raise Rejected("engine.forbidden", "Only the GM may roll a game back.", status=403)
    if not reason.strip():
        raise Rejected("rollback.reason_required", "Say why the game is rolled back; the reason is recorded.")
    if not 1 <= to_version < head:
        raise Rejected(
            "rollback.bad_version", f"Roll back to a version between 1 and {head - 1}, not {to_version}.", status=422
        )
    if in_reverted_range(state, to_version):
        raise Rejected(
            "rollback.reverted_version",
            f"Version {to_version} was itself reverted; roll back to a version on the current timeline.",
            status=409,
        )
    events: list[Any] = [TimelineReverted(to_version=to_version, reason=reason.strip(), by=ctx.actor.role)]
    if undoes_rolls:
        why = f"rollback to version {to_version} undid rolls; rolled again, they are new dice: {reason.strip()}"
        events.append(RerollOrdered(next_roll_index=state.meta.next_roll_index, reason=why))
    return events


def in_reverted_range(state: GameState[Any], version: int) -> RevertedRange | None:
    for reverted in state.meta.reverted:
        if reverted.first <= version <= reverted.last:
            return reverted
    return None


def revert(target: GameState[Any], before: GameState[Any], event: TimelineReverted, at: int) -> GameState[Any]:
    """The state at version `at`, where `event` reverted the game from `before` (at `at - 1`) to `target`."""
    reverted = RevertedRange(first=event.to_version + 1, last=at - 1, at=at, reason=event.reason, by=event.by)
    old, new = before.meta, target.meta
    streams = {**new.stream_indices}
    for stream, index in old.stream_indices.items():
        streams[stream] = max(streams.get(stream, 0), index)
    meta = msgspec.structs.replace(
        new,
        dice_epoch=old.dice_epoch,
        dice_commitment=old.dice_commitment,
        private_commitment=old.private_commitment,
        private_revealed=old.private_revealed,
        next_roll_index=max(new.next_roll_index, old.next_roll_index),
        stream_indices=streams,
        reverted=(*old.reverted, reverted),
    )
    return msgspec.structs.replace(target, meta=meta)


def fold_with_reverts(ruleset: Ruleset, events: Iterable[tuple[int, Any]]) -> GameState[Any] | None:
    """The reference fold of a whole stream of (version, event), reverts included (keeps only revert targets)."""
    events = list(events)
    targets = {e.to_version for _, e in events if isinstance(e, TimelineReverted)}
    saved: dict[int, GameState[Any]] = {}
    state: GameState[Any] | None = None
    for version, event in events:
        if isinstance(event, TimelineReverted):
            if state is not None and event.to_version in saved:
                state = revert(saved[event.to_version], state, event, version)
        else:
            state = engine.evolve(ruleset, state, event)
        if version in targets and state is not None:
            saved[version] = state
    return state
