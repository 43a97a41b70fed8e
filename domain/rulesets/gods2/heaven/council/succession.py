"""An archetype's seat ([003:441]): filled only when all her former archetypal lesser gods unanimously elect one
of their number; the only way an archetypal lesser god becomes a greater god. Until then the seat stays vacant
(and the Council may not fill it: `council._check_promotion` skips archetype vacancies)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.commands import ElectArchetypeSuccessor
from domain.rulesets.gods2.heaven.council.events import ArchetypeSucceeded, ArchetypeSuccessorNamed
from domain.rulesets.gods2.kernel.common import me, reject
from domain.rulesets.gods2.kernel.model import State


def decide_elect_successor(state: State, command: ElectArchetypeSuccessor, ctx: DecisionContext) -> Sequence[object]:
    elector = me(state, ctx)
    seat = next((v for v in state.vacancies if v.seat_of == command.seat_of and v.archetype), None)
    if seat is None:
        raise reject("no_archetype_seat", "No archetype's seat awaits her archetypal lesser gods.")
    if elector.id not in seat.electors:
        raise reject("not_an_elector", "Only her former archetypal lesser gods elect her successor [003:441].")
    if command.candidate not in seat.electors:
        raise reject("not_a_candidate", "The successor is one of the archetypal lesser gods [003:441].")
    greater = sum(1 for c in state.characters.values() if c.kind == "greater_god" and c.life != "obliterated")
    if greater >= 12:
        raise reject("no_vacancy", "There are already twelve greater gods [003:498].")
    events: list[object] = [
        ArchetypeSuccessorNamed(seat_of=seat.seat_of, elector=elector.id, candidate=command.candidate)
    ]
    votes = {**seat.votes, elector.id: command.candidate}
    alive = [e for e in seat.electors if state.characters[e].life != "obliterated"]
    if all(votes.get(e) == command.candidate for e in alive):
        minions = [e for e in alive if e != command.candidate]
        events.append(
            ArchetypeSucceeded(seat_of=seat.seat_of, character=command.candidate, sphere=seat.sphere, minions=minions)
        )
    return events
