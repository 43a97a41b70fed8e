"""The edge of the app (`server/edge.py`): one ASGI layer that does what four middlewares did (the correlation id,
read-your-writes, the request guard, the request's commits), with CORS between the correlation id and the rest
when it is configured. Every answer, refusals of the edge itself included, carries the correlation id."""

from __future__ import annotations

import logging
import re

import pytest

from server.edge import Edge
from tests.server.conftest import ADMIN, Api
from tests.server.test_cors import ORIGIN, cors_api, preflight

__all__ = ["cors_api"]  # the CORS app fixture, used below

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def test_the_app_has_one_middleware_of_its_own(api: Api) -> None:
    app = api.client._transport.app  # type: ignore[attr-defined]
    assert [m.cls for m in app.user_middleware] == [Edge]


async def test_a_valid_correlation_id_is_kept_and_echoed(api: Api) -> None:
    game, ann, _ = await api.started_game()
    answer = await api.command(game, ann, {"type": "WriteNote", "text": "a"}, **{"X-Correlation-Id": "trace-7 x"})
    assert answer.status_code == 200 and answer.headers["x-correlation-id"] == "trace-7 x"
    events = (await api.get(f"/v1/games/{game['game_id']}/events", game["gm_token"])).json()["events"]
    assert events[-1]["metadata"]["correlation_id"] == "trace-7 x"


async def test_a_missing_correlation_id_is_made_and_each_request_gets_its_own(api: Api) -> None:
    first = await api.client.get("/v1/rulesets")
    second = await api.client.get("/v1/rulesets")
    ids = [first.headers["x-correlation-id"], second.headers["x-correlation-id"]]
    assert all(_UUID.match(i) for i in ids) and ids[0] != ids[1]


async def test_a_refused_correlation_id_is_replaced_and_logged(api: Api, caplog: pytest.LogCaptureFixture) -> None:
    game, ann, _ = await api.started_game()
    with caplog.at_level(logging.WARNING, logger="asgi_correlation_id"):
        answer = await api.command(game, ann, {"type": "WriteNote", "text": "b"}, **{"X-Correlation-Id": "x" * 101})
    made = answer.headers["x-correlation-id"]
    assert answer.status_code == 200 and _UUID.match(made)
    assert any(made in r.getMessage() and "failed validation" in r.getMessage() for r in caplog.records)
    events = (await api.get(f"/v1/games/{game['game_id']}/events", game["gm_token"])).json()["events"]
    assert events[-1]["metadata"]["correlation_id"] == made  # the request's header was replaced too


async def test_the_edges_own_refusals_carry_the_correlation_id(api: Api) -> None:
    given = {"X-Correlation-Id": "edge-1", "Authorization": f"Bearer {ADMIN}"}
    bad_version = await api.client.get("/v1/rulesets", headers={**given, "Pantheon-Min-Version": "zero"})
    nul = await api.client.get("/v1/rulesets%00", headers=given)
    too_large = await api.client.post("/v1/games", content=b"x" * 2_000_000, headers=given)
    unrouted = await api.client.get("/v1/nowhere", headers=given)
    for answer, status, code in (
        (bad_version, 422, "request.bad_min_version"),
        (nul, 422, "request.nul_character"),
        (too_large, 413, "request.too_large"),
        (unrouted, 404, "route.not_found"),
    ):
        assert answer.status_code == status and answer.json()["code"] == code, answer.text
        assert answer.headers["x-correlation-id"] == "edge-1"
        assert "pantheon-read-from" not in answer.headers  # no replica configured


async def test_a_min_version_is_taken_for_the_request(api: Api) -> None:
    game, ann, _ = await api.started_game()
    written = (await api.command(game, ann, {"type": "WriteNote", "text": "c"})).json()["version"]
    read = await api.client.get(
        f"/v1/games/{game['game_id']}/state", headers={**api.auth(ann), "Pantheon-Min-Version": str(written)}
    )
    assert read.status_code == 200 and read.json()["version"] >= written
    for bad in ("0", "-1", str(2**53 + 1), "1.5"):
        refused = await api.client.get(
            f"/v1/games/{game['game_id']}/state", params={"min_version": bad}, headers=api.auth(ann)
        )
        assert refused.status_code == 422 and refused.json()["code"] == "request.bad_min_version", bad


async def test_with_cors_the_preflight_has_a_correlation_id_and_refusals_have_cors_headers(cors_api: Api) -> None:
    answer = await cors_api.client.options("/v1/games", headers=preflight("POST", "content-type"))
    assert answer.status_code == 200 and _UUID.match(answer.headers["x-correlation-id"])
    refused = await cors_api.client.get(
        "/v1/rulesets", headers={"Origin": ORIGIN, "Pantheon-Min-Version": "x", "X-Correlation-Id": "c-2"}
    )
    assert refused.status_code == 422 and refused.json()["code"] == "request.bad_min_version"
    assert refused.headers["access-control-allow-origin"] == ORIGIN
    assert refused.headers["x-correlation-id"] == "c-2"
    assert "x-correlation-id" in refused.headers["access-control-expose-headers"].lower()
