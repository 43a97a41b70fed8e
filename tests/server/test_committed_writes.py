"""A committed command is never answered as a failure that claims nothing was written.

Snapshots are a cache: a state that cannot be snapshotted (here a total above 2^64 - 1, which the snapshot
encoding cannot hold) is logged and skipped, and the game goes on. An unexpected error says "nothing was
half-written" only when the request committed nothing; after a commit it names the recorded version.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from domain import rulesets
from server.app import create_app
from server.bootstrap import Services
from tests.rulesets import hoard
from tests.server.conftest import ADMIN, Api, make_settings


@pytest.fixture
async def hoard_api(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Api]:
    """The real app with `test-hoard` registered for this test only, a snapshot after every command."""
    monkeypatch.setitem(rulesets._REGISTRY, (hoard.ruleset.id, hoard.ruleset.version), hoard.ruleset)
    captured: list[Services] = []
    app = create_app(make_settings(db_url, tmp_path, snapshot_every=1), on_ready=captured.append)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            yield Api(client=client, services=captured[0])


async def new_game(api: Api) -> dict[str, str]:
    body = {"ruleset": "test-hoard", "name": "Dragon", "scenario": {}}
    response = await api.client.post("/v1/games", json=body, headers=api.auth(ADMIN))
    assert response.status_code == 201, response.text
    game: dict[str, str] = response.json()
    started = await api.command(game, game["gm_token"], {"type": "StartGame"})
    assert started.status_code == 200, started.text
    return game


async def version_of(api: Api, game: dict[str, str]) -> int:
    return await api.services.store.stream_version(f"game-{game['game_id']}")


async def test_a_state_that_cannot_be_snapshotted_never_fails_a_command(
    hoard_api: Api, caplog: pytest.LogCaptureFixture
) -> None:
    api = hoard_api
    game = await new_game(api)
    gm = game["gm_token"]
    huge = {"type": "Hoard", "amount": 2**63 - 1}
    with caplog.at_level(logging.WARNING):
        for _ in range(3):  # 3 * (2^63 - 1) cannot be encoded in a snapshot
            response = await api.command(game, gm, huge)
            assert response.status_code == 200, response.text
        for _ in range(4):  # each turn boundary snapshots; it "failed forever" before
            response = await api.command(game, gm, {"type": "AdvancePhase"})
            assert response.status_code == 200, response.text
    assert "snapshot at version" in caplog.text and "skipped" in caplog.text
    version = await version_of(api, game)
    state = (await api.get(f"/v1/games/{game['game_id']}/state", gm)).json()
    assert state["version"] == version and state["view"]["total"] == str(3 * (2**63 - 1))
    assert state["game"]["turn"] == 3
    newest = await api.services.pool.fetchval(
        "SELECT max(stream_version) FROM snapshots WHERE stream_id = $1", f"game-{game['game_id']}"
    )
    assert newest is not None and newest < version  # earlier snapshots stay; the impossible ones are skipped
    api.services.service.states.forget()  # another process, or a restart: the state is folded from the store
    response = await api.command(game, gm, {"type": "AdvancePhase"})
    assert response.status_code == 200, response.text
    assert response.json()["version"] == version + 2  # PhaseStarted and TurnEnded/TurnStarted as before


async def test_an_error_after_the_commit_says_the_command_was_recorded(hoard_api: Api) -> None:
    api = hoard_api
    game = await new_game(api)
    seat = await api.add_seat(game, "dragon")
    before = await version_of(api, game)
    response = await api.command(game, seat["token"], {"type": "Hoard", "amount": hoard.FAILS_AFTER_COMMIT})
    assert response.status_code == 500
    problem = response.json()
    assert await version_of(api, game) == before + 1
    assert "half-written" not in problem["detail"]
    assert f"recorded (game {game['game_id']} at version {before + 1})" in problem["detail"]


async def test_an_error_before_any_commit_says_nothing_was_half_written(hoard_api: Api) -> None:
    api = hoard_api
    game = await new_game(api)
    before = await version_of(api, game)
    response = await api.command(game, game["gm_token"], {"type": "Hoard", "amount": hoard.FAILS_BEFORE_COMMIT})
    assert response.status_code == 500
    assert "nothing was half-written" in response.json()["detail"]
    assert await version_of(api, game) == before


async def test_graphql_says_the_same_after_a_commit(hoard_api: Api) -> None:
    api = hoard_api
    game = await new_game(api)
    seat = await api.add_seat(game, "dragon")
    before = await version_of(api, game)
    query = "mutation($g: String!, $c: JSON!) { submitCommand(gameId: $g, command: $c) { __typename } }"
    variables = {"g": game["game_id"], "c": {"type": "Hoard", "amount": hoard.FAILS_AFTER_COMMIT}}
    response = await api.client.post(
        "/graphql", json={"query": query, "variables": variables}, headers=api.auth(seat["token"])
    )
    [error] = response.json()["errors"]
    assert error["extensions"]["code"] == "internal.error"
    assert await version_of(api, game) == before + 1
    assert "half-written" not in error["message"] and f"at version {before + 1})" in error["message"]
