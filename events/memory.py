"""The in-memory event store: the same contract as PostgreSQL, for domain-level and contract tests."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Sequence
from datetime import datetime

import msgspec

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
    verify_chain,
)


class InMemoryEventStore:
    def __init__(self, notifier: Notifier | None = None) -> None:
        self.notifier = notifier or Notifier()
        self._streams: dict[str, list[RecordedEvent]] = {}
        self._all: list[RecordedEvent] = []
        self._idempotency: dict[tuple[str, str, str], IdempotencyRecord] = {}
        self._tx = 0
        self._lock = asyncio.Lock()

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        metadata: EventMetadata,
        idempotency: IdempotencyRecord | None = None,
    ) -> list[RecordedEvent]:
        async with self._lock:
            if idempotency is not None:
                existing = self._idempotency.get((stream_id, idempotency.caller, idempotency.key))
                if existing is not None:
                    raise IdempotencyReplay(existing)
            stream = self._streams.get(stream_id, [])
            if len(stream) != expected_version:
                raise ConcurrencyConflict(stream_id, expected_version, len(stream))
            self._tx += 1
            meta = encode_metadata(metadata)
            prev = stream[-1].hash if stream else GENESIS_HASH
            recorded: list[RecordedEvent] = []
            # The chain covers the canonical form: a ruleset may embed raw client JSON (a scenario) verbatim.
            events = [NewEvent(type=e.type, data=canonical(e.data)) for e in events]
            for i, event in enumerate(events, start=expected_version + 1):
                digest = event_hash(prev, stream_id, i, event.type, event.data, meta)
                recorded.append(
                    RecordedEvent(
                        global_position=len(self._all) + len(recorded) + 1,
                        stream_id=stream_id,
                        stream_version=i,
                        type=event.type,
                        data=event.data,
                        metadata=meta,
                        prev_hash=prev,
                        hash=digest,
                        tx_id=self._tx,
                    )
                )
                prev = digest
            self._streams[stream_id] = stream + recorded
            self._all.extend(recorded)
            if idempotency is not None:
                stored = msgspec.structs.replace(idempotency, stream_id=stream_id)
                self._idempotency[(stream_id, idempotency.caller, idempotency.key)] = stored
        self.notifier.wake(stream_id)
        return recorded

    async def read_stream(
        self, stream_id: str, after_version: int = 0, to_version: int | None = None, limit: int | None = None
    ) -> list[RecordedEvent]:
        stream = self._streams.get(stream_id, [])
        end = len(stream) if to_version is None else min(to_version, len(stream))
        selected = stream[after_version:end]
        return selected if limit is None else selected[:limit]

    async def read_data(
        self, stream_id: str, after_version: int = 0, to_version: int | None = None
    ) -> Sequence[tuple[int, str, bytes]]:
        events = await self.read_stream(stream_id, after_version, to_version)
        return [(e.stream_version, e.type, e.data) for e in events]

    async def read_pages(
        self, stream_id: str, after_version: int = 0, to_version: int | None = None, page_size: int = 2000
    ) -> AsyncGenerator[Sequence[tuple[int, str, bytes]], None]:
        rows = await self.read_data(stream_id, after_version, to_version)
        for start in range(0, len(rows), page_size):
            yield rows[start : start + page_size]

    async def read_of_type(
        self, stream_id: str, type_: str, to_version: int | None = None
    ) -> Sequence[tuple[int, str, bytes]]:
        return [row for row in await self.read_data(stream_id, 0, to_version) if row[1] == type_]

    async def stream_version(self, stream_id: str) -> int:
        return len(self._streams.get(stream_id, []))

    async def count_commands(self, stream_id: str, seat_id: str, since: datetime) -> int:
        metas = (e.meta() for e in self._streams.get(stream_id, []))
        return len({m.command_id for m in metas if m.seat_id == seat_id and m.recorded_at >= since})

    async def read_all(self, after: Position, limit: int = 1000) -> list[RecordedEvent]:
        return [e for e in self._all if e.position > after][:limit]

    async def find_idempotent(self, caller: str, key: str, stream_id: str = "") -> IdempotencyRecord | None:
        return self._idempotency.get((stream_id, caller, key))

    async def remember_outcome(self, record: IdempotencyRecord) -> IdempotencyRecord:
        return self._idempotency.setdefault((record.stream_id, record.caller, record.key), record)

    async def verify_stream(self, stream_id: str) -> IntegrityReport:
        return verify_chain(stream_id, self._streams.get(stream_id, []))

    async def version_at_time(self, stream_id: str, at: datetime) -> int:
        version = 0
        for event in self._streams.get(stream_id, []):
            if event.meta().recorded_at <= at:
                version = event.stream_version
        return version

    async def turn_versions(self, stream_id: str, turn: int) -> list[int]:
        return [
            event.stream_version
            for event in self._streams.get(stream_id, [])
            if event.type == "PhaseStarted" and msgspec.json.decode(event.data).get("turn") == turn
        ]
