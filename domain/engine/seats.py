"""Seat administration: revoking and reissuing tokens, and a new player taking over a seat (players drop out of
long games). The application service revokes and stores the tokens themselves (their ids come from outside);
these decisions check the seat and record what happened, with the reason, for the audit trail."""

from __future__ import annotations

from typing import Any

from domain.engine.errors import Rejected
from domain.engine.messages import GmTokenIssued, GmTokenRevoked, SeatReassigned, SeatTokenIssued, SeatTokenRevoked
from domain.engine.state import GameState, Seat

# Lengths are bounded where requests arrive (1,000 characters for a reason, 200 for a name).


def require_reason(reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise Rejected("seat.reason_required", "Say why (the reason is recorded in the audit trail).")
    return reason


def require_seat(state: GameState[Any], seat_id: str) -> Seat:
    seat = state.meta.seats.get(seat_id)
    if seat is None:
        listed = "GET /v1/games/{id}/seats lists them"
        raise Rejected("seat.not_found", f"This game has no seat {seat_id!r}; {listed}.", status=404)
    return seat


def decide_revoke_seat_token(state: GameState[Any], seat_id: str, revoked: list[str], reason: str) -> list[Any]:
    require_seat(state, seat_id)
    return [SeatTokenRevoked(seat_id=seat_id, token_id=t, reason=reason) for t in revoked]


def decide_reissue_seat_token(
    state: GameState[Any], seat_id: str, revoked: list[str], token_id: str, reason: str
) -> list[Any]:
    return [
        *decide_revoke_seat_token(state, seat_id, revoked, reason),
        SeatTokenIssued(seat_id=seat_id, token_id=token_id, reason=reason),
    ]


def decide_reassign_seat(
    state: GameState[Any], seat_id: str, name: str, revoked: list[str], token_id: str, reason: str
) -> list[Any]:
    seat = require_seat(state, seat_id)
    return [
        *decide_revoke_seat_token(state, seat_id, revoked, reason),
        SeatReassigned(seat_id=seat_id, name=name, previous_name=seat.name, token_id=token_id, reason=reason),
    ]


def decide_gm_tokens(revoked: list[str], issued: str | None, reason: str) -> list[Any]:
    events: list[Any] = [GmTokenRevoked(token_id=t, reason=reason) for t in revoked]
    if issued is not None:
        events.append(GmTokenIssued(token_id=issued, reason=reason))
    return events
