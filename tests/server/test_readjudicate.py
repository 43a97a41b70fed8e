"""Re-adjudication (`POST /v1/games/{id}/turns/{n}/readjudicate`): a dry run shows each seat what would change
in its own view and appends nothing; a commit appends the revert and the new resolution."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import Api


async def readjudicate(api: Api, game: dict[str, Any], turn: int, **body: Any) -> httpx.Response:
    return await api.client.post(
        f"/v1/games/{game['game_id']}/turns/{turn}/readjudicate", json=body, headers=api.auth(game["gm_token"])
    )


async def head(api: Api, game: dict[str, Any]) -> int:
    return (await api.get(f"/v1/games/{game['game_id']}/state", game["gm_token"])).json()["version"]  # type: ignore[no-any-return]


async def seat_ids(api: Api, game: dict[str, Any], *tokens: str) -> list[str]:
    return [(await api.get(f"/v1/games/{game['game_id']}", t)).json()["you"]["seat_id"] for t in tokens]


async def test_a_lost_order_is_restored_dry_run_first_then_committed(api: Api) -> None:
    game, ann, bob = await api.started_game()
    ann_seat, bob_seat = await seat_ids(api, game, ann, bob)
    await api.command(game, ann, {"type": "PlaceBid", "amount": 4})  # bob's bid of 5 was "lost in the mail"
    await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    before = await head(api, game)
    lost = {"seat_id": bob_seat, "command": {"type": "PlaceBid", "amount": 5}}

    dry = await readjudicate(api, game, 1, reason="bob's bid arrived late by mail", orders=[lost])
    assert dry.status_code == 200, dry.text
    preview = dry.json()["preview"]
    assert preview["replayed_phases"] == 2 and dry.json()["committed"] is None
    assert await head(api, game) == before  # nothing appended
    bob_changes = {c["path"]: (c["before"], c["after"]) for c in preview["changes"][bob_seat]}
    assert bob_changes["/view/bidders/1/points"] == (0, 1) and bob_changes["/view/bidders/1/gold"] == (10, 5)
    assert "/view/bidders/0/gold" not in bob_changes  # bob never sees ann's gold, not even in a diff
    ann_changes = {c["path"]: (c["before"], c["after"]) for c in preview["changes"][ann_seat]}
    assert ann_changes["/view/bidders/0/points"] == (1, 0) and ann_changes["/view/bidders/0/gold"] == (6, 10)
    assert "/view/bidders/1/gold" not in ann_changes

    committed = await readjudicate(api, game, 1, reason="bob's bid arrived late by mail", orders=[lost], dry_run=False)
    assert committed.status_code == 200, committed.text
    state = (await api.get(f"/v1/games/{game['game_id']}/state", game["gm_token"])).json()
    points = {b["name"]: b["points"] for b in state["view"]["bidders"]}
    assert points == {"ann": 0, "bob": 1} and state["game"]["turn"] == 2
    assert (await api.services.service.states.latest(game["game_id"]))[
        1
    ] == await api.services.service.states.fold_from_scratch(game["game_id"])
    assert (await api.services.store.verify_stream(f"game-{game['game_id']}")).ok
    audit = (await api.get(f"/v1/games/{game['game_id']}/audit", game["gm_token"], type="Readjudicate")).json()
    assert audit["entries"][0]["reason"] == "bob's bid arrived late by mail"


async def tie(api: Api) -> dict[str, Any]:
    game, ann, bob = await api.started_game()
    await api.command(game, ann, {"type": "PlaceBid", "amount": 3})
    await api.command(game, bob, {"type": "PlaceBid", "amount": 3})
    await api.command(game, game["gm_token"], {"type": "AdvancePhase"})  # the tie is broken by server dice
    return game


async def rolls(api: Api, game: dict[str, Any]) -> list[dict[str, Any]]:
    events = (await api.get(f"/v1/games/{game['game_id']}/events", game["gm_token"], limit=1000)).json()["events"]
    return [e for e in events if e["type"] == "DiceRolled" and "reverted" not in e]


async def test_the_same_dice_by_default_and_a_recorded_reroll_on_request(api: Api) -> None:
    game = await tie(api)
    original = await rolls(api, game)
    assert original
    same = await readjudicate(api, game, 1, reason="recheck", dry_run=False)
    assert same.status_code == 200, same.text
    assert all(not changes for changes in same.json()["preview"]["changes"].values())
    again = await rolls(api, game)
    # The same results, replayed: each names the roll it repeats and takes a fresh index (none is used twice).
    assert [(r["data"]["source"], r["data"]["replay_of"], r["data"]["results"]) for r in again] == [
        ("replay", r["version"], r["data"]["results"]) for r in original
    ]
    assert min(r["data"]["roll_index"] for r in again) > max(r["data"]["roll_index"] for r in original)
    fresh = await readjudicate(api, game, 1, reason="the GM orders a reroll", reroll=True, dry_run=False)
    assert fresh.status_code == 200, fresh.text
    rerolled = await rolls(api, game)
    assert {r["data"]["source"] for r in rerolled} == {"server"}
    assert min(r["data"]["roll_index"] for r in rerolled) > max(r["data"]["roll_index"] for r in again)
    events = (await api.get(f"/v1/games/{game['game_id']}/events", game["gm_token"], limit=1000)).json()["events"]
    assert "RerollOrdered" in [e["type"] for e in events]


async def test_readjudication_is_refused_clearly(api: Api) -> None:
    game, ann, bob = await api.started_game()
    early = await readjudicate(api, game, 1, reason="x")
    assert early.status_code == 409 and early.json()["code"] == "readjudicate.not_resolved"
    await api.command(game, ann, {"type": "PlaceBid", "amount": 4})
    await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    (bob_seat,) = await seat_ids(api, game, bob)
    too_much = {"seat_id": bob_seat, "command": {"type": "PlaceBid", "amount": 500}}
    refused = await readjudicate(api, game, 1, reason="x", orders=[too_much])
    assert refused.status_code == 422 and refused.json()["code"] == "readjudicate.refused"
    assert "bids.not_enough_gold" in refused.json()["detail"]
    seat_denied = await api.client.post(
        f"/v1/games/{game['game_id']}/turns/1/readjudicate", json={"reason": "x"}, headers=api.auth(ann)
    )
    assert seat_denied.status_code == 403
    no_reason = await readjudicate(api, game, 1, reason=" ")
    assert no_reason.status_code == 422 and no_reason.json()["code"] == "readjudicate.reason_required"


async def test_the_same_dice_even_after_the_seed_was_revealed(api: Api) -> None:
    """A reveal starts a new epoch; re-adjudicating with the same dice still replays the recorded results."""
    game = await tie(api)
    gid, gm = game["game_id"], game["gm_token"]
    await api.command(game, gm, {"type": "AdvancePhase"})
    revealed = await api.client.post(f"/v1/games/{gid}/dice/reveal", json={"reason": "dispute"}, headers=api.auth(gm))
    assert revealed.status_code == 200, revealed.text
    before = [r["data"]["results"] for r in await rolls(api, game)]
    response = await readjudicate(api, game, 1, reason="same dice after a reveal", dry_run=False)
    assert response.status_code == 200, response.text
    # Only the reopened phase's deadline moves (counted from the re-run); every outcome is the same.
    changed = {c["path"] for changes in response.json()["preview"]["changes"].values() for c in changes}
    assert changed <= {"/game/deadline"}
    assert [r["data"]["results"] for r in await rolls(api, game)] == before


async def test_a_preview_rolls_throwaway_dice_and_a_rerun_roll_belongs_to_the_turn_re_resolved(api: Api) -> None:
    """Issue #17: a dry run never shows dice the game will roll, nor uses up any; re-run rolls are listed under
    the turn they were rolled for, not the turn the GM re-adjudicated in."""
    game = await tie(api)
    gid, gm = game["game_id"], game["gm_token"]
    assert (await api.command(game, gm, {"type": "AdvancePhase"})).status_code == 200  # turn 2 begins
    original = await rolls(api, game)
    before = await head(api, game)
    for reroll in (False, True):
        preview = await readjudicate(api, game, 1, reason="what if", reroll=reroll)
        assert preview.status_code == 200, preview.text
    assert await head(api, game) == before  # nothing appended, no index used

    committed = await readjudicate(api, game, 1, reason="the GM orders a reroll", reroll=True, dry_run=False)
    assert committed.status_code == 200, committed.text
    fresh = await rolls(api, game)
    # The committed rolls take the very next indices: the previews burned none and showed none of them.
    assert fresh[0]["data"]["roll_index"] == max(r["data"]["roll_index"] for r in original) + 1
    listed = (await api.get(f"/v1/games/{gid}/dice", gm)).json()["rolls"]
    current = [r for r in listed if not r["reverted"]]
    assert current and {r["turn"] for r in current} == {1}


async def test_a_preview_that_drops_a_roll_shows_no_leftover_dice(api: Api) -> None:
    """Issue #17: the recorded rolls a re-run does not use are not pending dice, in the preview or after."""
    game = await tie(api)  # both bid 3: the tie-break rolled
    assert await rolls(api, game)
    bob_seat = next(
        s["seat_id"]
        for s in (await api.get(f"/v1/games/{game['game_id']}", game["gm_token"])).json()["game"]["seats"]
        if s["controls"] == "bob"
    )
    lower = {"seat_id": bob_seat, "command": {"type": "PlaceBid", "amount": 2}}  # no tie: nothing to roll
    preview = await readjudicate(api, game, 1, reason="bob bid 2", orders=[lower])
    assert preview.status_code == 200, preview.text
    paths = {c["path"] for changes in preview.json()["preview"]["changes"].values() for c in changes}
    assert not any("pending" in p for p in paths)
    committed = await readjudicate(api, game, 1, reason="bob bid 2", orders=[lower], dry_run=False)
    assert committed.status_code == 200, committed.text
    assert (await api.get(f"/v1/games/{game['game_id']}/dice", game["gm_token"])).json()["pending"] == []
    assert await rolls(api, game) == []
