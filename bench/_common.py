"""Shared plumbing for the benchmarks: a database to run against, statistics, and a long test-bids game.

A benchmark gets its PostgreSQL from `PANTHEON_DATABASE_URL` (a fresh `bench_*` database is created there and
dropped afterwards) or, by default, from an embedded server started in a temporary directory and deleted on
exit. Only local sockets are used.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import tempfile
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import msgspec

from domain import rulesets
from domain.engine import game as engine
from domain.engine.messages import (
    GameCreated,
    GameStarted,
    PhaseEnded,
    PhaseStarted,
    SeatAdded,
    TurnEnded,
    TurnStarted,
)
from events.codec import codec_for, encode, tag_of
from events.postgres import PostgresEventStore
from events.store import EventMetadata, NewEvent
from projections.snapshots import kept
from projections.state import SNAPSHOT_SPACING, SNAPSHOTS_KEPT
from server.database import database_url, ensure_database, start_embedded
from tests.rulesets import sealed_bids

BIDDERS = ("ann", "bob", "cat", "dan")


def register_test_ruleset() -> None:
    with contextlib.suppress(rulesets.UnknownRuleset):
        if rulesets.get(sealed_bids.ruleset.id, sealed_bids.ruleset.version) is sealed_bids.ruleset:
            return
    rulesets.register(sealed_bids.ruleset)


# --- the database -----------------------------------------------------------------------------------------


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server's `postgres` database: `PANTHEON_DATABASE_URL`'s, or a temporary one."""
    external = os.environ.get("PANTHEON_DATABASE_URL")
    if external:
        yield database_url(external, "postgres")
        return
    tmp = Path(tempfile.mkdtemp(prefix="pantheon-bench-"))
    embedded = start_embedded(tmp, delete_on_stop=True)
    try:
        yield database_url(embedded.url, "postgres")
    finally:
        embedded.stop()
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.asynccontextmanager
async def fresh_database(server_url: str) -> Any:
    """A new migrated database on `server_url`'s server, dropped afterwards."""
    name = f"bench_{uuid.uuid4().hex[:10]}"
    url = database_url(server_url, name)
    await ensure_database(url)
    try:
        yield url
    finally:
        admin = await asyncpg.connect(server_url)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


async def server_settings(url: str) -> dict[str, str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT name, setting FROM pg_settings WHERE name IN "
            "('server_version', 'fsync', 'synchronous_commit', 'shared_buffers', 'max_connections')"
        )
        return {r[0]: r[1] for r in rows}
    finally:
        await conn.close()


# --- arguments and statistics -----------------------------------------------------------------------------


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--quick", action="store_true", help="a tiny run (seconds) to check that the benchmark works")
    p.add_argument("--repeats", type=int, default=None, help="rounds per configuration (median reported)")
    return p


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-p * len(ordered) // 100))))
    return ordered[rank - 1]


def spread(values: Sequence[float]) -> str:
    return f"[{', '.join(f'{v:,.0f}' for v in values)}]"


def machine() -> str:
    return f"{os.cpu_count()} CPUs, load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}"


# --- a long test-bids game, built fast --------------------------------------------------------------------


@dataclass
class BuiltGame:
    game_id: str
    stream_id: str
    head: int
    snapshots: int
    turns: int


def _game_commands(game_id: str, n_events: int, start: datetime) -> Iterator[list[Any]]:
    """The events of a plausible game, grouped as the commands that would have produced them.

    Each turn: 60 sealed bids and notes in `bidding`, an auction, 30 notes in `talk`, then the next turn. No
    dice (tie_break "nobody") and nobody ever wins, so the game runs as long as asked.
    """
    clock = iter(start + timedelta(seconds=i) for i in range(10**9))
    setup = encode(sealed_bids.Setup(bidders=list(BIDDERS), starting_gold=10**9, points_to_win=10**9))
    yield [
        GameCreated(
            game_id=game_id,
            name="Benchmark game",
            ruleset_id="test-bids",
            ruleset_version=1,
            gm="admin",
            created_at=next(clock),
            dice_commitment="0" * 64,
            setup=msgspec.Raw(setup),
            settings=msgspec.Raw(b'{"tie_break":"nobody"}'),
        )
    ]
    for i, bidder in enumerate(BIDDERS):
        yield [SeatAdded(seat_id=f"seat-{i}", name=bidder, role="player", token_id=f"tok-{i}", controls=bidder)]
    now = next(clock)
    yield [
        GameStarted(at=now),
        TurnStarted(turn=1, at=now),
        PhaseStarted(turn=1, phase="bidding", at=now, deadline=now + timedelta(days=1)),
    ]
    emitted, turn, step = 8, 1, 0
    bids: dict[str, int] = {}
    while emitted < n_events:
        for k in range(60):
            bidder = BIDDERS[step % 4]
            step += 1
            if k % 3 == 0:
                amount = (step * 7919) % 1000
                bids[bidder] = amount
                yield [sealed_bids.BidPlaced(bidder=bidder, amount=amount)]
            else:
                yield [sealed_bids.NoteWritten(bidder=bidder, text=f"turn {turn}: {bidder} muses on lot #{step}")]
        now = next(clock)
        top = max(bids.values())
        winners = [b for b, a in bids.items() if a == top]
        winner = winners[0] if len(winners) == 1 else None
        yield [
            sealed_bids.AuctionWon(bidder=winner, amount=top if winner else 0),
            PhaseEnded(turn=turn, phase="bidding", at=now),
            PhaseStarted(turn=turn, phase="talk", at=now),
        ]
        bids = {}
        for _ in range(30):
            bidder = BIDDERS[step % 4]
            step += 1
            yield [sealed_bids.NoteWritten(bidder=bidder, text=f"turn {turn}: {bidder} talks about #{step}")]
        now = next(clock)
        yield [
            PhaseEnded(turn=turn, phase="talk", at=now),
            TurnEnded(turn=turn, at=now),
            TurnStarted(turn=turn + 1, at=now),
            PhaseStarted(turn=turn + 1, phase="bidding", at=now, deadline=now + timedelta(days=1)),
        ]
        turn += 1
        emitted += 60 + 3 + 30 + 4


async def build_game(
    pool: asyncpg.Pool, n_events: int, *, snapshot_every: int = 200, batch: int = 5000, spacing: int = SNAPSHOT_SPACING
) -> BuiltGame:
    """Append a game of about `n_events` events in big pre-encoded batches through the store, and write the
    snapshots the server's default policy would have kept (written every `snapshot_every` events and at every
    turn boundary, checked after each command as `GameStates.remember` does, then pruned by the policy)."""
    register_test_ruleset()
    ruleset = sealed_bids.ruleset
    codec = codec_for(ruleset)
    store = PostgresEventStore(pool, notify=False)
    game_id = str(uuid.uuid4())
    stream = f"game-{game_id}"
    start = datetime(2026, 1, 1, tzinfo=UTC)
    pending: list[NewEvent] = []
    snapshots: list[tuple[str, int, str, int, bytes]] = []
    state: Any = None
    version = appended = turns = 0

    async def flush() -> None:
        nonlocal appended, pending
        if pending:
            meta = EventMetadata(
                actor="admin", role="admin", recorded_at=start + timedelta(seconds=appended), command_type="Benchmark"
            )
            await store.append(stream, appended, pending, meta)
            appended += len(pending)
            pending = []

    for group in _game_commands(game_id, n_events, start):
        first = version + 1
        for event in group:
            state = engine.evolve(ruleset, state, event)
            pending.append(NewEvent(type=tag_of(event), data=encode(event)))
        version += len(group)
        started = any(isinstance(e, TurnStarted) for e in group)
        turns += started
        if started or version // snapshot_every > (first - 1) // snapshot_every:
            snapshots.append((stream, version, ruleset.id, ruleset.version, codec.encode_state(state)))
        if len(pending) >= batch:
            await flush()
    await flush()
    keep = kept([v for _, v, _, _, _ in snapshots], SNAPSHOTS_KEPT, spacing)  # the server's policy
    snapshots = [row for row in snapshots if row[1] in keep]
    async with pool.acquire() as conn, conn.transaction():
        await conn.executemany(
            "INSERT INTO snapshots (stream_id, stream_version, ruleset_id, ruleset_version, state) "
            "VALUES ($1, $2, $3, $4, $5)",
            snapshots,
        )
        await conn.execute("ANALYZE events")
        await conn.execute("ANALYZE snapshots")
    return BuiltGame(game_id=game_id, stream_id=stream, head=version, snapshots=len(snapshots), turns=turns)
