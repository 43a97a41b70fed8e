-- What the scheduler (server/scheduler.py) looks up: when each game's current phase closes, and pending timers.
-- `due_at` is the phase's deadline, or a later time until which the GM accepted late orders; NULL while the game
-- is paused, has no deadline, or is not running.
ALTER TABLE rm_games ADD COLUMN paused_at timestamptz;
ALTER TABLE rm_games ADD COLUMN late_until timestamptz;
ALTER TABLE rm_games ADD COLUMN due_at timestamptz GENERATED ALWAYS AS (
    CASE WHEN status = 'running' AND paused_at IS NULL AND deadline IS NOT NULL
         THEN GREATEST(deadline, late_until) END
) STORED;
CREATE INDEX rm_games_due_idx ON rm_games (due_at) WHERE due_at IS NOT NULL;

CREATE TABLE rm_timers (
    game_id  text        NOT NULL,
    timer_id text        NOT NULL,
    fire_at  timestamptz NOT NULL,
    PRIMARY KEY (game_id, timer_id)
);
CREATE INDEX rm_timers_fire_idx ON rm_timers (fire_at);

-- The new columns and table need every game's history: the core read models rebuild from the log on next start.
TRUNCATE rm_games, rm_seats, rm_turns;
DELETE FROM projection_checkpoints WHERE name = 'core';
