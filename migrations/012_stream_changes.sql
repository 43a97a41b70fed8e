-- The game streams the read-model runner has not caught up with yet (README, Citus), so that a catch-up costs in
-- proportion to the games that changed, not to every game's head: the append statement adds a row (the stream,
-- its new head) in the same transaction as the events, and the runner deletes a stream's rows up to the version
-- it applied, in the transaction that moves its checkpoint. Appends only ever insert here (a row per append), so
-- an append never waits on a row the runner holds. Distributed by stream, co-located with events; the key
-- includes the stream, and nothing here orders streams across games.
CREATE TABLE stream_changes (
    stream_id text   NOT NULL,
    version   bigint NOT NULL,
    CONSTRAINT stream_changes_pkey PRIMARY KEY (stream_id, version)
);
-- What the read models were behind on when this migration ran.
INSERT INTO stream_changes (stream_id, version)
SELECT h.stream_id, h.version FROM stream_heads h
LEFT JOIN projection_checkpoints c ON c.stream_id = h.stream_id AND c.name = 'core'
WHERE h.stream_id LIKE 'game-%' AND h.version > coalesce(c.version, 0);
