"""What one client can make the server do: GraphQL documents are bounded (aliases, depth, tokens, cost) and
refused before anything runs; ruleset schemas are computed once and revalidated by ETag; event streams are
bounded per token and per websocket; `/health` keeps answering while a big query is in flight."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import connect
from websockets.typing import Subprotocol

from domain import rulesets
from server.app import create_app
from server.bootstrap import Services
from server.cli import listen
from server.graphql.limits import MAX_ALIASES, MAX_COST, MAX_DEPTH, WEIGHTS
from tests.server.conftest import Api, make_settings

SCHEMAS = 'ruleset(id: "test-bids") { schemas }'


def aliases(n: int, field: str = SCHEMAS) -> str:
    return "{ " + " ".join(f"a{i}: {field}" for i in range(n)) + " }"


async def gql(client: httpx.AsyncClient, query: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = await client.post("/graphql", json={"query": query}, headers=headers)
    assert response.status_code in (200, 400), response.text
    return response.json()  # type: ignore[no-any-return]


def codes(body: dict[str, Any]) -> set[str]:
    return {e["extensions"]["code"] for e in body.get("errors", [])}


async def test_a_hundred_aliases_of_ruleset_schemas_are_refused_before_anything_runs(api: Api) -> None:
    refused = await gql(api.client, aliases(100))
    assert "graphql.too_many_aliases" in codes(refused) and refused.get("data") is None
    assert f"Allowed: {MAX_ALIASES}" in refused["errors"][0]["message"]


async def test_schemas_need_a_token_and_a_costly_document_is_refused_with_its_cost(api: Api) -> None:
    game = await api.create_game()
    anonymous = await gql(api.client, aliases(2))
    assert codes(anonymous) == {"auth.missing_token"}
    each = WEIGHTS[("Ruleset", "schemas")] + 1
    allowed = MAX_COST // each
    ok = await gql(api.client, aliases(allowed), game["gm_token"])
    assert "errors" not in ok and len(ok["data"]) == allowed
    assert set(ok["data"]["a0"]["schemas"]) == {"commands", "events", "setup", "settings", "view", "content_pack"}
    costly = await gql(api.client, aliases(allowed + 1), game["gm_token"])
    assert codes(costly) == {"graphql.too_costly"}
    assert costly["errors"][0]["extensions"]["cost"] == (allowed + 1) * each > MAX_COST
    # A list of rulesets counts what is selected under it once per ruleset.
    per_list = 1 + len(rulesets.latest()) * WEIGHTS[("Ruleset", "schemas")]
    assert per_list <= MAX_COST < 2 * per_list
    assert "errors" not in await gql(api.client, "{ rulesets { schemas } }", game["gm_token"])
    twice = await gql(api.client, "{ a: rulesets { schemas } b: rulesets { schemas } }", game["gm_token"])
    assert codes(twice) == {"graphql.too_costly"} and twice["errors"][0]["extensions"]["cost"] == 2 * per_list
    # Fragments count wherever they are spread.
    spread = (
        "fragment F on Ruleset { schemas } { "
        + " ".join(f'a{i}: ruleset(id: "test-bids") {{ ...F }}' for i in range(allowed + 1))
        + " }"
    )
    assert codes(await gql(api.client, spread, game["gm_token"])) == {"graphql.too_costly"}


async def test_dice_purposes_count_once_per_purpose(api: Api) -> None:
    most = max(len(r.dice_purposes) for r in rulesets.latest())
    one = '{ ruleset(id: "gods2") { dicePurposes { purpose faces } } }'
    assert most >= 8 and "errors" not in await gql(api.client, one)  # no token needed
    per_list = 1 + len(rulesets.latest()) * (1 + most * 2)  # rulesets, dicePurposes, and 2 fields per purpose
    n = MAX_COST // per_list + 1
    document = "{ " + " ".join(f"a{i}: rulesets {{ dicePurposes {{ purpose faces }} }}" for i in range(n)) + " }"
    costly = await gql(api.client, document)
    assert codes(costly) == {"graphql.too_costly"} and costly["errors"][0]["extensions"]["cost"] == n * per_list


async def test_deep_and_long_documents_are_refused_with_their_own_codes(api: Api) -> None:
    deep = "{ " + 'game(id: "x") { ' * (MAX_DEPTH + 2) + "version" + " }" * (MAX_DEPTH + 2) + " }"
    assert "graphql.too_deep" in codes(await gql(api.client, deep))
    long = "{ " + " ".join(["rulesets { id }"] * 1000) + " }"
    assert codes(await gql(api.client, long)) == {"graphql.too_many_tokens"}
    assert codes(await gql(api.client, "{ rulesets ")) == {"graphql.invalid"}
    assert codes(await gql(api.client, "{ rulesets { ...Missing } }")) == {"graphql.invalid"}
    introspection = await gql(
        api.client, "{ __schema { types { name fields { name type { name ofType { name ofType { name } } } } } } }"
    )
    assert "errors" not in introspection


async def test_ruleset_schemas_are_revalidated_by_etag(api: Api) -> None:
    first = await api.client.get("/v1/rulesets/test-bids")
    assert first.status_code == 200 and first.headers["ETag"]
    again = await api.client.get("/v1/rulesets/test-bids", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.content == b"" and again.headers["ETag"] == first.headers["ETag"]
    other = await api.client.get("/v1/rulesets/test-bids", headers={"If-None-Match": '"stale"'})
    assert other.status_code == 200 and other.json() == first.json()
    assert (await api.client.get("/v1/rulesets/nope", headers={"If-None-Match": "*"})).status_code == 404


# --- on a real server -----------------------------------------------------------------------------------


@pytest.fixture
async def live(db_url: str, tmp_path: Path) -> AsyncIterator[tuple[Api, str]]:
    captured: list[Services] = []
    settings = make_settings(db_url, tmp_path, max_streams_per_token=2, max_subscriptions_per_connection=1)
    app = create_app(settings, on_ready=captured.append)
    sock = listen("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, lifespan="on", log_level="warning", timeout_graceful_shutdown=2))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        assert not task.done(), "uvicorn failed to start"
        await asyncio.sleep(0.02)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", trust_env=False, timeout=60) as client:
            yield Api(client=client, services=captured[0]), f"ws://127.0.0.1:{port}/graphql"
    finally:
        server.should_exit = True
        await task
        sock.close()


async def test_health_answers_while_big_queries_are_in_flight(live: tuple[Api, str]) -> None:
    api, _ = live
    game = await api.create_game()
    each = WEIGHTS[("Ruleset", "schemas")] + 1
    big = [asyncio.create_task(gql(api.client, aliases(MAX_COST // each), game["gm_token"])) for _ in range(4)] + [
        asyncio.create_task(gql(api.client, aliases(150))) for _ in range(4)
    ]
    # Not a timing assertion: a generous bound that only a frozen server would miss.
    async with httpx.AsyncClient(base_url=str(api.client.base_url), trust_env=False, timeout=5) as probe:
        while not all(t.done() for t in big):
            health = await probe.get("/health")
            assert health.status_code == 200
            await asyncio.sleep(0.05)
    results = [t.result() for t in big]
    assert all("errors" not in r for r in results[:4])
    assert all("graphql.too_many_aliases" in codes(r) for r in results[4:])


async def test_event_streams_are_bounded_per_token_and_per_connection(live: tuple[Api, str]) -> None:
    api, url = live
    game, ann, _ = await api.started_game()
    path = f"/v1/games/{game['game_id']}/events/stream"
    async with api.client.stream("GET", path, headers=api.auth(ann)) as first:
        assert first.status_code == 200
        async with connect(url, subprotocols=[Subprotocol("graphql-transport-ws")], proxy=None) as ws:
            await ws.send(json.dumps({"type": "connection_init", "payload": {"Authorization": f"Bearer {ann}"}}))
            assert json.loads(await ws.recv())["type"] == "connection_ack"
            query = "subscription($g: String!) { events(gameId: $g) { version } }"
            for n in ("1", "2"):
                payload = {"query": query, "variables": {"g": game["game_id"]}}
                await ws.send(json.dumps({"id": n, "type": "subscribe", "payload": payload}))
            async with asyncio.timeout(60):
                while True:  # one subscription streams; the other is refused on this connection
                    message = json.loads(await ws.recv())
                    payload = message.get("payload")
                    errors = payload if isinstance(payload, list) else (payload or {}).get("errors")
                    if errors:
                        break
            assert [e["extensions"]["code"] for e in errors] == ["stream.too_many"]
            second = await api.client.get(path, headers=api.auth(ann))  # two streams open for ann's token
            assert second.status_code == 429 and second.json()["code"] == "stream.too_many"
        async with asyncio.timeout(60):
            while True:  # the websocket's subscription ends with its connection
                again = await api.client.send(api.client.build_request("GET", path, headers=api.auth(ann)), stream=True)
                if again.status_code == 200:
                    await again.aclose()
                    break
                await again.aclose()
                await asyncio.sleep(0.05)
