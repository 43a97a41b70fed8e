"""Input bounds over HTTP against the real app (issue #16): for every ruleset, hypothesis-generated commands of
every type with zero, negative, huge and non-integral numbers get a 4xx problem or are legal, never a 5xx and
never a gain for the seat that sent them; the served schemas state the bounds; deeply nested bodies get 422."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.engine.messages import GM_ENGINE_COMMANDS
from tests.bounds_support import GAMES, command_body, command_types, gained, game_spec, names_in, wealth
from tests.server.conftest import ADMIN, Api

DEEP = 100_000


async def _game(api: Api, name: str) -> tuple[dict[str, Any], str, str, list[str]]:
    ruleset, scenario, controls = game_spec(name)
    settings_ = {"minute_seconds": 1} if ruleset.id == "gods2" else {}
    body = {"ruleset": ruleset.id, "name": name, "scenario": scenario, "settings": settings_}
    created = await api.client.post("/v1/games", headers=api.auth(ADMIN), json=body)
    assert created.status_code == 201, created.text
    game = created.json()
    seat = await api.add_seat(game, controls)
    assert (await api.command(game, game["gm_token"], {"type": "StartGame"})).status_code == 200
    view = (await api.get(f"/v1/games/{game['game_id']}/state", game["gm_token"])).json()["view"]
    return game, seat["token"], controls, names_in([view, scenario, seat["seat"]["seat_id"]])


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_hostile_numbers_over_http_get_a_4xx_problem_or_are_legal(api: Api, name: str) -> None:
    game, token, controls, names = await _game(api, name)
    ruleset, _, _ = game_spec(name)
    states = api.services.service.states
    statuses: list[int] = []
    bodies: list[dict[str, Any]] = []

    @settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(command_types(ruleset)).flatmap(lambda k: command_body(k, names)))
    def draw(body: dict[str, Any]) -> None:
        bodies.append(body)

    draw()
    for body in bodies:
        gm_only = body["type"] in GM_ENGINE_COMMANDS or body["type"] in ruleset.gm_commands
        if body["type"] in ("EndGame", "AdvancePhase"):
            continue  # they would end the game or its phase for the examples after them
        before = wealth(ruleset.id, (await states.fold_from_scratch(game["game_id"])).rules, controls)
        response = await api.command(game, game["gm_token"] if gm_only else token, body)
        statuses.append(response.status_code)
        assert response.status_code < 500, (body, response.text)
        if response.status_code >= 400:
            assert response.headers["content-type"].startswith("application/problem+json")
            assert response.json()["code"], response.text
        elif not gm_only:
            after = wealth(ruleset.id, (await states.fold_from_scratch(game["game_id"])).rules, controls)
            assert gained(before, after) == {}, body
    assert any(400 <= s < 500 for s in statuses) and len(statuses) >= 30


async def test_the_served_schemas_state_the_bounds(api: Api) -> None:
    detail = (await api.client.get("/v1/rulesets/lote")).json()
    text = str(detail["schemas"])
    assert "'minimum': 1" in text and "'maximum': 9007199254740992" in text and "'minLength': 1" in text
    game, token, _, _ = await _game(api, "lote")
    available = (await api.get(f"/v1/games/{game['game_id']}/commands/available", token)).json()
    schemas = str([c["schema"] for c in available["commands"]])
    assert "'minimum': 1" in schemas and "'maximum': 9007199254740992" in schemas


async def test_a_deeply_nested_body_gets_a_422_problem(api: Api) -> None:
    game, token, _, _ = await _game(api, "test-bids")
    deep = b'{"a":' * DEEP + b"1" + b"}" * DEEP
    url = f"/v1/games/{game['game_id']}/commands"
    command = await api.client.post(url, content=deep, headers={**api.auth(token), "content-type": "application/json"})
    assert command.status_code == 422 and command.json()["code"] == "request.too_deep", command.text
    scenario = b'{"ruleset":"test-bids","name":"deep","scenario":' + b"[" * DEEP + b"]" * DEEP + b"}"
    headers = {**api.auth(ADMIN), "content-type": "application/json"}
    created = await api.client.post("/v1/games", content=scenario, headers=headers)
    assert created.status_code == 422 and created.json()["code"] == "request.too_deep", created.text
    mutation = f'mutation($c: JSON!) {{ submitCommand(gameId: "{game["game_id"]}", command: $c) {{ __typename }} }}'
    body = b'{"query":' + json.dumps(mutation).encode() + b',"variables":{"c":' + deep + b"}}"
    graphql = await api.client.post("/graphql", content=body, headers={**headers, **api.auth(token)})
    assert graphql.status_code < 500, graphql.text
