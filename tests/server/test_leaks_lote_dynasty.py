"""Lords of the Earth, dynasty (P2-D): a regency, a Dynastic Failure's hidden checks and a Spy stay with those they
belong to, through every path (state at every version, events, SSE, turns, GraphQL).

In each world King Vladimir of the Rus dies and his son Yaroslav, 12, is crowned under a regency ([L5030-5032]);
Basil II of Byzantium dies and the GM rules a Dynastic Failure ([L8925-8965]), whose check of the Lieutenant
Nikephoros ([L8936-8938]) is ruled loyal. The worlds differ in secrets only:
- A and B: the Regent the GM chooses (the Prince of Novgorod, or a new man) and the dice of Nikephoros's check:
  neither Byzantium nor the Kipchaks can tell them apart (the check is hidden even from Byzantium: whether he
  held tells of his Loyalty, [L2111-2117]);
- A and C: in C the Kipchaks turned Yaroslav before he was crowned (a Royal Family subversion, [L6966-6968]): the
  Rus, whose King is the Spy, cannot tell A from C, nor can the Danes; the Kipchaks can."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario


async def settle_all(world: World, failure: bool = False) -> None:
    """The GM rules every pending item: the Byzantine Dynastic Failure (when asked), the rest as proposed."""
    items: dict[str, Any] = (await world.get("/state", world.gm)).json()["view"]["adjudications"]
    for item in items.values():
        if item["outcome"] is not None:
            continue
        if failure and item["kind"] == "dynastic_failure" and item["nation"] == "byz":
            body = {"type": "OverrideAdjudication", "item_id": item["item_id"], "outcome": "failure", "reason": "x"}
        else:
            body = {"type": "ConfirmAdjudication", "item_id": item["item_id"]}
        await world.ok("gm", body)


async def crowned_stats(world: World) -> None:
    """The same stats for the two Kings crowned in every world (server dice differ from game to game)."""
    for king in ("rus:rus-k-t1", "byz:byz-k-t1"):
        for stat in ("combat", "diplomacy", "charisma", "hidden"):
            purpose = f"leader-stat:{king}:{stat}"
            await world.ok("gm", {"type": "EnterDice", "sides": 6, "results": [3, 4], "purpose": purpose})


async def play(client: httpx.AsyncClient, regent: str, dice: list[int], spy: bool) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    await crowned_stats(world)
    if spy:
        await world.ok(
            "gm",
            {"type": "RecordSpy", "victim": "rus", "master": "kip", "subject": "Yaroslav", "reason": "level 10"},
        )
    await world.ok("gm", {"type": "ConfirmLeaderDeath", "leader_id": "rus-1", "cause": "old_age", "reason": "x"})
    items: dict[str, Any] = (await world.get("/state", world.gm)).json()["view"]["adjudications"]
    (regency,) = [i for i in items.values() if i["kind"] == "regency"]
    assert "leader:rus-2 (A Prince of Novgorod, 28" in regency["explanation"]
    body = {"type": "OverrideAdjudication", "item_id": regency["item_id"], "outcome": regent, "reason": "chosen"}
    await world.ok("gm", body)
    await world.ok("gm", {"type": "ConfirmLeaderDeath", "leader_id": "byz-1", "cause": "wounds", "reason": "x"})
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves
    await settle_all(world, failure=True)
    purpose = "df-leader:byz:byz-2"
    await world.ok("gm", {"type": "EnterDice", "sides": 6, "results": dice, "purpose": purpose})
    await world.ok("gm", {"type": "AdvancePhase"})  # the end of the turn: the Dynastic Failure begins
    await settle_all(world)  # Nikephoros loyal, the government unchanged
    await settle_all(world)  # the provinces hold
    await world.ok("gm", {"type": "AdvancePhase"})  # the reports are published
    return world


async def test_a_regency_a_failures_hidden_checks_and_a_spy_stay_with_their_own(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        a = await play(client, "leader:rus-2", [1, 1], spy=False)
        b = await play(client, "new:Sviatopolk:30", [6, 6], spy=False)
        c = await play(client, "leader:rus-2", [1, 1], spy=True)
        gm = (await a.get("/state", a.gm)).json()["view"]
        assert gm["dynasty"]["failures"]["byz"]["stage"] == "done"
        # Yaroslav is 17 at the end of the turn: the regency is over and the Prince of Novgorod an Ally again
        assert gm["leaders"]["rus-2"]["type"] == "A" and gm["dynasty"]["regencies"] == {}
        for rival in ("byz", "kip"):
            assert_same(await everything_seen(a, rival), await everything_seen(b, rival))
        for other in ("rus", "dan"):
            assert_same(await everything_seen(a, other), await everything_seen(c, other))
        rus_a, rus_b = [(await w.get("/state", w.seats["rus"])).json()["view"]["leaders"] for w in (a, b)]
        assert rus_a != rus_b  # the Rus know their Regent (B's new man serves on as a Lieutenant)
        kip_a, kip_c = [(await w.get("/state", w.seats["kip"])).json()["view"]["dynasty"]["spies"] for w in (a, c)]
        assert kip_a == {} and list(kip_c) == ["rus-k-t1"]  # the Kipchaks know their Spy, now King
        newsfax = (await a.get("/state", a.seats["dan"])).json()["view"]["newsfax"]["text"]
        assert "Yaroslav succeeded to the throne." in newsfax and "Dynastic Failure" in newsfax
        assert "Regent" not in newsfax and "Nikephoros" not in newsfax
