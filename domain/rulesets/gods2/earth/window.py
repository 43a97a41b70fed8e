"""The Window on the World: the take-a-number queue ([003:185-191]) and the history of the world ([000:122-124])."""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth.commands import CallTicket, RecordHistory, TakeQueueTicket
from domain.rulesets.gods2.earth.common import at_window, earth_of
from domain.rulesets.gods2.earth.events import HistoryRecorded, TicketCalled, TicketTaken
from domain.rulesets.gods2.kernel.common import me, reject
from domain.rulesets.gods2.kernel.model import State


def decide_take_ticket(state: State, command: TakeQueueTicket, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    c = at_window(state, ctx, "take a number")
    if any(t.holder == c.id for t in earth.queue):
        raise reject("has_ticket", "You hold a number already: one each, and they cannot be traded [003:189].")
    return [TicketTaken(number=earth.next_ticket, holder=c.id)]


def decide_call_ticket(state: State, command: CallTicket, ctx: DecisionContext) -> Sequence[object]:
    """The referees call the lowest waiting number; with `skip_current` the number being served did not come
    forward and loses its turn ([003:191])."""
    earth = earth_of(state)
    skipped = earth.serving if command.skip_current else None
    if command.skip_current and skipped is None:
        raise reject("nobody_called", "No number is being served.")
    waiting = sorted(t.number for t in earth.queue if t.number != earth.serving)
    return [TicketCalled(number=waiting[0] if waiting else None, skipped=skipped)]


def decide_record_history(state: State, command: RecordHistory, ctx: DecisionContext) -> Sequence[object]:
    """Any god or referee writes what happened and where; gods need not sign ([000:122]), but the GMs always
    know who wrote (`author`, hidden from others unless signed)."""
    earth = earth_of(state)
    if not command.text.strip():
        raise reject("empty_history", "Write what happened and where.")
    author = None if ctx.actor.is_gm and ctx.actor.controls is None else me(state, ctx).id
    return [
        HistoryRecorded(
            century=earth.century, text=command.text, names=dict(command.names), author=author, signed=command.signed
        )
    ]
