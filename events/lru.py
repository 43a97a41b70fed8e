"""`Lru`: the one bounded cache of this process's per-game and per-token memories (least recently used goes).

Every in-process cache keyed by something clients create (games, tokens, streams) is an `Lru` or is cleared
when it reaches its bound, so memory stays flat however many games a process touches (`bench.memory_churn`)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Lru(Generic[K, V]):
    """A dict of at most `size` entries; reading or writing an entry makes it the most recent."""

    __slots__ = ("_entries", "size")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("an Lru holds at least one entry")
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> K | None:
        """Store `value`; returns the key evicted to make room, if any."""
        self._entries[key] = value
        self._entries.move_to_end(key)
        if len(self._entries) > self.size:
            evicted, _ = self._entries.popitem(last=False)
            return evicted
        return None

    def pop(self, key: K) -> V | None:
        return self._entries.pop(key, None)

    def clear(self) -> None:
        self._entries.clear()

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)
