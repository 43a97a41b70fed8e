"""The event store port: stored-event envelope, append with expected version, idempotency, reads, hash chain.

One stream per game (`game-<uuid>`). Versions are gap-free per stream, starting at 1. Each stored event carries
`hash = sha256(prev_hash || canonical(event))` (see `event_hash`), so any edit of history is detectable.

Cross-stream readers use a `Position`: (transaction id, global position). Rows are read only below the oldest
transaction still in flight, so a reader never skips an event that commits late; `global_position` alone may
have gaps and commit out of order, and nothing may rely on it being gap-free or monotonic across games.
"""

from __future__ import annotations

import contextvars
import hashlib
from collections.abc import AsyncGenerator, Sequence
from datetime import datetime
from typing import Protocol

import msgspec

from events.notify import Notifier

GENESIS_HASH = bytes(32)

# What this request (task context) has committed: the HTTP edge sets a fresh list per request, the stores add
# (stream, version) after each commit, so an error answered later never claims that nothing was written.
commits: contextvars.ContextVar[list[tuple[str, int]] | None] = contextvars.ContextVar("commits", default=None)


def note_commit(stream_id: str, version: int) -> None:
    """Record, for whoever is answering the current request, that `stream_id` is committed up to `version`."""
    seen = commits.get()
    if seen is not None:
        seen.append((stream_id, version))


class EventMetadata(msgspec.Struct, frozen=True, omit_defaults=True):
    """Who, when and why, per event. `turn` is the game turn when the command was decided."""

    actor: str
    role: str
    recorded_at: datetime
    seat_id: str | None = None
    token_id: str | None = None
    command_id: str | None = None
    command_type: str | None = None
    correlation_id: str | None = None
    causation_id: str | None = None
    turn: int | None = None


class NewEvent(msgspec.Struct, frozen=True):
    type: str
    data: bytes  # canonical JSON (sorted keys)


class RecordedEvent(msgspec.Struct, frozen=True):
    global_position: int
    stream_id: str
    stream_version: int
    type: str
    data: bytes  # JSON
    metadata: bytes  # JSON of EventMetadata; `meta()` decodes it
    prev_hash: bytes
    hash: bytes
    tx_id: int

    @property
    def position(self) -> Position:
        return Position(self.tx_id, self.global_position)

    def meta(self) -> EventMetadata:
        return _metadata_decoder.decode(self.metadata)


class Position(msgspec.Struct, frozen=True, order=True, array_like=True):
    """A point in the all-games order: (transaction id, global position). `START` precedes all."""

    tx_id: int
    global_position: int

    def token(self) -> str:
        return f"{self.tx_id}.{self.global_position}"

    @classmethod
    def parse(cls, token: str) -> Position:
        tx, _, pos = token.partition(".")
        return cls(int(tx), int(pos))


START = Position(0, 0)


class IdempotencyRecord(msgspec.Struct, frozen=True):
    """The outcome of a command under a caller's `Idempotency-Key`; `request_hash` identifies the body."""

    caller: str
    key: str
    request_hash: bytes
    outcome: bytes
    stream_id: str = ""  # keys are kept per stream (game): the same key sent to two games is two requests


class ConcurrencyConflict(Exception):
    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        super().__init__(f"{stream_id}: expected version {expected}, the stream is at {actual}")
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class IdempotencyReplay(Exception):
    """The key was already used; `record` holds the original outcome."""

    def __init__(self, record: IdempotencyRecord) -> None:
        super().__init__(f"idempotency key {record.key!r} already used")
        self.record = record


class IntegrityReport(msgspec.Struct, frozen=True):
    stream_id: str
    ok: bool
    checked: int
    head_version: int
    head_hash: str
    first_bad_version: int | None = None
    problem: str | None = None


_canonical_encoder = msgspec.json.Encoder(order="sorted")
_metadata_decoder = msgspec.json.Decoder(EventMetadata)


def canonical(json_bytes: bytes) -> bytes:
    """The canonical form of a JSON document: same values, sorted keys, no whitespace."""
    return _canonical_encoder.encode(msgspec.json.decode(json_bytes))


def event_hash(prev_hash: bytes, stream_id: str, version: int, type_: str, data: bytes, metadata: bytes) -> bytes:
    """sha256(prev_hash || JSON array [stream_id, version, type, data, metadata]), data and metadata canonical."""
    body = _canonical_encoder.encode([stream_id, version, type_, msgspec.Raw(data), msgspec.Raw(metadata)])
    return hashlib.sha256(prev_hash + body).digest()


def encode_metadata(metadata: EventMetadata) -> bytes:
    return _canonical_encoder.encode(metadata)


def verify_chain(stream_id: str, events: Sequence[RecordedEvent]) -> IntegrityReport:
    """Recompute the chain over a whole stream read back from storage."""
    prev = GENESIS_HASH
    expected_version = 1
    for event in events:
        problem = None
        if event.stream_version != expected_version:
            problem = f"version {event.stream_version} follows {expected_version - 1}"
        elif event.prev_hash != prev:
            problem = "prev_hash does not match the previous event's hash"
        elif (
            event_hash(
                prev,
                stream_id,
                event.stream_version,
                event.type,
                canonical(event.data),
                canonical(event.metadata),
            )
            != event.hash
        ):
            problem = "hash does not match the event's content"
        if problem is not None:
            return IntegrityReport(
                stream_id=stream_id,
                ok=False,
                checked=expected_version - 1,
                head_version=len(events),
                head_hash=events[-1].hash.hex(),
                first_bad_version=event.stream_version,
                problem=problem,
            )
        prev = event.hash
        expected_version += 1
    return IntegrityReport(
        stream_id=stream_id, ok=True, checked=len(events), head_version=len(events), head_hash=prev.hex()
    )


class EventStore(Protocol):
    notifier: Notifier  # wake-ups for readers; announced versions from other processes (LISTEN/NOTIFY)

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        metadata: EventMetadata,
        idempotency: IdempotencyRecord | None = None,
    ) -> list[RecordedEvent]:
        """Append atomically after `expected_version` (0 for a new stream).

        Raises `ConcurrencyConflict` when the stream is elsewhere, `IdempotencyReplay` when the key was used.
        """
        ...

    async def read_stream(
        self, stream_id: str, after_version: int = 0, to_version: int | None = None, limit: int | None = None
    ) -> list[RecordedEvent]: ...

    async def read_data(
        self, stream_id: str, after_version: int = 0, to_version: int | None = None
    ) -> Sequence[tuple[int, str, bytes]]:
        """Only (version, type, data), in version order: the narrow read that folds need."""
        ...

    def read_pages(
        self, stream_id: str, after_version: int = 0, to_version: int | None = None, page_size: int = 2000
    ) -> AsyncGenerator[Sequence[tuple[int, str, bytes]], None]:
        """`read_data` in pages of at most `page_size` rows (none empty), the next read while the caller works
        on one (a full rebuild folds as it reads). An async generator: close it (`contextlib.aclosing`)."""
        ...

    async def read_of_type(
        self, stream_id: str, type_: str, to_version: int | None = None
    ) -> Sequence[tuple[int, str, bytes]]:
        """(version, type, data) of a stream's events of one type (used for the rare `TimelineReverted`)."""
        ...

    async def stream_version(self, stream_id: str) -> int: ...

    async def count_commands(self, stream_id: str, seat_id: str, since: datetime) -> int:
        """How many distinct commands of `seat_id` appended events to the stream at or after `since`."""
        ...

    async def read_all(self, after: Position, limit: int = 1000) -> list[RecordedEvent]:
        """Events of every stream after `after`, in a stable order, never past an in-flight transaction."""
        ...

    async def find_idempotent(self, caller: str, key: str, stream_id: str = "") -> IdempotencyRecord | None: ...

    async def remember_outcome(self, record: IdempotencyRecord) -> IdempotencyRecord:
        """Store an outcome that appended nothing (a refusal); returns the record that won a race."""
        ...

    async def verify_stream(self, stream_id: str) -> IntegrityReport: ...


class TimeIndex(Protocol):
    """Lookups that map a turn or a moment to a stream version (for time travel)."""

    async def version_at_time(self, stream_id: str, at: datetime) -> int:
        """The last version recorded at or before `at` (0 if none)."""
        ...

    async def turn_versions(self, stream_id: str, turn: int) -> list[int]:
        """Versions of the `PhaseStarted` events of `turn`, in order (a rolled-back turn may start twice)."""
        ...
