"""The PostgreSQL event store (asyncpg).

An append is one statement in its own transaction: the events, the idempotency record (when the caller sent
a key) and the webhook outbox rows announcing them (DESIGN.md §7 "Push") are inserted together or not at all.
Other processes hear of it through NOTIFY, sent after the commit by `publish` on a connection of its own,
coalesced per stream and batched (a batch's streams share a notification): a NOTIFY inside the appending
transaction would take PostgreSQL's global notify lock until the commit is flushed, serialising every commit in
the database.
A lost NOTIFY (a crash right after commit) only delays other processes: readers always re-read the table.

Once the append has committed, nothing after it may fail it: the head cache, waking local readers and
queueing the NOTIFY cannot raise (an observer's error is logged). Each commit is noted for the request that made
it (`events.store.note_commit`), so that an error answered later can say what was recorded.

The head of each stream (version, hash) is cached in-process; a stale cache cannot corrupt the chain, because the unique
(stream_id, stream_version) constraint refuses the append and the store re-reads the head.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import AsyncGenerator, Sequence
from datetime import datetime
from typing import Any, cast

import asyncpg

from events.faults import ThrottledLog
from events.lru import Lru
from events.notify import Notifier
from events.store import (
    GENESIS_HASH,
    ConcurrencyConflict,
    EventMetadata,
    IdempotencyRecord,
    IdempotencyReplay,
    IntegrityReport,
    NewEvent,
    Position,
    RecordedEvent,
    canonical,
    encode_metadata,
    event_hash,
    note_commit,
    verify_chain,
)

log = logging.getLogger("pantheon.events")

_faults = ThrottledLog(log)

CHANNEL = "pantheon_events"
HEAD_CACHE_SIZE = 10_000  # streams whose head this process remembers (an Lru: a game touched once is forgotten)
PAGE_SIZE = 2000  # events per page of `read_pages` (a full rebuild); see bench.replay
_PAGE = (
    "SELECT stream_version, type, data FROM events WHERE stream_id = $1 AND stream_version > $2 "
    "AND ($3::bigint IS NULL OR stream_version <= $3) ORDER BY stream_version LIMIT $4"
)

# `tx_id` travels as text (asyncpg has no xid8 codec) under another name: an output column named `tx_id` would
# make `ORDER BY tx_id` sort by that text ("100000" < "99999") instead of the xid8.
_COLUMNS = "global_position, stream_id, stream_version, type, data, metadata, prev_hash, hash, tx_id::text AS tx_text"

_INSERT_ONE = """
INSERT INTO events (stream_id, stream_version, type, data, metadata, recorded_at, prev_hash, hash)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING global_position, tx_id, stream_version, type
"""
_INSERT_MANY = """
INSERT INTO events (stream_id, stream_version, type, data, metadata, recorded_at, prev_hash, hash)
SELECT $1, u.v, u.t, u.d, $5, $6, u.p, u.h
FROM unnest($2::bigint[], $3::text[], $4::jsonb[], $7::bytea[], $8::bytea[]) AS u(v, t, d, p, h)
ORDER BY u.v
RETURNING global_position, tx_id, stream_version, type
"""
# Keys are kept per stream: $1 is the appended stream.
_INSERT_IDEMPOTENCY = (
    "INSERT INTO idempotency_keys (stream_id, caller, key, request_hash, outcome) VALUES ($1, {params})"
)
# The webhook outbox (server/webhooks.py), written by the append statement itself: one row per active webhook of
# this stream whose filters select the event. A game without webhooks costs one probe of a partial index.
_OUTBOX = """outbox AS (
    INSERT INTO webhook_deliveries (delivery_id, webhook_id, game_id, stream_version, event_type)
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w.webhook_id, w.game_id, ev.stream_version, ev.type
    FROM ev JOIN webhooks w ON w.stream_id = $1 AND w.active AND (w.all_events OR ev.type = ANY (w.event_types))
)"""
# The stream's head, moved by the append statement itself (migration 011): per-game readers (the read-model
# runner) find the games with new events by comparing it with their checkpoints, never by a cross-game order.
_HEAD = """head AS (
    INSERT INTO stream_heads (stream_id, version) SELECT $1, max(ev.stream_version) FROM ev
    ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, updated_at = now()
)"""
# A game stream's change, queued for the read-model runner by the append statement itself (migration 012): a
# catch-up reads the games in this queue instead of comparing every game's head with its checkpoint.
_CHANGED = """changed AS (
    INSERT INTO stream_changes (stream_id, version) SELECT $1, max(ev.stream_version) FROM ev
)"""
GAME_PREFIX = "game-"


@functools.cache
def _sql(one: bool, game: bool, idempotent: bool) -> str:
    """The append statement: one event or many, a game stream's change queued, an idempotency record kept."""
    ctes = [f"ev AS ({_INSERT_ONE if one else _INSERT_MANY})", _OUTBOX, _HEAD]
    if game:
        ctes.append(_CHANGED)
    if idempotent:  # its four values follow the eight of the insert
        ctes.insert(0, f"idem AS ({_INSERT_IDEMPOTENCY.format(params='$9, $10, $11, $12')})")
    select = "SELECT global_position, tx_id::text AS tx_text FROM ev ORDER BY stream_version"
    return f"WITH {', '.join(ctes)} {select}"


async def init_connection(conn: asyncpg.Connection) -> None:
    """jsonb travels as raw JSON bytes: msgspec encodes and decodes it, asyncpg never parses it."""
    await conn.set_type_codec(
        "jsonb",
        encoder=lambda data: b"\x01" + data,
        decoder=lambda data: data[1:],
        schema="pg_catalog",
        format="binary",
    )


NOTIFY_PAYLOAD_BYTES = 7000  # PostgreSQL takes payloads shorter than 8000 bytes


def announcements(heads: dict[str, int]) -> list[str]:
    """NOTIFY payloads announcing these streams' new heads: lines `<stream> <version>`, as few payloads as fit
    (a listener of an older version reads the first line of each and only wakes that stream's readers early)."""
    payloads: list[str] = []
    lines: list[str] = []
    size = 0
    for stream, version in heads.items():
        line = f"{stream} {version}"
        if lines and size + len(line.encode()) + 1 > NOTIFY_PAYLOAD_BYTES:
            payloads.append("\n".join(lines))
            lines, size = [], 0
        lines.append(line)
        size += len(line.encode()) + 1
    if lines:
        payloads.append("\n".join(lines))
    return payloads


def _row_to_event(row: asyncpg.Record) -> RecordedEvent:
    return RecordedEvent(
        global_position=row[0],
        stream_id=row[1],
        stream_version=row[2],
        type=row[3],
        data=row[4],
        metadata=row[5],
        prev_hash=row[6],
        hash=row[7],
        tx_id=int(row[8]),
    )


class PostgresEventStore:
    def __init__(self, pool: asyncpg.Pool, notifier: Notifier | None = None, *, notify: bool = True) -> None:
        self.pool = pool
        self.notifier = notifier or Notifier()
        self._notify = notify
        self._publishing = False
        self._publisher_pid: int | None = None  # the backend that sends this process's NOTIFYs
        self._unannounced: dict[str, int] = {}
        self._announce = asyncio.Event()
        self._heads: Lru[str, tuple[int, bytes]] = Lru(HEAD_CACHE_SIZE)
        self.listening = asyncio.Event()  # set while LISTEN is active
        self.last_append = 0.0  # time.monotonic() of the last committed append (health: disk full cleared)

    async def _head(self, conn: Any, stream_id: str) -> tuple[int, bytes]:
        row = await conn.fetchrow(
            "SELECT stream_version, hash FROM events WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1",
            stream_id,
        )
        head = (0, GENESIS_HASH) if row is None else (row[0], row[1])
        self._remember_head(stream_id, head)
        return head

    def _remember_head(self, stream_id: str, head: tuple[int, bytes]) -> None:
        self._heads.put(stream_id, head)

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        metadata: EventMetadata,
        idempotency: IdempotencyRecord | None = None,
    ) -> list[RecordedEvent]:
        if not events:
            raise ValueError("append needs at least one event")
        meta = encode_metadata(metadata)
        async with self.pool.acquire() as conn:
            head = self._heads.get(stream_id)
            if head is None or head[0] < expected_version:
                head = await self._head(conn, stream_id)
            if head[0] != expected_version:
                raise ConcurrencyConflict(stream_id, expected_version, head[0])
            prev = head[1]
            versions, hashes, prevs = [], [], []
            # The chain covers the canonical form: a ruleset may embed raw client JSON (a scenario) verbatim.
            events = [NewEvent(type=e.type, data=canonical(e.data)) for e in events]
            for version, event in enumerate(events, start=expected_version + 1):
                digest = event_hash(prev, stream_id, version, event.type, event.data, meta)
                versions.append(version)
                prevs.append(prev)
                hashes.append(digest)
                prev = digest
            sql, args = self._statement(stream_id, versions, events, meta, metadata, prevs, hashes, idempotency)
            try:
                rows = await conn.fetch(sql, *args)
            except asyncpg.UniqueViolationError as exc:
                if exc.constraint_name == "idempotency_keys_pkey" and idempotency is not None:
                    found = await self.find_idempotent(idempotency.caller, idempotency.key, stream_id)
                    if found is not None:
                        raise IdempotencyReplay(found) from None
                self._heads.pop(stream_id)
                actual = (await self._head(conn, stream_id))[0]
                raise ConcurrencyConflict(stream_id, expected_version, actual) from None
        # Committed. Nothing below may fail the append: each step is a cache or a wake-up.
        note_commit(stream_id, versions[-1])
        self.last_append = time.monotonic()
        self._remember_head(stream_id, (versions[-1], hashes[-1]))
        try:
            self.notifier.appended_locally(stream_id, versions[-1])
        except Exception:  # an observer's bug must not turn a committed append into an error
            log.exception("waking readers after an append to %s failed", stream_id)
        if self._publishing:
            self._unannounced[stream_id] = max(versions[-1], self._unannounced.get(stream_id, 0))
            self._announce.set()
        return [
            RecordedEvent(
                global_position=row[0],
                stream_id=stream_id,
                stream_version=version,
                type=event.type,
                data=event.data,
                metadata=meta,
                prev_hash=prev_hash,
                hash=digest,
                tx_id=int(row[1]),
            )
            for row, version, event, prev_hash, digest in zip(rows, versions, events, prevs, hashes, strict=True)
        ]

    def _statement(
        self,
        stream_id: str,
        versions: list[int],
        events: Sequence[NewEvent],
        meta: bytes,
        metadata: EventMetadata,
        prevs: list[bytes],
        hashes: list[bytes],
        idempotency: IdempotencyRecord | None,
    ) -> tuple[str, list[Any]]:
        if len(events) == 1:
            args: list[Any] = [
                stream_id,
                versions[0],
                events[0].type,
                events[0].data,
                meta,
                metadata.recorded_at,
                prevs[0],
                hashes[0],
            ]
        else:
            args = [
                stream_id,
                versions,
                [e.type for e in events],
                [e.data for e in events],
                meta,
                metadata.recorded_at,
                prevs,
                hashes,
            ]
        if idempotency is not None:
            args += [idempotency.caller, idempotency.key, idempotency.request_hash, idempotency.outcome]
        return _sql(len(events) == 1, stream_id.startswith(GAME_PREFIX), idempotency is not None), args

    async def read_stream(
        self, stream_id: str, after_version: int = 0, to_version: int | None = None, limit: int | None = None
    ) -> list[RecordedEvent]:
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version > $2 "
            "AND ($3::bigint IS NULL OR stream_version <= $3) ORDER BY stream_version LIMIT $4",
            stream_id,
            after_version,
            to_version,
            limit,
        )
        return [_row_to_event(r) for r in rows]

    async def read_data(
        self, stream_id: str, after_version: int = 0, to_version: int | None = None
    ) -> Sequence[tuple[int, str, bytes]]:
        rows = await self.pool.fetch(
            "SELECT stream_version, type, data FROM events WHERE stream_id = $1 AND stream_version > $2 "
            "AND ($3::bigint IS NULL OR stream_version <= $3) ORDER BY stream_version",
            stream_id,
            after_version,
            to_version,
        )
        return cast("Sequence[tuple[int, str, bytes]]", rows)  # asyncpg Records unpack like tuples

    async def read_pages(
        self, stream_id: str, after_version: int = 0, to_version: int | None = None, page_size: int = PAGE_SIZE
    ) -> AsyncGenerator[Sequence[tuple[int, str, bytes]], None]:
        """What `read_data` returns, a page at a time; each page's query is sent before the caller gets the
        previous page, so PostgreSQL reads page n+1 while the caller folds page n (close it with `aclosing`)."""
        queue: asyncio.Queue[Sequence[tuple[int, str, bytes]] | Exception | None] = asyncio.Queue(maxsize=2)
        producer = asyncio.create_task(self._produce_pages(queue, stream_id, after_version, to_version, page_size))
        try:
            while (page := await queue.get()) is not None:
                if isinstance(page, Exception):
                    raise page
                yield page
        finally:
            producer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await producer

    async def _produce_pages(
        self,
        queue: asyncio.Queue[Sequence[tuple[int, str, bytes]] | Exception | None],
        stream_id: str,
        after: int,
        to_version: int | None,
        page_size: int,
    ) -> None:
        try:
            async with self.pool.acquire() as conn:
                while True:
                    rows = await conn.fetch(_PAGE, stream_id, after, to_version, page_size)
                    if rows:
                        # `put` does not yield while the queue has room: the next query goes out at once.
                        await queue.put(cast("Sequence[tuple[int, str, bytes]]", rows))
                    if len(rows) < page_size:
                        break
                    after = rows[-1][0]
        except Exception as exc:  # the reader raises it where the caller awaits its next page
            await queue.put(exc)
            return
        await queue.put(None)

    async def read_of_type(
        self, stream_id: str, type_: str, to_version: int | None = None
    ) -> Sequence[tuple[int, str, bytes]]:
        rows = await self.pool.fetch(
            "SELECT stream_version, type, data FROM events WHERE stream_id = $1 AND type = $2 "
            "AND ($3::bigint IS NULL OR stream_version <= $3) ORDER BY stream_version",
            stream_id,
            type_,
            to_version,
        )
        return cast("Sequence[tuple[int, str, bytes]]", rows)

    async def count_commands(self, stream_id: str, seat_id: str, since: datetime) -> int:
        count = await self.pool.fetchval(
            "SELECT count(DISTINCT metadata->>'command_id') FROM events "
            "WHERE stream_id = $1 AND recorded_at >= $2 AND metadata->>'seat_id' = $3",
            stream_id,
            since,
            seat_id,
        )
        return int(count)

    async def stream_version(self, stream_id: str) -> int:
        version = await self.pool.fetchval(
            "SELECT coalesce(max(stream_version), 0) FROM events WHERE stream_id = $1", stream_id
        )
        return int(version)

    async def read_all(self, after: Position, limit: int = 1000) -> list[RecordedEvent]:
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM events "
            "WHERE (events.tx_id, events.global_position) > ($1::text::xid8, $2) "
            "AND events.tx_id < pg_snapshot_xmin(pg_current_snapshot()) "
            "ORDER BY events.tx_id, events.global_position LIMIT $3",
            str(after.tx_id),
            after.global_position,
            limit,
        )
        return [_row_to_event(r) for r in rows]

    async def find_idempotent(self, caller: str, key: str, stream_id: str = "") -> IdempotencyRecord | None:
        row = await self.pool.fetchrow(
            "SELECT caller, key, request_hash, outcome FROM idempotency_keys "
            "WHERE stream_id = $3 AND caller = $1 AND key = $2",
            caller,
            key,
            stream_id,
        )
        if row is None:
            return None
        return IdempotencyRecord(caller=row[0], key=row[1], request_hash=row[2], outcome=row[3], stream_id=stream_id)

    async def remember_outcome(self, record: IdempotencyRecord) -> IdempotencyRecord:
        await self.pool.execute(
            "INSERT INTO idempotency_keys (stream_id, caller, key, request_hash, outcome) VALUES ($5, $1, $2, $3, $4) "
            "ON CONFLICT DO NOTHING",
            record.caller,
            record.key,
            record.request_hash,
            record.outcome,
            record.stream_id,
        )
        found = await self.find_idempotent(record.caller, record.key, record.stream_id)
        return found if found is not None else record

    async def verify_stream(self, stream_id: str) -> IntegrityReport:
        return verify_chain(stream_id, await self.read_stream(stream_id))

    async def version_at_time(self, stream_id: str, at: datetime) -> int:
        version = await self.pool.fetchval(
            "SELECT coalesce(max(stream_version), 0) FROM events WHERE stream_id = $1 AND recorded_at <= $2",
            stream_id,
            at,
        )
        return int(version)

    async def turn_versions(self, stream_id: str, turn: int) -> list[int]:
        rows = await self.pool.fetch(
            "SELECT stream_version FROM events WHERE stream_id = $1 AND type = 'PhaseStarted' "
            "AND (data->>'turn')::int = $2 ORDER BY stream_version",
            stream_id,
            turn,
        )
        return [row[0] for row in rows]

    # --- LISTEN/NOTIFY as a wake-up -------------------------------------------------------------------------

    async def listen(self, dsn: str) -> None:
        """Wake local readers whenever any process appends. Reconnects, forever, until cancelled."""
        while True:
            conn = None
            try:
                conn = await asyncpg.connect(dsn)
                await conn.add_listener(CHANNEL, self._on_notify)
                self.listening.set()
                _faults.recovered("listen", "LISTEN reconnected")
                while not conn.is_closed():
                    await asyncio.sleep(1.0)
                    # Anything missed while reconnecting is found by readers, who always re-read the table.
                    await conn.execute("SELECT 1")
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: never let the listener die
                _faults.failure("listen", "LISTEN lost its connection; reconnecting", exc)
            finally:
                self.listening.clear()
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
            await asyncio.sleep(1.0)

    async def publish(self, dsn: str) -> None:
        """Announce appends to other processes, after commit: each batch's streams with their newest versions, a
        line `<stream> <version>` each, as few NOTIFYs as fit them (`announcements`): one notification per batch
        for every listening process to take in, not one per stream (a tenth of a command's CPU went to NOTIFY,
        most of it in taking in the notifications one at a time, this process's own included)."""
        if not self._notify:
            return
        while True:
            conn = None
            try:
                conn = await asyncpg.connect(dsn)
                self._publisher_pid = conn.get_server_pid()
                self._publishing = True
                _faults.recovered("notify", "NOTIFY reconnected")
                while True:
                    await self._announce.wait()
                    await asyncio.sleep(0.002)  # let concurrent appends join this batch
                    self._announce.clear()
                    batch, self._unannounced = self._unannounced, {}
                    payloads = announcements(batch)
                    await conn.execute("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", CHANNEL, payloads)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # reconnect; a lost batch only delays other processes
                _faults.failure("notify", "NOTIFY lost its connection; reconnecting", exc)
            finally:
                self._publishing = False
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
            await asyncio.sleep(1.0)

    def _on_notify(self, conn: object, pid: int, channel: str, payload: object) -> None:
        if pid == self._publisher_pid:  # this process's own announcement: its readers woke when it appended
            return
        for line in str(payload).split("\n"):
            stream_id, _, version = line.partition(" ")
            self.notifier.appended(stream_id, int(version) if version.isdigit() else None)
