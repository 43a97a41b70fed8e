"""Message shapes of seat and token administration (`server/seats.py`); merged into `server.schemas`' lists."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec

from domain.engine import SeatInfo
from server.wire_text import NOT_BLANK

Reason = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=1000,
        description="Why; recorded in the audit trail",
        extra_json_schema={"pattern": NOT_BLANK},
    ),
]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=200, extra_json_schema={"pattern": NOT_BLANK})]


class SeatRecord(msgspec.Struct, frozen=True):
    """A seat as its GM sees it. `token_id`, `token_issued_at` and `last_active_at` are about the seat's current
    token (null when it has none): `last_active_at` is when that token last authenticated a request, to the
    minute. A seat's own token sees only its own record, with `token_id` null."""

    seat: SeatInfo
    has_token: bool
    token_id: str | None = None
    token_issued_at: datetime | None = None
    last_active_at: datetime | None = None


class SeatList(msgspec.Struct, frozen=True):
    seats: list[SeatRecord]


class RevokeTokenRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    reason: Reason


class ReplaceSeatPlayerRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A new player takes the seat: the seat keeps its id, role, entity and history; the old token dies."""

    name: Name
    reason: Reason


class IssueGmTokenRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    reason: Reason
    revoke_others: bool = False


class TokenRevoked(msgspec.Struct, frozen=True):
    """What was revoked (token ids), and the game's version after the audit events were appended."""

    revoked: list[str]
    version: int


class TokenIssued(msgspec.Struct, frozen=True):
    """The new token: `token` is shown only here. `revoked` lists the token ids that stopped working."""

    token: str
    token_id: str
    revoked: list[str]
    version: int
    seat: SeatInfo | None = None


SEAT_RESPONSE_TYPES: tuple[type[msgspec.Struct], ...] = (SeatList, TokenRevoked, TokenIssued)
SEAT_REQUEST_TYPES: tuple[type[msgspec.Struct], ...] = (
    RevokeTokenRequest,
    ReplaceSeatPlayerRequest,
    IssueGmTokenRequest,
)
