"""The FastAPI application: REST under /v1, GraphQL at /graphql, docs at /docs."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import FastAPI

from server import openapi_docs, problems
from server.bootstrap import Services, services
from server.gm import GmPowers
from server.problems import problem_response
from server.rest import health_router, router
from server.rest_dice import router as dice_router
from server.rest_gm import router as gm_router
from server.rest_webhooks import router as webhooks_router
from server.settings import Settings

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]

DESCRIPTION = """Event-sourced game server for GM-moderated strategy and god games.

Authenticate with `Authorization: Bearer <token>`. Errors are `application/problem+json` with a stable `code`.
Commands go to `POST /v1/games/{id}/commands` with `type` as their tag; `If-Match` pins the game version and
`Idempotency-Key` makes retries safe.
"""


class BodyLimit:
    """413 for bodies over the limit, whether or not the client sent Content-Length."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await self._too_large(scope, receive, send)
                return
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await self._too_large(scope, receive, send)

    async def _too_large(self, scope: Scope, receive: Any, send: Any) -> None:
        response = problem_response(413, "request.too_large", f"Request bodies are limited to {self.limit} bytes.")
        await response(scope, receive, send)


class _TooLarge(Exception):
    pass


class RejectNul:
    """422 for a NUL character in the path or query string: PostgreSQL text cannot hold one (it would be a 500)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and ("\x00" in scope.get("path", "") or b"%00" in scope.get("query_string", b"")):
            detail = "The path and query may not contain the NUL character (%00)."
            await problem_response(422, "request.nul_character", detail)(scope, receive, send)
            return
        await self.app(scope, receive, send)


class CorrelationId:
    """Every request gets a correlation id (`X-Correlation-Id` in, or a new one), echoed in the response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers", ())).get(b"x-correlation-id", b"").decode("latin-1")
        correlation = given if 0 < len(given) <= 100 and given.isprintable() else str(uuid.uuid4())
        scope.setdefault("state", {})["correlation_id"] = correlation

        async def with_header(message: Any) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", []).append((b"x-correlation-id", correlation.encode()))
            await send(message)

        await self.app(scope, receive, with_header)


def create_app(
    settings: Settings | None = None,
    *,
    url: str | None = None,
    on_ready: Callable[[Services], None] | None = None,
) -> FastAPI:
    """The app. Settings are read from the environment when the app starts, not at import."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with services(settings or Settings.from_env(), url=url) as built:
            app.state.services = built
            app.state.service = built.service
            app.state.gm = GmPowers(built.service)
            app.state.webhooks = built.webhooks
            if on_ready is not None:
                on_ready(built)
            yield

    app = FastAPI(
        title="Pantheon",
        version="0.1.0",
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url="/docs",
        redoc_url=None,
    )
    app.include_router(router)
    app.include_router(gm_router)
    app.include_router(dice_router)
    app.include_router(webhooks_router)
    app.include_router(health_router)
    from server.graphql import graphql_router

    # GraphQL documents itself (schema.graphql, GraphiQL); Strawberry's OpenAPI entries would be incomplete.
    app.include_router(graphql_router(), prefix="/graphql", include_in_schema=False)
    problems.install(app)
    openapi_docs.install(app)
    limit = settings.max_body_bytes if settings else 1_048_576
    app.add_middleware(BodyLimit, limit=limit)
    app.add_middleware(RejectNul)
    app.add_middleware(CorrelationId)
    return app
