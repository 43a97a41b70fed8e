"""Whatever a client sends, the answer is a clear 4xx `application/problem+json` with a stable `code` and a
detail that says what to do; never a 500. Each case names the code and a hint the detail must contain."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from tests.server.conftest import ADMIN, Api


def assert_problem(response: httpx.Response, status: int, code: str, hint: str = "") -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json", response.headers
    body = response.json()
    assert body["code"] == code, body
    assert body["status"] == status
    assert body["type"] == f"urn:pantheon:problem:{code}"
    assert body["title"] and body["detail"]
    assert hint.lower() in body["detail"].lower(), body["detail"]
    assert "Traceback" not in body["detail"]
    return body  # type: ignore[no-any-return]


async def raw_post(api: Api, path: str, content: bytes, token: str = ADMIN, **headers: str) -> httpx.Response:
    return await api.client.post(
        path, content=content, headers={**api.auth(token), "Content-Type": "application/json", **headers}
    )


# --- bodies ---------------------------------------------------------------------------------------------


BAD_COMMANDS = [
    (b'{"type": "WriteNote", "text": ', 400, "request.malformed_json", "not valid JSON"),
    (b"not json at all", 400, "request.malformed_json", "not valid JSON"),
    (b'{"type": "WriteNote", "text": "\xff\xfe"}', 400, "request.malformed_json", "not valid JSON"),
    (b"[" * 50_000, 422, "command.invalid", "schema"),
    (b"", 400, "request.empty_body", "Send the command as JSON"),
    (b"   ", 400, "request.empty_body", "Send the command as JSON"),
    (b"[1, 2]", 422, "command.invalid", "schema"),
    (b'"WriteNote"', 422, "command.invalid", "schema"),
    (b'{"text": "no type"}', 422, "command.invalid", "type"),
    (b'{"type": "Fly", "to": "the moon"}', 422, "command.invalid", "Fly"),
    (b'{"type": 7}', 422, "command.invalid", "type"),
    (b'{"type": "WriteNote", "text": 12}', 422, "command.invalid", "text"),
    (b'{"type": "WriteNote"}', 422, "command.invalid", "text"),
    (b'{"type": "WriteNote", "text": "hi", "extra": 1}', 422, "command.invalid", "extra"),
    (b'{"type": "PlaceBid", "amount": "four"}', 422, "command.invalid", "amount"),
    (b'{"type": "PlaceBid", "amount": 1.5}', 422, "command.invalid", "amount"),
    (b'{"type": "PlaceBid", "amount": 100000000000000000000000000000}', 422, "command.invalid", "<= 9007199254740992"),
    (b'{"type": "WriteNote", "text": "a\\u0000b"}', 422, "request.nul_character", "NUL"),
    (b'{"type": "WriteNote", "text": "a\x00b"}', 400, "request.malformed_json", "not valid JSON"),
]


async def test_a_bad_command_body_is_a_clear_problem(api: Api, subtests: pytest.Subtests) -> None:
    game, ann, _ = await api.started_game()
    for body, status, code, hint in BAD_COMMANDS:
        with subtests.test(body=body[:60]):
            response = await raw_post(api, f"/v1/games/{game['game_id']}/commands", body, ann)
            assert_problem(response, status, code, hint)
    assert await api.services.store.stream_version(f"game-{game['game_id']}") == 6


BAD_GAMES = [
    (b"{", 400, "request.malformed_json", "not valid JSON"),
    (b"", 400, "request.empty_body", "JSON body"),
    (b'{"ruleset": "test-bids", "name": 5, "scenario": {}}', 422, "request.invalid", "name"),
    (b'{"ruleset": "test-bids", "name": "x"}', 422, "request.invalid", "scenario"),
    (b'{"ruleset": "test-bids", "name": "x", "scenario": {}, "colour": "red"}', 422, "request.invalid", "colour"),
    (b'{"ruleset": "chess", "name": "x", "scenario": {}}', 422, "ruleset.not_found", "test-bids"),
    (b'{"ruleset": "test-bids", "name": "  ", "scenario": {"bidders": ["a"]}}', 422, "game.name_required", "name"),
    (b'{"ruleset": "test-bids", "name": "x", "scenario": {"bidders": 3}}', 422, "scenario.invalid", "bidders"),
    (b'{"ruleset": "test-bids", "name": "x", "scenario": {"bidders": []}}', 422, "bids.bad_bidders", "bidder"),
    (
        b'{"ruleset": "test-bids", "name": "x", "scenario": {"bidders": ["a"]}, "settings": [1]}',
        422,
        "settings.invalid",
        "settings",
    ),
    (
        b'{"ruleset": "test-bids", "name": "a\\u0000", "scenario": {"bidders": ["a"]}}',
        422,
        "request.nul_character",
        "NUL",
    ),
]


async def test_a_bad_game_creation_is_a_clear_problem(api: Api, subtests: pytest.Subtests) -> None:
    for body, status, code, hint in BAD_GAMES:
        with subtests.test(body=body):
            assert_problem(await raw_post(api, "/v1/games", body), status, code, hint)


async def test_a_game_can_be_created_with_settings(api: Api) -> None:
    body = {
        "ruleset": "test-bids",
        "name": "x",
        "scenario": {"bidders": ["a", "b"]},
        "settings": {"tie_break": "nobody"},
    }
    response = await api.client.post("/v1/games", json=body, headers=api.auth(ADMIN))
    assert response.status_code == 201, response.text


async def test_a_bad_seat_request_is_a_clear_problem(api: Api) -> None:
    game = await api.create_game()
    path = f"/v1/games/{game['game_id']}/seats"
    gm = game["gm_token"]
    assert_problem(await raw_post(api, path, b'{"name": "x", "role": "king"}', gm), 422, "request.invalid", "role")
    assert_problem(
        await raw_post(api, path, b'{"name": "x", "role": "player", "controls": "zed"}', gm),
        422,
        "bids.unknown_bidder",
        "ann",
    )
    assert_problem(await raw_post(api, path, b"{{", gm), 400, "request.malformed_json", "JSON")


# --- sizes ----------------------------------------------------------------------------------------------


async def test_an_oversized_body_with_content_length_is_413(api: Api) -> None:
    game, ann, _ = await api.started_game()
    body = b'{"type": "WriteNote", "text": "' + b"x" * 1_100_000 + b'"}'
    response = await raw_post(api, f"/v1/games/{game['game_id']}/commands", body, ann)
    assert_problem(response, 413, "request.too_large", "limited to 1048576 bytes")


async def test_an_oversized_chunked_body_without_content_length_is_413(api: Api) -> None:
    game, ann, _ = await api.started_game()

    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"type": "WriteNote", "text": "'
        for _ in range(40):
            yield b"x" * 32_768
        yield b'"}'

    request = api.client.build_request(
        "POST",
        f"/v1/games/{game['game_id']}/commands",
        content=chunks(),
        headers={**api.auth(ann), "Content-Type": "application/json"},
    )
    assert "content-length" not in request.headers
    response = await api.client.send(request)
    assert_problem(response, 413, "request.too_large", "limited to")
    assert await api.services.store.stream_version(f"game-{game['game_id']}") == 6


# --- tokens ---------------------------------------------------------------------------------------------


BAD_AUTHORIZATIONS = [
    (None, "auth.missing_token", "Bearer"),
    ("", "auth.missing_token", "Bearer"),
    ("Bearer", "auth.bad_token", "Bearer <token>"),
    ("Basic YWxhZGRpbjpvcGVuc2VzYW1l", "auth.bad_token", "Bearer <token>"),
    ("Bearer not-a-token", "auth.bad_token", "pnt_"),
    ("Bearer pnt_", "auth.bad_token", "pnt_"),
    ("Bearer pnt_.secret", "auth.bad_token", "pnt_"),
    ("Bearer pnt_abcdef012345.nope", "auth.bad_token", "Unknown or revoked"),
    ("Bearer pnt_" + "a" * 80 + ".x", "auth.bad_token", "pnt_"),
    ("Bearer pnt_a\u00e9b.x", "auth.bad_token", ""),
]


async def test_a_missing_or_bad_token_is_401(api: Api, subtests: pytest.Subtests) -> None:
    for authorization, code, hint in BAD_AUTHORIZATIONS:
        with subtests.test(authorization=authorization):
            headers = [] if authorization is None else [(b"Authorization", authorization.encode())]
            response = await api.client.get("/v1/games", headers=headers)
            body = assert_problem(response, 401, code, hint)
            assert response.headers["www-authenticate"] == "Bearer", body


async def test_a_seat_token_with_a_wrong_secret_is_401(api: Api) -> None:
    game, ann, _ = await api.started_game()
    forged = ann.rpartition(".")[0] + ".forged-secret"
    response = await api.get(f"/v1/games/{game['game_id']}/state", forged)
    assert_problem(response, 401, "auth.bad_token", "Unknown or revoked")


async def test_a_token_for_another_game_sees_only_a_404(api: Api) -> None:
    game, ann, _ = await api.started_game()
    other, _, _ = await api.started_game()
    other_id = other["game_id"]
    for token in (ann, game["gm_token"]):
        for path in ("", "/state", "/events", "/turns", "/turns/1", "/commands/available", "/events/stream"):
            response = await api.get(f"/v1/games/{other_id}{path}", token)
            assert_problem(response, 404, "game.not_found", "your token is not for it")
        response = await api.command(other, token, {"type": "WriteNote", "text": "hello"})
        assert_problem(response, 404, "game.not_found", "your token is not for it")
    response = await api.client.post(
        f"/v1/games/{other_id}/seats", json={"name": "x", "role": "observer"}, headers=api.auth(game["gm_token"])
    )
    assert_problem(response, 404, "game.not_found", "your token is not for it")
    assert await api.services.store.stream_version(f"game-{other_id}") == 6


async def test_a_seat_cannot_act_as_gm_or_create_games(api: Api) -> None:
    game, ann, _ = await api.started_game()
    response = await api.command(game, ann, {"type": "GrantGold", "bidder": "ann", "amount": 5, "reason": "me"})
    assert_problem(response, 403, "engine.forbidden", "GM")
    response = await api.command(game, ann, {"type": "AdvancePhase"})
    assert_problem(response, 403, "engine.forbidden", "GM")
    response = await api.client.post(
        "/v1/games", json={"ruleset": "test-bids", "name": "x", "scenario": {}}, headers=api.auth(ann)
    )
    assert_problem(response, 403, "auth.forbidden", "admin")
    response = await api.client.post(
        f"/v1/games/{game['game_id']}/seats", json={"name": "x", "role": "observer"}, headers=api.auth(ann)
    )
    assert_problem(response, 403, "auth.forbidden", "GM")


async def test_unknown_games_and_routes_are_404_problems(api: Api) -> None:
    assert_problem(await api.get("/v1/games/no-such-game", ADMIN), 404, "game.not_found", "No such game")
    assert_problem(await api.get("/v1/games/no-such-game/state", ADMIN), 404, "game.not_found", "No such game")
    assert_problem(await api.get("/v1/nowhere", ADMIN), 404, "route.not_found", "")
    assert_problem(await api.get("/v1/rulesets/chess", ADMIN), 404, "ruleset.not_found", "test-bids")
    response = await api.client.delete("/v1/games", headers=api.auth(ADMIN))
    assert_problem(response, 405, "route.method_not_allowed", "")
    assert_problem(await api.get("/v1/games/" + "g" * 65, ADMIN), 422, "request.invalid", "game_id")


# --- headers --------------------------------------------------------------------------------------------


async def test_a_malformed_if_match_is_400(api: Api, subtests: pytest.Subtests) -> None:
    game, ann, _ = await api.started_game()
    for if_match in ["", "abc", "-1", "1.5", '"' + "9" * 19 + '"', "*", "12, 13"]:
        with subtests.test(if_match=if_match):
            response = await api.command(game, ann, {"type": "WriteNote", "text": "hi"}, **{"If-Match": if_match})
            assert_problem(response, 400, "request.bad_if_match", "If-Match")


async def test_a_stale_if_match_is_409_with_the_current_version(api: Api) -> None:
    game, ann, _ = await api.started_game()
    for stale in ('"5"', "2", '"99"', 'W/"0"'):
        response = await api.command(game, ann, {"type": "WriteNote", "text": "hi"}, **{"If-Match": stale})
        body = assert_problem(response, 409, "command.version_conflict", "Re-read the state")
        assert body["current_version"] == 6
    response = await api.command(game, ann, {"type": "WriteNote", "text": "hi"}, **{"If-Match": '"6"'})
    assert response.status_code == 200, response.text


async def test_a_bad_idempotency_key_is_400(api: Api, subtests: pytest.Subtests) -> None:
    game, ann, _ = await api.started_game()
    for key in ["", "with space", "k" * 201, "tab\there", "caf\u00e9"]:
        with subtests.test(key=key):
            response = await api.client.post(
                f"/v1/games/{game['game_id']}/commands",
                json={"type": "WriteNote", "text": "hi"},
                headers=[("Authorization", f"Bearer {ann}"), ("Idempotency-Key", key.encode())],
            )
            assert_problem(response, 400, "idempotency.bad_key", "visible ASCII")
    assert await api.services.store.stream_version(f"game-{game['game_id']}") == 6


async def test_a_reused_idempotency_key_with_another_body_is_422(api: Api) -> None:
    game, ann, _ = await api.started_game()
    first = await api.command(game, ann, {"type": "WriteNote", "text": "one"}, **{"Idempotency-Key": "k1"})
    assert first.status_code == 200
    response = await api.command(game, ann, {"type": "WriteNote", "text": "two"}, **{"Idempotency-Key": "k1"})
    assert_problem(response, 422, "idempotency.key_reused", "use a new key")


async def test_a_bad_last_event_id_is_400(api: Api) -> None:
    game, ann, _ = await api.started_game()
    response = await api.client.get(
        f"/v1/games/{game['game_id']}/events/stream", headers={**api.auth(ann), "Last-Event-ID": "yesterday"}
    )
    assert_problem(response, 400, "request.bad_last_event_id", "version of the last event")


# --- NUL and other hostile text -------------------------------------------------------------------------


async def test_nul_characters_anywhere_are_refused_cleanly(api: Api) -> None:
    game, ann, _ = await api.started_game()
    game_id = game["game_id"]
    for path in (f"/v1/games/{game_id}%00", "/v1/games/%00/state", "/v1/rulesets/test%00bids"):
        assert_problem(await api.get(path, ADMIN), 422, "request.nul_character", "NUL")
    for cursor in ("\x00", "2026-01-01T00:00:00+00:00|\x00"):
        response = await api.get("/v1/games", ADMIN, cursor=cursor)
        assert_problem(response, 422, "request.nul_character", "NUL")
    response = await api.get("/v1/games", ADMIN, cursor="2026-01-01T00:00:00+00:00|")
    assert response.status_code == 200, response.text
    response = await api.command(game, ann, {"type": "WriteNote", "text": "nul\x00inside"})
    assert_problem(response, 422, "request.nul_character", "NUL")


# --- queries and time travel ----------------------------------------------------------------------------


BAD_POINTS = [
    ({"at_version": 99}, 422, "state.out_of_range", "1 to 6"),
    ({"at_version": 0}, 422, "request.invalid", "at_version"),
    ({"at_version": -3}, 422, "request.invalid", "at_version"),
    ({"at_version": 2**60}, 422, "request.invalid", "at_version"),
    ({"at_version": "latest"}, 422, "request.invalid", "at_version"),
    ({"at_turn": 7}, 422, "state.out_of_range", "has not started"),
    ({"at_turn": 0}, 422, "request.invalid", "at_turn"),
    ({"at_time": "2001-01-01T00:00:00Z"}, 422, "state.out_of_range", "did not exist yet"),
    ({"at_time": "2026-01-01T00:00:00"}, 422, "request.naive_time", "timezone"),
    ({"at_time": "tomorrow"}, 422, "request.invalid", "at_time"),
    ({"at_time": "99999-01-01T00:00:00Z"}, 422, "request.invalid", "at_time"),
    ({"at_version": 2, "at_turn": 1}, 422, "state.one_point", "at most one"),
]


async def test_out_of_range_time_travel_is_a_clear_problem(api: Api, subtests: pytest.Subtests) -> None:
    game, ann, _ = await api.started_game()
    for params, status, code, hint in BAD_POINTS:
        with subtests.test(params=params):
            response = await api.get(f"/v1/games/{game['game_id']}/state", ann, **params)
            assert_problem(response, status, code, hint)


async def test_time_travel_to_the_far_future_is_the_latest_state(api: Api) -> None:
    game, ann, _ = await api.started_game()
    future = (datetime.now(UTC) + timedelta(days=3650)).isoformat()
    response = await api.get(f"/v1/games/{game['game_id']}/state", ann, at_time=future)
    assert response.status_code == 200, response.text
    assert response.json()["version"] == 6


BAD_PARAMETERS = [
    ("/v1/games", {"limit": 0}, "limit"),
    ("/v1/games", {"limit": "many"}, "limit"),
    ("/v1/games", {"limit": 501}, "limit"),
    ("/v1/games/{id}/events", {"after": -1}, "after"),
    ("/v1/games/{id}/events", {"limit": 1001}, "limit"),
    ("/v1/games/{id}/turns/0", {}, "turn"),
    ("/v1/games/{id}/turns/x", {}, "turn"),
    ("/v1/rulesets/test-bids", {"version": 0}, "version"),
]


async def test_bad_query_and_path_parameters_are_422(api: Api, subtests: pytest.Subtests) -> None:
    game, _, _ = await api.started_game()
    for path, params, hint in BAD_PARAMETERS:
        with subtests.test(path=path, params=params):
            response = await api.get(path.replace("{id}", game["game_id"]), ADMIN, **params)
            body = assert_problem(response, 422, "request.invalid", hint)
            assert body["errors"], body


async def test_a_turn_that_has_not_started_is_404(api: Api) -> None:
    game, ann, _ = await api.started_game()
    assert_problem(await api.get(f"/v1/games/{game['game_id']}/turns/5", ann), 404, "turn.not_found", "Turn 5")


async def test_refused_commands_carry_the_rule_code(api: Api) -> None:
    game, ann, _ = await api.started_game()
    response = await api.command(game, ann, {"type": "PlaceBid", "amount": 11})
    assert_problem(response, 422, "bids.not_enough_gold", "at most")
    response = await api.command(game, ann, {"type": "PlaceBid", "amount": -1})
    assert_problem(response, 422, "command.invalid", ">= 0")  # the schema's bound, before the rule runs
    response = await api.command(game, game["gm_token"], {"type": "StartGame"})
    assert_problem(response, 409, "engine.already_started", "already started")


async def test_huge_numbers_are_exact_and_never_break_the_game(api: Api) -> None:
    game, ann, _ = await api.started_game()
    gm = game["gm_token"]
    for amount in (2**63 - 1, 2**64, -(2**70), 10**40, 2**53 + 1):
        response = await api.command(game, gm, {"type": "GrantGold", "bidder": "ann", "amount": amount, "reason": "r"})
        assert_problem(response, 422, "command.invalid", "amount")  # past 2^53: domain/engine/bounds.py
    for amount in (2**53, 2**53):
        response = await api.command(game, gm, {"type": "GrantGold", "bidder": "ann", "amount": amount, "reason": "r"})
        assert response.status_code == 200, response.text
    for token in (gm, ann):
        response = await api.get(f"/v1/games/{game['game_id']}/state", token)
        assert response.status_code == 200, response.text
        response = await api.get(f"/v1/games/{game['game_id']}/events", token)
        assert response.status_code == 200, response.text
    view = (await api.get(f"/v1/games/{game['game_id']}/state", gm)).json()["view"]
    assert view["bidders"][0]["gold"] == 10 + 2 * 2**53
