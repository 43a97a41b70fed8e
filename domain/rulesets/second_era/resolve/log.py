"""`Log`: the events of a resolution so far, and the state they lead to, so each step sees the last one's."""

from __future__ import annotations

from domain.rulesets.second_era.events import Event, OrderFailed
from domain.rulesets.second_era.evolve import evolve
from domain.rulesets.second_era.state import State


class Log:
    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[object] = []

    def emit(self, *events: object) -> None:
        for event in events:
            self.events.append(event)
            if type(event).__module__.startswith("domain.rulesets.second_era"):
                self.state = evolve(self.state, event)  # type: ignore[arg-type]

    def fail(self, god: str, order_no: int, reason: str, message: str) -> None:
        self.emit(OrderFailed(god=god, order_no=order_no, code=f"second_era.{reason}", reason=message))

    def ours(self) -> list[Event]:
        return [e for e in self.events if type(e).__module__.startswith("domain.rulesets.second_era")]  # type: ignore[misc]
