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
