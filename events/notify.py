"""In-process wake-ups for readers waiting on new events, and announcements of other processes' appends.

A wake-up only says "look again": readers always re-read the store, which is the truth. The PostgreSQL store
wakes local readers on append and tells other processes through NOTIFY (sent after commit, coalesced per
stream); their listeners call `appended`, and observers (the state caches) learn the stream's new version.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable

from events.lru import Lru

LOCAL_SIZE = 10_000  # streams whose last local append is remembered (an Lru: a game touched once is forgotten)


class Notifier:
    def __init__(self) -> None:
        self._waiters: dict[str | None, set[asyncio.Event]] = defaultdict(set)
        self._observers: list[Callable[[str, int], None]] = []
        self._local: Lru[str, int] = Lru(LOCAL_SIZE)

    def observe(self, observer: Callable[[str, int], None]) -> None:
        """Call `observer(stream_id, version)` when another process announces an append."""
        self._observers.append(observer)

    def appended_locally(self, stream_id: str, version: int) -> None:
        """This process appended up to `version`: wake local readers; its own announcement will be ignored."""
        if version > (self._local.get(stream_id) or 0):
            self._local.put(stream_id, version)
        self.wake(stream_id)

    def appended(self, stream_id: str, version: int | None) -> None:
        """An append announced by LISTEN/NOTIFY; observers hear of versions this process did not write. A version
        this process already reached locally wakes nobody: its readers woke (and read) when it was appended here."""
        if version is not None:
            if version <= (self._local.get(stream_id) or 0):
                return
            for observer in self._observers:
                observer(stream_id, version)
        self.wake(stream_id)

    def wake(self, stream_id: str) -> None:
        for key in (stream_id, None):
            for waiter in self._waiters.get(key, ()):
                waiter.set()

    def watched(self) -> list[str]:
        """The streams some reader is waiting on now (a poller's list of what to look at)."""
        return [stream for stream, waiters in self._waiters.items() if stream is not None and waiters]

    def bell(self, stream_id: str | None = None) -> asyncio.Event:
        """A lasting wake-up for a background consumer, set by every append to `stream_id` (any stream when `None`).
        The consumer clears it before it looks at the table, so an append while it looks is never missed (unlike a
        `wait` not yet begun). `unring` takes it back.
        """
        event = asyncio.Event()
        self._waiters[stream_id].add(event)
        return event

    def unring(self, event: asyncio.Event, stream_id: str | None = None) -> None:
        """Forget a `bell` its consumer no longer needs."""
        waiters = self._waiters.get(stream_id)
        if waiters is not None:
            waiters.discard(event)
            if not waiters:
                del self._waiters[stream_id]

    async def wait(self, stream_id: str | None, timeout: float) -> bool:
        """Wait for an append to `stream_id` (any stream when `None`); `False` on timeout."""
        waiter = asyncio.Event()
        self._waiters[stream_id].add(waiter)
        try:
            async with asyncio.timeout(timeout):
                await waiter.wait()
            return True
        except TimeoutError:
            return False
        finally:
            self._waiters[stream_id].discard(waiter)
            if not self._waiters[stream_id]:
                del self._waiters[stream_id]
