"""Read-model catch-up with many idle games: its cost against the number of games (issue 15).

One active game (a real test-bids game played through `CommandHandler`) gets one new event per round; the
read-model runner then catches up, and the wall time of that `catch_up()` (database round trips included) is
measured. Around it, N idle games that the runner has already caught up with: each is its head and checkpoint
rows (`stream_heads`, `projection_checkpoints`), which is all that finding the games behind reads of an idle
game (their events are read by neither runner, so none are written here). N grows 0 → 10,000 → 100,000.

Two runners, interleaved in every round on the same database:
- `queue`: this tree's `ReadModelRunner` (migration 012: it reads the queue of changed streams);
- `scan`: the same runner with the previous way of finding the games behind, copied here from commit 7730d01:
  one scan of every game's head joined with its checkpoint.
Each prints the median catch-up time per N, and its ratio to N = 0 (min / median / max over the paired rounds),
and, per N, the pages (buffers) that each way's query touches to find the one changed game (EXPLAIN ANALYZE).

    python -m bench.catch_up [--idle 0,10000,100000] [--repeats 30] [--quick]
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any

import msgspec

from bench._common import fresh_database, machine, median, parser, postgres_server, register_test_ruleset
from domain.engine import Actor
from events.handler import Accepted, CommandHandler
from events.postgres import PostgresEventStore
from events.secrets import PostgresSecretStore
from projections import readmodels
from projections.readmodels import NAME, ReadModelRunner
from projections.snapshots import PostgresSnapshotStore
from projections.state import GameStates
from server.database import create_pool
from tests.rulesets import sealed_bids

GM = Actor(principal="gm", role="gm", token_id="gm-token")
# 7730d01's way of finding the games behind (projections/readmodels.py before migration 012).
_SCAN = """
SELECT h.stream_id, h.version, coalesce(c.version, 0) FROM stream_heads h
LEFT JOIN projection_checkpoints c ON c.stream_id = h.stream_id AND c.name = $1
WHERE h.stream_id LIKE 'game-%' AND h.version > coalesce(c.version, 0)
LIMIT $2
"""
_IDLE = """
WITH ids AS (SELECT 'game-idle-' || g AS stream_id FROM generate_series($1::int, $2::int - 1) g),
heads AS (INSERT INTO stream_heads (stream_id, version) SELECT stream_id, 12 FROM ids)
INSERT INTO projection_checkpoints (stream_id, name, version) SELECT stream_id, $3, 12 FROM ids
"""


class ScanRunner(ReadModelRunner):
    """The runner as it was at 7730d01: it scans every game's head for the games behind."""

    async def _step(self, conn: Any) -> tuple[int, int]:
        read = 0
        rows = await conn.fetch(_SCAN, NAME, readmodels._GAMES)
        for stream_id, head, done in rows:
            events = await self.store.read_stream(stream_id, after_version=done, to_version=head, limit=500)
            if events:
                await self._apply_batch(conn, stream_id, events)
            read += len(events)
        return len(rows), read


async def one_event(handler: CommandHandler, game_id: str) -> None:
    body = msgspec.json.encode({"type": "GrantGold", "bidder": "ann", "amount": 1, "reason": "bench"})
    assert isinstance(await handler.submit(game_id, body, GM), Accepted)


async def pages(pool: Any) -> str:
    """The buffers (8 KiB pages, shared hits + reads) each way of finding the games behind touches: a measure of
    work that the machine's load does not disturb."""
    explain = "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) "
    changed = await pool.fetch(readmodels._CHANGED, readmodels._GAMES)
    queue = [
        await pool.fetchval(explain + readmodels._CHANGED, readmodels._GAMES),
        await pool.fetchval(explain + readmodels._DONE, [r[0] for r in changed], NAME),
    ]
    scan = [await pool.fetchval(explain + _SCAN, NAME, readmodels._GAMES)]

    def total(plans: list[str]) -> int:
        return sum(p["Shared Hit Blocks"] + p["Shared Read Blocks"] for p in (json.loads(x)[0]["Plan"] for x in plans))

    return f"queue {total(queue)}, scan {total(scan)}"


async def timed(runner: ReadModelRunner) -> float:
    t0 = time.perf_counter()
    read = await runner.catch_up()
    elapsed = (time.perf_counter() - t0) * 1000
    assert read == 1, f"{type(runner).__name__} read {read} events, expected the one new event"
    return elapsed


async def run(url: str, idle_counts: list[int], repeats: int) -> None:
    pool = await create_pool(url)
    try:
        store = PostgresEventStore(pool)
        handler = CommandHandler(store, GameStates(store, PostgresSnapshotStore(pool)), PostgresSecretStore(pool))
        setup = msgspec.json.encode(sealed_bids.Setup(bidders=["ann", "bob"], points_to_win=10**9))
        game_id, _ = await handler.create_game(sealed_bids.ruleset, "active", setup, b"{}", GM)
        await handler.submit(game_id, b'{"type":"StartGame"}', GM)
        runners: dict[str, ReadModelRunner] = {"queue": ReadModelRunner(store), "scan": ScanRunner(store)}
        await runners["queue"].catch_up()
        times: dict[tuple[str, int], list[float]] = {}
        made = 0
        for idle in idle_counts:
            await pool.execute(_IDLE, made, idle, NAME)
            made = idle
            await pool.execute("VACUUM ANALYZE stream_heads, projection_checkpoints, stream_changes")
            for round_ in range(repeats):
                order = ["queue", "scan"] if round_ % 2 == 0 else ["scan", "queue"]
                for name in order:
                    await one_event(handler, game_id)
                    times.setdefault((name, idle), []).append(await timed(runners[name]))
                    # The scan runner leaves its queue row (it never reads the queue): not this bench's concern.
                    await pool.execute("DELETE FROM stream_changes")
            line = "  ".join(f"{n} {median(times[(n, idle)]):.2f} ms" for n in runners)
            print(f"  {idle:>7,} idle games: median catch-up {line}  (load {os.getloadavg()[0]:.2f})")
            await one_event(handler, game_id)
            print(f"      pages read to find the one changed game (EXPLAIN ANALYZE, BUFFERS): {await pages(pool)}")
            await runners["queue"].catch_up()
        print("\nratio of the catch-up time to the time with no idle game, paired by round: min / median / max")
        for name in runners:
            base = times[(name, idle_counts[0])]
            for idle in idle_counts[1:]:
                ratios = sorted(b / a for a, b in zip(base, times[(name, idle)], strict=True))
                print(f"  {name:5} {idle:>7,} idle: {ratios[0]:.2f} / {median(ratios):.2f} / {ratios[-1]:.2f}")
    finally:
        await pool.close()


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--idle", default="0,10000,100000", help="comma-separated idle game counts (first: baseline)")
    args = p.parse_args()
    idle_counts = [int(n) for n in args.idle.split(",")]
    repeats = args.repeats or 30
    if args.quick:
        idle_counts, repeats = [0, 1000], 3
    register_test_ruleset()
    print(f"read-model catch-up with idle games; {machine()}")
    with postgres_server() as server_url:
        asyncio.run(_with_database(server_url, idle_counts, repeats))
    print(f"done; {machine()}")


async def _with_database(server_url: str, idle_counts: list[int], repeats: int) -> None:
    async with fresh_database(server_url) as url:
        await run(url, idle_counts, repeats)


if __name__ == "__main__":
    main()
