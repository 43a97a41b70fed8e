"""Where reads go: the primary, or a PostgreSQL streaming replica (`PANTHEON_READ_DATABASE_URL`), and how a client
reads its own writes (README, Read replicas).

Routed to the replica: game state (now and at any version, turn or time), event history pages, turn reports and
SSE streams, whether asked over REST or GraphQL. Kept on the primary: everything that writes, authentication and
the caller's seat (a token revoked a moment ago must not still work on a lagging replica), and the read-model
lists (games, turns), which the primary brings up to date on demand just before it reads them.

Read-your-writes: a client that passes the version it wrote, as the `Pantheon-Min-Version` header or the
`min_version` query parameter, gets a read at that version or later. The server waits for the replica to
replay it (at most `PANTHEON_READ_WAIT_SECONDS`, default 1), and reads from the primary when it has not. The same
rule refreshes a process's own state cache, so a client alternating between processes (`--workers`, a load
balancer) reads its own writes without a replica too. When a replica is configured, answers say where their reads
were served with `Pantheon-Read-From: replica` or `primary`.

Live events on a replica: LISTEN does not work on a standby, so a poller asks the replica for the head version of
every game some SSE stream of this process follows, every `PANTHEON_READ_POLL_SECONDS` (default 0.5), in one query,
and wakes the streams of the games that moved.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Literal

from events.faults import ThrottledLog, database_fault
from events.handler import UnknownGame, stream_of
from projections.snapshots import SnapshotStore
from projections.state import GameStates, Store
from server.problems import problem_response

log = logging.getLogger("pantheon.replica")
_faults = ThrottledLog(log)

MIN_VERSION_HEADER = "Pantheon-Min-Version"
MIN_VERSION_PARAM = "min_version"
READ_FROM_HEADER = "Pantheon-Read-From"
MAX_VERSION = 2**53  # versions a JSON client can hold exactly

_min_version: ContextVar[int | None] = ContextVar("pantheon_min_version", default=None)
_read_from: ContextVar[list[str] | None] = ContextVar("pantheon_read_from", default=None)


@dataclass(frozen=True)
class Reader:
    store: Store
    states: GameStates
    where: Literal["primary", "replica"]


class ReadOnlySnapshots:
    """A replica's snapshots: read as on the primary; never written (a standby is read-only)."""

    def __init__(self, snapshots: SnapshotStore) -> None:
        self.snapshots = snapshots

    async def save(self, stream_id: str, version: int, ruleset_id: str, ruleset_version: int, state: bytes) -> None:
        return None

    async def load(self, stream_id: str, ruleset_version: int, at_or_below: int | None) -> tuple[int, bytes] | None:
        return await self.snapshots.load(stream_id, ruleset_version, at_or_below)

    async def drop(self, stream_id: str | None = None) -> None:
        return None

    async def prune(self, stream_id: str, keep_last: int, spacing: int) -> int:
        return 0  # the primary prunes; the standby follows


class ReadRouting:
    def __init__(
        self, primary: Reader, replica: Reader | None = None, *, replica_pool: Any = None, wait: float = 1.0
    ) -> None:
        self.primary = primary
        self.replica = replica
        self.replica_pool = replica_pool
        self.wait = wait

    async def reader(self, game_id: str) -> Reader:
        """Where to read `game_id` for this request: the replica unless it cannot serve the version asked for."""
        want = _min_version.get()
        chosen = self.primary
        if self.replica is not None:
            try:
                if want is None or await self._replayed(game_id, want):
                    await self.replica.states.latest(game_id)  # the replica may not have this game yet
                    chosen = self.replica
            except UnknownGame:
                pass
            except Exception as exc:
                if database_fault(exc) is None:
                    raise
                _faults.failure("replica", "the read replica failed; reading from the primary", exc)
            noted = _read_from.get()
            if noted is not None:
                noted.append(chosen.where)
        if want is not None:
            version, _, _ = await chosen.states.latest(game_id)
            if version < want:  # this process cached the game before the write (another process made it)
                await chosen.states.latest(game_id, refresh=True)
        return chosen

    async def _replayed(self, game_id: str, want: int) -> bool:
        """Has the replica replayed `want` events of this game? Asks again until `wait` seconds have passed."""
        assert self.replica is not None
        give_up = time.monotonic() + self.wait
        pause = 0.01
        while True:
            if await self.replica.store.stream_version(stream_of(game_id)) >= want:
                return True
            if time.monotonic() >= give_up:
                return False
            await asyncio.sleep(min(pause, max(0.0, give_up - time.monotonic())))
            pause = min(pause * 2, 0.1)

    async def poll_replica(self, every: float) -> None:
        """Wake the replica readers' SSE streams when their games moved on the replica (no LISTEN on a standby)."""
        assert self.replica is not None
        notifier = self.replica.store.notifier
        seen: dict[str, int] = {}
        while True:
            await asyncio.sleep(every)
            streams = notifier.watched()
            if not streams:
                seen.clear()
                continue
            try:
                rows = await self.replica_pool.fetch(
                    "SELECT s, (SELECT coalesce(max(stream_version), 0) FROM events WHERE stream_id = s) "
                    "FROM unnest($1::text[]) AS s",
                    streams,
                )
            except Exception as exc:
                _faults.failure("poll", "polling the read replica failed; retrying", exc)
                continue
            _faults.recovered("poll", "polling the read replica works again")
            heads = {row[0]: row[1] for row in rows}
            for stream, head in heads.items():
                if stream not in seen or head > seen[stream]:
                    notifier.wake(stream)
            seen = heads


class ReadYourWrites:
    """ASGI middleware: takes the version a client wants to read (header or query) for the whole request, and says
    where reads were served when a replica is configured. A bad value is a 422 `request.bad_min_version`."""

    def __init__(self, app: Callable[..., Awaitable[None]], *, replica: bool) -> None:
        self.app = app
        self.replica = replica

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        raw = _requested(scope)
        want: int | None = None
        if raw is not None:
            if not raw.isdigit() or not 1 <= int(raw) <= MAX_VERSION:
                detail = (
                    f"{MIN_VERSION_HEADER} (or {MIN_VERSION_PARAM}) is the game version you wrote: a whole number from "
                    f"1 to {MAX_VERSION}, as returned by the command that wrote it."
                )
                await problem_response(422, "request.bad_min_version", detail)(scope, receive, send)
                return
            want = int(raw)
        noted: list[str] = []
        want_token = _min_version.set(want)
        noted_token = _read_from.set(noted if self.replica else None)

        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start" and noted:
                where = "primary" if "primary" in noted else "replica"
                message = {**message, "headers": [*message.get("headers", ()), (b"pantheon-read-from", where.encode())]}
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            _min_version.reset(want_token)
            _read_from.reset(noted_token)


def _requested(scope: dict[str, Any]) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"pantheon-min-version":
            return str(value.decode("latin-1").strip())
    query = scope.get("query_string", b"")
    if b"min_version=" in query:
        from urllib.parse import parse_qs

        values = parse_qs(query.decode("latin-1")).get(MIN_VERSION_PARAM)
        if values:
            return str(values[0]).strip()
    return None
