"""Errors at the HTTP edge, in one place: everything becomes `application/problem+json` with a stable `code`.

`Rejected` keeps its own code and status (422 rule refusals, 403 permission, 409 state). Anything unexpected is
a 500 that says only its correlation id; the details go to the log.

Faults of the database (see `events.faults`) are no one's bug: PostgreSQL gone is 503 `database.unavailable`,
a full disk is 507 `database.disk_full`, both with `Retry-After`, logged once per interval, not per request.
No answer claims that nothing was written unless that is true: each request records the appends it committed
(`events.store.commits`), and an error after a commit says the command was recorded, at which version.
"""

from __future__ import annotations

import logging
from typing import Any

import msgspec
from asgi_correlation_id import correlation_id
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.routing import Match

from domain.engine import Rejected
from events.faults import UNAVAILABLE_TYPES, database_fault
from events.handler import BadCommand, Contention, IdempotencyMismatch, UnknownGame, VersionConflict
from events.ids import random_uuid
from events.store import commits
from projections.state import OutOfRange, RulesetUnavailable
from server.auth import AuthError

log = logging.getLogger("pantheon.api")
PROBLEM = "application/problem+json"


class Problem(msgspec.Struct, frozen=True, omit_defaults=True):
    """RFC 9457 problem details, plus a stable machine-readable `code`."""

    type: str
    title: str
    status: int
    code: str
    detail: str
    correlation_id: str | None = None
    current_version: int | None = None
    errors: list[dict[str, Any]] | None = None
    retry_after: int | None = None


class ApiError(Exception):
    def __init__(self, code: str, detail: str, status: int, **extra: Any) -> None:
        super().__init__(detail)
        self.code, self.detail, self.status, self.extra = code, detail, status, extra


_TITLES = {
    400: "Bad request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not found",
    405: "Method not allowed",
    409: "Conflict",
    413: "Request too large",
    415: "Unsupported media type",
    422: "Unprocessable request",
    429: "Too many requests",
    500: "Internal error",
    503: "Unavailable",
    507: "Insufficient storage",
}
RETRY_AFTER = {"database.unavailable": 5, "database.disk_full": 60}
_DB_FAULT_TYPES: tuple[type[Exception], ...] = (*UNAVAILABLE_TYPES, OSError, TimeoutError)


def problem_response(status: int, code: str, detail: str, **extra: Any) -> Response:
    body = Problem(
        type=f"urn:pantheon:problem:{code}",
        title=_TITLES.get(status, "Error"),
        status=status,
        code=code,
        detail=detail,
        **{k: v for k, v in extra.items() if v is not None},
    )
    return Response(msgspec.json.encode(body), status_code=status, media_type=PROBLEM)


KNOWN: tuple[type[Exception], ...] = (
    ApiError,
    Rejected,
    AuthError,
    UnknownGame,
    RulesetUnavailable,
    OutOfRange,
    BadCommand,
    VersionConflict,
    Contention,
    IdempotencyMismatch,
)


def describe(exc: BaseException) -> tuple[str, str, int, dict[str, Any]] | None:
    """(code, detail, HTTP status, extra members) for an error a client may see; `None` if unexpected.

    The one table of client-facing errors: REST turns it into problem+json, GraphQL into error extensions.
    """
    match exc:
        case ApiError():
            return exc.code, exc.detail, exc.status, {k: v for k, v in exc.extra.items() if v is not None}
        case AuthError():
            return exc.code, exc.message, exc.status, {"retry_after": exc.retry_after} if exc.retry_after else {}
        case Rejected():
            return exc.code, exc.message, exc.status, {}
        case UnknownGame():
            return "game.not_found", "No such game, or your token is not for it.", 404, {}
        case RulesetUnavailable():
            return "ruleset.unavailable", str(exc), 409, {}
        case OutOfRange():
            return "state.out_of_range", str(exc), 422, {}
        case BadCommand():
            return exc.code, str(exc), 400 if exc.code == "request.malformed_json" else 422, {}
        case VersionConflict():
            detail = (
                f"The game is at version {exc.actual}, not {exc.expected} (the version you pinned). "
                "Re-read the state and retry."
            )
            return "command.version_conflict", detail, 409, {"current_version": exc.actual}
        case Contention():
            return "command.contention", f"{exc} Retry with the same idempotency key.", 409, {}
        case IdempotencyMismatch():
            return "idempotency.key_reused", str(exc), 422, {}
    return _database_problem(exc)


def _recorded() -> str | None:
    """What this request committed, in words, or `None`."""
    done = commits.get()
    if not done:
        return None
    stream, version = done[-1]
    return f"game {stream.removeprefix('game-')} at version {version}"


def unexpected_detail() -> str:
    """The message of an unexpected error: "nothing was half-written" only if this request committed nothing."""
    recorded = _recorded()
    if recorded is None:
        return "Something went wrong on the server; nothing was half-written. Report this correlation id."
    return (
        f"Your command was recorded ({recorded}), but the server failed while answering. "
        "Read the game before sending it again, and report this correlation id."
    )


def _database_problem(exc: BaseException) -> tuple[str, str, int, dict[str, Any]] | None:
    fault = database_fault(exc)
    if fault is None:
        return None
    recorded = _recorded()
    head = "" if recorded is None else f"Your command was recorded ({recorded}), but then "
    if fault == "disk_full":
        # PostgreSQL refused the statement: it and its transaction wrote nothing.
        tail = " Read the game before sending it again." if recorded else " Nothing was written; retry later."
        detail = f"{head}the database's disk is full, so the server cannot store anything now; reads still work."
        return "database.disk_full", _sentence(detail + tail), 507, {}
    # A connection lost during a commit leaves unknown whether it happened: no claim either way.
    tail = (
        " Read the game before sending it again."
        if recorded
        else " Retry later: a command retried with the same Idempotency-Key is applied at most once."
    )
    detail = f"{head}the database is unavailable; the server reconnects by itself."
    return "database.unavailable", _sentence(detail + tail), 503, {}


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def new_correlation_id() -> str:
    return random_uuid()


def valid_correlation_id(given: str) -> bool:
    """A client's `X-Correlation-Id` is kept when it is 1 to 100 printable characters; otherwise a new one."""
    return 0 < len(given) <= 100 and given.isprintable()


def correlation() -> str:
    """This request's correlation id (set by asgi-correlation-id's middleware, echoed as `X-Correlation-Id`)."""
    return correlation_id.get() or new_correlation_id()


_METHODS = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")


def allowed_methods(app: FastAPI, scope: Any) -> list[str]:
    """The methods some route takes at this request's path."""
    return [
        method
        for method in _METHODS
        if any(route.matches({**scope, "method": method})[0] is Match.FULL for route in app.router.routes)
    ]


def install(app: FastAPI) -> None:
    async def known(request: Request, exc: Exception) -> Response:
        described = describe(exc)
        if described is None:  # an OSError or TimeoutError that is not the database's
            return await unexpected(request, exc)
        code, detail, status, extra = described
        response = problem_response(status, code, detail, **extra)
        if status == 401:
            response.headers["WWW-Authenticate"] = "Bearer"
        if extra.get("retry_after"):
            response.headers["Retry-After"] = str(extra["retry_after"])
        if code in RETRY_AFTER:
            response.headers["Retry-After"] = str(RETRY_AFTER[code])
            database_status = getattr(getattr(request.app.state, "services", None), "status", None)
            if database_status is not None:
                fault = database_fault(exc)
                assert fault is not None
                database_status.failed(fault, exc)
        return response

    for kind in (*KNOWN, *_DB_FAULT_TYPES):
        app.add_exception_handler(kind, known)

    @app.exception_handler(ClientDisconnect)
    async def client_disconnect(request: Request, exc: ClientDisconnect) -> Response:
        # The client hung up before sending its whole body: nothing was decided, and no one is left to answer.
        log.info("client disconnected before its request body was complete (correlation id %s)", correlation())
        return problem_response(400, "request.incomplete", "The connection closed before the whole body arrived.")

    @app.exception_handler(RequestValidationError)
    async def validation(request: Request, exc: RequestValidationError) -> Response:
        errors = [{"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", ""))} for e in exc.errors()]
        where = "; ".join(f"{'.'.join(e['loc'])}: {e['msg']}" for e in errors)
        return problem_response(422, "request.invalid", f"Invalid request parameters: {where}", errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        code = {404: "route.not_found", 405: "route.method_not_allowed"}.get(exc.status_code, "http.error")
        response = problem_response(exc.status_code, code, str(exc.detail))
        if exc.status_code == 405:
            # RFC 9110: a 405 lists every method the path allows (Starlette names only the first matching route's).
            response.headers["Allow"] = ", ".join(allowed_methods(app, request.scope))
        return response

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        correlation_id = correlation()
        log.exception("unexpected error (correlation id %s)", correlation_id, exc_info=exc)
        return problem_response(500, "internal.error", unexpected_detail(), correlation_id=correlation_id)
