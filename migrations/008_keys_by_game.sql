-- Every unique key includes the game (stream) it belongs to, so that the tables can be sharded by game on Citus
-- (README, Citus; the layout is `server/citus.py`, checked by tests/server/test_citus_schema.py).

-- events: the stream and its version are the key. global_position stays as a convenience column (an identity:
-- it may have gaps and commit out of order; on Citus each node draws from its own range) and is no key.
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (stream_id, stream_version);
ALTER TABLE events DROP CONSTRAINT events_stream_version_key;

-- Idempotency keys are kept per game: the same key sent to two games is two requests. Keys recorded before this
-- migration (stream '') no longer match a retry; a retry of such an old request runs the command again.
ALTER TABLE idempotency_keys ADD COLUMN stream_id text NOT NULL DEFAULT '';
ALTER TABLE idempotency_keys ALTER COLUMN stream_id DROP DEFAULT;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (stream_id, caller, key);

-- Webhooks, their deliveries and attempts: keyed and linked by game.
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_delivery_id_fkey;
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_webhook_id_fkey;
ALTER TABLE webhooks DROP CONSTRAINT webhooks_pkey;
ALTER TABLE webhooks ADD CONSTRAINT webhooks_pkey PRIMARY KEY (game_id, webhook_id);
CREATE INDEX webhooks_id_idx ON webhooks (webhook_id);

ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_pkey;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (game_id, delivery_id);
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_webhook_id_dedupe_key_key;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_dedupe_key UNIQUE (game_id, webhook_id, dedupe_key);
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_webhook_fkey
    FOREIGN KEY (game_id, webhook_id) REFERENCES webhooks (game_id, webhook_id) ON DELETE CASCADE;
CREATE INDEX webhook_deliveries_id_idx ON webhook_deliveries (delivery_id);

ALTER TABLE webhook_attempts ADD COLUMN game_id text;
UPDATE webhook_attempts a SET game_id = d.game_id FROM webhook_deliveries d WHERE d.delivery_id = a.delivery_id;
DELETE FROM webhook_attempts WHERE game_id IS NULL;
ALTER TABLE webhook_attempts ALTER COLUMN game_id SET NOT NULL;
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_pkey;
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_pkey PRIMARY KEY (game_id, delivery_id, attempt);
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_delivery_fkey
    FOREIGN KEY (game_id, delivery_id) REFERENCES webhook_deliveries (game_id, delivery_id) ON DELETE CASCADE;
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempt);
