"""How the tables shard by game on Citus (DESIGN.md §9, README, Citus).

Every table is either distributed by the column that names its game (the events' and snapshots' `stream_id`,
`game-<id>`; the other game tables' `game_id`), or a small reference table copied to every node. A game never
spans shards: every primary key, unique key and foreign key of a distributed table includes its distribution
column (migration 008), and no key uses a sequence (events' `global_position` is an identity column, no key: on
Citus each node draws it from its own range). `tests/server/test_citus_schema.py` checks the live schema against
this layout, so a new table or key that would not shard fails the build.

Nothing reads events in an order across games (migration 011): the read-model runner keeps a checkpoint per game
stream (`projection_checkpoints`, the last version applied) and finds the games with new events in a queue of
changed streams (`stream_changes`, migration 012: a row per append, written by the append statement, deleted by
the runner up to what it applied), co-located with `events`. Its reads group the queue by the stream and
look the checkpoints up by key, so they run on every node in parallel and cost in proportion to the games that
changed. A rebuild
queues every game again from `stream_heads` (each stream's head, migration 011). The same test fails if a job's
SQL orders or filters events by `global_position` or `tx_id`.

`pantheon citus-sql` prints the statements to run on the Citus coordinator after `pantheon migrate`.
"""

from __future__ import annotations

# Tables distributed by one column, in the order to distribute them (a table before those co-located with it).
DISTRIBUTED: dict[str, str] = {
    "events": "stream_id",
    "snapshots": "stream_id",
    "idempotency_keys": "stream_id",
    "stream_heads": "stream_id",
    "projection_checkpoints": "stream_id",
    "stream_changes": "stream_id",
    "rm_games": "game_id",
    "rm_seats": "game_id",
    "rm_turns": "game_id",
    "rm_timers": "game_id",
    "game_secrets": "game_id",
    "command_rejections": "game_id",
    "webhooks": "game_id",
    "webhook_deliveries": "game_id",
    "webhook_attempts": "game_id",
}
# Small tables every node needs whole: who may call (tokens are looked up by id before the game is known),
# content packs (per ruleset, pinned by games of any shard), and bookkeeping.
REFERENCE: tuple[str, ...] = ("tokens", "content_packs", "schema_migrations")
# Co-location groups: the first table of each group anchors it.
_ANCHORS = {"stream_id": "events", "game_id": "rm_games"}


def citus_statements() -> list[str]:
    """SQL for the coordinator: reference tables first, then each distributed table co-located with its group."""
    out = [f"SELECT create_reference_table('{table}');" for table in REFERENCE]
    for table, column in DISTRIBUTED.items():
        anchor = _ANCHORS[column]
        colocate = "" if table == anchor else f", colocate_with => '{anchor}'"
        out.append(f"SELECT create_distributed_table('{table}', '{column}'{colocate});")
    return out
