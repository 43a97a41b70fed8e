"""The event stream's HTTP response: Server-Sent Events written straight to the ASGI connection.

The game's hub writes each batch of new events to the connection itself, in the loop that renders it
(`server/fanout.py`, `Follower._push`): bytes encoded once for every stream of the same viewer (`ViewBatch.sse`),
one ASGI `send` per stream that completes without a task switch while the client keeps up, so a stream costs the
server one socket write per batch and no wake-up. The wire format is plain SSE: a first `retry: 2000`, then per
event `event: <type>`, `data: <EventEnvelope JSON>` and `id: <version>`; `: keep-alive` comments when the game is
quiet for 15 s; and when the server ends the stream, a last `event: closed` whose `data` is
`{"code", "detail", "last_version"}` (`stream.too_slow`: the client read too slowly, reconnect with
`Last-Event-ID`; `auth.revoked`: the token was revoked; `stream.interrupted`: the server could not read the
game, reconnect in a few seconds). The response ends as soon as the client disconnects.

As the hub's task runs the `send` of every stream, an ASGI middleware that reads a context variable while
sending a body chunk would see the hub's context, not the request's (ours read them only at the response start).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from fastapi.responses import Response
from starlette.types import Receive, Scope, Send

from server.fanout import SendBody, StreamClosed

RETRY = b"retry: 2000\n\n"
Serve = Callable[[SendBody], Awaitable[None]]


class LiveEvents(Response):
    media_type = "text/event-stream"

    def __init__(self, serve: Serve, status_code: int = 200) -> None:
        # Like a StreamingResponse: no body, so no Content-Length. (FastAPI reads `status_code`'s default.)
        self.status_code, self.background, self.serve = status_code, None, serve
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
        if not writer.cancelled() and (error := writer.exception()) is not None and not isinstance(error, OSError):
            raise error

    async def _write(self, send: Send) -> None:
        def send_body(body: bytes) -> Awaitable[None]:
            return send({"type": "http.response.body", "body": body, "more_body": True})

        await send_body(RETRY)
        try:
            await self.serve(send_body)
        except StreamClosed as closed:
            await send_body(closed.sse())
        with contextlib.suppress(OSError):
            await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _disconnected(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
