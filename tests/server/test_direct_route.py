"""The direct paths of `POST /commands` and `POST /graphql` (`server.direct_route`): they answer as the declared
endpoints do, and what they leave to FastAPI (an over-long id, orders by mail) still gets FastAPI's answer. Their
shortcuts (first in the app's routes, skipping FastAPI's route matching) take exactly their routes' requests."""

from __future__ import annotations

import copy
from typing import Any

import httpx
import pytest
from fastapi import APIRouter, FastAPI, HTTPException, Request, Response
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from server.direct_route import _ATTRIBUTE, DirectRoute, Shortcut, direct_for, install_shortcuts
from server.edge import Edge
from server.graphql import graphql_router
from server.rest import _plain_submit, _submit_direct, router, submit_command
from tests.server.conftest import Api


def _route(routes: Any, path: str, method: str) -> Any:
    return next(r for r in routes if getattr(r, "path", None) == path and method in getattr(r, "methods", ()))


async def test_the_command_route_is_direct_and_keeps_its_declared_parameters(api: Api) -> None:
    route = _route(router.routes, "/v1/games/{game_id}/commands", "POST")
    assert isinstance(route, DirectRoute) and route.endpoint is submit_command
    assert getattr(submit_command, _ATTRIBUTE) == (_submit_direct, _plain_submit)
    # The OpenAPI document is made from the declared endpoint: its headers are still documented.
    spec = (await api.client.get("/openapi.json")).json()
    names = {p["name"] for p in spec["paths"]["/v1/games/{game_id}/commands"]["post"]["parameters"]}
    assert {"game_id", "If-Match", "Idempotency-Key", "On-Behalf-Of", "Order-Source"} <= names


async def test_the_direct_command_path_checks_what_the_declared_one_checks(api: Api) -> None:
    game, ann, _ = await api.started_game()
    note = {"type": "WriteNote", "text": "a"}
    assert (await api.command(game, "pnt_nope.nope", note)).status_code == 401
    bad = await api.command(game, ann, note, **{"If-Match": "twelve"})
    assert bad.status_code == 400 and bad.json()["code"] == "request.bad_if_match"
    key = await api.command(game, ann, note, **{"Idempotency-Key": "bad key"})
    assert key.status_code == 400 and key.json()["code"] == "idempotency.bad_key"
    gid = game["game_id"]
    empty = await api.client.post(f"/v1/games/{gid}/commands", content=b" ", headers=api.auth(ann))
    assert empty.status_code == 400 and empty.json()["code"] == "request.empty_body"
    done = await api.command(game, ann, note, **{"Idempotency-Key": "k1"})
    assert done.status_code == 200 and done.headers["ETag"] == f'"{done.json()["version"]}"'
    again = await api.command(game, ann, note, **{"Idempotency-Key": "k1"})
    assert again.headers["Idempotent-Replayed"] == "true" and again.json()["version"] == done.json()["version"]


async def test_what_the_direct_path_leaves_to_fastapi_gets_fastapis_answer(api: Api) -> None:
    game, ann, _ = await api.started_game()
    long_id = "g" * 65  # over the declared max_length: FastAPI's validation answers
    refused = await api.client.post(f"/v1/games/{long_id}/commands", json={"type": "WriteNote"}, headers=api.auth(ann))
    assert refused.status_code == 422 and refused.json()["code"] == "request.invalid"
    assert "game_id" in refused.json()["detail"]
    # Order-Source over its declared max_length (200) is FastAPI's 422 too, before anything is decided.
    mail = {"On-Behalf-Of": "someone", "Order-Source": "x" * 201}
    over = await api.command(game, game["gm_token"], {"type": "PlaceBid", "amount": 1}, **mail)
    assert over.status_code == 422 and over.json()["code"] == "request.invalid"


async def test_graphql_posts_keep_strawberrys_context_and_answers(api: Api) -> None:
    game, ann, _ = await api.started_game()
    assert isinstance(_route(graphql_router().routes, "", "POST"), DirectRoute)
    query = "query($g: String!) { state(gameId: $g) { version } }"
    body = {"query": query, "variables": {"g": game["game_id"]}}
    answer = await api.client.post("/graphql", json=body, headers=api.auth(ann))
    assert answer.status_code == 200 and answer.json()["data"]["state"]["version"] >= 1
    assert answer.headers["x-correlation-id"]
    # Strawberry's own refusals of the HTTP request are still plain-text 4xx answers.
    wrong = await api.client.post("/graphql", content=b"query", headers={"Content-Type": "text/plain"})
    assert wrong.status_code == 400 and "content type" in wrong.text.lower()
    # The common JSON body is parsed without Strawberry's header parsing; its refusals of odd bodies stay its own.
    for odd, said in (
        (b"{not json", "Unable to parse request body as JSON"),
        (b'{"query": "{ rulesets { id } }", "variables": []}', "`variables` must be an object"),
        (b'{"query": 12}', "`query` must be a string"),
        (b'{"query": "{ rulesets { id } }", "extensions": 1}', "`extensions` must be an object"),
    ):
        for content_type in ("application/json", "application/json; charset=UTF-8"):
            refused = await api.client.post("/graphql", content=odd, headers={"Content-Type": content_type})
            assert refused.status_code == 400 and said in refused.text, (odd, content_type, refused.text)
    plain = await api.client.post("/graphql", json={"query": "{ rulesets { id } }"})
    assert plain.status_code == 200 and plain.json()["data"]["rulesets"]
    # A mutation over GET stays refused (GET is the declared, solved route).
    get = await api.client.get("/graphql", params={"query": "mutation { __typename }"}, headers=api.auth(ann))
    assert get.status_code == 400


# --- shortcuts ----------------------------------------------------------------------------------------------


def _app_without_shortcuts(app: FastAPI) -> FastAPI:
    """The same app (same services) routed by FastAPI alone."""
    plain = copy.copy(app)
    plain.router = copy.copy(app.router)
    plain.router.routes = [r for r in app.router.routes if not isinstance(r, Shortcut)]
    plain.router.middleware_stack = plain.router.app  # (the original's was bound to the original router)
    plain.middleware_stack = None
    return plain


async def test_the_direct_routes_have_shortcuts_first_in_the_app(api: Api) -> None:
    app = api.client._transport.app  # type: ignore[attr-defined]
    first = app.router.routes[:2]
    assert all(isinstance(r, Shortcut) for r in first)
    assert {(r.path, tuple(r.methods)) for r in first} == {
        ("/graphql", ("POST",)),
        ("/v1/games/{game_id}/commands", ("POST",)),
    }
    assert not any(isinstance(r, Shortcut) for r in app.router.routes[2:])
    assert [r.route.endpoint for r in first if r.path.startswith("/v1")] == [submit_command]


async def test_a_shortcut_answers_what_fastapis_routing_answers(api: Api) -> None:
    """The same requests through the app with its shortcuts and through FastAPI's routing alone: the same status,
    problem code and answer shape, for commands that pass, are refused, or go to the declared endpoint."""
    app = api.client._transport.app  # type: ignore[attr-defined]
    plain = httpx.AsyncClient(transport=httpx.ASGITransport(app=_app_without_shortcuts(app)), base_url="http://test")
    game, ann, bob = await api.started_game()
    gid = game["game_id"]
    note = {"type": "WriteNote", "text": "a"}
    cases: list[tuple[str, str, dict[str, str], Any]] = [
        ("POST", f"/v1/games/{gid}/commands", api.auth(ann), note),
        ("POST", f"/v1/games/{gid}/commands", api.auth(bob), {"type": "PlaceBid", "amount": -1}),
        ("POST", f"/v1/games/{gid}/commands", api.auth(ann), {"type": "NoSuchCommand"}),
        ("POST", f"/v1/games/{gid}/commands", {}, note),
        ("POST", f"/v1/games/{gid}/commands", {**api.auth(ann), "If-Match": '"1"'}, note),
        ("POST", f"/v1/games/{gid}/commands", {**api.auth(ann), "On-Behalf-Of": "x"}, note),
        ("POST", f"/v1/games/{'g' * 65}/commands", api.auth(ann), note),
        ("POST", "/v1/games/no-such-game/commands", api.auth(ann), note),
        ("POST", "/v1/games/a.b%20c/commands", api.auth(ann), note),
        ("POST", f"/v1/games/{gid}/commands/", api.auth(ann), note),
        ("GET", f"/v1/games/{gid}/commands", api.auth(ann), None),
        ("PUT", "/graphql", api.auth(ann), {"query": "{ rulesets { id } }"}),
        ("POST", "/graphql", api.auth(ann), {"query": "{ rulesets { id } }"}),
        ("POST", "/graphql", api.auth(ann), {"query": "query($g: String!) { game(id: $g) { version } }"}),
        ("POST", "/graphql/", api.auth(ann), {"query": "{ rulesets { id } }"}),
    ]
    async with plain:
        for method, path, headers, body in cases:
            answers = [await client.request(method, path, headers=headers, json=body) for client in (api.client, plain)]
            shortcut, routed = answers
            assert shortcut.status_code == routed.status_code, (method, path, shortcut.text, routed.text)
            assert shortcut.headers.get("allow") == routed.headers.get("allow"), (method, path)
            kind = shortcut.headers.get("content-type", "")
            assert kind == routed.headers.get("content-type", ""), (method, path)
            if kind.startswith("application/problem+json"):
                assert shortcut.json()["code"] == routed.json()["code"], (method, path)
            elif kind.startswith("application/json"):
                assert _shape(shortcut.json()) == _shape(routed.json()), (method, path)


def _shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items() if k not in {"command_id", "version"}}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return type(value).__name__


class _AnyMethod:
    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await Response()(scope, receive, send)


def _tiny_app(*declare: Any) -> FastAPI:
    app = FastAPI()
    for add in declare:
        add(app)
    direct = APIRouter(route_class=DirectRoute)

    @direct.post("/v1/games/{game_id}/commands")
    async def endpoint(game_id: str) -> dict[str, str]:
        return {"by": "endpoint"}

    async def answer(request: Request) -> Response:
        scope = request.scope
        seen = {"route": scope["route"].path, "endpoint": scope["endpoint"].__name__, "params": request.path_params}
        return JSONResponse({"by": "direct", **seen})

    direct_for(endpoint)(answer)
    app.include_router(direct)
    return app


def test_a_shortcut_is_refused_when_a_route_before_it_would_take_its_requests() -> None:
    def same_path(app: FastAPI) -> None:
        app.post("/v1/games/{anything}/commands")(lambda: None)

    def literal_path(app: FastAPI) -> None:
        app.post("/v1/games/special/commands")(lambda: None)

    def any_method(app: FastAPI) -> None:
        app.add_route("/v1/{a}/{b}/commands", _AnyMethod())  # an ASGI app as a route: every method

    def mount(app: FastAPI) -> None:
        app.mount("/v1/games", StaticFiles(directory=".", check_dir=False))

    def included(app: FastAPI) -> None:
        inner = APIRouter()
        inner.post("/{game_id}/commands")(lambda: None)
        app.include_router(inner, prefix="/v1/games")

    for declare in (same_path, literal_path, any_method, mount, included):
        app = _tiny_app(declare)
        with pytest.raises(ValueError, match="would skip routes that come first"):
            install_shortcuts(app)
        assert not any(isinstance(r, Shortcut) for r in app.router.routes), declare.__name__


def test_routes_that_cannot_take_a_shortcuts_requests_do_not_stop_it() -> None:
    def other_method(app: FastAPI) -> None:
        app.get("/v1/games/{game_id}/commands")(lambda: None)

    def other_depth(app: FastAPI) -> None:
        app.post("/v1/games/{game_id}/commands/{more}")(lambda: None)

    def other_literal(app: FastAPI) -> None:
        app.post("/v1/games/{game_id}/orders")(lambda: None)

    def websocket(app: FastAPI) -> None:
        app.router.add_websocket_route("/v1/games/{game_id}/commands", lambda ws: None)

    def other_mount(app: FastAPI) -> None:
        app.mount("/static", StaticFiles(directory=".", check_dir=False))

    app = _tiny_app(other_method, other_depth, other_literal, websocket, other_mount)
    [shortcut] = install_shortcuts(app)
    assert shortcut.path == "/v1/games/{game_id}/commands" and app.router.routes[0] is shortcut


async def test_a_shortcut_answers_through_the_direct_function_and_leaves_the_rest_to_routing() -> None:
    app = _tiny_app(lambda app: app.get("/v1/games/{game_id}/commands")(lambda: {"by": "get"}))
    install_shortcuts(app)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:
        # what FastAPI's routing would have put in the scope
        seen = {"route": "/v1/games/{game_id}/commands", "endpoint": "endpoint", "params": {"game_id": "x y"}}
        assert (await client.post("/v1/games/x%20y/commands")).json() == {"by": "direct", **seen}
        assert (await client.get("/v1/games/x/commands")).json() == {"by": "get"}
        assert (await client.post("/v1/games/x/commands/")).status_code in (307, 404)


class _Teapot(Exception):
    pass


async def test_the_edge_takes_shortcuts_and_answers_their_errors_as_the_app_would() -> None:
    """Behind the edge (`server/edge.py`) a shortcut's request skips the rest of the stack; its exceptions get the
    app's handlers (by status for an HTTPException, by class, sync or async), or the server error answer."""
    app = FastAPI()
    direct = APIRouter(route_class=DirectRoute)

    @direct.post("/v1/games/{game_id}/commands")
    async def endpoint(game_id: str) -> None: ...

    async def answer(request: Request) -> Response:
        what = request.path_params["game_id"]
        if what == "status":
            raise HTTPException(418, "short and stout")
        if what == "teapot":
            raise _Teapot
        if what == "broken":
            raise RuntimeError("no handler")
        scope = request.scope
        # no exit stack of FastAPI's middleware: the edge took the shortcut, past the stack
        return JSONResponse(
            {
                "route": scope["route"].path,
                "router": scope["router"] is app.router,
                "stack": "fastapi_middleware_astack" in scope,
            }
        )

    direct_for(endpoint)(answer)
    app.include_router(direct)
    app.add_exception_handler(418, lambda request, exc: JSONResponse({"by": "status"}, status_code=418))
    app.add_exception_handler(_Teapot, lambda request, exc: JSONResponse({"by": "class"}, status_code=400))
    app.add_middleware(Edge, limit=1000, replica=False)
    install_shortcuts(app)
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        ok = await client.post("/v1/games/x/commands")
        assert ok.json() == {"route": "/v1/games/{game_id}/commands", "router": True, "stack": False}
        assert ok.headers["x-correlation-id"]
        status = await client.post("/v1/games/status/commands")
        assert (status.status_code, status.json()) == (418, {"by": "status"})
        teapot = await client.post("/v1/games/teapot/commands")
        assert (teapot.status_code, teapot.json()) == (400, {"by": "class"})
        broken = await client.post("/v1/games/broken/commands")
        assert broken.status_code == 500
        too_large = await client.post("/v1/games/x/commands", content=b"x" * 1001)
        assert too_large.status_code == 413  # the edge's checks come first
