"""`pantheon` as a new user runs it: serve on embedded PostgreSQL, the admin token once, clean shutdown."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.cli import main, schema_documents
from server.database import running_postmaster

# A hang guard, not a timing: stopping the embedded PostgreSQL takes the wheel's machine-wide lock, which other
# processes starting their own servers (initdb) may hold for a while on a loaded machine.
SLOW_STOP = 120


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_serve(data_dir: Path, port: int, **env: str) -> subprocess.Popen[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PANTHEON_")}
    environment.update(PANTHEON_DATA_DIR=str(data_dir), **env)
    return subprocess.Popen(
        [sys.executable, "-m", "server.cli", "serve", "--port", str(port)],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def wait_until_up(process: subprocess.Popen[str], port: int) -> list[str]:
    """Read the server's output until it says it is serving (its last line at start-up); returns the lines read."""
    assert process.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 180  # initdb on a loaded 2-core machine can take a minute
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            raise AssertionError("server exited:\n" + "".join(lines))
        lines.append(line)
        if line.startswith("Pantheon serving on"):
            return lines
    raise AssertionError("server did not start:\n" + "".join(lines))


def stop(process: subprocess.Popen[str], timeout: float = 90) -> str:
    process.send_signal(signal.SIGTERM)
    try:
        out, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
        raise AssertionError(f"the server did not stop within {timeout} s:\n{out}") from None
    return out


def postmaster_running(data_dir: Path) -> bool:
    return running_postmaster(data_dir / "pgdata") is not None


@pytest.fixture
def data_dir() -> Iterator[Path]:
    """Outside pytest's tmp root: pytest resets that to 0700, which locks out the embedded server's user."""
    root = Path(tempfile.mkdtemp(prefix="pantheon-cli-"))
    yield root / "data"
    shutil.rmtree(root, ignore_errors=True)


@pytest.mark.slow
def test_serve_with_no_configuration_uses_embedded_postgres_and_stops_it(data_dir: Path) -> None:
    port = free_port()
    process = start_serve(data_dir, port)
    try:
        lines = wait_until_up(process, port)
        printed = "".join(lines)
        token = next(line.strip("| \n") for line in lines if line.strip("| \n").startswith("pnt_"))
        assert "Admin token, shown once" in printed
        # Framed, after the embedded PostgreSQL's and uvicorn's start-up output, just before the "serving" line.
        framed = [i for i, line in enumerate(lines) if line.startswith("+---")]
        assert len(framed) == 2 and any(line.startswith(f"|   {token}") for line in lines[framed[0] : framed[1]])
        assert framed[0] > max(i for i, line in enumerate(lines) if "embedded_postgres" in line or "Uvicorn" in line)
        base = f"http://127.0.0.1:{port}"
        health = httpx.get(f"{base}/health").json()
        assert health.pop("leader") in (True, False)  # leads once its first try for the lock is through
        assert health == {"status": "ok", "database": "ok", "embedded": "running"}
        assert httpx.get(f"{base}/docs").status_code == 200
        assert "graphiql" in httpx.get(f"{base}/graphql", headers={"Accept": "text/html"}).text.lower()
        listed = httpx.get(f"{base}/v1/games", headers={"Authorization": f"Bearer {token}"})
        assert listed.status_code == 200
        denied = httpx.get(f"{base}/v1/games", headers={"Authorization": "Bearer pnt_x.y"})
        assert denied.status_code == 401 and denied.json()["code"] == "auth.bad_token"
        assert postmaster_running(data_dir)
    finally:
        output = stop(process, timeout=SLOW_STOP)
    # uvicorn finishes its shutdown, then re-raises the signal (the Unix convention for "stopped by SIGTERM").
    assert process.returncode in (0, -signal.SIGTERM), output
    assert "Application shutdown complete" in output and "server stopped" in output
    assert not postmaster_running(data_dir), "the embedded PostgreSQL was left running"

    # Second start: the stored (hashed) admin token still works and no new one is printed.
    process = start_serve(data_dir, port)
    try:
        lines = wait_until_up(process, port)
        assert not any(line.strip("| \n").startswith("pnt_") for line in lines)
        ok = httpx.get(f"http://127.0.0.1:{port}/v1/games", headers={"Authorization": f"Bearer {token}"})
        assert ok.status_code == 200
    finally:
        stop(process, timeout=SLOW_STOP)
    stored = (data_dir / "pgdata").exists()
    assert stored


def test_migrate_is_idempotent(
    db_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PANTHEON_DATABASE_URL", db_url)
    assert main(["migrate"]) == 0
    assert "nothing (up to date)" in capsys.readouterr().out


def test_committed_api_schemas_are_current() -> None:
    root = Path(__file__).resolve().parents[2] / "openapi"
    for name, text in schema_documents().items():
        assert (root / name).read_text(encoding="utf-8") == text, f"run `pantheon export-schema`: {name} is stale"


async def test_projections_rebuild_from_the_command_line(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PANTHEON_DATABASE_URL", db_url)
    monkeypatch.setenv("PANTHEON_ADMIN_TOKEN", "x")
    import asyncio

    from server.cli import _rebuild

    assert await asyncio.to_thread(lambda: asyncio.run(_rebuild())) == 0


def drain(process: subprocess.Popen[str]) -> list[str]:
    """Keep reading the server's output (a full pipe would block it); returns the list being filled."""
    lines: list[str] = []
    assert process.stdout is not None
    threading.Thread(target=lambda: lines.extend(iter(process.stdout.readline, "")), daemon=True).start()  # type: ignore[union-attr]
    return lines


def create_game(base: str) -> httpx.Response:
    scenario = json.loads((Path(__file__).parents[2] / "examples/scenarios/second-era-four-gods.json").read_text())
    body = {"ruleset": "second-era", "name": "Supervised", "scenario": scenario}
    return httpx.post(f"{base}/v1/games", json=body, headers={"Authorization": f"Bearer {ADMIN}"}, timeout=30)


ADMIN = "cli-admin-token"


def healthy(base: str) -> bool:
    """Wait until the server answers `/health` with 200 (it listens a moment after startup completes)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(f"{base}/health").status_code == 200:
                return True
        time.sleep(0.1)
    return False


@pytest.mark.slow
def test_serve_restarts_its_embedded_postgres_when_it_dies(data_dir: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = start_serve(data_dir, port, PANTHEON_ADMIN_TOKEN=ADMIN)
    try:
        wait_until_up(process, port)
        output = drain(process)
        assert create_game(base).status_code == 201
        first = running_postmaster(data_dir / "pgdata")
        assert first is not None
        os.kill(first, signal.SIGKILL)
        statuses: list[int] = []
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                statuses.append(create_game(base).status_code)
            except httpx.TransportError as exc:
                time.sleep(1)
                died = f"exit status {process.poll()}"
                raise AssertionError(f"the server went away ({died}): {exc}\n{''.join(output)}") from None
            if statuses[-1] == 201:
                break
            time.sleep(0.2)
        assert statuses[-1] == 201, statuses
        assert set(statuses) <= {201, 503}, statuses  # while it restarts: 503, never a 500
        second = running_postmaster(data_dir / "pgdata")
        assert second is not None and second != first
        health = httpx.get(f"{base}/health")
        assert health.status_code == 200 and health.json()["embedded"] == "running"
        assert "starting it again" in "".join(output)
    finally:
        stop(process, timeout=SLOW_STOP)
    assert not postmaster_running(data_dir), "the restarted PostgreSQL was left running"


@pytest.mark.slow
def test_a_postmaster_orphaned_by_a_killed_server_is_reused_then_stopped(data_dir: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = start_serve(data_dir, port, PANTHEON_ADMIN_TOKEN=ADMIN)
    wait_until_up(process, port)
    drain(process)
    created = create_game(base)
    assert created.status_code == 201
    orphan = running_postmaster(data_dir / "pgdata")
    process.kill()  # SIGKILL: no shutdown runs, the postmaster is left behind
    process.wait(timeout=90)
    assert running_postmaster(data_dir / "pgdata") == orphan

    process = start_serve(data_dir, port, PANTHEON_ADMIN_TOKEN=ADMIN)
    try:
        lines = wait_until_up(process, port)
        assert "reusing the embedded PostgreSQL" in "".join(lines)
        assert running_postmaster(data_dir / "pgdata") == orphan  # reused, not a second one
        listed = httpx.get(f"{base}/v1/games", headers={"Authorization": f"Bearer {ADMIN}"}).json()["games"]
        assert [g["game_id"] for g in listed] == [created.json()["game_id"]]
    finally:
        stop(process, timeout=SLOW_STOP)
    assert not postmaster_running(data_dir), "the orphaned PostgreSQL is still running after a clean shutdown"


@pytest.mark.slow
def test_serve_survives_clients_that_hang_up_before_the_answer(data_dir: Path) -> None:
    """Writing to a closed connection is an error the server handles, not SIGPIPE ending it."""
    port = free_port()
    process = start_serve(data_dir, port, PANTHEON_ADMIN_TOKEN=ADMIN)
    try:
        wait_until_up(process, port)
        drain(process)
        assert healthy(f"http://127.0.0.1:{port}")
        for _ in range(50):
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n")
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset, not FIN
        time.sleep(0.5)
        assert process.poll() is None, f"the server died with exit status {process.poll()}"
        # The same holds for a write to PostgreSQL's socket after the database was killed, which is less easy to
        # time: SIGPIPE (which `python -m server.cli` otherwise sets to its default, ending the process) is ignored.
        status = Path(f"/proc/{process.pid}/status").read_text().splitlines()
        ignored = int(next(line for line in status if line.startswith("SigIgn:")).split()[1], 16)
        assert ignored & (1 << (signal.SIGPIPE - 1)), "SIGPIPE would end the server"
        assert httpx.get(f"http://127.0.0.1:{port}/health").status_code == 200
    finally:
        stop(process, timeout=SLOW_STOP)


def test_serve_on_a_taken_port_is_a_clean_error_and_never_says_serving(data_dir: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = start_serve(data_dir, port)
        out, _ = process.communicate(timeout=60)
    assert process.returncode == 1, out
    assert f"cannot listen on 127.0.0.1:{port}" in out and "--port" in out
    assert "serving on" not in out and "Traceback" not in out
    assert not (data_dir / "pgdata").exists()  # nothing was started


def test_every_option_says_what_it_does_and_its_default() -> None:
    from server.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
                continue
            assert action.help, f"pantheon {name} {action.option_strings or action.dest}: no description"
        if name != "projections":
            text = sub.format_help()
            for action in sub._actions:
                if action.option_strings and action.default not in (None, False, [], argparse.SUPPRESS):
                    assert f"(default: {action.default})" in text, (name, action.option_strings)
    assert "export" in commands.choices and "import" in commands.choices


async def test_export_writes_the_same_game_as_the_api_with_progress(
    api: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    game, ann, _ = await api.started_game()
    for amount in (1, 2, 3):
        assert (await api.command(game, ann, {"type": "PlaceBid", "amount": amount})).status_code == 200
    served = (await api.get(f"/v1/games/{game['game_id']}/export", game["gm_token"])).text.splitlines()
    monkeypatch.setenv("PANTHEON_DATABASE_URL", api.services.url)
    monkeypatch.setenv("PANTHEON_ADMIN_TOKEN", "x")
    out = tmp_path / "exported.jsonl"
    assert await asyncio.to_thread(main, ["export", game["game_id"], "--out", str(out)]) == 0
    written = out.read_text().splitlines()
    events = [json.loads(line) for line in written if json.loads(line)["kind"] == "event"]
    assert [line for line in written if '"kind":"event"' in line] == [
        line for line in served if '"kind":"event"' in line
    ]
    printed = capsys.readouterr()
    assert f"{len(events)} events" in printed.out
    assert f"{len(events)}/{len(events)}" in printed.err  # the progress bar's total
    assert main(["verify-dice", str(out)]) == 0
    assert await asyncio.to_thread(main, ["export", "no-such-game", "--out", str(tmp_path / "x")]) == 1
    assert "no game 'no-such-game'" in capsys.readouterr().err


async def test_the_servers_connections_send_at_once_without_waiting_for_the_clients_ack() -> None:
    """`pantheon serve` (and `--workers`) listen on `server.cli.listen`'s socket: its connections have Nagle's
    algorithm off (TCP_NODELAY). With it on, an answer written as headers, then body, waited for the client's
    delayed ACK, 40 ms a request. Checked on the server's side of a real connection."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    from server.cli import listen

    async def hello(_: object) -> PlainTextResponse:
        return PlainTextResponse("hello")

    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(Starlette(routes=[Route("/", hello)]), log_level="warning"))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        while not server.started:
            assert not task.done(), "uvicorn failed to start"
            await asyncio.sleep(0.02)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{sock.getsockname()[1]}") as client:
            assert (await client.get("/")).text == "hello"
            (connection,) = server.server_state.connections
            accepted = connection.transport.get_extra_info("socket")
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
    finally:
        server.should_exit = True
        await task
        sock.close()
