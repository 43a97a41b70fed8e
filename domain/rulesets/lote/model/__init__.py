"""The shape of the truth, without rules: the state, the order form, the GM commands and the events."""
