"""REST under /v1. Each route parses, calls the one application service, and maps the result."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Mapping, MutableMapping
from datetime import datetime
from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import ClientDisconnect

from events.handler import Refused, UnknownGame
from server import schemas as s
from server.auth import TokenGrant
from server.direct_route import DirectRoute, direct_for
from server.health import database_health
from server.on_behalf import OnBehalf
from server.openapi_docs import event_stream, json_body, ref, responses
from server.openapi_rulesets import ruleset_document
from server.problems import ApiError, correlation, problem_response
from server.service import EventFilter, GameService
from server.sse import LiveEvents
from server.stream_tickets import StreamTickets

router = APIRouter(prefix="/v1", route_class=DirectRoute)
_bearer = HTTPBearer(auto_error=False, description="`pnt_<id>.<secret>`: the admin, a game's GM, or a seat token")
_KEY = re.compile(r"^[\x21-\x7e]{1,200}$")
_IF_MATCH = re.compile(r'^(?:W/)?"?(\d{1,18})"?$')


async def service(request: Request) -> GameService:
    # async: a plain `def` dependency would run in a worker thread on every request
    return request.app.state.service  # type: ignore[no-any-return]


async def grant(
    request: Request, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> TokenGrant:
    header = f"Bearer {credentials.credentials}" if credentials else request.headers.get("authorization")
    svc: GameService = request.app.state.service
    return await svc.tokens.grant(header, request.client.host if request.client else None)


class _BearerGrant(HTTPBearer):
    """The caller's grant in one dependency (not `grant` over `_bearer`: FastAPI's solving of each dependency
    costs more than the token check). Still an `HTTPBearer`, named so, for the same OpenAPI security scheme."""

    async def __call__(self, request: Request) -> TokenGrant:  # type: ignore[override]
        svc: GameService = request.app.state.service
        client = request.client.host if request.client else None
        return await svc.tokens.grant(request.headers.get("authorization"), client)


Service = Annotated[GameService, Depends(service)]
Grant = Annotated[
    TokenGrant, Depends(_BearerGrant(auto_error=False, scheme_name="HTTPBearer", description=_bearer.model.description))
]
GameId = Annotated[str, Path(max_length=64, description="The game's id")]
IdempotencyKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        description="Retry safely: 1 to 200 visible ASCII characters",
        json_schema_extra={"pattern": _KEY.pattern},
    ),
]
# A moment with its timezone (a naive time is refused: `request.naive_time`).
ZONED_TIME = {"pattern": r"([zZ]|[+-]\d{2}:?\d{2})$"}


class JsonAnswer(Response):
    """A JSON answer with exactly the headers `Response` gives it (the given ones, then content-length and
    content-type), put together directly: Starlette's general header assembly was 1% of a command."""

    media_type = "application/json"

    def __init__(self, body: bytes, status_code: int = 200, headers: Mapping[str, str] | None = None) -> None:
        self.status_code = status_code
        self.background = None
        self.body = body
        raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()] if headers else []
        if not (status_code < 200 or status_code in (204, 304)):
            raw.append((b"content-length", str(len(body)).encode("latin-1")))
        raw.append((b"content-type", b"application/json"))
        self.raw_headers = raw


def ok(message: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return JsonAnswer(msgspec.json.encode(message), status, headers)


async def read_body(request: Request) -> bytes:
    """The request's body, as `await request.body()` reads it (a client gone before its end is Starlette's
    `ClientDisconnect`), for a direct path that reads it once: without Starlette's stream generator."""
    chunks = []
    while True:
        message = await request.receive()
        if message["type"] == "http.request":
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                return b"".join(chunks)
        elif message["type"] == "http.disconnect":
            raise ClientDisconnect()


def require_utf8(body: bytes) -> None:
    """msgspec would raise UnicodeDecodeError (a 500) on invalid UTF-8 in a string: refuse it here instead."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(
            "request.malformed_json", f"The body is not valid JSON: it is not UTF-8 (byte {exc.start}).", 400
        ) from None


def decode_body(body: bytes, kind: type[Any]) -> Any:
    if not body.strip():
        raise ApiError("request.empty_body", "Send a JSON body.", 400)
    if b"\\u0000" in body:
        raise ApiError("request.nul_character", "Text may not contain the NUL character (\\u0000).", 422)
    require_utf8(body)
    try:
        return msgspec.json.decode(body, type=kind)
    except msgspec.ValidationError as exc:
        raise ApiError("request.invalid", f"The body does not match its schema: {exc}", 422) from None
    except msgspec.DecodeError as exc:
        raise ApiError("request.malformed_json", f"The body is not valid JSON: {exc}", 400) from None
    except RecursionError:
        raise ApiError(
            "request.too_deep", "The body nests too deeply; no document here needs that depth.", 422
        ) from None


# --- rulesets -------------------------------------------------------------------------------------------


@router.get("/rulesets", operation_id="listRulesets", tags=["rulesets"], responses=responses(s.RulesetList))
async def list_rulesets(svc: Service) -> Response:
    return ok(svc.rulesets())


@router.get(
    "/rulesets/{ruleset_id}",
    operation_id="getRuleset",
    tags=["rulesets"],
    responses={**responses(s.RulesetDetail, 404), 304: {"description": "Not modified (the ETag matched)"}},
)
async def get_ruleset(
    svc: Service,
    ruleset_id: Annotated[str, Path(max_length=64)],
    version: Annotated[int | None, Query(ge=1, le=10_000)] = None,
    if_none_match: Annotated[str | None, Header(alias="If-None-Match", max_length=1000)] = None,
) -> Response:
    """The ruleset and its JSON Schemas, computed once per version. Send its `ETag` back in `If-None-Match` to
    get a bodiless 304 while it has not changed."""
    body, etag = svc.ruleset_document(ruleset_id, version)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    tags = {t.strip().removeprefix("W/") for t in (if_none_match or "").split(",")}
    if "*" in tags or etag in tags:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get(
    "/rulesets/{ruleset_id}/openapi.json",
    operation_id="getRulesetOpenapi",
    tags=["rulesets"],
    responses={
        **responses(None, 404),
        200: {
            "description": "The API as an OpenAPI 3.1 document with this ruleset's commands, events, scenario, "
            "settings and view as named types (`SecondEraCommand`, `SecondEra_View`...); committed as "
            "openapi/rulesets/{id}.json for each ruleset's newest version. Generate a client from it.",
            "content": {"application/json": {"schema": {"type": "object", "required": ["openapi", "info", "paths"]}}},
        },
    },
)
async def get_ruleset_openapi(
    request: Request,
    svc: Service,
    ruleset_id: Annotated[str, Path(max_length=64)],
    version: Annotated[int | None, Query(ge=1, le=10_000)] = None,
) -> Response:
    ruleset = svc.ruleset_definition(ruleset_id, version)
    documents: dict[tuple[str, int], bytes] | None = getattr(request.app.state, "ruleset_documents", None)
    if documents is None:
        documents = request.app.state.ruleset_documents = {}
    key = (ruleset.id, ruleset.version)
    if key not in documents:
        documents[key] = msgspec.json.encode(ruleset_document(request.app.openapi(), ruleset))
    return Response(documents[key], media_type="application/json")


# --- games ----------------------------------------------------------------------------------------------


@router.post(
    "/games",
    operation_id="createGame",
    tags=["games"],
    status_code=201,
    responses=responses(s.CreatedGame, 403, status=201),
    openapi_extra=json_body(s.CreateGameRequest),
)
async def create_game(request: Request, svc: Service, who: Grant) -> Response:
    body = decode_body(await request.body(), s.CreateGameRequest)
    return ok(await svc.create_game(who, body), 201)


@router.get("/games", operation_id="listGames", tags=["games"], responses=responses(s.GameList))
async def list_games(
    svc: Service,
    who: Grant,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
    cursor: Annotated[str | None, Query(max_length=200)] = None,
) -> Response:
    return ok(await svc.list_games(who, limit, cursor))


@router.get("/games/{game_id}", operation_id="getGame", tags=["games"], responses=responses(s.GameDetail, 404))
async def get_game(svc: Service, who: Grant, game_id: GameId) -> Response:
    detail = await svc.describe(who, game_id)
    return ok(detail, headers={"ETag": f'"{detail.version}"'})


@router.post(
    "/games/{game_id}/seats",
    operation_id="addSeat",
    tags=["games"],
    status_code=201,
    responses=responses(s.CreatedSeat, 403, 404, 409, status=201),
    openapi_extra=json_body(s.AddSeatRequest),
)
async def add_seat(request: Request, svc: Service, who: Grant, game_id: GameId) -> Response:
    body = decode_body(await request.body(), s.AddSeatRequest)
    return ok(await svc.add_seat(who, game_id, body), 201)


# --- commands -------------------------------------------------------------------------------------------


def _expected_version(if_match: str | None) -> int | None:
    if if_match is None:
        return None
    match = _IF_MATCH.match(if_match.strip())
    if match is None:
        raise ApiError("request.bad_if_match", 'If-Match takes the game version, e.g. `If-Match: "12"`.', 400)
    return int(match.group(1))


@router.post(
    "/games/{game_id}/commands",
    operation_id="submitCommand",
    tags=["commands"],
    responses=responses(s.CommandAccepted, 403, 404, 409),
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GameCommand"}}},
        }
    },
)
async def submit_command(
    request: Request,
    svc: Service,
    who: Grant,
    game_id: GameId,
    if_match: Annotated[
        str | None,
        Header(
            alias="If-Match",
            description='Pin the expected game version, e.g. `"12"`',
            json_schema_extra={"pattern": _IF_MATCH.pattern},
        ),
    ] = None,
    idempotency_key: IdempotencyKey = None,
    on_behalf_of: Annotated[
        str | None,
        Header(
            alias="On-Behalf-Of",
            max_length=64,
            description="GM only: enter the command as this seat's (orders by mail); needs `Order-Source`",
        ),
    ] = None,
    order_source: Annotated[
        str | None,
        Header(
            alias="Order-Source",
            max_length=200,
            description="With On-Behalf-Of: where the order came from",
            json_schema_extra={"pattern": r"\S"},
        ),
    ] = None,
) -> Response:
    """Submit one command (the body is the command; `type` is its tag).

    Orders by mail: a GM sends `On-Behalf-Of: <seat_id>` and `Order-Source: mail received 12:03`. The command is
    checked as that seat's own (its rules, its deadline unless the GM accepted its late orders) and recorded as
    entered by the GM for that seat, with its source (the audit's `actor`; the events' `entered_by`)."""
    on_behalf = None if on_behalf_of is None else OnBehalf(on_behalf_of, order_source)
    return await _submit(request, svc, who, game_id, if_match, idempotency_key, on_behalf)


def _plain_submit(scope: MutableMapping[str, Any], path_params: Mapping[str, Any]) -> bool:
    """The commands `_submit_direct` answers: not a GM's orders by mail, not an over-long id (FastAPI's 422)."""
    if len(path_params["game_id"]) > 64:
        return False
    return not any(name == b"on-behalf-of" or name == b"order-source" for name, _ in scope["headers"])


@direct_for(submit_command, accepts=_plain_submit)
async def _submit_direct(request: Request) -> Response:
    """`submit_command` without FastAPI's solving, for the requests `_plain_submit` accepts."""
    headers = request.headers
    svc: GameService = request.app.state.service
    who = await svc.tokens.grant(headers.get("authorization"), request.client.host if request.client else None)
    game_id: str = request.path_params["game_id"]
    return await _submit(request, svc, who, game_id, headers.get("if-match"), headers.get("idempotency-key"), None)


async def _submit(
    request: Request,
    svc: GameService,
    who: TokenGrant,
    game_id: str,
    if_match: str | None,
    idempotency_key: str | None,
    on_behalf: OnBehalf | None,
) -> Response:
    expected = _expected_version(if_match)
    if idempotency_key is not None and not _KEY.match(idempotency_key):
        raise ApiError("idempotency.bad_key", "Idempotency-Key must be 1 to 200 visible ASCII characters.", 400)
    body = await read_body(request)
    if not body.strip():
        raise ApiError("request.empty_body", 'Send the command as JSON, e.g. {"type": "StartGame"}.', 400)
    if b"\\u0000" in body:
        raise ApiError("request.nul_character", "Text may not contain the NUL character (\\u0000).", 422)
    require_utf8(body)
    outcome, events = await svc.submit(
        who,
        game_id,
        body,
        expected_version=expected,
        idempotency_key=idempotency_key,
        correlation_id=correlation(),
        on_behalf=on_behalf,
    )
    replay = {"Idempotent-Replayed": "true"} if outcome.replayed else {}
    if isinstance(outcome, Refused):
        response = problem_response(outcome.http_status, outcome.code, outcome.message)
        response.headers.update(replay)
        return response
    accepted = s.CommandAccepted(
        status="accepted",
        game_id=outcome.game_id,
        command_id=outcome.command_id,
        version=outcome.version,
        events=events,
        replayed=outcome.replayed,
    )
    return ok(accepted, headers={"ETag": f'"{outcome.version}"', **replay})


@router.get(
    "/games/{game_id}/commands/available",
    operation_id="availableCommands",
    tags=["commands"],
    responses=responses(s.AvailableCommands, 404),
)
async def available_commands(svc: Service, who: Grant, game_id: GameId) -> Response:
    return ok(await svc.available(who, game_id))


# --- reads ----------------------------------------------------------------------------------------------


@router.get(
    "/games/{game_id}/state",
    operation_id="getState",
    tags=["history"],
    responses=responses(s.StateResponse, 403, 404),
)
async def get_state(
    svc: Service,
    who: Grant,
    game_id: GameId,
    at_version: Annotated[int | None, Query(ge=1, le=2**53)] = None,
    at_turn: Annotated[int | None, Query(ge=1, le=1_000_000)] = None,
    at_time: Annotated[datetime | None, Query(json_schema_extra=ZONED_TIME)] = None,
    as_seat: Annotated[
        str | None,
        Query(max_length=64, description="GM only: this seat's view, exactly as its own token sees it"),
    ] = None,
) -> Response:
    """The caller's view of the game now, or at a version, at the start of a turn, or at a moment. A GM may read
    any seat's view with `as_seat` (the seat's own redaction; a seat token gets 403 `auth.forbidden`)."""
    if at_time is not None and at_time.tzinfo is None:
        raise ApiError("request.naive_time", "at_time needs a timezone, e.g. 2026-01-01T12:00:00Z.", 422)
    state = await svc.state(who, game_id, at_version=at_version, at_turn=at_turn, at_time=at_time, as_seat=as_seat)
    return ok(state, headers={"ETag": f'"{state.version}"'})


@router.get(
    "/games/{game_id}/events",
    operation_id="listEvents",
    tags=["history"],
    responses=responses(s.EventPage, 404),
)
async def list_events(
    svc: Service,
    who: Grant,
    game_id: GameId,
    after: Annotated[int, Query(ge=0, le=2**53)] = 0,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    event_type: Annotated[
        list[str] | None,
        Query(
            alias="type",
            description="Only events of these types (repeat; up to 50)",
            json_schema_extra={"maxItems": 50, "items": {"type": "string", "maxLength": 64}},
        ),
    ] = None,
    turn: Annotated[int | None, Query(ge=0, le=1_000_000, description="Only events of this turn")] = None,
    seat: Annotated[str | None, Query(max_length=64, description="GM: only events this seat's commands caused")] = None,
    actor: Annotated[str | None, Query(max_length=200, description="GM: only events of this actor")] = None,
    reverted: Annotated[bool | None, Query(description="Only reverted (true) or standing (false) events")] = None,
    phase: Annotated[str | None, Query(max_length=64, description="Only events of this phase (e.g. `orders`)")] = None,
) -> Response:
    """History as the caller may see it: events after version `after`. The filters apply to the `limit` events
    read after `after`: a filtered page may hold fewer (even none) while `more` is true; continue from
    `next_after`."""
    if event_type is not None and (len(event_type) > 50 or any(len(t) > 64 for t in event_type)):
        raise ApiError("request.bad_type_filter", "Give at most 50 `type` filters, of at most 64 characters each.", 422)
    where = EventFilter(
        types=frozenset(event_type or ()), turn=turn, seat=seat, actor=actor, reverted=reverted, phase=phase
    )
    return ok(await svc.events(who, game_id, after, limit, where))


async def _stream_grant(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    game_id: GameId,
    ticket: Annotated[
        str | None,
        Query(max_length=100, description="A stream ticket, for a browser `EventSource` (instead of the bearer)"),
    ] = None,
) -> TokenGrant:
    if ticket is None:
        return await grant(request, credentials)
    tickets: StreamTickets = request.app.state.stream_tickets
    ticket_grant, ticket_game = tickets.redeem(ticket)
    if ticket_game != game_id:
        raise UnknownGame(game_id)  # a ticket is bound to its game, like a token
    return ticket_grant


StreamGrant = Annotated[TokenGrant, Depends(_stream_grant)]


async def _stream_slot(svc: Service, who: StreamGrant, game_id: GameId) -> AsyncIterator[None]:
    """One of the token's and one of the game's stream slots, held until the response ends: 429 `stream.too_many`
    before it starts."""
    with svc.streams.hold(who.token_id), svc.game_streams.hold(game_id):
        yield


async def _stream_start(
    svc: Service,
    who: StreamGrant,
    game_id: GameId,
    after: Annotated[int | None, Query(ge=0, le=2**53)] = None,
    last_event_id: Annotated[
        str | None,
        Header(
            alias="Last-Event-ID",
            description="The version of the last event seen",
            json_schema_extra={"pattern": r"^\s*\d{1,18}\s*$"},
        ),
    ] = None,
) -> int:
    """The version to stream after; authorises (and fails with a problem) before the stream starts."""
    start = after if after is not None else 0
    if last_event_id is not None:
        if not last_event_id.strip().isdigit():
            raise ApiError("request.bad_last_event_id", "Last-Event-ID is the version of the last event seen.", 400)
        start = int(last_event_id.strip())
    await svc.actor(who, game_id)
    return start


@router.get(
    "/games/{game_id}/events/stream",
    operation_id="streamEvents",
    response_class=LiveEvents,
    tags=["history"],
    responses={**responses(None, 404), **event_stream("Server-Sent Events; `id` is the event version")},
)
async def stream_events(
    svc: Service,
    who: StreamGrant,
    game_id: GameId,
    start: Annotated[int, Depends(_stream_start)],
    _slot: Annotated[None, Depends(_stream_slot)],
) -> Response:
    """Live events as Server-Sent Events, resumable with `Last-Event-ID` (or `after`).

    Authenticate with the bearer header, or, from a browser `EventSource`, with `?ticket=` from
    `POST /v1/games/{id}/events/stream-ticket`. A client that reads too slowly gets a last `event: closed`
    (`stream.too_slow`) and reconnects with `Last-Event-ID`; see `StreamEvent`."""
    return LiveEvents(lambda send_body: svc.push(who, game_id, start, send_body))


@router.post(
    "/games/{game_id}/events/stream-ticket",
    operation_id="createStreamTicket",
    tags=["history"],
    responses=responses(s.StreamTicket, 404),
)
async def create_stream_ticket(request: Request, svc: Service, who: Grant, game_id: GameId) -> Response:
    """A short-lived ticket that opens this game's event stream as you (60 seconds, this game only).

    For browsers: `new EventSource(".../events/stream?ticket=" + ticket)` cannot send a bearer header."""
    await svc.actor(who, game_id)
    tickets: StreamTickets = request.app.state.stream_tickets
    ticket, expires_at = tickets.issue(who, game_id)
    return ok(s.StreamTicket(ticket=ticket, expires_at=expires_at), headers={"Cache-Control": "no-store"})


@router.get("/games/{game_id}/turns", operation_id="listTurns", tags=["history"], responses=responses(s.TurnList, 404))
async def list_turns(svc: Service, who: Grant, game_id: GameId) -> Response:
    return ok(await svc.turns(who, game_id))


@router.get(
    "/games/{game_id}/turns/{turn}",
    operation_id="getTurn",
    tags=["history"],
    responses=responses(s.TurnReport, 404),
)
async def get_turn(
    svc: Service, who: Grant, game_id: GameId, turn: Annotated[int, Path(ge=1, le=1_000_000)]
) -> Response:
    """A turn's summary and its events as the caller may see them (public news and private reports)."""
    return ok(await svc.turn(who, game_id, turn))


health_router = APIRouter()


@health_router.get(
    "/health",
    operation_id="health",
    tags=["server"],
    responses={
        200: {"description": "OK", "content": {"application/json": {"schema": ref(s.Health)}}},
        503: {
            "description": "The database is unavailable or its disk is full",
            "content": {"application/json": {"schema": ref(s.Health)}},
        },
    },
)
async def health(request: Request) -> Response:
    """200 when the database answers and accepts writes; 503 (with `Retry-After`) when not, saying which."""
    report = await database_health(request.app.state.services)
    status = 200 if report.status == "ok" else 503
    return ok(report, status, headers=None if status == 200 else {"Retry-After": "5"})
