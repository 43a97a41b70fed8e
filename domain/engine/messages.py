"""Engine commands and events: the lifecycle every ruleset shares. Tags are permanent storage names.

Public commands arrive through `POST /v1/games/{id}/commands` like any ruleset command. `CreateGame` and
`AddSeat` are issued only by the application service, because their ids and token ids come from outside.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Index, Name, Note, Reason
from domain.engine.dice import (
    MAX_DICE,
    MAX_SIDES,
    DiceEpochStarted,
    DicePrivateSeedRevealed,
    DiceRolled,
    DiceSeedRevealed,
)

SeatRole = Literal["player", "bot", "observer", "co_gm"]
DiceReveal = Literal["manual", "turn_end", "game_end"]
DieResult = Annotated[int, msgspec.Meta(ge=1, le=MAX_SIDES)]

DEFAULT_ORDER_LIMIT = 200
"""Commands a seat may have accepted in one turn unless the GM says otherwise (`SetOrderLimit`)."""
MAX_ORDER_LIMIT = 100_000


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


# --- commands -------------------------------------------------------------------------------------------


class StartGame(_Command, tag="StartGame", frozen=True):
    """GM: open turn 1 with the first phase of the ruleset's table."""


class AdvancePhase(_Command, tag="AdvancePhase", frozen=True):
    """GM or scheduler: close the current phase (running its resolver) and open the next.

    Naming the phase being closed (`turn`, `phase`) makes the command safe to send twice.
    """

    turn: Index | None = None
    phase: Name | None = None


class SetDeadline(_Command, tag="SetDeadline", frozen=True):
    """GM: set, move or clear (`null`) the deadline of the current phase."""

    deadline: datetime | None
    reason: Note = ""


class EndGame(_Command, tag="EndGame", frozen=True):
    """GM: end the game."""

    reason: Reason


class EnterDice(_Command, tag="EnterDice", frozen=True):
    """GM: physical dice for the next roll with these sides and count (and purpose, if named)."""

    sides: Annotated[int, msgspec.Meta(ge=2, le=MAX_SIDES)]
    results: Annotated[
        list[Annotated[int, msgspec.Meta(ge=1, le=MAX_SIDES)]], msgspec.Meta(min_length=1, max_length=MAX_DICE)
    ]
    purpose: Name | None = None


class FireDueTimers(_Command, tag="FireDueTimers", frozen=True):
    """Scheduler or GM: fire every ruleset timer whose time has come, in order.

    `until` fires only the timers due at or before it (the scheduler catches up in order: timers due before a
    phase deadline fire before the phase closes, later ones after it).
    """

    until: datetime | None = None


class ExtendDeadline(_Command, tag="ExtendDeadline", frozen=True):
    """GM: move the current phase's deadline later by `by` (an ISO 8601 duration, e.g. `PT2H`, `P1D`)."""

    by: timedelta
    reason: Note = ""


class PauseGame(_Command, tag="PauseGame", frozen=True):
    """GM: stop the clock. Seats' commands are refused (`engine.paused`); the deadline and timers stop counting."""

    reason: Note = ""


class ResumeGame(_Command, tag="ResumeGame", frozen=True):
    """GM: restart the clock. The deadline and every pending timer move later by the pause's length."""

    reason: Note = ""


class AcceptLateOrders(_Command, tag="AcceptLateOrders", frozen=True):
    """GM: accept this seat's commands after the current phase's deadline, until `until` (recorded, with why).

    The scheduler keeps the phase open until the latest such `until`; other seats stay refused after the deadline.
    """

    seat_id: Name
    until: datetime
    reason: Reason


class RevealDice(_Command, tag="RevealDice", frozen=True):
    """GM: publish the current dice epoch's seed (with why) and start a new epoch with a new committed seed."""

    reason: Reason


class SetDiceReveal(_Command, tag="SetDiceReveal", frozen=True):
    """GM: when seeds are revealed without a `RevealDice`: `manual` (never), `turn_end` (at each turn's end and
    at the game's end) or `game_end` (once, when the game ends). A game starts `manual`."""

    mode: DiceReveal
    reason: Note = ""


class SetOrderLimit(_Command, tag="SetOrderLimit", frozen=True):
    """GM: how many commands each seat may have accepted in one turn (default `DEFAULT_ORDER_LIMIT`). A seat past
    it is refused with `engine.too_many_orders` until the next turn starts; the GM is never limited."""

    limit: Annotated[int, msgspec.Meta(ge=1, le=MAX_ORDER_LIMIT)]
    reason: Reason


class ContentPackRef(msgspec.Struct, frozen=True):
    """A stored content pack a game plays with: its name, its version (pinned at creation) and the SHA-256 of
    its document (the document itself travels in `GameCreated.content`)."""

    name: str
    version: int
    digest: str


class CreateGame(msgspec.Struct, frozen=True):
    game_id: str
    name: str
    ruleset_id: str
    ruleset_version: int
    setup: msgspec.Raw
    settings: msgspec.Raw
    dice_commitment: str
    private_dice_commitment: str = ""
    previous_game_id: str | None = None
    content_pack: ContentPackRef | None = None
    content: msgspec.Raw = msgspec.field(default_factory=lambda: msgspec.Raw(b"null"))


class AddSeat(msgspec.Struct, frozen=True):
    seat_id: str
    name: str
    role: SeatRole
    token_id: str
    controls: str | None = None


EngineCommand = (
    StartGame
    | AdvancePhase
    | SetDeadline
    | EndGame
    | EnterDice
    | FireDueTimers
    | ExtendDeadline
    | PauseGame
    | ResumeGame
    | AcceptLateOrders
    | RevealDice
    | SetDiceReveal
    | SetOrderLimit
)
ENGINE_COMMANDS: tuple[type[_Command], ...] = (
    StartGame,
    AdvancePhase,
    SetDeadline,
    EndGame,
    EnterDice,
    FireDueTimers,
    ExtendDeadline,
    PauseGame,
    ResumeGame,
    AcceptLateOrders,
    RevealDice,
    SetDiceReveal,
    SetOrderLimit,
)
GM_ENGINE_COMMANDS = frozenset(str(c.__struct_config__.tag) for c in ENGINE_COMMANDS)

# --- events ---------------------------------------------------------------------------------------------


class GameCreated(_Event, tag="GameCreated", frozen=True):
    game_id: str
    name: str
    ruleset_id: str
    ruleset_version: int
    gm: str
    created_at: datetime
    dice_commitment: str
    setup: msgspec.Raw
    settings: msgspec.Raw = msgspec.field(default_factory=lambda: msgspec.Raw(b"{}"))
    # SHA-256 of epoch 0's private seed (DESIGN.md §3); empty for games from before private dice streams.
    private_dice_commitment: str = ""
    # The finished game this one follows (a next session or era, `POST /v1/games/{id}/successor`).
    previous_game_id: str | None = None
    # The content pack the game plays with, pinned at creation, and that pack's document.
    content_pack: ContentPackRef | None = None
    content: msgspec.Raw = msgspec.field(default_factory=lambda: msgspec.Raw(b"null"))


class SuccessorOpened(_Event, tag="SuccessorOpened", frozen=True):
    """The GM opened the game that follows this finished one (`successor_id`, created from its end state)."""

    successor_id: str
    name: str
    at: datetime


class GameForked(_Event, tag="GameForked", frozen=True):
    """The first event of a fork: a new game that starts from the state of `forked_from` at `forked_at_version`,
    with its own id, GM, history and dice (a new seed and commitment)."""

    game_id: str
    name: str
    ruleset_id: str
    ruleset_version: int
    gm: str
    created_at: datetime
    dice_commitment: str
    forked_from: str
    forked_at_version: int
    state: msgspec.Raw
    private_dice_commitment: str = ""


class SeatAdded(_Event, tag="SeatAdded", frozen=True):
    seat_id: str
    name: str
    role: SeatRole
    token_id: str
    controls: str | None = None


class GameStarted(_Event, tag="GameStarted", frozen=True):
    at: datetime


class TurnStarted(_Event, tag="TurnStarted", frozen=True):
    turn: int
    at: datetime


class PhaseStarted(_Event, tag="PhaseStarted", frozen=True):
    turn: int
    phase: str
    at: datetime
    deadline: datetime | None = None


class PhaseEnded(_Event, tag="PhaseEnded", frozen=True):
    turn: int
    phase: str
    at: datetime


class TurnEnded(_Event, tag="TurnEnded", frozen=True):
    turn: int
    at: datetime


class DeadlineChanged(_Event, tag="DeadlineChanged", frozen=True):
    turn: int
    phase: str
    deadline: datetime | None
    reason: str = ""


class GameEnded(_Event, tag="GameEnded", frozen=True):
    reason: str
    at: datetime | None = None


class DiceEntered(_Event, tag="DiceEntered", frozen=True):
    """Physical dice entered by the GM; secret from seats until a roll consumes them."""

    sides: int
    results: tuple[int, ...]
    purpose: str | None = None


class TimerScheduled(_Event, tag="TimerScheduled", frozen=True):
    timer_id: str
    fire_at: datetime
    purpose: str
    subject: str | None = None


class TimerCancelled(_Event, tag="TimerCancelled", frozen=True):
    timer_id: str


class TimerFired(_Event, tag="TimerFired", frozen=True):
    timer_id: str
    at: datetime


class DiceRevealModeSet(_Event, tag="DiceRevealModeSet", frozen=True):
    mode: DiceReveal
    reason: str = ""


class RerollOrdered(_Event, tag="RerollOrdered", frozen=True):
    """The dice of reverted rolls are not used again (a re-adjudication with `reroll`, or a rollback that undid
    rolls): what follows rolls fresh dice, and `reason` says why. `next_roll_index` is the public stream's next
    index (it counts no private roll); every stream always continues past its highest index ever used."""

    next_roll_index: int
    reason: str


class TimelineReverted(_Event, tag="TimelineReverted", frozen=True):
    """GM: the game continues from the state at `to_version`. The events after it stay in the log, reverted.

    Appended through `POST /v1/games/{id}/rollback`, never as a client command. `by` is the role that ordered it
    (the event's metadata holds the full actor for the audit trail).
    """

    to_version: int
    reason: str
    by: str = "gm"


class GamePaused(_Event, tag="GamePaused", frozen=True):
    at: datetime
    reason: str = ""


class GameResumed(_Event, tag="GameResumed", frozen=True):
    """The clock restarts. The `DeadlineChanged` and `TimerScheduled` events after it shift what was pending by
    `paused_seconds`, so a fold never has to compute the shift."""

    at: datetime
    paused_seconds: float
    reason: str = ""


class LateOrdersAccepted(_Event, tag="LateOrdersAccepted", frozen=True):
    """The GM accepts `seat_id`'s commands after the deadline of this turn's phase, until `until`."""

    seat_id: str
    turn: int
    phase: str
    until: datetime
    reason: str


class SeatTokenRevoked(_Event, tag="SeatTokenRevoked", frozen=True):
    """GM or admin: the seat's token stopped working (a leak, a player who left), with why.

    Only GMs see it; a seat's view changes only when a new player takes the seat (`SeatReassigned`).
    """

    seat_id: str
    token_id: str
    reason: str


class SeatTokenIssued(_Event, tag="SeatTokenIssued", frozen=True):
    """GM or admin: a new token for the same player in the seat (shown once, to the GM who asked). GMs only."""

    seat_id: str
    token_id: str
    reason: str


class SeatReassigned(_Event, tag="SeatReassigned", frozen=True):
    """GM or admin: a new player takes over the seat, with a new token; the old token was revoked just before.

    Every seat sees the new and the previous name; the token id and the reason are for GMs only.
    """

    seat_id: str
    name: str
    previous_name: str
    token_id: str
    reason: str


class GmTokenRevoked(_Event, tag="GmTokenRevoked", frozen=True):
    """Admin: a GM token of this game stopped working, with why. GMs only."""

    token_id: str
    reason: str


class GmTokenIssued(_Event, tag="GmTokenIssued", frozen=True):
    """Admin: a new GM token for this game (shown once, to the admin). GMs only."""

    token_id: str
    reason: str


class OrderLimitSet(_Event, tag="OrderLimitSet", frozen=True):
    limit: int
    reason: str


EngineEvent = (
    GameCreated
    | GameForked
    | SeatAdded
    | GameStarted
    | TurnStarted
    | PhaseStarted
    | PhaseEnded
    | TurnEnded
    | DeadlineChanged
    | GameEnded
    | DiceEntered
    | DiceRolled
    | TimerScheduled
    | TimerCancelled
    | TimerFired
    | TimelineReverted
    | GamePaused
    | GameResumed
    | LateOrdersAccepted
    | DiceSeedRevealed
    | DicePrivateSeedRevealed
    | DiceEpochStarted
    | DiceRevealModeSet
    | RerollOrdered
    | SeatTokenRevoked
    | SeatTokenIssued
    | SeatReassigned
    | GmTokenRevoked
    | GmTokenIssued
    | OrderLimitSet
    | SuccessorOpened
)
ENGINE_EVENTS: tuple[type[msgspec.Struct], ...] = (
    GameCreated,
    GameForked,
    SeatAdded,
    GameStarted,
    TurnStarted,
    PhaseStarted,
    PhaseEnded,
    TurnEnded,
    DeadlineChanged,
    GameEnded,
    DiceEntered,
    DiceRolled,
    TimerScheduled,
    TimerCancelled,
    TimerFired,
    TimelineReverted,
    GamePaused,
    GameResumed,
    LateOrdersAccepted,
    DiceSeedRevealed,
    DicePrivateSeedRevealed,
    DiceEpochStarted,
    DiceRevealModeSet,
    RerollOrdered,
    SeatTokenRevoked,
    SeatTokenIssued,
    SeatReassigned,
    GmTokenRevoked,
    GmTokenIssued,
    OrderLimitSet,
    SuccessorOpened,
)
