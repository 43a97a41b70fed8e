"""What every request passes through before routing, as one pure ASGI layer (issue 15: it was four).

In this order, outermost first:

1. **Correlation id** (HTTP and websockets): the client's `X-Correlation-Id` when it is 1 to 100 printable
   characters, else a new one (a refused one is logged); it is written into the request's headers, set in
   asgi-correlation-id's context variable (`server.problems.correlation` reads it) and echoed on the response.
   This is what asgi-correlation-id's `CorrelationIdMiddleware` did, step for step.
2. **CORS**, when configured (Starlette's `CORSMiddleware`, between 1 and 3 as before: a preflight's answer still
   carries the correlation id, and the refusals below still carry the CORS headers).
3. **Read-your-writes** (HTTP): `Pantheon-Min-Version` or `min_version` for the whole request (a bad value is a
   422 `request.bad_min_version`), and `Pantheon-Read-From` on the answer when a replica is configured
   (`server/replica.py`).
4. **Request guard** (HTTP): 422 `request.nul_character` for a NUL character in the path or query string
   (PostgreSQL text cannot hold one); 413 `request.too_large` for a body over the limit, whether or not the client
   sent Content-Length. Kept rather than FastAPI's `max_body_size` (Starlette's RequestBodyLimitMiddleware): when
   Content-Length is over the limit, Starlette replaces whatever response the app sends with a text/plain 413, so
   the `request.too_large` problem could not be kept.
5. **Commits** (HTTP): a fresh list of this request's commits (`events.store.commits`), seen by every error
   handler, so that an error after a commit says what was recorded.
6. **Shortcuts** (HTTP): a request for a direct route (`POST /commands`, `POST /graphql`) goes straight to its
   direct function (`server.direct_route.Shortcuts`), past the rest of the middleware stack and the router.

Each was its own middleware, each with its own coroutine frame per request and its own wrapper around `send`;
together with FastAPI's route matching they cost a command more than deciding it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from asgi_correlation_id import correlation_id
from asgi_correlation_id.extensions.sentry import get_sentry_extension
from asgi_correlation_id.middleware import FAILED_VALIDATION_MESSAGE
from starlette.middleware.cors import CORSMiddleware

from events.store import commits
from server import replica
from server.direct_route import Shortcuts
from server.problems import new_correlation_id, problem_response, valid_correlation_id

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CORRELATION_HEADER = "X-Correlation-Id"
_CORRELATION_KEY = CORRELATION_HEADER.lower().encode("latin-1")
_log = logging.getLogger("asgi_correlation_id")  # the library's logger, as before


class Edge:
    def __init__(self, app: ASGIApp, *, limit: int, replica: bool, cors: dict[str, Any] | None = None) -> None:
        self.app, self.limit, self.replica = app, limit, replica
        self._sentry = get_sentry_extension()
        # What runs inside the correlation id: CORS (when configured) around the per-request checks.
        self._inner: ASGIApp = self._checked if cors is None else CORSMiddleware(self._checked, **cors)
        self._shortcuts: Shortcuts | None = None  # the app's, found at its first request

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind != "http" and kind != "websocket":
            await self.app(scope, receive, send)
            return
        given = None
        for name, value in scope["headers"]:
            if name == _CORRELATION_KEY:
                given = value.decode("latin-1")
                break
        if not given:
            cid = new_correlation_id()
        elif not valid_correlation_id(given):
            cid = new_correlation_id()
            _log.warning(FAILED_VALIDATION_MESSAGE, cid)
        else:
            cid = given
        if cid != given:  # the request's own header says it too (replacing a refused or empty one)
            headers = scope["headers"]
            if given is not None:
                headers = [(k, v) for k, v in headers if k != _CORRELATION_KEY]
            scope["headers"] = [*headers, (_CORRELATION_KEY, cid.encode("latin-1"))]
        correlation_id.set(cid)
        self._sentry(cid)
        if kind != "http":
            await self._inner(scope, receive, send)
            return

        async def with_correlation_id(message: Message) -> None:
            if message["type"] == "http.response.start" and (now := correlation_id.get()):
                message["headers"] = [*message.get("headers", ()), (_CORRELATION_KEY, now.encode("latin-1"))]
            await send(message)

        await self._inner(scope, receive, with_correlation_id)

    async def _checked(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        # Read-your-writes: the version the client wants to read, for the whole request.
        try:
            want = replica.wanted_version(scope)
        except ValueError:
            await problem_response(422, "request.bad_min_version", replica.BAD_MIN_VERSION)(scope, receive, send)
            return
        # The request guard.
        if "\x00" in scope.get("path", "") or b"%00" in scope.get("query_string", b""):
            detail = "The path and query may not contain the NUL character (%00)."
            await problem_response(422, "request.nul_character", detail)(scope, receive, send)
            return
        limit = self.limit
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await self._too_large(scope, receive, send)
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        noted: list[str] | None = None
        answer = send
        if self.replica:  # say where the reads were served
            noted = []

            async def answer(message: Message) -> None:
                if message["type"] == "http.response.start" and noted:
                    message["headers"] = [*message.get("headers", ()), replica.read_from_header(noted)]
                await send(message)

        want_token = replica.wanted.set(want)
        noted_token = replica.read_from.set(noted)
        commits.set([])  # not reset: the outermost error handler runs after this returns, in this task
        shortcuts = self._shortcuts
        if shortcuts is None:
            shortcuts = self._shortcuts = Shortcuts(scope["app"])
        try:
            if (route := shortcuts.match(scope)) is not None:
                await shortcuts.serve(route, scope, limited, answer)
            else:
                await self.app(scope, limited, answer)
        except _TooLarge:
            await self._too_large(scope, receive, answer)
        finally:
            replica.wanted.reset(want_token)
            replica.read_from.reset(noted_token)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = problem_response(413, "request.too_large", f"Request bodies are limited to {self.limit} bytes.")
        await response(scope, receive, send)


class _TooLarge(Exception):
    pass
