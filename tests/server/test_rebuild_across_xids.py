"""Read models never skip events when transaction ids change digit count (9 999 -> 10 000, ...).

`tx_id` is an xid8 that asyncpg reads as text; sorting by that text put "10000" before "9999", so a rebuild
applied events out of order, moved its checkpoint backwards and lost games, turns and timers. Here games are
played on both sides of the next power of ten of the transaction counter, then the read models kept
incrementally, the read models rebuilt from zero (`pantheon projections rebuild` does `runner.rebuild`) and a full
fold of every game must all agree, and every game and turn must be served over HTTP.
"""

from __future__ import annotations

from typing import Any

import asyncpg

from tests.server.conftest import Api

_TABLES = ("rm_games", "rm_seats", "rm_turns", "rm_timers")


async def current_xid(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT pg_current_xact_id()::text"))
    finally:
        await conn.close()


async def burn_xids_to(url: str, target: int) -> None:
    """Commit empty transactions (each takes a transaction id) until the counter reaches `target`."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("SET synchronous_commit = off")
        while (left := target - int(await conn.fetchval("SELECT pg_current_xact_id()::text"))) > 0:
            await conn.execute("BEGIN; SELECT pg_current_xact_id(); COMMIT;" * min(left, 5000))
    finally:
        await conn.close()


async def play(api: Api) -> dict[str, Any]:
    """A game with two seats, started, a timer pending, one turn closed and the next one open."""
    game, ann, bob = await api.started_game()
    gm = game["gm_token"]
    for token, amount in ((ann, 3), (bob, 2)):
        assert (await api.command(game, token, {"type": "PlaceBid", "amount": amount})).status_code == 200
    hourglass = {"type": "StartHourglass", "timer_id": "sand", "minutes": 30}
    assert (await api.command(game, gm, hourglass)).status_code == 200
    for _ in range(2):
        assert (await api.command(game, gm, {"type": "AdvancePhase"})).status_code == 200
    return game


async def rows(pool: asyncpg.Pool) -> dict[str, list[tuple[object, ...]]]:
    return {t: [tuple(r) for r in await pool.fetch(f"SELECT * FROM {t} ORDER BY 1, 2")] for t in _TABLES}


async def test_rebuild_and_catch_up_across_a_digit_boundary_of_transaction_ids_equal_a_full_fold(
    api: Api, db_url: str
) -> None:
    services = api.services
    before = [await play(api) for _ in range(3)]
    assert (await api.get("/v1/games", "test-admin-token")).status_code == 200  # the runner's checkpoint moves
    boundary = 10 ** len(str(await current_xid(db_url)))
    await burn_xids_to(db_url, boundary)
    after = [await play(api) for _ in range(3)]
    for game in before:  # old games go on past the boundary too
        assert (await api.command(game, game["gm_token"], {"type": "AdvancePhase"})).status_code == 200
    tx_ids = [int(r[0]) for r in await services.pool.fetch("SELECT DISTINCT tx_id::text FROM events")]
    assert min(tx_ids) < boundary <= max(tx_ids), (min(tx_ids), boundary, max(tx_ids))

    games = before + after
    listed = (await api.get("/v1/games", "test-admin-token", limit=100)).json()["games"]
    assert sorted(g["game_id"] for g in listed) == sorted(g["game_id"] for g in games)
    incremental = await rows(services.pool)

    await services.runner.rebuild()
    rebuilt = await rows(services.pool)
    assert rebuilt == incremental
    assert len(rebuilt["rm_games"]) == 6 and len(rebuilt["rm_timers"]) == 6

    listed = (await api.get("/v1/games", "test-admin-token", limit=100)).json()["games"]
    assert sorted(g["game_id"] for g in listed) == sorted(g["game_id"] for g in games)
    for game in games:
        state = await services.service.states.fold_from_scratch(game["game_id"])
        version = await services.store.stream_version(f"game-{game['game_id']}")
        row = await services.pool.fetchrow(
            "SELECT status, turn, phase, deadline, seat_count, version FROM rm_games WHERE game_id = $1",
            game["game_id"],
        )
        meta = state.meta
        assert tuple(row) == (meta.status, meta.turn, meta.phase, meta.deadline, len(meta.seats), version)
        timers = await services.pool.fetch("SELECT timer_id, fire_at FROM rm_timers WHERE game_id = $1", meta.game_id)
        assert [tuple(t) for t in timers] == [(k, t.fire_at) for k, t in meta.timers.items()]
        assert list(meta.timers) == ["sand"]
        for turn in range(1, meta.turn + 1):
            report = await api.get(f"/v1/games/{game['game_id']}/turns/{turn}", game["gm_token"])
            assert report.status_code == 200, report.text
