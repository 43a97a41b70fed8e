"""Live events fan-out: SSE and GraphQL subscription latency and server CPU per event with 1, 100 and 1,000
subscribers to one game.

The server is the real app on uvicorn in its own process (started here, test ruleset registered, stream limits
raised for the benchmark, uvicorn's websocket pings off). The subscribers are NOT in the server's interpreter: this
script is the client, one process holding every SSE connection and every GraphQL websocket as a raw non-blocking
socket under one `epoll` (no HTTP or websocket library: the handshake and the client's few masked frames are
written by hand, and an event is found by its marker in the bytes received, so the client spends a few
microseconds per received event). A GraphQL subscriber is one websocket (graphql-transport-ws) with one
`events` subscription selecting `version type data`. It also posts the events: one GM `GrantGold` at a time
(every seat sees it), then waits until every subscriber of that game has it. A subscriber's latency is the time
from just before the POST is written to the `epoll` wake-up that delivered the event on its socket.

One game per configuration (SSE or GraphQL, 1, 100 or 1,000 subscribers; subscriber i uses the token of seat i mod 4, or
the GM's for every fifth, so five distinct viewers), all connected at once; the rounds interleave the
configurations (their order rotates), each ratio is taken within a round, and min / median / max over rounds
are printed with the load average. Server CPU per event is the uvicorn process's user + system time (`/proc`)
over a round divided by its events; PostgreSQL's CPU (the postmaster's processes) is printed beside it when the
database is local. The client shares this machine's cores with the server and PostgreSQL: with 1,000
subscribers its own reading adds to the latencies it measures (it reads 1,000 sockets per event).

`--baseline-tree DIR` also runs a server from another source tree (e.g. `git archive <commit>` of the code
before the fan-out) in the same rounds, so both are measured side by side.

    python -m bench.fanout [--subscribers 1,100,1000] [--transports sse,graphql] [--events 40] [--repeats 5]
                           [--baseline-tree DIR] [--quick]
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
import httpx

from bench._common import BIDDERS, fresh_database, machine, median, parser, percentile, postgres_server
from bench.commands_http import free_port

ADMIN = "bench-fanout-admin"
TARGET = 3.0
GAP = 0.01  # seconds between two events: latency at a light pace, not throughput
SERVE = """
import dataclasses, sys
from pathlib import Path
import uvicorn
from bench._common import register_test_ruleset
from server.app import create_app
from server.settings import Settings
register_test_ruleset()
known = {f.name for f in dataclasses.fields(Settings)}
limits = {k: v for k, v in {"max_streams_per_token": 5000, "max_streams_per_game": 5000}.items() if k in known}
settings = Settings(data_dir=Path(sys.argv[3]), database_url=sys.argv[1], admin_token=sys.argv[4], **limits)
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
            timeout_graceful_shutdown=3, ws_ping_interval=None)
"""


@dataclass
class Server:
    name: str
    process: subprocess.Popen[bytes]
    port: int
    data_dir: Path


@dataclass
class Config:
    server: Server
    kind: str  # "sse" or "graphql"
    subscribers: int
    game_id: str
    gm: str
    socks: dict[int, socket.socket] = field(default_factory=dict)
    tails: dict[int, bytes] = field(default_factory=dict)
    ep: select.epoll = field(default_factory=select.epoll)
    post: socket.socket | None = None
    posted: float = 0.0  # when the commands' connection was last used (monotonic seconds)

    @property
    def label(self) -> str:
        return f"{self.server.name}/{self.kind}/{self.subscribers}"


def start(name: str, tree: Path, url: str) -> Server:
    port, data_dir = free_port(), Path(tempfile.mkdtemp(prefix=f"pantheon-bench-fanout-{name}-"))
    process = subprocess.Popen([sys.executable, "-c", SERVE, url, str(port), str(data_dir), ADMIN], cwd=tree)
    return Server(name, process, port, data_dir)


def wait_ready(server: Server, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the {server.name} server exited with {server.process.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{server.port}/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the {server.name} server did not come up in {timeout:.0f} s")


def make_game(server: Server) -> tuple[str, str, list[str], int]:
    """A started test-bids game: its id, the GM token, the four seats' tokens, its head version (an event every
    viewer sees)."""
    with httpx.Client(base_url=f"http://127.0.0.1:{server.port}", timeout=30) as client:
        body = {"ruleset": "test-bids", "name": "fan-out", "scenario": {"bidders": list(BIDDERS)}}
        game = client.post("/v1/games", json=body, headers={"Authorization": f"Bearer {ADMIN}"}).json()
        gm = {"Authorization": f"Bearer {game['gm_token']}"}
        seats = []
        for bidder in BIDDERS:
            seat = {"name": bidder, "role": "player", "controls": bidder}
            seats.append(client.post(f"/v1/games/{game['game_id']}/seats", json=seat, headers=gm).json()["token"])
        started = client.post(f"/v1/games/{game['game_id']}/commands", json={"type": "StartGame"}, headers=gm)
        started.raise_for_status()
        gold = {"type": "GrantGold", "bidder": "ann", "amount": 1, "reason": "head"}
        head = client.post(f"/v1/games/{game['game_id']}/commands", json=gold, headers=gm)
        head.raise_for_status()
        return game["game_id"], game["gm_token"], seats, int(head.json()["version"])


def token_of(config: Config, seats: list[str], i: int) -> str:
    return config.gm if i % 5 == 4 else seats[i % 4]


def subscribe(config: Config, seats: list[str], head: int) -> None:
    if config.kind == "sse":
        subscribe_sse(config, seats, head)
    else:
        subscribe_graphql(config, seats, head)
    for fd in config.socks:
        config.ep.register(fd, select.EPOLLIN)


def await_all(config: Config, fds: list[int], done: bytes, what: str, first: bytes = b"") -> None:
    """Read each socket until `done` appears in what it received since this call (`first`: how it must start)."""
    waiting = dict.fromkeys(fds, b"")
    wake = select.epoll()
    for fd in waiting:
        wake.register(fd, select.EPOLLIN)
    deadline = time.monotonic() + 180
    while waiting and time.monotonic() < deadline:
        for fd, _ in wake.poll(1.0):
            waiting[fd] += config.socks[fd].recv(65536)
            if done in waiting[fd]:
                assert waiting[fd].startswith(first), waiting[fd][:300]
                del waiting[fd]
                wake.unregister(fd)
    wake.close()
    if waiting:
        raise RuntimeError(f"{len(waiting)} of {config.label}'s subscribers did not get {what}")


def ws_frame(payload: dict[str, object]) -> bytes:
    """A client's text frame: masked, as a client's must be, with the key 0 (which leaves the payload as it is)."""
    data = json.dumps(payload).encode()
    n = len(data)
    length = bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big")
    return b"\x81" + length + b"\0\0\0\0" + data


def subscribe_graphql(config: Config, seats: list[str], head: int) -> None:
    """Open the configuration's websockets, one `events` subscription each (after `head - 1`: the head event is
    its first message, which shows that the subscription follows the game)."""
    key = base64.b64encode(os.urandom(16)).decode()
    for _ in range(config.subscribers):
        sock = socket.create_connection(("127.0.0.1", config.server.port))
        sock.sendall(
            f"GET /graphql HTTP/1.1\r\nHost: bench\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n".encode()
        )
        sock.setblocking(False)
        config.socks[sock.fileno()], config.tails[sock.fileno()] = sock, b""
    fds = list(config.socks)
    await_all(config, fds, b"\r\n\r\n", "the websocket handshake", b"HTTP/1.1 101")
    query = "subscription($g: String!, $a: Int!) { events(gameId: $g, after: $a) { version type data } }"
    for i, fd in enumerate(fds):
        init = {"type": "connection_init", "payload": {"Authorization": f"Bearer {token_of(config, seats, i)}"}}
        config.socks[fd].sendall(ws_frame(init))
    await_all(config, fds, b"connection_ack", "connection_ack")
    for fd in fds:
        payload = {"query": query, "variables": {"g": config.game_id, "a": head - 1}}
        config.socks[fd].sendall(ws_frame({"id": "1", "type": "subscribe", "payload": payload}))
    await_all(config, fds, b'"reason":"head"', "the head event")


def subscribe_sse(config: Config, seats: list[str], head: int) -> None:
    """Open the configuration's SSE connections (after `head`: no history) and wait for each one's `retry`."""
    waiting = {}
    for i in range(config.subscribers):
        token = token_of(config, seats, i)
        sock = socket.create_connection(("127.0.0.1", config.server.port))
        sock.sendall(
            f"GET /v1/games/{config.game_id}/events/stream?after={head} HTTP/1.1\r\nHost: bench\r\n"
            f"Authorization: Bearer {token}\r\n\r\n".encode()
        )
        sock.setblocking(False)
        config.socks[sock.fileno()], config.tails[sock.fileno()] = sock, b""
        waiting[sock.fileno()] = b""
    wake = select.epoll()
    for fd in waiting:
        wake.register(fd, select.EPOLLIN)
    deadline = time.monotonic() + 120
    while waiting and time.monotonic() < deadline:
        for fd, _ in wake.poll(1.0):
            waiting[fd] += config.socks[fd].recv(65536)
            if b"retry: 2000" in waiting[fd]:
                assert waiting[fd].startswith(b"HTTP/1.1 200"), waiting[fd][:200]
                del waiting[fd]
                wake.unregister(fd)
    wake.close()
    if waiting:
        raise RuntimeError(f"{len(waiting)} of {config.label}'s subscribers did not start")


def connect_commands(config: Config) -> None:
    """A fresh keep-alive connection for the commands (an idle one is closed by uvicorn after 5 s)."""
    if config.post is not None:
        config.ep.unregister(config.post.fileno())
        config.post.close()
    config.post = socket.create_connection(("127.0.0.1", config.server.port))
    config.ep.register(config.post.fileno(), select.EPOLLIN)


def one_event(config: Config, seq: int) -> list[float] | str:
    """Post one event; the latency (ms) at which each of the game's subscribers received it, or the command's
    failure (a status line) when the server refused it."""
    reason = f"bench-{seq}"
    body = json.dumps({"type": "GrantGold", "bidder": "ann", "amount": 1, "reason": reason}).encode()
    request = (
        f"POST /v1/games/{config.game_id}/commands HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {config.gm}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode() + body
    marker = f'"{reason}"'.encode()
    pending = set(config.socks)
    latencies = []
    if time.monotonic() - config.posted > 2.0:  # uvicorn closes a connection idle for 5 s
        connect_commands(config)
    assert config.post is not None
    post, answer = config.post.fileno(), Answer()
    t0 = time.monotonic_ns()
    config.post.sendall(request)
    config.posted = time.monotonic()
    while pending or not answer.done:
        ready = config.ep.poll(30.0)
        now = time.monotonic_ns()
        if now - t0 > 120e9:
            raise RuntimeError(f"{len(pending)} subscribers of {config.label} never got event {seq}")
        for fd, _ in ready:
            if fd == post:
                answer.feed(config.post.recv(65536))
                config.posted = time.monotonic()
                if answer.done and answer.failure:
                    return answer.failure
                continue
            window = config.tails[fd] + config.socks[fd].recv(1 << 16)
            if fd in pending and marker in window:
                pending.discard(fd)
                latencies.append((now - t0) / 1e6)
            config.tails[fd] = window[-64:]
    return latencies


@dataclass
class Answer:
    """The command's HTTP response, read as it comes."""

    data: bytes = b""
    done: bool = False
    failure: str = ""

    def feed(self, more: bytes) -> None:
        if not more:
            raise RuntimeError("the server closed the command connection")
        self.data += more
        head, found, rest = self.data.partition(b"\r\n\r\n")
        if not found:
            return
        headers = (h.partition(b":") for h in head.split(b"\r\n"))
        length = next(int(v) for k, _, v in headers if k.lower() == b"content-length")
        if len(rest) >= length:
            self.done = True
            status = head.split(b"\r\n")[0].decode()
            if not status.startswith("HTTP/1.1 200"):
                self.failure = f"{status} {rest[:200].decode(errors='replace')}"


def postmaster(url: str) -> int | None:
    """The local PostgreSQL's postmaster pid (from its data directory), or None when it is not readable here."""

    async def data_directory() -> str:
        conn = await asyncpg.connect(url)
        try:
            return str(await conn.fetchval("SHOW data_directory"))
        finally:
            await conn.close()

    try:
        return int((Path(asyncio.run(data_directory())) / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, asyncpg.PostgresError):
        return None


def cpu_seconds(pid: int) -> float:
    """CPU seconds used so far by every thread of process `pid`, to the nanosecond (`/proc/<pid>/task/*/schedstat`;
    `/proc/<pid>/stat` counts in 10 ms ticks, too coarse for a few milliseconds per event)."""
    total = 0
    for schedstat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(schedstat.read_text().split()[0])
        except (OSError, ValueError):
            continue  # a thread that just ended
    return total / 1e9


def tree_cpu(root: int | None) -> float:
    """CPU seconds of `root` and its live children (PostgreSQL: the postmaster and its backends)."""
    if root is None:
        return float("nan")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rpartition(")")[2].split()[1])
            if int(stat.parent.name) == root or ppid == root:
                total += cpu_seconds(int(stat.parent.name))
        except (OSError, ValueError):
            continue
    return total


@dataclass
class Figures:
    p50: list[float] = field(default_factory=list)
    p99: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    db: list[float] = field(default_factory=list)


def run_round(
    configs: list[Config], events: int, pg: int | None, seq: list[int], failures: dict[str, list[str]]
) -> dict[str, tuple[float, ...]]:
    """Each configuration's p50, p99 (ms), server and PostgreSQL CPU (ms) per accepted event, in turn."""
    out = {}
    for config in configs:
        latencies: list[float] = []
        connect_commands(config)
        cpu0, db0 = cpu_seconds(config.server.process.pid), tree_cpu(pg)
        ok = 0
        for _ in range(events):
            seq[0] += 1
            outcome = one_event(config, seq[0])
            if isinstance(outcome, str):
                failures.setdefault(config.label, []).append(outcome)
            else:
                latencies += outcome
                ok += 1
            time.sleep(GAP)
        cpu = (cpu_seconds(config.server.process.pid) - cpu0) * 1000 / max(ok, 1)
        db = (tree_cpu(pg) - db0) * 1000 / max(ok, 1)
        out[config.label] = (percentile(latencies, 50), percentile(latencies, 99), cpu, db)
    return out


def spread3(values: list[float], unit: str = "") -> str:
    return f"{min(values):.2f} / {median(values):.2f} / {max(values):.2f}{unit}"


def report(figures: dict[str, Figures], servers: list[str], counts: list[int]) -> None:
    """`servers`: "<server>/<transport>" prefixes of the figures' labels."""
    print(f"\nmedian over rounds; {machine()}")
    print(f"  {'configuration':22} {'p50 ms':>8} {'p99 ms':>8} {'server CPU/event':>17} {'PostgreSQL CPU/event':>21}")
    for label, f in figures.items():
        print(
            f"  {label:22} {median(f.p50):8.2f} {median(f.p99):8.2f} {median(f.cpu):14.2f} ms {median(f.db):18.2f} ms"
        )
    base = counts[0]
    for name in servers:
        print(f"\n{name}: ratios to {base} subscriber(s), paired per round, min / median / max")
        one = figures[f"{name}/{base}"]
        for n in counts[1:]:
            many = figures[f"{name}/{n}"]
            p50 = [b / a for a, b in zip(one.p50, many.p50, strict=True)]
            p99 = [b / a for a, b in zip(one.p99, many.p99, strict=True)]
            slope = [(b - a) * 1000 / (n - base) for a, b in zip(one.cpu, many.cpu, strict=True)]
            verdict = "met" if median(p50) <= TARGET and median(p99) <= TARGET else "MISSED"
            print(
                f"  {n:>5} subscribers: p50 {spread3(p50)}   p99 {spread3(p99)}   (target <= {TARGET:g}: {verdict});"
                f"  server CPU per extra subscriber per event {spread3(slope, ' µs')}"
            )


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--subscribers", default="1,100,1000", help="comma-separated subscriber counts (first: baseline)")
    p.add_argument("--transports", default="sse,graphql", help="comma-separated: sse, graphql")
    p.add_argument("--events", type=int, default=40, help="events per configuration per round")
    p.add_argument("--baseline-tree", type=Path, default=None, help="also run a server from this source tree")
    args = p.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the servers and PostgreSQL on the way out
    counts = [int(n) for n in args.subscribers.split(",")]
    events, repeats = (5, 2) if args.quick else (args.events, args.repeats or 5)
    if args.quick:
        counts = [1, 10, 20]
    trees = {"fanout": Path(__file__).resolve().parent.parent}
    if args.baseline_tree is not None:
        trees["baseline"] = args.baseline_tree.resolve()
    kinds = args.transports.split(",")
    print(f"client: this process (pid {os.getpid()}), raw sockets under one epoll; {machine()}")
    with postgres_server() as server_url:
        asyncio.run(_with_database(server_url, trees, kinds, counts, events, repeats))


async def _with_database(
    server_url: str, trees: dict[str, Path], kinds: list[str], counts: list[int], events: int, repeats: int
) -> None:
    async with fresh_database(server_url) as url:
        await asyncio.to_thread(measure, url, trees, kinds, counts, events, repeats)


def measure(url: str, trees: dict[str, Path], kinds: list[str], counts: list[int], events: int, repeats: int) -> None:
    servers = [start(name, tree, url) for name, tree in trees.items()]
    configs: list[Config] = []
    try:
        for server in servers:
            wait_ready(server)
            print(f"server {server.name}: pid {server.process.pid}, port {server.port}, code from {trees[server.name]}")
        for server in servers:
            for kind in kinds:
                for n in counts:
                    game_id, gm, seats, head = make_game(server)
                    config = Config(server, kind, n, game_id, gm)
                    subscribe(config, seats, head)
                    configs.append(config)
        opened = sum(len(c.socks) for c in configs)
        print(f"{opened} subscribers' connections open; {events} events per configuration per round")
        pg = postmaster(url)
        figures = {c.label: Figures() for c in configs}
        seq = [0]
        failures: dict[str, list[str]] = {}
        for round_ in range(repeats):
            order = configs[round_ % len(configs) :] + configs[: round_ % len(configs)]
            results = run_round(order, events, pg, seq, failures)
            for label, (p50, p99, cpu, db) in results.items():
                f = figures[label]
                f.p50.append(p50), f.p99.append(p99), f.cpu.append(cpu), f.db.append(db)
            line = "  ".join(f"{label} p50 {r[0]:.1f} p99 {r[1]:.1f} cpu {r[2]:.1f}" for label, r in results.items())
            print(f"  round {round_ + 1} (load {os.getloadavg()[0]:.2f}): {line}", flush=True)
        report(figures, [f"{s.name}/{kind}" for s in servers for kind in kinds], counts)
        for label, refused in failures.items():
            print(f"{label}: {len(refused)} commands refused (not counted), e.g. {refused[0]}")
    finally:
        for config in configs:  # the streams first: uvicorn's graceful shutdown would wait for them
            for sock in config.socks.values():
                sock.close()
        for server in servers:
            server.process.terminate()
        for server in servers:
            try:
                server.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.process.kill()
            shutil.rmtree(server.data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
