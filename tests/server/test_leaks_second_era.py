"""Second Era: a third god (Ulla) cannot tell apart two worlds in which Sunna's secret choices differ: the spell
she teaches ([002:12], [002:61-62] the design and its levels are hers), the trade she offers Nerth ([002:13]:
between the two tribes) and the Raze bid she seals ([002:14]). The turn resolves in between (peaceful: no dice)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world

ROOT = Path(__file__).resolve().parents[2]
GODS = ["sunna", "nerth", "ulla", "morr"]


def scenario() -> Any:
    import json

    return json.loads((ROOT / "examples/scenarios/second-era-four-gods.json").read_text())


async def play(client: httpx.AsyncClient, level: int, food: int) -> World:
    world = await new_world(client, "second-era", scenario(), GODS)
    spell = {"effect": "farming", "level": level}
    await world.ok("sunna", {"type": "TeachSpell", "name": "Green Hands", "effects": [spell]})
    await world.ok("sunna", {"type": "OfferTrade", "to_god": "nerth", "give": {"food": food}})
    await world.ok("nerth", {"type": "BirthHero", "name": "Hector", "ability": "warrior"})
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves: the spell is taught, the hero born
    return world


async def probes(world: World) -> list[httpx.Response]:
    """What Ulla might try on Sunna's secrets: her trade's id (real in both worlds), and one that never was."""
    return [
        await world.command("ulla", {"type": "AcceptTrade", "trade": "trade-sunna-1"}),
        await world.command("ulla", {"type": "EndTrade", "trade": "trade-sunna-1"}),
        await world.command("ulla", {"type": "AcceptTrade", "trade": "trade-sunna-2"}),
    ]


async def test_a_third_god_cannot_tell_a_rivals_secret_choices_apart(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        cheap = await play(client, level=1, food=1)
        dear = await play(client, level=3, food=5)
        seen_cheap = await everything_seen(cheap, "ulla", probes)
        seen_dear = await everything_seen(dear, "ulla", probes)
        assert_same(seen_cheap, seen_dear)
        # The refusals for a real trade and for one that never was are the same answer.
        (_, real), _, (_, never) = seen_cheap["refusals"]
        assert real["code"] == never["code"] == "second_era.unknown_trade"
        # The harness can tell worlds apart: Sunna herself sees her own choice.
        own_cheap = await everything_seen(cheap, "sunna")
        own_dear = await everything_seen(dear, "sunna")
        assert own_cheap["events"] != own_dear["events"]
