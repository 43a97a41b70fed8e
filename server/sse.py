"""The event stream's HTTP response: Server-Sent Events written straight to the ASGI connection.

Each batch of new events goes out in one write of bytes the game's hub encoded once for every stream of the same
viewer (`ViewBatch.sse`), so a stream costs the server one write per batch, not a serialisation per event. The
wire format is plain SSE: a first `retry: 2000`, then per event `event: <type>`, `data: <EventEnvelope JSON>` and
`id: <version>`; `: keep-alive` comments when the game is quiet for 15 s; and when the server ends the stream, a
last `event: closed` whose `data` is `{"code", "detail", "last_version"}` (`stream.too_slow`: the client read too
slowly, reconnect with `Last-Event-ID`; `auth.revoked`: the token was revoked; `stream.interrupted`: the server
could not read the game, reconnect in a few seconds). The response ends as soon as the client disconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from fastapi.responses import Response
from starlette.types import Receive, Scope, Send

from server.fanout import StreamClosed, ViewBatch

RETRY = b"retry: 2000\n\n"
KEEPALIVE = b": keep-alive\n\n"


class LiveEvents(Response):
    media_type = "text/event-stream"

    def __init__(self, batches: AsyncIterator[ViewBatch | None], status_code: int = 200) -> None:
        # Like a StreamingResponse: no body, so no Content-Length. (FastAPI reads `status_code`'s default.)
        self.status_code, self.background, self.batches = status_code, None, batches
        self.init_headers({"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers})
        writer = asyncio.ensure_future(self._write(send))
        watcher = asyncio.ensure_future(_disconnected(receive))
        try:
            await asyncio.wait((writer, watcher), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (writer, watcher):
                task.cancel()
            await asyncio.gather(writer, watcher, return_exceptions=True)
            aclose = getattr(self.batches, "aclose", None)
            if aclose is not None:
                await aclose()
        if not writer.cancelled() and (error := writer.exception()) is not None and not isinstance(error, OSError):
            raise error

    async def _write(self, send: Send) -> None:
        await send({"type": "http.response.body", "body": RETRY, "more_body": True})
        try:
            async for batch in self.batches:
                body = KEEPALIVE if batch is None else batch.sse
                await send({"type": "http.response.body", "body": body, "more_body": True})
        except StreamClosed as closed:
            await send({"type": "http.response.body", "body": closed.sse(), "more_body": True})
        with contextlib.suppress(OSError):
            await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
