"""Lords of the Earth religion (§8.3, [L3050-3061]): a religious operation is secret to its target unless the GM
rules it detected. Two worlds differ only in Byzantium's Lower Religious Strength against the Kipchaks (attempted in
their homeland, within Byzantium's Action Range), which the GM rules a hidden failure, and nothing at all: the
Kipchaks, the Danes and the Rus cannot tell them apart through any path (state at every version, events, SSE, the
published turn and its Newsfax, GraphQL, refusals). Ruled `detected`, the Kipchaks learn what was tried, by whom
and the result (their events, their status report, the Newsfax under their name), never the GM's reason or dice."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario

ITEM = "t1-byz-relop-ls"


async def play(client: httpx.AsyncClient, detection: str | None) -> World:
    """`detection` None: Byzantium runs no operation; otherwise LS on the Kipchaks, ruled a failure so detected."""
    world = await new_world(client, "lote", scenario(), NATIONS)
    if detection is not None:
        line = {"type": "ReligiousOperation", "line": "ls", "code": "LS", "target_nation": "kip", "location": "Kipchak"}
        await world.ok("byz", line)
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves: R5 raises the operation's item
    if detection is not None:
        settle = {
            "type": "SettleReligiousOperation",
            "item_id": ITEM,
            "result": "failure",
            "detection": detection,
            "reason": "the khan's shamans were unmoved",
        }
        await world.ok("gm", settle)
    items = (await world.get("/state", world.gm)).json()["view"]["adjudications"]
    for item_id, item in sorted(items.items()):
        if item["outcome"] is None:
            await world.ok("gm", {"type": "ConfirmAdjudication", "item_id": item_id})
    # [L5064-5068] the Rus Heir who comes of age this turn is rolled the same in both worlds (GM dice), so that the
    # operation's own GM-only roll does not shift his stats (as in the war leak test)
    for stat in ("combat", "diplomacy", "charisma", "hidden"):
        await world.ok(
            "gm", {"type": "EnterDice", "sides": 6, "results": [3, 4], "purpose": f"leader-stat:rus:rus-h-t1:{stat}"}
        )
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn closes: reports drafted
    await world.ok("gm", {"type": "AdvancePhase"})  # published: the status reports and the Newsfax
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Kipchak commands naming Byzantium's operation: refused alike whatever Byzantium did."""
    return [
        await world.command(
            "kip",
            {
                "type": "SettleReligiousOperation",
                "item_id": ITEM,
                "result": "success",
                "detection": "hidden",
                "reason": "x",
            },
        ),
        await world.command(
            "kip", {"type": "ReligiousOperation", "line": "p", "code": "MI", "target": "EO", "location": "Kipchak"}
        ),
        await world.command("kip", {"type": "ConfirmAdjudication", "item_id": ITEM}),
    ]


def _report(seen: dict[str, Any]) -> list[str]:
    """The RELIGION section of the seat's own published status report (the last state it saw)."""
    return seen["states"][-1]["report"]["religion"]  # type: ignore[no-any-return]


async def test_a_religious_operation_is_secret_to_its_target_unless_detected(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        hidden = await play(client, "hidden")
        none = await play(client, None)
        for seat in ("kip", "dan", "rus"):
            assert_same(await everything_seen(hidden, seat, probes), await everything_seen(none, seat, probes))
        kip_hidden = await everything_seen(hidden, "kip")
        assert not any("Lower Religious Strength" in line for line in _report(kip_hidden))
        assert "Religion:" not in str(kip_hidden["states"][-1]["newsfax"])
        byz = _report(await everything_seen(hidden, "byz"))
        assert "ls: Lower Religious Strength (LS) at Kipchak / Kipchak Horde +0 ROB failed" in byz

        detected = await play(client, "detected")
        kip = await everything_seen(detected, "kip")
        settled = [e["data"] for e in kip["events"] if e["type"] == "ReligiousOperationSettled"]
        assert [(s["nation"], s["code"], s["result"], s["reason"], s["item_id"]) for s in settled] == [
            ("byz", "LS", "failure", "", "")
        ]
        assert "ReligiousOperationRaised" not in [e["type"] for e in kip["events"]]
        assert "Against us: Lower Religious Strength (LS) at Kipchak by Byzantine Empire failed" in _report(kip)
        assert "shamans" not in str(kip)  # the GM's reason stays his
