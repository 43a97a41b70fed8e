"""The Gods II as a campaign over HTTP: a session's game ended by the GM opens the next session
(`POST /v1/games/{id}/successor`) with what the rules carry over ([003:51], [003:55]), each seat seeing only what
it may."""

from __future__ import annotations

import json
from typing import Any

from events.codec import encode
from tests.server.conftest import ADMIN, Api
from tests.server.test_errors import assert_problem

CHARACTERS = ("zeus", "hera", "ares", "iris", "azazel")


def scenario() -> Any:
    from tests.domain.gods2.scenario import setup

    return json.loads(encode(setup()))


async def _ok(api: Api, game: dict[str, Any], token: str, body: dict[str, Any]) -> dict[str, Any]:
    response = await api.command(game, token, body)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def _first_session(api: Api) -> tuple[dict[str, Any], dict[str, str]]:
    body = {"ruleset": "gods2", "name": "Session 1", "scenario": scenario(), "settings": {"minute_seconds": 1}}
    created = await api.client.post("/v1/games", json=body, headers=api.auth(ADMIN))
    assert created.status_code == 201, created.text
    game = created.json()
    seats = {c: (await api.add_seat(game, c))["token"] for c in CHARACTERS}
    gm = game["gm_token"]
    await _ok(api, game, gm, {"type": "StartGame"})
    await _ok(api, game, seats["zeus"], {"type": "ProposeServiceContract", "parties": ["iris"], "terms": "messages"})
    await _ok(api, game, seats["iris"], {"type": "SignServiceContract", "contract_id": "contract-zeus-1"})
    clock = {"type": "SetClock", "era": "centrum", "in_transition": True, "reason": "session 1 ends"}
    await _ok(api, game, gm, clock)
    await _ok(api, game, seats["zeus"], {"type": "ReportSession", "goals": ["rule the Council"]})
    await _ok(api, game, seats["zeus"], {"type": "LendPower", "to": "iris", "power": "curse_of_clumsiness"})
    return game, seats


async def test_a_finished_session_opens_the_next_one_with_what_the_rules_carry_over(api: Api) -> None:
    game, seats = await _first_session(api)
    gid, gm = game["game_id"], game["gm_token"]
    early = await api.client.post(f"/v1/games/{gid}/successor", json={}, headers=api.auth(gm))
    assert_problem(early, 409, "successor.game_not_finished")
    await _ok(api, game, gm, {"type": "EndGame", "reason": "session 1 is over"})
    denied = await api.client.post(f"/v1/games/{gid}/successor", json={}, headers=api.auth(seats["zeus"]))
    assert_problem(denied, 403, "auth.forbidden")

    response = await api.client.post(f"/v1/games/{gid}/successor", json={"name": "Session 2"}, headers=api.auth(gm))
    assert response.status_code == 201, response.text
    nxt = response.json()
    assert nxt["previous_game_id"] == gid
    new = {s["controls"]: s["token"] for s in nxt["seats"] if s["role"] == "player"}
    assert set(new) == set(CHARACTERS)
    await _ok(api, nxt, nxt["gm_token"], {"type": "StartGame"})

    zeus = (await api.get(f"/v1/games/{nxt['game_id']}/state", new["zeus"])).json()["view"]
    assert (zeus["session"], zeus["in_transition"], zeus["service_contracts"]) == (2, False, ["zeus, iris: messages"])
    sheets = {c["id"]: c for c in zeus["characters"]}
    assert sheets["zeus"]["goals"] == ["rule the Council"] and sheets["zeus"]["mana"] == 20
    assert sheets["iris"]["borrowed"] is None  # Iris's sheet is hers
    iris = (await api.get(f"/v1/games/{nxt['game_id']}/state", new["iris"])).json()["view"]
    own = {c["id"]: c for c in iris["characters"]}
    assert own["iris"]["borrowed"] == ["curse_of_clumsiness (from zeus)"] and own["zeus"]["goals"] is None
    # The borrowed power works in the new session ([003:55]).
    cast = {"type": "CastPower", "power": "curse_of_clumsiness", "targets": ["hera"]}
    assert (await api.command(nxt, new["iris"], cast)).status_code == 200
    # The scenario is the GM's: a seat reading the new game's creation sees no carried sheets.
    seen = (await api.get(f"/v1/games/{nxt['game_id']}/events", new["hera"], limit=1)).json()["events"][0]["data"]
    assert seen["setup"] is None
