"""`Log`: the events of a resolution so far, and the state they lead to, so each step sees the last one's."""

from __future__ import annotations

from typing import get_args

from domain.rulesets.second_era.events import Event, OrderFailed
from domain.rulesets.second_era.evolve import evolve
from domain.rulesets.second_era.state import State

_OURS: tuple[type, ...] = get_args(Event)


class Log:
    """Resolution steps `emit` events here; ruleset events are folded at once, engine events (dice, the end
    of the game) are only recorded: the engine applies them."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[object] = []

    def emit(self, *events: object) -> None:
        for event in events:
            self.events.append(event)
            if isinstance(event, _OURS):
                self.state = evolve(self.state, event)  # type: ignore[arg-type]

    def fail(self, god: str, order_no: int, reason: str, message: str) -> None:
        """A failed order is an event in the god's report, never a refusal."""
        self.emit(OrderFailed(god=god, order_no=order_no, code=f"second_era.{reason}", reason=message))
