"""GraphQL at /graphql (GraphiQL on GET from a browser), over the same `GameService` as REST.

- `types`: object types mirroring the REST shapes; `Accepted | Rejected` is the `CommandResult` union.
- `schema`: queries, mutations and the `events` subscription (graphql-transport-ws only).
- `errors`: errors carry `extensions.code` (the REST problem code) and `extensions.status`.

`submitCommand` answers rule refusals with `Rejected`; `createGame` and `addSeat` do not run a game command
the client chose, so their refusals (like every auth, not-found or conflict error) are GraphQL errors.

Authentication: `Authorization: Bearer <token>` on HTTP. A websocket takes it from the upgrade request or from
`{"Authorization": "Bearer ..."}` in the `connection_init` payload; a bad token there closes the socket with
4403, and a missing one lets only the token-free queries (rulesets) through.
"""

from __future__ import annotations

from typing import Any, cast

import msgspec
from cross_web import HTTPException
from fastapi import BackgroundTasks, Request, Response
from fastapi.responses import PlainTextResponse
from starlette.requests import HTTPConnection
from strawberry.exceptions import ConnectionRejectionError
from strawberry.fastapi import BaseContext, GraphQLRouter
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.types.graphql import OperationType
from strawberry.types.unset import UNSET, UnsetType

from server.auth import AuthError, Tokens
from server.direct_route import DirectRoute, direct_for
from server.graphql import lean
from server.graphql.schema import schema
from server.problems import correlation
from server.web import graphiql_html

__all__ = ["graphql_router", "schema", "schema_sdl"]

_PLAIN_JSON = frozenset({"application/json", "application/json; charset=utf-8", "application/json;charset=utf-8"})
_POST = frozenset(OperationType.from_http("POST"))


async def context(connection: HTTPConnection) -> dict[str, Any]:
    # async: FastAPI would run a plain `def` dependency in a worker thread on every request
    return {
        "service": connection.app.state.service,
        "authorization": connection.headers.get("authorization"),
        "correlation_id": correlation(),
        "client": connection.client.host if connection.client else None,
    }


class PantheonGraphQL(GraphQLRouter[dict[str, Any], None]):
    def decode_json(self, data: str | bytes) -> object:
        try:
            return super().decode_json(data)
        except RecursionError:
            # a 100 000-deep JSON argument would otherwise escape as a 500
            raise HTTPException(422, "The request nests too deeply; no query or argument needs that depth.") from None

    def encode_json(self, data: object) -> bytes:
        return msgspec.json.encode(data)  # the stdlib encoder was a tenth of a state query's time

    @property
    def graphql_ide_html(self) -> str:
        return graphiql_html()  # local assets: Strawberry's own page loads GraphiQL from a CDN

    async def on_ws_connect(self, context: BaseContext | dict[str, Any]) -> UnsetType | dict[str, object] | None:
        assert isinstance(context, dict)  # our context getter always makes a dict
        params = context.get("connection_params") or {}
        given = params.get("Authorization", params.get("authorization"))
        if given is not None:
            context["authorization"] = given if isinstance(given, str) else ""
        if context["authorization"] is not None:
            tokens: Tokens = context["service"].tokens
            try:
                context["grant"] = await tokens.grant(context["authorization"], context.get("client"))
            except AuthError as exc:
                raise ConnectionRejectionError({"code": exc.code, "message": exc.message}) from None
        return cast(UnsetType, UNSET)  # no payload in connection_ack

    async def post_direct(self, request: Request) -> Response:
        """`POST /graphql` without FastAPI's solving of Strawberry's dependencies (the context getter, the
        sub-response, background tasks: 7% of a state query's CPU): the same context, made here. The common
        request then goes straight to the schema (`_lean_post`); any other, and every refusal, through
        Strawberry's `run`."""
        sub_response = Response()
        del sub_response.headers["content-length"]
        sub_response.status_code = None  # type: ignore[assignment]  # as FastAPI makes it: "not set"
        background = BackgroundTasks()
        merged: dict[str, Any] = {"request": request, "background_tasks": background, "response": sub_response}
        merged.update(await context(request))
        self.temporal_response = sub_response  # read by `get_sub_response` before `run` first awaits
        try:
            response = await self._lean_post(request, merged, sub_response)
            if response is None:
                response = await self.run(request=request, context=merged, root_value=None)
        except HTTPException as exc:
            return PlainTextResponse(exc.reason, status_code=exc.status_code)
        if response.background is None:
            response.background = background
        return response

    async def _lean_post(self, request: Request, merged: dict[str, Any], sub_response: Response) -> Response | None:
        """One JSON operation sent with `Content-Type: application/json`, whose document is cached and valid
        (`lean`): parsed, executed and answered as Strawberry's `run` would, without its per-request steps for
        other transports (its email-package parsing of the header, stream and batch checks, runtime-protocol
        checks: a tenth of a command's CPU). None for anything else: Strawberry's `run` answers it."""
        if request.headers.get("content-type") not in _PLAIN_JSON:
            return None
        try:
            data = self.parse_json(await request.body())
        except ValueError:  # not JSON: Strawberry's `run` says so
            return None
        if not isinstance(data, dict):
            return None
        query, variables, extensions = data.get("query"), data.get("variables"), data.get("extensions")
        if not (isinstance(query, str) and isinstance(variables, dict | None) and isinstance(extensions, dict | None)):
            return None
        operation_name = data.get("operationName")
        if not isinstance(operation_name, str | None):
            return None
        result = await lean.execute(schema, query, variables, merged, None, operation_name, _POST, extensions)
        if result is None:
            return None
        return self.create_response(await self.process_result(request, result), sub_response)


def graphql_router() -> GraphQLRouter[dict[str, Any], None]:
    router = PantheonGraphQL(
        schema,
        route_class=DirectRoute,
        context_getter=context,
        subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
        # Auth is a bearer token, never a cookie, so a page on another origin gains nothing a client
        # could not do anyway: third-party frontends may open the socket from their own origin.
        allowed_origins=("*",),
    )
    for route in router.routes:
        if "POST" in getattr(route, "methods", ()):
            direct_for(route.endpoint)(router.post_direct)  # type: ignore[attr-defined]
    return router


def schema_sdl() -> str:
    return schema.as_str()
