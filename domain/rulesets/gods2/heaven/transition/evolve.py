"""`evolve` for the transition phase between sessions: sphere cards, new powers, end-of-session reports."""

from __future__ import annotations

import msgspec

from domain.rulesets.gods2.heaven.transition.events import (
    PowerGained,
    SessionReported,
    SphereCardBought,
    TransitionEvent,
)
from domain.rulesets.gods2.kernel.model import SessionReport, State

R = msgspec.structs.replace


def evolve_transition(state: State, event: TransitionEvent) -> State:
    c = state.characters.get(event.character)
    if c is None:
        return state
    match event:
        case SphereCardBought():
            c = R(c, spheres={**c.spheres, event.sphere: event.cards})
        case PowerGained():
            c = R(c, powers=(*c.powers, event.power))
        case SessionReported():
            report = SessionReport(
                session=event.session,
                goals=tuple(event.goals),
                goals_met=tuple(event.goals_met),
                intended_purchases=dict(event.intended_purchases),
                notes=event.notes,
            )
            state = R(state, reports={**state.reports, c.id: report})
            c = R(c, goals=tuple(event.goals))
    return R(state, characters={**state.characters, c.id: c})
