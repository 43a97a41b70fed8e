"""`test-hoard`: a test-only ruleset whose state can grow past what a snapshot can store, and whose code can be
made to fail before or after a command is committed. Used by tests of faults, never registered for other tests.

Anyone hoards gold (`Hoard`, up to 2^63 - 1 each). The total may pass 2^64 - 1, which the snapshot encoding cannot
hold; the view shows it as text. Two amounts are traps for tests: 666 fails the decision (nothing is written), 13
fails while the accepted events are being shown to a seat that sent them (after the commit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import msgspec

from domain.engine import Actor, DecisionContext, Phase, Ruleset

FAILS_BEFORE_COMMIT = 666
FAILS_AFTER_COMMIT = 13


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class State(msgspec.Struct, frozen=True):
    total: int = 0


class View(msgspec.Struct, frozen=True):
    total: str


class Hoard(msgspec.Struct, frozen=True, tag="Hoard", tag_field="type", forbid_unknown_fields=True):
    amount: Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]


class Hoarded(msgspec.Struct, frozen=True, tag="Hoarded", tag_field="type"):
    amount: int


def initial_state(setup: Setup, settings: object) -> State:
    return State()


def decide(state: State, command: Hoard, ctx: DecisionContext) -> Sequence[object]:
    if command.amount == FAILS_BEFORE_COMMIT:
        raise RuntimeError("a bug in deciding (test trap)")
    return [Hoarded(amount=command.amount)]


def evolve(state: State, event: Hoarded) -> State:
    return State(total=state.total + event.amount)


def view_for(state: State, viewer: Actor) -> View:
    return View(total=str(state.total))


def redact(event: Hoarded, viewer: Actor) -> Hoarded:
    if event.amount == FAILS_AFTER_COMMIT:
        raise RuntimeError("a bug in showing an event (test trap)")
    return event


ruleset = Ruleset(
    id="test-hoard",
    version=1,
    title="Hoard (fault test ruleset)",
    command_type=Hoard,
    event_type=Hoarded,
    setup_type=Setup,
    state_type=State,
    view_type=View,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view_for=view_for,
    redact=redact,
    phases=(Phase("gather"), Phase("rest")),
)
