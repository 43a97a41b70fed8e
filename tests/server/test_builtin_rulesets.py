"""Every built-in ruleset works through the HTTP API: a game from its example scenario, seats, a start, a turn's
first moves, and per-seat views (each seat's view differs from the GM's, and never errors)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from events.codec import encode
from tests.server.conftest import ADMIN, Api

ROOT = Path(__file__).resolve().parents[2]


SCENARIOS = {
    "second-era": lambda: json.loads((ROOT / "examples/scenarios/second-era-four-gods.json").read_text()),
    "lote": lambda: json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text()),
    "gods2": lambda: json.loads((ROOT / "examples/scenarios/gods2-heaven.json").read_text()),
}
PLAYERS = {
    "second-era": lambda s: [g["id"] for g in s["gods"]][:2],
    "lote": lambda s: list(s["nations"])[:2],
    "gods2": lambda s: [c["id"] for c in s["characters"]][:2],
}


@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
async def test_a_builtin_ruleset_plays_over_http(api: Api, ruleset: str) -> None:
    scenario = SCENARIOS[ruleset]()
    created = await api.client.post(
        "/v1/games",
        headers=api.auth(ADMIN),
        json={"ruleset": ruleset, "name": f"{ruleset} smoke", "scenario": scenario},
    )
    assert created.status_code == 201, created.text
    game = created.json()
    seats = [await api.add_seat(game, controls) for controls in PLAYERS[ruleset](scenario)]
    started = await api.command(game, game["gm_token"], {"type": "StartGame"})
    assert started.status_code == 200, started.text
    gid = game["game_id"]
    gm_view = (await api.get(f"/v1/games/{gid}/state", game["gm_token"])).json()["view"]
    for seat in seats:
        state = await api.get(f"/v1/games/{gid}/state", seat["token"])
        assert state.status_code == 200, state.text
        assert state.json()["view"] != gm_view  # a seat sees less than the GM
        available = await api.get(f"/v1/games/{gid}/commands/available", seat["token"])
        assert available.status_code == 200 and available.json()["commands"], available.text
        events = await api.get(f"/v1/games/{gid}/events", seat["token"])
        assert events.status_code == 200
    # Every command schema the API publishes for a seat is a real JSON Schema object.
    for command in available.json()["commands"]:
        assert isinstance(command["schema"], dict) and command["type"]
    detail = (await api.client.get(f"/v1/rulesets/{ruleset}")).json()
    assert detail["ruleset"]["id"] == ruleset and detail["schemas"]["setup"]
    advanced = await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    assert advanced.status_code == 200, advanced.text
    report = await api.services.store.verify_stream(f"game-{gid}")
    assert report.ok
    served = (await api.get(f"/v1/games/{gid}/state", game["gm_token"])).json()
    full = await api.services.service.states.fold_from_scratch(gid)
    assert served["version"] == report.head_version
    assert msgspec.json.decode(encode(full.meta))["turn"] == served["game"]["turn"]
