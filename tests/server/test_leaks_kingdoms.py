"""Kingdoms: a third kingdom (Dwarrowdeep) cannot tell apart two worlds in which the Orc March's secret order
differs: its spy watches Elvenwood, or searches his province (C6: others' figures only through spy reports; being
noticed is news to the target alone). The turn is processed in between."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world

ROOT = Path(__file__).resolve().parents[2]
KINGDOMS = ["dwarrowdeep", "elvenwood", "orcmarch"]


def scenario() -> Any:
    return json.loads((ROOT / "examples/scenarios/kingdoms-three-kingdoms.json").read_text())


async def play(client: httpx.AsyncClient, order: dict[str, Any]) -> World:
    world = await new_world(client, "kingdoms", scenario(), KINGDOMS)
    await world.ok("orcmarch", {"character": "snaga", **order})
    await world.ok("orcmarch", {"type": "SetEncounterPlan", "character": "ugluk", "plan": ["ME", "FL"]})
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn is processed
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Dwarrowdeep naming the Orc March's characters and armies."""
    return [
        await world.command("dwarrowdeep", {"type": "CancelOrder", "character": "snaga"}),
        await world.command("dwarrowdeep", {"type": "AssignCommand", "army": "orc-horde", "character": "balin"}),
        await world.command("dwarrowdeep", {"type": "Spy", "character": "snaga", "target": "elvenwood"}),
    ]


async def test_a_third_kingdom_cannot_tell_a_rivals_secret_orders_apart(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        spying = await play(client, {"type": "Spy", "target": "elvenwood"})
        searching = await play(client, {"type": "Search"})
        assert_same(
            await everything_seen(spying, "dwarrowdeep", probes),
            await everything_seen(searching, "dwarrowdeep", probes),
        )
        own_a, own_b = await everything_seen(spying, "orcmarch"), await everything_seen(searching, "orcmarch")
        assert own_a["events"] != own_b["events"]
