"""The fantasy kingdoms play-by-mail game (seed 004)."""
