"""Migration 011 turns the runner's one checkpoint across games into one per game without replaying anything.

The old checkpoint (transaction id, global position) covered a prefix of the all-games order; each game's part
of it is its versions up to the newest one below it. Here a database is migrated up to 010, events of two games
and a dice stream are committed in separate transactions, the old checkpoint is put in the middle, and 011 must
give each game exactly the versions the old runner had applied, and every stream its head.
"""

from __future__ import annotations

import uuid

import asyncpg

from events.migrate import available, migrate
from server.database import database_url

_EVENT = (
    "INSERT INTO events (stream_id, stream_version, type, data, metadata, recorded_at, prev_hash, hash) "
    "VALUES ($1, $2, 'Noted', '{}', '{}', now(), '\\x00', '\\x00') RETURNING tx_id::text, global_position"
)


async def test_the_old_checkpoint_becomes_one_per_game_and_every_stream_gets_its_head(pg_server: str) -> None:
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(database_url(pg_server, "postgres"))
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        conn = await asyncpg.connect(database_url(pg_server, name))
        try:
            await conn.execute("CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL)")
            for version, file, sql in available():
                if version < 11:
                    await conn.execute(sql)
                    await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2)", version, file)
            order = [("game-a", 1), ("game-b", 1), ("game-a", 2), ("dice-a-1", 1), ("game-b", 2), ("game-a", 3)]
            positions = [await conn.fetchrow(_EVENT, stream, version) for stream, version in order]
            tx, position = positions[3]  # game-a up to 2 and game-b up to 1 were applied
            await conn.execute(
                "INSERT INTO projection_checkpoints (name, tx_id, position) VALUES ('core', $1, $2)", int(tx), position
            )
            assert await migrate(conn) == [file for version, file, _ in available() if version >= 11]
            heads = dict(await conn.fetch("SELECT stream_id, version FROM stream_heads"))
            assert heads == {"game-a": 3, "game-b": 2, "dice-a-1": 1}
            done = {tuple(r) for r in await conn.fetch("SELECT stream_id, name, version FROM projection_checkpoints")}
            assert done == {("game-a", "core", 2), ("game-b", "core", 1)}
            # Migration 012 queues the games the runner is behind on, at their heads (not the dice stream).
            queued = {tuple(r) for r in await conn.fetch("SELECT stream_id, version FROM stream_changes")}
            assert queued == {("game-a", 3), ("game-b", 2)}
        finally:
            await conn.close()
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()
