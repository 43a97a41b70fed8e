"""Orders by mail: a GM enters a command on behalf of a seat, with where it came from ("mail received 12:03").

The command is decided as that seat's own (its validation, its deadline, its late-order acceptance), and recorded
with the seat's id and role, the GM's token id, and an actor naming both: `gm:<token id> for <seat id>: <source>`.
The audit shows that actor; the GM and that seat see `entered_by` on the events it caused."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.engine import Actor, GameState
from domain.engine.state import Seat
from server.problems import ApiError

SOURCE_MAX = 200
_SOURCE = re.compile(r"^[^\x00-\x1f\x7f]{1,200}$")
_ENTERED = re.compile(r"^(?P<by>\S+) for (?P<seat>\S+): (?P<source>.+)$", re.DOTALL)


@dataclass(frozen=True)
class OnBehalf:
    seat_id: str
    source: str | None


def on_behalf_actor(
    caller: Actor, state: GameState[Any], request: OnBehalf, as_seat: Callable[[Seat, str | None], Actor]
) -> Actor:
    """The actor a GM's command on behalf of a seat is decided and recorded as. `as_seat(seat, token_id)` builds
    the seat's own actor."""
    if not caller.is_gm:
        raise ApiError("auth.forbidden", "Only the GM may enter a command on behalf of a seat (On-Behalf-Of).", 403)
    if request.source is None or not _SOURCE.match(request.source.strip() or "\x00"):
        raise ApiError(
            "command.order_source_required",
            f"Say where the order came from in Order-Source (1 to {SOURCE_MAX} characters, no control characters), "
            "e.g. `Order-Source: mail received 12:03`.",
            422,
        )
    seat: Seat | None = state.meta.seats.get(request.seat_id)
    if seat is None:
        raise ApiError(
            "command.unknown_seat", f"This game has no seat {request.seat_id!r}: see GET /v1/games/{{id}}.", 422
        )
    own = as_seat(seat, caller.token_id)
    actor: Actor = msgspec.structs.replace(
        own, principal=f"{caller.principal} for {seat.seat_id}: {request.source.strip()}"
    )
    return actor


def entered_by(recorded_actor: str, viewer: Actor) -> str | None:
    """`gm (<source>)` when the event's command was entered on a seat's behalf and the viewer is a GM or that seat."""
    found = _ENTERED.match(recorded_actor)
    if found is None or not (viewer.is_gm or viewer.seat_id == found["seat"]):
        return None
    return f"{found['by'] if viewer.is_gm else 'the GM'} ({found['source']})"
