"""Live events fan out: one reader per followed game, however many streams (SSE, GraphQL) follow it.

A `GameHub` exists while at least one stream follows its game. Its reader task waits on the game's wake-up
(`events.notify`: local appends and other processes' LISTEN/NOTIFY), reads the new events once, and renders them
once per distinct viewer (role, seat, entity), so 1,000 streams of 4 seats redact each event 4 times, not 1,000.
Each stream gets the same rendered `ViewBatch` object as every other stream of its viewer, SSE bytes included.
An SSE stream is pushed (`FanOut.push`): the reader writes the batch to its connection in the same loop, without
waking a task per stream; a GraphQL subscription pulls (`FanOut.follow`), in its own task.

A stream that joins reads its own history (from its `after` up to the hub's head when it joined) in pages, then
takes the hub's batches from a bounded backlog. A stream whose backlog is full (its client reads slower than the
game moves) is closed with `stream.too_slow`: it never holds up the reader or the other streams, and its client
resumes with `Last-Event-ID` (a browser `EventSource` does so by itself); its backlog is released at once, but a
client that stops reading altogether keeps its connection (and its stream slots) until that connection ends, as
uvicorn has no write timeout. Revoking a token closes its streams
(`auth.revoked`). When the last stream of a game leaves, its hub's task ends and the hub is forgotten.

Redaction depends on the viewer only through its role, seat and controlled entity (`ViewerKey`): rulesets
redact on those (never on the token), and so does `entered_by`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import types
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Generator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import msgspec

from domain.engine import Actor, GameState, Ruleset
from events.handler import stream_of
from events.store import EventStore, RecordedEvent
from projections.state import GameStates
from server import schemas as s
from server.problems import ApiError

log = logging.getLogger("pantheon.fanout")

PAGE = 1000
Render = Callable[[Ruleset, Actor, Sequence[RecordedEvent], GameState[Any]], list[s.EventEnvelope]]
ViewerKey = tuple[str, str | None, str | None]
SendBody = Callable[[bytes], Awaitable[None]]  # writes bytes to a pushed stream's connection (an ASGI `send`)
KEEPALIVE = b": keep-alive\n\n"


class StreamClosed(ApiError):
    """The server ended a live stream: `code` says why; `last_version` is the last event version handed to it."""

    def __init__(self, code: str, detail: str, status: int, last_version: int = 0) -> None:
        super().__init__(code, detail, status)
        self.last_version = last_version

    def sse(self) -> bytes:
        body = msgspec.json.encode({"code": self.code, "detail": self.detail, "last_version": self.last_version})
        return b"event: closed\ndata: " + body + b"\n\n"


def _too_slow(version: int) -> StreamClosed:
    return StreamClosed(
        "stream.too_slow",
        "This stream fell too far behind the game and was closed; reconnect with Last-Event-ID (or `after`) set to "
        "the last event version you received.",
        409,
        version,
    )


def _revoked(version: int) -> StreamClosed:
    return StreamClosed("auth.revoked", "This stream's token was revoked.", 401, version)


def _interrupted(version: int) -> StreamClosed:
    return StreamClosed(
        "stream.interrupted",
        "The server could not read the game's new events; reconnect with Last-Event-ID in a few seconds.",
        503,
        version,
    )


@dataclass(eq=False)
class ViewBatch:
    """New events as one viewer sees them; shared by every stream of that viewer."""

    envelopes: list[s.EventEnvelope]
    # What a transport derived from the batch, for every stream of the viewer (server/graphql/shared.py).
    shared: dict[str, Any] = field(default_factory=dict)

    def __iter__(self) -> Any:
        return iter(self.envelopes)

    @cached_property
    def sse(self) -> bytes:
        """The batch as Server-Sent Events (`event`, `data`, `id`), encoded once for all its streams."""
        return b"".join(
            b"event: %s\ndata: %s\nid: %d\n\n" % (e.type.encode(), msgspec.json.encode(e), e.version)
            for e in self.envelopes
        )

    def after(self, version: int) -> ViewBatch:
        """Only the events after `version` (a stream that joined while its own history read overlapped)."""
        if not self.envelopes or self.envelopes[0].version > version:
            return self
        return ViewBatch([e for e in self.envelopes if e.version > version])


@dataclass(eq=False)
class Follower:
    """One open stream: its viewer, its token, and its bounded backlog of batches.

    A pulled stream (`FanOut.follow`, GraphQL) takes its batches from the backlog in its own task. A pushed stream
    (`FanOut.push`, SSE) has `send_body`: once its history is written, the hub writes each batch to the connection
    itself, in the loop that renders it (`_push`), so an event costs a stream no task wake-up; the backlog only
    holds what queues behind a write that had to wait for the client."""

    actor: Actor
    backlog: int
    position: int
    send_body: SendBody | None = None
    pending: deque[ViewBatch | None] = field(default_factory=deque)
    closed: StreamClosed | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    live: bool = False  # pushed: its history is written, the hub writes the rest
    flushing: asyncio.Task[None] | None = None  # pushed: a write that waits for the client, and what queued behind
    key: ViewerKey = ("", None, None)

    def __post_init__(self) -> None:
        self.key = (self.actor.role, self.actor.seat_id, self.actor.controls)

    def offer(self, batch: ViewBatch) -> None:
        if self.closed is not None:
            return
        if self.live and self.flushing is None:
            self._push(batch)
            return
        if len(self.pending) >= self.backlog:
            self.close(_too_slow(self.position))
            return
        self.pending.append(batch)
        self.ready.set()

    def tick(self) -> None:
        """A keep-alive, unless something is already waiting to be sent."""
        if self.closed is not None or self.pending:
            return
        if self.send_body is None:
            self.pending.append(None)
            self.ready.set()
        elif self.live and self.flushing is None:
            self._push(None)

    def close(self, why: StreamClosed) -> None:
        if self.closed is None:
            self.closed = why
            self.pending.clear()
            self.ready.set()

    async def next(self) -> ViewBatch | None:
        """The next batch, or `None` for a keep-alive. Raises `StreamClosed` once closed."""
        while True:
            if self.closed is not None:
                self.closed.last_version = self.position
                raise self.closed
            if self.pending:
                return self.pending.popleft()
            self.ready.clear()
            await self.ready.wait()

    # --- pushed streams -------------------------------------------------------------------------------------

    def go_live(self) -> None:
        """The history is written: from now on the hub writes (first whatever queued meanwhile)."""
        self.live = True
        if self.pending and self.closed is None:
            self.flushing = asyncio.ensure_future(self._flush(None))

    def _push(self, batch: ViewBatch | None) -> None:
        """Write `batch` (`None`: a keep-alive) now. The ASGI `send` is stepped by hand: when it completes without
        waiting (the socket took the bytes, the usual case) no task ran for this stream; when it must wait (the
        transport's buffer is full: the client reads slowly), it finishes in a task of its own and later batches
        queue behind it (bounded by the backlog), so one slow client holds up no one."""
        assert self.send_body is not None
        if batch is not None:
            batch = batch.after(self.position)
            if not batch.envelopes:
                return
        send = _coroutine(self.send_body(KEEPALIVE if batch is None else batch.sse))
        try:
            waiting = send.send(None)
        except StopIteration:
            self._wrote(batch)
            return
        except Exception:  # the connection is gone: its stream ends with it
            log.debug("live events: a write failed", exc_info=True)
            self.close(_interrupted(self.position))
            return
        self.flushing = asyncio.ensure_future(self._flush((send, waiting, batch)))

    async def _flush(self, started: tuple[Coroutine[Any, Any, None], Any, ViewBatch | None] | None) -> None:
        """Finish a write that had to wait, then write what queued behind it; the hub writes again after that."""
        assert self.send_body is not None
        try:
            if started is not None:
                send, waiting, batch = started
                await _resume(send, waiting)
                self._wrote(batch)
            while self.pending and self.closed is None:
                batch = self.pending.popleft()
                if batch is not None:
                    batch = batch.after(self.position)
                    if not batch.envelopes:
                        continue
                await self.send_body(KEEPALIVE if batch is None else batch.sse)
                self._wrote(batch)
        except Exception:
            log.debug("live events: a write failed", exc_info=True)
            self.close(_interrupted(self.position))
        finally:
            self.flushing = None

    def _wrote(self, batch: ViewBatch | None) -> None:
        if batch is not None:
            self.position = batch.envelopes[-1].version


def _coroutine(awaitable: Awaitable[None]) -> Coroutine[Any, Any, None]:
    if isinstance(awaitable, Coroutine):
        return awaitable

    async def awaited() -> None:
        await awaitable

    return awaited()


@types.coroutine
def _resume(send: Coroutine[Any, Any, None], waiting: Any) -> Generator[Any, None, None]:
    """Drive a coroutine that was started by hand and is waiting on `waiting` to its end, in the awaiting task
    (what `await` would have done had the coroutine been awaited from the start; cancellation is passed in)."""
    while True:
        try:
            yield waiting
        except BaseException as exc:
            try:
                waiting = send.throw(exc)
            except StopIteration:
                return
            continue
        try:
            waiting = send.send(None)
        except StopIteration:
            return


class GameHub:
    """The one reader of a followed game: reads each new event once and hands every follower its own view."""

    def __init__(self, fanout: FanOut, game_id: str, ruleset: Ruleset, head: int) -> None:
        self.fanout, self.game_id, self.ruleset, self.head = fanout, game_id, ruleset, head
        self.stream = stream_of(game_id)
        self.followers: set[Follower] = set()
        self.reads = 0  # store reads of new events (structural counters for tests and the benchmark)
        self.renders = 0  # batches rendered: once per distinct viewer per read
        self._bell = fanout.notifier.bell(self.stream)
        self.task = asyncio.create_task(self._run(), name=f"pantheon-hub-{game_id}")

    async def _run(self) -> None:
        try:
            while True:
                self._bell.clear()
                recorded = await self.fanout.store.read_stream(self.stream, after_version=self.head, limit=PAGE)
                self.reads += 1
                if recorded:
                    _, latest, _ = await self.fanout.states.latest(self.game_id)
                    self._deliver(recorded, latest)
                    if len(recorded) == PAGE:
                        continue
                while not await self._rang():
                    for follower in self.followers:
                        follower.tick()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("live events of game %s: the reader failed; closing its streams", self.game_id)
            for follower in self.followers:
                follower.close(_interrupted(follower.position))
            self.fanout.forget(self)

    async def _rang(self) -> bool:
        """Wait for the game's next append; `False` after `keepalive` seconds of quiet (one timer per game, not
        one per stream)."""
        try:
            async with asyncio.timeout(self.fanout.keepalive):
                await self._bell.wait()
            return True
        except TimeoutError:
            return False

    def _deliver(self, recorded: Sequence[RecordedEvent], latest: GameState[Any]) -> None:
        # No await in here: the head moves and every follower gets its batch at once, so a follower that joins
        # sees each version either in its own history read (<= head) or in a batch (> head), never neither.
        self.head = recorded[-1].stream_version
        views: dict[ViewerKey, ViewBatch] = {}
        for follower in self.followers:
            view = views.get(follower.key)
            if view is None:
                envelopes = self.fanout.render(self.ruleset, follower.actor, recorded, latest)
                view = views[follower.key] = ViewBatch(envelopes)
                self.renders += 1
            if view.envelopes:
                follower.offer(view)
        # A closed follower (too slow, revoked) takes nothing more; its stream ends when its client lets it.
        self.fanout.drop(self, [f for f in self.followers if f.closed is not None])

    def close(self) -> None:
        self.task.cancel()
        self.fanout.notifier.unring(self._bell, self.stream)


class FanOut:
    """The hubs of this process, one per followed game."""

    def __init__(
        self, store: EventStore, states: GameStates, render: Render, *, backlog: int = 100, keepalive: float = 15.0
    ) -> None:
        self.store, self.states, self.keepalive = store, states, keepalive
        self.notifier = store.notifier
        self.render = render
        self.backlog = backlog
        self.hubs: dict[str, GameHub] = {}

    async def follow(
        self, game_id: str, ruleset: Ruleset, actor: Actor, head: int, after: int
    ) -> AsyncIterator[ViewBatch | None]:
        """`actor`'s view of the game's events after `after`, batch by batch, live; `None` is a keep-alive tick
        (after `keepalive` seconds in which the game had no new event).
        `head` is a recent version of the game (a hub that starts reads from there). Raises `StreamClosed`."""
        hub = self._hub(game_id, ruleset, head)
        follower = Follower(actor=actor, backlog=self.backlog, position=after)
        hub.followers.add(follower)
        try:
            async for missed in self._history(hub, follower, hub.head):
                yield missed
            while True:
                batch = await follower.next()
                if batch is None:
                    yield None
                    continue
                batch = batch.after(follower.position)
                if batch.envelopes:
                    follower.position = batch.envelopes[-1].version
                    yield batch
        finally:
            hub.followers.discard(follower)
            if not hub.followers:
                self.forget(hub)

    async def push(
        self, game_id: str, ruleset: Ruleset, actor: Actor, head: int, after: int, send_body: SendBody
    ) -> None:
        """Serve one pushed stream (SSE): `actor`'s view of the game's events after `after`, written with
        `send_body`: its history by this task, then each new batch by the hub itself (`Follower._push`). Returns
        never; raises `StreamClosed` when the server ends the stream, and is cancelled when the client leaves."""
        hub = self._hub(game_id, ruleset, head)
        follower = Follower(actor=actor, backlog=self.backlog, position=after, send_body=send_body)
        hub.followers.add(follower)
        try:
            async for missed in self._history(hub, follower, hub.head):
                await send_body(missed.sse)
            follower.go_live()
            while follower.closed is None:
                follower.ready.clear()
                await follower.ready.wait()
            raise follower.closed
        finally:
            if follower.flushing is not None:
                follower.flushing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await follower.flushing
            if follower.closed is not None:
                follower.closed.last_version = follower.position
            hub.followers.discard(follower)
            if not hub.followers:
                self.forget(hub)

    def _hub(self, game_id: str, ruleset: Ruleset, head: int) -> GameHub:
        hub = self.hubs.get(game_id)
        if hub is None:
            hub = self.hubs[game_id] = GameHub(self, game_id, ruleset, head)
        return hub

    async def _history(self, hub: GameHub, follower: Follower, until: int) -> AsyncIterator[ViewBatch]:
        """What the follower missed before it joined: its own reads, up to the hub's head when it joined."""
        while follower.position < until:
            recorded = await self.store.read_stream(
                hub.stream, after_version=follower.position, to_version=until, limit=PAGE
            )
            if not recorded:
                return
            _, latest, _ = await self.states.latest(hub.game_id)
            envelopes = self.render(hub.ruleset, follower.actor, recorded, latest)
            follower.position = recorded[-1].stream_version
            if envelopes:
                yield ViewBatch(envelopes)

    def drop(self, hub: GameHub, followers: Sequence[Follower]) -> None:
        """Closed followers take nothing more (their streams end when their clients let them); a hub left without
        followers stops at once."""
        if followers:
            hub.followers.difference_update(followers)
            if not hub.followers:
                self.forget(hub)

    def forget(self, hub: GameHub) -> None:
        hub.close()
        if self.hubs.get(hub.game_id) is hub:
            del self.hubs[hub.game_id]

    def revoked(self, token_id: str) -> None:
        """Close every stream opened with this token (its revocation just committed)."""
        for hub in list(self.hubs.values()):
            gone = [f for f in hub.followers if f.actor.token_id == token_id]
            for follower in gone:
                follower.close(_revoked(follower.position))
            self.drop(hub, gone)

    def token_ids(self) -> set[str]:
        return {f.actor.token_id for hub in self.hubs.values() for f in hub.followers if f.actor.token_id}

    async def close(self) -> None:
        for hub in list(self.hubs.values()):
            hub.close()
            with contextlib.suppress(asyncio.CancelledError):
                await hub.task
        self.hubs.clear()
