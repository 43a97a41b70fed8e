"""CORS (`PANTHEON_CORS_ORIGINS`) and stream tickets, over HTTP: preflights for REST, GraphQL and SSE, the headers
a browser may read, and a ticket that opens exactly the stream its token would (same game, same seat, same
redaction), never logged."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from server.app import create_app
from server.auth import AuthError, TokenGrant
from server.settings import Settings
from server.stream_tickets import StreamTickets
from tests.server.conftest import Api, LiveServer, make_settings, serve_app

ORIGIN = "https://frontend.example"


@pytest.fixture
async def cors_api(db_url: str, tmp_path: Path) -> AsyncIterator[Api]:
    captured: list = []
    app = create_app(make_settings(db_url, tmp_path, cors_origins=(ORIGIN,)), on_ready=captured.append)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            yield Api(client=client, services=captured[0])


def preflight(method: str, headers: str) -> dict[str, str]:
    return {"Origin": ORIGIN, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers}


async def test_preflights_pass_for_rest_graphql_and_the_event_stream(cors_api: Api) -> None:
    game, ann, _ = await cors_api.started_game()
    gid = game["game_id"]
    for method, path, headers in (
        ("POST", f"/v1/games/{gid}/commands", "authorization, content-type, if-match, idempotency-key"),
        ("POST", "/graphql", "authorization, content-type"),
        ("GET", f"/v1/games/{gid}/events/stream", "authorization, last-event-id"),
        ("POST", f"/v1/games/{gid}/events/stream-ticket", "authorization"),
    ):
        response = await cors_api.client.options(path, headers=preflight(method, headers))
        assert response.status_code == 200, (path, response.text)
        assert response.headers["access-control-allow-origin"] == ORIGIN
        assert method in response.headers["access-control-allow-methods"]
        allowed = response.headers["access-control-allow-headers"].lower()
        assert all(h.strip() in allowed for h in headers.split(",")), allowed
        assert "access-control-allow-credentials" not in response.headers  # bearer tokens, never cookies

    sent = await cors_api.command(game, ann, {"type": "PlaceBid", "amount": 3}, Origin=ORIGIN)
    assert sent.status_code == 200
    assert sent.headers["access-control-allow-origin"] == ORIGIN
    exposed = {h.strip().lower() for h in sent.headers["access-control-expose-headers"].split(",")}
    assert {"etag", "idempotent-replayed", "x-correlation-id", "retry-after", "location"} <= exposed


async def test_an_origin_not_listed_gets_no_cors_headers(cors_api: Api) -> None:
    response = await cors_api.client.options(
        "/graphql", headers={**preflight("POST", "content-type"), "Origin": "https://evil.example"}
    )
    assert response.status_code == 400
    assert "access-control-allow-origin" not in response.headers


async def test_without_the_setting_there_is_no_cross_origin_access(api: Api) -> None:
    response = await api.client.options("/graphql", headers=preflight("POST", "content-type"))
    assert "access-control-allow-origin" not in response.headers
    response = await api.client.get("/v1/rulesets", headers={"Origin": ORIGIN})
    assert "access-control-allow-origin" not in response.headers


def test_cors_origins_come_from_the_environment() -> None:
    env = {"PANTHEON_CORS_ORIGINS": "https://a.example, http://localhost:5173/"}
    assert Settings.from_env(env).cors_origins == ("https://a.example", "http://localhost:5173")
    assert Settings.from_env({}).cors_origins == ()
    with pytest.raises(SystemExit, match="not an origin"):
        Settings.from_env({"PANTHEON_CORS_ORIGINS": "frontend.example/app"})


async def read_stream(api: Api, url: str, wanted: int, **headers: str) -> list[str]:
    """The `event:` names of the first `wanted` events on a stream."""
    names: list[str] = []
    async with api.client.stream("GET", url, headers=headers) as response:
        assert response.status_code == 200, await response.aread()
        assert response.headers["content-type"].startswith("text/event-stream")
        async for line in response.aiter_lines():
            if line.startswith("event: "):
                names.append(line.removeprefix("event: "))
                if len(names) == wanted:
                    break
    return names


async def test_a_ticket_streams_what_its_token_would_and_only_for_its_game(
    live_server: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    async with httpx.AsyncClient(base_url=live_server.base_url, timeout=10) as client:
        await ticket_checks(Api(client=client, services=live_server.services), caplog)


async def ticket_checks(api: Api, caplog: pytest.LogCaptureFixture) -> None:
    game, ann, bob = await api.started_game()
    gid = game["game_id"]
    assert (await api.command(game, ann, {"type": "WriteNote", "text": "ann's secret"})).status_code == 200
    assert (await api.command(game, bob, {"type": "PlaceBid", "amount": 2})).status_code == 200
    issued = await api.client.post(f"/v1/games/{gid}/events/stream-ticket", headers=api.auth(bob))
    assert issued.status_code == 200, issued.text
    ticket = issued.json()["ticket"]
    assert issued.json()["expires_at"] and issued.headers["cache-control"] == "no-store"

    head = (await api.get(f"/v1/games/{gid}/events", bob)).json()["events"]
    with_bearer = await read_stream(api, f"/v1/games/{gid}/events/stream", len(head), **api.auth(bob))
    with_ticket = await read_stream(api, f"/v1/games/{gid}/events/stream?ticket={ticket}", len(head))
    assert with_ticket == with_bearer == [e["type"] for e in head]
    assert "NoteWritten" not in with_ticket  # ann's note stays hers

    other = await api.create_game()
    elsewhere = await api.client.get(f"/v1/games/{other['game_id']}/events/stream", params={"ticket": ticket})
    assert elsewhere.status_code == 404 and elsewhere.json()["code"] == "game.not_found"
    for bad in ("pst_nope", "x" * 100):
        refused = await api.client.get(f"/v1/games/{gid}/events/stream", params={"ticket": bad})
        assert refused.status_code == 401 and refused.json()["code"] == "auth.bad_ticket"
        assert ticket not in refused.text
    assert ticket not in caplog.text


def test_an_expired_ticket_is_refused() -> None:
    tickets = StreamTickets(seconds=0)  # issued already expired
    ticket, _ = tickets.issue(TokenGrant(token_id="t1", kind="seat", game_id="g", seat_id="s1"), "g")
    with pytest.raises(AuthError) as refused:
        tickets.redeem(ticket)
    assert refused.value.code == "auth.bad_ticket" and ticket not in refused.value.message
    live = StreamTickets()
    ticket, _ = live.issue(TokenGrant(token_id="t1", kind="seat", game_id="g", seat_id="s1"), "g")
    assert live.redeem(ticket) == (TokenGrant(token_id="t1", kind="seat", game_id="g", seat_id="s1"), "g")


def test_the_access_log_never_shows_a_ticket() -> None:
    from server.stream_tickets import RedactTickets

    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        "",
        0,
        '%s - "%s %s HTTP/%s" %d',
        ("1.2.3.4:5", "GET", "/v1/games/g/events/stream?after=3&ticket=pst_SECRET&x=1", "1.1", 200),
        None,
    )
    RedactTickets().filter(record)
    assert "pst_SECRET" not in record.getMessage()
    assert "ticket=<redacted>&x=1" in record.getMessage()


async def test_a_closed_event_stream_gives_its_slot_back(db_url: str, tmp_path: Path) -> None:
    """The stream's slot (PANTHEON_MAX_STREAMS_PER_TOKEN) is held by the EventSourceResponse endpoint until the
    response ends: with one slot, a second stream is refused while the first is open, and opens once it closed."""
    import asyncio

    async with serve_app(db_url, tmp_path, max_streams_per_token=1) as live:
        base = live.base_url
        async with httpx.AsyncClient(base_url=base, timeout=10) as client:
            api = Api(client=client, services=live.services)
            game, ann, _ = await api.started_game()
            path = f"/v1/games/{game['game_id']}/events/stream"
            async with client.stream("GET", path, headers=api.auth(ann)) as first:
                assert first.status_code == 200
                refused = await client.get(path, headers=api.auth(ann))
                assert refused.status_code == 429 and refused.json()["code"] == "stream.too_many"
            async with asyncio.timeout(30):
                while True:
                    async with client.stream("GET", path, headers=api.auth(ann)) as again:
                        if again.status_code == 200:
                            break
                    await asyncio.sleep(0.05)
