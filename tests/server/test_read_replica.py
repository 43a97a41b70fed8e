"""Reads on a real PostgreSQL streaming replica (`PANTHEON_READ_DATABASE_URL`, server/replica.py): a primary and a
hot standby made with the embedded PostgreSQL's own pg_basebackup and pg_ctl (server/standby.py).

With the standby's replay paused, what the server answers proves where it read: a read without a version is the
replica's stale state, a read with `Pantheon-Min-Version` falls back to the primary, and an SSE stream served
from the replica delivers the missing events once replay resumes (by polling: LISTEN does not work on a standby).
Waits are bounded and generous; nothing asserts how long anything took."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import httpx
import pytest

from server.database import database_url, ensure_database, start_embedded
from server.replica import ReadRouting
from server.standby import start_standby, wait_for_database
from tests.server.conftest import ADMIN, serve_app

T = TypeVar("T")
DB = "pantheon_replicated"


@dataclass
class Pair:
    primary: str
    replica: str


@pytest.fixture
async def pair() -> AsyncIterator[Pair]:
    """A primary and a streaming replica of it, each in its own directory, with a migrated database."""
    root = Path(tempfile.mkdtemp(prefix="pantheon-rr-"))
    os.chmod(root, 0o755)  # PostgreSQL runs as the wheel's own user when the tests run as root
    primary = await asyncio.to_thread(start_embedded, root / "primary", delete_on_stop=True)
    standby = None
    try:
        await ensure_database(database_url(primary.url, DB))
        standby = await asyncio.to_thread(start_standby, primary, root / "replica")
        replica = database_url(standby.url, DB)
        await wait_for_database(replica)
        yield Pair(primary=database_url(primary.url, DB), replica=replica)
    finally:
        if standby is not None:
            await asyncio.to_thread(standby.stop)
        await asyncio.to_thread(primary.stop)
        shutil.rmtree(root, ignore_errors=True)


async def eventually(probe: Callable[[], Awaitable[T | None]], what: str, timeout: float = 60.0) -> T:
    give_up = time.monotonic() + timeout
    while True:
        found = await probe()
        if found:
            return found
        if time.monotonic() > give_up:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.05)


def auth(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


async def replay(replica: str, action: str) -> None:
    """Pause or resume WAL replay on the standby, and wait until it says so."""
    conn = await asyncpg.connect(replica)
    try:
        await conn.execute(f"SELECT pg_wal_replay_{action}()")
        want = {"pause": "paused", "resume": "not paused"}[action]
        give_up = time.monotonic() + 60
        while await conn.fetchval("SELECT pg_get_wal_replay_pause_state()") != want:
            assert time.monotonic() < give_up, f"replay never became {want}"
            await asyncio.sleep(0.05)
    finally:
        await conn.close()


async def sse_until(client: httpx.AsyncClient, path: str, token: str, wanted: str) -> list[str]:
    types: list[str] = []
    async with client.stream("GET", path, headers=auth(token)) as response:
        assert response.status_code == 200
        async for line in response.aiter_lines():
            if line.startswith("data: "):
                types.append(json.loads(line[6:])["type"])
                if wanted in types:
                    return types
    raise AssertionError("the stream ended")


@pytest.mark.slow
async def test_reads_go_to_the_replica_and_a_client_reads_its_own_writes(pair: Pair, tmp_path: Path) -> None:
    settings: dict[str, Any] = {"read_database_url": pair.replica, "read_poll_seconds": 0.2}
    async with (
        serve_app(pair.primary, tmp_path, **settings) as live,
        httpx.AsyncClient(base_url=live.base_url, timeout=120) as client,
    ):
        routing: ReadRouting = live.services.service.reads
        routing.wait = 60.0  # generous while the replica streams: it reaches any version written

        async def post(path: str, token: str, body: dict[str, Any], status: int = 200) -> Any:
            response = await client.post(path, json=body, headers=auth(token))
            assert response.status_code == status, response.text
            return response.json()

        game = await post(
            "/v1/games", ADMIN, {"ruleset": "test-bids", "name": "rr", "scenario": {"bidders": ["ann"]}}, 201
        )
        gid, gm = game["game_id"], game["gm_token"]
        seat = {"name": "Ann", "role": "player", "controls": "ann"}
        ann = (await post(f"/v1/games/{gid}/seats", gm, seat, 201))["token"]
        await post(f"/v1/games/{gid}/commands", gm, {"type": "StartGame"})
        bid = await post(f"/v1/games/{gid}/commands", ann, {"type": "PlaceBid", "amount": 2})
        written = bid["version"]

        # Read-your-writes with the replica streaming: served by the replica, at the version written.
        state = await client.get(f"/v1/games/{gid}/state", headers=auth(ann, **{"Pantheon-Min-Version": str(written)}))
        assert state.status_code == 200 and state.headers["Pantheon-Read-From"] == "replica"
        assert state.json()["version"] == written and state.json()["view"]["bidders"][0]["bid"] == 2

        # Replay paused: the replica stays at `written` while the primary moves on.
        await replay(pair.replica, "pause")
        note = await post(f"/v1/games/{gid}/commands", ann, {"type": "WriteNote", "text": "after the pause"})
        newer = note["version"]
        assert newer > written
        follower = asyncio.create_task(sse_until(client, f"/v1/games/{gid}/events/stream", gm, "NoteWritten"))

        stale = await client.get(f"/v1/games/{gid}/state", headers=auth(ann))
        assert stale.headers["Pantheon-Read-From"] == "replica"
        assert (stale.json()["version"], stale.json()["latest_version"]) == (written, newer)
        page = await client.get(f"/v1/games/{gid}/events", headers=auth(gm))
        assert page.headers["Pantheon-Read-From"] == "replica"
        assert [e["version"] for e in page.json()["events"]][-1] == written

        # A client that passes the version it wrote waits (bounded) and then reads from the primary.
        routing.wait = 0.3
        own = await client.get(f"/v1/games/{gid}/state", params={"min_version": newer}, headers=auth(ann))
        assert own.headers["Pantheon-Read-From"] == "primary"
        assert own.json()["version"] == newer and own.json()["view"]["bidders"][0]["note"] == "after the pause"
        query = "query($g: String!) { state(gameId: $g) { version } }"
        graphql = await client.post(
            "/graphql",
            json={"query": query, "variables": {"g": gid}},
            headers=auth(ann, **{"Pantheon-Min-Version": str(newer)}),
        )
        assert graphql.headers["Pantheon-Read-From"] == "primary"
        assert graphql.json()["data"]["state"]["version"] == newer
        assert not follower.done()  # the replica has not replayed the note: the stream has nothing to send

        # Replay resumes: the SSE stream served from the replica gets the note by polling; reads catch up.
        await replay(pair.replica, "resume")
        routing.wait = 60.0
        types = await asyncio.wait_for(follower, 120)
        assert types.count("NoteWritten") == 1 and types.count("BidPlaced") == 1
        caught_up = await client.get(f"/v1/games/{gid}/state", params={"min_version": newer}, headers=auth(ann))
        assert caught_up.headers["Pantheon-Read-From"] == "replica" and caught_up.json()["version"] == newer
        graphql = await client.post("/graphql", json={"query": query, "variables": {"g": gid}}, headers=auth(ann))
        assert graphql.headers["Pantheon-Read-From"] == "replica"


async def test_without_a_replica_answers_do_not_say_where_they_read(tmp_path: Path, db_url: str) -> None:
    async with serve_app(db_url, tmp_path) as live, httpx.AsyncClient(base_url=live.base_url) as client:
        answer = await client.get("/v1/games", headers=auth(ADMIN), params={"min_version": "3"})
        assert answer.status_code == 200 and "Pantheon-Read-From" not in answer.headers
        bad = await client.get("/v1/games", headers=auth(ADMIN, **{"Pantheon-Min-Version": "soon"}))
        assert bad.status_code == 422 and bad.json()["code"] == "request.bad_min_version"
