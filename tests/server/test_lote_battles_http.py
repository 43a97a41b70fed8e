"""Lords of the Earth over HTTP (P1-G): Byzantium's Attack to Pacify meets the Kipchak army, R6 raises a battle
item for each side with the inputs computed, the GM settles it with `ResolveBattle` and publishes the turn. Bad
rulings get a 4xx problem with a stable code, never a 500; a seat cannot rule; the defender sees its own side
and the result, never the attacker's forces or losses; a third nation sees nothing of it until the Newsfax."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario

BATTLE = "t1-battle-Kipchak@2.5"
ATTACK = {
    "type": "GiveItinerary",
    "line": "war",
    "army": "byz-1",
    "steps": [
        {"kind": "move", "to": "Bulgaria"},
        {"kind": "move", "to": "Wallachia"},
        {"kind": "move", "to": "Kipchak"},
        {"kind": "act", "action": "A"},
    ],
}


def ruling(byz_lost: int, reason: str) -> dict[str, Any]:
    return {
        "type": "ResolveBattle",
        "battle_id": BATTLE,
        "winner": "defender",
        "losses": {"byz-1": {"I": byz_lost}, "kip-1": {"LC": 10}},
        "retreats": {"byz-1": "Wallachia"},
        "reason": reason,
    }


async def to_battle(client: httpx.AsyncClient) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    await world.ok("byz", ATTACK)
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves: R6 raises the battle
    return world


async def play(client: httpx.AsyncClient, byz_lost: int, reason: str) -> World:
    world = await to_battle(client)
    await world.ok("gm", ruling(byz_lost, reason))
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Kipchak asking about a battle id it cannot rule on, and one that does not exist."""
    return [
        await world.command("kip", ruling(1, "mine")),
        await world.command("kip", {**ruling(1, "mine"), "battle_id": "t1-battle-Nowhere@1.1"}),
    ]


async def test_a_contact_becomes_a_battle_the_gm_resolves_and_publishes_over_http(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        world = await to_battle(client)
        gm = (await world.get("/state", world.gm)).json()["view"]
        battle = gm["battles"][BATTLE]
        assert battle["attacker"]["leaders"][0]["hidden"] == 9 and battle["attacker"]["units"] == {"HC": 10, "I": 20}
        assert battle["defender"]["leadership"] == 8 and battle["defender"]["cav_qr"] == 5
        assert len(battle["proposal"]["rolls"]) == 4
        kinds = {(i["nation"], i["kind"]) for i in gm["adjudications"].values()}
        assert {("byz", "battle"), ("kip", "battle")} <= kinds

        kip = (await world.get("/state", world.seats["kip"])).json()["view"]
        seen = kip["battles"][BATTLE]
        assert seen["attacker"] == {**seen["attacker"], "nations": ["byz"], "units": {}, "leaders": []}
        assert seen["defender"]["units"] == {"LC": 30} and seen["defender"]["leaders"][0]["hidden"] == 0
        assert seen["proposal"] is None
        rus = (await world.get("/state", world.seats["rus"])).json()["view"]
        assert rus["battles"] == {} and not [i for i in rus["adjudications"].values() if i["kind"] == "battle"]

        statuses = []
        for body, code in (
            ({**ruling(21, "x")}, "lote.battle_bad_losses"),
            ({**ruling(1, "x"), "retreats": {"byz-1": "Kiev"}}, "lote.battle_bad_retreat"),
            ({**ruling(1, "x"), "control": "p"}, "lote.battle_bad_control"),
            ({**ruling(1, "x"), "battle_id": "t9-nothing"}, "lote.unknown_battle"),
        ):
            response = await world.command("gm", body)
            statuses.append(response.status_code)
            assert response.headers["content-type"].startswith("application/problem+json")
            assert response.json()["code"] == code, response.text
        bad = await world.command("gm", {**ruling(1, "x"), "losses": {"byz-1": {"I": -1}}})
        statuses.append(bad.status_code)
        refused = await world.command("byz", ruling(1, "I say I won"))
        statuses.append(refused.status_code)
        assert refused.status_code == 403
        assert all(400 <= s < 500 for s in statuses), statuses

        await world.ok("gm", ruling(5, "the horse archers wore them down"))
        again = await world.command("gm", ruling(5, "again"))
        assert again.status_code == 409 and again.json()["code"] == "lote.battle_decided"
        truth = (await world.get("/state", world.gm)).json()["view"]
        assert truth["leaders"]["byz-1"]["units"] == {"HC": 10, "I": 15}
        assert truth["leaders"]["byz-1"]["location"] == "Wallachia"
        for item_id, item in sorted(truth["adjudications"].items()):
            if item["outcome"] is None:
                await world.ok("gm", {"type": "ConfirmAdjudication", "item_id": item_id})
        await world.ok("gm", {"type": "AdvancePhase"})  # adjudication closes: reports drafted
        await world.ok("gm", {"type": "AdvancePhase"})  # published
        paper = (await world.get("/state", world.seats["rus"])).json()["view"]["newsfax"]
        assert "Battle of Kipchak:" in paper["text"] and "threw back" in paper["text"]
        report = (await world.get("/state", world.seats["kip"])).json()["view"]["report"]
        assert any("lost 10lc" in line for line in report["battles"]) and "15i" not in report["text"]


async def test_neither_the_defender_nor_a_third_nation_learns_the_attackers_losses(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        light = await play(client, 2, "a skirmish")
        heavy = await play(client, 18, "a massacre")
        assert_same(await everything_seen(light, "kip", probes), await everything_seen(heavy, "kip", probes))
        assert_same(await everything_seen(light, "rus", probes), await everything_seen(heavy, "rus", probes))
        own = [(await w.get("/state", w.seats["byz"])).json()["view"]["leaders"]["byz-1"] for w in (light, heavy)]
        assert own[0]["units"] != own[1]["units"]
