"""Forks (`POST /v1/games/{id}/fork`) and comparisons (`GET /v1/games/{id}/diff`)."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import ADMIN, Api


async def test_a_fork_starts_from_the_source_and_leaves_it_untouched(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid, gm = game["game_id"], game["gm_token"]
    await api.command(game, ann, {"type": "PlaceBid", "amount": 4})
    at = (await api.get(f"/v1/games/{gid}/state", gm)).json()["version"]
    await api.command(game, bob, {"type": "PlaceBid", "amount": 2})
    source_before = (await api.get(f"/v1/games/{gid}/events", gm, limit=1000)).json()["events"]

    response = await api.client.post(
        f"/v1/games/{gid}/fork", json={"at_version": at, "name": "what if"}, headers=api.auth(gm)
    )
    assert response.status_code == 201, response.text
    fork = response.json()
    assert fork["forked_from"] == gid and fork["forked_at_version"] == at and fork["game_id"] != gid
    assert fork["dice_commitment"] != game["dice_commitment"]
    fork_game: dict[str, Any] = {"game_id": fork["game_id"], "gm_token": fork["gm_token"]}
    # The fork's state is the source's at `at`: ann's bid there, bob's (later) not.
    state = (await api.get(f"/v1/games/{fork['game_id']}/state", fork["gm_token"])).json()
    bids = {b["name"]: b["bid"] for b in state["view"]["bidders"]}
    assert bids == {"ann": 4, "bob": None} and state["game"]["name"] == "what if"
    assert state["version"] == 1 and state["game"]["turn"] == 1
    # Its seats play with the new tokens; the source's tokens do not open the fork.
    bob_fork = next(seat["token"] for seat in fork["seats"] if seat["controls"] == "bob")
    assert (await api.command(fork_game, bob_fork, {"type": "PlaceBid", "amount": 9})).status_code == 200
    assert (await api.get(f"/v1/games/{fork['game_id']}/state", bob)).status_code == 404
    # The source is untouched.
    assert (await api.get(f"/v1/games/{gid}/events", gm, limit=1000)).json()["events"] == source_before
    # The fork is a game like any other: listed, hash-chained, folded the same from scratch.
    listed = (await api.get("/v1/games", fork["gm_token"])).json()["games"]
    assert [g["game_id"] for g in listed] == [fork["game_id"]] and listed[0]["seat_count"] == 2
    assert (await api.services.store.verify_stream(f"game-{fork['game_id']}")).ok
    served = (await api.services.service.states.latest(fork["game_id"]))[1]
    assert served == await api.services.service.states.fold_from_scratch(fork["game_id"])


async def test_diff_within_a_game_and_across_a_fork(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid, gm = game["game_id"], game["gm_token"]
    start = (await api.get(f"/v1/games/{gid}/state", gm)).json()["version"]
    await api.command(game, ann, {"type": "PlaceBid", "amount": 4})
    await api.command(game, ann, {"type": "WriteNote", "text": "secret plan"})

    mine = (await api.get(f"/v1/games/{gid}/diff", ann, from_version=start)).json()
    changed = {c["path"]: c["after"] for c in mine["changes"]}
    assert changed["/view/bidders/0/bid"] == 4 and changed["/view/bidders/0/note"] == "secret plan"
    theirs = (await api.get(f"/v1/games/{gid}/diff", bob, from_version=start)).json()
    assert {c["path"] for c in theirs["changes"]} == {"/view/bidders/0/has_bid"}  # bob learns only that

    fork = (await api.client.post(f"/v1/games/{gid}/fork", json={"at_version": start}, headers=api.auth(gm))).json()
    across = await api.get(f"/v1/games/{gid}/diff", ADMIN, from_version=start, other_game=fork["game_id"])
    assert across.status_code == 200, across.text
    paths = {c["path"] for c in across.json()["changes"]}
    assert "/game/game_id" in paths and not any(p.startswith("/view") for p in paths)
    denied = await api.get(f"/v1/games/{gid}/diff", ann, from_version=start, other_game=fork["game_id"])
    assert denied.status_code == 403
    other = await api.create_game()
    unrelated = await api.get(f"/v1/games/{gid}/diff", ADMIN, from_version=1, other_game=other["game_id"])
    assert unrelated.status_code == 422 and unrelated.json()["code"] == "diff.unrelated"
