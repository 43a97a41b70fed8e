"""Commands/s through `POST /v1/games/{id}/commands` on a real uvicorn server vs a bare FastAPI INSERT endpoint.

Two server processes run side by side on loopback (see `bench._servers`): the Pantheon app and a bare FastAPI
app doing one INSERT per request, both on uvicorn with the same settings and the same PostgreSQL. The set-up
creates many test-bids games (4 seats each, started) through the API. Then 32 clients, each an
`httpx.AsyncClient` with one keep-alive connection, post `WriteNote` commands as seats; each client cycles
over games of its own, so concurrent commands land on different games. Measurement windows alternate
between the two servers; each ratio is taken within a round and the median over rounds is reported.

    python -m bench.commands_http [--clients 32] [--games 64] [--seconds 2] [--repeats 8] [--quick]
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import asyncpg
import httpx

from bench._common import BIDDERS, fresh_database, machine, median, parser, postgres_server, server_settings
from bench._servers import ADMIN

TARGET = 0.5
WARMUP = 0.5


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(kind: str, url: str, data_dir: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "bench._servers", kind, "--url", url, "--port", str(port), "--data-dir", str(data_dir)],
        cwd=Path(__file__).resolve().parent.parent,
    )
    return process, f"http://127.0.0.1:{port}"


async def wait_ready(base: str, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=base) as client:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server at {base} exited with {process.returncode}")
            try:
                if (await client.get("/health")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError(f"the server at {base} did not come up in {timeout:.0f} s")


async def make_games(client: httpx.AsyncClient, count: int) -> list[tuple[str, list[str]]]:
    """`count` started games; for each, its id and its four seats' tokens."""
    admin = {"Authorization": f"Bearer {ADMIN}"}
    sem = asyncio.Semaphore(8)

    async def one(i: int) -> tuple[str, list[str]]:
        async with sem:
            r = await client.post(
                "/v1/games",
                headers=admin,
                json={"ruleset": "test-bids", "name": f"bench {i}", "scenario": {"bidders": list(BIDDERS)}},
            )
            r.raise_for_status()
            game = r.json()
            gm = {"Authorization": f"Bearer {game['gm_token']}"}
            tokens = []
            for bidder in BIDDERS:
                r = await client.post(
                    f"/v1/games/{game['game_id']}/seats",
                    headers=gm,
                    json={"name": bidder, "role": "player", "controls": bidder},
                )
                r.raise_for_status()
                tokens.append(r.json()["token"])
            r = await client.post(f"/v1/games/{game['game_id']}/commands", headers=gm, json={"type": "StartGame"})
            r.raise_for_status()
            return game["game_id"], tokens

    return list(await asyncio.gather(*(one(i) for i in range(count))))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time used so far by process `pid` (Linux `/proc`)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure(
    base: str, pid: int, games: list[tuple[str, list[str]]], clients: int, seconds: float
) -> tuple[float, float, Counter[int]]:
    """Accepted commands per second over `seconds` (after a warm-up), the server process's CPU milliseconds
    per accepted command (a figure the machine's other load disturbs much less), and the count of each status.

    Each client has its own `httpx.AsyncClient` holding one keep-alive connection: one client shared by 32
    tasks spends more time in its own connection-pool bookkeeping than the servers spend on the requests.
    """
    statuses: Counter[int] = Counter()
    counting = False
    stop = False
    ok = 0

    async def loop(i: int, client: httpx.AsyncClient) -> None:
        nonlocal ok
        mine = games[i::clients] or [games[i % len(games)]]
        n = 0
        while not stop:
            game_id, tokens = mine[n % len(mine)]
            seat = (n // len(mine)) % len(tokens)
            n += 1
            r = await client.post(
                f"/v1/games/{game_id}/commands",
                headers={"Authorization": f"Bearer {tokens[seat]}"},
                content=b'{"type":"WriteNote","text":"note %d from client %d"}' % (n, i),
            )
            if counting:
                statuses[r.status_code] += 1
                ok += r.status_code == 200

    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    async with contextlib.AsyncExitStack() as stack:
        pool = [
            await stack.enter_async_context(httpx.AsyncClient(base_url=base, limits=limits, timeout=30))
            for _ in range(clients)
        ]
        tasks = [asyncio.create_task(loop(i, pool[i])) for i in range(clients)]
        await asyncio.sleep(WARMUP)
        counting, t0, cpu0 = True, time.perf_counter(), cpu_seconds(pid)
        await asyncio.sleep(seconds)
        counting, elapsed, cpu = False, time.perf_counter() - t0, cpu_seconds(pid) - cpu0
        stop = True
        await asyncio.gather(*tasks)
    return ok / elapsed, 1000 * cpu / max(ok, 1), statuses


async def run(server: str, clients: int, n_games: int, seconds: float, repeats: int) -> None:
    async with fresh_database(server) as url:
        print(f"PostgreSQL: {await server_settings(url)}; {machine()}")
        conn = await asyncpg.connect(url)
        await conn.execute("CREATE TABLE events_raw (LIKE events INCLUDING ALL)")
        await conn.close()
        data_dir = Path(tempfile.mkdtemp(prefix="pantheon-bench-http-"))
        servers = {kind: start_server(kind, url, data_dir) for kind in ("pantheon", "raw")}
        try:
            for process, base in servers.values():
                await wait_ready(base, process)
            async with httpx.AsyncClient(base_url=servers["pantheon"][1], timeout=30) as setup:
                t0 = time.perf_counter()
                games = await make_games(setup, n_games)
            print(f"created and started {len(games)} games with 4 seats each in {time.perf_counter() - t0:.1f} s")
            rates: dict[str, list[float]] = {"pantheon": [], "raw": []}
            cpu: dict[str, list[float]] = {"pantheon": [], "raw": []}
            for round_ in range(1, repeats + 1):
                order = ["pantheon", "raw"] if round_ % 2 else ["raw", "pantheon"]
                line = []
                for kind in order:
                    process, base = servers[kind]
                    rate, cpu_ms, statuses = await measure(base, process.pid, games, clients, seconds)
                    rates[kind].append(rate)
                    cpu[kind].append(cpu_ms)
                    line.append(f"{kind} {rate:,.0f}/s {cpu_ms:.2f} ms CPU/cmd {dict(sorted(statuses.items()))}")
                print(f"  round {round_}: " + "   ".join(line), flush=True)
        finally:
            for process, _ in servers.values():
                process.terminate()
            for process, _ in servers.values():
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
            shutil.rmtree(data_dir, ignore_errors=True)
    ratio = median([a / b for a, b in zip(rates["pantheon"], rates["raw"], strict=True)])
    print(
        f"\ncommands/s with {clients} keep-alive clients over {len(games)} games, median of {repeats} rounds "
        f"of {seconds:g} s (ratio paired per round):"
    )
    cpu_ratio = median([b / a for a, b in zip(cpu["pantheon"], cpu["raw"], strict=True)])
    print(f"  {'':34} {'commands/s':>10}   {'server CPU per command':>22}")
    print(f"  {'bare FastAPI + one INSERT':34} {median(rates['raw']):>10,.0f}   {median(cpu['raw']):>19.2f} ms")
    print(
        f"  {'POST /v1/games/{id}/commands':34} {median(rates['pantheon']):>10,.0f}   "
        f"{median(cpu['pantheon']):>19.2f} ms   ratio {ratio:.2f} (CPU-bound ceiling {cpu_ratio:.2f})"
    )
    print(f"  target >= {TARGET}: {ratio:.2f}, {'met' if ratio >= TARGET else 'MISSED'}")


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, default=32)
    p.add_argument("--games", type=int, default=64)
    p.add_argument("--seconds", type=float, default=2.0, help="measured seconds per server per round")
    args = p.parse_args()
    if args.quick:
        args.games, args.seconds = args.clients, 1.0
    repeats = args.repeats or (1 if args.quick else 8)
    os.environ.pop("PANTHEON_ADMIN_TOKEN", None)  # the servers are given their settings explicitly
    with postgres_server() as server:
        asyncio.run(run(server, args.clients, args.games, args.seconds, repeats))


if __name__ == "__main__":
    main()
