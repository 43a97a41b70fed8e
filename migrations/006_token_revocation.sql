-- Tokens are revoked, never deleted, so the audit trail and the GM's seat list keep their history.
-- `last_used_at` is when the token last authenticated a request, to the minute (server/auth.py).
ALTER TABLE tokens ADD COLUMN IF NOT EXISTS revoked_at timestamptz;
ALTER TABLE tokens ADD COLUMN IF NOT EXISTS revoked_reason text;
ALTER TABLE tokens ADD COLUMN IF NOT EXISTS last_used_at timestamptz;
CREATE INDEX IF NOT EXISTS tokens_game_seat_idx ON tokens (game_id, seat_id) WHERE revoked_at IS NULL;
