"""Campaigns over HTTP: a Second Era played to its end, the next era opened from it (`POST .../successor`), the
winner's edifice standing in it [002:123]; content packs uploaded, validated, versioned and pinned."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import ADMIN, Api
from tests.server.test_errors import assert_problem

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = json.loads((ROOT / "examples/scenarios/second-era-four-gods.json").read_text())
SAMPLE = json.loads((ROOT / "examples/content/second-era-first-era-acts.json").read_text())
GODS = ("sunna", "nerth", "ulla", "morr")
WHY = "the referee's correction (test)"


async def _upload(api: Api, token: str, version: int, content: Any, ruleset: str = "second-era") -> httpx.Response:
    body = {"name": "first-era-acts", "version": version, "content": content}
    return await api.client.post(f"/v1/rulesets/{ruleset}/content-packs", json=body, headers=api.auth(token))


async def _era(api: Api) -> tuple[dict[str, Any], dict[str, str]]:
    assert (await _upload(api, ADMIN, 1, SAMPLE)).status_code == 201
    body = {
        "ruleset": "second-era",
        "name": "Second Era",
        "scenario": SCENARIO,
        "content_pack": {"name": "first-era-acts"},
    }
    response = await api.client.post("/v1/games", json=body, headers=api.auth(ADMIN))
    assert response.status_code == 201, response.text
    game = response.json()
    seats = {god: (await api.add_seat(game, god))["token"] for god in GODS}
    await api.add_seat(game, None, role="observer")
    assert (await api.command(game, game["gm_token"], {"type": "StartGame"})).status_code == 200
    return game, seats


async def _ok(api: Api, game: dict[str, Any], token: str, body: dict[str, Any]) -> dict[str, Any]:
    response = await api.command(game, token, body)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def test_an_era_played_to_its_end_opens_the_next_era_with_the_winners_city(api: Api) -> None:
    game, seats = await _era(api)
    gid, gm = game["game_id"], game["gm_token"]
    # A newer pack version does not change the game that pinned version 1.
    cheaper = {"acts": [{**act, "mana": 1} for act in SAMPLE["acts"]]}
    assert (await _upload(api, gm, 2, cheaper)).status_code == 201
    state = (await api.get(f"/v1/games/{gid}/state", seats["sunna"])).json()
    assert state["game"]["content_pack"]["version"] == 1
    assert {a["id"]: a["mana"] for a in state["view"]["first_era_acts"]}["create-fauna"] == 10

    # Turn 1: sunna orders a First-Era action at its old cost [002:5]; the GM places five Towns (a ruling).
    await _ok(api, game, gm, {"type": "AdjustGodMana", "god": "sunna", "delta": 10, "reason": WHY})
    await _ok(api, game, seats["sunna"], {"type": "PerformFirstEraAct", "act": "create-fauna", "details": "deer"})
    for _ in range(5):
        await _ok(
            api,
            game,
            gm,
            {"type": "PlaceStructure", "land": "greenvale", "kind": "town", "tribe": "sunfolk", "reason": WHY},
        )
    early = await api.client.post(f"/v1/games/{gid}/successor", json={}, headers=api.auth(gm))
    assert_problem(early, 409, "successor.game_not_finished")
    await _ok(api, game, gm, {"type": "AdvancePhase"})
    done = await api.get(f"/v1/games/{gid}/events", seats["nerth"], limit=1000)
    performed = [e["data"] for e in done.json()["events"] if e["type"] == "FirstEraActPerformed"]
    assert performed == [{**performed[0], "god": "sunna", "mana": 10, "details": ""}]  # nerth: no details
    # Turn 2: the City still stands at the end of the following turn: sunna wins the Era [002:125].
    await _ok(api, game, gm, {"type": "AdvancePhase"})
    ended = (await api.get(f"/v1/games/{gid}", gm)).json()["game"]
    assert ended["status"] == "ended" and "sunna (city on greenvale)" in ended["ended_reason"]

    # Only the GM opens the next era.
    denied = await api.client.post(f"/v1/games/{gid}/successor", json={}, headers=api.auth(seats["sunna"]))
    assert_problem(denied, 403, "auth.forbidden")
    body = {"name": "The Third Era", "scenario_patch": {"title": "The Third Era"}}
    response = await api.client.post(f"/v1/games/{gid}/successor", json=body, headers=api.auth(gm))
    assert response.status_code == 201, response.text
    nxt = response.json()
    nid, ngm = nxt["game_id"], nxt["gm_token"]
    assert nxt["previous_game_id"] == gid and nxt["dropped_seats"] == []
    assert nxt["content_pack"]["name"] == "first-era-acts" and nxt["content_pack"]["version"] == 1
    new_seats = {s["controls"]: s["token"] for s in nxt["seats"] if s["role"] == "player"}
    assert set(new_seats) == set(GODS) and len(nxt["seats"]) == 5

    # The chain reads both ways: in each game's state and in the listing.
    assert (await api.get(f"/v1/games/{gid}", gm)).json()["game"]["next_game_ids"] == [nid]
    assert (await api.get(f"/v1/games/{nid}", ngm)).json()["game"]["previous_game_id"] == gid
    listed = {g["game_id"]: g for g in (await api.get("/v1/games", ADMIN)).json()["games"]}
    assert listed[gid]["next_game_ids"] == [nid] and listed[nid]["previous_game_id"] == gid

    # [002:123] the winner starts the next era with the edifice it constructed.
    mine = (await api.get(f"/v1/games/{nid}/state", new_seats["sunna"])).json()
    created = (await api.get(f"/v1/games/{nid}/events", ngm, limit=1)).json()["events"][0]["data"]
    assert created["setup"]["title"] == "The Third Era" and created["previous_game_id"] == gid  # the GM's patch
    seen = (await api.get(f"/v1/games/{nid}/events", new_seats["nerth"], limit=1)).json()["events"][0]["data"]
    assert seen["setup"] is None and seen["content"] is None  # the scenario is the GM's
    assert [(e["land"], e["edifice"], e["god"]) for e in mine["view"]["edifices"]] == [("greenvale", "city", "sunna")]
    assert mine["view"]["structures"] == [] and mine["view"]["winner"] is None
    assert {t["id"]: sum(t["clans"].values()) for t in mine["view"]["tribes"]} == dict.fromkeys(
        ("sunfolk", "stonekin", "tidecallers", "ashborn"), 3
    )
    # Seats see their own god's secrets only; tokens work only in their own game.
    gods = {g["id"]: g for g in mine["view"]["gods"]}
    assert gods["sunna"]["mana"] is not None and gods["nerth"]["mana"] is None
    theirs = (await api.get(f"/v1/games/{nid}/state", new_seats["nerth"])).json()
    assert {g["id"]: g["mana"] for g in theirs["view"]["gods"]}["sunna"] is None
    assert (await api.get(f"/v1/games/{nid}/state", seats["sunna"])).status_code == 404
    assert (await api.get(f"/v1/games/{gid}/state", new_seats["sunna"])).status_code == 404
    assert (await api.get(f"/v1/games/{nid}/state", gm)).status_code == 404
    # The next era is a game like any other: it starts, and its hash chain verifies.
    await _ok(api, {"game_id": nid}, ngm, {"type": "StartGame"})
    assert (await api.services.store.verify_stream(f"game-{nid}")).ok
    served = (await api.services.service.states.latest(nid))[1]
    assert served == await api.services.service.states.fold_from_scratch(nid)


async def test_a_ruleset_without_carry_over_has_no_successor(api: Api) -> None:
    game, _, _ = await api.started_game()
    await api.command(game, game["gm_token"], {"type": "EndGame", "reason": "done"})
    response = await api.client.post(
        f"/v1/games/{game['game_id']}/successor", json={}, headers=api.auth(game["gm_token"])
    )
    assert_problem(response, 422, "successor.not_supported")


async def test_rulesets_say_whether_they_have_successors_and_packs(api: Api) -> None:
    listed = {r["id"]: r for r in (await api.client.get("/v1/rulesets")).json()["rulesets"]}
    assert listed["second-era"]["successors"] and listed["second-era"]["content_packs"]
    assert listed["gods2"]["content_packs"] and not listed["lote"]["content_packs"]
    detail = (await api.client.get("/v1/rulesets/second-era")).json()
    assert detail["schemas"]["content_pack"]["$defs"]["FirstEraActsPack"]["required"] == ["acts"]
    assert (await api.client.get("/v1/rulesets/lote")).json()["schemas"]["content_pack"] is None


async def test_content_packs_are_validated_versioned_and_immutable(api: Api) -> None:
    bad = {"acts": [{"id": "create-fauna", "name": "Create Fauna", "mana": "ten"}]}
    refused = await _upload(api, ADMIN, 1, bad)
    assert_problem(refused, 422, "content.invalid", "$.acts[0].mana")
    twice = {"acts": [SAMPLE["acts"][0], SAMPLE["acts"][0]]}
    assert_problem(await _upload(api, ADMIN, 1, twice), 422, "content.inconsistent", "create-fauna")
    assert_problem(await _upload(api, ADMIN, 1, {}, ruleset="test-bids"), 422, "content.not_supported")

    created = await _upload(api, ADMIN, 1, SAMPLE)
    assert created.status_code == 201 and created.json()["version"] == 1
    assert (await _upload(api, ADMIN, 1, SAMPLE)).status_code == 200  # the same document again
    changed = {"acts": SAMPLE["acts"][:1]}
    assert_problem(await _upload(api, ADMIN, 1, changed), 409, "content.version_exists")

    game, ann, _ = await api.started_game()
    assert_problem(await _upload(api, ann, 2, changed), 403, "auth.forbidden")
    assert (await _upload(api, game["gm_token"], 2, changed)).status_code == 201
    listed = (await api.get("/v1/rulesets/second-era/content-packs", ann)).json()["packs"]
    assert [(p["name"], p["version"]) for p in listed] == [("first-era-acts", 1), ("first-era-acts", 2)]
    one = (await api.get("/v1/rulesets/second-era/content-packs/first-era-acts/1", ann)).json()
    assert one["content"] == SAMPLE and one["pack"]["digest"] == listed[0]["digest"]
    missing = await api.get("/v1/rulesets/second-era/content-packs/first-era-acts/9", ann)
    assert_problem(missing, 404, "content.not_found")

    body = {"ruleset": "second-era", "name": "g", "scenario": SCENARIO, "content_pack": {"name": "nope"}}
    response = await api.client.post("/v1/games", json=body, headers=api.auth(ADMIN))
    assert_problem(response, 422, "content.not_found")
    latest = {**body, "content_pack": {"name": "first-era-acts"}}
    response = await api.client.post("/v1/games", json=latest, headers=api.auth(ADMIN))
    pinned = response.json()
    state = (await api.get(f"/v1/games/{pinned['game_id']}/state", pinned["gm_token"])).json()
    assert state["game"]["content_pack"]["version"] == 2 and len(state["view"]["first_era_acts"]) == 1


async def test_campaigns_over_graphql(api: Api) -> None:
    from tests.server.test_graphql_gm import gql

    uploaded = await gql(
        api,
        ADMIN,
        'mutation($c: JSON!) { uploadContentPack(rulesetId: "second-era", name: "acts", version: 1, content: $c) }',
        c=SAMPLE,
    )
    assert uploaded["data"]["uploadContentPack"]["version"] == 1
    packs = await gql(api, ADMIN, 'query { contentPacks(rulesetId: "second-era") }')
    assert [p["name"] for p in packs["data"]["contentPacks"]["packs"]] == ["acts"]
    game, _, _ = await api.started_game()
    early = await gql(api, game["gm_token"], "mutation($g: String!) { openSuccessor(gameId: $g) }", g=game["game_id"])
    assert early["errors"][0]["extensions"]["code"] == "successor.not_supported"
