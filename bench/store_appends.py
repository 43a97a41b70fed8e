"""Appends/s through `PostgresEventStore.append` vs a bare asyncpg INSERT into an identical table.

Each writer appends one event per call to a stream of its own, tracking its expected version; writers run
concurrently (1, 8 and 32 by default), each with a pooled connection. The store runs twice: with its NOTIFY
(the server's setting: its publisher task running when the store has one, and one connection LISTENing as a
server's would; the count of notifications received per append is printed) and with `notify=False`.

The baseline table is `CREATE TABLE events_raw (LIKE events INCLUDING ALL)` (same columns, defaults, identity,
check, unique and secondary indexes) plus the same trigger; its writers INSERT the same bytes (event data,
encoded metadata, 32-byte hashes) with one `pool.execute` per event. Configurations are interleaved in short
windows (0.5 s, order rotating), many rounds; each ratio is taken within a round (same moment, same load) and
the median over rounds is reported.

    python -m bench.store_appends [--writers 1 8 32] [--seconds 0.5] [--repeats 12] [--waits] [--verbose] [--quick]
"""

from __future__ import annotations

import asyncio
import hashlib
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import asyncpg

from bench._common import fresh_database, machine, median, parser, postgres_server, server_settings, spread
from events.codec import encode
from events.postgres import CHANNEL, PostgresEventStore
from events.store import EventMetadata, NewEvent, encode_metadata
from server.database import create_pool
from tests.rulesets.sealed_bids import NoteWritten

TARGET = 0.7
WARMUP = 0.1

_RAW_TABLE = """
CREATE TABLE events_raw (LIKE events INCLUDING ALL);
CREATE TRIGGER events_raw_no_update BEFORE UPDATE OR DELETE ON events_raw
    FOR EACH ROW EXECUTE FUNCTION events_are_immutable();
"""
_RAW_INSERT = """
INSERT INTO events_raw (stream_id, stream_version, type, data, metadata, recorded_at, prev_hash, hash)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
"""

# One event and its metadata as the command handler would build them for a seat's WriteNote.
EVENT = NewEvent(type="NoteWritten", data=encode(NoteWritten(bidder="ann", text="bid low, then raise on turn 3")))
META = EventMetadata(
    actor="seat:seat-1a2b3c4d",
    role="player",
    recorded_at=datetime(2026, 1, 1, tzinfo=UTC),
    seat_id="seat-1a2b3c4d",
    token_id="k7Qm2xZp",
    command_id=str(uuid.uuid4()),
    command_type="WriteNote",
    correlation_id=str(uuid.uuid4()),
    causation_id=str(uuid.uuid4()),
    turn=3,
)
META_BYTES = encode_metadata(META)
HASH = hashlib.sha256(b"bench").digest()

Writer = Callable[[str], Awaitable[None]]


async def measure(
    make_writer: Callable[[], Writer], writers: int, seconds: float, tag: str
) -> tuple[float, float, int]:
    """Appends per second over `seconds`, after a short warm-up, with `writers` concurrent writers; the
    client process's CPU microseconds per append (less disturbed by the machine's other load); and the number
    of appends made in all, warm-up included."""
    counts = [0] * writers
    stop = False

    async def loop(i: int) -> None:
        write = make_writer()
        stream = f"bench-{tag}-{i}"
        while not stop:
            await write(stream)
            counts[i] += 1

    tasks = [asyncio.create_task(loop(i)) for i in range(writers)]
    await asyncio.sleep(WARMUP)
    before, t0, cpu0 = sum(counts), time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    done, elapsed, cpu = sum(counts) - before, time.perf_counter() - t0, time.process_time() - cpu0
    stop = True
    await asyncio.gather(*tasks)
    return done / elapsed, 1e6 * cpu / max(done, 1), sum(counts)


def store_writer(store: PostgresEventStore) -> Callable[[], Writer]:
    def make() -> Writer:
        version = 0

        async def write(stream: str) -> None:
            nonlocal version
            await store.append(stream, version, [EVENT], META)
            version += 1

        return write

    return make


async def start_publisher(store: PostgresEventStore, url: str, notified: list[int]) -> asyncio.Task[None] | None:
    """Run the store's NOTIFY publisher as the server does, and wait until a probe append is announced.

    Stores without a `publish` task NOTIFY inside each append instead: nothing to start (returns `None`).
    """
    publish = getattr(store, "publish", None)
    if publish is None:
        return None
    task = asyncio.create_task(publish(url))
    deadline = time.monotonic() + 10
    version = 0
    while notified[0] == 0:
        if time.monotonic() > deadline:
            raise RuntimeError("the store's NOTIFY publisher announced nothing within 10 s")
        await store.append("bench-probe", version, [EVENT], META)
        version += 1
        await asyncio.sleep(0.05)
    return task


def raw_writer(pool: asyncpg.Pool) -> Callable[[], Writer]:
    def make() -> Writer:
        version = 0

        async def write(stream: str) -> None:
            nonlocal version
            version += 1
            await pool.execute(
                _RAW_INSERT, stream, version, EVENT.type, EVENT.data, META_BYTES, META.recorded_at, HASH, HASH
            )

        return write

    return make


async def sample_waits(url: str, waits: Counter[str]) -> None:
    """What the benchmark's active backends wait on, sampled every 20 ms (`--waits`), until cancelled."""
    conn = await asyncpg.connect(url)
    try:
        while True:
            rows = await conn.fetch(
                "SELECT coalesce(wait_event_type || ':' || wait_event, 'on CPU') FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'"
            )
            waits.update(r[0] for r in rows)
            await asyncio.sleep(0.02)
    finally:
        await conn.close()


def top_waits(waits: Counter[str]) -> str:
    total = sum(waits.values()) or 1
    return ", ".join(f"{name} {100 * n / total:.0f}%" for name, n in waits.most_common(3))


async def run(server: str, writer_counts: list[int], seconds: float, repeats: int, waits: bool, verbose: bool) -> None:
    variants = ("raw INSERT", "store, NOTIFY on", "store, NOTIFY off")
    results: dict[tuple[int, str], list[float]] = {}
    wait_events: dict[tuple[int, str], Counter[str]] = {}
    cpu: dict[str, list[float]] = {}
    notifications: list[float] = []
    async with fresh_database(server) as url:
        print(f"PostgreSQL: {await server_settings(url)}; {machine()}")
        admin = await asyncpg.connect(url)
        await admin.execute(_RAW_TABLE)
        listener = await asyncpg.connect(url)  # a server LISTENs; notifications are delivered to it
        notified = [0]
        await listener.add_listener(CHANNEL, lambda *_: notified.__setitem__(0, notified[0] + 1))
        try:
            for writers in writer_counts:
                pool = await create_pool(url, min_size=writers, max_size=writers)
                notifying = PostgresEventStore(pool)
                publishing = await start_publisher(notifying, url, notified)
                makers = {
                    "raw INSERT": raw_writer(pool),
                    "store, NOTIFY on": store_writer(notifying),
                    "store, NOTIFY off": store_writer(PostgresEventStore(pool, notify=False)),
                }
                for round_ in range(1, repeats + 1):
                    order = variants[round_ % 3 :] + variants[: round_ % 3]  # rotate who goes first
                    line = []
                    for variant in order:
                        tag = f"{round_}-{writers}-{variant.replace(' ', '').replace(',', '')}"
                        counter = wait_events.setdefault((writers, variant), Counter())
                        sampler = asyncio.create_task(sample_waits(url, counter)) if waits else None
                        before = notified[0]
                        rate, cpu_us, appended = await measure(makers[variant], writers, seconds, tag)
                        cpu.setdefault(variant, []).append(cpu_us)
                        if variant == "store, NOTIFY on":
                            await asyncio.sleep(0.05)  # the last announcements of the window
                            notifications.append((notified[0] - before) / max(appended, 1))
                        if sampler is not None:
                            sampler.cancel()
                            await asyncio.gather(sampler, return_exceptions=True)
                        results.setdefault((writers, variant), []).append(rate)
                        line.append(f"{variant} {rate:,.0f}/s")
                    if verbose:
                        print(f"  {writers:>2} writers, round {round_:>2}: " + "   ".join(line), flush=True)
                if publishing is not None:
                    publishing.cancel()
                    await asyncio.gather(publishing, return_exceptions=True)
                await pool.close()
                raw = results[(writers, "raw INSERT")]
                print(f"  {writers:>2} writers: raw INSERT per round {spread(raw)}", flush=True)
        finally:
            await listener.close()
            await admin.close()

    print(f"\nappends/s, one event per append, median of {repeats} rounds of {seconds:g} s (ratios paired per round):")
    print(f"  {'writers':>7} {'raw INSERT':>12} {'store+NOTIFY':>13} {'ratio':>6} {'store-NOTIFY':>13} {'ratio':>6}")
    worst = float("inf")
    for writers in writer_counts:
        raw = results[(writers, "raw INSERT")]
        on = results[(writers, "store, NOTIFY on")]
        off = results[(writers, "store, NOTIFY off")]
        r_on = median([a / b for a, b in zip(on, raw, strict=True)])
        r_off = median([a / b for a, b in zip(off, raw, strict=True)])
        worst = min(worst, r_on)
        print(
            f"  {writers:>7} {median(raw):>12,.0f} {median(on):>13,.0f} {r_on:>6.2f} {median(off):>13,.0f} "
            f"{r_off:>6.2f}"
        )
    print(
        f"  target store/raw >= {TARGET} (NOTIFY on, the server's setting): worst {worst:.2f}, "
        f"{'met' if worst >= TARGET else 'MISSED'}"
    )
    print(
        "  client CPU per append (all writer counts, median): "
        + ", ".join(f"{variant} {median(values):.0f} us" for variant, values in cpu.items())
    )
    print(f"  NOTIFYs received per append with NOTIFY on (median): {median(notifications):.2f}")
    if waits:
        print("\nwhat active backends waited on (share of samples):")
        for (writers, variant), counter in sorted(wait_events.items()):
            print(f"  {writers:>2} writers, {variant:<18} {top_waits(counter)}")


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--writers", type=int, nargs="+", default=[1, 8, 32])
    p.add_argument("--seconds", type=float, default=0.5, help="measured seconds per configuration")
    p.add_argument("--verbose", action="store_true", help="print every round")
    p.add_argument("--waits", action="store_true", help="also sample and print PostgreSQL wait events")
    args = p.parse_args()
    if args.quick:
        args.writers, args.seconds = [1, 8], 0.5
    repeats = args.repeats or (1 if args.quick else 12)
    with postgres_server() as server:
        asyncio.run(run(server, args.writers, args.seconds, repeats, args.waits, args.verbose))


if __name__ == "__main__":
    main()
