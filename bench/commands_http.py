"""Requests/s of Pantheon's hot paths against their baselines, load sent by wrk, servers as uvicorn processes.

Two server processes run on loopback (see `bench._servers`): the Pantheon app (as `pantheon serve` runs it)
and a bare FastAPI app whose `POST /v1/games/{id}/commands` does one INSERT. The set-up creates Second Era
games (four gods, started, the order limit raised) through the API. Then, for each pair below, wrk (a C client:
it does not share the servers' interpreter, see `bench._wrk`) sends the target's requests and the baseline's in
alternating windows whose order rotates; each round's ratio is target/baseline rate from the same moment, and
min / median / max over the rounds is printed with the load average of the machine during the round, with each
side's CPU per request: the server process's, and PostgreSQL's (its processes on this machine, both servers using
the same one); where the two cores are busy, the rate ratio follows their sum more than the server's alone.

| pair | target | baseline | goal |
|---|---|---|---|
| `command` | REST `POST /commands`, a Second Era `SetRetreat` by a god | bare FastAPI + one INSERT | >= 0.6 |
| `graphql-command` | GraphQL `submitCommand`, the same command | REST `POST /commands` | >= 0.6 |
| `graphql-state` | GraphQL `state { version view }` | REST `GET /state` | >= 0.5 |

    python -m bench.commands_http [--pairs command,graphql-command,graphql-state] [--rounds 6] [--seconds 3]
        [--connections 32] [--games 64] [--quick]
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import httpx

from bench import _wrk
from bench._common import fresh_database, machine, median, parser, postgres_server, server_settings
from bench._servers import ADMIN

GOALS = {"command": 0.6, "graphql-command": 0.6, "graphql-state": 0.5}
SCENARIO = Path(__file__).resolve().parent.parent / "examples" / "scenarios" / "second-era-four-gods.json"
GODS = ("sunna", "nerth", "ulla", "morr")
STATE_QUERY = "query($g: String!) { state(gameId: $g) { version view } }"
SUBMIT_MUTATION = (
    "mutation($g: String!, $c: JSON!) { submitCommand(gameId: $g, command: $c) "
    "{ __typename ... on Accepted { version } ... on Rejected { code } } }"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(kind: str, url: str, data_dir: Path, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    port = port or free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "bench._servers", kind, "--url", url, "--port", str(port), "--data-dir", str(data_dir)],
        cwd=Path(__file__).resolve().parent.parent,
    )
    return process, f"http://127.0.0.1:{port}"


def stop_servers(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


async def wait_ready(base: str, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
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
            await asyncio.sleep(0.2)
    raise RuntimeError(f"the server at {base} did not come up in {timeout:.0f} s")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time used so far by process `pid` (Linux `/proc`)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu_seconds(postmaster: int | None) -> float:
    """CPU time used so far by the PostgreSQL server's processes (its postmaster's children: backends, WAL writer,
    autovacuum...), 0 when the server is not on this machine. Both servers of a pair use the same PostgreSQL and
    their windows never overlap, so a window's growth is mostly its own side's (the idle side's background jobs
    and the machine's other PostgreSQL servers, which are not counted, aside)."""
    if postmaster is None:
        return 0.0
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == postmaster:
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


async def postmaster_of(url: str) -> int | None:
    """The postmaster's pid, when PostgreSQL runs on this machine (the parent of our backend, read while the
    connection is open: the backend exits with it)."""
    conn = await asyncpg.connect(url)
    try:
        return parent_of(int(await conn.fetchval("SELECT pg_backend_pid()")))
    finally:
        await conn.close()


def parent_of(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1])
    except (OSError, ValueError):
        return None


@dataclass(frozen=True)
class Game:
    game_id: str
    gm: str
    seats: tuple[str, ...]


async def second_era_games(client: httpx.AsyncClient, count: int, order_limit: int = 100_000) -> list[Game]:
    """`count` started Second Era games with a token per god, each allowing `order_limit` orders a turn."""
    admin = {"Authorization": f"Bearer {ADMIN}"}
    scenario = json.loads(SCENARIO.read_text())
    sem = asyncio.Semaphore(4)

    async def one(i: int) -> Game:
        async with sem:
            body = {"ruleset": "second-era", "name": f"bench {i}", "scenario": scenario}
            r = await client.post("/v1/games", headers=admin, json=body)
            r.raise_for_status()
            game_id, gm = r.json()["game_id"], r.json()["gm_token"]
            auth = {"Authorization": f"Bearer {gm}"}
            seats = []
            for god in GODS:
                seat = {"name": god, "role": "player", "controls": god}
                r = await client.post(f"/v1/games/{game_id}/seats", headers=auth, json=seat)
                r.raise_for_status()
                seats.append(r.json()["token"])
            for command in (
                {"type": "StartGame"},
                {"type": "SetOrderLimit", "limit": order_limit, "reason": "benchmark"},
            ):
                r = await client.post(f"/v1/games/{game_id}/commands", headers=auth, json=command)
                r.raise_for_status()
            return Game(game_id, gm, tuple(seats))

    return list(await asyncio.gather(*(one(i) for i in range(count))))


def _seat_requests(games: list[Game], make: Callable[[Game, int], _wrk.Request]) -> list[_wrk.Request]:
    """One request per (game, seat), games varying fastest so that concurrent requests hit different games."""
    return [make(g, s) for s in range(len(GODS)) for g in games]


def _auth(token: str, json_body: bool = False) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {token}"}
    if json_body:
        headers["Content-Type"] = "application/json"
    return headers


def rest_command(g: Game, s: int) -> _wrk.Request:
    body = json.dumps({"type": "SetRetreat", "to_land": None})
    return _wrk.Request("POST", f"/v1/games/{g.game_id}/commands", _auth(g.seats[s], True), body)


def graphql_command(g: Game, s: int) -> _wrk.Request:
    body = {"query": SUBMIT_MUTATION, "variables": {"g": g.game_id, "c": {"type": "SetRetreat", "to_land": None}}}
    return _wrk.Request("POST", "/graphql", _auth(g.seats[s], True), json.dumps(body))


def rest_state(g: Game, s: int) -> _wrk.Request:
    return _wrk.Request("GET", f"/v1/games/{g.game_id}/state", _auth(g.seats[s]))


def graphql_state(g: Game, s: int) -> _wrk.Request:
    body = {"query": STATE_QUERY, "variables": {"g": g.game_id}}
    return _wrk.Request("POST", "/graphql", _auth(g.seats[s], True), json.dumps(body))


# pair -> (target: server kind and request maker, baseline: server kind and request maker)
PAIRS = {
    "command": (("pantheon", rest_command), ("raw", rest_command)),
    "graphql-command": (("pantheon", graphql_command), ("pantheon", rest_command)),
    "graphql-state": (("pantheon", graphql_state), ("pantheon", rest_state)),
}


@dataclass
class Side:
    rates: list[float]
    p50: list[float]
    p99: list[float]
    cpu_ms: list[float]
    pg_ms: list[float]
    bad: int = 0


def load() -> float:
    return os.getloadavg()[0]


async def run(server: str, pairs: list[str], games_n: int, rounds: int, seconds: float, connections: int) -> None:
    wrk, how = _wrk.find_wrk()
    print(how)
    async with fresh_database(server) as url:
        print(f"PostgreSQL: {await server_settings(url)}; {machine()}")
        conn = await asyncpg.connect(url)
        await conn.execute("CREATE TABLE events_raw (LIKE events INCLUDING ALL)")
        await conn.close()
        postmaster = await postmaster_of(url)
        data_dir = Path(tempfile.mkdtemp(prefix="pantheon-bench-http-"))
        servers = {kind: start_server(kind, url, data_dir) for kind in ("pantheon", "raw")}
        try:
            for process, base in servers.values():
                await wait_ready(base, process)
            async with httpx.AsyncClient(base_url=servers["pantheon"][1], timeout=60) as setup:
                t0 = time.perf_counter()
                games = await second_era_games(setup, games_n)
            took = time.perf_counter() - t0
            print(f"created and started {len(games)} Second Era games with 4 gods each in {took:.1f} s")
            for pair in pairs:
                await run_pair(wrk, servers, games, pair, rounds, seconds, connections, postmaster)
        finally:
            stop_servers([p for p, _ in servers.values()])
            shutil.rmtree(data_dir, ignore_errors=True)


async def run_pair(
    wrk: str,
    servers: dict[str, tuple[subprocess.Popen[bytes], str]],
    games: list[Game],
    pair: str,
    rounds: int,
    seconds: float,
    connections: int,
    postmaster: int | None = None,
) -> None:
    target, baseline = PAIRS[pair]
    sides = {"target": Side([], [], [], [], []), "baseline": Side([], [], [], [], [])}
    loads: list[float] = []
    print(f"\n{pair}: target {target[0]} {target[1].__name__}, baseline {baseline[0]} {baseline[1].__name__}")
    for kind, make in (target, baseline):  # warm-up, not counted
        process, base = servers[kind]
        await asyncio.to_thread(_wrk.run, wrk, base, _seat_requests(games, make), seconds=1, connections=connections)
    for r in range(rounds):
        order = ["target", "baseline"] if r % 2 == 0 else ["baseline", "target"]
        line = []
        load0 = load()
        for name in order:
            kind, make = target if name == "target" else baseline
            process, base = servers[kind]
            cpu0, pg0 = cpu_seconds(process.pid), postgres_cpu_seconds(postmaster)
            result = await asyncio.to_thread(
                _wrk.run, wrk, base, _seat_requests(games, make), seconds=seconds, connections=connections
            )
            cpu = cpu_seconds(process.pid) - cpu0
            pg = postgres_cpu_seconds(postmaster) - pg0
            side = sides[name]
            side.rates.append(result.rate)
            side.p50.append(result.p50_ms)
            side.p99.append(result.p99_ms)
            side.cpu_ms.append(1000 * cpu / max(result.requests, 1))
            side.pg_ms.append(1000 * pg / max(result.requests, 1))
            side.bad += result.non_2xx + result.socket_errors
            line.append(
                f"{name} {result.rate:,.0f}/s p50 {result.p50_ms:.1f} p99 {result.p99_ms:.1f} ms "
                f"cpu {side.cpu_ms[-1]:.2f} ms/req pg {side.pg_ms[-1]:.2f} ms/req non-2xx {result.non_2xx}"
            )
        loads.append((load0 + load()) / 2)
        print(f"  round {r + 1} (load {loads[-1]:.1f}): " + " | ".join(line), flush=True)
    report(pair, sides, loads)


def report(pair: str, sides: dict[str, Side], loads: list[float]) -> None:
    t, b = sides["target"], sides["baseline"]
    ratios = sorted(x / y for x, y in zip(t.rates, b.rates, strict=True))
    cpu_ratios = sorted(y / x for x, y in zip(t.cpu_ms, b.cpu_ms, strict=True))
    goal = GOALS[pair]
    verdict = "met" if median(ratios) >= goal else "MISSED"
    print(
        f"  {pair}: ratio min {ratios[0]:.2f} median {median(ratios):.2f} max {ratios[-1]:.2f} "
        f"(goal >= {goal}: {verdict}); server CPU per request ratio median {median(cpu_ratios):.2f}"
    )
    print(
        f"    target {median(t.rates):,.0f}/s p50 {median(t.p50):.1f} ms p99 {median(t.p99):.1f} ms; "
        f"baseline {median(b.rates):,.0f}/s p50 {median(b.p50):.1f} ms p99 {median(b.p99):.1f} ms; "
        f"non-2xx or socket errors: target {t.bad}, baseline {b.bad}"
    )
    if any(t.pg_ms) and any(b.pg_ms):
        # Server and PostgreSQL share the machine's cores: where both are busy the rate follows their sum.
        totals = sorted((y + yp) / (x + xp) for x, xp, y, yp in zip(t.cpu_ms, t.pg_ms, b.cpu_ms, b.pg_ms, strict=True))
        print(
            f"    CPU per request, median: server {median(t.cpu_ms):.3f} / {median(b.cpu_ms):.3f} ms, "
            f"PostgreSQL {median(t.pg_ms):.3f} / {median(b.pg_ms):.3f} ms (target / baseline); "
            f"server + PostgreSQL ratio median {median(totals):.2f}"
        )
    spread = f"min {min(loads):.1f} median {median(loads):.1f} max {max(loads):.1f}"
    print(f"    load average (1 min) during the rounds: {spread}")


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--pairs", default=",".join(PAIRS), help=f"comma-separated, of {', '.join(PAIRS)}")
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--seconds", type=float, default=3.0, help="seconds per side per round")
    p.add_argument("--connections", type=int, default=32)
    p.add_argument("--games", type=int, default=64)
    args = p.parse_args()
    rounds = args.repeats or args.rounds
    if args.quick:
        args.games, args.seconds, rounds = 8, 1.0, 1
    pairs = [x for x in args.pairs.split(",") if x]
    unknown = [x for x in pairs if x not in PAIRS]
    if unknown:
        raise SystemExit(f"unknown pairs {unknown}; choose from {', '.join(PAIRS)}")
    os.environ.pop("PANTHEON_ADMIN_TOKEN", None)  # the servers are given their settings explicitly
    with postgres_server() as server:
        asyncio.run(run(server, pairs, args.games, rounds, args.seconds, args.connections))


if __name__ == "__main__":
    main()
