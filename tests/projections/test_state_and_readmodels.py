"""Projections: point-in-time state from snapshots equals a full fold; read models rebuild to the same rows."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import asyncpg
import msgspec
import pytest

from domain.engine import Actor
from events.handler import Accepted, CommandHandler
from events.postgres import PostgresEventStore
from events.secrets import PostgresSecretStore
from projections.readmodels import ReadModelRunner
from projections.snapshots import InMemorySnapshotStore, PostgresSnapshotStore
from projections.state import GameStates, OutOfRange
from tests.rulesets import sealed_bids

GM = Actor(principal="gm", role="gm", token_id="gm-token")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


async def play_random_game(handler: CommandHandler, rng: random.Random, commands: int) -> str:
    """A long game of random but legal-looking commands (refusals included, they append nothing)."""
    setup = msgspec.json.encode(sealed_bids.Setup(bidders=["ann", "bob", "cid"], points_to_win=10_000))
    game_id, _ = await handler.create_game(sealed_bids.ruleset, "random", setup, b"{}", GM)
    seats = {}
    for name in ("ann", "bob", "cid"):
        from domain.engine.messages import AddSeat

        outcome = await handler.add_seat(
            game_id,
            AddSeat(seat_id=f"s-{name}", name=name, role="player", token_id=f"t-{name}", controls=name),
            GM,
        )
        assert isinstance(outcome, Accepted)
        seats[name] = Actor(
            principal=f"seat:{name}", role="player", seat_id=f"s-{name}", controls=name, token_id=f"t-{name}"
        )
    await handler.submit(game_id, b'{"type":"StartGame"}', GM)
    for i in range(commands):
        roll = rng.random()
        who = seats[rng.choice(list(seats))]
        if roll < 0.45:
            body = msgspec.json.encode({"type": "PlaceBid", "amount": rng.randint(0, 12)})
            await handler.submit(game_id, body, who)
        elif roll < 0.65:
            await handler.submit(game_id, msgspec.json.encode({"type": "WriteNote", "text": f"n{i}"}), who)
        elif roll < 0.75:
            body = msgspec.json.encode({"type": "GrantGold", "bidder": who.controls, "amount": 3, "reason": "r"})
            await handler.submit(game_id, body, GM)
        elif roll < 0.8:
            await handler.submit(
                game_id,
                msgspec.json.encode({"type": "EnterDice", "sides": 6, "results": [rng.randint(1, 6)]}),
                GM,
            )
        else:
            await handler.submit(game_id, b'{"type":"AdvancePhase"}', GM)
    return game_id


@pytest.fixture
def clock() -> Clock:
    return Clock()


async def test_snapshot_based_state_equals_a_full_fold_at_every_version(pool: asyncpg.Pool, clock: Clock) -> None:
    store = PostgresEventStore(pool)
    policy = {"snapshots_kept": 3, "snapshot_spacing": 40}
    states = GameStates(store, PostgresSnapshotStore(pool), snapshot_every=7, **policy)
    handler = CommandHandler(store, states, PostgresSecretStore(pool), clock=clock)
    game_id = await play_random_game(handler, random.Random(20261122), 300)
    head = await store.stream_version(f"game-{game_id}")
    assert head > 250
    snapshots = await pool.fetchval("SELECT count(*) FROM snapshots")
    # written every 7 events and at turn boundaries, pruned to the newest 3 and one per 40 versions
    assert 3 < snapshots <= 3 + head // 40 + 1
    reference = GameStates(store, InMemorySnapshotStore())  # no snapshots, no cache: plain folds
    events = await store.read_stream(f"game-{game_id}")
    full = None
    from domain.engine import game as engine
    from events.codec import codec_for

    codec = codec_for(sealed_bids.ruleset)
    for event in events:
        full = engine.evolve(sealed_bids.ruleset, full, codec.decode_event(event.type, event.data))
        cold = GameStates(store, PostgresSnapshotStore(pool), snapshot_every=7, **policy)  # snapshots, cold cache
        version, state, _ = await cold.state_at(game_id, version=event.stream_version)
        assert version == event.stream_version
        assert state == full, f"state_at({event.stream_version}) differs from the full fold"
    assert await reference.fold_from_scratch(game_id) == full
    _, latest, _ = await states.latest(game_id)
    assert latest == full


async def test_time_travel_by_turn_and_by_time(pool: asyncpg.Pool, clock: Clock) -> None:
    store = PostgresEventStore(pool)
    states = GameStates(store, PostgresSnapshotStore(pool))
    handler = CommandHandler(store, states, PostgresSecretStore(pool), clock=clock)
    game_id = await play_random_game(handler, random.Random(7), 60)
    events = await store.read_stream(f"game-{game_id}")
    turn2 = next(e for e in events if e.type == "PhaseStarted" and b'"turn":2' in e.data.replace(b" ", b""))
    version, state, _ = await states.state_at(game_id, turn=2)
    # The turn as its players first saw it: its first phase open.
    assert version == turn2.stream_version and (state.meta.turn, state.meta.phase) == (2, "bidding")
    middle = events[len(events) // 2]
    version, _, _ = await states.state_at(game_id, time=middle.meta().recorded_at)
    assert version == middle.stream_version
    with pytest.raises(OutOfRange):
        await states.state_at(game_id, turn=10_000)
    with pytest.raises(OutOfRange):
        await states.state_at(game_id, version=len(events) + 1)


async def test_read_models_rebuilt_from_zero_equal_the_incremental_rows(pool: asyncpg.Pool, clock: Clock) -> None:
    store = PostgresEventStore(pool)
    states = GameStates(store, PostgresSnapshotStore(pool))
    handler = CommandHandler(store, states, PostgresSecretStore(pool), clock=clock)
    runner = ReadModelRunner(store)
    rng = random.Random(3)
    for _ in range(3):
        await play_random_game(handler, rng, 40)
        await runner.catch_up()  # incremental, batch by batch
    tables = ("rm_games", "rm_seats", "rm_turns")

    async def rows() -> dict[str, list[tuple[object, ...]]]:
        return {t: [tuple(r) for r in await pool.fetch(f"SELECT * FROM {t} ORDER BY 1, 2")] for t in tables}

    incremental = await rows()
    assert len(incremental["rm_games"]) == 3 and incremental["rm_turns"]
    await runner.rebuild()
    assert await rows() == incremental


async def test_read_model_games_match_the_folded_state(pool: asyncpg.Pool, clock: Clock) -> None:
    store = PostgresEventStore(pool)
    states = GameStates(store, PostgresSnapshotStore(pool))
    handler = CommandHandler(store, states, PostgresSecretStore(pool), clock=clock)
    game_id = await play_random_game(handler, random.Random(11), 50)
    await ReadModelRunner(store).catch_up()
    row = await pool.fetchrow(
        "SELECT status, turn, phase, seat_count, version FROM rm_games WHERE game_id = $1", game_id
    )
    version, state, _ = await states.latest(game_id)
    assert tuple(row) == (
        state.meta.status,
        state.meta.turn,
        state.meta.phase,
        len(state.meta.seats),
        version,
    )


async def test_a_cache_in_another_process_catches_up_when_notified(
    pool: asyncpg.Pool, db_url: str, clock: Clock
) -> None:
    """Two API processes: B cached a game; A appends; B's next read (no explicit refresh) sees A's events."""
    import asyncio

    store_a, store_b = PostgresEventStore(pool), PostgresEventStore(pool)
    states_a, states_b = (
        GameStates(store_a, PostgresSnapshotStore(pool)),
        GameStates(store_b, PostgresSnapshotStore(pool)),
    )
    handler_a = CommandHandler(store_a, states_a, PostgresSecretStore(pool), clock=clock)
    listening = asyncio.create_task(store_b.listen(db_url))
    publishing = asyncio.create_task(store_a.publish(db_url))
    try:
        game_id = await play_random_game(handler_a, random.Random(5), 5)
        await asyncio.wait_for(store_b.listening.wait(), 10)
        before, _, _ = await states_b.latest(game_id)
        await handler_a.submit(game_id, b'{"type":"EndGame","reason":"done"}', GM)
        # Earlier announcements may still be in flight: wait (bounded) for the one that brings B up to date.
        async with asyncio.timeout(10):
            while (await states_b.latest(game_id))[0] == before:
                await store_b.notifier.wait(f"game-{game_id}", 1)
        after, state, _ = await states_b.latest(game_id)
        assert after == before + 1 and state.meta.status == "ended"
    finally:
        listening.cancel()
        publishing.cancel()
        await asyncio.gather(listening, publishing, return_exceptions=True)


async def test_a_lost_announcement_only_delays_a_cache_by_its_staleness_bound(pool: asyncpg.Pool, clock: Clock) -> None:
    """No NOTIFY at all (none is published here): B still sees A's append once `max_staleness` has passed."""
    import asyncio

    store_a, store_b = PostgresEventStore(pool), PostgresEventStore(pool)
    handler_a = CommandHandler(
        store_a, GameStates(store_a, PostgresSnapshotStore(pool)), PostgresSecretStore(pool), clock=clock
    )
    states_b = GameStates(store_b, PostgresSnapshotStore(pool), max_staleness=0.2)
    game_id = await play_random_game(handler_a, random.Random(9), 3)
    before, _, _ = await states_b.latest(game_id)
    await handler_a.submit(game_id, b'{"type":"EndGame","reason":"done"}', GM)
    assert (await states_b.latest(game_id))[0] == before  # within the bound: the cache answers
    await asyncio.sleep(0.3)
    assert (await states_b.latest(game_id))[0] == before + 1


async def test_own_appends_do_not_make_the_cache_refresh(pool: asyncpg.Pool, db_url: str, clock: Clock) -> None:
    """This process's own announcements come back through LISTEN; they must not count as someone else's."""
    import asyncio

    store = PostgresEventStore(pool)
    states = GameStates(store, PostgresSnapshotStore(pool), max_staleness=3600)
    handler = CommandHandler(store, states, PostgresSecretStore(pool), clock=clock)
    tasks = [asyncio.create_task(store.listen(db_url)), asyncio.create_task(store.publish(db_url))]
    try:
        await asyncio.wait_for(store.listening.wait(), 10)
        game_id = await play_random_game(handler, random.Random(2), 3)
        reads = 0
        original = store.read_data

        async def counting(*args: object, **kwargs: object) -> object:
            nonlocal reads
            reads += 1
            return await original(*args, **kwargs)  # type: ignore[arg-type]

        store.read_data = counting  # type: ignore[method-assign]
        for i in range(20):
            await handler.submit(
                game_id,
                msgspec.json.encode({"type": "WriteNote", "text": str(i)}),
                Actor(principal="s", role="player", seat_id="s-ann", controls="ann"),
            )
            await asyncio.sleep(0.01)  # let our own NOTIFY come back
        assert reads == 0
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
