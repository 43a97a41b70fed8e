"""The engine's game state: `GameState` pairs `GameMeta` (seats, turn, phase, deadline, dice, timers, pauses,
reverted ranges) with the ruleset's own state; plus the guards every engine decision shares."""

from datetime import datetime
from typing import Any, Generic, Literal, TypeVar

import msgspec

from domain.engine.dice import PendingDice
from domain.engine.errors import Rejected
from domain.engine.messages import (
    DEFAULT_ORDER_LIMIT,
    ENGINE_EVENTS,
    ContentPackRef,
    DiceReveal,
)
from domain.engine.ruleset import SeatInfo, Timer

S = TypeVar("S")
Status = Literal["setup", "running", "ended"]


class Seat(msgspec.Struct, frozen=True):
    seat_id: str
    name: str
    role: str
    token_id: str
    controls: str | None = None

    def info(self) -> SeatInfo:
        return SeatInfo(seat_id=self.seat_id, name=self.name, role=self.role, controls=self.controls)


class RevertedRange(msgspec.Struct, frozen=True):
    """Versions `first`..`last` were reverted by the `TimelineReverted` at version `at`."""

    first: int
    last: int
    at: int
    reason: str
    by: str


class GameMeta(msgspec.Struct, frozen=True):
    game_id: str
    name: str
    ruleset_id: str
    ruleset_version: int
    gm: str
    created_at: datetime
    dice_commitment: str
    status: Status = "setup"
    seats: dict[str, Seat] = {}
    turn: int = 0
    phase: str | None = None
    phase_index: int = -1
    deadline: datetime | None = None
    dice_epoch: int = 0
    # The public stream's next roll index; `stream_indices` holds the other streams' (DESIGN.md §3).
    next_roll_index: int = 0
    pending_dice: tuple[PendingDice, ...] = ()
    timers: dict[str, Timer] = {}
    ended_reason: str | None = None
    reverted: tuple[RevertedRange, ...] = ()
    dice_reveal: DiceReveal = "manual"
    stream_indices: dict[str, int] = {}
    # SHA-256 of the current epoch's private seed; empty for an epoch from before private streams.
    private_commitment: str = ""
    # The last epoch whose private seed was revealed (-1: none).
    private_revealed: int = -1
    # Set while the GM has the game paused (the clock is stopped).
    paused_at: datetime | None = None
    # seat id -> until when the GM accepts its commands after the current phase's deadline.
    late_orders: dict[str, datetime] = {}
    # How many commands each seat may have accepted in one turn (`SetOrderLimit`), counted since `turn_started_at`.
    max_orders_per_turn: int = DEFAULT_ORDER_LIMIT
    turn_started_at: datetime | None = None
    # The chain of games (a campaign's sessions, eras): the one this follows and those opened after it.
    previous_game_id: str | None = None
    next_game_ids: tuple[str, ...] = ()
    content_pack: ContentPackRef | None = None


class GameState(msgspec.Struct, Generic[S], frozen=True):
    meta: GameMeta
    rules: S


class GameMetaView(msgspec.Struct, frozen=True):
    game_id: str
    name: str
    ruleset_id: str
    ruleset_version: int
    status: Status
    turn: int
    phase: str | None
    deadline: datetime | None
    seats: list[SeatInfo]
    dice_commitment: str
    dice_epoch: int
    ended_reason: str | None = None
    pending_dice: list[PendingDice] | None = None
    paused_at: datetime | None = None
    max_orders_per_turn: int = DEFAULT_ORDER_LIMIT
    previous_game_id: str | None = None
    next_game_ids: list[str] = []
    content_pack: ContentPackRef | None = None


R = msgspec.structs.replace


ENGINE_EVENT_TYPES: frozenset[type] = frozenset(ENGINE_EVENTS)


def is_engine_event(event: Any) -> bool:
    return type(event) in ENGINE_EVENT_TYPES


def require_running(state: GameState[Any]) -> None:
    if state.meta.status == "setup":
        raise Rejected("engine.game_not_started", "The game has not started yet; the GM starts it.", status=409)
    require_not_ended(state)


def require_not_ended(state: GameState[Any]) -> None:
    if state.meta.status == "ended":
        raise Rejected("engine.game_ended", "The game has ended.", status=409)
