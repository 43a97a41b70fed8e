"""Full replay fold rate vs reading and decoding the same rows, over a long test-bids game.

Per round, on one game (100,000 events by default, built as in `bench.state_at`):

- decode: the rows' `data`, page by page, through `GameCodec.decode_events` (what the rebuild decodes with);
- fold: the same decode, then `engine.fold` page by page, in memory (what the rebuild folds with);
- read + decode: `EventStore.read_pages` (the pages the rebuild reads, the next one read while this one is
  decoded), each page through `decode_events`: the end-to-end baseline, same pages, same decode;
- one-statement read + decode: `read_data` (the whole stream in one query, the read before paging), then the
  same decode of the same pages: printed so that the faster of the two reads is known; the stricter ratio
  uses it;
- fold_from_scratch: `GameStates.fold_from_scratch` (read pages, decode, evolve), the public full rebuild.

The three end-to-end timings run in a rotating order each round; the ratios are paired within a round.

    python -m bench.replay [--events 100000] [--repeats 5] [--quick] [--page-size 2000]
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from bench._common import build_game, fresh_database, machine, median, parser, postgres_server, server_settings
from domain.engine import game as engine
from events.codec import GameCodec, codec_for
from events.postgres import PAGE_SIZE, PostgresEventStore
from projections.snapshots import InMemorySnapshotStore
from projections.state import GameStates
from server.database import create_pool
from tests.rulesets import sealed_bids

TARGET = 0.5
E2E_TARGET = 0.7


Row = tuple[int, str, bytes]  # (stream_version, type, data)


def paged(rows: Sequence[Row], size: int) -> list[Sequence[Row]]:
    return [rows[i : i + size] for i in range(0, len(rows), size)]


def decode_only(codec: GameCodec, pages: Sequence[Sequence[Row]]) -> None:
    for page in pages:
        codec.decode_events(page)


def fold(codec: GameCodec, pages: Sequence[Sequence[Row]]) -> Any:
    state = None
    for page in pages:
        state = engine.fold(sealed_bids.ruleset, codec.decode_events(page), state)
    return state


def timed(fn: Any, *args: Any) -> float:
    t0 = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t0


async def run(server: str, events: int, repeats: int, page_size: int) -> None:
    async with fresh_database(server) as url:
        print(f"PostgreSQL: {await server_settings(url)}; {machine()}")
        pool = await create_pool(url, min_size=2, max_size=4)
        try:
            game = await build_game(pool, events)
            store = PostgresEventStore(pool, notify=False)
            rows: list[Row] = [(r[0], r[1], r[2]) for r in await store.read_data(game.stream_id)]
            n, pages = len(rows), paged(rows, page_size)
            codec = codec_for(sealed_bids.ruleset)
            states = GameStates(store, InMemorySnapshotStore())
            assert await states.fold_from_scratch(game.game_id) == fold(codec, pages)

            async def read_and_decode() -> None:
                reader = store.read_pages(game.stream_id, page_size=page_size)
                async with contextlib.aclosing(reader) as read:
                    async for page in read:
                        codec.decode_events(page)

            async def one_read_and_decode() -> None:
                decode_only(codec, paged(await store.read_data(game.stream_id), page_size))

            async def rebuild() -> None:
                await states.fold_from_scratch(game.game_id)

            e2e: dict[str, Callable[[], Coroutine[Any, Any, None]]] = {
                "read+decode": read_and_decode,
                "one-read+decode": one_read_and_decode,
                "fold_from_scratch": rebuild,
            }
            rates: dict[str, list[float]] = {k: [] for k in ("decode", "fold", *e2e)}
            cpu: dict[str, list[float]] = {k: [] for k in e2e}
            loads: list[float] = []
            print(
                f"{n:,} events in pages of {page_size:,}; events/s per round (the end-to-end three rotate their "
                "order; in brackets this process's CPU µs per event):"
            )
            for round_ in range(1, repeats + 1):
                load0 = os.getloadavg()[0]
                rates["decode"].append(n / timed(decode_only, codec, pages))
                rates["fold"].append(n / timed(fold, codec, pages))
                names = list(e2e)
                for name in names[round_ % 3 :] + names[: round_ % 3]:
                    c0, t0 = time.process_time(), time.perf_counter()
                    await e2e[name]()
                    rates[name].append(n / (time.perf_counter() - t0))
                    cpu[name].append((time.process_time() - c0) / n * 1e6)
                loads.append((load0 + os.getloadavg()[0]) / 2)
                print(
                    f"  round {round_} (load {loads[-1]:.1f}): "
                    + "   ".join(
                        f"{k} {v[-1]:,.0f}" + (f" [{cpu[k][-1]:.1f}]" if k in cpu else "") for k, v in rates.items()
                    ),
                    flush=True,
                )
        finally:
            await pool.close()
    report(rates, cpu, loads, n, repeats)


def report(
    rates: dict[str, list[float]], cpu: dict[str, list[float]], loads: list[float], n: int, repeats: int
) -> None:
    m = {k: median(v) for k, v in rates.items()}
    # Ratios are taken within each round (same moment, same load), then the min / median / max across rounds.
    fold_ratio = median([f / d for f, d in zip(rates["fold"], rates["decode"], strict=True)])
    e2e = sorted(f / d for f, d in zip(rates["fold_from_scratch"], rates["read+decode"], strict=True))
    best_read = [max(a, b) for a, b in zip(rates["read+decode"], rates["one-read+decode"], strict=True)]
    strict = sorted(f / d for f, d in zip(rates["fold_from_scratch"], best_read, strict=True))
    print(f"\nreplay of a {n:,}-event game, median of {repeats} rounds (events/s; ratios paired per round):")
    print(f"  decode alone (decode_events, in memory)        {m['decode']:>12,.0f}")
    print(f"  decode + evolve (the fold, in memory)          {m['fold']:>12,.0f}   ratio {fold_ratio:.2f} (vs decode)")
    for name in ("read+decode", "one-read+decode", "fold_from_scratch"):
        print(f"  {name:<45}  {m[name]:>12,.0f}   CPU {median(cpu[name]):.2f} µs/event in this process")
    print(f"  target fold/decode >= {TARGET}: {fold_ratio:.2f}, {'met' if fold_ratio >= TARGET else 'MISSED'}")
    verdict = "met" if median(e2e) >= E2E_TARGET else "MISSED"
    print(
        f"  full rebuild / read + decode (same pages, same decode): min {e2e[0]:.2f} median {median(e2e):.2f} "
        f"max {e2e[-1]:.2f} (goal >= {E2E_TARGET}: {verdict})"
    )
    print(
        f"  full rebuild / the faster of the two reads + decode, per round: min {strict[0]:.2f} "
        f"median {median(strict):.2f} max {strict[-1]:.2f}"
    )
    cpu_ratio = sorted(b / f for b, f in zip(cpu["read+decode"], cpu["fold_from_scratch"], strict=True))
    print(
        f"  the same in this process's CPU per event (read + decode / rebuild): min {cpu_ratio[0]:.2f} "
        f"median {median(cpu_ratio):.2f} max {cpu_ratio[-1]:.2f}"
    )
    print(f"  load average during the rounds: min {min(loads):.1f} median {median(loads):.1f} max {max(loads):.1f}")


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--events", type=int, default=100_000)
    p.add_argument("--page-size", type=int, default=PAGE_SIZE, help="rows per page of the paged read")
    args = p.parse_args()
    if args.quick:
        args.events = 5_000
    repeats = args.repeats or (1 if args.quick else 5)
    with postgres_server() as server:
        asyncio.run(run(server, args.events, repeats, args.page_size))


if __name__ == "__main__":
    main()
