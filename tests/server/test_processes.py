"""Several server processes on one database (README, Several processes): real `pantheon serve` processes, a
client alternating between them, one leader for the background jobs and fail-over when it dies; and
`pantheon serve --workers 2` starting the embedded PostgreSQL once for its workers.

Waits are generous and bounded; nothing asserts how long anything took."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import psutil
import pytest

from server.database import running_postmaster
from tests.server.conftest import ADMIN

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]
# `pantheon serve` with the test ruleset registered (it is not one of the built-in rulesets).
SERVE_WITH_TEST_RULESET = (
    "import sys; from domain import rulesets; from tests.rulesets import sealed_bids; "
    "rulesets.register(sealed_bids.ruleset); from server.cli import main; sys.exit(main(sys.argv[1:]))"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def environment(**env: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("PANTHEON_")}
    return {**clean, "PANTHEON_ADMIN_TOKEN": ADMIN, **env}


def wait_for_health(process: subprocess.Popen[bytes], port: int, log: Path, timeout: float = 180) -> None:
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        if process.poll() is not None:
            raise AssertionError(f"server exited ({process.returncode}):\n{log.read_text()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=5).status_code == 200:
                return
        time.sleep(0.2)
    raise AssertionError(f"server did not answer /health:\n{log.read_text()}")


def stop(process: subprocess.Popen[bytes], timeout: float = 90) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise AssertionError(f"the server did not stop within {timeout} s") from None


@contextlib.contextmanager
def server_process(args: list[str], log: Path, port: int, **env: str) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as out:
        process = subprocess.Popen(args, cwd=ROOT, env=environment(**env), stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for_health(process, port, log)
        yield process
    finally:
        stop(process)


async def eventually(probe: Callable[[], Awaitable[T | None]], what: str, timeout: float = 60.0) -> T:
    give_up = time.monotonic() + timeout
    while True:
        found = await probe()
        if found:
            return found
        if time.monotonic() > give_up:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.1)


def auth(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


async def ok(response: Awaitable[httpx.Response], status: int = 200) -> Any:
    answer = await response
    assert answer.status_code == status, answer.text
    return answer.json()


async def create_game(client: httpx.AsyncClient, bidders: list[str]) -> tuple[str, str]:
    """A new test-bids game; returns its id and GM token."""
    body = {"ruleset": "test-bids", "name": "processes", "scenario": {"bidders": bidders}}
    game = await ok(client.post("/v1/games", json=body, headers=auth(ADMIN)), 201)
    return game["game_id"], game["gm_token"]


async def command(client: httpx.AsyncClient, gid: str, token: str, body: dict[str, Any], **headers: str) -> Any:
    return await ok(client.post(f"/v1/games/{gid}/commands", json=body, headers=auth(token, **headers)))


async def leaders(clients: list[httpx.AsyncClient]) -> list[bool]:
    return [(await ok(c.get("/health")))["leader"] for c in clients]


@contextlib.asynccontextmanager
async def two_servers(db_url: str, tmp_path: Path) -> AsyncIterator[list[tuple[subprocess.Popen[bytes], Any]]]:
    """Two `pantheon serve` processes on the same database, each with the scheduler on, and a client for each."""
    with contextlib.ExitStack() as stack:
        servers = []
        for name in ("a", "b"):
            port = free_port()
            args = [
                sys.executable,
                "-c",
                SERVE_WITH_TEST_RULESET,
                "serve",
                "--port",
                str(port),
                "--log-level",
                "warning",
            ]
            data = tmp_path / name
            process = stack.enter_context(
                server_process(
                    args, tmp_path / f"{name}.log", port, PANTHEON_DATABASE_URL=db_url, PANTHEON_DATA_DIR=str(data)
                )
            )
            servers.append((process, f"http://127.0.0.1:{port}"))
        async with contextlib.AsyncExitStack() as clients:
            pairs = []
            for process, base in servers:
                client = await clients.enter_async_context(httpx.AsyncClient(base_url=base, timeout=60))
                pairs.append((process, client))
            yield pairs


async def sse_events(client: httpx.AsyncClient, game_id: str, token: str, want: set[str]) -> list[str]:
    """Event types read from the live stream until every type in `want` has been seen."""
    seen: list[str] = []
    url = f"/v1/games/{game_id}/events/stream"
    async with client.stream("GET", url, headers=auth(token)) as response:
        assert response.status_code == 200
        async for line in response.aiter_lines():
            if line.startswith("data: "):
                seen.append(json.loads(line[6:])["type"])
                if want <= set(seen):
                    return seen
    raise AssertionError(f"the stream ended before {want - set(seen)} arrived")


@pytest.mark.slow
async def test_a_client_alternating_between_two_processes_sees_one_server(db_url: str, tmp_path: Path) -> None:
    async with two_servers(db_url, tmp_path) as [(_, a), (_, b)]:
        gid, gm = await create_game(a, ["ann", "bob"])
        seat = {"name": "Ann", "role": "player", "controls": "ann"}
        ann = await ok(b.post(f"/v1/games/{gid}/seats", json=seat, headers=auth(gm)), 201)
        await command(a, gid, gm, {"type": "StartGame"})
        # Live events on B for commands sent to A.
        watching = asyncio.create_task(sse_events(b, gid, gm, {"BidPlaced", "NoteWritten"}))

        # A command on A, retried with the same Idempotency-Key on B: the same answer, nothing appended twice.
        bid = {"type": "PlaceBid", "amount": 3}
        key = {"Idempotency-Key": "bid-once"}
        first = await a.post(f"/v1/games/{gid}/commands", json=bid, headers=auth(ann["token"], **key))
        assert first.status_code == 200, first.text
        again = await b.post(f"/v1/games/{gid}/commands", json=bid, headers=auth(ann["token"], **key))
        assert again.status_code == 200 and again.headers.get("Idempotent-Replayed") == "true"
        assert again.json() == {**first.json(), "replayed": True}
        other = await b.post(f"/v1/games/{gid}/commands", json={**bid, "amount": 4}, headers=auth(ann["token"], **key))
        assert other.status_code == 422 and other.json()["code"] == "idempotency.key_reused"
        written = first.json()["version"]

        # Reads on B at the version written on A (read-your-writes across processes).
        at_least = {"Pantheon-Min-Version": str(written)}
        state = await ok(b.get(f"/v1/games/{gid}/state", headers=auth(ann["token"], **at_least)))
        assert state["version"] >= written and state["view"]["bidders"][0]["bid"] == 3
        events = await ok(b.get(f"/v1/games/{gid}/events", params={"min_version": written}, headers=auth(gm)))
        assert [e["type"] for e in events["events"]].count("BidPlaced") == 1

        # A command on B after one on A (B's cached state is behind): accepted on top of A's.
        note = await command(b, gid, ann["token"], {"type": "WriteNote", "text": "hi"})
        assert note["version"] == written + 1
        seen = await asyncio.wait_for(watching, 60)
        assert seen.count("BidPlaced") == 1 and seen.count("NoteWritten") == 1

        # A bad version to wait for is refused, whichever process answers.
        bad = await a.get(f"/v1/games/{gid}/state", headers=auth(gm, **{"Pantheon-Min-Version": "-1"}))
        assert bad.status_code == 422 and bad.json()["code"] == "request.bad_min_version"


@pytest.mark.slow
async def test_one_process_leads_the_scheduler_and_another_takes_over_when_it_dies(db_url: str, tmp_path: Path) -> None:
    async with two_servers(db_url, tmp_path) as servers:
        clients = [client for _, client in servers]
        (led,) = await eventually(lambda: _one_leader(clients), "exactly one process leads")
        a, b = clients
        gid, gm = await create_game(a, ["ann"])
        await command(a, gid, gm, {"type": "StartGame"})

        async def fired(count: int) -> list[str] | None:
            page = await ok(b.get(f"/v1/games/{gid}/events", headers=auth(gm)))
            types = [e["type"] for e in page["events"]]
            return types if types.count("HourglassEmptied") >= count else None

        hourglass = {"type": "StartHourglass", "timer_id": "first", "minutes": 0, "seconds": 1}
        await command(b, gid, gm, hourglass)
        types = await eventually(lambda: fired(1), "the first timer fires")
        await asyncio.sleep(2)  # room for a second scheduler to fire it again, were there one
        types = await ok(b.get(f"/v1/games/{gid}/events", headers=auth(gm)))
        assert [e["type"] for e in types["events"]].count("TimerFired") == 1

        # The leader dies without a word; the other process takes the lead and fires the next timer, once.
        leader_process, _ = servers[led]
        leader_process.kill()
        leader_process.wait(30)
        survivor = clients[1 - led]
        await eventually(lambda: _leads(survivor), "the surviving process takes the lead")
        second = {**hourglass, "timer_id": "second"}
        await command(survivor, gid, gm, second)

        async def fired_on_survivor() -> list[str] | None:
            page = await ok(survivor.get(f"/v1/games/{gid}/events", headers=auth(gm)))
            types = [e["type"] for e in page["events"]]
            return types if types.count("HourglassEmptied") >= 2 else None

        types_after = await eventually(fired_on_survivor, "the second timer fires after the fail-over")
        assert types_after.count("TimerFired") == 2


async def _one_leader(clients: list[httpx.AsyncClient]) -> tuple[int] | None:
    flags = await leaders(clients)
    return (flags.index(True),) if flags.count(True) == 1 else None


async def _leads(client: httpx.AsyncClient) -> bool:
    return bool((await ok(client.get("/health")))["leader"])


@pytest.fixture
def data_dir() -> Iterator[Path]:
    """Outside pytest's tmp root (kept 0700), like tests/server/test_cli.py's."""
    import shutil
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="pantheon-workers-"))
    (root / "data").mkdir()
    yield root / "data"
    shutil.rmtree(root, ignore_errors=True)


@pytest.mark.slow
async def test_serve_with_two_workers_starts_postgres_once_and_serves_from_both(data_dir: Path) -> None:
    port = free_port()
    args = [sys.executable, "-m", "server.cli", "serve", "--port", str(port), "--workers", "2"]
    log = data_dir.parent / "serve.log"
    with server_process(args, log, port, PANTHEON_DATA_DIR=str(data_dir)) as parent:
        postmaster = running_postmaster(data_dir / "pgdata")
        assert postmaster is not None
        children = psutil.Process(parent.pid).children()
        workers = [p for p in children if "spawn_main" in " ".join(p.cmdline())]  # not the resource tracker
        assert len(workers) == 2
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
            for _ in range(20):
                assert (await ok(client.get("/health")))["status"] == "ok"
            games = await ok(client.get("/v1/games", headers=auth(ADMIN)))
            assert games["games"] == []

        async def one_leader_logged() -> bool:
            text = log.read_text()
            return text.count("Application startup complete") == 2 and "leads the background jobs" in text

        await eventually(one_leader_logged, "both workers start and one of them leads")
        assert log.read_text().count("leads the background jobs") == 1
    assert running_postmaster(data_dir / "pgdata") is None
