"""Stream tickets: how a browser's `EventSource`, which cannot send an `Authorization` header, opens an event stream.

`POST /v1/games/{id}/events/stream-ticket` (with the bearer token) answers `{ticket, expires_at}`; then
`GET /v1/games/{id}/events/stream?ticket=...` streams exactly what that token's stream would (same seat, same
redaction). A ticket:

- is bound to one game and to the token (so the seat) that asked for it; on another game it is a 404, like a token;
- opens streams for 60 seconds (any number of times, so `EventSource`'s automatic reconnects within that window
  work); a stream already open stays open after the ticket expires;
- lives in this server process's memory only (only its SHA-256 is kept), so it dies with the process;
- is never logged: uvicorn's access log shows `ticket=<redacted>`.
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from server.auth import AuthError, TokenGrant

TICKET_SECONDS = 60
MAX_LIVE_TICKETS = 10_000
PREFIX = "pst_"


@dataclass(frozen=True)
class _Ticket:
    grant: TokenGrant
    game_id: str
    expires: float  # time.time()


class StreamTickets:
    def __init__(self, seconds: int = TICKET_SECONDS) -> None:
        self.seconds = seconds
        self._live: dict[bytes, _Ticket] = {}

    def issue(self, grant: TokenGrant, game_id: str) -> tuple[str, datetime]:
        """A new ticket for this grant on this game (authorise the grant first); returns (ticket, expiry)."""
        now = time.time()
        self._prune(now)
        ticket = PREFIX + secrets.token_urlsafe(32)
        expires = now + self.seconds
        self._live[_digest(ticket)] = _Ticket(grant=grant, game_id=game_id, expires=expires)
        return ticket, datetime.fromtimestamp(expires, UTC)

    def redeem(self, ticket: str) -> tuple[TokenGrant, str]:
        """The grant and game a live ticket stands for. Raises `AuthError` (401) for an unknown or expired one."""
        found = self._live.get(_digest(ticket)) if ticket.startswith(PREFIX) and len(ticket) <= 100 else None
        if found is None or found.expires <= time.time():
            raise AuthError(
                "auth.bad_ticket",
                "Unknown or expired stream ticket: ask for a new one (POST /v1/games/{id}/events/stream-ticket).",
            )
        return found.grant, found.game_id

    def _prune(self, now: float) -> None:
        for key in [k for k, t in self._live.items() if t.expires <= now]:
            del self._live[key]
        while len(self._live) >= MAX_LIVE_TICKETS:  # oldest first (dicts keep insertion order)
            del self._live[next(iter(self._live))]


def _digest(ticket: str) -> bytes:
    return hashlib.sha256(ticket.encode()).digest()


_TICKET_IN_QUERY = re.compile(r"(ticket=)[^&\s]*")


class RedactTickets(logging.Filter):
    """Rewrites `ticket=...` to `ticket=<redacted>` in uvicorn's access log lines."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TICKET_IN_QUERY.sub(r"\1<redacted>", arg) if isinstance(arg, str) else arg for arg in record.args
            )
        return True


def redact_tickets_in_access_log() -> None:
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, RedactTickets) for f in access.filters):
        access.addFilter(RedactTickets())
