"""The leak harness: two worlds that differ only in one rival's secret choice, read by a third seat through every
path it has (state at every version, events, live events over SSE, turns, GraphQL, refusals), over real HTTP
against the real app. What the third seat reads must be equal in both worlds.

Normalised away, because they differ between any two games whatever the secrets: game ids, wall-clock times,
dice commitments and hashes, seat ids, and version numbers (a hidden event still takes a version: what version numbers
reveal is documented in the README's visibility section). States are compared as the sequence of distinct
states the seat saw, so a hidden event that changes nothing the seat can read leaves no trace.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.server.conftest import ADMIN, LiveServer

VERSION_KEYS = frozenset(
    {"version", "latest_version", "latestVersion", "head_version", "headVersion", "started_version",
     "startedVersion", "ended_version", "endedVersion", "at_version", "position", "global_position", "next_after",
     "after"}
)  # fmt: skip
# ISO times, and the Newsfax's printed due date ("Orders due: 2026-12-09 03:31 UTC", a wall-clock time too)
TIME = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?| \d{2}:\d{2} UTC)")
HEX = re.compile(r"\b[0-9a-f]{64}\b")
SEAT = re.compile(r"\bseat-[0-9a-f]{8,}\b")  # seat ids are random per game


@dataclass
class World:
    """One game over HTTP: its id, the GM's token and a token per seat."""

    client: httpx.AsyncClient
    game_id: str
    gm: str
    seats: dict[str, str] = field(default_factory=dict)

    def auth(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    async def command(self, who: str, body: dict[str, Any]) -> httpx.Response:
        token = self.gm if who == "gm" else self.seats[who]
        return await self.client.post(f"/v1/games/{self.game_id}/commands", json=body, headers=self.auth(token))

    async def ok(self, who: str, body: dict[str, Any]) -> dict[str, Any]:
        response = await self.command(who, body)
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    async def get(self, path: str, token: str, **params: Any) -> httpx.Response:
        response = await self.client.get(f"/v1/games/{self.game_id}{path}", headers=self.auth(token), params=params)
        assert response.status_code == 200, response.text
        return response


async def new_world(
    client: httpx.AsyncClient, ruleset: str, scenario: Any, seats: list[str], settings: Any = None
) -> World:
    body: dict[str, Any] = {"ruleset": ruleset, "name": "leak test", "scenario": scenario}
    if settings is not None:
        body["settings"] = settings
    created = await client.post("/v1/games", json=body, headers={"Authorization": f"Bearer {ADMIN}"})
    assert created.status_code == 201, created.text
    game = created.json()
    world = World(client, game["game_id"], game["gm_token"])
    for name in seats:
        added = await client.post(
            f"/v1/games/{world.game_id}/seats",
            json={"name": name, "role": "player", "controls": name},
            headers=world.auth(world.gm),
        )
        assert added.status_code == 201, added.text
        world.seats[name] = added.json()["token"]
    await world.ok("gm", {"type": "StartGame"})
    return world


def normalise(value: Any, game_id: str) -> Any:
    if isinstance(value, dict):
        return {k: normalise(v, game_id) for k, v in value.items() if k not in VERSION_KEYS}
    if isinstance(value, list):
        return [normalise(v, game_id) for v in value]
    if isinstance(value, str):
        return SEAT.sub("<seat>", HEX.sub("<hash>", TIME.sub("<time>", value.replace(game_id, "<game>"))))
    return value


def distinct(states: list[Any]) -> list[Any]:
    out: list[Any] = []
    for s in states:
        if not out or out[-1] != s:
            out.append(s)
    return out


STATE_QUERY = "query($g: String!, $v: Int) { state(gameId: $g, atVersion: $v) { view } }"
EVENTS_QUERY = "query($g: String!) { events(gameId: $g, limit: 1000) { events { type data } } }"
TURNS_QUERY = "query($g: String!) { turns(gameId: $g) { turn } }"


async def graphql(world: World, token: str, query: str, **variables: Any) -> Any:
    response = await world.client.post(
        "/graphql", json={"query": query, "variables": variables}, headers=world.auth(token)
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert "errors" not in body, body
    return body["data"]


async def sse(world: World, token: str, want: int) -> list[Any]:
    """The live stream from the start, until it has replayed `want` events."""
    received: list[Any] = []
    if want == 0:
        return received
    url = f"/v1/games/{world.game_id}/events/stream"
    async with world.client.stream("GET", url, headers=world.auth(token)) as response:
        assert response.status_code == 200
        async for line in response.aiter_lines():
            if line.startswith("data: "):
                received.append(json.loads(line[6:]))
                if len(received) >= want:
                    break
    return received


Probe = Callable[[World], Awaitable[list[httpx.Response]]]


async def everything_seen(world: World, seat: str, probes: Probe | None = None) -> dict[str, Any]:
    """All the third seat can read, normalised."""
    token = world.seats[seat]
    head = (await world.get("/state", token)).json()["version"]
    states = [(await world.get("/state", token, at_version=v)).json()["view"] for v in range(1, head + 1)]
    events = (await world.get("/events", token, limit=1000)).json()["events"]
    turns = (await world.get("/turns", token)).json()
    turn_reports = [(await world.get(f"/turns/{t['turn']}", token)).json() for t in turns.get("turns", [])]
    live = await asyncio.wait_for(sse(world, token, len(events)), 20)
    gql_states = [
        (await graphql(world, token, STATE_QUERY, g=world.game_id, v=v))["state"]["view"] for v in range(1, head + 1)
    ]
    gql_events = (await graphql(world, token, EVENTS_QUERY, g=world.game_id))["events"]["events"]
    gql_turns = (await graphql(world, token, TURNS_QUERY, g=world.game_id))["turns"]
    refusals = [(r.status_code, r.json()) for r in await probes(world)] if probes else []
    seen = {
        "states": distinct(states),
        "events": [{"type": e["type"], "data": e["data"]} for e in events],
        "sse": [{"type": e["type"], "data": e["data"]} for e in live],
        "turns": turns,
        "turn_reports": turn_reports,
        "graphql_states": distinct(gql_states),
        "graphql_events": gql_events,
        "graphql_turns": gql_turns,
        "refusals": refusals,
    }
    return normalise(seen, world.game_id)  # type: ignore[no-any-return]


def assert_same(a: dict[str, Any], b: dict[str, Any]) -> None:
    for key in a:
        if a[key] != b[key] and isinstance(a[key], list) and isinstance(b[key], list):
            diff = next((i for i, (x, y) in enumerate(zip(a[key], b[key], strict=False)) if x != y), None)
            where = (a[key][diff], b[key][diff]) if diff is not None else (len(a[key]), len(b[key]))
            raise AssertionError(f"the third seat can tell the worlds apart through {key}: {where}")
        assert a[key] == b[key], f"the third seat can tell the worlds apart through {key}"


def client_for(live_server: LiveServer) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=live_server.base_url, timeout=30)
