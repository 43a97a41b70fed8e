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
from collections.abc import MutableMapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Literal

from events.faults import ThrottledLog, database_fault
from events.handler import UnknownGame, stream_of
from projections.snapshots import SnapshotStore
from projections.state import GameStates, Store

log = logging.getLogger("pantheon.replica")
_faults = ThrottledLog(log)

MIN_VERSION_HEADER = "Pantheon-Min-Version"
MIN_VERSION_PARAM = "min_version"
READ_FROM_HEADER = "Pantheon-Read-From"
MAX_VERSION = 2**53  # versions a JSON client can hold exactly

# Set by the edge of the app for each request (`server/edge.py`): the version it wants to read, and where its reads
# went (a list to note them in, when a replica is configured).
wanted: ContextVar[int | None] = ContextVar("pantheon_min_version", default=None)
read_from: ContextVar[list[str] | None] = ContextVar("pantheon_read_from", default=None)


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
        want = wanted.get()
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
            noted = read_from.get()
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


BAD_MIN_VERSION = (
    f"{MIN_VERSION_HEADER} (or {MIN_VERSION_PARAM}) is the game version you wrote: a whole number from "
    f"1 to {MAX_VERSION}, as returned by the command that wrote it."
)


def wanted_version(scope: MutableMapping[str, Any]) -> int | None:
    """The version this request wants to read (`Pantheon-Min-Version` or `min_version`), or None; `ValueError` for
    anything but a whole number from 1 to 2^53 (a 422 `request.bad_min_version`). The edge of the app
    (`server/edge.py`) takes it for the whole request: `wanted` and `read_from` below."""
    raw = _requested(scope)
    if raw is None:
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_VERSION:
        raise ValueError(raw)
    return int(raw)


def read_from_header(noted: list[str]) -> tuple[bytes, bytes]:
    """`Pantheon-Read-From` for an answer whose reads went to these places: `primary` if any did."""
    return READ_FROM_HEADER.lower().encode(), b"primary" if "primary" in noted else b"replica"


def _requested(scope: MutableMapping[str, Any]) -> str | None:
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
