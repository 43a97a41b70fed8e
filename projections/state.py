"""Game state now and at any point: an in-process cache of each game's latest state, snapshots, and folds.

`state_at(game, version | turn | time)` = nearest snapshot at or below the target + fold of the rest.
`at_turn=n` is the state when turn n opened (after the command that started its first phase, on the current
timeline); `at_time` is the state after the
last event recorded at or before that moment. Snapshots are written every `snapshot_every` events and at
every turn boundary, then pruned by the policy of `projections.snapshots` (the newest `snapshots_kept`, and
one per `snapshot_spacing` versions); they are keyed by ruleset version, so a new ruleset version never reads
an old layout.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

import msgspec

from domain import rulesets
from domain.engine import GameState, Ruleset, timeline
from domain.engine import game as engine
from domain.engine.messages import GameCreated, GameForked, TurnStarted
from events.codec import GameCodec, codec_for
from events.faults import ThrottledLog
from events.handler import UnknownGame, stream_of
from events.lru import Lru
from events.store import EventStore, TimeIndex
from projections.snapshots import SnapshotStore

_CACHE_SIZE = 4096
SNAPSHOTS_KEPT = 5
SNAPSHOT_SPACING = 500
log = logging.getLogger("pantheon.projections")
_snapshot_faults = ThrottledLog(log, interval=300.0)
_created_decoder = msgspec.json.Decoder(GameCreated | GameForked)


class Store(EventStore, TimeIndex, Protocol):
    pass


class OutOfRange(LookupError):
    pass


class RulesetUnavailable(LookupError):
    pass


class GameStates:
    def __init__(
        self,
        store: Store,
        snapshots: SnapshotStore,
        *,
        snapshot_every: int = 200,
        max_staleness: float = 1.0,
        snapshots_kept: int = SNAPSHOTS_KEPT,
        snapshot_spacing: int = SNAPSHOT_SPACING,
    ) -> None:
        self.store = store
        self.snapshots = snapshots
        self.snapshot_every = snapshot_every
        # The snapshot policy (projections.snapshots): the newest few, and one per `snapshot_spacing` versions.
        self.snapshots_kept = snapshots_kept
        self.snapshot_spacing = snapshot_spacing
        # Another process's appends arrive by NOTIFY; if one is lost, a cached game is re-checked after this long.
        self.max_staleness = max_staleness
        # Bounded, like every per-game memory of the process (events.lru): a game touched once is forgotten.
        self._checked: Lru[str, float] = Lru(_CACHE_SIZE)
        self._latest: OrderedDict[str, tuple[int, GameState[Any], Ruleset]] = OrderedDict()
        self._rulesets: Lru[str, Ruleset] = Lru(_CACHE_SIZE)
        # Games another process has appended to since we cached them: refreshed on their next read.
        self._behind: set[str] = set()
        store.notifier.observe(self._announced)

    def _announced(self, stream_id: str, version: int) -> None:
        game_id = stream_id.removeprefix("game-")
        entry = self._latest.get(game_id)
        if entry is not None and entry[0] < version:
            self._behind.add(game_id)

    # --- the StateLoader port of the command handler ----------------------------------------------------

    async def latest(self, game_id: str, *, refresh: bool = False) -> tuple[int, GameState[Any], Ruleset]:
        entry = self._latest.get(game_id)
        now = time.monotonic()
        if game_id in self._behind or now - (self._checked.get(game_id) or 0.0) > self.max_staleness:
            self._behind.discard(game_id)
            refresh = True
        if entry is not None and not refresh:
            self._latest.move_to_end(game_id)
            return entry
        if entry is not None:
            version, state, ruleset = entry
            rows = await self.store.read_data(stream_of(game_id), after_version=version)
            if any(type_ == "TimelineReverted" for _, type_, _ in rows):
                version, state = await self._load(game_id, ruleset, None)
            elif rows:
                state = self._fold(ruleset, state, rows)
                version = rows[-1][0]
        else:
            ruleset = await self.ruleset_of(game_id)
            version, state = await self._load(game_id, ruleset, None)
        self._put(game_id, (version, state, ruleset))
        self._checked.put(game_id, now)  # only for a game that exists: unknown ids leave nothing behind
        return version, state, ruleset

    async def remember(
        self, game_id: str, version: int, state: GameState[Any], ruleset: Ruleset, events: Sequence[Any]
    ) -> None:
        entry = self._latest.get(game_id)
        if entry is None or entry[0] < version:
            self._put(game_id, (version, state, ruleset))
            self._checked.put(game_id, time.monotonic())
        first = version - len(events) + 1
        crossed = (version // self.snapshot_every) > ((first - 1) // self.snapshot_every)
        if crossed or any(isinstance(e, TurnStarted) for e in events):
            await self._snapshot(game_id, version, ruleset, state)

    async def _snapshot(self, game_id: str, version: int, ruleset: Ruleset, state: GameState[Any]) -> None:
        """Save a snapshot, or log why not: snapshots are a cache, and a state that cannot be stored (an encoding
        limit, a full disk, the database gone) only means later reads fold from an older one."""
        try:
            encoded = codec_for(ruleset).encode_state(state)
            await self.snapshots.save(stream_of(game_id), version, ruleset.id, ruleset.version, encoded)
            await self.snapshots.prune(stream_of(game_id), self.snapshots_kept, self.snapshot_spacing)
        except Exception as exc:
            message = f"game {game_id}: snapshot at version {version} skipped"
            _snapshot_faults.failure(f"snapshot {game_id}", message, exc)

    def forget(self, game_id: str | None = None) -> None:
        if game_id is None:
            self._latest.clear()
        else:
            self._latest.pop(game_id, None)

    # --- time travel ------------------------------------------------------------------------------------

    async def state_at(
        self,
        game_id: str,
        *,
        version: int | None = None,
        turn: int | None = None,
        time: datetime | None = None,
    ) -> tuple[int, GameState[Any], Ruleset]:
        """The state at a version, at the start of a turn, or at a moment. With none given, the latest."""
        head, latest, ruleset = await self.latest(game_id)
        stream = stream_of(game_id)
        if turn is not None:
            candidates = await self.store.turn_versions(stream, turn)
            found = next((v for v in candidates if timeline.in_reverted_range(latest, v) is None), None)
            if found is None:
                raise OutOfRange(f"Turn {turn} has not started; the game is in turn {latest.meta.turn}.")
            version = found
        elif time is not None:
            version = await self.store.version_at_time(stream, time)
            if version == 0:
                raise OutOfRange("The game did not exist yet at that time.")
        if version is None or version == head:
            return head, latest, ruleset
        if not 1 <= version <= head:
            raise OutOfRange(f"Version {version} is outside this game's history (1 to {head}).")
        at, state = await self._load(game_id, ruleset, version)
        return at, state, ruleset

    async def fold_from_scratch(self, game_id: str, version: int | None = None) -> GameState[Any]:
        """A full fold with no cache and no snapshot: the reference every other path must equal.

        Without a revert, the stream is folded a page at a time as it is read (`EventStore.read_pages`:
        PostgreSQL reads the next page while this one folds). A stream with a revert folds with the reference
        fold of reverts, which needs every revert target first (a rare case; reverts are indexed)."""
        ruleset = await self.ruleset_of(game_id)
        stream = stream_of(game_id)
        codec = codec_for(ruleset)
        state: GameState[Any] | None = None
        if await self.store.read_of_type(stream, "TimelineReverted", to_version=version):
            rows = await self.store.read_data(stream, to_version=version)
            state = timeline.fold_with_reverts(ruleset, ((v, codec.decode_event(t, d)) for v, t, d in rows))
        else:
            async with contextlib.aclosing(self.store.read_pages(stream, to_version=version)) as pages:
                async for rows in pages:
                    state = engine.fold(ruleset, codec.decode_events(rows), state)
        if state is None:
            raise UnknownGame(game_id)
        return state

    # --- internals --------------------------------------------------------------------------------------

    async def ruleset_of(self, game_id: str) -> Ruleset:
        ruleset = self._rulesets.get(game_id)
        if ruleset is None:
            first = await self.store.read_stream(stream_of(game_id), to_version=1)
            if not first or first[0].type not in ("GameCreated", "GameForked"):
                raise UnknownGame(game_id)
            created = _created_decoder.decode(first[0].data)
            try:
                ruleset = rulesets.get(created.ruleset_id, created.ruleset_version)
            except rulesets.UnknownRuleset:
                raise RulesetUnavailable(
                    f"This server does not have ruleset {created.ruleset_id} v{created.ruleset_version}."
                ) from None
            self._rulesets.put(game_id, ruleset)
        return ruleset

    async def _load(self, game_id: str, ruleset: Ruleset, version: int | None) -> tuple[int, GameState[Any]]:
        stream = stream_of(game_id)
        codec = codec_for(ruleset)
        base_version, state = 0, None
        snapshot = await self.snapshots.load(stream, ruleset.version, version)
        reverts = await self.store.read_of_type(stream, "TimelineReverted", to_version=version)
        if reverts and (snapshot is None or snapshot[0] < reverts[-1][0]):
            # Fold from the last revert at or below the target: the state there is the state it returned to.
            at, type_, data = reverts[-1]
            event = codec.decode_event(type_, data)
            _, target = await self._load(game_id, ruleset, event.to_version)
            _, before = await self._load(game_id, ruleset, at - 1)
            base_version, state = at, timeline.revert(target, before, event, at)
            await self._snapshot(game_id, at, ruleset, state)
        elif snapshot is not None:
            base_version, state = snapshot[0], codec.decode_state(snapshot[1])
        rows = await self.store.read_data(stream, after_version=base_version, to_version=version)
        state = self._fold(ruleset, state, rows, codec)
        if state is None:
            raise UnknownGame(game_id)
        return (rows[-1][0] if rows else base_version), state

    def _fold(
        self,
        ruleset: Ruleset,
        state: GameState[Any] | None,
        rows: Sequence[tuple[int, str, bytes]],
        codec: GameCodec | None = None,
    ) -> Any:
        decode = (codec or codec_for(ruleset)).decode_event
        return engine.fold(ruleset, (decode(type_, data) for _, type_, data in rows), state)

    def _put(self, game_id: str, entry: tuple[int, GameState[Any], Ruleset]) -> None:
        self._latest[game_id] = entry
        self._latest.move_to_end(game_id)
        while len(self._latest) > _CACHE_SIZE:
            evicted, _ = self._latest.popitem(last=False)
            self._checked.pop(evicted)
            self._behind.discard(evicted)

    def sizes(self) -> dict[str, int]:
        """How many entries each of this cache's memories holds (each is bounded by `_CACHE_SIZE`)."""
        return {"states": len(self._latest), "checked": len(self._checked), "rulesets": len(self._rulesets)}
