"""Errors at the HTTP edge, in one place: everything becomes `application/problem+json` with a stable `code`.

`Rejected` keeps its own code and status (422 rule refusals, 403 permission, 409 state). Anything unexpected is
a 500 that says only its correlation id; the details go to the log.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

import msgspec
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.routing import Match

from domain.engine import Rejected
from events.handler import BadCommand, Contention, IdempotencyMismatch, UnknownGame, VersionConflict
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
    500: "Internal error",
    503: "Unavailable",
}


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
        case AuthError() | Rejected():
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
    return None


def _correlation(request: Request) -> str:
    return getattr(request.state, "correlation_id", None) or str(uuid.uuid4())


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
        assert described is not None
        code, detail, status, extra = described
        response = problem_response(status, code, detail, **extra)
        if status == 401:
            response.headers["WWW-Authenticate"] = "Bearer"
        return response

    for kind in KNOWN:
        app.add_exception_handler(kind, known)

    @app.exception_handler(ClientDisconnect)
    async def client_disconnect(request: Request, exc: ClientDisconnect) -> Response:
        # The client hung up before sending its whole body: nothing was decided, and no one is left to answer.
        log.info("client disconnected before its request body was complete (correlation id %s)", _correlation(request))
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
        correlation_id = _correlation(request)
        log.exception("unexpected error (correlation id %s)", correlation_id, exc_info=exc)
        return problem_response(
            500,
            "internal.error",
            "Something went wrong on the server; nothing was half-written. Report this correlation id.",
            correlation_id=correlation_id,
        )
