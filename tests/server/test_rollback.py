"""Rollback (`POST /v1/games/{id}/rollback`): after it, everything derived agrees with a full fold: served
state, time travel at every version, read models, caches and snapshots, history and live subscribers."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx

from domain.engine import timeline
from events.codec import codec_for
from projections.readmodels import ReadModelRunner
from projections.snapshots import PostgresSnapshotStore
from projections.state import GameStates
from tests.rulesets import sealed_bids
from tests.server.conftest import Api, LiveServer


async def played(api: Api) -> tuple[dict[str, Any], str, str]:
    """Turn 1: ann wins an auction; turn 2: bob writes a note and bids."""
    game, ann, bob = await api.started_game()
    await api.command(game, ann, {"type": "PlaceBid", "amount": 4})
    await api.command(game, bob, {"type": "PlaceBid", "amount": 2})
    await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    await api.command(game, bob, {"type": "WriteNote", "text": "turn two"})
    await api.command(game, bob, {"type": "PlaceBid", "amount": 1})
    return game, ann, bob


async def rollback(api: Api, game: dict[str, Any], token: str, **body: Any) -> httpx.Response:
    return await api.client.post(f"/v1/games/{game['game_id']}/rollback", json=body, headers=api.auth(token))


async def reference_states(api: Api, game_id: str) -> dict[int, Any]:
    """The state at every version by the domain's own fold (no cache, no snapshot, no SQL)."""
    store = api.services.store
    codec = codec_for(sealed_bids.ruleset)
    events = [(v, codec.decode_event(t, d)) for v, t, d in await store.read_data(f"game-{game_id}")]
    return {v: timeline.fold_with_reverts(sealed_bids.ruleset, events[:i]) for i, (v, _) in enumerate(events, 1)}


async def test_rollback_to_the_start_of_a_turn_and_everything_agrees(api: Api) -> None:
    game, _ann, bob = await played(api)
    gid = game["game_id"]
    before = (await api.get(f"/v1/games/{gid}/state", game["gm_token"])).json()
    assert before["game"]["turn"] == 2
    response = await rollback(api, game, game["gm_token"], to_turn_start=2, reason="bob's bid was lost by mail")
    assert response.status_code == 200, response.text
    reverted_at = response.json()["version"]
    assert [e["type"] for e in response.json()["events"]] == ["TimelineReverted"]

    # Served state = the state when turn 2 opened (bob's note and bid gone), and = a full fold.
    state = (await api.get(f"/v1/games/{gid}/state", game["gm_token"])).json()
    bob_row = next(b for b in state["view"]["bidders"] if b["name"] == "bob")
    assert bob_row["note"] is None and bob_row["bid"] is None and state["game"]["turn"] == 2
    reference = await reference_states(api, gid)
    assert await api.services.service.states.fold_from_scratch(gid) == reference[reverted_at]

    # Time travel at every version: the served past equals the reference, with and without snapshots.
    cold = GameStates(api.services.store, PostgresSnapshotStore(api.services.pool), snapshot_every=3)
    for version, expected in reference.items():
        assert (await cold.state_at(gid, version=version))[1] == expected, version
        assert (await api.services.service.states.state_at(gid, version=version))[1] == expected, version
    # Inside the reverted range, what actually happened then: bob's note existed.
    inside = (await api.get(f"/v1/games/{gid}/state", bob, at_version=reverted_at - 1)).json()
    assert next(b for b in inside["view"]["bidders"] if b["name"] == "bob")["note"] == "turn two"

    # History keeps the reverted events, marked with why; the seats see it too.
    events = (await api.get(f"/v1/games/{gid}/events", bob, limit=1000)).json()["events"]
    note = next(e for e in events if e["type"] == "NoteWritten")
    assert note["reverted"] == {"at": reverted_at, "reason": "bob's bid was lost by mail", "by": "gm"}
    assert all("reverted" not in e for e in events if e["version"] < note["version"] - 1)

    # Read models: as if rebuilt from zero.
    runner: ReadModelRunner = api.services.runner
    await runner.catch_up()
    rows = await api.services.pool.fetch(
        "SELECT turn, started_version FROM rm_turns WHERE game_id = $1 ORDER BY 1", gid
    )
    game_row = await api.services.pool.fetchrow("SELECT turn, phase, version FROM rm_games WHERE game_id = $1", gid)
    assert tuple(game_row) == (2, "bidding", reverted_at)
    incremental = [tuple(r) for r in rows]
    await runner.rebuild()
    rebuilt = await api.services.pool.fetch(
        "SELECT turn, started_version FROM rm_turns WHERE game_id = $1 ORDER BY 1", gid
    )
    assert [tuple(r) for r in rebuilt] == incremental

    # Play continues on the corrected timeline; the cache and a cold load agree.
    assert (await api.command(game, bob, {"type": "PlaceBid", "amount": 3})).status_code == 200
    served = await api.services.service.states.latest(gid)
    assert served[1] == await api.services.service.states.fold_from_scratch(gid)
    # (`cold` is like another process without LISTEN: within its staleness bound it may lag; a new one loads.)
    fresh = GameStates(api.services.store, PostgresSnapshotStore(api.services.pool), snapshot_every=3)
    assert (await fresh.latest(gid))[1] == served[1]


async def test_a_second_rollback_and_turn_lookups_follow_the_current_timeline(api: Api) -> None:
    game, ann, _bob = await played(api)
    gid, gm = game["game_id"], game["gm_token"]
    first = await rollback(api, game, gm, to_turn_end=1, reason="replay turn 2 from its start")
    assert first.status_code == 200, first.text
    await api.command(game, ann, {"type": "WriteNote", "text": "second timeline"})
    await api.command(game, gm, {"type": "AdvancePhase"})  # bidding -> talk of turn 2
    await api.command(game, gm, {"type": "AdvancePhase"})  # turn 3 opens
    turn3 = (await api.get(f"/v1/games/{gid}/state", gm, at_turn=3)).json()["version"]
    second = await rollback(api, game, gm, to_turn_start=2, reason="again")
    assert second.status_code == 200, second.text
    reference = await reference_states(api, gid)
    head = max(reference)
    assert (await api.services.service.states.latest(gid))[1] == reference[head]
    for version, expected in reference.items():
        assert (await api.services.service.states.state_at(gid, version=version))[1] == expected, version
    # Turn 3 was reverted: it has not started on the current timeline.
    missing = await api.get(f"/v1/games/{gid}/state", gm, at_turn=3)
    assert missing.status_code == 422 and missing.json()["code"] == "state.out_of_range"
    assert turn3 < second.json()["version"]


async def test_rollback_is_refused_clearly(api: Api) -> None:
    game, _ann, bob = await played(api)
    _gid, gm = game["game_id"], game["gm_token"]
    cases = [
        (bob, {"to_version": 3, "reason": "x"}, 403, "auth.forbidden"),
        (gm, {"to_version": 3, "reason": "  "}, 422, "rollback.reason_required"),
        (gm, {"reason": "x"}, 422, "rollback.one_target"),
        (gm, {"to_version": 2, "to_turn_start": 1, "reason": "x"}, 422, "rollback.one_target"),
        (gm, {"to_version": 9999, "reason": "x"}, 422, "rollback.bad_version"),
        (gm, {"to_turn_start": 7, "reason": "x"}, 422, "rollback.no_such_turn"),
        (gm, {"to_version": 4, "reason": "x"}, 422, "rollback.mid_command"),  # inside StartGame's events
    ]
    for token, body, status, code in cases:
        response = await rollback(api, game, token, **body)
        assert (response.status_code, response.json()["code"]) == (status, code), (body, response.text)
    ok = await rollback(api, game, gm, to_turn_start=2, reason="x")
    assert ok.status_code == 200
    inside = ok.json()["version"] - 1
    again = await rollback(api, game, gm, to_version=inside, reason="into the reverted range")
    assert again.status_code == 409 and again.json()["code"] == "rollback.reverted_version"


async def test_a_live_subscriber_receives_the_revert(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.base_url, timeout=10) as client:
        api = Api(client=client, services=live_server.services)
        game, _ann, bob = await played(api)
        gid = game["game_id"]
        head = (await api.get(f"/v1/games/{gid}/state", bob)).json()["latest_version"]
        received: list[dict[str, Any]] = []

        async def follow() -> None:
            headers = {**api.auth(bob), "Last-Event-ID": str(head)}
            async with client.stream("GET", f"/v1/games/{gid}/events/stream", headers=headers) as response:
                async for line in response.aiter_lines():
                    if line.startswith("data: "):
                        received.append(json.loads(line[6:]))
                        return

        task = asyncio.create_task(follow())
        await asyncio.sleep(0.3)
        await rollback(api, game, game["gm_token"], to_turn_start=2, reason="dispute")
        await asyncio.wait_for(task, 10)
        assert received[0]["type"] == "TimelineReverted"
        assert received[0]["data"]["to_version"] < head and received[0]["data"]["reason"] == "dispute"


async def test_integrity_is_for_the_gm_and_reports_the_chain(api: Api) -> None:
    game, ann, _ = await played(api)
    gid = game["game_id"]
    report = (await api.get(f"/v1/games/{gid}/integrity", game["gm_token"])).json()
    assert report["ok"] and report["checked"] == report["head_version"] > 10
    denied = await api.get(f"/v1/games/{gid}/integrity", ann)
    assert denied.status_code == 403
