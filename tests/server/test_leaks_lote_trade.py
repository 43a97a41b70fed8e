"""Lords of the Earth trade (§2.16, §5.2): a route's rulings and re-tracing are seen by its two partners only, and a
pirate learns its take, not the trade it was measured against.

1. Two worlds differ only in what the GM does to the Danish-Kievan sea route R1 (Roskilde to Novgorod over the
   Baltic): he hands it to the tracer, rules a war on it and lifts it. In both, Byzantium blockades Roskilde and its
   pirates close the Black Sea (hostile acts, printed in the Newsfax alike), so at the end of the turn R1 is
   re-traced as Blockaded Sea Trade in the first world only. The Kipchaks cannot tell the worlds apart through any
   path (state at every version, events, SSE, the published turn and its Newsfax, GraphQL, refusals); Kiev (a
   partner of R1) can, and Byzantium sees its own blockade and piracy; Denmark, Roskilde's holder, the blockade.
2. Two worlds differ only in R1's duration (the GM's grant of trading privileges, §2.16.5: more trade through the
   Baltic). Byzantine pirates take a quarter GP in the Baltic in both: Byzantium cannot tell the worlds apart.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario

PUBLIC_ACTS = (
    {"type": "SetBlockade", "port": "Roskilde", "by": "byz", "reason": "the Byzantine fleet all turn"},
    {"type": "SetSeaZoneClosed", "sea_zone": "Black Sea", "by": "byz", "reason": "pirates, 12 warships"},
)


async def end_turn(world: World) -> None:
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves
    items = (await world.get("/state", world.gm)).json()["view"]["adjudications"]
    for item_id, item in sorted(items.items()):
        if item["outcome"] is None:
            await world.ok("gm", {"type": "ConfirmAdjudication", "item_id": item_id})
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn closes: R1 re-traced, reports drafted
    await world.ok("gm", {"type": "AdvancePhase"})  # published: the status reports and the Newsfax


async def play(client: httpx.AsyncClient, rulings: bool) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    if rulings:
        for body in (
            {"type": "TraceTradeRoute", "route_id": "R1", "reason": "hand the route to the tracer"},
            {"type": "SetTradeCondition", "route_id": "R1", "condition": "war", "reason": "a border raid"},
            {"type": "SetTradeCondition", "route_id": "R1", "condition": "", "reason": "peace was made"},
        ):
            await world.ok("gm", body)
    for body in PUBLIC_ACTS:
        await world.ok("gm", body)
    await end_turn(world)
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


def _types(seen: dict[str, Any]) -> list[str]:
    return [e["type"] for e in seen["events"]]


async def test_route_rulings_are_seen_by_the_partners_only(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        ruled = await play(client, rulings=True)
        plain = await play(client, rulings=False)
        kip_ruled, kip_plain = await everything_seen(ruled, "kip", probes), await everything_seen(plain, "kip", probes)
        assert_same(kip_ruled, kip_plain)
        assert "R1" not in str(kip_ruled["states"][-1]["report"])
        paper = kip_ruled["states"][-1]["newsfax"]["text"]
        assert "Blockaded Roskilde." in paper  # the hostile act is public; who trades through it is not
        rus_ruled, rus_plain = await everything_seen(ruled, "rus"), await everything_seen(plain, "rus")
        assert "TradeConditionSet" in _types(rus_ruled) and "TradeRouteStatusChanged" in _types(rus_ruled)
        assert "TradeConditionSet" not in _types(rus_plain)
        assert "a border raid" not in str(rus_ruled["events"])  # the GM's reasons stay his
        assert "BlockadeSet" not in _types(rus_ruled) and "SeaZoneClosedSet" not in _types(rus_ruled)
        assert any(line.startswith("R1 S dan-rus BST") and "via Zealand - Baltic Sea - Novgorod - Kiev" in line
                   for line in _routes(rus_ruled))  # fmt: skip
        byz_types = _types(await everything_seen(ruled, "byz"))
        assert "BlockadeSet" in byz_types and "SeaZoneClosedSet" in byz_types and "TradeConditionSet" not in byz_types
        assert "BlockadeSet" in _types(await everything_seen(plain, "dan"))  # Roskilde's holder sees the fleet


async def pirates(client: httpx.AsyncClient, years: int) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    route = {"kind": "S", "nation_a": "dan", "nation_b": "rus", "sea_zones": 1, "duration_years": years,
             "port_a": "Roskilde", "port_b": "Novgorod"}  # fmt: skip
    await world.ok("gm", {"type": "RecordTradeRoute", "route_id": "R1", "route": route, "reason": "privileges"})
    await world.ok("gm", {"type": "TraceTradeRoute", "route_id": "R1", "reason": "hand the route to the tracer"})
    await world.ok("gm", {"type": "RecordPiracy", "sea_zone": "Baltic Sea", "by": "byz", "gp": "1/4",
                          "reason": "a Byzantine squadron in the Baltic"})  # fmt: skip
    await end_turn(world)
    return world


async def test_a_pirate_cannot_tell_how_much_trade_it_preyed_on(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        old, new = await pirates(client, years=100), await pirates(client, years=0)
        byz_old, byz_new = await everything_seen(old, "byz"), await everything_seen(new, "byz")
        assert_same(byz_old, byz_new)
        piracy = next(e["data"] for e in byz_old["events"] if e["type"] == "PiracyRecorded")
        assert piracy["gp"] == "1/4" and piracy["trade_gp"] == "0"
        assert "Pirates prowled the Baltic Sea and seized 0.25 gold." in byz_old["states"][-1]["newsfax"]["text"]
