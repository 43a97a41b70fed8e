"""See `domain/rulesets/gods2/heaven/__init__.py`."""
