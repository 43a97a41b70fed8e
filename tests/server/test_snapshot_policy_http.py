"""The snapshot policy on a running server: a long game keeps a bounded number of snapshots (the newest few and
one per run of versions), and time travel over HTTP answers the same at every version as with no snapshot."""

from __future__ import annotations

from pathlib import Path

import httpx

from server.app import create_app
from server.bootstrap import Services
from tests.server.conftest import ADMIN, make_settings


async def test_a_long_game_keeps_few_snapshots_and_time_travel_is_unchanged(db_url: str, tmp_path: Path) -> None:
    settings = make_settings(db_url, tmp_path, snapshot_every=5, snapshots_kept=2, snapshot_spacing=20)
    captured: list[Services] = []
    app = create_app(settings, on_ready=captured.append)
    async with app.router.lifespan_context(app):
        (services,) = captured
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
            admin = {"Authorization": f"Bearer {ADMIN}"}
            body = {"ruleset": "test-bids", "name": "long", "scenario": {"bidders": ["ann"]}}
            game = (await client.post("/v1/games", headers=admin, json=body)).json()
            gid, gm = game["game_id"], {"Authorization": f"Bearer {game['gm_token']}"}
            commands = f"/v1/games/{gid}/commands"
            assert (await client.post(commands, headers=gm, json={"type": "StartGame"})).status_code == 200
            for i in range(60):
                grant = {"type": "GrantGold", "bidder": "ann", "amount": 1, "reason": f"r{i}"}
                note = grant if i % 4 else {"type": "AdvancePhase"}
                assert (await client.post(commands, headers=gm, json=note)).status_code == 200
            head = (await client.get(f"/v1/games/{gid}", headers=gm)).json()["version"]
            written = await services.pool.fetchval("SELECT count(*) FROM snapshots WHERE stream_id = $1", f"game-{gid}")
            assert 2 <= written <= 2 + head // 20 + 1, (written, head)

            async def every_version() -> list[object]:
                return [
                    (await client.get(f"/v1/games/{gid}/state", headers=gm, params={"at_version": v})).json()
                    for v in range(1, head + 1)
                ]

            pruned = await every_version()
            await services.pool.execute("TRUNCATE snapshots")
            services.service.states.forget()
            assert await every_version() == pruned
