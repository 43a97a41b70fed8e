"""A Server-Sent Events reader for tests over real HTTP: collects frames (`event`, `id`, `data`) as they come."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx


@dataclass
class Frame:
    event: str | None
    id: str | None
    data: Any


@dataclass
class SseStream:
    frames: list[Frame] = field(default_factory=list)
    status: int | None = None
    ended: bool = False
    problem: Any = None
    comments: int = 0
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    def events(self) -> list[Any]:
        """The game events received (their envelopes), without `closed`."""
        return [f.data for f in self.frames if f.event != "closed"]

    def closed(self) -> Any:
        return next((f.data for f in self.frames if f.event == "closed"), None)

    async def until(self, done: Callable[[SseStream], bool], timeout: float = 60) -> None:
        """Wait until `done(self)` (the timeout only guards against a hang; nothing is timed)."""
        async with asyncio.timeout(timeout):
            while not done(self):
                self._changed.clear()
                await self._changed.wait()

    def saw_version(self, version: int) -> Callable[[SseStream], bool]:
        return lambda s: s.ended or any(e["version"] >= version for e in s.events())

    def _add(self, frame: Frame | None = None) -> None:
        if frame is not None:
            self.frames.append(frame)
        self._changed.set()


async def _read(client: httpx.AsyncClient, url: str, headers: dict[str, str], stream: SseStream) -> None:
    try:
        async with client.stream("GET", url, headers=headers) as response:
            stream.status = response.status_code
            if response.status_code != 200:
                stream.problem = json.loads(await response.aread())
                return
            fields: dict[str, str] = {}
            async for line in response.aiter_lines():
                if line == "":
                    if "data" in fields:
                        stream._add(Frame(fields.get("event"), fields.get("id"), json.loads(fields["data"])))
                    fields = {}
                elif line.startswith(":"):
                    stream.comments += 1
                    stream._add()
                else:
                    name, _, value = line.partition(": ")
                    fields[name] = value
    finally:
        stream.ended = True
        stream._add()


@contextlib.asynccontextmanager
async def open_streams(
    client: httpx.AsyncClient, url: str, tokens: list[str], **headers: str
) -> AsyncIterator[list[SseStream]]:
    """One SSE stream per token (a token may repeat), read in the background until the block ends."""
    streams = [SseStream() for _ in tokens]
    tasks = [
        asyncio.create_task(_read(client, url, {"Authorization": f"Bearer {t}", **headers}, s))
        for t, s in zip(tokens, streams, strict=True)
    ]
    try:
        yield streams
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
