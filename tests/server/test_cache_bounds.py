"""Every in-process cache keyed by what clients create is bounded (issue #15): touching many games once leaves at
most the bound in each, and the server still answers for a game that was evicted (from the store, the truth).
The bounds are shrunk here so that a few dozen games cross them; `bench.memory_churn` measures 20,000."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

import events.notify
import events.postgres
import events.secrets
import projections.state
import server.auth
from server.app import create_app
from server.bootstrap import Services
from tests.server.conftest import ADMIN, make_settings

BOUND = 5
GAMES = 3 * BOUND


async def touch(client: httpx.AsyncClient) -> dict[str, Any]:
    """A game created, a seat added, the game started, one seat command and one state read."""
    admin = {"Authorization": f"Bearer {ADMIN}"}
    body = {"ruleset": "test-bids", "name": "churn", "scenario": {"bidders": ["ann"]}}
    game = (await client.post("/v1/games", headers=admin, json=body)).json()
    gid, gm = game["game_id"], {"Authorization": f"Bearer {game['gm_token']}"}
    seat = (await client.post(f"/v1/games/{gid}/seats", headers=gm, json={"name": "a", "controls": "ann"})).json()
    ann = {"Authorization": f"Bearer {seat['token']}"}
    assert (await client.post(f"/v1/games/{gid}/commands", headers=gm, json={"type": "StartGame"})).status_code == 200
    bid = await client.post(f"/v1/games/{gid}/commands", headers=ann, json={"type": "PlaceBid", "amount": 1})
    assert bid.status_code == 200, bid.text
    assert (await client.get(f"/v1/games/{gid}/state", headers=ann)).status_code == 200
    return {"id": gid, "gm": gm, "ann": ann}


def sizes(services: Services) -> dict[str, int]:
    svc = services.service
    return {
        **svc.states.sizes(),
        "tokens": len(svc.tokens._cache),
        "secrets": len(svc.handler.secrets._cache),  # type: ignore[attr-defined]
        "order counts": len(svc.handler.order_counts),
        "stream heads": len(svc.states.store._heads),  # type: ignore[attr-defined]
        "local appends": len(svc.states.store.notifier._local),  # type: ignore[attr-defined]
    }


async def test_touching_many_games_once_keeps_every_cache_within_its_bound(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(projections.state, "_CACHE_SIZE", BOUND)
    monkeypatch.setattr(events.secrets, "CACHE_SIZE", BOUND)
    monkeypatch.setattr(server.auth, "CACHE_SIZE", BOUND)
    monkeypatch.setattr(events.postgres, "HEAD_CACHE_SIZE", BOUND)
    monkeypatch.setattr(events.notify, "LOCAL_SIZE", BOUND)
    captured: list[Services] = []
    app = create_app(make_settings(db_url, tmp_path), on_ready=captured.append)
    async with app.router.lifespan_context(app):
        (services,) = captured
        services.service.handler.order_counts = type(services.service.handler.order_counts)(BOUND)
        await services.service.tokens.listening.wait()  # the token cache is used only while LISTEN is on
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
            games = [await touch(client) for _ in range(GAMES)]
            grown = sizes(services)
            assert all(0 < n <= BOUND for n in grown.values()), grown
            # The first game was evicted from every cache: it still answers, read again from the store.
            first = games[0]
            again = await client.post(
                f"/v1/games/{first['id']}/commands", headers=first["ann"], json={"type": "PlaceBid", "amount": 2}
            )
            assert again.status_code == 200, again.text
            state = (await client.get(f"/v1/games/{first['id']}/state", headers=first["ann"])).json()
            assert state["version"] == again.json()["version"]
            unknown = await client.get("/v1/games/no-such-game/state", headers={"Authorization": f"Bearer {ADMIN}"})
            assert unknown.status_code == 404
            assert all(n <= BOUND for n in sizes(services).values())
