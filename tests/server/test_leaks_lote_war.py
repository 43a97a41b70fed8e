"""Lords of the Earth, war: secret movement stays secret until contact, and contact shows only what the rules say
(digest §1.6; §6.2.3 [L5363-5403]: a nation sees its own armies and what its leaders can see).

- Byzantium cannot tell apart a world in which the Kipchak Khan marches on Kiev from one in which he rides to
  Khazar: state at every version (time travel), events, SSE, turns and their reports, GraphQL, and the refusal
  it gets for giving an itinerary to the Khan's army (the same as for an army that does not exist).
- The Rus, whom the Khan meets in Kiev, learn that much (a `contact` item: the place, the month, the nation met)
  and nothing else: not the size of his army, nor where his itinerary would have taken him after Kiev.
- The Rus, whose Pereyaslavl the Khan attacks (`act A`, a battle the GM settles), read the battle, its result and
  their own side in it, and the Newsfax prints it; neither they nor Byzantium can tell how many horsemen he had.
The worlds play turn 1 to its published reports; the GM rules every item the same way in both.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario


def march(*places: str) -> dict[str, Any]:
    return {"type": "GiveItinerary", "line": "1", "army": "kip-1", "steps": [{"kind": "move", "to": p} for p in places]}


async def play(client: httpx.AsyncClient, itinerary: dict[str, Any], losses: int = 0) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    if losses:  # a GM ruling the Rus never see: the Khan's army is smaller
        await world.ok("gm", {"type": "AdjustUnits", "nation": "kip", "army": "kip-1", "units": {"LC": -losses},
                              "reason": "desertions"})  # fmt: skip
    await world.ok("kip", itinerary)
    await world.ok("byz", {"type": "GiveItinerary", "line": "1", "army": "byz-2",
                           "steps": [{"kind": "move", "to": "Anatolia"}]})  # fmt: skip
    await world.ok("gm", {"type": "AdvancePhase", "phase": "orders"})
    await world.ok("gm", {"type": "AdvancePhase", "phase": "validation"})  # the itineraries run
    view = (await world.get("/state", world.gm)).json()["view"]
    for battle_id in sorted(view["battles"]):  # the same ruling in both worlds, whatever the armies
        await world.ok("gm", {"type": "ResolveBattle", "battle_id": battle_id, "winner": "attacker", "control": "pt",
                              "reason": "the Khan's horse"})  # fmt: skip
    items = (await world.get("/state", world.gm)).json()["view"]["adjudications"]
    for item_id, item in sorted(items.items()):
        if item["outcome"] is not None:
            continue
        if item["kind"] == "contact":
            await world.ok("gm", {"type": "OverrideAdjudication", "item_id": item_id, "outcome": "the Rus hold Kiev",
                                  "reason": "the walls"})  # fmt: skip
        else:
            await world.ok("gm", {"type": "ConfirmAdjudication", "item_id": item_id})
    # [L5064-5068] Yaroslav (12) comes of age this turn and becomes the Rus Heir with rolled stats: the Rus's own
    # leader, rolled the same in both worlds (GM dice) so that only what the march reveals could differ
    for stat in ("combat", "diplomacy", "charisma", "hidden"):
        await world.ok("gm", {"type": "EnterDice", "sides": 6, "results": [3, 4],
                              "purpose": f"leader-stat:rus:rus-h-t1:{stat}"})  # fmt: skip
    await world.ok("gm", {"type": "AdvancePhase", "phase": "adjudication"})
    await world.ok("gm", {"type": "AdvancePhase", "phase": "reports"})
    return world


async def contacts(world: World, seat: str) -> list[str]:
    events = (await world.get("/events", world.seats[seat], limit=1000)).json()["events"]
    return [e["data"]["item"]["subject"] for e in events if e["type"] == "AdjudicationRaised"]


async def probes(world: World) -> list[httpx.Response]:
    """Byzantium giving orders to the Khan's army, and to an army that does not exist."""
    return [
        await world.command("byz", {**march("Bulgaria"), "line": "p1"}),
        await world.command("byz", {**march("Bulgaria"), "line": "p2", "army": "kip-9"}),
    ]


async def test_a_third_nation_cannot_tell_a_secret_march_on_kiev_from_a_ride_to_khazar(
    live_server: LiveServer,
) -> None:
    async with client_for(live_server) as client:
        attack = await play(client, march("Pereyaslavl", "Kiev"))
        elsewhere = await play(client, march("Khazar"))
        seen = await everything_seen(attack, "byz", probes)
        assert_same(seen, await everything_seen(elsewhere, "byz", probes))
        first, second = seen["refusals"]
        assert first[0] == second[0] == 422 and first[1]["code"] == second[1]["code"]
        assert first[1]["detail"].replace("'p1'", "'p2'").replace("kip-1", "kip-9") == second[1]["detail"]
        assert_same(await everything_seen(attack, "dan"), await everything_seen(elsewhere, "dan"))
        raised = [await contacts(w, "rus") for w in (attack, elsewhere)]
        assert raised == [["Kiev@1.6:kip"], []]  # the Rus see the Khan only when he reaches them


async def test_the_contacted_nation_learns_where_and_when_and_whom_it_met_and_nothing_more(
    live_server: LiveServer,
) -> None:
    async with client_for(live_server) as client:
        big = await play(client, march("Pereyaslavl", "Kiev", "Galicia"))
        small = await play(client, march("Pereyaslavl", "Kiev", "Polotsk"), losses=10)
        seen = await everything_seen(big, "rus")
        assert_same(seen, await everything_seen(small, "rus"))
        (item,) = [i for state in seen["states"] for i in state["adjudications"].values() if not i["outcome"]]
        assert (item["kind"], item["subject"], item["explanation"], item["proposal"]) == (
            "contact",
            "Kiev@1.6:kip",
            "",
            "",
        )
        assert "kip-1" not in str(seen) and "Galicia" not in str(seen)
        gm = [(await w.get("/state", w.gm)).json()["view"] for w in (big, small)]
        assert [g["leaders"]["kip-1"]["units"] for g in gm] == [{"LC": 30}, {"LC": 20}]
        assert [g["leaders"]["kip-1"]["location"] for g in gm] == ["Kiev", "Kiev"]  # stopped at the contact


async def test_the_attacked_nation_reads_the_battle_and_not_the_size_of_the_army_that_attacked_it(
    live_server: LiveServer,
) -> None:
    async with client_for(live_server) as client:
        attack = [{"kind": "move", "to": "Pereyaslavl"}, {"kind": "act", "action": "A"}]
        big = await play(client, {**march(), "steps": attack})
        small = await play(client, {**march(), "steps": attack}, losses=10)
        for seat in ("rus", "byz"):
            assert_same(await everything_seen(big, seat), await everything_seen(small, seat))
        rus = (await big.get("/state", big.seats["rus"])).json()["view"]
        report = rus["report"]["text"]
        assert "Battle of Pereyaslavl (year 1 month 8): defending against the Kipchak Horde with -; lost -." in report
        assert "lc" not in report.split("BATTLES AND SIEGES")[1]  # its own forces only (none there), not the Khan's
        assert "Battle of Pereyaslavl: the Kipchak Horde defeated the Principality of Kiev" in rus["newsfax"]["text"]
        gm = [(await w.get("/state", w.gm)).json()["view"] for w in (big, small)]
        assert [g["leaders"]["kip-1"]["units"] for g in gm] == [{"LC": 30}, {"LC": 20}]
