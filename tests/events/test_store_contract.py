"""One contract for every event store: run against the in-memory store and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime

import asyncpg
import pytest

from events.memory import InMemoryEventStore
from events.postgres import PostgresEventStore, announcements
from events.store import (
    START,
    ConcurrencyConflict,
    EventMetadata,
    EventStore,
    IdempotencyRecord,
    IdempotencyReplay,
    NewEvent,
    canonical,
)
from server.database import create_pool
from tests.conftest import fresh_database

META = EventMetadata(actor="tester", role="gm", recorded_at=datetime(2026, 1, 1, tzinfo=UTC), turn=1)
Tamper = Callable[[str, int, bytes], Awaitable[None]]


def ev(n: int) -> NewEvent:
    return NewEvent(type="Thing", data=b'{"n":%d,"type":"Thing"}' % n)


@pytest.fixture(params=["memory", "postgres"])
async def store_and_tamper(request: pytest.FixtureRequest) -> AsyncIterator[tuple[EventStore, Tamper]]:
    if request.param == "memory":
        mem = InMemoryEventStore()

        async def tamper_mem(stream: str, version: int, data: bytes) -> None:
            import msgspec

            events = mem._streams[stream]
            events[version - 1] = msgspec.structs.replace(events[version - 1], data=data)

        yield mem, tamper_mem
        return
    async with fresh_database(request.getfixturevalue("pg_server")) as url:
        pool = await create_pool(url, min_size=1, max_size=20)
        try:
            yield PostgresEventStore(pool), _pg_tamper(pool)
        finally:
            await pool.close()


def _pg_tamper(pool: asyncpg.Pool) -> Tamper:

    async def tamper_pg(stream: str, version: int, data: bytes) -> None:
        async with pool.acquire() as conn:
            await conn.execute("ALTER TABLE events DISABLE TRIGGER events_no_update")
            await conn.execute(
                "UPDATE events SET data = $3 WHERE stream_id = $1 AND stream_version = $2",
                stream,
                version,
                data,
            )
            await conn.execute("ALTER TABLE events ENABLE TRIGGER events_no_update")

    return tamper_pg


@pytest.fixture
def store(store_and_tamper: tuple[EventStore, Tamper]) -> EventStore:
    return store_and_tamper[0]


async def test_appends_get_gap_free_versions_starting_at_one(store: EventStore) -> None:
    first = await store.append("s-1", 0, [ev(1), ev(2)], META)
    second = await store.append("s-1", 2, [ev(3)], META)
    assert [e.stream_version for e in first + second] == [1, 2, 3]
    assert await store.stream_version("s-1") == 3
    assert [canonical(e.data) for e in await store.read_stream("s-1")] == [ev(i).data for i in (1, 2, 3)]


async def test_append_at_a_stale_version_is_a_conflict_and_appends_nothing(store: EventStore) -> None:
    await store.append("s-2", 0, [ev(1)], META)
    with pytest.raises(ConcurrencyConflict) as info:
        await store.append("s-2", 0, [ev(2), ev(3)], META)
    assert (info.value.expected, info.value.actual) == (0, 1)
    assert await store.stream_version("s-2") == 1


async def test_append_ahead_of_the_stream_is_a_conflict(store: EventStore) -> None:
    with pytest.raises(ConcurrencyConflict):
        await store.append("s-3", 5, [ev(1)], META)


async def test_concurrent_appends_at_one_version_let_exactly_one_win(store: EventStore) -> None:
    await store.append("s-4", 0, [ev(0)], META)
    results = await asyncio.gather(*(store.append("s-4", 1, [ev(i)], META) for i in range(10)), return_exceptions=True)
    winners = [r for r in results if not isinstance(r, BaseException)]
    assert len(winners) == 1
    assert all(isinstance(r, ConcurrencyConflict) for r in results if isinstance(r, BaseException))
    assert (await store.verify_stream("s-4")).ok


async def test_read_stream_by_range(store: EventStore) -> None:
    await store.append("s-5", 0, [ev(i) for i in range(1, 7)], META)
    assert [e.stream_version for e in await store.read_stream("s-5", after_version=2, to_version=4)] == [3, 4]
    assert [e.stream_version for e in await store.read_stream("s-5", after_version=4, limit=1)] == [5]
    assert await store.read_stream("missing") == []


async def pages(store: EventStore, stream: str, **kwargs: int) -> list[list[int]]:
    async with contextlib.aclosing(store.read_pages(stream, **kwargs)) as reader:
        return [[row[0] for row in page] async for page in reader]


async def test_read_pages_is_read_data_a_page_at_a_time(store: EventStore) -> None:
    await store.append("s-5p", 0, [ev(i) for i in range(1, 8)], META)
    whole = [(v, t, bytes(d)) for v, t, d in await store.read_data("s-5p")]
    assert [list(page) for page in await _rows(store, "s-5p", page_size=3)] == [whole[0:3], whole[3:6], whole[6:7]]
    assert await pages(store, "s-5p", page_size=7) == [[1, 2, 3, 4, 5, 6, 7]]  # full: no empty page after it
    assert await pages(store, "s-5p", after_version=2, to_version=6, page_size=2) == [[3, 4], [5, 6]]
    assert await pages(store, "s-5p", after_version=7) == []
    assert await pages(store, "missing") == []


async def _rows(store: EventStore, stream: str, page_size: int) -> list[list[tuple[int, str, bytes]]]:
    async with contextlib.aclosing(store.read_pages(stream, page_size=page_size)) as reader:
        return [[(v, t, bytes(d)) for v, t, d in page] async for page in reader]


async def test_a_page_reader_closed_early_leaves_the_store_usable(store: EventStore) -> None:
    await store.append("s-5q", 0, [ev(i) for i in range(1, 10)], META)
    async with contextlib.aclosing(store.read_pages("s-5q", page_size=2)) as reader:
        async for page in reader:
            assert [row[0] for row in page] == [1, 2]
            break  # the reader reading ahead is stopped, its connection given back
    if isinstance(store, PostgresEventStore):
        assert store.pool.get_idle_size() == store.pool.get_size()
    assert await pages(store, "s-5q", page_size=4) == [[1, 2, 3, 4], [5, 6, 7, 8], [9]]


async def test_metadata_is_stored_with_each_event(store: EventStore) -> None:
    [event] = await store.append("s-6", 0, [ev(1)], META)
    [read] = await store.read_stream("s-6")
    assert read.meta() == META == event.meta()


async def test_the_hash_chain_links_each_event_to_the_previous(store: EventStore) -> None:
    events = await store.append("s-7", 0, [ev(1), ev(2)], META)
    events += await store.append("s-7", 2, [ev(3)], META)
    assert events[0].prev_hash == bytes(32)
    assert all(b.prev_hash == a.hash for a, b in itertools.pairwise(events))
    report = await store.verify_stream("s-7")
    assert report.ok and report.checked == 3 and report.head_hash == events[-1].hash.hex()


async def test_verify_finds_the_first_tampered_event(store_and_tamper: tuple[EventStore, Tamper]) -> None:
    store, tamper = store_and_tamper
    await store.append("s-8", 0, [ev(i) for i in range(1, 5)], META)
    await tamper("s-8", 3, b'{"n":999,"type":"Thing"}')
    report = await store.verify_stream("s-8")
    assert not report.ok and report.first_bad_version == 3


async def test_an_idempotent_append_is_recorded_with_its_events(store: EventStore) -> None:
    record = IdempotencyRecord(caller="c", key="k1", request_hash=b"h", outcome=b"o", stream_id="s-9")
    await store.append("s-9", 0, [ev(1)], META, idempotency=record)
    assert await store.find_idempotent("c", "k1", "s-9") == record
    with pytest.raises(IdempotencyReplay) as info:
        await store.append("s-9", 1, [ev(2)], META, idempotency=record)
    assert info.value.record == record
    assert await store.stream_version("s-9") == 1


async def test_idempotency_keys_are_per_stream(store: EventStore) -> None:
    """Keys are kept per game (migration 008, for sharding by game): the same key on another stream is new."""
    first = IdempotencyRecord(caller="c", key="k", request_hash=b"1", outcome=b"x", stream_id="s-11")
    await store.append("s-11", 0, [ev(1)], META, idempotency=first)
    second = IdempotencyRecord(caller="c", key="k", request_hash=b"2", outcome=b"y", stream_id="s-12")
    await store.append("s-12", 0, [ev(1)], META, idempotency=second)
    assert await store.find_idempotent("c", "k", "s-11") == first
    assert await store.find_idempotent("c", "k", "s-12") == second
    assert await store.find_idempotent("c", "k") is None


async def test_idempotency_keys_are_per_caller(store: EventStore) -> None:
    await store.append(
        "s-10", 0, [ev(1)], META, IdempotencyRecord(caller="a", key="k", request_hash=b"1", outcome=b"x")
    )
    await store.append(
        "s-10", 1, [ev(2)], META, IdempotencyRecord(caller="b", key="k", request_hash=b"2", outcome=b"y")
    )
    assert await store.stream_version("s-10") == 2


async def test_a_remembered_refusal_keeps_the_first_outcome(store: EventStore) -> None:
    first = IdempotencyRecord(caller="c", key="r", request_hash=b"1", outcome=b"first")
    assert await store.remember_outcome(first) == first
    again = await store.remember_outcome(IdempotencyRecord(caller="c", key="r", request_hash=b"2", outcome=b"x"))
    assert again == first


async def test_read_all_orders_every_stream_and_resumes_from_a_position(store: EventStore) -> None:
    await store.append("a", 0, [ev(1), ev(2)], META)
    await store.append("b", 0, [ev(3)], META)
    await store.append("a", 2, [ev(4)], META)
    everything = await store.read_all(START)
    ours = [e for e in everything if e.stream_id in ("a", "b")]
    assert [canonical(e.data) for e in ours] == [ev(i).data for i in (1, 2, 3, 4)]
    rest = await store.read_all(ours[1].position)
    assert [canonical(e.data) for e in rest if e.stream_id in ("a", "b")] == [ev(i).data for i in (3, 4)]
    assert [e.position for e in everything] == sorted(e.position for e in everything)


async def test_read_all_never_passes_an_uncommitted_transaction(pool: asyncpg.Pool) -> None:
    """A transaction that started first but commits last must not be skipped by a reader."""
    store = PostgresEventStore(pool)
    async with pool.acquire() as slow:
        tx = slow.transaction()
        await tx.start()
        await slow.execute(
            "INSERT INTO events (stream_id, stream_version, type, data, metadata, recorded_at, prev_hash, hash) "
            "VALUES ('slow', 1, 'Thing', '{}', '{}', now(), ''::bytea, ''::bytea)"
        )
        await store.append("fast", 0, [ev(1)], META)
        seen = await store.read_all(START)
        assert [e.stream_id for e in seen] == []  # the fast one waits behind the slow transaction
        await tx.commit()
    seen = await store.read_all(START)
    assert [e.stream_id for e in seen] == ["slow", "fast"]


async def test_events_cannot_be_updated_or_deleted(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    await store.append("s-imm", 0, [ev(1)], META)
    with pytest.raises(asyncpg.RaiseError):
        await pool.execute("UPDATE events SET type = 'x' WHERE stream_id = 's-imm'")
    with pytest.raises(asyncpg.RaiseError):
        await pool.execute("DELETE FROM events WHERE stream_id = 's-imm'")


async def test_a_stale_head_cache_in_another_process_still_conflicts(pool: asyncpg.Pool) -> None:
    one, two = PostgresEventStore(pool), PostgresEventStore(pool)
    await one.append("s-two", 0, [ev(1)], META)
    await two.append("s-two", 1, [ev(2)], META)  # `one` still believes the head is version 1
    with pytest.raises(ConcurrencyConflict) as info:
        await one.append("s-two", 1, [ev(3)], META)
    assert info.value.actual == 2
    await one.append("s-two", 2, [ev(3)], META)
    assert (await one.verify_stream("s-two")).ok


async def test_notify_wakes_readers_in_another_process(pool: asyncpg.Pool, db_url: str) -> None:
    """LISTEN/NOTIFY is only a wake-up: a second store (as another process would) learns of the append."""
    reader, writer = PostgresEventStore(pool), PostgresEventStore(pool)
    listening = asyncio.create_task(reader.listen(db_url))
    publishing = asyncio.create_task(writer.publish(db_url))
    try:
        await asyncio.wait_for(reader.listening.wait(), 10)
        waiting = asyncio.create_task(reader.notifier.wait("s-wake", 10))
        await asyncio.sleep(0.1)
        await writer.append("s-wake", 0, [ev(1)], META)
        assert await waiting is True
    finally:
        listening.cancel()
        publishing.cancel()
        await asyncio.gather(listening, publishing, return_exceptions=True)


async def test_one_notify_announces_every_stream_of_a_batch_to_another_process(pool: asyncpg.Pool, db_url: str) -> None:
    """Appends to many streams at once reach another process's readers of each stream, and its observers learn
    each stream's newest version; the writer's own listener takes in none of its own announcements."""
    reader, writer = PostgresEventStore(pool), PostgresEventStore(pool)
    heard: dict[str, int] = {}
    reader.notifier.observe(lambda stream, version: heard.__setitem__(stream, max(version, heard.get(stream, 0))))
    own: list[str] = []
    writer.notifier.observe(lambda stream, version: own.append(stream))
    tasks = [
        asyncio.create_task(reader.listen(db_url)),
        asyncio.create_task(writer.listen(db_url)),
        asyncio.create_task(writer.publish(db_url)),
    ]
    try:
        await asyncio.wait_for(reader.listening.wait(), 10)
        await asyncio.wait_for(writer.listening.wait(), 10)
        streams = [f"s-batch-{i:03d}-{'x' * 100}" for i in range(200)]  # more than one payload's worth
        waiting = [asyncio.create_task(reader.notifier.wait(s, 10)) for s in streams]
        await asyncio.sleep(0.1)
        await asyncio.gather(*(writer.append(s, 0, [ev(1)], META) for s in streams))
        await asyncio.gather(*(writer.append(s, 1, [ev(2)], META) for s in streams[:3]))
        assert all(await asyncio.gather(*waiting))
        for _ in range(100):
            if all(heard.get(s) == (2 if s in streams[:3] else 1) for s in streams):
                break
            await asyncio.sleep(0.05)
        assert all(heard.get(s) == (2 if s in streams[:3] else 1) for s in streams)
        assert own == []
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def test_announcements_fit_notify_payloads_and_read_back() -> None:
    heads = {f"game-{i:05d}-{'y' * 40}": i for i in range(1, 400)}
    payloads = announcements(heads)
    assert len(payloads) > 1 and all(len(p.encode()) < 8000 for p in payloads)
    read = {}
    for payload in payloads:
        for line in payload.split("\n"):
            stream, _, version = line.partition(" ")
            read[stream] = int(version)
    assert read == heads
    assert announcements({"game-a": 3}) == ["game-a 3"]  # one stream: the payload of before
    assert announcements({}) == []


async def test_the_chain_holds_for_non_canonical_event_json(store: EventStore) -> None:
    """Whitespace and key order in the data given to append must not break verification."""
    await store.append("s-raw", 0, [NewEvent(type="Thing", data=b'{ "z": 1,  "a": {"y": [1, 2], "b": null} }')], META)
    assert (await store.verify_stream("s-raw")).ok
