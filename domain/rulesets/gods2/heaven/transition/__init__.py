"""Between sessions (the transition phase, [003:55], [003:168]): sphere cards bought at their price, new powers
gained, and each character's end-of-session report to the GMs. See `domain/rulesets/gods2/heaven/__init__.py`."""
