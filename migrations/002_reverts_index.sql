-- Rollbacks are rare and every state load asks for them: find a stream's reverts without scanning it.
CREATE INDEX events_reverts_idx ON events (stream_id, stream_version) WHERE type = 'TimelineReverted';
