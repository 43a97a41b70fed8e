"""Read models never skip events: kept incrementally, rebuilt from zero and folded in full, they agree.

The runner once ordered events across games by transaction id, read as text ("10000" before "9999"), and lost
games, turns and timers at a digit boundary; it now follows each game by its own versions (migration 011), so
transaction ids no longer matter, and the first test keeps playing across such a boundary to prove it. The second
commits events out of order: an append to one game is held in flight (its head row locked) while another game
commits and the runner catches up, and a second command to the same game queues behind the first. A runner that
ordered or checkpointed across games (by transaction id or `global_position`) would skip the late event.
"""

from __future__ import annotations

import asyncio
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

    await assert_rows_match_a_full_fold(api, games)


async def assert_rows_match_a_full_fold(api: Api, games: list[dict[str, Any]]) -> None:
    services = api.services
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
        for turn in range(1, meta.turn + 1):
            report = await api.get(f"/v1/games/{game['game_id']}/turns/{turn}", game["gm_token"])
            assert report.status_code == 200, report.text


async def waiting_on_a_lock(pool: asyncpg.Pool, count: int) -> None:
    for _ in range(1000):
        waiting = await pool.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        if waiting >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{count} transaction(s) never waited on the held head row")


async def test_events_committed_out_of_order_on_different_games_and_the_same_game_are_never_missed(
    api: Api, db_url: str
) -> None:
    services = api.services
    late, early = await play(api), await play(api)
    await services.runner.catch_up()
    stream = f"game-{late['game_id']}"
    before = await services.store.stream_version(stream)
    holder = await asyncpg.connect(db_url)
    try:
        held = holder.transaction()
        await held.start()
        await holder.execute("SELECT 1 FROM stream_heads WHERE stream_id = $1 FOR UPDATE", stream)
        # The append inserts its events (taking a transaction id and a global position), then waits on the head.
        first = asyncio.create_task(api.command(late, late["gm_token"], {"type": "AdvancePhase"}))
        await waiting_on_a_lock(services.pool, 1)
        # The same game: a second command queues behind the first (its version is taken by the one in flight).
        second = asyncio.create_task(
            api.command(late, late["gm_token"], {"type": "StartHourglass", "timer_id": "b", "minutes": 5})
        )
        # Another game commits after it, with a later transaction id and global position, and is projected.
        assert (await api.command(early, early["gm_token"], {"type": "AdvancePhase"})).status_code == 200
        await services.runner.catch_up()
        projected = await services.pool.fetchval("SELECT version FROM rm_games WHERE game_id = $1", late["game_id"])
        assert projected == before and not first.done()
        early_head = await services.store.stream_version(f"game-{early['game_id']}")
        assert (
            await services.pool.fetchval("SELECT version FROM rm_games WHERE game_id = $1", early["game_id"])
            == early_head
        )
        await held.rollback()
    finally:
        await holder.close()
    assert (await first).status_code == 200
    assert (await second).status_code in (200, 409)
    assert await services.store.stream_version(stream) > before
    await services.runner.catch_up()
    await assert_rows_match_a_full_fold(api, [late, early])
    incremental = await rows(services.pool)
    await services.runner.rebuild()
    assert await rows(services.pool) == incremental
