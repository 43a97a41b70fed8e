"""The REST contract for games, seats, commands and reads, over real HTTP semantics and real PostgreSQL."""

from __future__ import annotations

from tests.server.conftest import ADMIN, Api


async def test_create_game_returns_a_gm_token_shown_once(api: Api) -> None:
    game = await api.create_game()
    assert game["gm_token"].startswith("pnt_") and game["version"] == 1
    assert len(game["dice_commitment"]) == 64
    detail = await api.get(f"/v1/games/{game['game_id']}", game["gm_token"])
    assert detail.status_code == 200
    assert detail.json()["game"]["ruleset_id"] == "test-bids"
    assert detail.json()["you"]["role"] == "gm"


async def test_a_turn_played_over_http(api: Api) -> None:
    game, ann, bob = await api.started_game()
    assert (await api.command(game, ann, {"type": "PlaceBid", "amount": 4})).status_code == 200
    assert (await api.command(game, bob, {"type": "PlaceBid", "amount": 2})).status_code == 200
    response = await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    assert response.status_code == 200, response.text
    types = [e["type"] for e in response.json()["events"]]
    assert types[:2] == ["AuctionWon", "PhaseEnded"]
    state = (await api.get(f"/v1/games/{game['game_id']}/state", ann)).json()
    mine = {b["name"]: b for b in state["view"]["bidders"]}
    assert mine["ann"]["gold"] == 6 and mine["ann"]["points"] == 1
    assert mine["bob"]["gold"] is None


async def test_games_list_shows_the_new_game(api: Api) -> None:
    game = await api.create_game()
    listed = await api.get("/v1/games", ADMIN)
    assert game["game_id"] in [g["game_id"] for g in listed.json()["games"]]
