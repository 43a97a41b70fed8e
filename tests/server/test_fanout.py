"""Live events fan out (server/fanout.py), on a real uvicorn and PostgreSQL: one store read per new event
whatever the number of streams, one rendering per distinct viewer, each stream exactly its own view, the hub
gone with its last stream, and a bound on the streams of one game."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from server.fanout import FanOut
from tests.server.conftest import Api, LiveServer, serve_app
from tests.server.sse_client import SseStream, open_streams
from tests.server.test_visibility import SECRET_NOTE

PROTOCOL = "graphql-transport-ws"


@contextlib.asynccontextmanager
async def live_api(db_url: str, tmp_path: Path, **settings: Any) -> AsyncIterator[tuple[Api, LiveServer]]:
    async with (
        serve_app(db_url, tmp_path, **settings) as live,
        httpx.AsyncClient(
            base_url=live.base_url, timeout=30, trust_env=False, limits=httpx.Limits(max_connections=None)
        ) as client,
    ):
        yield Api(client=client, services=live.services), live


async def eventually(check: Callable[[], bool]) -> None:
    """Wait until `check()` holds (the bound only guards against a hang; nothing is timed)."""
    async with asyncio.timeout(30):
        while not check():  # noqa: ASYNC110 (the server's own state, polled; no event to wait on)
            await asyncio.sleep(0.02)


def followers(fanout: FanOut, game_id: str) -> int:
    hub = fanout.hubs.get(game_id)
    return len(hub.followers) if hub is not None else 0


async def grant_gold(api: Api, game: dict[str, Any], amount: int = 1) -> int:
    """A GM command every viewer sees; returns the version it reached."""
    body = {"type": "GrantGold", "bidder": "bob", "amount": amount, "reason": "a marker"}
    response = await api.command(game, game["gm_token"], body)
    assert response.status_code == 200, response.text
    return int(response.json()["version"])


async def all_saw(streams: list[SseStream], version: int) -> None:
    for stream in streams:
        await stream.until(stream.saw_version(version))
        assert not stream.ended, stream.frames[-3:]


async def test_one_store_read_per_new_event_however_many_streams_follow(db_url: str, tmp_path: Path) -> None:
    async with live_api(db_url, tmp_path, max_streams_per_token=40) as (api, live):
        game, ann, bob = await api.started_game()
        gid, fanout = game["game_id"], live.services.service.fanout
        url = f"/v1/games/{gid}/events/stream"
        async with open_streams(api.client, url, [ann] * 40 + [bob] * 40 + [game["gm_token"]] * 40) as streams:
            await eventually(lambda: followers(fanout, gid) == 120)
            hub = fanout.hubs[gid]
            await all_saw(streams, await grant_gold(api, game))
            reads, renders = hub.reads, hub.renders
            appends = 0
            for i in range(6):
                token = ann if i % 2 else bob
                response = await api.command(game, token, {"type": "WriteNote", "text": f"note {i}"})
                assert response.status_code == 200, response.text
                appends += 1
            await all_saw(streams, await grant_gold(api, game))
            appends += 1
            # One read per append at most (fewer when appends land together), never one per stream; one
            # rendering per read and distinct viewer (ann, bob, the GM), never one per stream.
            assert 1 <= hub.reads - reads <= appends
            assert hub.renders - renders <= 3 * (hub.reads - reads)
            assert fanout.hubs[gid] is hub and len(fanout.hubs) == 1


async def test_each_stream_gets_exactly_its_own_view_of_the_game(db_url: str, tmp_path: Path) -> None:
    async with live_api(db_url, tmp_path) as (api, live):
        game, ann, bob = await api.started_game()
        observer = (await api.add_seat(game, None, role="observer"))["token"]
        gid, gm = game["game_id"], game["gm_token"]
        tokens = {"ann": ann, "bob": bob, "gm": gm, "observer": observer}
        order = [name for name in tokens for _ in range(3)]
        url = f"/v1/games/{gid}/events/stream"
        # GraphQL too: two subscriptions of bob (they share the rendered events and their execution,
        # server/graphql/shared.py), one of ann and one of the observer.
        graphql_names = ["bob", "bob", "ann", "observer"]
        async with (
            open_streams(api.client, url, [tokens[n] for n in order]) as streams,
            contextlib.AsyncExitStack() as stack,
        ):
            sockets = [await stack.enter_async_context(graphql_events(live, gid, tokens[n])) for n in graphql_names]
            await eventually(lambda: followers(live.services.service.fanout, gid) == len(order) + len(sockets))
            assert (await api.command(game, ann, {"type": "WriteNote", "text": SECRET_NOTE})).status_code == 200
            assert (await api.command(game, ann, {"type": "PlaceBid", "amount": 7})).status_code == 200
            assert (await api.command(game, bob, {"type": "PlaceBid", "amount": 3})).status_code == 200
            assert (await api.command(game, bob, {"type": "WriteNote", "text": "bob's own note"})).status_code == 200
            assert (await api.command(game, gm, {"type": "AdvancePhase"})).status_code == 200
            last = await grant_gold(api, game)
            await all_saw(streams, last)
            by_graphql = [await graphql_until(ws, last) for ws in sockets]
        for name, stream in zip(order, streams, strict=True):
            history = (await api.get(f"/v1/games/{gid}/events", tokens[name], limit=1000)).json()["events"]
            assert stream.events() == history, name
        seen = {name: json.dumps(s.events()) for name, s in zip(order, streams, strict=True)}
        assert SECRET_NOTE in seen["ann"] and SECRET_NOTE in seen["gm"]  # the GM sees everything
        assert SECRET_NOTE not in seen["bob"] and SECRET_NOTE not in seen["observer"]
        assert "bob's own note" in seen["bob"] and "bob's own note" not in seen["observer"]
        assert '"bidder":"ann","amount":7' not in seen["bob"].replace(" ", "")
        for name, received in zip(graphql_names, by_graphql, strict=True):
            history = (await api.get(f"/v1/games/{gid}/events", tokens[name], limit=1000)).json()["events"]
            assert received == [{"version": e["version"], "type": e["type"], "data": e["data"]} for e in history], name
        assert by_graphql[0] != by_graphql[2] != by_graphql[3]  # the views differ (the notes, the bids)


async def test_the_hub_goes_when_its_last_stream_closes(db_url: str, tmp_path: Path) -> None:
    async with live_api(db_url, tmp_path) as (api, live):
        game, ann, bob = await api.started_game()
        gid, fanout = game["game_id"], live.services.service.fanout
        notifier = live.services.store.notifier
        url = f"/v1/games/{gid}/events/stream"
        async with open_streams(api.client, url, [ann, bob]) as streams:
            await eventually(lambda: followers(fanout, gid) == 2)
            hub = fanout.hubs[gid]
            async with open_streams(api.client, url, [ann]):
                await eventually(lambda: followers(fanout, gid) == 3)
            await eventually(lambda: followers(fanout, gid) == 2)
            assert fanout.hubs[gid] is hub and not hub.task.done()
            await all_saw(streams, await grant_gold(api, game))
        await eventually(lambda: gid not in fanout.hubs)
        await eventually(hub.task.done)
        assert f"game-{gid}" not in notifier._waiters  # its wake-up is gone too
        # A new stream starts a new hub, which reads from where the game is.
        async with open_streams(api.client, url, [bob]) as (again,):
            await eventually(lambda: followers(fanout, gid) == 1)
            assert fanout.hubs[gid] is not hub
            await all_saw([again], await grant_gold(api, game))


async def test_a_game_holds_a_bounded_number_of_streams(db_url: str, tmp_path: Path) -> None:
    async with live_api(db_url, tmp_path, max_streams_per_game=2) as (api, live):
        game, ann, bob = await api.started_game()
        gid, fanout = game["game_id"], live.services.service.fanout
        url = f"/v1/games/{gid}/events/stream"
        async with open_streams(api.client, url, [ann, bob]):
            await eventually(lambda: followers(fanout, gid) == 2)
            refused = await api.client.get(url, headers=api.auth(game["gm_token"]))
            assert refused.status_code == 429
            assert refused.headers["content-type"].startswith("application/problem+json")
            assert refused.json()["code"] == "stream.too_many" and "one game" in refused.json()["detail"]
            other, other_ann, _ = await api.started_game()  # another game is not held back
            async with open_streams(api.client, f"/v1/games/{other['game_id']}/events/stream", [other_ann]) as (s,):
                await all_saw([s], await grant_gold(api, other))
        await eventually(lambda: gid not in fanout.hubs)
        async with open_streams(api.client, url, [game["gm_token"]]) as (gm_stream,):
            await all_saw([gm_stream], await grant_gold(api, game))


async def test_a_quiet_game_sends_keep_alives_from_one_timer_per_game(db_url: str, tmp_path: Path) -> None:
    async with live_api(db_url, tmp_path) as (api, live):
        game, ann, bob = await api.started_game()
        gid, fanout = game["game_id"], live.services.service.fanout
        fanout.keepalive = 0.05  # instead of 15 s
        async with open_streams(api.client, f"/v1/games/{gid}/events/stream", [ann, bob]) as streams:
            for stream in streams:
                await stream.until(lambda s: s.comments >= 2)
            await all_saw(streams, await grant_gold(api, game))
            assert all(not s.ended for s in streams)


# --- GraphQL subscriptions share the hub ----------------------------------------------------------------


@contextlib.asynccontextmanager
async def graphql_events(live: LiveServer, game_id: str, token: str) -> AsyncIterator[ClientConnection]:
    url = live.base_url.replace("http://", "ws://") + "/graphql"
    async with connect(url, subprotocols=[PROTOCOL], proxy=None) as ws:  # type: ignore[list-item]
        await ws.send(json.dumps({"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"}}))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
        query = "subscription($g: String!) { events(gameId: $g) { version type data } }"
        payload = {"query": query, "variables": {"g": game_id}}
        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": payload}))
        yield ws


async def graphql_until(ws: ClientConnection, version: int) -> list[dict[str, Any]]:
    """The subscription's events until `version` (or its end: then the last message is returned as is)."""
    events: list[dict[str, Any]] = []
    async with asyncio.timeout(60):
        while True:
            message = json.loads(await ws.recv())
            if message["type"] != "next" or "errors" in message["payload"]:
                return [*events, message]
            events.append(message["payload"]["data"]["events"])
            if events[-1]["version"] >= version:
                return events
