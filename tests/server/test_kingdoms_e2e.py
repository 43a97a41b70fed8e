"""End to end: three kingdoms of the sample scenario play five turns through the HTTP API on PostgreSQL, a bot
each. The Orc March marches on the Iron Hills (a battle, [004:40-98]); Elvenwood's spy watches the Orc March (a
report whose figures are off by at most the spy table's margin, [004:200-210]); Dwarrowdeep explores Deepdelve
([004:102-114]) and meets a monster (the GM's physical die forces the encounter roll, [004:116]). At the end the
GM awards the Imperial Offices ([004:265-371]). Each seat reads only its own kingdom's events, and the served
state equals a full fold."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from domain.engine import Actor
from domain.rulesets import kingdoms
from events.codec import encode
from examples.bots.kingdoms_bot import KingdomsBot, Policy
from tests.server.conftest import ADMIN, Api

ROOT = Path(__file__).resolve().parents[2]
KINGDOMS = ("dwarrowdeep", "elvenwood", "orcmarch")
POLICIES = {
    "orcmarch": Policy(invade="ironhills"),
    "elvenwood": Policy(spy_on="orcmarch"),
    "dwarrowdeep": Policy(),
}
PUBLIC = {"TurnProcessed", "TreatyMade", "TreatyBroken", "OfficesAwarded"}


async def _gm(api: Api, game: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    response = await api.command(game, game["gm_token"], body)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def _events(api: Api, gid: str, token: str) -> list[dict[str, Any]]:
    page = (await api.get(f"/v1/games/{gid}/events", token, limit=1000)).json()
    assert not page["more"]
    return page["events"]  # type: ignore[no-any-return]


async def _view(api: Api, gid: str, token: str) -> dict[str, Any]:
    return (await api.get(f"/v1/games/{gid}/state", token)).json()["view"]  # type: ignore[no-any-return]


async def test_three_kingdoms_play_five_turns_and_the_offices_are_awarded(api: Api) -> None:
    scenario = json.loads((ROOT / "examples/scenarios/kingdoms-three-kingdoms.json").read_text())
    created = await api.client.post(
        "/v1/games", headers=api.auth(ADMIN), json={"ruleset": "kingdoms", "name": "e2e", "scenario": scenario}
    )
    assert created.status_code == 201, created.text
    game = created.json()
    gid = game["game_id"]
    seats = {k: (await api.add_seat(game, k))["token"] for k in KINGDOMS}
    await _gm(api, game, {"type": "StartGame"})
    log: list[str] = []
    bots = {k: KingdomsBot(api.client, seats[k], gid, POLICIES[k], say=log.append) for k in KINGDOMS}
    for turn in range(1, 6):
        for bot in bots.values():
            await bot.play_turn()
        if turn == 1:
            # the GM's physical die: Nori, exploring at home (15% halved: 1d200, 1-15), meets a monster
            await _gm(api, game, {"type": "EnterDice", "sides": 200, "results": [1], "purpose": "encounter:nori"})
        processed = await _gm(api, game, {"type": "AdvancePhase", "phase": "orders"})
        assert "TurnProcessed" in [e["type"] for e in processed["events"]], log

    truth = await _view(api, gid, game["gm_token"])
    gm_events = await _events(api, gid, game["gm_token"])
    types = [e["type"] for e in gm_events]
    assert "BattleFought" in types and "EncounterResolved" in types and "ProvinceExplored" in types, log
    assert types.count("TurnProcessed") == 5

    # the spy report: every figure within the margin of the truth
    elves = await _view(api, gid, seats["elvenwood"])
    report = elves["spy_reports"][0]
    assert report["target"] == "orcmarch" and report["margin"] == 15  # Spy 2, doubled for a Neutral: level 4
    true = {"treasury": truth["truth"]["kingdoms"]["orcmarch"]["treasury"], "tax_base": 10}
    for figure in ("treasury", "tax_base"):
        assert abs(report["figures"][figure] - true[figure]) <= Fraction(true[figure] * 15, 100) + Fraction(1, 2)
    # the exploration and the encounter, in Dwarrowdeep's own view and report
    dwarves = await _view(api, gid, seats["dwarrowdeep"])
    assert dwarves["provinces"]["deepdelve"]["explored"] == 100
    dwarf_events = await _events(api, gid, seats["dwarrowdeep"])
    assert any(e["type"] == "EncounterResolved" and e["data"]["character"] == "nori" for e in dwarf_events)
    # the battle: each side has its own report, everyone the news
    orc_events = await _events(api, gid, seats["orcmarch"])
    assert any(e["type"] == "BattleReported" for e in orc_events)
    news = [line for e in dwarf_events if e["type"] == "TurnProcessed" for line in e["data"]["news"]]
    assert any(line.startswith("Battle at Iron Hills between dwarrowdeep and orcmarch") for line in news), news

    # each seat reads only its own kingdom's events (and public ones): never the truth of a battle
    for k, token in seats.items():
        for event in await _events(api, gid, token):
            data = event["data"]
            if event["type"] in PUBLIC or "kingdom" not in data:
                continue
            assert data["kingdom"] == k or (event["type"] == "TreatyOffered" and data["to"] == k), event
        view = await _view(api, gid, token)
        assert view["truth"] is None and set(view["characters"]) == {
            c for c, x in truth["truth"]["characters"].items() if x["kingdom"] == k
        }
        assert all(a["kingdom"] == k for a in view["armies"].values())

    # the end: the Imperial Offices
    ended = await _gm(api, game, {"type": "AwardOffices", "reason": "the fifth turn closes the campaign"})
    assert "GameEnded" in [e["type"] for e in ended["events"]]
    standings = (await _view(api, gid, seats["elvenwood"]))["standings"]
    assert standings[0]["office"] == "world_emperor"
    assert standings[0]["holder"] == "grishnak"  # the Orc March has the largest tax base (10)
    prizes = (await _view(api, gid, seats["dwarrowdeep"]))["prizes"]
    assert sum(prizes.values()) == sum(s["prize_pct"] for s in standings if s["holder"])  # no artifacts in play

    served = (await api.get(f"/v1/games/{gid}/state", game["gm_token"])).json()
    verified = await api.services.store.verify_stream(f"game-{gid}")
    assert verified.ok and verified.head_version == served["version"]
    full = await api.services.service.states.fold_from_scratch(gid)
    gm_view = kingdoms.ruleset.view_for(full.rules, Actor(principal="gm", role="gm"))
    assert json.loads(encode(gm_view)) == served["view"]
