"""The ruleset contract (DESIGN.md §2): what every game folder under `domain/rulesets/` provides.

A ruleset is a decider: `initial_state`, `decide` and `evolve` are pure functions over frozen msgspec Structs.
The engine (`domain.engine.game`) owns the lifecycle around it: creation, seats, turns and phases, deadlines,
dice, timers and the end of the game. Rulesets never import each other; the registry in
`domain/rulesets/__init__.py` is the only module that names them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import msgspec

from domain.engine.actors import Actor
from domain.engine.dice import Dice


class SeatInfo(msgspec.Struct, frozen=True):
    seat_id: str
    name: str
    role: str
    controls: str | None = None


class Timer(msgspec.Struct, frozen=True):
    """A ruleset timer ("dead for 30 minutes"): fired by the scheduler as an event, so time travel replays it."""

    timer_id: str
    fire_at: datetime
    purpose: str
    subject: str | None = None


@dataclass(frozen=True)
class DecisionContext:
    """Everything impure a decision may need, passed in: who acts, when, the dice, and where the game stands."""

    actor: Actor
    now: datetime
    dice: Dice
    game_id: str
    turn: int
    phase: str | None
    seats: Mapping[str, SeatInfo] = field(default_factory=dict)
    # Commands of the acting seat already accepted this turn (counted by the application from the log).
    orders_this_turn: int = 0


class NoSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """For rulesets without game settings."""


Resolver = Callable[[Any, DecisionContext], Sequence[Any]]


@dataclass(frozen=True)
class Phase:
    """One row of a ruleset's phase table.

    `commands`: the ruleset command tags seats may issue during the phase (`None`: all of them); GM commands
    are allowed in every phase. `deadline`: how long the phase stays open by default (`None`: until the GM
    advances it). `resolver`: runs when the phase closes and returns the resolution's events.
    """

    name: str
    commands: frozenset[str] | None = None
    deadline: timedelta | None = None
    resolver: Resolver | None = None


def _no_redaction(event: Any, viewer: Actor) -> Any:
    return event


def _all_commands(state: Any, actor: Actor) -> Sequence[str]:
    return ()


def _any_seat(state: Any, controls: str | None) -> None:
    return None


def _no_timers(state: Any, timer: Timer, ctx: DecisionContext) -> Sequence[Any]:
    return ()


class DicePurpose(msgspec.Struct, frozen=True, kw_only=True):
    """One kind of roll a ruleset makes, for a referee entering physical dice (`EnterDice` with this `purpose`).

    `purpose` is the string the roll carries, with `<placeholders>` for the ids in it (`turmoil:<race>` is rolled
    as `turmoil:elves`); `dice` is how many dice of how many sides (`2d6`; `1dN` where N is a count named in
    `faces`); `decides` says what the roll settles and `faces` how each face maps to the outcome."""

    purpose: str
    dice: str
    decides: str
    faces: str
    rule: str = ""  # where the rule text says so


@dataclass(frozen=True)
class ContentHooks:
    """How a ruleset takes content packs (rules that are data, uploaded by GMs and pinned by games).

    - `validate(document) -> pack`: decode and check a pack document (JSON bytes); raise `Rejected` with a
      `<ruleset>.content.*` or `content.*` code whose message names the entry and the field at fault.
    - `pin(setup, pack) -> setup`: the scenario that plays with this pack (the pack put where the ruleset's
      setup reads its data from). Called when a game is created with a pack and on every fold of its creation.
    - `sample`: the sample packs shipped with the ruleset, as examples of the format (package paths).
    - `pack_type`: the pack document's msgspec type (its JSON Schema is served with the ruleset's schemas).
    """

    validate: Callable[[bytes], Any]
    pin: Callable[[Any, Any], Any]
    sample: tuple[str, ...] = ()
    pack_type: type[Any] | None = None


@dataclass(frozen=True)
class Ruleset:
    """A registered game. Built once per ruleset module from its Structs and pure functions.

    - `command_type`, `event_type`: tagged unions (`tag_field="type"`, permanent hand-written tags).
    - `setup_type`: the scenario document; `settings_type`: the game settings GMs may choose at creation.
    - `initial_state(setup, settings)`: may raise `Rejected` for a scenario that is well-formed but wrong.
    - `decide(state, command, ctx) -> events`: may raise `Rejected`. It may also return engine events
      (`GameEnded`, `TimerScheduled`, `TimerCancelled`), which the engine applies itself.
    - `evolve(state, event) -> state`: total; never validates, rolls or reads the clock.
    - `view_for(state, viewer)`, `redact(event, viewer)`: what a viewer may see (`redact` returns `None` to hide).
    - `available(state, actor)`: the command tags the actor may issue now (the engine intersects with the phase).
    - `gm_commands`: tags only a GM may issue (rulings); they are allowed in every phase.
    - `validate_seat(state, controls)`: raises `Rejected` when a seat may not control that entity.
    - `on_timer(state, timer, ctx)`: the events a fired timer causes.
    - `dice_purposes`: every kind of roll its decisions make, documented for referees (served with its schemas).
    - `carry_over(final_state, settings) -> setup`: the scenario of the game that follows a finished one (a next
      session, a next era), built from the finished game's final ruleset state; `None`: the ruleset has no
      successor games (`POST /v1/games/{id}/successor` refuses with `successor.not_supported`).
    - `content`: how it takes content packs (`ContentHooks`); `None`: it takes none.
    """

    id: str
    version: int
    title: str
    command_type: Any
    event_type: Any
    setup_type: type[Any]
    state_type: type[Any]
    view_type: type[Any]
    initial_state: Callable[[Any, Any], Any]
    decide: Callable[[Any, Any, DecisionContext], Sequence[Any]]
    evolve: Callable[[Any, Any], Any]
    view_for: Callable[[Any, Actor], Any]
    phases: tuple[Phase, ...]
    settings_type: type[Any] = NoSettings
    redact: Callable[[Any, Actor], Any] = _no_redaction
    available: Callable[[Any, Actor], Sequence[str]] = _all_commands
    gm_commands: frozenset[str] = frozenset()
    validate_seat: Callable[[Any, str | None], None] = _any_seat
    on_timer: Callable[[Any, Timer, DecisionContext], Sequence[Any]] = _no_timers
    description: str = ""
    dice_purposes: tuple[DicePurpose, ...] = ()
    carry_over: Callable[[Any, Any], Any] | None = None
    content: ContentHooks | None = None

    def __post_init__(self) -> None:
        if not self.phases:
            raise ValueError(f"ruleset {self.id} needs at least one phase")

    def phase_named(self, name: str | None) -> Phase | None:
        for phase in self.phases:
            if phase.name == name:
                return phase
        return None
