"""Diplomacy, control and revolts (P1-H)."""
