"""Lords of the Earth: a third nation (Kiev) cannot tell apart two worlds in which Byzantium's secret order form
differs: its tax rate and a free-form order ([L1338-1377]; order forms and stat sheets are each nation's own,
digest §1.6). The orders are locked and the turn resolved in between."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world

ROOT = Path(__file__).resolve().parents[2]
NATIONS = ["byz", "dan", "kip", "rus"]


def scenario() -> Any:
    return json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text())


async def play(client: httpx.AsyncClient, tax: int, text: str) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    await world.ok("byz", {"type": "SetTaxRate", "line": "1", "percent": tax})
    await world.ok("byz", {"type": "FreeformOrder", "line": "2", "text": text})
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Kiev withdrawing a line it never wrote (Byzantium's line ids are the same in both worlds)."""
    return [await world.command("kip", {"type": "WithdrawOrder", "line": "1"})]


async def test_a_third_nation_cannot_tell_a_rivals_secret_orders_apart(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        low = await play(client, tax=80, text="Send envoys to Venice")
        high = await play(client, tax=120, text="Raise the Varangian guard")
        assert_same(await everything_seen(low, "kip", probes), await everything_seen(high, "kip", probes))
        own_low, own_high = await everything_seen(low, "byz"), await everything_seen(high, "byz")
        assert own_low["states"] != own_high["states"]
