"""Throughput at 1, 2 and 4 API processes (`pantheon serve --workers N`) and with reads on a streaming replica,
as ratios to one process (issue 15, "more than one process, more than one machine").

    python -m bench.scale [--quick] [--repeats 3] [--seconds 10] [--connections 32] [--games 8]
                          [--configs 1,2,4,2+replica] [--path state|events]

The load generator is wrk (a C program; `apt-get install wrk` on Debian), run outside the server's interpreter;
the benchmark finds it on PATH and says which one it uses. The workload is the GM's `GET /v1/games/{id}/state`
(or `/events`) over `--games` Second Era games from the sample scenario, cycled by a wrk Lua script, with
keep-alive connections.

The database is an embedded PostgreSQL started for the run, plus a hot standby of it made with the wheel's own
pg_basebackup (`server/standby.py`); the `+replica` configurations set `PANTHEON_READ_DATABASE_URL` to it. Every
configuration is a fresh `pantheon serve` process tree with the scheduler and webhooks off. Rounds interleave the
configurations (the baseline, 1 process, runs in every round, the others in a rotating order) and each round's
ratios are against that round's baseline; min / median / max of the paired ratios are printed, with the load
average before and after. On a 2-core machine the curve flattens at 2 processes: wrk, PostgreSQL and the
workers share the same two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench._common import machine, median, parser, server_settings
from server.database import database_url, ensure_database, start_embedded
from server.standby import start_standby, wait_for_database

ADMIN = "bench-scale-admin-token"
ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "examples" / "scenarios" / "second-era-four-gods.json"
POOL = 8  # connections per process: 4 processes stay well within PostgreSQL's 100


@dataclass(frozen=True)
class Config:
    name: str
    workers: int
    replica: bool


def parse_configs(raw: str) -> list[Config]:
    configs = []
    for part in raw.split(","):
        workers, _, extra = part.strip().partition("+")
        configs.append(Config(part.strip(), int(workers), extra == "replica"))
    return configs


def find_wrk() -> str:
    found = shutil.which("wrk")
    if found is None:
        raise SystemExit("bench.scale needs wrk, a C load generator: apt-get install wrk (Debian), brew install wrk")
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serve(config: Config, primary: str, replica: str, data_dir: Path) -> Iterator[str]:
    """A `pantheon serve --workers N` process tree on a free port; yields its base URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PANTHEON_")}
    env.update(
        PANTHEON_DATABASE_URL=primary,
        PANTHEON_ADMIN_TOKEN=ADMIN,
        PANTHEON_DATA_DIR=str(data_dir),
        PANTHEON_SCHEDULER="off",
        PANTHEON_WEBHOOKS="off",
        PANTHEON_POOL_SIZE=str(POOL),
    )
    if config.replica:
        env["PANTHEON_READ_DATABASE_URL"] = replica
    args = [sys.executable, "-m", "server.cli", "serve", "--port", str(port), "--workers", str(config.workers)]
    log = data_dir / f"serve-{port}.log"
    with log.open("wb") as out:
        process = subprocess.Popen([*args, "--log-level", "warning"], cwd=ROOT, env=env, stdout=out, stderr=out)
    base = f"http://127.0.0.1:{port}"
    try:
        give_up = time.monotonic() + 180
        while True:
            if process.poll() is not None:
                raise SystemExit(f"the server exited:\n{log.read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/health", timeout=5).status_code == 200:
                    break
            if time.monotonic() > give_up:
                raise SystemExit(f"the server did not start:\n{log.read_text()}")
            time.sleep(0.2)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def create_games(base: str, count: int) -> list[str]:
    scenario = json.loads(SCENARIO.read_text())
    games = []
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {ADMIN}"}, timeout=60) as client:
        for i in range(count):
            answer = client.post(
                "/v1/games", json={"ruleset": "second-era", "name": f"scale {i}", "scenario": scenario}
            )
            answer.raise_for_status()
            games.append(answer.json()["game_id"])
    return games


def wrk_script(paths: list[str], where: Path) -> Path:
    listed = ", ".join(json.dumps(p) for p in paths)
    script = where / "scale.lua"
    script.write_text(
        f"local paths = {{{listed}}}\n"
        "local i = 0\n"
        f'wrk.headers["Authorization"] = "Bearer {ADMIN}"\n'
        "request = function()\n"
        "  i = i % #paths + 1\n"
        '  return wrk.format("GET", paths[i])\n'
        "end\n"
    )
    return script


@dataclass(frozen=True)
class Run:
    rate: float
    requests: int
    non_2xx: int
    socket_errors: int  # connect, read, write errors and timeouts (30 s)

    @property
    def bad(self) -> str:
        return f"{self.non_2xx} non-2xx, {self.socket_errors} socket errors"


def run_wrk(wrk: str, base: str, script: Path, seconds: int, connections: int) -> Run:
    threads = str(min(2, connections))
    # A generous timeout: on a loaded machine a slow answer is still an answer, not an error.
    args = [
        wrk,
        "-t",
        threads,
        "-c",
        str(connections),
        "-d",
        f"{seconds}s",
        "--timeout",
        "30s",
        "-s",
        str(script),
        base,
    ]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    requests = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    socket_errors = sum(int(x) for x in errors.groups()) if errors else 0
    return Run(rate, requests, int(non_2xx.group(1)) if non_2xx else 0, socket_errors)


def measure(args: argparse.Namespace, configs: list[Config], primary: str, replica: str, tmp: Path) -> None:
    seconds: int = args.seconds
    connections: int = args.connections
    rounds: int = args.repeats
    wrk = find_wrk()
    print(f"load generator: {wrk} ({connections} connections, {seconds} s per run, GET .../{args.path})")
    baseline = next(c for c in configs if c.workers == 1 and not c.replica)
    with serve(baseline, primary, replica, tmp) as base:
        games = create_games(base, args.games)
    script = wrk_script([f"/v1/games/{g}/{args.path}" for g in games], tmp)
    asyncio.run(wait_until_replayed(replica, len(games)))
    others = [c for c in configs if c is not baseline]
    rates: dict[str, list[float]] = {c.name: [] for c in configs}
    ratios: dict[str, list[float]] = {c.name: [] for c in others}
    non_2xx = socket_errors = 0
    print(f"before: {machine()}")
    for round_no in range(rounds):
        shift = round_no % max(1, len(others))
        order = [baseline, *others[shift:], *others[:shift]]
        measured: dict[str, float] = {}
        for config in order:
            with serve(config, primary, replica, tmp) as base:
                run_wrk(wrk, base, script, max(1, seconds // 5), connections)  # warm-up: caches, connections
                run = run_wrk(wrk, base, script, seconds, connections)
            measured[config.name] = run.rate
            rates[config.name].append(run.rate)
            non_2xx, socket_errors = non_2xx + run.non_2xx, socket_errors + run.socket_errors
            print(f"  round {round_no + 1}: {config.name:>10} processes: {run.rate:8.0f} req/s ({run.bad})")
        for config in others:
            ratios[config.name].append(measured[config.name] / measured[baseline.name])
    print(f"after: {machine()}")
    print(f"answers other than 2xx: {non_2xx}; socket errors and timeouts: {socket_errors}")
    print(f"\n| processes | req/s median | ratio to 1 process: min / median / max ({rounds} paired rounds) |")
    print("|---|---|---|")
    print(f"| {baseline.name} | {median(rates[baseline.name]):,.0f} | 1 |")
    for config in others:
        r = ratios[config.name]
        print(f"| {config.name} | {median(rates[config.name]):,.0f} | {min(r):.2f} / {median(r):.2f} / {max(r):.2f} |")


async def wait_until_replayed(replica: str, games: int) -> None:
    """The replica has every game the benchmark created (it streams; this is only a start-up wait)."""
    import asyncpg

    give_up = time.monotonic() + 120
    conn = await asyncpg.connect(replica)
    try:
        while await conn.fetchval("SELECT count(DISTINCT stream_id) FROM events") < games:
            if time.monotonic() > give_up:
                raise SystemExit("the replica did not replay the games")
            await asyncio.sleep(0.1)
    finally:
        await conn.close()


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--seconds", type=int, default=10, help="seconds per measured wrk run")
    p.add_argument("--connections", type=int, default=32, help="wrk's keep-alive connections")
    p.add_argument("--games", type=int, default=8, help="games whose state is read")
    p.add_argument("--configs", default="1,2,4,2+replica", help="process counts, `+replica` for replica reads")
    p.add_argument("--path", choices=("state", "events"), default="state", help="what each request reads")
    args = p.parse_args()
    if args.quick:
        args.seconds, args.repeats, args.games = 2, 1, 2
    args.repeats = args.repeats or 3
    configs = parse_configs(args.configs)
    if not any(c.workers == 1 and not c.replica for c in configs):
        configs.insert(0, Config("1", 1, False))
    tmp = Path(tempfile.mkdtemp(prefix="pantheon-bench-scale-"))
    os.chmod(tmp, 0o755)  # PostgreSQL runs as the wheel's own user when run as root
    primary_server = start_embedded(tmp / "primary", delete_on_stop=True)
    standby = None
    try:
        primary = database_url(primary_server.url, "bench_scale")
        asyncio.run(ensure_database(primary))
        standby = start_standby(primary_server, tmp / "replica")
        replica = database_url(standby.url, "bench_scale")
        asyncio.run(wait_for_database(replica))
        settings = asyncio.run(server_settings(primary))
        print(f"PostgreSQL {settings.get('server_version')} primary + streaming hot standby; {os.cpu_count()} CPUs")
        measure(args, configs, primary, replica, tmp)
    finally:
        if standby is not None:
            standby.stop()
        primary_server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
