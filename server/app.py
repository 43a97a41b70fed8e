"""The FastAPI application: REST under /v1, GraphQL at /graphql, docs at /docs."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

from asgi_correlation_id import CorrelationIdMiddleware
from fastapi import FastAPI
from starlette.middleware.cors import CORSMiddleware

from server import openapi_docs, problems, web
from server.bootstrap import Services, services
from server.gm import GmPowers
from server.problems import new_correlation_id, problem_response, valid_correlation_id
from server.replica import ReadYourWrites
from server.rest import health_router, router
from server.rest_campaigns import router as campaigns_router
from server.rest_dice import router as dice_router
from server.rest_gm import router as gm_router
from server.rest_seats import router as seats_router
from server.rest_webhooks import router as webhooks_router
from server.settings import Settings
from server.stream_tickets import StreamTickets, redact_tickets_in_access_log

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]

DESCRIPTION = """Event-sourced game server for GM-moderated strategy and god games.

Authenticate with `Authorization: Bearer <token>`. Errors are `application/problem+json` with a stable `code`.
Commands go to `POST /v1/games/{id}/commands` with `type` as their tag; `If-Match` pins the game version and
`Idempotency-Key` makes retries safe.
"""


class RequestGuard:
    """One pure ASGI layer for what every request is checked for before routing (one layer, not two):

    - 422 `request.nul_character` for a NUL character in the path or query string: PostgreSQL text cannot hold
      one (it would be a 500);
    - 413 `request.too_large` for bodies over the limit, whether or not the client sent Content-Length. Kept
      rather than FastAPI's `max_body_size` (Starlette's RequestBodyLimitMiddleware): when Content-Length is
      over the limit, Starlette replaces whatever response the app sends with a text/plain 413, so the
      `request.too_large` problem could not be kept."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if "\x00" in scope.get("path", "") or b"%00" in scope.get("query_string", b""):
            detail = "The path and query may not contain the NUL character (%00)."
            await problem_response(422, "request.nul_character", detail)(scope, receive, send)
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


# What a browser page on another origin may send, and read back (CORS). Bearer tokens, never cookies: no
# credentials mode is needed, so `allow_credentials` stays off.
CORS_REQUEST_HEADERS = (
    "Authorization",
    "Content-Type",
    "If-Match",
    "Idempotency-Key",
    "Last-Event-ID",
    "X-Correlation-Id",
    "On-Behalf-Of",
    "Order-Source",
    "Pantheon-Min-Version",
)
CORS_EXPOSED_HEADERS = (
    "ETag",
    "Location",
    "Idempotent-Replayed",
    "X-Correlation-Id",
    "Retry-After",
    "WWW-Authenticate",
    "Allow",
    "Pantheon-Read-From",
)


def create_app(
    settings: Settings | None = None,
    *,
    url: str | None = None,
    on_ready: Callable[[Services], None] | None = None,
) -> FastAPI:
    """The app. Without `settings`, they are read from the environment here (never at import)."""
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        redact_tickets_in_access_log()  # after uvicorn configured its loggers
        async with services(settings, url=url) as built:
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
        docs_url=None,  # server/web.py serves /docs from local assets
        redoc_url=None,
    )
    app.state.stream_tickets = StreamTickets()
    from server.graphql import graphql_router

    # GraphQL documents itself (schema.graphql, GraphiQL); Strawberry's OpenAPI entries would be incomplete.
    # First: a request is matched against the routes in order, and /graphql is the busiest single path.
    app.include_router(graphql_router(), prefix="/graphql", include_in_schema=False)
    web.install(app)
    app.include_router(router)
    app.include_router(gm_router)
    app.include_router(dice_router)
    app.include_router(seats_router)
    app.include_router(webhooks_router)
    app.include_router(campaigns_router)
    app.include_router(health_router)
    problems.install(app)
    openapi_docs.install(app)
    app.add_middleware(RequestGuard, limit=settings.max_body_bytes)
    app.add_middleware(ReadYourWrites, replica=settings.read_database_url is not None)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST", "PUT", "PATCH", "DELETE"],
            allow_headers=list(CORS_REQUEST_HEADERS),
            expose_headers=list(CORS_EXPOSED_HEADERS),
            max_age=600,
        )
    app.add_middleware(
        CorrelationIdMiddleware,
        header_name="X-Correlation-Id",
        generator=new_correlation_id,
        validator=valid_correlation_id,
    )
    return app
