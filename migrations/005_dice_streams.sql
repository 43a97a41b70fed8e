-- Private dice streams (DESIGN.md §3): each epoch also has a private seed, from which every roll that not every
-- seat may see is derived. NULL for the epochs of games created before private streams existed.
ALTER TABLE game_secrets ADD COLUMN private_seed bytea;
ALTER TABLE game_secrets ADD COLUMN private_commitment text;
