"""Gods II events: permanent storage names (`tag`), past tense, carrying every decided number.

`evolve` only applies what an event says; every draw from held or pending mana, every toll and debt payment is
decided in `decide` and written here, so a replay never recomputes a rule.
"""

from __future__ import annotations

from domain.rulesets.gods2.earth.events import EarthEvent
from domain.rulesets.gods2.heaven.events import HeavenEvent

# Heaven's events (heaven/events.py) and Earth's (Era Centrum, earth/events.py): one tagged union.
Event = HeavenEvent | EarthEvent
