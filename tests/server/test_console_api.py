"""The API additions the GM console uses: `GET /state?as_seat=` (a seat's view, read by its GM), filters on
`GET /events`, and orders by mail (`On-Behalf-Of` + `Order-Source` on `POST /commands`). With the attacker's view:
a seat can use neither, and a GM of one game cannot use them on another."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.server.conftest import Api


async def seats(api: Api, game: dict[str, Any]) -> dict[str, str]:
    """controls -> seat id."""
    detail = (await api.get(f"/v1/games/{game['game_id']}", game["gm_token"])).json()
    return {s["controls"]: s["seat_id"] for s in detail["game"]["seats"]}


def soon(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


async def test_the_gm_reads_a_seats_view_exactly_as_the_seat_does(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid = game["game_id"]
    ids = await seats(api, game)
    await api.command(game, ann, {"type": "PlaceBid", "amount": 3})
    for token, seat in ((ann, ids["ann"]), (bob, ids["bob"])):
        own = (await api.get(f"/v1/games/{gid}/state", token)).json()
        as_seat = await api.get(f"/v1/games/{gid}/state", game["gm_token"], as_seat=seat)
        assert as_seat.status_code == 200, as_seat.text
        assert as_seat.json() == own
    truth = (await api.get(f"/v1/games/{gid}/state", game["gm_token"])).json()
    bob_view = (await api.get(f"/v1/games/{gid}/state", game["gm_token"], as_seat=ids["bob"])).json()
    ann_in_truth = next(b for b in truth["view"]["bidders"] if b["name"] == "ann")
    ann_for_bob = next(b for b in bob_view["view"]["bidders"] if b["name"] == "ann")
    assert ann_in_truth["bid"] == 3 and ann_in_truth["gold"] == 10  # ann's bid and gold are hers and the GM's
    assert ann_for_bob.get("bid") is None and ann_for_bob.get("gold") is None and ann_for_bob["has_bid"]
    # ...in the past too
    past = await api.get(f"/v1/games/{gid}/state", game["gm_token"], as_seat=ids["bob"], at_turn=1)
    own_past = await api.get(f"/v1/games/{gid}/state", bob, at_turn=1)
    assert past.status_code == 200 and past.json() == own_past.json()


async def test_as_seat_is_the_gms_alone(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid = game["game_id"]
    ids = await seats(api, game)
    for token, seat in ((bob, ids["ann"]), (bob, ids["bob"]), (ann, ids["bob"])):
        refused = await api.get(f"/v1/games/{gid}/state", token, as_seat=seat)
        assert refused.status_code == 403 and refused.json()["code"] == "auth.forbidden"
    unknown = await api.get(f"/v1/games/{gid}/state", game["gm_token"], as_seat="seat-nope")
    assert unknown.status_code == 404 and unknown.json()["code"] == "state.unknown_seat"
    too_long = await api.get(f"/v1/games/{gid}/state", game["gm_token"], as_seat="x" * 65)
    assert too_long.status_code == 422
    other, _, _ = await api.started_game()
    # The GM of the other game cannot read this game's seats, by this game's id or by its own.
    across = await api.get(f"/v1/games/{gid}/state", other["gm_token"], as_seat=ids["bob"])
    assert across.status_code == 404
    own_game = await api.get(f"/v1/games/{other['game_id']}/state", other["gm_token"], as_seat=ids["bob"])
    assert own_game.status_code == 404 and own_game.json()["code"] == "state.unknown_seat"


async def test_events_filter_by_type_turn_seat_actor_and_reverted(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid = game["game_id"]
    ids = await seats(api, game)
    gm = game["gm_token"]
    await api.command(game, ann, {"type": "PlaceBid", "amount": 3})
    mark = (await api.get(f"/v1/games/{gid}/state", gm)).json()["version"]
    await api.command(game, bob, {"type": "PlaceBid", "amount": 2})
    everything = (await api.get(f"/v1/games/{gid}/events", gm, limit=1000)).json()["events"]

    def versions(page: dict[str, Any]) -> list[int]:
        return [e["version"] for e in page["events"]]

    bids = (await api.get(f"/v1/games/{gid}/events", gm, type="BidPlaced")).json()
    assert versions(bids) == [e["version"] for e in everything if e["type"] == "BidPlaced"] and len(versions(bids)) == 2
    by_bob = (await api.get(f"/v1/games/{gid}/events", gm, seat=ids["bob"])).json()
    assert versions(by_bob) and all(e["metadata"]["seat_id"] == ids["bob"] for e in by_bob["events"])
    by_ann = (await api.get(f"/v1/games/{gid}/events", gm, actor=f"seat:{ids['ann']}")).json()
    assert versions(by_ann) == [e["version"] for e in everything if e["metadata"]["actor"] == f"seat:{ids['ann']}"]
    turn_1 = (await api.get(f"/v1/games/{gid}/events", gm, turn=1)).json()
    assert versions(turn_1) == [e["version"] for e in everything if e.get("turn") == 1]
    bidding = (await api.get(f"/v1/games/{gid}/events", gm, phase="bidding", limit=1000)).json()["events"]
    assert {e["version"] for e in bids["events"]} <= {e["version"] for e in bidding}
    assert bidding[0]["type"] == "PhaseStarted" and bidding[0]["data"]["phase"] == "bidding"
    assert not {"GameCreated", "SeatAdded"} & {e["type"] for e in bidding}  # before any phase
    assert (await api.get(f"/v1/games/{gid}/events", gm, phase="no-such-phase")).json()["events"] == []
    rolled = await api.client.post(
        f"/v1/games/{gid}/rollback", json={"to_version": mark, "reason": "bob's bid was a typo"}, headers=api.auth(gm)
    )
    assert rolled.status_code == 200, rolled.text
    reverted = (await api.get(f"/v1/games/{gid}/events", gm, reverted="true")).json()
    assert versions(reverted) == [v for v in versions(by_bob) if v > mark] and versions(reverted)
    assert all(e["reverted"]["reason"] == "bob's bid was a typo" for e in reverted["events"])
    standing = (await api.get(f"/v1/games/{gid}/events", gm, reverted="false", limit=1000)).json()
    assert set(versions(standing)).isdisjoint(versions(reverted))
    # A seat sees no metadata, so the seat and actor filters find nothing of anyone for it.
    assert (await api.get(f"/v1/games/{gid}/events", ann, seat=ids["ann"])).json()["events"] == []
    # Bounds, as problems.
    for many in ([f"T{i}" for i in range(51)], ["x" * 65]):
        bad_type = await api.get(f"/v1/games/{gid}/events", gm, type=many)
        assert bad_type.status_code == 422 and bad_type.json()["code"] == "request.bad_type_filter"
    for params in ({"turn": -1}, {"type": "x" * 65}, {"type": [f"T{i}" for i in range(51)]}, {"reverted": "maybe"}):
        bad = await api.get(f"/v1/games/{gid}/events", gm, **params)
        assert bad.status_code == 422 and bad.headers["content-type"].startswith("application/problem+json"), params


async def test_the_gm_enters_an_order_by_mail_as_the_seats_own(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid = game["game_id"]
    ids = await seats(api, game)
    mail = {"On-Behalf-Of": ids["bob"], "Order-Source": "mail received 12:03"}
    entered = await api.command(game, game["gm_token"], {"type": "PlaceBid", "amount": 4}, **mail)
    assert entered.status_code == 200, entered.text
    bob_view = (await api.get(f"/v1/games/{gid}/state", bob)).json()["view"]
    assert next(b for b in bob_view["bidders"] if b["name"] == "bob")["bid"] == 4  # bob's own bid
    audit = (await api.get(f"/v1/games/{gid}/audit", game["gm_token"], seat=ids["bob"])).json()["entries"]
    entry = next(e for e in audit if e["command_type"] == "PlaceBid")
    assert entry["actor"] == f"gm:{game['gm_token_id']} for {ids['bob']}: mail received 12:03"
    assert entry["seat_id"] == ids["bob"] and entry["token_id"] == game["gm_token_id"]
    # Bob sees that the GM entered it for him, with its source; ann sees no such note on bob's events.
    bob_events = (await api.get(f"/v1/games/{gid}/events", bob, after=entered.json()["version"] - 1)).json()["events"]
    assert bob_events and all(e["entered_by"] == "the GM (mail received 12:03)" for e in bob_events)
    ann_events = (await api.get(f"/v1/games/{gid}/events", ann, limit=1000)).json()["events"]
    assert all("entered_by" not in e for e in ann_events)
    # The seat's own rules apply: bob has 10 gold.
    greedy = await api.command(game, game["gm_token"], {"type": "PlaceBid", "amount": 11}, **mail)
    assert greedy.status_code == 422 and greedy.json()["code"] == "bids.not_enough_gold"


async def test_orders_by_mail_keep_the_seats_deadline_unless_accepted_late(api: Api) -> None:
    game, _ann, _bob = await api.started_game()
    ids = await seats(api, game)
    gm = game["gm_token"]
    past = await api.command(game, gm, {"type": "SetDeadline", "deadline": soon(-1), "reason": "closed"})
    assert past.status_code == 200, past.text
    mail = {"On-Behalf-Of": ids["bob"], "Order-Source": "postcard, stamped yesterday"}
    late = await api.command(game, gm, {"type": "PlaceBid", "amount": 2}, **mail)
    assert late.status_code == 409 and late.json()["code"] == "engine.deadline_passed"
    accept = {"type": "AcceptLateOrders", "seat_id": ids["bob"], "until": soon(3600), "reason": "lost mail"}
    assert (await api.command(game, gm, accept)).status_code == 200
    assert (await api.command(game, gm, {"type": "PlaceBid", "amount": 2}, **mail)).status_code == 200


async def test_only_a_gm_of_that_game_enters_orders_by_mail_and_always_with_a_source(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid = game["game_id"]
    ids = await seats(api, game)
    bid = {"type": "PlaceBid", "amount": 1}
    for token, seat in ((ann, ids["bob"]), (bob, ids["bob"])):
        refused = await api.command(game, token, bid, **{"On-Behalf-Of": seat, "Order-Source": "forged"})
        assert refused.status_code == 403 and refused.json()["code"] == "auth.forbidden"
    for source in (None, "", "   ", "two\nlines", "x" * 201):
        headers = {"On-Behalf-Of": ids["bob"], **({"Order-Source": source} if source is not None else {})}
        try:
            refused = await api.command(game, game["gm_token"], bid, **headers)
        except Exception:  # httpx refuses a newline in a header value itself: nothing to send
            assert source == "two\nlines"
            continue
        assert refused.status_code == 422, (source, refused.text)
        assert refused.json()["code"] in ("command.order_source_required", "request.invalid"), refused.text
    unknown = await api.command(game, game["gm_token"], bid, **{"On-Behalf-Of": "seat-x", "Order-Source": "mail"})
    assert unknown.status_code == 422 and unknown.json()["code"] == "command.unknown_seat"
    other, _, _ = await api.started_game()
    across = await api.command(game, other["gm_token"], bid, **{"On-Behalf-Of": ids["bob"], "Order-Source": "mail"})
    assert across.status_code == 404
    events = (await api.get(f"/v1/games/{gid}/events", game["gm_token"], type="BidPlaced")).json()["events"]
    assert events == []  # nothing was entered by any of these


async def test_graphql_enters_an_order_by_mail_too(api: Api) -> None:
    game, _ann, bob = await api.started_game()
    ids = await seats(api, game)
    query = (
        "mutation($id: String!, $cmd: JSON!, $seat: String, $src: String) { submitCommand(gameId: $id, command: $cmd,"
        " onBehalfOf: $seat, orderSource: $src) { __typename ... on Accepted { version } } }"
    )
    variables = {"id": game["game_id"], "cmd": {"type": "PlaceBid", "amount": 1}, "seat": ids["bob"], "src": "fax"}
    for token, expected in ((bob, None), (game["gm_token"], "Accepted")):
        response = await api.client.post(
            "/graphql", json={"query": query, "variables": variables}, headers=api.auth(token)
        )
        body = response.json()
        if expected is None:
            assert body["errors"][0]["extensions"]["code"] == "auth.forbidden"
        else:
            assert body["data"]["submitCommand"]["__typename"] == expected
    audit = (await api.get(f"/v1/games/{game['game_id']}/audit", game["gm_token"], type="PlaceBid")).json()["entries"]
    assert [e["actor"] for e in audit] == [f"gm:{game['gm_token_id']} for {ids['bob']}: fax"]
