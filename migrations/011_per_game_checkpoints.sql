-- Read models follow each game in its own order (README, Citus): nothing reads events across games by
-- transaction id or global position, which on Citus would be one node's order.

-- The head of every stream, written by the append statement itself (events/postgres.py), in the same transaction
-- as the events: a head that is visible has every event up to it committed and visible.
CREATE TABLE stream_heads (
    stream_id  text        NOT NULL,
    version    bigint      NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT stream_heads_pkey PRIMARY KEY (stream_id)
);
INSERT INTO stream_heads (stream_id, version)
SELECT stream_id, max(stream_version) FROM events GROUP BY stream_id;

-- A checkpoint per (game stream, projection): the last stream_version the projection applied.
ALTER TABLE projection_checkpoints RENAME TO projection_checkpoints_global;
ALTER TABLE projection_checkpoints_global RENAME CONSTRAINT projection_checkpoints_pkey TO projection_checkpoints_global_pkey;
CREATE TABLE projection_checkpoints (
    stream_id  text        NOT NULL,
    name       text        NOT NULL,
    version    bigint      NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT projection_checkpoints_pkey PRIMARY KEY (stream_id, name)
);
-- The old checkpoint (transaction id, global position) covered a prefix of the all-games order, and a game's
-- versions commit in order, so each game's part of that prefix is its versions up to the newest one below it.
INSERT INTO projection_checkpoints (stream_id, name, version)
SELECT e.stream_id, c.name, max(e.stream_version)
FROM projection_checkpoints_global c
JOIN events e ON (e.tx_id, e.global_position) <= (c.tx_id::text::xid8, c.position)
WHERE e.stream_id LIKE 'game-%'
GROUP BY e.stream_id, c.name;
DROP TABLE projection_checkpoints_global;

-- No reader orders events across games any more.
DROP INDEX events_tx_position_idx;
