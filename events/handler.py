"""The command handler: load the game's state, decide, append at the expected version, retry on conflict.

State comes from a `StateLoader` (an in-process cache of each game's latest state, falling back to snapshot
plus fold; implemented in `projections.state`). When the client pins a version (`If-Match`), a mismatch is
a `VersionConflict`; otherwise a conflict reloads and decides again, a bounded number of times.

Idempotency: with a key, the first outcome (accepted or refused) is stored per caller and returned for every
retry with the same body; the same key with another body is an `IdempotencyMismatch`.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import secrets
import weakref
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, Protocol

import msgspec

from domain import rulesets
from domain.engine import Actor, DecisionContext, GameState, Rejected, Ruleset
from domain.engine import game as engine
from domain.engine.dice import Dice, EpochSeed, commitment, seeded_deriver
from domain.engine.messages import AddSeat, ContentPackRef, CreateGame, GameForked, TimelineReverted
from domain.engine.ruleset import SeatInfo
from domain.engine.state import GameMeta, Seat
from events.codec import codec_for, encode, tag_of
from events.ids import random_uuid
from events.lru import Lru
from events.order_counts import OrderCounts
from events.rejections import Rejection, RejectionLog
from events.secrets import SecretStore
from events.store import (
    ConcurrencyConflict,
    EventMetadata,
    EventStore,
    IdempotencyRecord,
    IdempotencyReplay,
    NewEvent,
    RecordedEvent,
    canonical,
)

MAX_ATTEMPTS = 8
_CACHED_GAMES = 10_000  # games whose seats, as decisions see them, are remembered
log = logging.getLogger("pantheon.commands")


def stream_of(game_id: str) -> str:
    return f"game-{game_id}"


class ResultEvent(msgspec.Struct, frozen=True):
    version: int
    type: str
    data: msgspec.Raw


class Accepted(msgspec.Struct, frozen=True, tag="accepted", tag_field="status"):
    game_id: str
    command_id: str
    version: int
    events: list[ResultEvent]
    replayed: bool = False


class Refused(msgspec.Struct, frozen=True, tag="rejected", tag_field="status"):
    game_id: str
    command_id: str
    code: str
    message: str
    http_status: int = 422
    replayed: bool = False


Outcome = Accepted | Refused
_outcome_decoder = msgspec.json.Decoder(Outcome)


class VersionConflict(Exception):
    def __init__(self, game_id: str, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id, self.expected, self.actual = game_id, expected, actual


class Contention(Exception):
    """Too many concurrent writers kept moving the game; the client may retry."""


class IdempotencyMismatch(Exception):
    pass


class UnknownGame(LookupError):
    pass


class BadCommand(ValueError):
    """The body is not a command of this game's ruleset; the message names what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class StateLoader(Protocol):
    async def latest(self, game_id: str, *, refresh: bool = False) -> tuple[int, GameState[Any], Ruleset]:
        """The newest state; raises `UnknownGame`."""
        ...

    async def remember(
        self, game_id: str, version: int, state: GameState[Any], ruleset: Ruleset, events: Sequence[Any]
    ) -> None:
        """A new state after an append (the events that led to it are given for snapshot policy)."""
        ...

    def forget(self, game_id: str | None = None) -> None:
        """Drop a cached state (all of them with `None`); the next `latest` reloads it."""
        ...


Decision = Callable[[GameState[Any], DecisionContext], list[Any]]


@functools.lru_cache(maxsize=4096)
def _commitment(seed: bytes) -> str:
    """`commitment`, remembered: the current epoch's private seed is checked against it on every decision."""
    return commitment(seed)


def request_hash(game_id: str, body: bytes, expected_version: int | None) -> bytes:
    return hashlib.sha256(f"{game_id}\n{expected_version}\n".encode() + canonical(body)).digest()


def _now() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    return random_uuid()


class CommandHandler:
    def __init__(
        self,
        store: EventStore,
        states: StateLoader,
        secret_store: SecretStore,
        *,
        clock: Callable[[], datetime] = _now,
        new_id: Callable[[], str] = _new_id,
        rejections: RejectionLog | None = None,
    ) -> None:
        self.store = store
        self.states = states
        self.secrets = secret_store
        self.clock = clock
        self.new_id = new_id
        self.rejections = rejections
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.order_counts = OrderCounts()
        self._seats: Lru[str, tuple[Mapping[str, Seat], Mapping[str, SeatInfo]]] = Lru(_CACHED_GAMES)

    # --- games and seats --------------------------------------------------------------------------------

    async def create_game(
        self,
        ruleset: Ruleset,
        name: str,
        setup: bytes,
        settings: bytes,
        actor: Actor,
        *,
        previous_game_id: str | None = None,
        content: tuple[ContentPackRef, bytes] | None = None,
    ) -> tuple[str, RecordedEvent]:
        """Validate the scenario, store the dice seed outside the stream and append `GameCreated`.

        `previous_game_id`: the finished game this one follows; `content`: the stored pack it plays with."""
        game_id = self.new_id()
        seed, private = secrets.token_bytes(32), secrets.token_bytes(32)
        command = CreateGame(
            game_id=game_id,
            name=name,
            ruleset_id=ruleset.id,
            ruleset_version=ruleset.version,
            setup=msgspec.Raw(setup),
            settings=msgspec.Raw(settings),
            dice_commitment=commitment(seed),
            private_dice_commitment=commitment(private),
            previous_game_id=previous_game_id,
            content_pack=None if content is None else content[0],
            content=msgspec.Raw(b"null" if content is None else content[1]),
        )
        events = engine.decide_create(ruleset, command, self.clock(), actor.principal)
        return game_id, await self._begin(game_id, (seed, private), events, actor, "CreateGame")

    async def fork(
        self, ruleset: Ruleset, name: str, source_id: str, at_version: int, state: GameState[Any], actor: Actor
    ) -> tuple[str, RecordedEvent]:
        """A new game starting from `state` (the source at `at_version`), with its own dice seed."""
        game_id = self.new_id()
        seed, private = secrets.token_bytes(32), secrets.token_bytes(32)
        forked = GameForked(
            game_id=game_id,
            name=name,
            ruleset_id=ruleset.id,
            ruleset_version=ruleset.version,
            gm=actor.principal,
            created_at=self.clock(),
            dice_commitment=commitment(seed),
            forked_from=source_id,
            forked_at_version=at_version,
            state=msgspec.Raw(encode(state)),
            private_dice_commitment=commitment(private),
        )
        return game_id, await self._begin(game_id, (seed, private), [forked], actor, "ForkGame")

    async def _begin(
        self, game_id: str, seeds: tuple[bytes, bytes], events: list[Any], actor: Actor, kind: str
    ) -> RecordedEvent:
        """Store the first seeds (public, private) outside the stream, then append the game's first event."""
        await self.secrets.create(game_id, 0, *seeds)
        meta = self._metadata(actor, kind, game_id, None, None)
        [recorded] = await self.store.append(
            stream_of(game_id), 0, [NewEvent(type=tag_of(e), data=encode(e)) for e in events], meta
        )
        return recorded

    async def add_seat(self, game_id: str, seat: AddSeat, actor: Actor) -> Outcome:
        if not actor.is_gm:
            raise Rejected("engine.forbidden", "Only the GM may add seats.", status=403)

        def decision(state: GameState[Any], ctx: DecisionContext) -> list[Any]:
            ruleset = rulesets.get(state.meta.ruleset_id, state.meta.ruleset_version)
            return engine.decide_add_seat(ruleset, state, seat)

        return await self.run(game_id, actor, decision, command_type="AddSeat", body=encode(seat))

    # --- commands ---------------------------------------------------------------------------------------

    async def submit(
        self,
        game_id: str,
        body: bytes,
        actor: Actor,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        correlation_id: str | None = None,
    ) -> Outcome:
        """Decode `body` as a command of the game's ruleset and run it."""
        _, _, ruleset = await self.states.latest(game_id)
        try:
            command = codec_for(ruleset).decode_command(body)
        except msgspec.ValidationError as exc:
            raise BadCommand("command.invalid", f"The command does not match its schema: {exc}") from None
        except msgspec.DecodeError as exc:
            raise BadCommand("request.malformed_json", f"The body is not valid JSON: {exc}") from None
        except RecursionError:
            raise BadCommand("request.too_deep", "The command nests too deeply; no command needs that depth.") from None

        def decision(state: GameState[Any], ctx: DecisionContext) -> list[Any]:
            return engine.decide(ruleset, state, command, ctx)

        return await self.run(
            game_id,
            actor,
            decision,
            command_type=tag_of(command),
            body=body,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
            correlation_id=correlation_id,
        )

    async def run(
        self,
        game_id: str,
        actor: Actor,
        decision: Decision,
        *,
        command_type: str,
        body: bytes,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        correlation_id: str | None = None,
    ) -> Outcome:
        caller = actor.token_id or actor.principal
        digest = request_hash(game_id, body, expected_version) if idempotency_key else b""
        if idempotency_key:
            found = await self.store.find_idempotent(caller, idempotency_key, stream_of(game_id))
            if found is not None:
                return self._replay(found, digest)
        command_id = self.new_id()
        # Writers of one game in this process queue here instead of racing to conflicts; other processes still
        # meet at the expected-version check and retry.
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        async with lock:
            return await self._decide_and_append(
                game_id,
                actor,
                decision,
                command_type,
                command_id,
                caller,
                digest,
                expected_version,
                idempotency_key,
                correlation_id,
                body,
            )

    async def _decide_and_append(
        self,
        game_id: str,
        actor: Actor,
        decision: Decision,
        command_type: str,
        command_id: str,
        caller: str,
        digest: bytes,
        expected_version: int | None,
        idempotency_key: str | None,
        correlation_id: str | None,
        body: bytes,
    ) -> Outcome:
        refresh = False
        for _attempt in range(MAX_ATTEMPTS):
            version, state, ruleset = await self.states.latest(game_id, refresh=refresh)
            if expected_version is not None and expected_version != version:
                if not refresh:
                    refresh = True
                    continue
                raise VersionConflict(game_id, expected_version, version)
            ctx = await self.context(state, actor, version)
            try:
                events = decision(state, ctx)
            except Rejected as rejected:
                if await self.store.stream_version(stream_of(game_id)) != version:
                    refresh = True  # decided on a stale cache: decide again on the truth
                    continue
                refusal = Refused(
                    game_id=game_id,
                    command_id=command_id,
                    code=rejected.code,
                    message=rejected.message,
                    http_status=rejected.status,
                )
                if self.rejections is not None:
                    meta = self._metadata(actor, command_type, command_id, correlation_id, state.meta.turn)
                    await self.rejections.record(
                        Rejection(
                            game_id=game_id, metadata=meta, code=rejected.code, message=rejected.message, body=body
                        )
                    )
                if idempotency_key:
                    stored = await self.store.remember_outcome(
                        IdempotencyRecord(caller, idempotency_key, digest, encode(refusal), stream_of(game_id))
                    )
                    return self._replay(stored, digest, fresh=refusal)
                return refusal
            new_events = [NewEvent(type=tag_of(e), data=encode(e)) for e in events]
            accepted = Accepted(
                game_id=game_id,
                command_id=command_id,
                version=version + len(events),
                events=[
                    ResultEvent(version=version + i, type=e.type, data=msgspec.Raw(e.data))
                    for i, e in enumerate(new_events, start=1)
                ],
            )
            if not events:
                return accepted
            meta = self._metadata(actor, command_type, command_id, correlation_id, state.meta.turn)
            record = (
                IdempotencyRecord(caller, idempotency_key, digest, encode(accepted), stream_of(game_id))
                if idempotency_key
                else None
            )
            try:
                await self.store.append(stream_of(game_id), version, new_events, meta, record)
            except ConcurrencyConflict:
                if expected_version is not None:
                    actual = await self.store.stream_version(stream_of(game_id))
                    raise VersionConflict(game_id, expected_version, actual) from None
                refresh = True
                continue
            except IdempotencyReplay as replay:
                return self._replay(replay.record, digest)
            self.order_counts.appended(game_id, version, accepted.version, actor.seat_id)
            await self._after_commit(game_id, accepted.version, state, ruleset, events)
            return accepted
        raise Contention(f"game {game_id} changed {MAX_ATTEMPTS} times while deciding; retry")

    async def _after_commit(
        self, game_id: str, version: int, state: GameState[Any], ruleset: Ruleset, events: list[Any]
    ) -> None:
        """Update the caches after a committed append. The command is recorded whatever happens here: a failure
        only drops the cached state (the next read folds from the store) and is logged, never answered."""
        try:
            if any(isinstance(e, TimelineReverted) for e in events):
                self.states.forget(game_id)  # a revert needs earlier states: the loader recomputes it
                return
            new_state = engine.fold(ruleset, events, state)
            assert new_state is not None
            await self.states.remember(game_id, version, new_state, ruleset, events)
        except Exception:
            log.exception("game %s: caching the state at version %d failed; the command is recorded", game_id, version)
            self.states.forget(game_id)

    # --- helpers ----------------------------------------------------------------------------------------

    def _replay(self, record: IdempotencyRecord, digest: bytes, fresh: Outcome | None = None) -> Outcome:
        if record.request_hash != digest:
            raise IdempotencyMismatch(
                "This Idempotency-Key was already used with a different request; use a new key for a new command."
            )
        outcome: Outcome = _outcome_decoder.decode(record.outcome)
        if fresh is not None and outcome == fresh:
            return fresh
        return msgspec.structs.replace(outcome, replayed=True)

    async def context(self, state: GameState[Any], actor: Actor, version: int | None = None) -> DecisionContext:
        """What a decision on `state` by `actor` may use: the clock, the game's dice, its seats."""
        meta = state.meta
        seed = await self.secrets.seed(meta.game_id, meta.dice_epoch)
        dice = Dice(
            game_id=meta.game_id,
            epoch=meta.dice_epoch,
            next_index=meta.next_roll_index,
            next_indices=meta.stream_indices,
            pending=meta.pending_dice,
            derive=seeded_deriver(seed, meta.game_id) if seed is not None else None,
            turn=meta.turn,
            private_seeds=await self._private_seeds(state, seed),
        )
        orders = 0
        if actor.seat_id is not None and not actor.is_gm and meta.turn_started_at is not None:
            orders = await self._orders_this_turn(meta.game_id, meta.turn_started_at, version, actor.seat_id)
        return DecisionContext(
            actor=actor,
            now=self.clock(),
            dice=dice,
            game_id=meta.game_id,
            turn=meta.turn,
            phase=meta.phase,
            seats=self._seat_infos(meta),
            orders_this_turn=orders,
        )

    def _seat_infos(self, meta: GameMeta) -> Mapping[str, SeatInfo]:
        """The game's seats as a decision sees them: made again only when the state's seats changed (a new
        mapping: states are never changed in place)."""
        cached = self._seats.get(meta.game_id)
        if cached is not None and cached[0] is meta.seats:
            return cached[1]
        infos = MappingProxyType({k: s.info() for k, s in meta.seats.items()})
        self._seats.put(meta.game_id, (meta.seats, infos))
        return infos

    async def _orders_this_turn(self, game_id: str, since: datetime, version: int | None, seat_id: str) -> int:
        """The seat's accepted commands this turn: from memory when this process wrote every event since it last
        counted (`events.order_counts`), else counted in the store."""
        if version is not None:
            known = self.order_counts.get(game_id, since, version, seat_id)
            if known is not None:
                return known
        count = await self.store.count_commands(stream_of(game_id), seat_id, since)
        if version is not None:
            self.order_counts.counted(game_id, since, version, seat_id, count)
        return count

    async def _private_seeds(self, state: GameState[Any], current: EpochSeed | None) -> dict[int, bytes]:
        """The private seed of the current epoch, if its commitment was published (not for an epoch from before
        private streams, nor an imported game's); every epoch's when this decision may reveal them (the game has
        ended, or may end and reveal automatically)."""
        meta = state.meta
        found: dict[int, bytes] = {}
        if (
            current is not None
            and current.private is not None
            and _commitment(current.private) == meta.private_commitment
        ):
            found[meta.dice_epoch] = current.private
        if meta.status == "ended" or meta.dice_reveal != "manual":
            for epoch in range(meta.private_revealed + 1, meta.dice_epoch):
                earlier = await self.secrets.seed(meta.game_id, epoch)
                if earlier is not None and earlier.private is not None:
                    found[epoch] = earlier.private
        return found

    def _metadata(
        self, actor: Actor, command_type: str, command_id: str, correlation_id: str | None, turn: int | None
    ) -> EventMetadata:
        return EventMetadata(
            actor=actor.principal,
            role=actor.role,
            recorded_at=self.clock(),
            seat_id=actor.seat_id,
            token_id=actor.token_id,
            command_id=command_id,
            command_type=command_type,
            correlation_id=correlation_id or command_id,
            causation_id=command_id,
            turn=turn,
        )
