-- Refused commands are not game facts (they append nothing), but the audit trail lists them: one row each,
-- never updated or deleted. Accepted commands are audited from the events' metadata.
CREATE TABLE command_rejections (
    game_id        text        NOT NULL,
    command_id     text        NOT NULL,
    command_type   text        NOT NULL,
    actor          text        NOT NULL,
    role           text        NOT NULL,
    seat_id        text,
    token_id       text,
    correlation_id text,
    turn           integer,
    code           text        NOT NULL,
    message        text        NOT NULL,
    body           jsonb,
    recorded_at    timestamptz NOT NULL,
    PRIMARY KEY (game_id, command_id)
);
CREATE INDEX command_rejections_time_idx ON command_rejections (game_id, recorded_at, command_id);
CREATE TRIGGER command_rejections_no_update BEFORE UPDATE OR DELETE ON command_rejections
    FOR EACH ROW EXECUTE FUNCTION events_are_immutable();
