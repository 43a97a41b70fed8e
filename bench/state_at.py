"""`GameStates.state_at` at random versions of a long game, with and without snapshots.

The game (test-bids, 100,000 events by default) is appended in big pre-encoded batches through the store,
with the snapshots the server's default policy keeps (written every 200 events and at turn boundaries, then
pruned: the newest 5 and one per `--spacing` versions). Two readers:

- with snapshots: `GameStates(store, PostgresSnapshotStore(pool))`, the server's configuration;
- without: `GameStates(store, InMemorySnapshotStore())` (empty), so every call folds from the first event.

In both, the head state is loaded once before timing (`state_at` needs the head to range-check the version);
the timed calls always ask for a version below the head, so they never hit the head-state cache.

    python -m bench.state_at [--events 100000] [--samples 1000] [--bare-samples 12] [--repeats 3] [--quick]
"""

from __future__ import annotations

import asyncio
import random
import time

from bench._common import (
    build_game,
    fresh_database,
    machine,
    median,
    parser,
    percentile,
    postgres_server,
    server_settings,
)
from events.postgres import PostgresEventStore
from projections.snapshots import InMemorySnapshotStore, PostgresSnapshotStore
from projections.state import SNAPSHOT_SPACING, GameStates
from server.database import create_pool

TARGET_P99_MS = 10.0


async def sample(states: GameStates, game_id: str, head: int, n: int, rng: random.Random) -> list[float]:
    await states.latest(game_id)  # warm the head (and ruleset) once; see the module docstring
    timings = []
    for _ in range(n):
        version = rng.randint(1, head - 1)
        t0 = time.perf_counter()
        at, _state, _ = await states.state_at(game_id, version=version)
        timings.append((time.perf_counter() - t0) * 1000)
        assert at == version
    return timings


async def run(server: str, events: int, samples: int, bare_samples: int, repeats: int, spacing: int) -> None:
    async with fresh_database(server) as url:
        print(f"PostgreSQL: {await server_settings(url)}; {machine()}")
        pool = await create_pool(url, min_size=2, max_size=4)
        try:
            t0 = time.perf_counter()
            game = await build_game(pool, events, spacing=spacing)
            print(
                f"built a game of {game.head:,} events ({game.turns:,} turns, {game.snapshots:,} snapshots) "
                f"in {time.perf_counter() - t0:.1f} s"
            )
            store = PostgresEventStore(pool, notify=False)
            rng = random.Random(20261122)
            rows: dict[str, list[tuple[float, float, float, int]]] = {"with snapshots": [], "without snapshots": []}
            for round_ in range(1, repeats + 1):
                for label, snaps, n in (
                    ("with snapshots", PostgresSnapshotStore(pool), samples),
                    ("without snapshots", InMemorySnapshotStore(), bare_samples),
                ):
                    states = GameStates(store, snaps)  # fresh: no state cached from an earlier round
                    t = await sample(states, game.game_id, game.head, n, rng)
                    stats = (percentile(t, 50), percentile(t, 99), max(t), n)
                    rows[label].append(stats)
                    print(
                        f"  round {round_} {label:<18} n={n:<5} p50 {stats[0]:9.2f} ms   p99 {stats[1]:9.2f} ms"
                        f"   max {stats[2]:9.2f} ms",
                        flush=True,
                    )
        finally:
            await pool.close()
    print(f"\nstate_at on a {game.head:,}-event game, random versions, median of {repeats} rounds:")
    for label, rounds in rows.items():
        p50 = median([s[0] for s in rounds])
        p99 = median([s[1] for s in rounds])
        print(f"  {label:<18} p50 {p50:9.2f} ms   p99 {p99:9.2f} ms   ({rounds[0][3]} calls per round)")
    p99_with = median([s[1] for s in rows["with snapshots"]])
    speedup = median([s[0] for s in rows["without snapshots"]]) / median([s[0] for s in rows["with snapshots"]])
    verdict = "met" if p99_with <= TARGET_P99_MS else "MISSED"
    print(f"  snapshots make the median call {speedup:,.0f}x faster")
    print(f"  target p99 <= {TARGET_P99_MS:.0f} ms with snapshots: {p99_with:.2f} ms, {verdict}")


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--events", type=int, default=100_000)
    p.add_argument("--samples", type=int, default=1000, help="calls per round with snapshots")
    p.add_argument("--bare-samples", type=int, default=12, help="calls per round without snapshots")
    p.add_argument(
        "--spacing", type=int, default=SNAPSHOT_SPACING, help="the snapshot policy's spacing (see projections.state)"
    )
    args = p.parse_args()
    if args.quick:
        args.events, args.samples, args.bare_samples = 5_000, 50, 3
    repeats = args.repeats or (1 if args.quick else 3)
    with postgres_server() as server:
        asyncio.run(run(server, args.events, args.samples, args.bare_samples, repeats, args.spacing))


if __name__ == "__main__":
    main()
