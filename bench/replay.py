"""Full replay fold rate vs msgspec decoding alone, over the same rows of a long test-bids game.

Four timings per round, on one game (100,000 events by default, built as in `bench.state_at`):

- decode: the rows' `data` through a msgspec JSON decoder of the game's event union (the baseline);
- fold: `engine.fold` over `codec.decode_event` of the same rows in memory (what `GameStates._fold` does);
- read + decode: the store's read of the whole stream that `fold_from_scratch` uses (`read_data` where the
  store has it, else `read_stream`), then decode (the end-to-end baseline);
- fold_from_scratch: `GameStates.fold_from_scratch` (read, decode, evolve), the public full replay.

    python -m bench.replay [--events 100000] [--repeats 5] [--quick]
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Sequence
from typing import Any, cast

import msgspec

from bench._common import build_game, fresh_database, machine, median, parser, postgres_server, server_settings
from domain.engine import game as engine
from domain.engine.exact import dec_hook
from events.codec import codec_for
from events.postgres import PostgresEventStore
from projections.snapshots import InMemorySnapshotStore
from projections.state import GameStates
from server.database import create_pool
from tests.rulesets import sealed_bids

TARGET = 0.5
E2E_TARGET = 0.7


Row = tuple[int, str, bytes]  # (stream_version, type, data)


def decode_only(decoder: msgspec.json.Decoder[Any], rows: Sequence[Row]) -> None:
    decode = decoder.decode
    for _, _, data in rows:
        decode(data)


def fold(rows: Sequence[Row]) -> Any:
    ruleset = sealed_bids.ruleset
    decode = codec_for(ruleset).decode_event
    return engine.fold(ruleset, (decode(type_, data) for _, type_, data in rows))


async def read_rows(store: PostgresEventStore, stream_id: str) -> Sequence[Row]:
    """The whole stream as `fold_from_scratch` reads it."""
    read_data = getattr(store, "read_data", None)  # the narrow read; older stores only have read_stream
    if read_data is not None:
        return cast("Sequence[Row]", await read_data(stream_id))
    return [(e.stream_version, e.type, e.data) for e in await store.read_stream(stream_id)]


def timed(fn: Any, *args: Any) -> float:
    t0 = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t0


async def timed_async(coro: Any) -> float:
    t0 = time.perf_counter()
    await coro
    return time.perf_counter() - t0


async def run(server: str, events: int, repeats: int) -> None:
    async with fresh_database(server) as url:
        print(f"PostgreSQL: {await server_settings(url)}; {machine()}")
        pool = await create_pool(url, min_size=2, max_size=4)
        try:
            game = await build_game(pool, events)
            store = PostgresEventStore(pool, notify=False)
            rows: list[Row] = [(r[0], r[1], r[2]) for r in await read_rows(store, game.stream_id)]
            n = len(rows)
            decoder = msgspec.json.Decoder(codec_for(sealed_bids.ruleset).event_union, dec_hook=dec_hook)
            states = GameStates(store, InMemorySnapshotStore())
            assert await states.fold_from_scratch(game.game_id) == fold(rows)
            rates: dict[str, list[float]] = {k: [] for k in ("decode", "fold", "read+decode", "fold_from_scratch")}
            loads: list[float] = []

            async def read_and_decode() -> None:
                decode_only(decoder, await read_rows(store, game.stream_id))

            print(f"{n:,} events; events/s per round (the end-to-end pair alternates which goes first):")
            for round_ in range(1, repeats + 1):
                load0 = os.getloadavg()[0]
                rates["decode"].append(n / timed(decode_only, decoder, rows))
                rates["fold"].append(n / timed(fold, rows))
                if round_ % 2:
                    rates["read+decode"].append(n / await timed_async(read_and_decode()))
                    rates["fold_from_scratch"].append(n / await timed_async(states.fold_from_scratch(game.game_id)))
                else:
                    rates["fold_from_scratch"].append(n / await timed_async(states.fold_from_scratch(game.game_id)))
                    rates["read+decode"].append(n / await timed_async(read_and_decode()))
                loads.append((load0 + os.getloadavg()[0]) / 2)
                print(
                    f"  round {round_} (load {loads[-1]:.1f}): "
                    + "   ".join(f"{k} {v[-1]:,.0f}" for k, v in rates.items()),
                    flush=True,
                )
        finally:
            await pool.close()
    m = {k: median(v) for k, v in rates.items()}
    # Ratios are taken within each round (same moment, same load), then the median across rounds.
    fold_ratio = median([f / d for f, d in zip(rates["fold"], rates["decode"], strict=True)])
    e2e = sorted(f / d for f, d in zip(rates["fold_from_scratch"], rates["read+decode"], strict=True))
    e2e_ratio = median(e2e)
    print(f"\nreplay of a {n:,}-event game, median of {repeats} rounds (events/s; ratios paired per round):")
    print(f"  msgspec decode alone                {m['decode']:>12,.0f}")
    print(f"  decode + evolve (the fold)          {m['fold']:>12,.0f}   ratio {fold_ratio:.2f} (vs decode alone)")
    print(f"  read + decode                       {m['read+decode']:>12,.0f}")
    print(
        f"  GameStates.fold_from_scratch        {m['fold_from_scratch']:>12,.0f}   ratio {e2e_ratio:.2f} "
        "(vs read + decode)"
    )
    print(f"  target fold/decode >= {TARGET}: {fold_ratio:.2f}, {'met' if fold_ratio >= TARGET else 'MISSED'}")
    verdict = "met" if e2e_ratio >= E2E_TARGET else "MISSED"
    print(
        f"  full rebuild / read + decode: min {e2e[0]:.2f} median {e2e_ratio:.2f} max {e2e[-1]:.2f} "
        f"(goal >= {E2E_TARGET}: {verdict}); load average during the rounds: min {min(loads):.1f} "
        f"median {median(loads):.1f} max {max(loads):.1f}"
    )


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--events", type=int, default=100_000)
    args = p.parse_args()
    if args.quick:
        args.events = 5_000
    repeats = args.repeats or (1 if args.quick else 5)
    with postgres_server() as server:
        asyncio.run(run(server, args.events, repeats))


if __name__ == "__main__":
    main()
