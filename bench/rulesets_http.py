"""Real rulesets over HTTP, load sent by wrk: commands/s with p50/p99 latency, and state reads and time travel
as a game grows to 100,000 events.

One Pantheon server runs as its own uvicorn process (`bench._servers pantheon`, as `pantheon serve` runs it).

1. Commands (`--rounds` windows of `--seconds` each, the two rulesets alternating, order rotating):
   - Second Era: gods of `--games` started games (the sample scenario, order limit raised) send `SetRetreat`;
   - gods2 Heaven: the four gods of the Hall (sample scenario) of `--games` games walk to the Hall of Feasts
     and back with `MoveToLocale` (each seat's two moves alternate; a move that overtakes the previous one is
     refused and counted as non-2xx).
2. Growth: test-bids games of 1,000, 10,000, 30,000 and 100,000 events (appended in batches, with the snapshots
   the server's policy keeps); for each, `GET /state` (the latest, from the state cache) and
   `GET /state?at_version=` at 500 random versions (time travel: the nearest snapshot, then a fold), as the
   admin.

    python -m bench.rulesets_http [--rounds 4] [--seconds 3] [--connections 32] [--games 32]
        [--sizes 1000,10000,30000,100000] [--quick]
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import tempfile
import time
from pathlib import Path

import httpx

from bench import _wrk
from bench._common import build_game, fresh_database, machine, median, parser, postgres_server
from bench._servers import ADMIN, POOL_SIZE
from bench.commands_http import Game, rest_command, second_era_games, start_server, stop_servers, wait_ready
from server.database import create_pool

HEAVEN = Path(__file__).resolve().parent.parent / "examples" / "scenarios" / "gods2-heaven.json"
WALKERS = ("zeus", "hera", "ares", "iris")


async def heaven_games(client: httpx.AsyncClient, count: int) -> list[Game]:
    admin = {"Authorization": f"Bearer {ADMIN}"}
    scenario = json.loads(HEAVEN.read_text())
    sem = asyncio.Semaphore(4)

    async def one(i: int) -> Game:
        async with sem:
            r = await client.post(
                "/v1/games", headers=admin, json={"ruleset": "gods2", "name": f"heaven {i}", "scenario": scenario}
            )
            r.raise_for_status()
            game_id, gm = r.json()["game_id"], r.json()["gm_token"]
            auth = {"Authorization": f"Bearer {gm}"}
            seats = []
            for god in WALKERS:
                r = await client.post(
                    f"/v1/games/{game_id}/seats", headers=auth, json={"name": god, "role": "player", "controls": god}
                )
                r.raise_for_status()
                seats.append(r.json()["token"])
            for command in ({"type": "StartGame"}, {"type": "SetOrderLimit", "limit": 100_000, "reason": "bench"}):
                (await client.post(f"/v1/games/{game_id}/commands", headers=auth, json=command)).raise_for_status()
            return Game(game_id, gm, tuple(seats))

    return list(await asyncio.gather(*(one(i) for i in range(count))))


def heaven_moves(games: list[Game]) -> list[_wrk.Request]:
    """Every seat to the Feasts, then every seat back to the Hall: a seat's two moves are a whole pass apart."""
    out = []
    for locale in ("feasts", "hall"):
        for s in range(len(WALKERS)):
            for g in games:
                body = json.dumps({"type": "MoveToLocale", "locale": locale})
                headers = {"Authorization": f"Bearer {g.seats[s]}", "Content-Type": "application/json"}
                out.append(_wrk.Request("POST", f"/v1/games/{g.game_id}/commands", headers, body))
    return out


def second_era_orders(games: list[Game]) -> list[_wrk.Request]:
    return [rest_command(g, s) for s in range(4) for g in games]


def line(name: str, r: _wrk.WrkResult) -> str:
    return f"{name} {r.rate:,.0f}/s p50 {r.p50_ms:.1f} ms p99 {r.p99_ms:.1f} ms non-2xx {r.non_2xx}"


async def commands(wrk: str, base: str, rounds: int, seconds: float, connections: int, n_games: int) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=120) as client:
        workloads = {
            "second-era SetRetreat": second_era_orders(await second_era_games(client, n_games)),
            "gods2 MoveToLocale": heaven_moves(await heaven_games(client, n_games)),
        }
    results: dict[str, list[_wrk.WrkResult]] = {k: [] for k in workloads}
    print(f"\ncommands over HTTP: {connections} connections, {n_games} games per ruleset, 4 seats each")
    for requests in workloads.values():  # warm-up
        await asyncio.to_thread(_wrk.run, wrk, base, requests, seconds=1, connections=connections)
    for r in range(rounds):
        names = list(workloads) if r % 2 == 0 else list(reversed(workloads))
        parts = []
        for name in names:
            result = await asyncio.to_thread(
                _wrk.run, wrk, base, workloads[name], seconds=seconds, connections=connections
            )
            results[name].append(result)
            parts.append(line(name, result))
        print(f"  round {r + 1} (load {os.getloadavg()[0]:.1f}): " + " | ".join(parts), flush=True)
    for name, rs in results.items():
        print(
            f"  {name}: median {median([x.rate for x in rs]):,.0f} commands/s (min {min(x.rate for x in rs):,.0f}, "
            f"max {max(x.rate for x in rs):,.0f}); p50 {median([x.p50_ms for x in rs]):.1f} ms, "
            f"p99 {median([x.p99_ms for x in rs]):.1f} ms; non-2xx {sum(x.non_2xx for x in rs)} of "
            f"{sum(x.requests for x in rs)}"
        )


async def growth(wrk: str, base: str, url: str, sizes: list[int], seconds: float, connections: int) -> None:
    pool = await create_pool(url, min_size=1, max_size=2)
    admin = {"Authorization": f"Bearer {ADMIN}"}
    rng = random.Random(15)
    print(f"\nstate reads as a game grows (test-bids, admin; {connections} connections, {seconds:g} s each):")
    print(f"  {'events':>8} {'snapshots':>9}  {'latest state':<40} time travel (500 random versions)")
    try:
        for size in sizes:
            t0 = time.perf_counter()
            game = await build_game(pool, size)
            built = time.perf_counter() - t0
            path = f"/v1/games/{game.game_id}/state"
            latest = [_wrk.Request("GET", path, admin)]
            travel = [
                _wrk.Request("GET", f"{path}?at_version={rng.randint(1, game.head - 1)}", admin) for _ in range(500)
            ]
            await asyncio.to_thread(_wrk.run, wrk, base, latest, seconds=1, connections=4)  # load the head
            a = await asyncio.to_thread(_wrk.run, wrk, base, latest, seconds=seconds, connections=connections)
            b = await asyncio.to_thread(_wrk.run, wrk, base, travel, seconds=seconds, connections=connections)
            print(
                f"  {game.head:>8,} {game.snapshots:>9}  {a.rate:>6,.0f}/s p50 {a.p50_ms:>6.1f} p99 {a.p99_ms:>7.1f} ms"
                f"{'':9}{b.rate:>6,.0f}/s p50 {b.p50_ms:>6.1f} p99 {b.p99_ms:>7.1f} ms  non-2xx {a.non_2xx + b.non_2xx}"
                f"  (load {os.getloadavg()[0]:.1f}; built in {built:.0f} s)",
                flush=True,
            )
    finally:
        await pool.close()


async def run(server: str, args: object) -> None:
    wrk, how = _wrk.find_wrk()
    print(how)
    async with fresh_database(server) as url:
        print(f"{machine()}; pool {POOL_SIZE}")
        data_dir = Path(tempfile.mkdtemp(prefix="pantheon-bench-rulesets-"))
        process, base = start_server("pantheon", url, data_dir)
        try:
            await wait_ready(base, process)
            if "commands" in args.parts:  # type: ignore[attr-defined]
                await commands(wrk, base, args.rounds, args.seconds, args.connections, args.games)  # type: ignore[attr-defined]
            if "growth" in args.parts:  # type: ignore[attr-defined]
                await growth(wrk, base, url, args.sizes, args.seconds, args.connections)  # type: ignore[attr-defined]
        finally:
            stop_servers([process])
            shutil.rmtree(data_dir, ignore_errors=True)


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--connections", type=int, default=32)
    p.add_argument("--games", type=int, default=32)
    p.add_argument("--sizes", default="1000,10000,30000,100000")
    p.add_argument("--parts", default="commands,growth", help="commands, growth or both")
    args = p.parse_args()
    args.sizes = [int(x) for x in args.sizes.split(",")]
    if args.quick:
        args.rounds, args.seconds, args.games, args.sizes = 1, 1.0, 4, [1000, 5000]
    os.environ.pop("PANTHEON_ADMIN_TOKEN", None)
    with postgres_server() as server:
        asyncio.run(run(server, args))


if __name__ == "__main__":
    main()
