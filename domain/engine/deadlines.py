"""Deadlines, pauses and late orders: the engine decisions that move or stop a game's clock."""

from datetime import UTC, datetime, timedelta
from typing import Any

from domain.engine.actors import Actor
from domain.engine.errors import Rejected
from domain.engine.messages import (
    AcceptLateOrders,
    DeadlineChanged,
    ExtendDeadline,
    GamePaused,
    GameResumed,
    LateOrdersAccepted,
    PauseGame,
    ResumeGame,
    TimerScheduled,
)
from domain.engine.ruleset import DecisionContext
from domain.engine.state import GameMeta, GameState, require_not_ended, require_running

# # A pause stops the clock: seats' commands are refused, and the scheduler neither closes phases nor fires
# timers. On resume, the deadline, every pending timer and every late-order acceptance move later by the
# pause's length (whatever was set during the pause moves too: set an absolute deadline after resuming).
# After the deadline a seat's commands are refused, unless the GM accepted its late orders until a later time.


def aware(moment: datetime) -> datetime:
    """Deadlines are stored with a time zone; a naive one (never written by this engine) is read as UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def require_clock_running(state: GameState[Any]) -> None:
    if state.meta.paused_at is not None:
        raise Rejected("engine.paused", "The GM has paused the game; it continues when the GM resumes it.", status=409)


def phase_due_at(meta: GameMeta) -> datetime | None:
    """When the scheduler closes the current phase: its deadline, or the latest late-order acceptance after it."""
    if meta.deadline is None or meta.status != "running":
        return None
    return max([aware(meta.deadline), *(aware(u) for u in meta.late_orders.values())])


def late_accepted(meta: GameMeta, actor: Actor, now: datetime) -> bool:
    until = meta.late_orders.get(actor.seat_id or "")
    return until is not None and now < aware(until)


def decide_extend_deadline(state: GameState[Any], command: ExtendDeadline) -> list[Any]:
    require_running(state)
    meta = state.meta
    assert meta.phase is not None
    if meta.deadline is None:
        raise Rejected("engine.no_deadline", "The current phase has no deadline; set one with SetDeadline.", status=409)
    if command.by <= timedelta(0):
        raise Rejected("engine.bad_duration", "Extend by a positive duration, e.g. PT2H; SetDeadline moves it earlier.")
    try:
        deadline = aware(meta.deadline) + command.by
    except OverflowError:
        raise Rejected("engine.bad_duration", "That extension runs past the end of the calendar.") from None
    return [DeadlineChanged(turn=meta.turn, phase=meta.phase, deadline=deadline, reason=command.reason)]


def decide_pause(state: GameState[Any], command: PauseGame, ctx: DecisionContext) -> list[Any]:
    require_running(state)
    if state.meta.paused_at is not None:
        raise Rejected("engine.already_paused", "The game is already paused.", status=409)
    return [GamePaused(at=ctx.now, reason=command.reason)]


# A pause moves every accepted late-order time later; one this far off is "for good", and still leaves room.
LATEST_YEAR = 9000


def decide_resume(state: GameState[Any], command: ResumeGame, ctx: DecisionContext) -> list[Any]:
    require_not_ended(state)
    meta = state.meta
    if meta.paused_at is None:
        raise Rejected("engine.not_paused", "The game is not paused.", status=409)
    shift = max(ctx.now - aware(meta.paused_at), timedelta(0))
    events: list[Any] = [GameResumed(at=ctx.now, paused_seconds=shift.total_seconds(), reason=command.reason)]
    try:
        if meta.deadline is not None and meta.phase is not None:
            deadline = aware(meta.deadline) + shift
            events.append(
                DeadlineChanged(turn=meta.turn, phase=meta.phase, deadline=deadline, reason="moved by the pause")
            )
        for timer in sorted(meta.timers.values(), key=lambda t: (t.fire_at, t.timer_id)):
            fire_at = aware(timer.fire_at) + shift
            events.append(
                TimerScheduled(timer_id=timer.timer_id, fire_at=fire_at, purpose=timer.purpose, subject=timer.subject)
            )
        for until in meta.late_orders.values():
            aware(until) + shift  # `evolve` moves these too: it must not meet the end of the calendar
    except OverflowError:
        raise Rejected("engine.bad_deadline", "A deadline or timer would move past the end of the calendar.") from None
    return events


def decide_accept_late_orders(state: GameState[Any], command: AcceptLateOrders) -> list[Any]:
    require_running(state)
    meta = state.meta
    assert meta.phase is not None
    seat = meta.seats.get(command.seat_id)
    if seat is None or seat.role not in ("player", "bot"):
        raise Rejected("engine.unknown_seat", f"No player or bot seat {command.seat_id!r} in this game.")
    if not command.reason.strip():
        raise Rejected("ruling.reason_required", "Say why the late orders are accepted; the reason is recorded.")
    if command.until.tzinfo is None:
        raise Rejected("engine.bad_deadline", "Give `until` with its time zone, e.g. 2026-05-01T18:00:00Z.")
    if command.until.year > LATEST_YEAR:
        raise Rejected("engine.bad_deadline", f"Accept late orders until a date before the year {LATEST_YEAR + 1}.")
    return [
        LateOrdersAccepted(
            seat_id=command.seat_id, turn=meta.turn, phase=meta.phase, until=command.until, reason=command.reason
        )
    ]
