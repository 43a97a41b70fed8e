"""Pure game logic: the ruleset-agnostic engine (`domain.engine`) and one folder per game (`domain.rulesets`).

Nothing in this package touches the clock, randomness, ids, the environment or I/O: time, ids and dice come in
through `DecisionContext`, and the outcomes of dice go into events.
"""
