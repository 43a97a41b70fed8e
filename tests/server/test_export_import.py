"""`GET /v1/games/{id}/export` and `pantheon import FILE`: a long game, rollback included, rebuilt in another
database with identical events and hashes and the same state at every version and every turn; a tampered file
is refused with a clear message and writes nothing."""

from __future__ import annotations

import asyncio
import hashlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from events.codec import codec_for
from projections.snapshots import PostgresSnapshotStore
from projections.state import GameStates
from server.app import create_app
from server.cli import main
from server.database import create_pool
from tests.conftest import fresh_database
from tests.rulesets import sealed_bids
from tests.server.conftest import Api, make_settings

TURNS = 12


async def long_game(api: Api) -> dict[str, Any]:
    """Twelve turns of sealed bids: ties broken by server dice, GM dice, rulings, automatic reveals, a rollback."""
    game = await api.create_game(points_to_win=100)
    ann = (await api.add_seat(game, "ann"))["token"]
    bob = (await api.add_seat(game, "bob"))["token"]
    gm = game["gm_token"]

    async def ok(token: str, body: dict[str, Any]) -> None:
        response = await api.command(game, token, body)
        assert response.status_code == 200, response.text

    await ok(gm, {"type": "StartGame"})
    await ok(gm, {"type": "SetDiceReveal", "mode": "turn_end"})
    for turn in range(1, TURNS + 1):
        if turn == 4:
            await ok(gm, {"type": "EnterDice", "sides": 6, "results": [1], "purpose": "tie-break:ann"})
        if turn == 6:
            await ok(gm, {"type": "GrantGold", "bidder": "bob", "amount": 5, "reason": "lost mail"})
        await ok(ann, {"type": "PlaceBid", "amount": turn % 3})
        await ok(bob, {"type": "PlaceBid", "amount": (turn * 2) % 3})
        await ok(bob, {"type": "WriteNote", "text": f"turn {turn}"})
        await ok(gm, {"type": "AdvancePhase"})
        await ok(gm, {"type": "AdvancePhase"})
        if turn == 8:
            response = await api.client.post(
                f"/v1/games/{game['game_id']}/rollback",
                json={"to_turn_start": 7, "reason": "turn 7 replayed"},
                headers=api.auth(gm),
            )
            assert response.status_code == 200, response.text
    return game


async def state_hashes(url: str, game_id: str, head: int) -> tuple[dict[int, str], dict[int, str]]:
    """sha256 of the encoded state at every version up to `head` and at the start of every turn (`state_at`)."""
    pool = await create_pool(url, min_size=1, max_size=4)
    try:
        from events.postgres import PostgresEventStore

        states = GameStates(PostgresEventStore(pool), PostgresSnapshotStore(pool), snapshot_every=7)
        codec = codec_for(sealed_bids.ruleset)
        _, latest, _ = await states.latest(game_id)
        by_version = {}
        for version in range(1, head + 1):
            _, state, _ = await states.state_at(game_id, version=version)
            by_version[version] = hashlib.sha256(codec.encode_state(state)).hexdigest()
        by_turn = {}
        assert latest.meta.turn == TURNS - 1  # turns 7 and 8 were undone and turn 7 replayed
        for turn in range(1, latest.meta.turn + 1):
            at, state, _ = await states.state_at(game_id, turn=turn)
            by_turn[turn] = f"{at}:{hashlib.sha256(codec.encode_state(state)).hexdigest()}"
        return by_version, by_turn
    finally:
        await pool.close()


async def rows(url: str, game_id: str) -> list[tuple[Any, ...]]:
    pool = await create_pool(url, min_size=1, max_size=2)
    try:
        found = await pool.fetch(
            "SELECT stream_version, type, data, metadata, recorded_at, prev_hash, hash FROM events "
            "WHERE stream_id = $1 ORDER BY stream_version",
            f"game-{game_id}",
        )
        return [tuple(r) for r in found]
    finally:
        await pool.close()


async def run_cli(monkeypatch: pytest.MonkeyPatch, url: str, *argv: str) -> int:
    """`pantheon ...` against another database, on a thread (the command runs its own event loop)."""
    monkeypatch.setenv("PANTHEON_DATABASE_URL", url)
    monkeypatch.setenv("PANTHEON_ADMIN_TOKEN", "other-admin-token")
    return await asyncio.to_thread(main, list(argv))


async def test_an_exported_game_imports_elsewhere_identical_at_every_version_and_turn(
    api: Api, pg_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = await long_game(api)
    gid = game["game_id"]
    response = await api.get(f"/v1/games/{gid}/export", game["gm_token"])
    assert response.status_code == 200
    exported = tmp_path / "game.jsonl"
    exported.write_text(response.text)
    lines = [json.loads(line) for line in response.text.splitlines()]
    revealed = [e for e in lines[-2]["epochs"] if e["seed"] is not None]
    assert len(revealed) >= TURNS - 1 and lines[-2]["epochs"][-1]["seed"] is None  # never the live seed
    assert main(["verify-dice", str(exported)]) == 0
    capsys.readouterr()

    async with fresh_database(pg_server) as other:
        # A tampered file is refused before anything is written.
        tampered = [json.loads(line) for line in response.text.splitlines()]
        note = next(x for x in tampered if x["kind"] == "event" and x["type"] == "NoteWritten")
        note["data"]["text"] = "something bob never wrote"
        forged = tmp_path / "forged.jsonl"
        forged.write_text("".join(json.dumps(x) + "\n" for x in tampered))
        assert await run_cli(monkeypatch, other, "import", str(forged)) == 1
        err = capsys.readouterr().err
        assert "import refused" in err and f"hash chain: broken at version {note['version']}" in err
        truncated = tmp_path / "truncated.jsonl"
        truncated.write_text("\n".join(response.text.splitlines()[:-5]) + "\n")
        assert await run_cli(monkeypatch, other, "import", str(truncated)) == 1
        assert "end line: missing" in capsys.readouterr().err
        assert await rows(other, gid) == []

        assert await run_cli(monkeypatch, other, "import", "--new-dice-epoch", str(exported)) == 0
        out = capsys.readouterr().out
        assert f"imported game {gid}" in out
        token = out.split("GM token for this database (shown once): ")[1].split()[0]
        seat_tokens = {
            line.split("(")[1].split(",")[0]: line.split()[-1] for line in out.splitlines() if line.startswith("seat ")
        }
        assert set(seat_tokens) == {"ann", "bob"}

        # Identical events: versions, data, metadata, times and hashes; then the new dice epoch held here.
        source, imported = await rows(api.services.url, gid), await rows(other, gid)
        assert imported[: len(source)] == source
        assert [r[1] for r in imported[len(source) :]] == ["DiceEpochStarted"]
        # The same state at every version and at the start of every turn (the rollback included).
        assert await state_hashes(other, gid, len(source)) == await state_hashes(api.services.url, gid, len(source))

        # The new epoch's commitment is published; the origin's last epoch stays unrevealed (its seed is not here).
        new_epoch = json.loads(imported[-1][2])
        assert new_epoch["epoch"] == len(lines[-2]["epochs"]) and "started dice epoch" in out
        # A second import of the same game is refused.
        assert await run_cli(monkeypatch, other, "import", str(exported)) == 1
        assert "already exists" in capsys.readouterr().err

        # The imported game is served there, to its new GM token, as it is served here.
        app = create_app(make_settings(other, tmp_path / "other"))
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://other") as client:
                there = await client.get(f"/v1/games/{gid}/state", headers={"Authorization": f"Bearer {token}"})
                integrity = await client.get(f"/v1/games/{gid}/integrity", headers={"Authorization": f"Bearer {token}"})
                # The game goes on there: a tie is broken with server dice of the new epoch.
                for bidder in ("ann", "bob"):
                    bid = await client.post(
                        f"/v1/games/{gid}/commands",
                        json={"type": "PlaceBid", "amount": 0},
                        headers={"Authorization": f"Bearer {seat_tokens[bidder]}"},
                    )
                    assert bid.status_code == 200, bid.text
                closed = await client.post(
                    f"/v1/games/{gid}/commands",
                    json={"type": "AdvancePhase"},
                    headers={"Authorization": f"Bearer {token}"},
                )
                assert closed.status_code == 200, closed.text
                rolled = [e["data"] for e in closed.json()["events"] if e["type"] == "DiceRolled"]
        here = await api.get(f"/v1/games/{gid}/state", game["gm_token"])
        there_state, here_state = there.json(), here.json()
        assert there.status_code == 200 and there_state["view"] == here_state["view"]
        assert there_state["version"] == here_state["version"] + 1  # the new epoch
        assert there_state["game"]["dice_epoch"] == new_epoch["epoch"]
        assert integrity.json()["ok"] is True
        assert rolled and all(r["source"] == "server" and r["epoch"] == new_epoch["epoch"] for r in rolled)
