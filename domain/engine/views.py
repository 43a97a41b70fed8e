"""What a viewer may see of the engine's part of a game: the meta view and the redaction of engine events
(ruleset events are redacted by the ruleset)."""

from typing import Any

import msgspec

from domain.engine.actors import Actor
from domain.engine.dice import DiceRolled
from domain.engine.messages import (
    DiceEntered,
    GameCreated,
    GameForked,
    GmTokenIssued,
    GmTokenRevoked,
    SeatAdded,
    SeatReassigned,
    SeatTokenIssued,
    SeatTokenRevoked,
)
from domain.engine.ruleset import Ruleset
from domain.engine.state import GameMeta, GameMetaView, R, is_engine_event


def meta_view(meta: GameMeta, viewer: Actor) -> GameMetaView:
    return GameMetaView(
        game_id=meta.game_id,
        name=meta.name,
        ruleset_id=meta.ruleset_id,
        ruleset_version=meta.ruleset_version,
        status=meta.status,
        turn=meta.turn,
        phase=meta.phase,
        deadline=meta.deadline,
        seats=[s.info() for s in meta.seats.values()],
        dice_commitment=meta.dice_commitment,
        dice_epoch=meta.dice_epoch,
        ended_reason=meta.ended_reason,
        pending_dice=list(meta.pending_dice) if viewer.is_gm else None,
        paused_at=meta.paused_at,
        max_orders_per_turn=meta.max_orders_per_turn,
        previous_game_id=meta.previous_game_id,
        next_game_ids=list(meta.next_game_ids),
        content_pack=meta.content_pack,
    )


def redact(ruleset: Ruleset, event: Any, viewer: Actor) -> Any:
    """The event as `viewer` may see it, or `None`. Engine events are filtered here, the rest by the ruleset."""
    if viewer.is_gm:
        return event
    if not is_engine_event(event):
        return ruleset.redact(event, viewer)
    match event:
        case DiceEntered():
            return None  # the GM's physical dice are secret until a roll consumes them
        case DiceRolled() if event.visible_to is not None:
            return event if viewer.seat_id in event.visible_to else None
        case GameCreated():
            # The scenario may hold secrets (hidden map, starting positions); seats see it through the state.
            return R(event, setup=msgspec.Raw(b"null"), settings=msgspec.Raw(b"null"), content=msgspec.Raw(b"null"))
        case GameForked():
            return R(event, state=msgspec.Raw(b"null"))
        case SeatAdded():
            return R(event, token_id="")
        case SeatReassigned():
            # The table sees who plays the seat now; token ids and the GM's reason stay with the GMs.
            return R(event, token_id="", reason="")
        case SeatTokenRevoked() | SeatTokenIssued() | GmTokenRevoked() | GmTokenIssued():
            return None
        case _:
            return event
