-- Events: one table, a stream per game. Never updated or deleted (enforced by triggers below).
CREATE TABLE events (
    global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stream_id       text        NOT NULL,
    stream_version  bigint      NOT NULL CHECK (stream_version > 0),
    type            text        NOT NULL,
    data            jsonb       NOT NULL,
    metadata        jsonb       NOT NULL,
    recorded_at     timestamptz NOT NULL,
    tx_id           xid8        NOT NULL DEFAULT pg_current_xact_id(),
    prev_hash       bytea       NOT NULL,
    hash            bytea       NOT NULL,
    CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
);
CREATE INDEX events_tx_position_idx ON events (tx_id, global_position);
CREATE INDEX events_stream_recorded_idx ON events (stream_id, recorded_at);

CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are never updated or deleted (append a correcting event instead)';
END $$;
CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_are_immutable();

-- The original outcome of each command sent with an Idempotency-Key, per caller.
CREATE TABLE idempotency_keys (
    caller       text        NOT NULL,
    key          text        NOT NULL,
    request_hash bytea       NOT NULL,
    outcome      bytea       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT idempotency_keys_pkey PRIMARY KEY (caller, key)
);

-- Dice seeds live outside the event stream; only their SHA-256 commitments are events.
CREATE TABLE game_secrets (
    game_id     text        NOT NULL,
    epoch       integer     NOT NULL,
    seed        bytea       NOT NULL,
    commitment  text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    revealed_at timestamptz,
    PRIMARY KEY (game_id, epoch)
);

-- Bearer tokens, stored hashed. `kind`: admin, gm (a game's GM), seat.
CREATE TABLE tokens (
    token_id    text        PRIMARY KEY,
    secret_hash bytea       NOT NULL,
    kind        text        NOT NULL,
    game_id     text,
    seat_id     text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Snapshots are a cache keyed by ruleset version: they may be dropped at any time.
CREATE TABLE snapshots (
    stream_id       text    NOT NULL,
    stream_version  bigint  NOT NULL,
    ruleset_id      text    NOT NULL,
    ruleset_version integer NOT NULL,
    state           bytea   NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (stream_id, ruleset_version, stream_version)
);

-- Read models and the checkpoints of the runners that write them (same transaction as the rows).
CREATE TABLE projection_checkpoints (
    name        text   PRIMARY KEY,
    tx_id       bigint NOT NULL,
    position    bigint NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rm_games (
    game_id         text PRIMARY KEY,
    name            text        NOT NULL,
    ruleset_id      text        NOT NULL,
    ruleset_version integer     NOT NULL,
    gm              text        NOT NULL,
    status          text        NOT NULL,
    turn            integer     NOT NULL,
    phase           text,
    deadline        timestamptz,
    seat_count      integer     NOT NULL,
    version         bigint      NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX rm_games_created_idx ON rm_games (created_at, game_id);

CREATE TABLE rm_seats (
    game_id  text    NOT NULL,
    seat_id  text    NOT NULL,
    name     text    NOT NULL,
    role     text    NOT NULL,
    controls text,
    added_version bigint NOT NULL,
    PRIMARY KEY (game_id, seat_id)
);

CREATE TABLE rm_turns (
    game_id        text    NOT NULL,
    turn           integer NOT NULL,
    started_version bigint NOT NULL,
    started_at     timestamptz NOT NULL,
    ended_version  bigint,
    ended_at       timestamptz,
    phases         jsonb   NOT NULL DEFAULT '[]',
    PRIMARY KEY (game_id, turn)
);
