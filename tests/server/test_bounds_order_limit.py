"""A seat cannot queue unbounded orders in one turn (issue #16): a per-turn limit per seat, a game setting the GM
changes with `SetOrderLimit` (and a reason), refused with `engine.too_many_orders` until the next turn."""

from __future__ import annotations

from tests.server.conftest import Api


async def test_a_seat_past_the_turn_limit_is_refused_until_the_next_turn(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gm = game["gm_token"]
    state = (await api.get(f"/v1/games/{game['game_id']}/state", ann)).json()
    assert state["game"]["max_orders_per_turn"] == 200  # the default, visible to every seat

    no_reason = await api.command(game, gm, {"type": "SetOrderLimit", "limit": 3, "reason": ""})
    assert no_reason.status_code == 422
    for bad in (0, -1, 2**53):
        refused = await api.command(game, gm, {"type": "SetOrderLimit", "limit": bad, "reason": "spam"})
        assert refused.status_code == 422, refused.text
    by_seat = await api.command(game, ann, {"type": "SetOrderLimit", "limit": 1000, "reason": "more"})
    assert by_seat.status_code == 403
    limited = await api.command(game, gm, {"type": "SetOrderLimit", "limit": 3, "reason": "ann sends too much"})
    assert limited.status_code == 200, limited.text

    for amount in (1, 2, 3):
        assert (await api.command(game, ann, {"type": "PlaceBid", "amount": amount})).status_code == 200
    fourth = await api.command(game, ann, {"type": "PlaceBid", "amount": 4})
    assert fourth.status_code == 409 and fourth.json()["code"] == "engine.too_many_orders", fourth.text
    assert "SetOrderLimit" in fourth.json()["detail"]
    # another seat has its own count, and the GM is never limited
    assert (await api.command(game, bob, {"type": "PlaceBid", "amount": 1})).status_code == 200
    for reason in ("a", "b", "c", "d"):
        granted = await api.command(game, gm, {"type": "GrantGold", "bidder": "ann", "amount": 1, "reason": reason})
        assert granted.status_code == 200

    for _phase in ("bidding", "talk"):  # the turn ends; the next one starts with a fresh count
        assert (await api.command(game, gm, {"type": "AdvancePhase"})).status_code == 200
    assert (await api.command(game, ann, {"type": "PlaceBid", "amount": 1})).status_code == 200
