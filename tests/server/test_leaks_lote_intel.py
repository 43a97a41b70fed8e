"""Lords of the Earth intel (§7; digest §1.6): operations are secret to their targets unless detected; what
detection reveals, and to whom; a subverted nation's report reaches its spymaster and no one else.

Byzantium runs `IE / Kiev : Government` while Kiev keeps a Counter Intelligence against Infiltrate Enemy (CI vs IE,
EX-67's shape, on Kiev's own form in every world). Through every path a seat has (state at every version, events,
SSE, the published turn and its Newsfax, GraphQL, refusals):
- an IE the GM ruled a hidden success cannot be told from no IE at all, by Kiev (the target) or by Denmark;
- an IE Kiev's CI blocked and detected shows Kiev what was tried, with what result and by whom, and nothing of the
  operation's own records (its line, its bonus points, the dice): two such worlds differing in those look the same
  to Kiev; Denmark reads at most the public Newsfax line, which names no one;
- an IE that subverts Kiev's Government (level 10) sends Byzantium a copy of Kiev's status report at publication,
  and nothing before; Kiev and Denmark cannot tell it from an IE that stopped at 9.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario

CI = {"type": "IntelOperation", "line": "ci", "code": "CI", "target": "IE"}


async def play(client: httpx.AsyncClient, ie: dict[str, Any] | None = None, blocked: bool = False) -> World:
    """Turn 1 to its published reports. `ie`: Byzantium's line and the GM's ruling on it (`levels`, `detection`);
    `blocked`: Kiev's CI is ruled a success and the IE it meets is confirmed blocked (and detected)."""
    world = await new_world(client, "lote", scenario(), NATIONS)
    await world.ok("gm", {"type": "SetNationParameter", "nation": "rus", "parameter": "oc", "value": "1",
                          "reason": "Kiev keeps a counter-intelligence office"})  # fmt: skip
    await world.ok("rus", CI)
    if ie is not None:
        await world.ok("byz", {"type": "IntelOperation", "line": ie["line"], "code": "IE", "bonus": ie["bonus"],
                               "target_nation": "rus", "target": "government"})  # fmt: skip
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves: every operation is an item
    await world.ok("gm", {"type": "SettleIntelOperation", "item_id": "t1-rus-intel-ci",
                          "result": "success" if blocked else "failure", "detection": "hidden",
                          "reason": "the office's watch"})  # fmt: skip
    if ie is not None:
        item = f"t1-byz-intel-{ie['line']}"
        if blocked:
            await world.ok("gm", {"type": "ConfirmAdjudication", "item_id": item})
        else:
            await world.ok("gm", {"type": "SettleIntelOperation", "item_id": item, "result": "success",
                                  "detection": ie.get("detection", "hidden"), "levels": ie["levels"],
                                  "reason": ie["reason"]})  # fmt: skip
    items = (await world.get("/state", world.gm)).json()["view"]["adjudications"]
    for item_id, item in sorted(items.items()):
        if item["outcome"] is None:
            await world.ok("gm", {"type": "ConfirmAdjudication", "item_id": item_id})
    # [L5064-5068] Yaroslav comes of age this turn and becomes Kiev's Heir with rolled stats: the GM enters the same
    # dice in every world, so that the server rolls an operation's item takes do not shift them
    for stat in ("combat", "diplomacy", "charisma", "hidden"):
        await world.ok("gm", {"type": "EnterDice", "sides": 6, "results": [3, 4],
                              "purpose": f"leader-stat:rus:rus-h-t1:{stat}"})  # fmt: skip
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn closes, reports drafted
    await world.ok("gm", {"type": "AdvancePhase"})  # published: the reports, the copies, the Newsfax
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Kiev subverting (SI) or maintaining (MI) an infiltration it has not detected: refused alike in every world."""
    return [
        await world.command(
            "rus",
            {"type": "IntelOperation", "line": "p1", "code": "SI", "target_nation": "byz", "target": "government"},
        ),
        await world.command(
            "rus",
            {"type": "IntelOperation", "line": "p2", "code": "MI", "target_nation": "byz", "target": "government"},
        ),
    ]


HIDDEN = {"line": "ie", "bonus": 1, "levels": 2, "reason": "quiet work"}


async def test_a_hidden_infiltration_cannot_be_told_from_none_by_its_target_or_anyone_else(
    live_server: LiveServer,
) -> None:
    async with client_for(live_server) as client:
        none = await play(client)
        hidden = await play(client, HIDDEN)
        kiev = await everything_seen(hidden, "rus", probes)
        assert_same(kiev, await everything_seen(none, "rus", probes))
        assert [r[1]["code"] for r in kiev["refusals"]] == ["lote.intel_not_detected", "lote.intel_no_infiltration"]
        assert_same(await everything_seen(hidden, "dan"), await everything_seen(none, "dan"))
        byz = (await hidden.get("/state", hidden.seats["byz"])).json()["view"]["intel"]
        assert byz["infiltrations"]["byz>rus:government"]["level"] == 2  # the operator's own record


async def test_a_blocked_infiltration_shows_kiev_what_and_by_whom_and_nothing_of_byzantiums_records(
    live_server: LiveServer,
) -> None:
    async with client_for(live_server) as client:
        first = await play(client, {"line": "ie", "bonus": 1}, blocked=True)
        second = await play(client, {"line": "spy7", "bonus": 0}, blocked=True)
        kiev = await everything_seen(first, "rus")
        assert_same(kiev, await everything_seen(second, "rus"))
        view = kiev["states"][-1]
        (against,) = [o for o in view["intel"]["ops"].values() if o["code"] == "IE"]
        assert (against["nation"], against["result"], against["detection"]) == ("byz", "blocked", "detected")
        assert (against["line"], against["bonus"], against["rolls"], against["counters"]) == ("", 0, [], [])
        assert (
            "Against us: Infiltrate Enemy (IE) against government by Byzantine Empire was blocked"
            in (view["report"]["intel"])
        )
        settled = [
            e["data"] for e in kiev["events"] if e["type"] == "IntelOperationSettled" and e["data"]["code"] == "IE"
        ]
        assert [(e["nation"], e["item_id"], e["reason"]) for e in settled] == [("byz", "", "")]
        denmark = await everything_seen(first, "dan")
        assert_same(denmark, await everything_seen(second, "dan"))
        assert not [e for e in denmark["events"] if e["type"].startswith("Intel")]
        (kiev_news,) = [n for n in denmark["states"][-1]["newsfax"]["nations"] if n["nation"] == "rus"]
        assert kiev_news["lines"] == ["Intel: Infiltrate Enemy (IE) against government was blocked."]  # no name


async def test_a_subverted_governments_report_reaches_its_spymaster_alone_and_only_from_the_subversion(
    live_server: LiveServer,
) -> None:
    async with client_for(live_server) as client:
        subverted = await play(client, {**HIDDEN, "levels": 10})
        short = await play(client, {**HIDDEN, "levels": 9})
        for seat in ("rus", "dan"):
            assert_same(await everything_seen(subverted, seat), await everything_seen(short, seat))
        token = subverted.seats["byz"]
        events = (await subverted.get("/events", token, limit=1000)).json()["events"]
        (copied,) = [e for e in events if e["type"] == "IntelReportCopied"]
        kiev_report = (await subverted.get("/state", subverted.seats["rus"])).json()["view"]["report"]
        assert copied["data"]["received"]["report"] == kiev_report
        view = (await subverted.get("/state", token)).json()["view"]
        assert view["intel"]["copies"]["byz"]["rus"]["report"] == kiev_report
        before = (await subverted.get("/state", token, at_version=copied["version"] - 1)).json()["view"]
        assert before["intel"]["copies"] == {}
        short_events = (await short.get("/events", short.seats["byz"], limit=1000)).json()["events"]
        assert not [e for e in short_events if e["type"] == "IntelReportCopied"]
