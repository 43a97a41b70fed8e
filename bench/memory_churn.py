"""Memory under churn: the server's resident set size (RSS) as 20,000 games are each touched once.

A Pantheon server runs as its own uvicorn process (`bench._servers pantheon`, as `pantheon serve` runs it). For
each game, through the API: create it (test-bids, one bidder), add a seat, start it, one command by the seat
and one state read by the seat: every per-game and per-token cache of the process (states, rulesets,
staleness checks, epoch seeds, tokens, order counts, stream heads) gets an entry. The server's RSS is read from
`/proc/<pid>/status` before the first game and after every `--every` games. Bounded caches show as an RSS that
stops growing once the caches are full (4,096 games for the state cache); a leak as one that keeps growing.

    python -m bench.memory_churn [--games 20000] [--every 2500] [--clients 16] [--quick]
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import time
from pathlib import Path

import httpx

from bench._common import fresh_database, machine, parser, postgres_server
from bench._servers import ADMIN
from bench.commands_http import start_server, stop_servers, wait_ready

CLIENT_KEEPALIVE = 1.0  # seconds; below the server's keep-alive timeout (uvicorn: 5 s), see `run`


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def check(r: httpx.Response) -> httpx.Response:
    """`raise_for_status` that says what the server answered (a run that stops should say why)."""
    if r.is_error:
        raise RuntimeError(f"{r.request.method} {r.request.url.path}: {r.status_code} {r.text[:300]}")
    return r


async def touch(client: httpx.AsyncClient, i: int) -> None:
    admin = {"Authorization": f"Bearer {ADMIN}"}
    body = {"ruleset": "test-bids", "name": f"churn {i}", "scenario": {"bidders": ["ann"]}}
    r = check(await client.post("/v1/games", headers=admin, json=body))
    gid, gm = r.json()["game_id"], {"Authorization": f"Bearer {r.json()['gm_token']}"}
    r = check(await client.post(f"/v1/games/{gid}/seats", headers=gm, json={"name": "a", "controls": "ann"}))
    ann = {"Authorization": f"Bearer {r.json()['token']}"}
    check(await client.post(f"/v1/games/{gid}/commands", headers=gm, json={"type": "StartGame"}))
    check(await client.post(f"/v1/games/{gid}/commands", headers=ann, json={"type": "PlaceBid", "amount": 1}))
    check(await client.get(f"/v1/games/{gid}/state", headers=ann))


async def run(server: str, games: int, every: int, clients: int) -> None:
    async with fresh_database(server) as url:
        print(machine())
        data_dir = Path(tempfile.mkdtemp(prefix="pantheon-bench-churn-"))
        process, base = start_server("pantheon", url, data_dir)
        try:
            await wait_ready(base, process)
            # The client forgets an idle connection well before the server closes it (uvicorn's keep-alive
            # timeout is 5 s, httpx's default expiry also 5 s): with both at 5 s, a connection the server was
            # closing was reused now and then, and the request failed with `httpx.ReadError` (the first run's
            # stop at about 10,600 games). See `CLIENT_KEEPALIVE`.
            limits = httpx.Limits(max_connections=clients, keepalive_expiry=CLIENT_KEEPALIVE)
            async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
                await touch(client, -1)  # warm: imports, first plans
                start = rss_mib(process.pid)
                print(f"{'games touched':>14} {'server RSS (MiB)':>17} {'growth':>8} {'load':>5} {'s':>6}")
                print(f"{0:>14,} {start:>17.1f} {0:>8.1f} {os.getloadavg()[0]:>5.1f} {0:>6.0f}", flush=True)
                t0 = time.perf_counter()
                done = 0
                sem = asyncio.Semaphore(clients)

                retries = 0

                async def one(i: int) -> None:
                    nonlocal retries
                    async with sem:
                        for attempt in range(3):
                            try:
                                await touch(client, i)
                                return
                            except httpx.TransportError as exc:  # counted and printed: expected to stay 0
                                retries += 1
                                print(f"  game {i}: {type(exc).__name__} {exc!r}; touched again", flush=True)
                                if attempt == 2:
                                    raise

                while done < games:
                    batch = min(every, games - done)
                    await asyncio.gather(*(one(done + i) for i in range(batch)))
                    done += batch
                    rss = rss_mib(process.pid)
                    print(
                        f"{done:>14,} {rss:>17.1f} {rss - start:>8.1f} {os.getloadavg()[0]:>5.1f} "
                        f"{time.perf_counter() - t0:>6.0f}",
                        flush=True,
                    )
                print(f"games touched again after a transport error (connection reset): {retries}")
        finally:
            stop_servers([process])
            shutil.rmtree(data_dir, ignore_errors=True)


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20_000)
    p.add_argument("--every", type=int, default=2_500, help="games between two RSS readings")
    p.add_argument("--clients", type=int, default=16, help="concurrent requests while touching games")
    args = p.parse_args()
    if args.quick:
        args.games, args.every = 200, 100
    os.environ.pop("PANTHEON_ADMIN_TOKEN", None)
    with postgres_server() as server:
        asyncio.run(run(server, args.games, args.every, args.clients))


if __name__ == "__main__":
    main()
