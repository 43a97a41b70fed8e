"""Streams the server ends (server/fanout.py, server/sse.py), over real HTTP: a client that reads too slowly is
dropped with `stream.too_slow` without holding up anyone else and resumes with Last-Event-ID; revoking a token
ends its SSE streams and GraphQL subscriptions at once."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

from tests.server.conftest import Api
from tests.server.sse_client import open_streams
from tests.server.test_fanout import all_saw, eventually, followers, grant_gold, graphql_events, graphql_until, live_api

BIG = "x" * 20_000  # the longest note a seat may write


def slow_client(base_url: str, path: str, token: str) -> socket.socket:
    """A client that asks for the stream, then reads nothing, with a small receive buffer."""
    host, port = base_url.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
    return sock


def read_to_end(sock: socket.socket) -> bytes:
    """Everything until the response's last chunk, de-chunked (the test's own blocking read, in a thread)."""
    sock.settimeout(60)
    raw = b""
    while not raw.endswith(b"\r\n0\r\n\r\n"):
        data = sock.recv(1 << 20)
        assert data, "the server closed the connection before the response ended"
        raw += data
    head, _, rest = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200") and b"chunked" in head.lower(), head
    body = b""
    while True:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            return body
        body, rest = body + rest[:size], rest[size + 2 :]


def frames(body: bytes) -> list[dict[str, Any]]:
    out = []
    for block in body.decode().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.split("\n") if line and not line.startswith(":"))
        if "data" in fields:
            out.append({"event": fields.get("event"), "id": fields.get("id"), "data": json.loads(fields["data"])})
    return out


async def test_a_client_that_reads_too_slowly_is_dropped_and_holds_up_nobody(db_url: str, tmp_path: Path) -> None:
    async with live_api(db_url, tmp_path, stream_backlog=3) as (api, live):
        game, ann, _ = await api.started_game()
        gid, fanout = game["game_id"], live.services.service.fanout
        path = f"/v1/games/{gid}/events/stream"
        async with open_streams(api.client, path, [ann]) as (fast,):
            await eventually(lambda: followers(fanout, gid) == 1)
            hub = fanout.hubs[gid]
            (fast_follower,) = hub.followers
            slow = await asyncio.to_thread(slow_client, live.base_url, path, ann)
            try:
                await eventually(lambda: followers(fanout, gid) == 2)
                (slow_follower,) = hub.followers - {fast_follower}
                notes = 0
                # Long notes, one at a time, each seen by the fast stream before the next: the slow client's
                # buffers fill, its backlog too, and it is dropped while the fast one keeps up.
                while slow_follower.closed is None:
                    assert notes < 2000, "the slow client was never dropped"
                    response = await api.command(game, ann, {"type": "WriteNote", "text": BIG})
                    assert response.status_code == 200, response.text
                    await all_saw([fast], response.json()["version"])
                    notes += 1
                assert slow_follower.closed.code == "stream.too_slow"
                assert followers(fanout, gid) == 1 and not fast.ended
                await all_saw([fast], await grant_gold(api, game))  # the fast stream is not held up
                body = await asyncio.to_thread(read_to_end, slow)
            finally:
                slow.close()
        received = frames(body)
        *events, closed = received
        assert closed["event"] == "closed" and closed["id"] is None
        assert closed["data"]["code"] == "stream.too_slow" and "Last-Event-ID" in closed["data"]["detail"]
        versions = [int(e["id"]) for e in events]
        assert versions == sorted(versions) and versions[-1] == closed["data"]["last_version"]
        fast_versions = [e["version"] for e in fast.events()]
        assert versions == fast_versions[fast_versions.index(versions[0]) :][: len(versions)]
        # Resuming with Last-Event-ID gives exactly the rest.
        head = await grant_gold(api, game)
        async with open_streams(api.client, path, [ann], **{"Last-Event-ID": str(versions[-1])}) as (resumed,):
            await all_saw([resumed], head)
        history = (await api.get(f"/v1/games/{gid}/events", ann, limit=1000)).json()["events"]
        assert resumed.events() == [e for e in history if e["version"] > versions[-1]]


async def test_revoking_a_token_ends_its_streams_at_once(db_url: str, tmp_path: Path) -> None:
    async with live_api(db_url, tmp_path) as (api, live):
        game = await api.create_game()
        ann = await api.add_seat(game, "ann")
        bob = await api.add_seat(game, "bob")
        assert (await api.command(game, game["gm_token"], {"type": "StartGame"})).status_code == 200
        gid, fanout = game["game_id"], live.services.service.fanout
        path = f"/v1/games/{gid}/events/stream"
        async with (
            open_streams(api.client, path, [ann["token"], bob["token"]]) as (ann_sse, bob_sse),
            graphql_events(live, gid, ann["token"]) as ann_ws,
        ):
            await eventually(lambda: followers(fanout, gid) == 3)
            await all_saw([ann_sse, bob_sse], await grant_gold(api, game))
            revoked = await revoke(api, game, ann["seat"]["seat_id"])
            await ann_sse.until(lambda s: s.ended)
            assert ann_sse.closed()["code"] == "auth.revoked"
            ended = await graphql_until(ann_ws, 10**9)
            assert [e["extensions"]["code"] for e in ended[-1]["payload"]["errors"]] == ["auth.revoked"]
            assert followers(fanout, gid) == 1
            await all_saw([bob_sse], await grant_gold(api, game))  # bob's stream goes on
            assert all(e["version"] < revoked for e in ann_sse.events())
        refused = await api.client.get(path, headers=api.auth(ann["token"]))
        assert refused.status_code == 401


async def revoke(api: Api, game: dict[str, Any], seat_id: str) -> int:
    response = await api.client.post(
        f"/v1/games/{game['game_id']}/seats/{seat_id}/token/revoke",
        json={"reason": "leaked"},
        headers=api.auth(game["gm_token"]),
    )
    assert response.status_code == 200, response.text
    return int(response.json()["version"])


async def test_a_revocation_missed_while_not_listening_ends_its_streams_on_reconnection(
    db_url: str, tmp_path: Path
) -> None:
    async with live_api(db_url, tmp_path) as (api, live):
        game = await api.create_game()
        ann = await api.add_seat(game, "ann")
        assert (await api.command(game, game["gm_token"], {"type": "StartGame"})).status_code == 200
        gid, fanout = game["game_id"], live.services.service.fanout
        async with open_streams(api.client, f"/v1/games/{gid}/events/stream", [ann["token"]]) as (ann_sse,):
            await eventually(lambda: followers(fanout, gid) == 1)
            pool = live.services.pool
            # Revoked behind the server's back (no NOTIFY): as if it happened while this process's listener
            # was down. Then the listeners lose their connections, reconnect, and check the open streams.
            await pool.execute("UPDATE tokens SET revoked_at = now() WHERE token_id = $1", ann["token_id"])
            await pool.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND (query = 'SELECT 1' OR query LIKE 'LISTEN%')"
            )
            await ann_sse.until(lambda s: s.ended)
            assert ann_sse.closed()["code"] == "auth.revoked"
            assert followers(fanout, gid) == 0


async def test_when_the_game_cannot_be_read_its_streams_end_with_stream_interrupted(
    db_url: str, tmp_path: Path
) -> None:
    async with live_api(db_url, tmp_path) as (api, live):
        game, ann, bob = await api.started_game()
        gid, fanout, pool = game["game_id"], live.services.service.fanout, live.services.pool
        async with open_streams(api.client, f"/v1/games/{gid}/events/stream", [ann, bob]) as streams:
            await eventually(lambda: followers(fanout, gid) == 2)
            await pool.execute("ALTER TABLE events RENAME TO events_away")
            try:
                # Another process announces an append: the hub wakes, and its read fails.
                await pool.execute("SELECT pg_notify('pantheon_events', $1)", f"game-{gid} 1000000")
                for stream in streams:
                    await stream.until(lambda s: s.ended)
                    assert stream.closed()["code"] == "stream.interrupted"
                await eventually(lambda: gid not in fanout.hubs)
            finally:
                await pool.execute("ALTER TABLE events_away RENAME TO events")
        # Streams opened again read from where they stopped.
        async with open_streams(api.client, f"/v1/games/{gid}/events/stream", [ann]) as (again,):
            await all_saw([again], await grant_gold(api, game))
