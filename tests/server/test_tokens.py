"""Tokens at the HTTP edge: revocation in every process at once, reissue, a new player in a seat, GM tokens, the
seat list with last activity, and the limit on failed authentication."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.app import create_app
from server.bootstrap import Services
from server.settings import Settings
from tests.server.conftest import ADMIN, Api, make_settings


@contextlib.asynccontextmanager
async def instance(db_url: str, data_dir: Path, client: str = "127.0.0.1", **settings: Any) -> AsyncIterator[Api]:
    """One API process (the app with its lifespan) on the shared database, seen from peer address `client`."""
    captured: list[Services] = []
    app = create_app(make_settings(db_url, data_dir, **settings), on_ready=captured.append)
    async with app.router.lifespan_context(app):
        tokens = captured[0].service.tokens
        async with asyncio.timeout(30):
            await tokens.listening.wait()  # the token cache is in use only while LISTEN is up
        transport = httpx.ASGITransport(app=app, client=(client, 50000))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            yield Api(client=http, services=captured[0])


@pytest.fixture
async def two(db_url: str, tmp_path: Path) -> AsyncIterator[tuple[Api, Api]]:
    """Two API processes on one database."""
    async with instance(db_url, tmp_path / "a") as a, instance(db_url, tmp_path / "b") as b:
        yield a, b


async def post(api: Api, path: str, token: str, body: dict[str, Any]) -> httpx.Response:
    return await api.client.post(path, json=body, headers=api.auth(token))


async def events(api: Api, game_id: str, token: str) -> list[dict[str, Any]]:
    response = await api.get(f"/v1/games/{game_id}/events", token, limit=1000)
    assert response.status_code == 200, response.text
    return response.json()["events"]  # type: ignore[no-any-return]


async def test_a_revoked_seat_token_is_refused_at_once_by_another_process(two: tuple[Api, Api]) -> None:
    a, b = two
    game, ann, _ = await a.started_game()
    game_id = game["game_id"]
    for _ in range(3):  # process B has checked (and cached) ann's token
        assert (await b.get(f"/v1/games/{game_id}/state", ann)).status_code == 200
    seat_id = (await b.get(f"/v1/games/{game_id}", ann)).json()["you"]["seat_id"]

    revoked = await post(a, f"/v1/games/{game_id}/seats/{seat_id}/token/revoke", game["gm_token"], {"reason": "leak"})

    assert revoked.status_code == 200, revoked.text
    for api in (b, a):
        refused = await api.get(f"/v1/games/{game_id}/state", ann)
        assert refused.status_code == 401 and refused.json()["code"] == "auth.bad_token"
        command = await api.command(game, ann, {"type": "PlaceBid", "amount": 1})
        assert command.status_code == 401
    again = await post(b, f"/v1/games/{game_id}/seats/{seat_id}/token/revoke", game["gm_token"], {"reason": "again"})
    assert again.status_code == 409 and again.json()["code"] == "seat.no_token"


async def test_the_admin_revokes_a_gm_token_in_every_process_and_issues_a_new_one(two: tuple[Api, Api]) -> None:
    a, b = two
    game = await a.create_game()
    game_id, gm = game["game_id"], game["gm_token"]
    assert (await b.get(f"/v1/games/{game_id}/seats", gm)).status_code == 200
    by_gm = await post(a, f"/v1/games/{game_id}/gm-tokens/{game['gm_token_id']}/revoke", gm, {"reason": "mine"})
    assert by_gm.status_code == 403 and by_gm.json()["code"] == "auth.forbidden"

    issued = await post(a, f"/v1/games/{game_id}/gm-tokens", ADMIN, {"reason": "GM handover", "revoke_others": True})

    assert issued.status_code == 201, issued.text
    assert issued.json()["revoked"] == [game["gm_token_id"]]
    new_gm = issued.json()["token"]
    assert (await b.get(f"/v1/games/{game_id}/seats", gm)).status_code == 401
    assert (await b.get(f"/v1/games/{game_id}/seats", new_gm)).status_code == 200
    revoke = f"/v1/games/{game_id}/gm-tokens/{issued.json()['token_id']}/revoke"
    assert (await post(b, revoke, ADMIN, {"reason": "done"})).status_code == 200
    assert (await a.get(f"/v1/games/{game_id}/seats", new_gm)).status_code == 401
    unknown = await post(a, f"/v1/games/{game_id}/gm-tokens/nosuchtoken/revoke", ADMIN, {"reason": "x"})
    assert unknown.status_code == 404 and unknown.json()["code"] == "token.not_found"
    audit = [(e["type"], e["data"]["reason"]) for e in await events(a, game_id, ADMIN) if "Gm" in e["type"]]
    assert audit == [("GmTokenRevoked", "GM handover"), ("GmTokenIssued", "GM handover"), ("GmTokenRevoked", "done")]


async def test_a_reissued_token_replaces_the_old_one_and_only_gms_see_it_happen(api: Api) -> None:
    game, ann, bob = await api.started_game()
    game_id = game["game_id"]
    seat_id = (await api.get(f"/v1/games/{game_id}", ann)).json()["you"]["seat_id"]

    reissued = await post(api, f"/v1/games/{game_id}/seats/{seat_id}/token", game["gm_token"], {"reason": "lost it"})

    assert reissued.status_code == 201, reissued.text
    body = reissued.json()
    assert body["seat"]["controls"] == "ann" and len(body["revoked"]) == 1
    assert (await api.get(f"/v1/games/{game_id}/state", ann)).status_code == 401
    assert (await api.command(game, body["token"], {"type": "PlaceBid", "amount": 2})).status_code == 200
    gm_view = [(e["type"], e["data"]) for e in await events(api, game_id, game["gm_token"])]
    assert (
        "SeatTokenRevoked",
        {"type": "SeatTokenRevoked", "seat_id": seat_id, "token_id": body["revoked"][0], "reason": "lost it"},
    ) in gm_view
    assert (
        "SeatTokenIssued",
        {"type": "SeatTokenIssued", "seat_id": seat_id, "token_id": body["token_id"], "reason": "lost it"},
    ) in gm_view
    for token in (bob, body["token"]):
        seen = {e["type"] for e in await events(api, game_id, token)}
        assert not seen & {"SeatTokenRevoked", "SeatTokenIssued"}
        assert body["token_id"] not in str(await events(api, game_id, token))


async def test_a_new_player_takes_over_a_seat_and_the_table_sees_only_the_name(api: Api) -> None:
    game, ann, bob = await api.started_game()
    game_id = game["game_id"]
    seat_id = (await api.get(f"/v1/games/{game_id}", ann)).json()["you"]["seat_id"]
    assert (await api.command(game, ann, {"type": "PlaceBid", "amount": 4})).status_code == 200

    replaced = await post(
        api, f"/v1/games/{game_id}/seats/{seat_id}/replace", game["gm_token"], {"name": "Carol", "reason": "Ann quit"}
    )

    assert replaced.status_code == 201, replaced.text
    carol = replaced.json()["token"]
    assert replaced.json()["seat"] == {"seat_id": seat_id, "name": "Carol", "role": "player", "controls": "ann"}
    assert (await api.get(f"/v1/games/{game_id}/state", ann)).status_code == 401
    you = (await api.get(f"/v1/games/{game_id}", carol)).json()["you"]
    assert you == {"role": "player", "seat_id": seat_id, "controls": "ann"}
    seats = (await api.get(f"/v1/games/{game_id}", bob)).json()["game"]["seats"]
    assert {"seat_id": seat_id, "name": "Carol", "role": "player", "controls": "ann"} in seats
    public = [e["data"] for e in await events(api, game_id, bob) if e["type"] == "SeatReassigned"]
    assert public == [
        {
            "type": "SeatReassigned",
            "seat_id": seat_id,
            "name": "Carol",
            "previous_name": "ann",
            "token_id": "",
            "reason": "",
        }
    ]
    gm = [e for e in await events(api, game_id, game["gm_token"]) if e["type"] == "SeatReassigned"]
    assert gm[0]["data"]["reason"] == "Ann quit" and gm[0]["data"]["token_id"] == replaced.json()["token_id"]
    assert gm[0]["metadata"]["command_type"] == "ReplaceSeatPlayer"


async def test_the_gm_lists_seats_with_last_activity_and_a_seat_sees_only_itself(api: Api) -> None:
    game, ann, bob = await api.started_game()
    game_id = game["game_id"]
    assert (await api.command(game, ann, {"type": "PlaceBid", "amount": 3})).status_code == 200

    listed = await api.get(f"/v1/games/{game_id}/seats", game["gm_token"])

    assert listed.status_code == 200, listed.text
    records = {r["seat"]["controls"]: r for r in listed.json()["seats"]}
    assert set(records) == {"ann", "bob"}
    assert records["ann"]["last_active_at"] is not None and records["ann"]["has_token"] is True
    assert records["ann"]["token_id"] and records["ann"]["token_issued_at"]
    own = (await api.get(f"/v1/games/{game_id}/seats", bob)).json()["seats"]
    assert [(r["seat"]["controls"], r["token_id"]) for r in own] == [("bob", None)]
    seat_id = records["ann"]["seat"]["seat_id"]
    by_seat = await post(api, f"/v1/games/{game_id}/seats/{seat_id}/token/revoke", bob, {"reason": "grief"})
    assert by_seat.status_code == 403 and by_seat.json()["code"] == "auth.forbidden"
    unknown = await post(api, f"/v1/games/{game_id}/seats/seat-nope/token", game["gm_token"], {"reason": "x"})
    assert unknown.status_code == 404 and unknown.json()["code"] == "seat.not_found"
    blank = await post(api, f"/v1/games/{game_id}/seats/{seat_id}/token/revoke", game["gm_token"], {"reason": " "})
    assert blank.status_code == 422 and blank.json()["code"] == "seat.reason_required"
    empty = await post(api, f"/v1/games/{game_id}/seats/{seat_id}/replace", game["gm_token"], {"reason": "x"})
    assert empty.status_code == 422
    assert (await api.get(f"/v1/games/{game_id}/state", ann)).status_code == 200  # nothing was revoked


async def test_repeated_failed_authentication_from_one_client_gets_429_with_retry_after(
    db_url: str, tmp_path: Path
) -> None:
    async with (
        instance(db_url, tmp_path / "a", client="10.0.0.7", auth_failures="3/minute") as attacker,
        instance(db_url, tmp_path / "b", client="10.0.0.8", auth_failures="3/minute") as neighbour,
    ):
        game, ann, _ = await attacker.started_game()
        state = f"/v1/games/{game['game_id']}/state"
        forged = ann.rpartition(".")[0] + ".wrong-secret"
        answers = []
        for i in range(5):
            headers = {**attacker.auth(forged), "X-Forwarded-For": f"192.0.2.{i}"}  # not trusted
            answers.append(await attacker.client.get(state, headers=headers))
        assert [r.status_code for r in answers] == [401, 401, 401, 429, 429]
        held = answers[-1]
        assert held.json()["code"] == "auth.too_many_failures"
        assert 1 <= int(held.headers["Retry-After"]) <= 60 and held.json()["retry_after"] == int(
            held.headers["Retry-After"]
        )
        assert (await attacker.get(state, ann)).status_code == 429  # held back, even with a good token
        assert (await attacker.client.get("/v1/rulesets")).status_code == 200  # no token: not held back
        graphql = await attacker.client.post(
            "/graphql", json={"query": "{ games { nextCursor } }"}, headers=attacker.auth(ann)
        )
        assert graphql.json()["errors"][0]["extensions"]["code"] == "auth.too_many_failures"
        assert (await neighbour.get(state, ann)).status_code == 200  # another client is not affected


def test_the_failure_limit_is_configured_from_the_environment() -> None:
    settings = Settings.from_env({"PANTHEON_AUTH_FAILURES": "5/second", "PANTHEON_TRUSTED_PROXIES": "10.1.1.1, ::1"})
    assert settings.auth_failures == "5/second" and settings.trusted_proxies == ("10.1.1.1", "::1")
    assert Settings.from_env({}).auth_failures == "20/minute"
    for bad in ("lots", "0/minute", "-1/hour"):
        with pytest.raises(SystemExit, match="PANTHEON_AUTH_FAILURES"):
            Settings.from_env({"PANTHEON_AUTH_FAILURES": bad})


GQL_REPLACE = """mutation($g: String!, $s: String!) {
  replaceSeatPlayer(gameId: $g, seatId: $s, name: "Dora", reason: "moved away") { token tokenId revoked seat { name } }
}"""
GQL_SEATS = "query($g: String!) { seats(gameId: $g) { seat { seatId name controls } hasToken tokenId lastActiveAt } }"


async def test_graphql_manages_seats_like_rest(api: Api) -> None:
    game, ann, bob = await api.started_game()
    game_id = game["game_id"]
    seat_id = (await api.get(f"/v1/games/{game_id}", ann)).json()["you"]["seat_id"]

    async def gql(query: str, token: str, **variables: Any) -> dict[str, Any]:
        response = await api.client.post(
            "/graphql", json={"query": query, "variables": variables}, headers=api.auth(token)
        )
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    refused = await gql(GQL_REPLACE, bob, g=game_id, s=seat_id)
    assert refused["errors"][0]["extensions"]["code"] == "auth.forbidden"
    replaced = (await gql(GQL_REPLACE, game["gm_token"], g=game_id, s=seat_id))["data"]["replaceSeatPlayer"]
    assert replaced["seat"]["name"] == "Dora" and len(replaced["revoked"]) == 1
    assert (await api.get(f"/v1/games/{game_id}/state", ann)).status_code == 401
    listed = (await gql(GQL_SEATS, game["gm_token"], g=game_id))["data"]["seats"]
    assert {r["seat"]["name"] for r in listed} == {"Dora", "bob"}
    assert replaced["tokenId"] in {r["tokenId"] for r in listed}
    own = (await gql(GQL_SEATS, replaced["token"], g=game_id))["data"]["seats"]
    assert [(r["seat"]["name"], r["tokenId"]) for r in own] == [("Dora", None)]
    revoke = 'mutation($g: String!, $s: String!) { revokeSeatToken(gameId: $g, seatId: $s, reason: "") { version } }'
    blank = await gql(revoke, game["gm_token"], g=game_id, s=seat_id)
    assert blank["errors"][0]["extensions"]["code"] == "seat.reason_required"
