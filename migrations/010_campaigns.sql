-- Successor games and content packs (issue #14).

-- The finished game a game follows (`POST /v1/games/{id}/successor`); the listing reads the chain both ways.
ALTER TABLE rm_games ADD COLUMN previous_game_id text;
CREATE INDEX rm_games_previous_idx ON rm_games (previous_game_id) WHERE previous_game_id IS NOT NULL;

-- Content packs: rules that are data, uploaded per ruleset, immutable once stored. A game pins one version
-- (its `GameCreated` holds the ref and the document), so later versions never change a running game.
CREATE TABLE content_packs (
    ruleset_id  text        NOT NULL,
    name        text        NOT NULL,
    version     integer     NOT NULL,
    digest      text        NOT NULL,   -- SHA-256 (hex) of `document`
    document    bytea       NOT NULL,   -- the JSON exactly as uploaded
    description text        NOT NULL DEFAULT '',
    uploaded_by text        NOT NULL,
    uploaded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (ruleset_id, name, version)
);
