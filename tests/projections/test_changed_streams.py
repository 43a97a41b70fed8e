"""The read-model runner finds the games with new events in a queue of changed streams (migration 012): the append
statement queues its game, a catch-up applies and dequeues exactly those, stale rows go, and a queue longer than
one step is worked through to its end. (How much a catch-up costs with many idle games: bench/catch_up.py.)"""

from __future__ import annotations

import asyncpg
import msgspec
import pytest

from events.handler import Accepted, CommandHandler
from events.postgres import PostgresEventStore
from events.secrets import PostgresSecretStore
from projections import readmodels
from projections.readmodels import ReadModelRunner
from projections.snapshots import PostgresSnapshotStore
from projections.state import GameStates
from tests.projections.test_state_and_readmodels import GM, Clock
from tests.rulesets import sealed_bids


async def new_game(handler: CommandHandler) -> str:
    setup = msgspec.json.encode(sealed_bids.Setup(bidders=["ann", "bob"], points_to_win=100))
    game_id, _ = await handler.create_game(sealed_bids.ruleset, "queued", setup, b"{}", GM)
    assert isinstance(await handler.submit(game_id, b'{"type":"StartGame"}', GM), Accepted)
    return game_id


async def grant(handler: CommandHandler, game_id: str) -> None:
    body = msgspec.json.encode({"type": "GrantGold", "bidder": "ann", "amount": 1, "reason": "r"})
    assert isinstance(await handler.submit(game_id, body, GM), Accepted)


async def queued(pool: asyncpg.Pool) -> set[str]:
    return {r[0].removeprefix("game-") for r in await pool.fetch("SELECT DISTINCT stream_id FROM stream_changes")}


async def projected_versions(pool: asyncpg.Pool, store: PostgresEventStore, games: list[str]) -> None:
    for game_id in games:
        row = await pool.fetchval("SELECT version FROM rm_games WHERE game_id = $1", game_id)
        assert row == await store.stream_version(f"game-{game_id}")


@pytest.fixture
def handler(pool: asyncpg.Pool) -> CommandHandler:
    store = PostgresEventStore(pool)
    states = GameStates(store, PostgresSnapshotStore(pool))
    return CommandHandler(store, states, PostgresSecretStore(pool), clock=Clock())


async def test_a_catch_up_applies_and_dequeues_exactly_the_games_that_changed(
    pool: asyncpg.Pool, handler: CommandHandler
) -> None:
    store = PostgresEventStore(pool)
    runner = ReadModelRunner(store)
    games = [await new_game(handler) for _ in range(5)]
    assert await queued(pool) == set(games)
    await runner.catch_up()
    assert await queued(pool) == set()
    await projected_versions(pool, store, games)
    before = await store.stream_version(f"game-{games[2]}")
    await grant(handler, games[2])
    await grant(handler, games[2])
    assert await queued(pool) == {games[2]}  # the idle games are not in the queue
    # Only the changed game's new events are read.
    assert await runner.catch_up() == await store.stream_version(f"game-{games[2]}") - before
    assert await queued(pool) == set()
    await projected_versions(pool, store, games)


async def test_stale_rows_go_and_a_long_queue_is_worked_through(
    pool: asyncpg.Pool, handler: CommandHandler, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = PostgresEventStore(pool)
    runner = ReadModelRunner(store)
    monkeypatch.setattr(readmodels, "_GAMES", 2)  # two games per step: seven queued games take several
    games = [await new_game(handler) for _ in range(7)]
    await runner.catch_up()
    # Rows at versions already applied (as a rebuild's requeue or a replayed import can leave): they come first
    # in key order and read nothing, and the steps go on to the real changes behind them.
    for game_id in games[:4]:
        await pool.execute("INSERT INTO stream_changes VALUES ($1, 1)", f"game-{game_id}")
    for game_id in games[4:]:
        await grant(handler, game_id)
    assert await queued(pool) == set(games)
    await runner.catch_up()
    assert await queued(pool) == set()
    await projected_versions(pool, store, games)


async def test_a_rebuild_queues_every_game_again(pool: asyncpg.Pool, handler: CommandHandler) -> None:
    store = PostgresEventStore(pool)
    runner = ReadModelRunner(store)
    games = [await new_game(handler) for _ in range(3)]
    await runner.catch_up()
    rows = [tuple(r) for r in await pool.fetch("SELECT * FROM rm_games ORDER BY game_id")]
    await runner.rebuild()  # empties the read models: only the requeued heads bring the games back
    assert await queued(pool) == set()
    await projected_versions(pool, store, games)
    assert [tuple(r) for r in await pool.fetch("SELECT * FROM rm_games ORDER BY game_id")] == rows
