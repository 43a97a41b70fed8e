"""HTTP fixtures: the real app (lifespan included) on a fresh database, driven by httpx."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.app import create_app
from server.bootstrap import Services
from server.cli import listen
from server.settings import Settings

ADMIN = "test-admin-token"


@dataclass
class Api:
    client: httpx.AsyncClient
    services: Services

    def auth(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    async def create_game(self, bidders: list[str] | None = None, **extra: Any) -> dict[str, Any]:
        body = {
            "ruleset": "test-bids",
            "name": "Test game",
            "scenario": {"bidders": bidders or ["ann", "bob"], **extra},
        }
        response = await self.client.post("/v1/games", json=body, headers=self.auth(ADMIN))
        assert response.status_code == 201, response.text
        return response.json()  # type: ignore[no-any-return]

    async def add_seat(self, game: dict[str, Any], controls: str | None, role: str = "player") -> dict[str, Any]:
        response = await self.client.post(
            f"/v1/games/{game['game_id']}/seats",
            json={"name": controls or role, "role": role, "controls": controls},
            headers=self.auth(game["gm_token"]),
        )
        assert response.status_code == 201, response.text
        return response.json()  # type: ignore[no-any-return]

    async def command(self, game: dict[str, Any], token: str, body: dict[str, Any], **headers: str) -> httpx.Response:
        return await self.client.post(
            f"/v1/games/{game['game_id']}/commands", json=body, headers={**self.auth(token), **headers}
        )

    async def get(self, path: str, token: str, **params: Any) -> httpx.Response:
        return await self.client.get(path, headers=self.auth(token), params=params)

    async def started_game(self) -> tuple[dict[str, Any], str, str]:
        """A running game with seats for ann and bob; returns (game, ann's token, bob's token)."""
        game = await self.create_game()
        ann = await self.add_seat(game, "ann")
        bob = await self.add_seat(game, "bob")
        response = await self.command(game, game["gm_token"], {"type": "StartGame"})
        assert response.status_code == 200, response.text
        return game, ann["token"], bob["token"]


def make_settings(db_url: str, tmp_path: Path, **overrides: Any) -> Settings:
    # Tests only ever deliver webhooks to loopback, whatever URL a generated request registers.
    overrides.setdefault("webhook_allowed_hosts", frozenset({"127.0.0.1"}))
    return Settings(data_dir=tmp_path, database_url=db_url, admin_token=ADMIN, **overrides)


@pytest.fixture
async def api(db_url: str, tmp_path: Path) -> AsyncIterator[Api]:
    captured: list[Services] = []
    app = create_app(make_settings(db_url, tmp_path), on_ready=captured.append)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            yield Api(client=client, services=captured[0])


@dataclass
class LiveServer:
    base_url: str
    services: Services


@contextlib.asynccontextmanager
async def serve_app(db_url: str, tmp_path: Path, **settings: Any) -> AsyncIterator[LiveServer]:
    """The app (with `settings` over the test defaults) on a real uvicorn, free loopback port, in this process."""
    import asyncio

    import uvicorn

    captured: list[Services] = []
    app = create_app(make_settings(db_url, tmp_path, **settings), on_ready=captured.append)
    sock = listen("127.0.0.1", 0)  # as `pantheon serve` makes it (TCP_NODELAY on its connections)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    try:
        yield LiveServer(base_url=f"http://127.0.0.1:{port}", services=captured[0])
    finally:
        server.should_exit = True
        await task
        sock.close()


@pytest.fixture
async def live_server(db_url: str, tmp_path: Path) -> AsyncIterator[LiveServer]:
    """The app served by a real uvicorn on a free loopback port, in this process."""
    async with serve_app(db_url, tmp_path) as live:
        yield live
