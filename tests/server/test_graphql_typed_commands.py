"""Typed GraphQL inputs for ruleset commands: `submitSecondEraCommand(command: SecondEraCommandInput!)`, a
`@oneOf` input with one field per command, goes through the same service path as REST and the generic JSON
`submitCommand` (same events, same refusals), and GraphQL itself refuses two commands at once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from server.graphql import schema_sdl
from tests.server.conftest import ADMIN, Api
from tests.server.test_graphql import ACCEPTED_OR_REJECTED, data, gql

ROOT = Path(__file__).resolve().parents[2]
TYPED = f"""
mutation($game: String!, $command: SecondEraCommandInput!, $ifMatch: Int) {{
  submitSecondEraCommand(gameId: $game, command: $command, ifMatch: $ifMatch) {{ {ACCEPTED_OR_REJECTED} }}
}}"""


async def second_era_game(api: Api) -> tuple[str, str, str, dict[str, Any]]:
    """A started Second Era game; returns (game id, GM token, the first god's token, that god's tribe)."""
    scenario = json.loads((ROOT / "examples/scenarios/second-era-four-gods.json").read_text())
    body = {"ruleset": "second-era", "name": "Typed GraphQL", "scenario": scenario}
    created = (await api.client.post("/v1/games", json=body, headers=api.auth(ADMIN))).json()
    god = scenario["gods"][0]["id"]
    seat = await api.client.post(
        f"/v1/games/{created['game_id']}/seats",
        json={"name": god, "role": "player", "controls": god},
        headers=api.auth(created["gm_token"]),
    )
    tribe = next(t for t in scenario["tribes"] if t["god"] == god)
    return created["game_id"], created["gm_token"], seat.json()["token"], tribe


def test_each_ruleset_has_a_typed_one_of_command_input_and_the_json_fallback_stays() -> None:
    sdl = schema_sdl()
    for prefix in ("SecondEra", "Gods2", "Lote"):
        assert f"input {prefix}CommandInput @oneOf {{" in sdl
        assert f"submit{prefix}Command(gameId: String!, command: {prefix}CommandInput!" in sdl
    assert "input SecondEraGrowTribeInput {\n  role: String!\n}" in sdl
    fallback = re.search(r"submitCommand\(\s*gameId: String!\s+command: JSON!", sdl)
    assert fallback is not None, "the generic JSON mutation is the fallback"


async def test_a_typed_second_era_turn_gives_the_same_events_as_rest(api: Api) -> None:
    game, gm, god, tribe = await second_era_game(api)
    started = await data(api, TYPED, gm, game=game, command={"startGame": True})
    assert started["submitSecondEraCommand"]["__typename"] == "Accepted"
    grow = await data(api, TYPED, god, game=game, command={"growTribe": {"role": "farmer"}})
    accepted = grow["submitSecondEraCommand"]
    assert accepted["__typename"] == "Accepted" and [e["type"] for e in accepted["events"]] == ["OrderGiven"]
    assert accepted["events"][0]["data"]["order"] == {"type": "GrowTribe", "role": "farmer"}
    retreat = await data(api, TYPED, god, game=game, command={"setRetreat": {"toLand": None}})
    assert retreat["submitSecondEraCommand"]["__typename"] == "Accepted"
    advance = {"advancePhase": {"turn": 1, "phase": "orders"}}
    assert (await data(api, TYPED, gm, game=game, command=advance))["submitSecondEraCommand"]["version"] > 0
    state = (await api.client.get(f"/v1/games/{game}/state", headers=api.auth(god))).json()
    grown = next(t for t in state["view"]["tribes"] if t["id"] == tribe["id"])
    assert grown["clans"]["farmer"] == tribe["clans"]["farmer"] + 1  # [002:8] one more Clan of that role


async def test_rule_refusals_are_rejected_and_two_commands_at_once_are_a_graphql_error(api: Api) -> None:
    game, gm, god, _ = await second_era_game(api)
    await data(api, TYPED, gm, game=game, command={"startGame": True})
    refused = await data(api, TYPED, god, game=game, command={"moveTribe": {"toLand": "nowhere"}})
    assert refused["submitSecondEraCommand"]["__typename"] == "Rejected"
    assert refused["submitSecondEraCommand"]["code"].startswith("second_era.")
    both = await gql(api, TYPED, god, game=game, command={"growTribe": {"role": "farmer"}, "setRetreat": {}})
    assert "errors" in both and "exactly one" in json.dumps(both["errors"]).lower()
    stale = await gql(api, TYPED, god, game=game, command={"growTribe": {"role": "farmer"}}, ifMatch=1)
    assert stale["errors"][0]["extensions"]["code"] == "command.version_conflict"  # as submitCommand answers
