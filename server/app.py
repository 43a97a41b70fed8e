"""The FastAPI application: REST under /v1, GraphQL at /graphql, docs at /docs."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable

from fastapi import FastAPI

from server import openapi_docs, problems, web
from server.bootstrap import Services, services
from server.direct_route import install_shortcuts
from server.edge import Edge
from server.gm import GmPowers
from server.rest import health_router, router
from server.rest_campaigns import router as campaigns_router
from server.rest_dice import router as dice_router
from server.rest_gm import router as gm_router
from server.rest_seats import router as seats_router
from server.rest_webhooks import router as webhooks_router
from server.settings import Settings
from server.stream_tickets import StreamTickets, redact_tickets_in_access_log

DESCRIPTION = """Event-sourced game server for GM-moderated strategy and god games.

Authenticate with `Authorization: Bearer <token>`. Errors are `application/problem+json` with a stable `code`.
Commands go to `POST /v1/games/{id}/commands` with `type` as their tag; `If-Match` pins the game version and
`Idempotency-Key` makes retries safe.
"""


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
    install_shortcuts(app)  # last: the direct routes' requests skip FastAPI's route matching
    cors = None
    if settings.cors_origins:
        cors = {
            "allow_origins": list(settings.cors_origins),
            "allow_methods": ["GET", "POST", "PUT", "PATCH", "DELETE"],
            "allow_headers": list(CORS_REQUEST_HEADERS),
            "expose_headers": list(CORS_EXPOSED_HEADERS),
            "max_age": 600,
        }
    # One layer: the correlation id, CORS, read-your-writes, the request guard and the commits (server/edge.py).
    app.add_middleware(Edge, limit=settings.max_body_bytes, replica=settings.read_database_url is not None, cors=cors)
    return app
