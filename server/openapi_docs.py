"""OpenAPI for msgspec types: response and request schemas come from the same Structs the API encodes.

`build_document` makes the main OpenAPI 3.1 document (ruleset-agnostic: engine commands typed, ruleset commands
an open object); `server.openapi_rulesets` derives one typed document per ruleset from it. `problems` lists what
keeps a document from being valid (`pantheon export-schema --check` fails on any).

Server-Sent Events: the `text/event-stream` media type's `schema` describes ONE event (`StreamEvent`: `id`,
`event`, `data`), as OpenAPI 3.1 tools read it; `x-sse-event-data` names the schema of the JSON in `data`.
(OpenAPI 3.2's `itemSchema` is not used: it is not a 3.1 keyword.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import msgspec
from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from domain.engine.messages import ENGINE_COMMANDS
from events.codec import EXACT_SCHEMA, schema_components
from server.openapi_examples import add_examples
from server.problems import Problem
from server.schemas import REQUEST_TYPES, RESPONSE_TYPES, SCHEMA_CONSTRAINTS
from server.webhook_schemas import WEBHOOK_REQUEST_TYPES, WEBHOOK_RESPONSE_TYPES

WEBHOOK_TYPES = (*WEBHOOK_RESPONSE_TYPES, *WEBHOOK_REQUEST_TYPES)

REF = "#/components/schemas/{name}"
EXACT_REF = REF.format(name="Exact")


def ref(kind: type | str) -> dict[str, Any]:
    return {"$ref": REF.format(name=kind if isinstance(kind, str) else kind.__name__)}


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


STREAM_EVENT: dict[str, Any] = {
    "title": "StreamEvent",
    "description": "One Server-Sent Event: `id` is the event's version (send it back as `Last-Event-ID` to resume), "
    "`event` its type, `data` the EventEnvelope as JSON. A first event carries only `retry` (milliseconds). When the "
    "server ends the stream, a last event `closed` (no `id`) carries `{code, detail, last_version}` as `data`: "
    "`stream.too_slow` (the client fell behind: reconnect with Last-Event-ID), `auth.revoked` (the token was revoked) "
    "or `stream.interrupted` (reconnect in a few seconds).",
    "type": "object",
    "properties": {
        "id": {"type": "string", "pattern": r"^\d+$", "description": "The event's version"},
        "event": {"type": "string", "description": "The event's type"},
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": ref("EventEnvelope"),
            "description": "The EventEnvelope, as JSON",
        },
        "retry": {"type": "integer", "minimum": 0, "description": "Reconnection delay in milliseconds"},
    },
}


def event_stream(description: str) -> dict[int | str, Any]:
    """A 200 answer of Server-Sent Events: `schema` is one event; `x-sse-event-data` the schema of its `data`."""
    return {
        200: {
            "description": description,
            "content": {"text/event-stream": {"schema": ref("StreamEvent"), "x-sse-event-data": ref("EventEnvelope")}},
        }
    }


def command_schema() -> dict[str, Any]:
    """Any command: engine commands are listed; ruleset commands are typed in each ruleset's own document."""
    return {
        "title": "GameCommand",
        "description": "One command; `type` is its tag. Engine commands are listed here; each ruleset's commands are "
        "named, typed schemas in that ruleset's document (GET /v1/rulesets/{id}/openapi.json, committed as "
        "openapi/rulesets/{id}.json), where this body is the ruleset's discriminated union.",
        "anyOf": [ref(c) for c in ENGINE_COMMANDS]
        + [{"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "minLength": 1}}}],
    }


def build_document(app: FastAPI) -> dict[str, Any]:
    document = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
    _, components = schema_components(
        (*RESPONSE_TYPES, *REQUEST_TYPES, *WEBHOOK_TYPES, Problem, *ENGINE_COMMANDS), REF, EXACT_REF
    )
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(components)
    schemas["GameCommand"] = command_schema()
    schemas["StreamEvent"] = STREAM_EVENT
    schemas["Exact"] = dict(EXACT_SCHEMA)
    # FastAPI's own validation-error schemas are unused: every error is a Problem.
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    for name, extra in SCHEMA_CONSTRAINTS.items():
        schemas[name] = {**schemas[name], **extra}
    _parameters_without_null(document)
    _without_item_schema(document)
    _at_most_one(document, "getState", "point", ("at_version", "at_turn", "at_time"))
    _read_your_writes(document, ("getState", "listEvents", "getTurn", "streamEvents"))
    add_examples(document)
    return document


def _parameters_without_null(document: dict[str, Any]) -> None:
    """An optional parameter is one left out (`required: false`), never a `null`: a header or a query string has
    no null, and a client sending "null" would be refused."""
    for methods in document.get("paths", {}).values():
        for operation in methods.values():
            for parameter in operation.get("parameters", ()):
                schema = parameter.get("schema", {})
                options = [o for o in schema.get("anyOf", ()) if o != {"type": "null"}]
                if len(options) == 1 and len(schema["anyOf"]) == 2:
                    rest = {k: v for k, v in schema.items() if k != "anyOf"}
                    parameter["schema"] = {**options[0], **rest}


def _read_your_writes(document: dict[str, Any], operation_ids: tuple[str, ...]) -> None:
    """The `Pantheon-Min-Version` header (server/replica.py): read at this game version or later. Taken by a
    middleware for every read (also as the `min_version` query parameter), so it is declared here."""
    parameter = {
        "name": "Pantheon-Min-Version",
        "in": "header",
        "required": False,
        "description": "The game version your last command returned: the answer reflects it or a later version "
        "(a read replica is waited for, or the primary is read). Also accepted as the `min_version` query "
        "parameter; anything but a whole number from 1 to 2^53 is 422 `request.bad_min_version`.",
        "schema": {"type": "integer", "minimum": 1, "maximum": 2**53},
    }
    for path in document.get("paths", {}).values():
        for operation in path.values():
            if isinstance(operation, dict) and operation.get("operationId") in operation_ids:
                operation.setdefault("parameters", []).append(dict(parameter))


def _without_item_schema(document: dict[str, Any]) -> None:
    """FastAPI's EventSourceResponse documents each event with OpenAPI 3.2's `itemSchema`, which is not 3.1, and
    other streaming responses with `type: string` beside our `$ref`: our `schema` (one `StreamEvent`, see
    `event_stream`) says it in 3.1."""
    for methods in document.get("paths", {}).values():
        for operation in methods.values():
            for answer in operation.get("responses", {}).values():
                for media in answer.get("content", {}).values():
                    media.pop("itemSchema", None)
                    if "$ref" in media.get("schema", {}):
                        media["schema"] = {"$ref": media["schema"]["$ref"]}


def _at_most_one(document: dict[str, Any], operation_id: str, name: str, names: tuple[str, ...]) -> None:
    """Query parameters of which at most one may be given, stated as ONE object parameter (`style: form`,
    `explode: true`: on the wire each is still its own `?at_version=4`) with `maxProperties: 1`. OpenAPI 3.1
    has no other way to make parameters exclusive."""
    for methods in document.get("paths", {}).values():
        for operation in methods.values():
            if operation.get("operationId") != operation_id:
                continue
            given = {p["name"]: p for p in operation["parameters"] if p["name"] in names}
            kept = [p for p in operation["parameters"] if p["name"] not in names]
            properties = {
                key: {**p["schema"], **({"description": p["description"]} if "description" in p else {})}
                for key, p in given.items()
            }
            operation["parameters"] = [
                *kept,
                {
                    "name": name,
                    "in": "query",
                    "required": False,
                    "style": "form",
                    "explode": True,
                    "description": "At most one of " + ", ".join(f"`{n}`" for n in names) + ", each a query "
                    "parameter of its own (e.g. `?at_turn=3`); none: now.",
                    "schema": {
                        "type": "object",
                        "properties": properties,
                        "additionalProperties": False,
                        "maxProperties": 1,
                    },
                    "example": {names[0]: 4},
                },
            ]


def install(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if not app.openapi_schema:
            app.openapi_schema = build_document(app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


# --- validity ---------------------------------------------------------------------------------------------


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _refs(item)


def dangling_refs(document: dict[str, Any]) -> list[str]:
    """Every local `$ref` (extensions included) that points at nothing."""
    missing = []
    for target in sorted(set(_refs(document))):
        node: Any = document
        for part in target.removeprefix("#/").split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            node = node.get(part) if isinstance(node, dict) else None
        if not target.startswith("#/") or node is None:
            missing.append(target)
    return missing


def problems(document: dict[str, Any]) -> list[str]:
    """What keeps `document` from being a valid OpenAPI 3.1 document, checked by openapi-spec-validator (a dev
    and test dependency) and by a walk over every `$ref`; empty when it is valid."""
    from openapi_spec_validator import OpenAPIV31SpecValidator

    found = [f"dangling $ref {target}" for target in dangling_refs(document)]
    if document.get("openapi") != "3.1.0":
        found.append(f"openapi is {document.get('openapi')!r}, not '3.1.0'")
    if found:
        return found  # the validator stops at the first dangling reference with an exception
    # A JSON round trip: the validator wants plain JSON (string keys), as the committed file is.
    plain = json.loads(msgspec.json.encode(document))
    found += [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in OpenAPIV31SpecValidator(plain).iter_errors()
    ]
    return found
