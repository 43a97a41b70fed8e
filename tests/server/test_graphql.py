"""GraphQL at /graphql over real HTTP semantics and real PostgreSQL: queries, mutations with `Accepted | Rejected`
results, error codes shared with REST, secrets kept per seat, and the events subscription over
graphql-transport-ws on a real uvicorn server."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Subprotocol

from server.app import create_app
from server.bootstrap import Services
from server.cli import listen
from tests.server.conftest import ADMIN, Api, make_settings

SECRET_NOTE = "ann hides a dragon egg"
PROTOCOL = Subprotocol("graphql-transport-ws")
ACCEPTED_OR_REJECTED = """
    __typename
    ... on Accepted { version commandId replayed events { version type data } }
    ... on Rejected { code message status }
"""
SUBMIT = f"""
mutation($game: String!, $command: JSON!, $ifMatch: Int, $key: String) {{
  submitCommand(gameId: $game, command: $command, ifMatch: $ifMatch, idempotencyKey: $key) {{
    {ACCEPTED_OR_REJECTED}
  }}
}}"""
STATE = """
query($game: String!, $at: Int) {
  state(gameId: $game, atVersion: $at) { version latestVersion view game { turn phase status } }
}"""
EVENTS = "query($game: String!) { events(gameId: $game) { events { version type data } headVersion more } }"
SUBSCRIBE = "subscription($game: String!) { events(gameId: $game) { version type data } }"


async def gql(api: Api, query: str, token: str | None = None, **variables: Any) -> dict[str, Any]:
    headers = api.auth(token) if token else {}
    response = await api.client.post("/graphql", json={"query": query, "variables": variables}, headers=headers)
    assert response.status_code == 200, response.text
    assert "Traceback" not in response.text
    return response.json()  # type: ignore[no-any-return]


async def data(api: Api, query: str, token: str | None = None, **variables: Any) -> dict[str, Any]:
    body = await gql(api, query, token, **variables)
    assert "errors" not in body, body["errors"]
    return body["data"]  # type: ignore[no-any-return]


async def error_code(api: Api, query: str, token: str | None = None, **variables: Any) -> str:
    body = await gql(api, query, token, **variables)
    assert body.get("errors"), body
    return body["errors"][0]["extensions"]["code"]  # type: ignore[no-any-return]


async def submit(api: Api, game_id: str, token: str, command: dict[str, Any], **extra: Any) -> dict[str, Any]:
    result = await data(api, SUBMIT, token, game=game_id, command=command, **extra)
    return result["submitCommand"]  # type: ignore[no-any-return]


async def graphql_game(api: Api) -> tuple[str, str, str, str]:
    """A running game built through GraphQL alone: (game id, GM token, ann's token, bob's token)."""
    created = await data(
        api,
        'mutation($s: JSON!) { createGame(ruleset: "test-bids", name: "GQL", scenario: $s) { gameId gmToken } }',
        ADMIN,
        s={"bidders": ["ann", "bob"]},
    )
    game_id, gm = created["createGame"]["gameId"], created["createGame"]["gmToken"]
    tokens = []
    for name in ("ann", "bob"):
        seat = await data(
            api,
            "mutation($g: String!, $c: String!) { addSeat(gameId: $g, name: $c, controls: $c) "
            "{ token seat { seatId role controls } } }",
            gm,
            g=game_id,
            c=name,
        )
        assert seat["addSeat"]["seat"] == {
            "seatId": seat["addSeat"]["seat"]["seatId"],
            "role": "player",
            "controls": name,
        }
        tokens.append(seat["addSeat"]["token"])
    assert (await submit(api, game_id, gm, {"type": "StartGame"}))["__typename"] == "Accepted"
    return game_id, gm, tokens[0], tokens[1]


def bidders(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {b["name"]: b for b in state["view"]["bidders"]}


# --- queries and mutations -------------------------------------------------------------------------------


async def test_a_turn_played_through_mutations(api: Api) -> None:
    game_id, gm, ann, bob = await graphql_game(api)
    placed = await submit(api, game_id, ann, {"type": "PlaceBid", "amount": 4})
    assert placed["__typename"] == "Accepted"
    assert [e["data"] for e in placed["events"]] == [{"type": "BidPlaced", "bidder": "ann", "amount": 4}]
    assert (await submit(api, game_id, bob, {"type": "PlaceBid", "amount": 2}))["__typename"] == "Accepted"
    closed = await submit(api, game_id, gm, {"type": "AdvancePhase"})
    assert [e["type"] for e in closed["events"]][:2] == ["AuctionWon", "PhaseEnded"]

    state = (await data(api, STATE, ann, game=game_id))["state"]
    assert state["version"] == closed["version"] and state["game"]["phase"] == "talk"
    assert bidders(state)["ann"]["gold"] == 6 and bidders(state)["ann"]["points"] == 1
    assert bidders(state)["bob"]["gold"] is None
    turns = await data(api, "query($g: String!) { turns(gameId: $g) { turn startedVersion } }", ann, g=game_id)
    assert turns["turns"][0]["turn"] == 1
    report = await data(
        api, "query($g: String!) { turn(gameId: $g, n: 1) { turn { turn } events { type } } }", bob, g=game_id
    )
    assert "AuctionWon" in [e["type"] for e in report["turn"]["events"]]
    available = await data(
        api, "query($g: String!) { availableCommands(gameId: $g) { phase commands { type schema } } }", ann, g=game_id
    )
    assert [c["type"] for c in available["availableCommands"]["commands"]] == ["WriteNote"]
    assert available["availableCommands"]["commands"][0]["schema"]


async def test_rulesets_game_and_games_queries(api: Api) -> None:
    game_id, gm, _, _ = await graphql_game(api)
    listed = await data(api, "{ rulesets { id version phases { name resolves } } }")
    assert "test-bids" in [r["id"] for r in listed["rulesets"]]
    one = await data(api, '{ ruleset(id: "test-bids") { id gmCommands schemas } }', gm)  # schemas need a token
    assert one["ruleset"]["gmCommands"] == ["GrantGold", "StartHourglass"]
    assert set(one["ruleset"]["schemas"]) == {"commands", "events", "setup", "settings", "view", "content_pack"}
    detail = await data(
        api, "query($g: String!) { game(id: $g) { version you { role } game { seats { name } } } }", gm, g=game_id
    )
    assert detail["game"]["you"]["role"] == "gm" and len(detail["game"]["game"]["seats"]) == 2
    games = await data(api, "{ games(limit: 50) { games { gameId rulesetId } nextCursor } }", ADMIN)
    assert game_id in [g["gameId"] for g in games["games"]["games"]]


async def test_dice_purposes_are_typed_free_and_the_same_as_rest(api: Api) -> None:
    fields = "purpose dice decides faces rule"
    one = await data(api, f'{{ ruleset(id: "second-era") {{ version dicePurposes {{ {fields} }} }} }}')  # no token
    rest = (await api.client.get(f"/v1/rulesets/second-era?version={one['ruleset']['version']}")).json()
    assert rest["dice_purposes"] and one["ruleset"]["dicePurposes"] == rest["dice_purposes"]
    every = await data(api, f"{{ rulesets {{ id dicePurposes {{ {fields} }} }} }}")  # within the cost limit
    gods2 = next(r for r in every["rulesets"] if r["id"] == "gods2")
    assert "turmoil:<race>" in [p["purpose"] for p in gods2["dicePurposes"]]
    introspected = await data(api, '{ __type(name: "DicePurpose") { fields { name type { ofType { name } } } } }')
    assert {f["name"]: f["type"]["ofType"]["name"] for f in introspected["__type"]["fields"]} == dict.fromkeys(
        ["purpose", "dice", "decides", "faces", "rule"], "String"
    )


async def test_a_game_is_created_with_settings(api: Api) -> None:
    created = await data(
        api,
        'mutation($s: JSON!, $t: JSON) { createGame(ruleset: "test-bids", name: "S", scenario: $s, settings: $t) '
        "{ gameId gmToken } }",
        ADMIN,
        s={"bidders": ["ann"]},
        t={"tie_break": "nobody"},
    )
    assert created["createGame"]["gmToken"].startswith("pnt_")
    bad = await error_code(
        api,
        'mutation($t: JSON) { createGame(ruleset: "test-bids", name: "S", scenario: {bidders: ["a"]}, settings: $t) '
        "{ gameId } }",
        ADMIN,
        t={"tie_break": "coin"},
    )
    assert bad == "settings.invalid"


async def test_a_refused_command_is_rejected_and_appends_nothing(api: Api) -> None:
    game_id, _, ann, bob = await graphql_game(api)
    before = (await data(api, EVENTS, ann, game=game_id))["events"]["headVersion"]
    too_much = await submit(api, game_id, bob, {"type": "PlaceBid", "amount": 11})
    assert too_much["__typename"] == "Rejected"
    assert (too_much["code"], too_much["status"]) == ("bids.not_enough_gold", 422)
    ruling = await submit(api, game_id, ann, {"type": "GrantGold", "bidder": "ann", "amount": 5, "reason": "greed"})
    assert ruling["__typename"] == "Rejected" and ruling["status"] == 403
    assert (await data(api, EVENTS, ann, game=game_id))["events"]["headVersion"] == before


async def test_version_pins_and_idempotency_keys_work_as_in_rest(api: Api) -> None:
    game_id, _, ann, _ = await graphql_game(api)
    head = (await data(api, EVENTS, ann, game=game_id))["events"]["headVersion"]
    stale = await gql(api, SUBMIT, ann, game=game_id, command={"type": "PlaceBid", "amount": 1}, ifMatch=head - 1)
    assert stale["errors"][0]["extensions"] == {
        "code": "command.version_conflict",
        "status": 409,
        "currentVersion": head,
    }
    bid = {"type": "PlaceBid", "amount": 1}
    first = await submit(api, game_id, ann, bid, key="bid-1", ifMatch=head)
    again = await submit(api, game_id, ann, bid, key="bid-1", ifMatch=head)
    assert first["__typename"] == again["__typename"] == "Accepted"
    assert (again["commandId"], again["replayed"]) == (first["commandId"], True)
    assert (await data(api, EVENTS, ann, game=game_id))["events"]["headVersion"] == head + 1
    reused = await error_code(api, SUBMIT, ann, game=game_id, command={"type": "PlaceBid", "amount": 2}, key="bid-1")
    assert reused == "idempotency.key_reused"


async def test_errors_carry_the_rest_problem_codes(api: Api) -> None:
    game, ann, _ = await api.started_game()
    _, other_ann, _ = await api.started_game()
    game_id = game["game_id"]
    # (GraphQL call, the same request over REST)
    cases = [
        ((STATE, None, {"game": game_id}), ("GET", f"/v1/games/{game_id}/state", None, None)),
        ((STATE, "pnt_nope.nope", {"game": game_id}), ("GET", f"/v1/games/{game_id}/state", "pnt_nope.nope", None)),
        ((STATE, other_ann, {"game": game_id}), ("GET", f"/v1/games/{game_id}/state", other_ann, None)),
        (
            (STATE, ann, {"game": game_id, "at": 10_000}),
            ("GET", f"/v1/games/{game_id}/state?at_version=10000", ann, None),
        ),
        (
            ("query($g: String!) { turn(gameId: $g, n: 99) { turn { turn } } }", ann, {"g": game_id}),
            ("GET", f"/v1/games/{game_id}/turns/99", ann, None),
        ),
        (('{ ruleset(id: "no-such-game") { id } }', None, {}), ("GET", "/v1/rulesets/no-such-game", None, None)),
        (
            (
                'mutation($g: String!) { addSeat(gameId: $g, name: "x", controls: "bob") { token } }',
                ann,
                {"g": game_id},
            ),
            ("POST", f"/v1/games/{game_id}/seats", ann, {"name": "x", "controls": "bob"}),
        ),
        (
            (
                'mutation { createGame(ruleset: "test-bids", name: "x", scenario: {bidders: ["a"]}) { gameId } }',
                ann,
                {},
            ),
            ("POST", "/v1/games", ann, {"ruleset": "test-bids", "name": "x", "scenario": {"bidders": ["a"]}}),
        ),
        (
            (SUBMIT, ann, {"game": game_id, "command": {"type": "Fly"}}),
            ("POST", f"/v1/games/{game_id}/commands", ann, {"type": "Fly"}),
        ),
    ]
    for (query, token, variables), (method, path, rest_token, body) in cases:
        code = await error_code(api, query, token, **variables)
        rest = await api.client.request(method, path, json=body, headers=api.auth(rest_token) if rest_token else {})
        assert rest.status_code >= 400 and code == rest.json()["code"], (query, code, rest.text)


async def test_bad_documents_and_arguments_get_clear_codes(api: Api) -> None:
    game_id, _, ann, _ = await graphql_game(api)
    assert await error_code(api, "{ rulesets { nope } }") == "graphql.invalid"
    assert await error_code(api, "{ rulesets ") == "graphql.invalid"
    time_query = "query($g: String!, $t: DateTime) { state(gameId: $g, atTime: $t) { version } }"
    assert await error_code(api, time_query, ann, g=game_id, t="yesterday") == "graphql.invalid"
    assert await error_code(api, time_query, ann, g=game_id, t="2026-01-01T00:00:00") == "request.naive_time"
    nul = await error_code(api, SUBMIT, ann, game=game_id, command={"type": "WriteNote", "text": "a\x00b"})
    assert nul == "request.nul_character"
    assert (
        await error_code(api, EVENTS.replace("gameId: $game", "gameId: $game, limit: 0"), ann, game=game_id)
        == "request.invalid"
    )
    long_id = await error_code(api, STATE, ann, game="g" * 65)
    assert long_id == "request.invalid"
    assert (
        await error_code(api, SUBMIT, ann, game=game_id, command={"type": "WriteNote", "text": "x"}, key="no spaces")
        == "idempotency.bad_key"
    )


async def test_graphiql_is_served_to_browsers(api: Api) -> None:
    response = await api.client.get("/graphql", headers={"Accept": "text/html"})
    assert response.status_code == 200 and "graphiql" in response.text.lower()


# --- secrets --------------------------------------------------------------------------------------------


async def test_a_seat_cannot_read_another_seats_bid_or_note(api: Api) -> None:
    game_id, gm, ann, bob = await graphql_game(api)
    bid = await submit(api, game_id, ann, {"type": "PlaceBid", "amount": 7}, key="ann-1")
    note = await submit(api, game_id, ann, {"type": "WriteNote", "text": SECRET_NOTE})
    # The GM sees both: the secret is there to be leaked.
    gm_view = bidders((await data(api, STATE, gm, game=game_id))["state"])["ann"]
    assert (gm_view["bid"], gm_view["note"]) == (7, SECRET_NOTE)

    for version in (None, bid["version"], note["version"]):  # now, and time travel to each secret's version
        seen = bidders((await data(api, STATE, bob, game=game_id, at=version))["state"])["ann"]
        assert (seen["bid"], seen["note"], seen["gold"], seen["has_bid"]) == (None, None, None, True)
    events = (await data(api, EVENTS, bob, game=game_id))["events"]["events"]
    assert not {"BidPlaced", "NoteWritten"} & {e["type"] for e in events}
    report = await data(api, "query($g: String!) { turn(gameId: $g, n: 1) { events { type data } } }", bob, g=game_id)
    assert not {"BidPlaced", "NoteWritten"} & {e["type"] for e in report["turn"]["events"]}
    # The same idempotency key from another seat is another command, never ann's stored result.
    replay = await submit(api, game_id, bob, {"type": "PlaceBid", "amount": 7}, key="ann-1")
    assert replay["replayed"] is False and replay["events"][0]["data"]["bidder"] == "bob"
    # Refusals and errors speak of the caller's own gold, never of ann's.
    refused = await submit(api, game_id, bob, {"type": "PlaceBid", "amount": 50})
    conflict = await gql(api, SUBMIT, bob, game=game_id, command={"type": "WriteNote", "text": "x"}, ifMatch=1)
    everything = json.dumps([events, report, replay, refused, conflict])
    assert SECRET_NOTE not in everything and '"bidder": "ann"' not in everything
    assert refused["message"] == "You have 10 gold; bid at most that much."


# --- the subscription, on a real server ----------------------------------------------------------------


@pytest.fixture
async def live(db_url: str, tmp_path: Path) -> AsyncIterator[tuple[Api, str]]:
    """The app served by uvicorn on a free port; returns (REST helpers over real HTTP, the websocket URL)."""
    captured: list[Services] = []
    app = create_app(make_settings(db_url, tmp_path), on_ready=captured.append)
    sock = listen("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, lifespan="on", log_level="warning", timeout_graceful_shutdown=2))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        assert not task.done(), "uvicorn failed to start"
        await asyncio.sleep(0.02)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", trust_env=False) as client:
            yield Api(client=client, services=captured[0]), f"ws://127.0.0.1:{port}/graphql"
    finally:
        server.should_exit = True
        await task
        sock.close()


@contextlib.asynccontextmanager
async def subscribed(
    url: str, game_id: str, *, header: str | None = None, payload: dict[str, Any] | None = None
) -> AsyncIterator[ClientConnection]:
    headers = {"Authorization": header} if header else None
    async with connect(
        url,
        subprotocols=[PROTOCOL],
        additional_headers=headers,
        proxy=None,
    ) as ws:
        await ws.send(json.dumps({"type": "connection_init", "payload": payload or {}}))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
        await ws.send(
            json.dumps(
                {"id": "1", "type": "subscribe", "payload": {"query": SUBSCRIBE, "variables": {"game": game_id}}}
            )
        )
        yield ws


async def until(ws: ClientConnection, stop: Any) -> list[dict[str, Any]]:
    """Messages until one matches `stop` (the timeout only guards against a hang; nothing is timed)."""
    seen = []
    async with asyncio.timeout(60):
        while True:
            message = json.loads(await ws.recv())
            seen.append(message)
            if stop(message):
                return seen


def note_is(text: str) -> Any:
    def stop(message: dict[str, Any]) -> bool:
        event = (message.get("payload") or {}).get("data", {}) or {}
        return bool(event.get("events", {}).get("data", {}).get("text") == text)

    return stop


async def test_the_subscription_streams_only_what_the_seat_may_see(live: tuple[Api, str]) -> None:
    api, url = live
    game, ann, bob = await api.started_game()
    async with (
        subscribed(url, game["game_id"], payload={"Authorization": f"Bearer {bob}"}) as bob_ws,
        subscribed(url, game["game_id"], header=f"Bearer {ann}") as ann_ws,
    ):
        assert (await api.command(game, ann, {"type": "PlaceBid", "amount": 7})).status_code == 200
        assert (await api.command(game, ann, {"type": "WriteNote", "text": SECRET_NOTE})).status_code == 200
        assert (await api.command(game, bob, {"type": "PlaceBid", "amount": 3})).status_code == 200
        assert (await api.command(game, bob, {"type": "WriteNote", "text": "bob is done"})).status_code == 200
        bob_saw = await until(bob_ws, note_is("bob is done"))
        ann_saw = await until(ann_ws, note_is(SECRET_NOTE))
    assert all(m["type"] == "next" and "errors" not in m["payload"] for m in bob_saw + ann_saw)
    bob_events = [m["payload"]["data"]["events"] for m in bob_saw]
    assert [e["version"] for e in bob_events] == sorted({e["version"] for e in bob_events})
    assert {"GameCreated", "PhaseStarted"} <= {e["type"] for e in bob_events}
    assert {"type": "BidPlaced", "bidder": "bob", "amount": 3} in [e["data"] for e in bob_events]
    assert SECRET_NOTE not in json.dumps(bob_saw) and '"bidder": "ann"' not in json.dumps(bob_saw)
    assert '"bidder": "ann"' in json.dumps(ann_saw)


async def test_the_subscription_refuses_bad_or_missing_tokens(live: tuple[Api, str]) -> None:
    api, url = live
    game, _, _ = await api.started_game()
    _, other_ann, _ = await api.started_game()
    async with connect(url, subprotocols=[PROTOCOL], proxy=None) as ws:
        await ws.send(json.dumps({"type": "connection_init", "payload": {"Authorization": "Bearer pnt_x.y"}}))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    for token, code in ((None, "auth.missing_token"), (other_ann, "game.not_found")):
        async with subscribed(url, game["game_id"], header=f"Bearer {token}" if token else None) as ws:
            messages = await until(ws, lambda m: m["type"] in ("error", "complete"))
        errors = [e for m in messages for e in (m.get("payload") or {}).get("errors", [])]
        assert [e["extensions"]["code"] for e in errors] == [code], messages


async def test_unexpected_errors_say_only_a_correlation_id(api: Api) -> None:
    game, ann, _ = await api.started_game()
    await api.client.get(f"/v1/games/{game['game_id']}/turns", headers=api.auth(ann))  # read models caught up
    await api.services.pool.execute("ALTER TABLE rm_turns RENAME TO rm_turns_elsewhere")
    try:
        response = await api.client.post(
            "/graphql",
            json={"query": "query($g: String!) { turns(gameId: $g) { turn } }", "variables": {"g": game["game_id"]}},
            headers={**api.auth(ann), "X-Correlation-Id": "trace-me-42"},
        )
    finally:
        await api.services.pool.execute("ALTER TABLE rm_turns_elsewhere RENAME TO rm_turns")
    (error,) = response.json()["errors"]
    assert error["extensions"] == {"code": "internal.error", "status": 500, "correlationId": "trace-me-42"}
    assert "rm_turns" not in response.text and "Traceback" not in response.text
