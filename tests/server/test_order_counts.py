"""The order limit's count is kept in memory (`events.order_counts`): a command no longer counts the turn's events
in the store, yet the limit holds exactly, also when two processes take the same seat's commands in turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from events.order_counts import OrderCounts
from tests.server.conftest import ADMIN, Api, serve_app


def counting(api_store: Any) -> list[int]:
    """Count the store's `count_commands` queries (the real query still runs)."""
    calls: list[int] = []
    real = api_store.count_commands

    async def counted(*args: Any) -> int:
        calls.append(1)
        return int(await real(*args))

    api_store.count_commands = counted
    return calls


async def test_a_turn_of_many_orders_counts_the_store_once(api: Api) -> None:
    game, ann, _ = await api.started_game()
    gm = game["gm_token"]
    assert (await api.command(game, gm, {"type": "SetOrderLimit", "limit": 40, "reason": "test"})).status_code == 200
    calls = counting(api.services.service.handler.store)
    for amount in range(1, 41):
        response = await api.command(game, ann, {"type": "PlaceBid", "amount": 1 + amount % 9})
        assert response.status_code == 200, response.text
    refused = await api.command(game, ann, {"type": "PlaceBid", "amount": 1})
    assert refused.status_code == 409 and refused.json()["code"] == "engine.too_many_orders"
    assert len(calls) == 1


async def test_two_processes_taking_one_seats_commands_keep_the_limit_exact(db_url: str, tmp_path: Path) -> None:
    async with (
        serve_app(db_url, tmp_path / "one") as one,
        serve_app(db_url, tmp_path / "two") as two,
        httpx.AsyncClient(base_url=one.base_url) as first,
        httpx.AsyncClient(base_url=two.base_url) as second,
    ):
        admin = {"Authorization": f"Bearer {ADMIN}"}
        body = {"ruleset": "test-bids", "name": "two", "scenario": {"bidders": ["ann", "bob"]}}
        game = (await first.post("/v1/games", headers=admin, json=body)).json()
        gid, gm = game["game_id"], {"Authorization": f"Bearer {game['gm_token']}"}
        seat = await first.post(f"/v1/games/{gid}/seats", headers=gm, json={"name": "a", "controls": "ann"})
        ann = {"Authorization": f"Bearer {seat.json()['token']}"}
        for command in ({"type": "StartGame"}, {"type": "SetOrderLimit", "limit": 6, "reason": "test"}):
            assert (await first.post(f"/v1/games/{gid}/commands", headers=gm, json=command)).status_code == 200
        answers = []
        for amount in range(1, 10):
            client = first if amount % 2 else second
            response = await client.post(
                f"/v1/games/{gid}/commands", headers=ann, json={"type": "PlaceBid", "amount": 1 + amount % 9}
            )
            answers.append(response.status_code)
        assert answers == [200] * 6 + [409] * 3


def test_counts_move_on_only_with_this_processs_own_appends() -> None:
    from datetime import UTC, datetime

    turn = datetime(2026, 1, 1, tzinfo=UTC)
    counts = OrderCounts(size=2)
    counts.counted("g", turn, 10, "ann", 3)
    counts.appended("g", 10, 12, "ann")
    assert counts.get("g", turn, 12, "ann") == 4
    counts.appended("g", 12, 13, "bob")  # bob was never counted: unknown, ann's count still valid
    assert counts.get("g", turn, 13, "bob") is None and counts.get("g", turn, 13, "ann") == 4
    counts.appended("g", 20, 21, "ann")  # a gap: another process appended 14..20
    assert counts.get("g", turn, 21, "ann") is None
    counts.counted("g", turn, 21, "ann", 9)
    later = datetime(2026, 1, 2, tzinfo=UTC)
    assert counts.get("g", later, 21, "ann") is None  # a new turn counts again
    for game in ("h", "i", "j"):
        counts.counted(game, turn, 1, "ann", 0)
    assert len(counts) == 2  # bounded
