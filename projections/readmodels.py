"""Read models (games, seats, turns, and the scheduler's pending timers) written by a runner that stores its
checkpoints in the same transaction.

Each game is followed in its own order only (README, Citus): the runner keeps a checkpoint per game stream
(`projection_checkpoints`: the last `stream_version` applied), finds the games with new events in a queue of
changed streams (`stream_changes`, migration 012, written by the append statement itself), reads each one's new
events by version, applies them to the `rm_*` tables, moves those checkpoints and takes what it applied off the
queue, all in one transaction. Nothing orders events across games (transaction ids and `global_position` are one
node's order on Citus; tests/server/test_citus_schema.py checks that no job's SQL uses them). A game's versions
commit in order and its queue row commits with them, so a queued version that is visible has every event up to it
visible: an event committed late, by a concurrent transaction on another game or on the same one, is never
skipped (tests/server/test_rebuild_across_xids.py).

A catch-up reads only the queue: its cost grows with the games that changed since the last one, not with the
number of games (`bench/catch_up.py`). Several processes may run the runner: a transaction-scoped advisory lock
makes one of them the writer at a time. `rebuild` empties the tables and the checkpoints, queues every game's head
and replays from zero, which must give the same rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.engine.messages import (
    DeadlineChanged,
    GameCreated,
    GameEnded,
    GameForked,
    GamePaused,
    GameResumed,
    GameStarted,
    LateOrdersAccepted,
    PhaseStarted,
    SeatAdded,
    SeatReassigned,
    TimelineReverted,
    TimerCancelled,
    TimerFired,
    TimerScheduled,
    TurnEnded,
    TurnStarted,
)
from domain.engine.state import GameMeta
from events.postgres import PostgresEventStore
from events.store import RecordedEvent

NAME = "core"
_LOCK_KEY = 0x70726F6A  # "proj"
_BATCH = 500  # events per transaction, about
_GAMES = 200  # games looked at per transaction
# The game streams with new events (queued by the append statement, migration 012), each with its newest queued
# version; then those streams' checkpoints, by key. Two statements rather than a join: a join lets the planner
# pick a scan of every checkpoint when its estimate of the queue is off (an empty queue's statistics).
_CHANGED = "SELECT stream_id, max(version) FROM stream_changes GROUP BY stream_id LIMIT $1"
_DONE = "SELECT stream_id, version FROM projection_checkpoints WHERE stream_id = ANY($1::text[]) AND name = $2"
_APPLIED = "DELETE FROM stream_changes WHERE stream_id = $1 AND version <= $2"
# After a rebuild every game is behind: its head goes back in the queue.
_REQUEUE = """
INSERT INTO stream_changes (stream_id, version) SELECT stream_id, version FROM stream_heads
WHERE stream_id LIKE 'game-%' ON CONFLICT DO NOTHING
"""
_CHECKPOINT = """
INSERT INTO projection_checkpoints (stream_id, name, version) VALUES ($1, $2, $3)
ON CONFLICT (stream_id, name) DO UPDATE SET version = EXCLUDED.version, updated_at = now()
"""
# Every event moves its game's version: one update per game per step.
_MOVED = "UPDATE rm_games SET version = $2, updated_at = $3 WHERE game_id = $1"
_TABLES = ("rm_games", "rm_seats", "rm_turns", "rm_timers")
_TRACKED = (
    GameCreated,
    GameForked,
    SeatAdded,
    SeatReassigned,
    GameStarted,
    TurnStarted,
    PhaseStarted,
    TurnEnded,
    DeadlineChanged,
    GameEnded,
    TimelineReverted,
    GamePaused,
    GameResumed,
    LateOrdersAccepted,
    TimerScheduled,
    TimerCancelled,
    TimerFired,
)
_decoder = msgspec.json.Decoder(
    GameCreated
    | GameForked
    | SeatAdded
    | SeatReassigned
    | GameStarted
    | TurnStarted
    | PhaseStarted
    | TurnEnded
    | DeadlineChanged
    | GameEnded
    | TimelineReverted
    | GamePaused
    | GameResumed
    | LateOrdersAccepted
    | TimerScheduled
    | TimerCancelled
    | TimerFired
)


class _ForkHead(msgspec.Struct):
    meta: GameMeta


_fork_head = msgspec.json.Decoder(_ForkHead)
_TRACKED_TAGS = frozenset(t.__struct_config__.tag for t in _TRACKED)


class ReadModelRunner:
    def __init__(self, store: PostgresEventStore) -> None:
        self.store = store
        self.pool = store.pool

    async def catch_up(self, *, wait_for_lock: bool = True, progress: Callable[[int], None] | None = None) -> int:
        """Apply everything new; returns how many events were read. Without the lock and not waiting: 0."""
        total = 0
        while True:
            async with self.pool.acquire() as conn, conn.transaction():
                if wait_for_lock:
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY)
                elif not await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", _LOCK_KEY):
                    return total
                changed, read = await self._step(conn)
            if not changed:
                return total
            total += read
            if progress is not None and read:
                progress(total)

    async def _step(self, conn: Any) -> tuple[int, int]:
        """One transaction's worth: the new events of up to `_GAMES` changed games, about `_BATCH` events.
        Returns how many queued games it took off the queue (or moved on) and how many events it read.

        Each game's version, checkpoint and queue rows are written for all the step's games at once at the end
        (`executemany`, one round trip per statement: a statement per game each was most of a busy server's
        read-model work), still each its own statement by key, in the same transaction."""
        taken = read = 0
        changed = await conn.fetch(_CHANGED, _GAMES)
        applied = dict(await conn.fetch(_DONE, [r[0] for r in changed], NAME)) if changed else {}
        moved: list[tuple[str, int, Any]] = []  # (game id, version, its time): rm_games
        checkpoints: list[tuple[str, str, int]] = []
        dequeued: list[tuple[str, int]] = []
        for stream_id, head in changed:
            taken += 1
            done = applied.get(stream_id, 0)
            if head > done:
                events = await self.store.read_stream(stream_id, after_version=done, to_version=head, limit=_BATCH)
                if events:
                    game_id = stream_id.removeprefix("game-")
                    await self._apply_events(conn, game_id, events)
                    last = events[-1]
                    moved.append((game_id, last.stream_version, last.meta().recorded_at))
                    checkpoints.append((stream_id, NAME, last.stream_version))
                    done = last.stream_version
                    read += len(events)
                else:  # nothing there to read (cannot happen: the queue row commits with the events)
                    done = head
            # What is applied leaves the queue; a newer append's row (committed since) stays for the next step.
            dequeued.append((stream_id, done))
            if read >= _BATCH:
                break
        if moved:
            await conn.executemany(_MOVED, moved)
            await conn.executemany(_CHECKPOINT, checkpoints)
        if dequeued:
            await conn.executemany(_APPLIED, dequeued)
        return taken, read

    async def _apply_batch(self, conn: Any, stream_id: str, events: list[RecordedEvent]) -> None:
        """One game's new events, with its version and checkpoint (what `_step` does for each game)."""
        game_id = stream_id.removeprefix("game-")
        await self._apply_events(conn, game_id, events)
        last = events[-1]
        await conn.execute(_MOVED, game_id, last.stream_version, last.meta().recorded_at)
        await conn.execute(_CHECKPOINT, stream_id, NAME, last.stream_version)

    async def _apply_events(self, conn: Any, game_id: str, events: list[RecordedEvent]) -> None:
        for event in events:
            if event.type in _TRACKED_TAGS:
                await self._apply(conn, game_id, event)

    async def rebuild(self, progress: Callable[[int], None] | None = None) -> int:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY)
            await conn.execute(f"TRUNCATE {', '.join(_TABLES)}")
            await conn.execute("DELETE FROM projection_checkpoints WHERE name = $1", NAME)
            await conn.execute(_REQUEUE)
        return await self.catch_up(progress=progress)

    async def _replay_game(self, conn: Any, game_id: str, upto: int, to_version: int) -> None:
        """After the rollback at `upto` to `to_version`: the game's rows again, from its current timeline."""
        for table in _TABLES:
            await conn.execute(f"DELETE FROM {table} WHERE game_id = $1", game_id)
        timeline: list[RecordedEvent] = []
        for event in await self.store.read_stream(f"game-{game_id}", to_version=upto - 1):
            if event.type == "TimelineReverted":
                # An earlier rollback: its own target (not this one's, `to_version`) trims the timeline so far.
                earlier = _decoder.decode(event.data).to_version
                timeline = [e for e in timeline if e.stream_version <= earlier]
            timeline.append(event)
        timeline = [e for e in timeline if e.stream_version <= to_version]
        for event in timeline:
            if event.type in _TRACKED_TAGS:
                await self._apply(conn, game_id, event)
        if timeline:
            await conn.execute("UPDATE rm_games SET version = $2 WHERE game_id = $1", game_id, upto)

    async def _forked(self, conn: Any, game_id: str, data: GameForked, version: int) -> None:
        """A fork starts where its source was: its game row, seats and current turn."""
        meta = _fork_head.decode(data.state).meta
        await conn.execute(
            "INSERT INTO rm_games (game_id, name, ruleset_id, ruleset_version, gm, status, turn, phase, "
            "deadline, seat_count, version, created_at, updated_at) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) ON CONFLICT DO NOTHING",
            game_id,
            data.name,
            data.ruleset_id,
            data.ruleset_version,
            data.gm,
            meta.status,
            meta.turn,
            meta.phase,
            meta.deadline,
            len(meta.seats),
            version,
            data.created_at,
        )
        await conn.executemany(
            "INSERT INTO rm_seats (game_id, seat_id, name, role, controls, added_version) "
            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            [(game_id, s.seat_id, s.name, s.role, s.controls, version) for s in meta.seats.values()],
        )
        if meta.turn >= 1:
            await conn.execute(
                "INSERT INTO rm_turns (game_id, turn, started_version, started_at) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT DO NOTHING",
                game_id,
                meta.turn,
                version,
                data.created_at,
            )

    async def _apply(self, conn: Any, game_id: str, event: RecordedEvent) -> None:
        at = event.meta().recorded_at
        version = event.stream_version
        data: Any = _decoder.decode(event.data)
        match data:
            case TimelineReverted():
                await self._replay_game(conn, game_id, version, data.to_version)
            case GameForked():
                await self._forked(conn, game_id, data, version)
            case GameCreated():
                await conn.execute(
                    "INSERT INTO rm_games (game_id, name, ruleset_id, ruleset_version, gm, status, turn, phase, "
                    "deadline, seat_count, version, created_at, updated_at, previous_game_id) "
                    "VALUES ($1, $2, $3, $4, $5, 'setup', 0, NULL, NULL, 0, $6, $7, $7, $8) ON CONFLICT DO NOTHING",
                    game_id,
                    data.name,
                    data.ruleset_id,
                    data.ruleset_version,
                    data.gm,
                    version,
                    data.created_at,
                    data.previous_game_id,
                )
                return
            case SeatAdded():
                await conn.execute(
                    "INSERT INTO rm_seats (game_id, seat_id, name, role, controls, added_version) "
                    "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                    game_id,
                    data.seat_id,
                    data.name,
                    data.role,
                    data.controls,
                    version,
                )
                await conn.execute("UPDATE rm_games SET seat_count = seat_count + 1 WHERE game_id = $1", game_id)
            case SeatReassigned():
                await conn.execute(
                    "UPDATE rm_seats SET name = $3 WHERE game_id = $1 AND seat_id = $2",
                    game_id,
                    data.seat_id,
                    data.name,
                )
            case GameStarted():
                await conn.execute("UPDATE rm_games SET status = 'running' WHERE game_id = $1", game_id)
            case TurnStarted():
                await conn.execute(
                    "INSERT INTO rm_turns (game_id, turn, started_version, started_at) VALUES ($1, $2, $3, $4) "
                    "ON CONFLICT DO NOTHING",
                    game_id,
                    data.turn,
                    version,
                    data.at,
                )
                await conn.execute("UPDATE rm_games SET turn = $2 WHERE game_id = $1", game_id, data.turn)
            case PhaseStarted():
                phase = msgspec.json.encode([{"phase": data.phase, "started_version": version, "at": data.at}])
                await conn.execute(
                    "UPDATE rm_turns SET phases = phases || $3::jsonb WHERE game_id = $1 AND turn = $2",
                    game_id,
                    data.turn,
                    phase,
                )
                await conn.execute(
                    "UPDATE rm_games SET phase = $2, deadline = $3, late_until = NULL WHERE game_id = $1",
                    game_id,
                    data.phase,
                    data.deadline,
                )
            case TurnEnded():
                await conn.execute(
                    "UPDATE rm_turns SET ended_version = $3, ended_at = $4 WHERE game_id = $1 AND turn = $2",
                    game_id,
                    data.turn,
                    version,
                    data.at,
                )
            case DeadlineChanged():
                await conn.execute("UPDATE rm_games SET deadline = $2 WHERE game_id = $1", game_id, data.deadline)
            case GameEnded():
                await conn.execute("UPDATE rm_games SET status = 'ended', deadline = NULL WHERE game_id = $1", game_id)
                await conn.execute("DELETE FROM rm_timers WHERE game_id = $1", game_id)
                await conn.execute(
                    "UPDATE rm_turns SET ended_version = $2, ended_at = $3 "
                    "WHERE game_id = $1 AND ended_version IS NULL",
                    game_id,
                    version,
                    at,
                )
            case _:
                await self._apply_schedule(conn, game_id, data)

    async def _apply_schedule(self, conn: Any, game_id: str, data: Any) -> None:
        """What the scheduler looks up: pauses, late-order acceptances and pending timers."""
        match data:
            case GamePaused():
                await conn.execute("UPDATE rm_games SET paused_at = $2 WHERE game_id = $1", game_id, data.at)
            case GameResumed():
                # The deadline and timers move by their own events; late-order acceptances move with the pause.
                await conn.execute(
                    "UPDATE rm_games SET paused_at = NULL, late_until = late_until + make_interval(secs => $2) "
                    "WHERE game_id = $1",
                    game_id,
                    data.paused_seconds,
                )
            case LateOrdersAccepted():
                await conn.execute(
                    "UPDATE rm_games SET late_until = GREATEST(late_until, $2) WHERE game_id = $1", game_id, data.until
                )
            case TimerScheduled():
                await conn.execute(
                    "INSERT INTO rm_timers (game_id, timer_id, fire_at) VALUES ($1, $2, $3) "
                    "ON CONFLICT (game_id, timer_id) DO UPDATE SET fire_at = EXCLUDED.fire_at",
                    game_id,
                    data.timer_id,
                    data.fire_at,
                )
            case TimerCancelled() | TimerFired():
                await conn.execute("DELETE FROM rm_timers WHERE game_id = $1 AND timer_id = $2", game_id, data.timer_id)
