"""OpenAPI for msgspec types: response and request schemas come from the same Structs the API encodes."""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from domain.engine.messages import ENGINE_COMMANDS
from server.problems import Problem
from server.schemas import REQUEST_TYPES, RESPONSE_TYPES
from server.webhook_schemas import WEBHOOK_REQUEST_TYPES, WEBHOOK_RESPONSE_TYPES

WEBHOOK_TYPES = (*WEBHOOK_RESPONSE_TYPES, *WEBHOOK_REQUEST_TYPES)

REF = "#/components/schemas/{name}"


def ref(kind: type) -> dict[str, Any]:
    return {"$ref": REF.format(name=kind.__name__)}


def json_body(kind: type, description: str = "") -> dict[str, Any]:
    return {
        "requestBody": {
            "required": True,
            "description": description,
            "content": {"application/json": {"schema": ref(kind)}},
        }
    }


_ERROR_TEXT = {
    400: "Malformed request (bad JSON, bad header)",
    401: "Missing or bad bearer token",
    403: "The token may not do this",
    404: "No such resource, or not visible to this token",
    409: "Conflict with the game's current state or version",
    413: "Request body too large",
    422: "Refused: invalid input or a rule refusal (see `code`)",
    429: "Too many failed authentications from this client (`auth.too_many_failures`); see `Retry-After`",
}


def responses(kind: type | None, *errors: int, status: int = 200, media: str = "application/json") -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    if kind is not None:
        out[status] = {"description": "OK", "content": {media: {"schema": ref(kind)}}}
    for code in sorted({*errors, 400, 401, 413, 422, 429}):
        out[code] = {
            "description": _ERROR_TEXT[code],
            "content": {"application/problem+json": {"schema": ref(Problem)}},
        }
    return out


def command_schema() -> dict[str, Any]:
    """Any command: engine commands are listed; ruleset commands are in `GET /v1/rulesets/{id}`."""
    return {
        "title": "GameCommand",
        "description": "One command; `type` is its tag. The ruleset's commands and their schemas are listed by "
        "GET /v1/rulesets/{id} and GET /v1/games/{id}/commands/available.",
        "anyOf": [ref(c) for c in ENGINE_COMMANDS]
        + [{"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}}],
    }


def install(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
        _, components = msgspec.json.schema_components(
            (*RESPONSE_TYPES, *REQUEST_TYPES, *WEBHOOK_TYPES, Problem, *ENGINE_COMMANDS), ref_template=REF
        )
        schema.setdefault("components", {}).setdefault("schemas", {}).update(components)
        schema["components"]["schemas"]["GameCommand"] = command_schema()
        # FastAPI's own validation-error schemas are unused: every error is a Problem.
        for name in ("HTTPValidationError", "ValidationError"):
            schema["components"]["schemas"].pop(name, None)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
