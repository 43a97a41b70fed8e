"""Lords of the Earth pillage over HTTP (digest §1.6): Kiev, with no status in Bulgaria, cannot tell a world in which
Byzantium's army loots Bulgaria from one in which it only marches there (state, history, SSE, GraphQL, probes);
the Kipchaks, who hold Bulgaria as tributary in a third world, see the looting without the army's id; and a
pillage step that does not fit is a 422 problem naming the step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world

ROOT = Path(__file__).resolve().parents[2]
NATIONS = ["byz", "dan", "kip", "rus"]


def scenario(kipchak_tributary: bool = False) -> Any:
    doc = json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text())
    if kipchak_tributary:
        doc["regions"]["Bulgaria"]["statuses"]["kip"] = "t"
    return doc


async def play(client: httpx.AsyncClient, loot: bool, kipchak_tributary: bool = False) -> World:
    world = await new_world(client, "lote", scenario(kipchak_tributary), NATIONS)
    steps: list[dict[str, Any]] = [{"kind": "move", "to": "Bulgaria"}]
    if loot:
        steps.append({"kind": "act", "action": "LR"})
    await world.ok("byz", {"type": "GiveItinerary", "line": "m1", "army": "byz-1", "steps": steps})
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves: R6 runs the itinerary
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Kiev naming Byzantium's line and army in its own orders."""
    return [
        await world.command("rus", {"type": "WithdrawOrder", "line": "m1"}),
        await world.command(
            "rus", {"type": "GiveItinerary", "line": "m1", "army": "byz-1", "steps": [{"kind": "act", "action": "LR"}]}
        ),
    ]


async def history(world: World, seat: str) -> str:
    return (await world.get("/events", world.seats[seat], limit=1000)).text


async def test_a_bystander_cannot_tell_a_looting_from_a_march(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        looted = await play(client, loot=True)
        marched = await play(client, loot=False)
        assert_same(await everything_seen(looted, "rus", probes), await everything_seen(marched, "rus", probes))
        assert "RegionLooted" in await history(looted, "byz")
        assert "RegionLooted" not in await history(looted, "rus")


async def test_the_victim_sees_the_looting_without_the_army(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        world = await play(client, loot=True, kipchak_tributary=True)
        seen = await history(world, "kip")
        assert "RegionLooted" in seen and "byz-1" not in seen and '"m1"' not in seen


async def test_a_pillage_step_that_does_not_fit_is_a_problem_naming_the_step(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        world = await new_world(client, "lote", scenario(), NATIONS)
        line = {"type": "GiveItinerary", "line": "m1", "army": "byz-1"}
        few = await world.command("byz", {**line, "steps": [{"kind": "act", "action": "LR"}]})
        assert few.status_code == 422 and few.headers["content-type"].startswith("application/problem+json")
        assert few.json()["code"] == "lote.itinerary_too_few_troops" and "step 1" in few.json()["detail"]
        rival = await world.command("byz", {**line, "steps": [{"kind": "act", "action": "BC", "to": "Kiev"}]})
        nowhere = await world.command("byz", {**line, "steps": [{"kind": "act", "action": "BC", "to": "Atlantis"}]})
        assert rival.status_code == nowhere.status_code == 422
        assert rival.json()["detail"].replace("Kiev", "X") == nowhere.json()["detail"].replace("Atlantis", "X")
