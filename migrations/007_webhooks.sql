-- Webhooks (server/webhooks.py): per-game subscriptions, their outbox of deliveries, and each delivery attempt.

-- `event_types`: the event tags the filters select (`all_events` for the `any` filter). The event store matches
-- these in the append statement itself, so the outbox rows commit with the events they announce.
CREATE TABLE webhooks (
    webhook_id            text        PRIMARY KEY,
    game_id               text        NOT NULL,
    stream_id             text        NOT NULL,
    seat_id               text,                       -- NULL: the GM's webhook (sees everything)
    url                   text        NOT NULL,
    description           text        NOT NULL DEFAULT '',
    filters               text[]      NOT NULL,
    event_types           text[]      NOT NULL,
    all_events            boolean     NOT NULL DEFAULT false,
    lead_times            integer[]   NOT NULL DEFAULT '{}',  -- seconds before a deadline (`deadline.approaching`)
    active                boolean     NOT NULL DEFAULT true,
    secret                text        NOT NULL,           -- `whsec_<base64>`; shown to the client once
    previous_secret       text,                           -- still signed with until `previous_secret_until`
    previous_secret_until timestamptz,
    created_by            text        NOT NULL,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);
-- The append's one lookup: a game without active webhooks costs one probe of this (empty) index range.
CREATE INDEX webhooks_stream_idx ON webhooks (stream_id) WHERE active;
CREATE INDEX webhooks_game_idx ON webhooks (game_id, created_at);

-- The outbox and the delivery log in one: a row per message. `body` is fixed at the first attempt (redacted
-- for the webhook's seat) so that every retry and replay sends the same bytes under the same `webhook-id`.
CREATE TABLE webhook_deliveries (
    delivery_id      text        PRIMARY KEY,            -- the `webhook-id` header (`msg_<hex>`)
    webhook_id       text        NOT NULL REFERENCES webhooks ON DELETE CASCADE,
    game_id          text        NOT NULL,
    stream_version   bigint,                             -- the event announced (NULL: time-driven messages)
    event_type       text,
    dedupe_key       text,                               -- time-driven messages: enqueued once per key
    body             bytea,
    status           text        NOT NULL DEFAULT 'pending',   -- pending, delivered, failed
    attempts         integer     NOT NULL DEFAULT 0,     -- every attempt ever made (replays included)
    failures         integer     NOT NULL DEFAULT 0,     -- failed attempts since it was enqueued or replayed
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    created_at       timestamptz NOT NULL DEFAULT now(),
    delivered_at     timestamptz,
    last_status_code integer,
    last_error       text,
    UNIQUE (webhook_id, dedupe_key)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at, delivery_id);

CREATE TABLE webhook_attempts (
    delivery_id  text        NOT NULL REFERENCES webhook_deliveries ON DELETE CASCADE,
    attempt      integer     NOT NULL,
    at           timestamptz NOT NULL,
    status_code  integer,                                -- NULL: no HTTP answer (refused, timed out...)
    error        text,
    duration_ms  integer     NOT NULL,
    PRIMARY KEY (delivery_id, attempt)
);
