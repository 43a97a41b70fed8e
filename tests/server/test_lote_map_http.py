"""A scenario with a broken map is refused over HTTP through the ordinary game-creation path: a 4xx
application/problem+json with the map check's code and a message naming the record and the field; nothing is
created."""

from __future__ import annotations

import json
from pathlib import Path

from tests.server.conftest import ADMIN, Api

ROOT = Path(__file__).resolve().parents[2]


async def test_a_broken_map_is_a_problem_naming_the_record_and_field(api: Api) -> None:
    before = (await api.client.get("/v1/games", headers=api.auth(ADMIN))).json()
    scenario = json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text())
    scenario["borders"].append({"a": "Wallachia", "b": "Bulgaria", "kind": "river"})
    bad = await api.client.post(
        "/v1/games", headers=api.auth(ADMIN), json={"ruleset": "lote", "name": "bad map", "scenario": scenario}
    )
    assert 400 <= bad.status_code < 500 and bad.headers["content-type"].startswith("application/problem+json")
    body = bad.json()
    assert body["code"] == "lote.scenario.duplicate_border"
    assert "border #" in body["detail"] and "'Wallachia' and 'Bulgaria'" in body["detail"], body
    after = (await api.client.get("/v1/games", headers=api.auth(ADMIN))).json()
    assert after == before


async def test_an_itinerary_over_http_is_priced_or_refused_naming_the_step(api: Api) -> None:
    """A seat gives its army an itinerary as an order line; a step with no link is a 4xx problem naming the step;
    a step number out of bounds is a 422; another nation's army reads as unknown, like a missing one."""
    scenario = json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text())
    created = await api.client.post(
        "/v1/games", headers=api.auth(ADMIN), json={"ruleset": "lote", "name": "moves", "scenario": scenario}
    )
    game = created.json()
    byz = (await api.add_seat(game, "byz"))["token"]
    assert (await api.command(game, game["gm_token"], {"type": "StartGame"})).status_code == 200
    line = {"type": "GiveItinerary", "line": "m1", "army": "byz-1"}
    ok = await api.command(game, byz, {**line, "steps": [{"kind": "move", "to": "Bulgaria"}]})
    assert ok.status_code == 200, ok.text
    bad = await api.command(
        game, byz, {**line, "steps": [{"kind": "move", "to": "Bulgaria"}, {"kind": "move", "to": "Kiev"}]}
    )
    assert bad.status_code == 422 and bad.headers["content-type"].startswith("application/problem+json")
    assert bad.json()["code"] == "lote.itinerary_no_link" and "step 2" in bad.json()["detail"]
    huge = await api.command(game, byz, {**line, "steps": [{"kind": "act", "action": "D", "extra": 10**12}]})
    assert huge.status_code == 422 and huge.headers["content-type"].startswith("application/problem+json")
    theirs = await api.command(game, byz, {**line, "army": "kip-1", "steps": [{"kind": "move", "to": "Khazar"}]})
    missing = await api.command(game, byz, {**line, "army": "kip-7", "steps": [{"kind": "move", "to": "Khazar"}]})
    assert theirs.status_code == missing.status_code == 422
    assert theirs.json()["detail"].replace("kip-1", "X") == missing.json()["detail"].replace("kip-7", "X")
