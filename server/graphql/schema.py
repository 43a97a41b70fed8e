"""Queries, mutations and the events subscription. Each resolver parses its arguments, calls the one
application service (`GameService`) and maps the result; the rules and the redaction live behind the service.

The caller is the bearer token of the request (or, on a websocket, of the upgrade request or the
`connection_init` payload), checked once per request or connection.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import AsyncGenerator, Iterable
from datetime import datetime
from typing import Annotated, Any

import msgspec
import strawberry
from graphql import GraphQLError
from strawberry.scalars import JSON
from strawberry.types import ExecutionContext, ExecutionResult
from strawberry.types.graphql import OperationType

from events.handler import Refused
from server import schemas as s
from server.graphql import lean, limits
from server.graphql.errors import ProblemErrors, log_unexpected
from server.graphql.shared import SharedEventExecution, shared_events
from server.graphql.types import (
    Accepted,
    AvailableCommands,
    CommandResult,
    CreatedGame,
    CreatedSeat,
    Event,
    EventPage,
    GameDetail,
    GamePage,
    Rejected,
    Ruleset,
    SeatRole,
    State,
    Turn,
    TurnReport,
    caller,
    mutation_field,
    query_field,
    subscription_field,
)
from server.on_behalf import OnBehalf
from server.problems import ApiError
from server.schemas_campaigns import ContentPackChoice
from server.service import GameService

_KEY = re.compile(r"^[\x21-\x7e]{1,200}$")
_MAX_TEXT = 10_000


# --- parsing --------------------------------------------------------------------------------------------


def service(info: strawberry.Info) -> GameService:
    return info.context["service"]  # type: ignore[no-any-return]


def text(name: str, value: str, limit: int = _MAX_TEXT) -> str:
    # PostgreSQL text and jsonb cannot hold NUL; refuse it here rather than fail at the database.
    if "\x00" in value:
        raise ApiError("request.nul_character", f"`{name}` may not contain the NUL character.", 422)
    if len(value) > limit:
        raise ApiError("request.invalid", f"`{name}` is limited to {limit} characters.", 422)
    return value


def game(game_id: str) -> str:
    return text("gameId", game_id, 64)


def document(name: str, value: Any) -> bytes:
    """A JSON argument as the bytes the service takes, with the same checks as a REST body."""
    body = msgspec.json.encode(value)
    if b"\\u0000" in body:
        raise ApiError("request.nul_character", f"`{name}` may not contain the NUL character (\\u0000).", 422)
    return body


def pack_choice(name: str, version: int | None) -> ContentPackChoice:
    """A content pack named in GraphQL arguments, with the REST body's bounds."""
    try:
        return msgspec.convert({"name": text("contentPack", name, 100), "version": version}, ContentPackChoice)
    except msgspec.ValidationError as exc:
        raise ApiError("request.invalid", f"contentPack / contentPackVersion: {exc}", 422) from None


def bounded(name: str, value: int | None, low: int, high: int) -> int | None:
    if value is not None and not low <= value <= high:
        raise ApiError("request.invalid", f"`{name}` must be between {low} and {high}.", 422)
    return value


# --- queries --------------------------------------------------------------------------------------------


@strawberry.type
class Query:
    @query_field("The rulesets this server plays (newest version of each). No token needed.")
    def rulesets(self, info: strawberry.Info) -> list[Ruleset]:
        return [Ruleset.build(r) for r in service(info).rulesets().rulesets]

    @query_field("One ruleset, at its newest or a given version. No token needed.")
    def ruleset(self, info: strawberry.Info, id: str, version: int | None = None) -> Ruleset:
        bounded("version", version, 1, 10_000)
        return Ruleset.build(service(info).ruleset(text("id", id, 64), version).ruleset)

    @query_field("Games the caller may see (all for the admin), oldest first.")
    async def games(self, info: strawberry.Info, limit: int = 100, cursor: str | None = None) -> GamePage:
        svc, who = await caller(info)
        bounded("limit", limit, 1, 500)
        page = await svc.list_games(who, limit, text("cursor", cursor, 200) if cursor is not None else None)
        return GamePage.build(page)

    @query_field("A game as the caller may see it, and who the caller is in it.")
    async def game(self, info: strawberry.Info, id: str) -> GameDetail:
        svc, who = await caller(info)
        return GameDetail.build(await svc.describe(who, game(id)))

    @query_field("The caller's view now, or at a version, at a turn's start, or at a moment.")
    async def state(
        self,
        info: strawberry.Info,
        game_id: str,
        at_version: int | None = None,
        at_turn: int | None = None,
        at_time: datetime | None = None,
    ) -> State:
        svc, who = await caller(info)
        bounded("atVersion", at_version, 1, 2**31 - 1)
        bounded("atTurn", at_turn, 1, 1_000_000)
        if at_time is not None and at_time.tzinfo is None:
            raise ApiError("request.naive_time", "atTime needs a timezone, e.g. 2026-01-01T12:00:00Z.", 422)
        state = await svc.state(who, game(game_id), at_version=at_version, at_turn=at_turn, at_time=at_time)
        return State.build(state)

    @query_field("History as the caller may see it: events after version `after`.")
    async def events(self, info: strawberry.Info, game_id: str, after: int = 0, limit: int = 100) -> EventPage:
        svc, who = await caller(info)
        bounded("after", after, 0, 2**31 - 1)
        bounded("limit", limit, 1, 1000)
        return EventPage.build(await svc.events(who, game(game_id), after, limit))

    @query_field("What the caller may issue now, with schemas (for bots).")
    async def available_commands(self, info: strawberry.Info, game_id: str) -> AvailableCommands:
        svc, who = await caller(info)
        return AvailableCommands.build(await svc.available(who, game(game_id)))

    @query_field("Turn summaries, oldest first.")
    async def turns(self, info: strawberry.Info, game_id: str) -> list[Turn]:
        svc, who = await caller(info)
        listed = await svc.turns(who, game(game_id))
        return [Turn(**msgspec.structs.asdict(t)) for t in listed.turns]

    @query_field("Turn `n` and its events as the caller may see them.")
    async def turn(self, info: strawberry.Info, game_id: str, n: int) -> TurnReport:
        svc, who = await caller(info)
        bounded("n", n, 1, 1_000_000)
        return TurnReport.build(await svc.turn(who, game(game_id), n))


# --- mutations ------------------------------------------------------------------------------------------


@strawberry.type
class Mutation:
    @mutation_field("Create a game from a ruleset and a scenario (admin). Returns the GM token.")
    async def create_game(
        self,
        info: strawberry.Info,
        ruleset: str,
        name: str,
        scenario: JSON,
        settings: JSON | None = None,
        ruleset_version: int | None = None,
        content_pack: str | None = None,
        content_pack_version: int | None = None,
    ) -> CreatedGame:
        svc, who = await caller(info)
        # Omitted settings take the request type's default (the ruleset's defaults).
        given: dict[str, Any] = {}
        if settings is not None:
            given["settings"] = msgspec.Raw(document("settings", settings))
        if content_pack is not None:
            given["content_pack"] = pack_choice(content_pack, content_pack_version)
        request = s.CreateGameRequest(
            ruleset=text("ruleset", ruleset, 64),
            name=text("name", name, 200),
            scenario=msgspec.Raw(document("scenario", scenario)),
            ruleset_version=bounded("rulesetVersion", ruleset_version, 1, 10_000),
            **given,
        )
        return CreatedGame(**msgspec.structs.asdict(await svc.create_game(who, request)))

    @mutation_field("The GM adds a seat; its token is returned only here.")
    async def add_seat(
        self,
        info: strawberry.Info,
        game_id: str,
        name: str,
        role: SeatRole = SeatRole.PLAYER,
        controls: str | None = None,
    ) -> CreatedSeat:
        svc, who = await caller(info)
        controls = text("controls", controls, 200) if controls is not None else None
        request = s.AddSeatRequest(name=text("name", name, 200), role=role.value, controls=controls)
        return CreatedSeat.build(await svc.add_seat(who, game(game_id), request))

    @mutation_field(
        "Submit one command as JSON (`type` is its tag): the untyped fallback of the typed "
        "`submit<Ruleset>Command` mutations. `ifMatch` pins the game version; `idempotencyKey` makes retries "
        "safe. Rule refusals are `Rejected`; auth and conflicts are errors."
    )
    async def submit_command(
        self,
        info: strawberry.Info,
        game_id: str,
        command: JSON,
        if_match: int | None = None,
        idempotency_key: str | None = None,
        on_behalf_of: Annotated[
            str | None, strawberry.argument(description="GM only: enter the command as this seat's (orders by mail)")
        ] = None,
        order_source: Annotated[
            str | None, strawberry.argument(description="With onBehalfOf: where the order came from")
        ] = None,
    ) -> CommandResult:
        await caller(info)  # a missing or bad token is refused before anything about the body
        too_long = (on_behalf_of is not None and len(on_behalf_of) > 64) or len(order_source or "") > 200
        if too_long:
            raise ApiError("request.too_long", "onBehalfOf takes at most 64 characters, orderSource 200.", 422)
        on_behalf = None if on_behalf_of is None else OnBehalf(on_behalf_of, order_source)
        return await submit(info, game_id, document("command", command), if_match, idempotency_key, on_behalf)


async def submit(
    info: strawberry.Info,
    game_id: str,
    body: bytes,
    if_match: int | None,
    idempotency_key: str | None,
    on_behalf: OnBehalf | None = None,
) -> CommandResult:
    """The one path of every command mutation (the generic `submitCommand` and the typed per-ruleset ones)."""
    svc, who = await caller(info)
    if idempotency_key is not None and not _KEY.match(idempotency_key):
        raise ApiError("idempotency.bad_key", "idempotencyKey must be 1 to 200 visible ASCII characters.", 400)
    if b"\\u0000" in body:
        raise ApiError("request.nul_character", "`command` may not contain the NUL character (\\u0000).", 422)
    outcome, events = await svc.submit(
        who,
        game(game_id),
        body,
        expected_version=bounded("ifMatch", if_match, 0, 2**31 - 1),
        idempotency_key=idempotency_key,
        correlation_id=info.context.get("correlation_id"),
        on_behalf=on_behalf,
    )
    if isinstance(outcome, Refused):
        return Rejected.build(outcome)
    return Accepted.build(outcome, events)


# --- subscription ---------------------------------------------------------------------------------------


@strawberry.type
class Subscription:
    @subscription_field("The game's events as the caller may see them, from `after` on, live.")
    async def events(self, info: strawberry.Info, game_id: str, after: int = 0) -> AsyncGenerator[Event, None]:
        svc, who = await caller(info)
        bounded("after", after, 0, 2**31 - 1)
        # Each open subscription holds a follower of the game's hub: bounded per websocket, token and game.
        connection = info.context.setdefault("connection_id", str(uuid.uuid4()))
        game_id = game(game_id)
        with svc.connection_streams.hold(connection), svc.streams.hold(who.token_id), svc.game_streams.hold(game_id):
            async for batch in svc.follow(who, game_id, after):
                # None is the service's keep-alive tick; the events (and their execution) are shared by every
                # subscription of the same viewer (server/graphql/shared.py).
                for event in shared_events(batch) if batch is not None else ():
                    yield event


class PantheonSchema(strawberry.Schema):
    async def execute(
        self,
        query: str | None,
        variable_values: dict[str, Any] | None = None,
        context_value: Any | None = None,
        root_value: Any | None = None,
        operation_name: str | None = None,
        allowed_operation_types: Iterable[OperationType] | None = None,
        operation_extensions: dict[str, Any] | None = None,
    ) -> ExecutionResult:
        # The common case without the per-request extension machinery (`lean`); anything else as Strawberry does.
        args = (query, variable_values, context_value, root_value, operation_name, allowed_operation_types)
        result = await lean.execute(self, *args, operation_extensions)
        return result if result is not None else await super().execute(*args, operation_extensions)

    def process_errors(self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None) -> None:
        # Expected errors (auth, not found, conflicts) are answers, not incidents: log only the unexpected.
        context = execution_context.context if execution_context is not None else None
        correlation_id = context.get("correlation_id", "") if isinstance(context, dict) else ""
        log_unexpected(errors, correlation_id)


def _build() -> PantheonSchema:
    from strawberry.tools import merge_types

    from server.graphql.campaigns import CampaignMutation, CampaignQuery
    from server.graphql.commands import ruleset_mutations
    from server.graphql.gm import GmMutation, GmQuery
    from server.graphql.seats import SeatMutation, SeatQuery
    from server.graphql.webhooks import WebhookMutation, WebhookQuery

    return PantheonSchema(
        query=merge_types("Query", (Query, GmQuery, SeatQuery, WebhookQuery, CampaignQuery)),
        mutation=merge_types(
            "Mutation",
            (
                Mutation,
                GmMutation,
                SeatMutation,
                WebhookMutation,
                CampaignMutation,
                ruleset_mutations(submit, CommandResult),
            ),
        ),
        subscription=Subscription,
        extensions=[*limits.extensions(), ProblemErrors],
        execution_context_class=SharedEventExecution,
    )


schema = _build()
