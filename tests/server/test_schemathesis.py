"""A bounded, deterministic schemathesis run against the committed `openapi/openapi.json`, through the ASGI app
(lifespan included) on real PostgreSQL: no 5xx, and every response conforms to the documented status codes,
content types, headers and schemas.

Positive cases run as the admin and as a seat, on an existing running game (the generated `game_id` is replaced
by the real one, or every call would be a 404). Negative cases (invalid inputs) keep what was generated and must
be refused with a 4xx. `max_examples` bounds the run; `derandomize` makes it the same run every time.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import Case, GenerationMode
from schemathesis.checks import CHECKS, load_all_checks, positive_data_acceptance
from schemathesis.python import asgi

from server.app import create_app
from tests.server.conftest import ADMIN, make_settings

OPENAPI = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
MAX_EXAMPLES = 12
BASE_URL = f"http://{asgi.HOST}"


# Refusals of schema-valid requests that depend on the game, the ruleset or an earlier request, which no schema
# can state: each is a 422 with its own code (a 409 or 404 is accepted by schemathesis as it is). Anything else
# the server refuses, the schema must state (bounds, patterns, `oneOf`), or positive_data_acceptance fails.
STATE_DEPENDENT = {
    "command.invalid": "a ruleset command of the main document's open `GameCommand`: typed per ruleset",
    "ruleset.not_found": "a ruleset this server does not play",
    "state.out_of_range": "a version past the game's history",
    "idempotency.key_reused": "the same key sent before with another body",
    "request.bad_cursor": "an opaque cursor: pass back `next_cursor`",
    "rollback.bad_version": "a version past the game's head",
    "diff.unrelated": "a game that is not a fork of this one",
    "bids.unknown_bidder": "a seat for an entity the ruleset's scenario does not have",
    "rollback.no_such_turn": "a turn the game has not reached",
    "rollback.mid_command": "a version inside one command's events",
    "readjudicate.unknown_seat": "a seat the game does not have",
    "webhook.unknown_seat": "a seat the game does not have",
    "command.unknown_seat": "On-Behalf-Of: a seat the game does not have",
    "command.order_source_required": "On-Behalf-Of without Order-Source: a dependency OpenAPI cannot state",
    "successor.not_supported": "a next game of a ruleset that carries nothing over (test-bids)",
    "content.not_found": "a content pack not uploaded (yet)",
    "content.not_supported": "a content pack for a ruleset that takes none",
}
# A scenario, settings or a corrected order's command is a ruleset's document, typed in the ruleset's own OpenAPI
# document and open (any object) in the main one, so what the ruleset refuses in it is not the main one's to say.
OPEN_DOCUMENT_REFUSALS = {
    "request.nul_character",
    "scenario.invalid",
    "setup.invalid",
    "settings.invalid",
    "content.invalid",
    "content.inconsistent",
}
OPEN_DOCUMENTS = {
    "POST /v1/games",
    "POST /v1/games/{game_id}/turns/{turn}/readjudicate",
    "POST /v1/rulesets/{ruleset_id}/content-packs",
    "POST /v1/games/{game_id}/successor",
}


def refusal_code(response: Any) -> str:
    try:
        return str(response.json().get("code", ""))
    except ValueError:
        return ""


def has_whole_float(value: Any) -> bool:
    if isinstance(value, dict):
        return any(has_whole_float(v) for v in value.values())
    if isinstance(value, list):
        return any(has_whole_float(v) for v in value)
    return isinstance(value, float) and value.is_integer()


def accepts_valid_data(ctx: Any, response: Any, case: Case) -> bool | None:
    """positive_data_acceptance, except for the state-dependent refusals above (and their codes only), and for
    an integer written as `381.0`: JSON Schema counts it as an integer, the server (msgspec) as a float, and it
    says so in a `request.invalid` that names the field."""
    code = refusal_code(response) if response.status_code == 422 else ""
    if code in STATE_DEPENDENT or (case.operation.label in OPEN_DOCUMENTS and code in OPEN_DOCUMENT_REFUSALS):
        return None
    if code in ("request.invalid", "command.invalid") and has_whole_float(case.body):
        return None
    return positive_data_acceptance(ctx, response, case)  # type: ignore[no-any-return]


def all_checks() -> list[Any]:
    """Every check schemathesis has (conformance of status, content type, headers and schema; positive and
    negative data acceptance; missing required headers; unsupported methods; auth; resources)."""
    load_all_checks()
    checks = [check for check in CHECKS.get_all() if check is not positive_data_acceptance]
    assert len(checks) == len(CHECKS.get_all()) - 1
    return [*checks, accepts_valid_data]


def running_game(client: asgi.ASGIClient) -> tuple[str, str]:
    """A started test-bids game; returns (game id, ann's seat token)."""
    admin = {"Authorization": f"Bearer {ADMIN}"}
    body = {"ruleset": "test-bids", "name": "Fuzzed", "scenario": {"bidders": ["ann", "bob"]}}
    created = client.post("/v1/games", json=body, headers=admin)
    assert created.status_code == 201, created.text
    game_id, gm = created.json()["game_id"], {"Authorization": f"Bearer {created.json()['gm_token']}"}
    seat = client.post(
        f"/v1/games/{game_id}/seats", json={"name": "ann", "role": "player", "controls": "ann"}, headers=gm
    )
    assert seat.status_code == 201, seat.text
    started = client.post(f"/v1/games/{game_id}/commands", json={"type": "StartGame"}, headers=gm)
    assert started.status_code == 200, started.text
    note = client.post(
        f"/v1/games/{game_id}/commands",
        json={"type": "WriteNote", "text": "hello"},
        headers={"Authorization": f"Bearer {seat.json()['token']}"},
    )
    assert note.status_code == 200, note.text
    return game_id, seat.json()["token"]


def aimed_at(game_id: str) -> Callable[[Case], None]:
    def aim(case: Case) -> None:
        if case.path_parameters and "game_id" in case.path_parameters:
            case.path_parameters["game_id"] = game_id
        if case.operation.label.endswith("/events/stream"):
            # Start at the beginning so the stream has an event to send (the client stops after one).
            case.query = {**(case.query or {}), "after": 0}
            if case.headers:
                case.headers.pop("Last-Event-ID", None)

    return aim


def stream_schema() -> Any:
    document = json.loads(OPENAPI.read_text())
    media = document["paths"]["/v1/games/{game_id}/events/stream"]["get"]["responses"]["200"]["content"]
    return media["text/event-stream"]["schema"]


def has_inputs(operation: schemathesis.APIOperation) -> bool:
    return any(len(part) for part in (operation.path_parameters, operation.query, operation.headers, operation.body))


def run(
    operation: schemathesis.APIOperation,
    client: asgi.ASGIClient,
    token: str,
    mode: GenerationMode,
    aim: Callable[[Case], None] | None,
) -> None:
    checks = all_checks()

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=MAX_EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    def call(case: Case) -> None:
        if aim is not None:
            aim(case)
        case.call_and_validate(
            base_url=BASE_URL, session=client, headers={"Authorization": f"Bearer {token}"}, checks=checks, timeout=10
        )

    call()


def without_security() -> dict[str, Any]:
    """The committed document, minus its security requirements: every call carries a real token instead. (A
    generated, then replaced, `Authorization` header would make negative cases valid again behind the check's
    back; missing and bad tokens are covered by test_errors.)"""
    document: dict[str, Any] = json.loads(OPENAPI.read_text())
    for path in document["paths"].values():
        for operation in path.values():
            operation.pop("security", None)
    document.pop("security", None)
    return document


def operations(mode: GenerationMode) -> list[Any]:
    """Every REST operation. /graphql is left to its own contract (schema.graphql and its tests): the OpenAPI
    entries Strawberry adds for it document neither GraphiQL's HTML nor its 400s."""
    found = [result.ok() for result in schemathesis.openapi.from_dict(without_security()).get_all_operations()]
    rest = [op for op in found if not op.path.startswith("/graphql")]
    return [op for op in rest if has_inputs(op)] if mode.is_negative else rest


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=lambda m: m.value)
def test_the_api_conforms_to_its_openapi_and_never_fails(
    db_url: str, tmp_path: Path, mode: GenerationMode, subtests: pytest.Subtests
) -> None:
    # Webhooks to any host the generator invents may be registered, and none is ever sent (no delivery worker).
    app = create_app(make_settings(db_url, tmp_path, webhooks=False, webhook_allowed_hosts=frozenset()))
    try:
        with asgi.get_client(app, max_stream_events=1) as client:
            game_id, seat = running_game(client)
            aim = aimed_at(game_id) if mode is GenerationMode.POSITIVE else None
            chosen = operations(mode)
            assert len(chosen) >= 12, [op.label for op in chosen]  # a schema that loads nothing tests nothing
            for operation in chosen:
                for who, token in (("admin", ADMIN), ("seat", seat)):
                    with subtests.test(operation=operation.label, caller=who):
                        run(operation, client, token, mode, aim)
    finally:
        asgi.shutdown_lifespans()


def test_the_event_stream_documents_its_events() -> None:
    """OpenAPI 3.1 reads a `text/event-stream` schema as one event (3.2's `itemSchema` is not 3.1)."""
    schema = stream_schema()
    events = json.loads(OPENAPI.read_text())["components"]["schemas"]["StreamEvent"]
    assert schema == {"$ref": "#/components/schemas/StreamEvent"}
    assert events["properties"]["data"]["contentSchema"] == {"$ref": "#/components/schemas/EventEnvelope"}
