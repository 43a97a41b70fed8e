"""Folds to state, snapshots, point-in-time state, and read models written with their checkpoints."""
