"""Lords of the Earth: a leader's hidden fourth stat ([L2111-2117]: the King's Leadership, everyone else's
Loyalty) is the GM's alone. Two worlds in which the GM rolls a new Byzantine Lieutenant with the same open stats
and a different hidden Loyalty look the same to Byzantium itself, through every path (state at every version,
events, SSE, turns, GraphQL), and to Kiev; the GM's own view tells them apart."""

from __future__ import annotations

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario

STATS = ("combat", "diplomacy", "charisma", "hidden")


async def play(client: httpx.AsyncClient, loyalty: tuple[int, int]) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    for stat in STATS:
        dice = list(loyalty) if stat == "hidden" else [4, 3]
        purpose = f"leader-stat:byz:byz-9:{stat}"
        await world.ok("gm", {"type": "EnterDice", "sides": 6, "results": dice, "purpose": purpose})
    await world.ok(
        "gm",
        {"type": "GenerateLeader", "leader_id": "byz-9", "nation": "byz", "leader_type": "L", "name": "Bardas",
         "age": 24, "location": "Thrace", "reason": "a new Lieutenant"},
    )  # fmt: skip
    return world


async def test_a_leaders_hidden_loyalty_is_unseen_even_by_his_own_nation(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        loyal = await play(client, (6, 6))
        faithless = await play(client, (1, 1))
        gm_views = [(await w.get("/state", w.gm)).json()["view"]["leaders"]["byz-9"] for w in (loyal, faithless)]
        assert [v["hidden"] for v in gm_views] == [11, 1]
        assert gm_views[0]["combat"] == gm_views[1]["combat"] == 6
        assert_same(await everything_seen(loyal, "byz"), await everything_seen(faithless, "byz"))
        assert_same(await everything_seen(loyal, "kip"), await everything_seen(faithless, "kip"))
        mine = (await loyal.get("/state", loyal.seats["byz"])).json()["view"]["leaders"]["byz-9"]
        assert mine["combat"] == 6 and mine["hidden"] is None
