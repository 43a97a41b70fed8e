"""The generic game lifecycle around a ruleset: decide and evolve (state types in `state`, clock decisions in
`deadlines`, views and redaction in `views`; their public names are re-exported here).

`GameState` pairs the engine's `GameMeta` (seats, turn, phase, deadline, dice, timers) with the ruleset's own
state. `decide_*` functions validate and return events; `evolve` folds any event of the game, engine or
ruleset, and never fails. The stream version is not part of the state: the store and projections track it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any, assert_never

import msgspec

from domain.engine.actors import Actor
from domain.engine.content import pinned
from domain.engine.deadlines import (
    aware,
    decide_accept_late_orders,
    decide_extend_deadline,
    decide_pause,
    decide_resume,
    late_accepted,
    phase_due_at,
    require_clock_running,
)
from domain.engine.dice import (
    PUBLIC,
    DiceEpochStarted,
    DicePrivateSeedRevealed,
    DiceRolled,
    PendingDice,
    check_dice_shape,
)
from domain.engine.errors import Rejected, forbidden
from domain.engine.exact import dec_hook
from domain.engine.messages import (
    GM_ENGINE_COMMANDS,
    AcceptLateOrders,
    AddSeat,
    AdvancePhase,
    CreateGame,
    DeadlineChanged,
    DiceEntered,
    DiceRevealModeSet,
    EndGame,
    EngineCommand,
    EnterDice,
    ExtendDeadline,
    FireDueTimers,
    GameCreated,
    GameEnded,
    GameForked,
    GamePaused,
    GameResumed,
    GameStarted,
    LateOrdersAccepted,
    OrderLimitSet,
    PauseGame,
    PhaseEnded,
    PhaseStarted,
    RerollOrdered,
    ResumeGame,
    RevealDice,
    SeatAdded,
    SeatReassigned,
    SeatTokenIssued,
    SeatTokenRevoked,
    SetDeadline,
    SetDiceReveal,
    SetOrderLimit,
    StartGame,
    SuccessorOpened,
    TimerCancelled,
    TimerFired,
    TimerScheduled,
    TurnEnded,
    TurnStarted,
)
from domain.engine.ruleset import DecisionContext, Ruleset, Timer
from domain.engine.state import (
    ENGINE_EVENT_TYPES,
    GameMeta,
    GameState,
    R,
    Seat,
    is_engine_event,
    require_not_ended,
    require_running,
)

# Re-exported: the engine's public names live in one place for callers (`from domain.engine import game`).
from domain.engine.views import meta_view, redact

# Callers use `from domain.engine import game as engine`; these names are theirs to use.
__all__ = [
    "GameMeta",
    "GameState",
    "Seat",
    "available_commands",
    "decide",
    "decide_add_seat",
    "decide_create",
    "evolve",
    "fold",
    "forked",
    "initial",
    "meta_view",
    "phase_due_at",
    "redact",
]

# --- decide ---------------------------------------------------------------------------------------------


def decide_create(ruleset: Ruleset, command: CreateGame, now: datetime, gm: str) -> list[Any]:
    """Validate the scenario and settings against the ruleset, then record the game's birth."""
    setup = _decode_document(command.setup, ruleset.setup_type, "scenario")
    settings = _decode_document(command.settings, ruleset.settings_type, "settings")
    if command.content_pack is not None:
        setup = pinned(ruleset, setup, bytes(command.content))
    ruleset.initial_state(setup, settings)  # raises Rejected for a well-formed but impossible scenario
    return [
        GameCreated(
            game_id=command.game_id,
            name=command.name,
            ruleset_id=ruleset.id,
            ruleset_version=ruleset.version,
            gm=gm,
            created_at=now,
            dice_commitment=command.dice_commitment,
            setup=command.setup,
            settings=command.settings,
            private_dice_commitment=command.private_dice_commitment,
            previous_game_id=command.previous_game_id,
            content_pack=command.content_pack,
            content=command.content,
        )
    ]


def _decode_document(raw: msgspec.Raw, kind: type[Any], what: str) -> Any:
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.ValidationError as exc:
        raise Rejected(f"{what}.invalid", f"The {what} document is invalid: {exc}") from None
    except msgspec.DecodeError as exc:
        raise Rejected(f"{what}.malformed", f"The {what} document is not valid JSON: {exc}") from None
    except RecursionError:
        raise Rejected(f"{what}.too_deep", f"The {what} document nests too deeply to be a {what}.") from None


def decide_add_seat(ruleset: Ruleset, state: GameState[Any], command: AddSeat) -> list[Any]:
    if state.meta.status == "ended":
        raise Rejected("engine.game_ended", "The game has ended; no seats can be added.", status=409)
    if command.seat_id in state.meta.seats:
        raise Rejected("engine.seat_exists", f"Seat {command.seat_id} already exists.", status=409)
    if command.role in ("player", "bot"):
        ruleset.validate_seat(state.rules, command.controls)
    return [
        SeatAdded(
            seat_id=command.seat_id,
            name=command.name,
            role=command.role,
            token_id=command.token_id,
            controls=command.controls,
        )
    ]


def decide(ruleset: Ruleset, state: GameState[Any], command: Any, ctx: DecisionContext) -> list[Any]:
    """Decide any public command: an engine command or one of the ruleset's. Dice rolls are prepended."""
    tag = command.__struct_config__.tag
    if tag in GM_ENGINE_COMMANDS:
        if not ctx.actor.is_gm:
            raise forbidden(f"Only the GM may issue {tag}.")
        events = _decide_engine(ruleset, state, command, ctx)
    else:
        events = _decide_ruleset(ruleset, state, command, tag, ctx)
    events = _reveal_automatically(state.meta, events, ctx)
    return [*ctx.dice.rolled, *events]


def _reveal_automatically(meta: GameMeta, events: list[Any], ctx: DecisionContext) -> list[Any]:
    """With `SetDiceReveal(turn_end | game_end)`, close the dice epoch right after the turn's or game's end.

    The rolls of the decision precede the reveal in the append (they belong to the epoch being closed). A game
    whose seed this server does not hold (an imported one) keeps its epoch: there is nothing to reveal.
    """
    if meta.dice_reveal == "manual" or not ctx.dice.can_close_epoch:
        return events
    triggers = (TurnEnded, GameEnded) if meta.dice_reveal == "turn_end" else (GameEnded,)
    last = max((i for i, e in enumerate(events) if isinstance(e, triggers)), default=None)
    if last is None:
        return events
    ended = events[last]
    reason = f"end of turn {ended.turn}" if isinstance(ended, TurnEnded) else "end of the game"
    game_over = any(isinstance(e, GameEnded) for e in events)
    closing = ctx.dice.close_epoch(
        f"automatic: {reason}", game_over=game_over, privately_revealed=meta.private_revealed
    )
    return [*events[: last + 1], *closing, *events[last + 1 :]]


def _decide_engine(ruleset: Ruleset, state: GameState[Any], command: EngineCommand, ctx: DecisionContext) -> list[Any]:
    match command:
        case StartGame():
            return decide_start(ruleset, state, ctx)
        case AdvancePhase():
            return decide_advance(ruleset, state, command, ctx)
        case SetDeadline():
            return decide_set_deadline(state, command)
        case EndGame():
            require_not_ended(state)
            return [GameEnded(reason=command.reason, at=ctx.now)]
        case EnterDice():
            return decide_enter_dice(state, command)
        case RevealDice():
            return decide_reveal_dice(state, command, ctx)
        case SetDiceReveal():
            require_not_ended(state)
            return [DiceRevealModeSet(mode=command.mode, reason=command.reason)]
        case FireDueTimers():
            return decide_fire_timers(ruleset, state, command, ctx)
        case ExtendDeadline():
            return decide_extend_deadline(state, command)
        case PauseGame():
            return decide_pause(state, command, ctx)
        case ResumeGame():
            return decide_resume(state, command, ctx)
        case AcceptLateOrders():
            return decide_accept_late_orders(state, command)
        case SetOrderLimit():
            require_not_ended(state)
            if not command.reason.strip():
                raise Rejected("ruling.reason_required", "Say why the limit changes; the reason is recorded.")
            return [OrderLimitSet(limit=command.limit, reason=command.reason.strip())]
        case _:
            assert_never(command)


def _open_phase(ruleset: Ruleset, turn: int, index: int, now: datetime) -> list[Any]:
    phase = ruleset.phases[index]
    deadline = now + phase.deadline if phase.deadline is not None else None
    events: list[Any] = []
    if index == 0:
        events.append(TurnStarted(turn=turn, at=now))
    events.append(PhaseStarted(turn=turn, phase=phase.name, at=now, deadline=deadline))
    return events


def decide_start(ruleset: Ruleset, state: GameState[Any], ctx: DecisionContext) -> list[Any]:
    if state.meta.status != "setup":
        raise Rejected("engine.already_started", "The game has already started.", status=409)
    return [GameStarted(at=ctx.now), *_open_phase(ruleset, 1, 0, ctx.now)]


def decide_advance(ruleset: Ruleset, state: GameState[Any], command: AdvancePhase, ctx: DecisionContext) -> list[Any]:
    require_running(state)
    meta = state.meta
    if (command.turn is not None and command.turn != meta.turn) or (
        command.phase is not None and command.phase != meta.phase
    ):
        raise Rejected(
            "engine.phase_mismatch",
            f"The game is in turn {meta.turn}, phase {meta.phase!r}, not the one named; it was advanced already.",
            status=409,
        )
    if ctx.actor.role == "system":
        # The scheduler closes a phase only when it is due: a deadline moved or a pause ordered after the scheduler
        # looked must win. A GM closes a phase whenever they choose.
        require_clock_running(state)
        due = phase_due_at(meta)
        if due is None or ctx.now < due:
            raise Rejected("engine.not_due", "The phase's deadline has not passed (or was cleared).", status=409)
    phase = ruleset.phases[meta.phase_index]
    events: list[Any] = []
    if phase.resolver is not None:
        events.extend(phase.resolver(state.rules, ctx))
    events.append(PhaseEnded(turn=meta.turn, phase=phase.name, at=ctx.now))
    if any(isinstance(e, GameEnded) for e in events):
        return events
    next_index = (meta.phase_index + 1) % len(ruleset.phases)
    turn = meta.turn
    if next_index == 0:
        events.append(TurnEnded(turn=turn, at=ctx.now))
        turn += 1
    events.extend(_open_phase(ruleset, turn, next_index, ctx.now))
    return events


def decide_set_deadline(state: GameState[Any], command: SetDeadline) -> list[Any]:
    require_running(state)
    assert state.meta.phase is not None
    if command.deadline is not None and command.deadline.tzinfo is None:
        raise Rejected("engine.bad_deadline", "Give the deadline with its time zone, e.g. 2026-05-01T18:00:00Z.")
    return [
        DeadlineChanged(turn=state.meta.turn, phase=state.meta.phase, deadline=command.deadline, reason=command.reason)
    ]


def decide_reveal_dice(state: GameState[Any], command: RevealDice, ctx: DecisionContext) -> list[Any]:
    """Publish the current epoch's public seed and open the next one. After the game's end, every private seed
    not revealed yet is published too: nothing is left to roll."""
    if not command.reason.strip():
        raise Rejected("dice.reason_required", "Say why the seed is revealed; the reason is recorded.")
    meta = state.meta
    game_over = meta.status == "ended"
    return list(
        ctx.dice.close_epoch(command.reason.strip(), game_over=game_over, privately_revealed=meta.private_revealed)
    )


def decide_enter_dice(state: GameState[Any], command: EnterDice) -> list[Any]:
    require_not_ended(state)
    check_dice_shape(len(command.results), command.sides)
    if any(not 1 <= r <= command.sides for r in command.results):
        raise Rejected("dice.bad_result", f"Each result must lie between 1 and {command.sides}.")
    return [DiceEntered(sides=command.sides, results=tuple(command.results), purpose=command.purpose)]


def decide_fire_timers(
    ruleset: Ruleset, state: GameState[Any], command: FireDueTimers, ctx: DecisionContext
) -> list[Any]:
    require_not_ended(state)
    if ctx.actor.role == "system":
        require_clock_running(state)
    cutoff = ctx.now if command.until is None else min(ctx.now, aware(command.until))
    due = sorted(
        (t for t in state.meta.timers.values() if aware(t.fire_at) <= cutoff), key=lambda t: (t.fire_at, t.timer_id)
    )
    events: list[Any] = []
    rules = state.rules
    cancelled: set[str] = set()
    for timer in due:
        if timer.timer_id in cancelled:
            continue  # an earlier timer of this batch cancelled it
        fired = TimerFired(timer_id=timer.timer_id, at=timer.fire_at)
        caused = list(ruleset.on_timer(rules, timer, ctx))
        events.append(fired)
        events.extend(caused)
        for event in caused:
            if isinstance(event, TimerCancelled):
                cancelled.add(event.timer_id)
            elif not is_engine_event(event):
                rules = ruleset.evolve(rules, event)
    return events


def _decide_ruleset(ruleset: Ruleset, state: GameState[Any], command: Any, tag: str, ctx: DecisionContext) -> list[Any]:
    require_running(state)
    actor = ctx.actor
    if tag in ruleset.gm_commands:
        if not actor.is_gm:
            raise forbidden(f"{tag} is a GM ruling; only the GM may issue it.")
    else:
        if not actor.may_act:
            raise forbidden(f"A {actor.role} seat may watch the game but not issue commands.")
        if not actor.is_gm:
            require_clock_running(state)
            require_under_order_limit(state, ctx)
        phase = ruleset.phase_named(state.meta.phase)
        if phase is not None and phase.commands is not None and tag not in phase.commands:
            raise Rejected(
                "engine.not_in_this_phase",
                f"{tag} cannot be issued during the {state.meta.phase!r} phase; "
                "see GET /v1/games/{id}/commands/available.",
                status=409,
            )
        deadline = state.meta.deadline
        if (
            not actor.is_gm
            and deadline is not None
            and ctx.now >= aware(deadline)
            and not late_accepted(state.meta, actor, ctx.now)
        ):
            raise Rejected(
                "engine.deadline_passed",
                f"The {state.meta.phase!r} phase's deadline passed at {deadline.isoformat()}; only the GM can accept "
                "late orders (AcceptLateOrders).",
                status=409,
            )
    return list(ruleset.decide(state.rules, command, ctx))


def require_under_order_limit(state: GameState[Any], ctx: DecisionContext) -> None:
    """A seat may have at most `max_orders_per_turn` commands accepted in one turn (free orders included), so one
    seat cannot flood the game's log; the count starts again with each turn."""
    limit = state.meta.max_orders_per_turn
    if ctx.orders_this_turn >= limit:
        raise Rejected(
            "engine.too_many_orders",
            f"This seat has had {ctx.orders_this_turn} commands accepted in turn {state.meta.turn}, the game's limit "
            f"of {limit} a turn; send more when the next turn starts, or ask the GM to raise it (SetOrderLimit).",
            status=409,
        )


def available_commands(ruleset: Ruleset, state: GameState[Any], actor: Actor, now: datetime | None = None) -> list[str]:
    """The command tags `actor` may issue now: engine commands for GMs, ruleset commands by phase (none for a seat
    past the deadline, given `now`, unless the GM accepted its late orders)."""
    meta = state.meta
    tags: list[str] = []
    if actor.is_gm and meta.status != "ended":
        tags.append("EnterDice")
        if meta.status == "setup":
            tags.append("StartGame")
        else:
            tags.extend(["AdvancePhase", "SetDeadline", "FireDueTimers", "ExtendDeadline", "AcceptLateOrders"])
            tags.append("ResumeGame" if meta.paused_at is not None else "PauseGame")
            tags.extend(["RevealDice", "SetDiceReveal"])
        tags.append("SetOrderLimit")
        tags.append("EndGame")
    elif actor.is_gm:
        tags.append("RevealDice")  # revealing the last epoch's seed after the game's end
    if meta.status != "running" or (meta.paused_at is not None and not actor.is_gm):
        return tags
    if now is not None and not actor.is_gm and meta.deadline is not None and now >= aware(meta.deadline):
        if not late_accepted(meta, actor, now):
            return tags
    phase = ruleset.phase_named(meta.phase)
    for tag in ruleset.available(state.rules, actor):
        if tag in ruleset.gm_commands:
            if actor.is_gm:
                tags.append(tag)
        elif actor.may_act and (phase is None or phase.commands is None or tag in phase.commands):
            tags.append(tag)
    return tags


# --- evolve ---------------------------------------------------------------------------------------------


def initial(ruleset: Ruleset, event: GameCreated) -> GameState[Any]:
    setup = msgspec.json.decode(event.setup, type=ruleset.setup_type)
    settings = msgspec.json.decode(event.settings, type=ruleset.settings_type)
    if event.content_pack is not None:
        setup = pinned(ruleset, setup, bytes(event.content))
    meta = GameMeta(
        game_id=event.game_id,
        name=event.name,
        ruleset_id=event.ruleset_id,
        ruleset_version=event.ruleset_version,
        gm=event.gm,
        created_at=event.created_at,
        dice_commitment=event.dice_commitment,
        private_commitment=event.private_dice_commitment,
        previous_game_id=event.previous_game_id,
        content_pack=event.content_pack,
    )
    return GameState(meta=meta, rules=ruleset.initial_state(setup, settings))


def forked(ruleset: Ruleset, event: GameForked) -> GameState[Any]:
    """A fork's starting state: the source's state with the fork's own identity, history and dice."""
    source = msgspec.json.decode(event.state, type=GameState[ruleset.state_type], dec_hook=dec_hook)  # type: ignore[name-defined]
    meta = R(
        source.meta,
        game_id=event.game_id,
        name=event.name,
        gm=event.gm,
        created_at=event.created_at,
        dice_commitment=event.dice_commitment,
        private_commitment=event.private_dice_commitment,
        private_revealed=-1,
        dice_epoch=0,
        reverted=(),
        next_game_ids=(),
    )
    return R(source, meta=meta)


def evolve(ruleset: Ruleset, state: GameState[Any] | None, event: Any) -> GameState[Any] | None:
    """Fold one event. Total: an event that does not apply leaves the state as it was."""
    if isinstance(event, GameCreated):
        return initial(ruleset, event)
    if isinstance(event, GameForked):
        return forked(ruleset, event)
    if state is None:
        return None
    if not is_engine_event(event):
        return R(state, rules=ruleset.evolve(state.rules, event))
    return R(state, meta=_evolve_meta(ruleset, state.meta, event))


def _evolve_meta(ruleset: Ruleset, meta: GameMeta, event: Any) -> GameMeta:
    if type(event) in _META_INERT:  # a quarter of a stream's engine events: not through the cases below
        return meta
    match event:
        case SeatAdded():
            seat = Seat(
                seat_id=event.seat_id,
                name=event.name,
                role=event.role,
                token_id=event.token_id,
                controls=event.controls,
            )
            return R(meta, seats={**meta.seats, event.seat_id: seat})
        case GameStarted():
            return R(meta, status="running")
        case TurnStarted():
            return R(meta, turn=event.turn, turn_started_at=event.at)
        case PhaseStarted():
            index = next((i for i, p in enumerate(ruleset.phases) if p.name == event.phase), -1)
            return R(
                meta, turn=event.turn, phase=event.phase, phase_index=index, deadline=event.deadline, late_orders={}
            )
        case DeadlineChanged():
            return R(meta, deadline=event.deadline)
        case GameEnded():
            return R(meta, status="ended", ended_reason=event.reason, deadline=None)
        case DiceEntered():
            pending = PendingDice(sides=event.sides, results=event.results, purpose=event.purpose)
            return R(meta, pending_dice=(*meta.pending_dice, pending))
        case DiceRolled():
            return _evolve_roll(meta, event)
        case DiceEpochStarted():
            return R(
                meta,
                dice_epoch=event.epoch,
                dice_commitment=event.commitment,
                private_commitment=event.private_commitment,
            )
        case DicePrivateSeedRevealed():
            return R(meta, private_revealed=max(meta.private_revealed, event.epoch))
        case DiceRevealModeSet():
            return R(meta, dice_reveal=event.mode)
        case OrderLimitSet():
            return R(meta, max_orders_per_turn=event.limit)
        case SuccessorOpened():
            return R(meta, next_game_ids=(*meta.next_game_ids, event.successor_id))
        case RerollOrdered():
            return R(meta, next_roll_index=max(meta.next_roll_index, event.next_roll_index))
        case TimerScheduled():
            timer = Timer(timer_id=event.timer_id, fire_at=event.fire_at, purpose=event.purpose, subject=event.subject)
            return R(meta, timers={**meta.timers, event.timer_id: timer})
        case TimerCancelled() | TimerFired():
            return R(meta, timers={k: v for k, v in meta.timers.items() if k != event.timer_id})
        case GamePaused():
            return R(meta, paused_at=event.at)
        case GameResumed():
            # The deadline and timers move by the DeadlineChanged and TimerScheduled events that follow.
            shift = timedelta(seconds=event.paused_seconds)
            return R(meta, paused_at=None, late_orders={k: v + shift for k, v in meta.late_orders.items()})
        case LateOrdersAccepted():
            return R(meta, late_orders={**meta.late_orders, event.seat_id: event.until})
        case SeatTokenRevoked() | SeatTokenIssued() | SeatReassigned():
            return _evolve_seat(meta, event)
        case _:  # GameCreated, _META_INERT; TimelineReverted is applied by projections (`timeline.revert`)
            return meta


_META_INERT: frozenset[type] = frozenset({PhaseEnded, TurnEnded})  # change nothing in the meta


def _evolve_seat(meta: GameMeta, event: SeatTokenRevoked | SeatTokenIssued | SeatReassigned) -> GameMeta:
    """The seat's current token id (empty once revoked), and its player's name after a takeover."""
    seat = meta.seats.get(event.seat_id)
    if seat is None:
        return meta
    match event:
        case SeatTokenRevoked():
            changed = R(seat, token_id="") if seat.token_id == event.token_id else seat
        case SeatTokenIssued():
            changed = R(seat, token_id=event.token_id)
        case SeatReassigned():
            changed = R(seat, name=event.name, token_id=event.token_id)
    return R(meta, seats={**meta.seats, event.seat_id: changed})


def _evolve_roll(meta: GameMeta, event: DiceRolled) -> GameMeta:
    pending = meta.pending_dice
    if event.source == "gm":
        for i, p in enumerate(pending):
            if p.matches(event.purpose, event.count, event.sides) and p.results == event.results:
                pending = (*pending[:i], *pending[i + 1 :])
                break
    if event.stream == PUBLIC:
        return R(meta, next_roll_index=max(meta.next_roll_index, event.roll_index + 1), pending_dice=pending)
    following = max(meta.stream_indices.get(event.stream, 0), event.roll_index + 1)
    return R(meta, stream_indices={**meta.stream_indices, event.stream: following}, pending_dice=pending)


def fold(ruleset: Ruleset, events: Iterable[Any], state: GameState[Any] | None = None) -> GameState[Any] | None:
    """`evolve` over many events. Meta and rules fold apart and meet once at the end: same result, less copying."""
    meta, rules = (state.meta, state.rules) if state is not None else (None, None)
    engine_types, evolve_rules = ENGINE_EVENT_TYPES, ruleset.evolve
    for event in events:  # the ruleset's events first: most of a stream, one check each
        kind = type(event)
        if kind not in engine_types:
            if meta is not None:
                rules = evolve_rules(rules, event)
        elif kind is GameCreated or kind is GameForked:
            created = initial(ruleset, event) if kind is GameCreated else forked(ruleset, event)
            meta, rules = created.meta, created.rules
        elif meta is not None and kind not in _META_INERT:
            meta = _evolve_meta(ruleset, meta, event)
    return None if meta is None else GameState(meta=meta, rules=rules)
