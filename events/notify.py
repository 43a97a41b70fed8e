"""In-process wake-ups for readers waiting on new events.

A wake-up only says "look again": readers always re-read the store, which is the truth. The PostgreSQL store
feeds it from LISTEN/NOTIFY so that every process wakes; the in-memory store wakes it on append.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable


class Notifier:
    def __init__(self) -> None:
        self._waiters: dict[str | None, set[asyncio.Event]] = defaultdict(set)
        self._observers: list[Callable[[str, int], None]] = []

    def observe(self, observer: Callable[[str, int], None]) -> None:
        """Call `observer(stream_id, version)` whenever an append to a stream is announced (any process)."""
        self._observers.append(observer)

    def appended(self, stream_id: str, version: int | None) -> None:
        """An append announced by LISTEN/NOTIFY: tell observers the stream's new version, then wake readers."""
        if version is not None:
            for observer in self._observers:
                observer(stream_id, version)
        self.wake(stream_id)

    def wake(self, stream_id: str) -> None:
        for key in (stream_id, None):
            for waiter in self._waiters.get(key, ()):
                waiter.set()

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

    def listener(self) -> asyncio.Event:
        """A persistent waiter for a long-lived reader (subscriptions): set on every append anywhere."""
        waiter = asyncio.Event()
        self._waiters[None].add(waiter)
        return waiter

    def forget(self, waiter: asyncio.Event) -> None:
        self._waiters[None].discard(waiter)
