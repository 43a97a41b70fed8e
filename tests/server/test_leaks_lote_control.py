"""Lords of the Earth, control (P1-H): a third nation (Denmark) cannot tell apart two worlds in which Byzantium
grants a satrapy or not ([L8469-8480]: the order form is Byzantium's own) and the GM rules the Kipchak Horde's
revolt checks differently (a revolt check is the owner's and the GM's, digest §1.6), through every path (state at
every version, events, SSE, turns, GraphQL). The Horde sees its own checks without the GM's dice and inputs."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario


async def play(client: httpx.AsyncClient, satrapy: bool, ruling: str) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    if satrapy:
        await world.ok("byz", {"type": "GrantSatrapy", "line": "s", "place": "Bulgaria"})
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves: the end-of-turn checks are raised
    items: dict[str, Any] = (await world.get("/state", world.gm)).json()["view"]["adjudications"]
    checks = [i for i in items.values() if i["kind"] == "revolt_check" and i["nation"] == "kip"]
    assert checks and all(i["explanation"] and "CCR = BL 0" in i["explanation"] for i in checks)
    for item in items.values():
        if item["kind"] == "revolt_check" and item["nation"] == "kip":
            body = {"type": "OverrideAdjudication", "item_id": item["item_id"], "outcome": ruling, "reason": "ruled"}
        else:
            body = {"type": "ConfirmAdjudication", "item_id": item["item_id"]}
        await world.ok("gm", body)
    await world.ok("gm", {"type": "AdvancePhase"})  # outcomes, end of turn
    return world


async def test_a_third_nation_sees_neither_a_rivals_satrapy_nor_another_rivals_revolt_checks(
    live_server: LiveServer,
) -> None:
    async with client_for(live_server) as client:
        calm = await play(client, satrapy=False, ruling="holds")
        restless = await play(client, satrapy=True, ruling="revolts")
        assert_same(await everything_seen(calm, "dan"), await everything_seen(restless, "dan"))
        mine = (await restless.get("/state", restless.seats["kip"])).json()["view"]["adjudications"]
        checks = [i for i in mine.values() if i["kind"] == "revolt_check"]
        assert checks and all(i["explanation"] == "" and i["rolls"] == [] for i in checks)
        assert all(i["outcome"] == "revolts" for i in checks)
