"""Lords of the Earth trade (§2.16, §5.2): a route's rulings and re-tracing are seen by its two partners only.
Two worlds differ only in what the GM does to the Danish-Kievan sea route R1 (Roskilde to Novgorod over the Baltic):
he hands it to the tracer, rules a war on it and lifts it, and rules Roskilde blockaded by Byzantium (so R1 is
re-traced as Blockaded Sea Trade at the end of the turn), and Byzantium's pirates close the Black Sea. The Kipchaks
cannot tell the worlds apart through any path (state at every version, events, SSE, the published turn and its
Newsfax, GraphQL, refusals); Kiev (a partner of R1) can, and Byzantium sees its own blockade and piracy."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario


async def play(client: httpx.AsyncClient, rulings: bool) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    if rulings:
        for body in (
            {"type": "TraceTradeRoute", "route_id": "R1", "reason": "hand the route to the tracer"},
            {"type": "SetTradeCondition", "route_id": "R1", "condition": "war", "reason": "a border raid"},
            {"type": "SetTradeCondition", "route_id": "R1", "condition": "", "reason": "peace was made"},
            {"type": "SetBlockade", "port": "Roskilde", "by": "byz", "reason": "the Byzantine fleet all turn"},
            {"type": "SetSeaZoneClosed", "sea_zone": "Black Sea", "by": "byz", "reason": "pirates, 12 warships"},
        ):
            await world.ok("gm", body)
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves
    items = (await world.get("/state", world.gm)).json()["view"]["adjudications"]
    for item_id, item in sorted(items.items()):
        if item["outcome"] is None:
            await world.ok("gm", {"type": "ConfirmAdjudication", "item_id": item_id})
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn closes: R1 re-traced (BST), reports drafted
    await world.ok("gm", {"type": "AdvancePhase"})  # published: the status reports and the Newsfax
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Kipchak lines touching the route and the ports: refused alike whatever the GM ruled."""
    return [
        await world.command("kip", {"type": "AssignFleet", "line": "p", "fleet": "dan-trade", "route": "R1"}),
        await world.command("kip", {"type": "InitiateTradeRoute", "line": "q", "partner": "dan"}),
        await world.command("kip", {"type": "SetBlockade", "port": "Roskilde", "reason": "x"}),
    ]


def _routes(seen: dict[str, Any]) -> list[str]:
    return list(seen["states"][-1]["report"]["routes"].values())


async def test_route_rulings_are_seen_by_the_partners_only(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        ruled = await play(client, rulings=True)
        plain = await play(client, rulings=False)
        kip_ruled, kip_plain = await everything_seen(ruled, "kip", probes), await everything_seen(plain, "kip", probes)
        assert_same(kip_ruled, kip_plain)
        assert "R1" not in str(kip_ruled["states"][-1]["report"])
        rus_ruled, rus_plain = await everything_seen(ruled, "rus"), await everything_seen(plain, "rus")
        ruled_types = [e["type"] for e in rus_ruled["events"]]
        assert "TradeConditionSet" in ruled_types and "TradeRouteStatusChanged" in ruled_types
        assert "TradeConditionSet" not in [e["type"] for e in rus_plain["events"]]
        assert "a border raid" not in str(rus_ruled["events"])  # the GM's reasons stay his
        assert "BlockadeSet" not in ruled_types and "SeaZoneClosedSet" not in ruled_types
        assert any(line.startswith("R1 S dan-rus BST") and "via Zealand - Baltic Sea - Novgorod - Kiev" in line
                   for line in _routes(rus_ruled))  # fmt: skip
        byz_types = [e["type"] for e in (await everything_seen(ruled, "byz"))["events"]]
        assert "BlockadeSet" in byz_types and "SeaZoneClosedSet" in byz_types and "TradeConditionSet" not in byz_types
