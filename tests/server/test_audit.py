"""The GM's audit trail: every command, accepted or refused, with actor, seat, token, time and reason."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Api


async def audit(api: Api, game: dict[str, Any], **params: Any) -> dict[str, Any]:
    response = await api.get(f"/v1/games/{game['game_id']}/audit", game["gm_token"], **params)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def test_the_audit_lists_accepted_and_refused_commands_with_who_and_why(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid, gm = game["game_id"], game["gm_token"]
    ann_seat = (await api.get(f"/v1/games/{gid}", ann)).json()["you"]["seat_id"]
    bob_seat = (await api.get(f"/v1/games/{gid}", bob)).json()["you"]["seat_id"]
    assert (await api.command(game, ann, {"type": "PlaceBid", "amount": 4})).status_code == 200
    refused = await api.command(game, bob, {"type": "PlaceBid", "amount": 50})
    assert refused.status_code == 422
    ruling = {"type": "GrantGold", "bidder": "bob", "amount": 40, "reason": "lost mail compensation"}
    assert (await api.command(game, gm, ruling)).status_code == 200
    rolled = await api.client.post(
        f"/v1/games/{gid}/rollback", headers=api.auth(gm), json={"to_turn_start": 1, "reason": "redo the auction"}
    )
    assert rolled.status_code == 200

    entries = (await audit(api, game))["entries"]
    kinds = [(e["command_type"], e["outcome"]) for e in entries]
    assert kinds == [
        ("CreateGame", "accepted"),
        ("AddSeat", "accepted"),
        ("AddSeat", "accepted"),
        ("StartGame", "accepted"),
        ("PlaceBid", "accepted"),
        ("PlaceBid", "rejected"),
        ("GrantGold", "accepted"),
        ("Rollback", "accepted"),
    ]
    bid, rejected, granted, rollback = entries[4:]
    assert bid["seat_id"] == ann_seat and bid["token_id"] == ann[4:16] and bid["event_types"] == ["BidPlaced"]
    assert bid["reverted"] is True and granted["reverted"] is True and rollback["reverted"] is False
    assert rejected["seat_id"] == bob_seat and rejected["code"] == "bids.not_enough_gold"
    assert rejected["body"] == {"type": "PlaceBid", "amount": 50} and "gold" in rejected["message"]
    assert granted["reason"] == "lost mail compensation" and granted["role"] == "gm"
    assert rollback["reason"] == "redo the auction" and rollback["event_types"] == ["TimelineReverted"]
    times = [e["recorded_at"] for e in entries]
    assert times == sorted(times)


async def test_the_audit_filters_and_pages(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid = game["game_id"]
    ann_seat = (await api.get(f"/v1/games/{gid}", ann)).json()["you"]["seat_id"]
    for i in range(5):
        await api.command(game, ann, {"type": "WriteNote", "text": str(i)})
        await api.command(game, bob, {"type": "PlaceBid", "amount": 99})  # refused each time
    assert {e["seat_id"] for e in (await audit(api, game, seat=ann_seat))["entries"]} == {ann_seat}
    notes = (await audit(api, game, type="WriteNote"))["entries"]
    assert len(notes) == 5 and {e["outcome"] for e in notes} == {"accepted"}
    refusals = (await audit(api, game, type="PlaceBid"))["entries"]
    assert len(refusals) == 5 and {e["outcome"] for e in refusals} == {"rejected"}
    assert len((await audit(api, game, turn=1))["entries"]) == 10  # StartGame ran in turn 0
    everything = (await audit(api, game))["entries"]
    pages, cursor = [], None
    while True:
        page = await audit(api, game, limit=3, **({"cursor": cursor} if cursor else {}))
        pages.extend(page["entries"])
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert [e["command_id"] for e in pages] == [e["command_id"] for e in everything]
    middle = everything[6]["recorded_at"]
    since = (await audit(api, game, since=middle))["entries"]
    assert since and all(e["recorded_at"] >= middle for e in since)


async def test_the_audit_is_for_the_gm_only(api: Api) -> None:
    game, ann, _ = await api.started_game()
    response = await api.get(f"/v1/games/{game['game_id']}/audit", ann)
    assert response.status_code == 403 and response.json()["code"] == "auth.forbidden"
    bad = await api.get(f"/v1/games/{game['game_id']}/audit", game["gm_token"], cursor="nonsense")
    assert bad.status_code == 422 and bad.json()["code"] == "request.bad_cursor"
