"""A FastAPI route that may answer a request without FastAPI's parameter solving, for the hottest paths.

FastAPI solves an endpoint's parameters (path, headers, query, dependencies) on every request; for a command,
that cost a sixth of the server's CPU (py-spy, issue 15), more than deciding the command. A `DirectRoute` keeps
the endpoint as it is declared, so the OpenAPI document and every refusal of a bad parameter stay FastAPI's,
and first offers the request to the endpoint's `direct` function (set with `direct_for`): a function of the
`Request` alone that reads what it needs itself and returns the response. `accepts`, a test of the request's
scope and path parameters alone, says which requests `direct` answers; the others (an unusual header, a
parameter out of bounds) go to the declared endpoint. Both share the endpoint's body, so they cannot answer
differently.

Routing is the other cost (issue 15, session 4): FastAPI matches a request against the included routers in
turn, each against its routes, and then matches again inside the chosen router: about 30 µs for a command, a
seventh of its CPU. `install_shortcuts` puts a `Shortcut` first in the app's routes for each direct route: one
regular expression of the route's full path, and the request goes straight to the direct function (its
exceptions to the app's exception handlers, as from any route). A request the shortcut does not take (another
method, another path, one `accepts` refuses) is routed as before, and ends at the same endpoint if it is one of
its requests. The shortcut is exact only if no route before the direct one could take its requests:
`shortcut_overlaps` lists those that could, and `install_shortcuts` refuses to install a shortcut that has any.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Iterator, Mapping, MutableMapping, Sequence
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette._utils import get_route_path, is_async_callable
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.routing import BaseRoute, Match, Mount, NoMatchFound, WebSocketRoute, compile_path

Direct = Callable[[Request], Awaitable[Response]]
Accepts = Callable[[MutableMapping[str, Any], Mapping[str, Any]], bool]
_ATTRIBUTE = "__pantheon_direct__"


def direct_for(endpoint: Callable[..., Any], accepts: Accepts | None = None) -> Callable[[Direct], Direct]:
    """Register the decorated function as `endpoint`'s direct path, for the requests `accepts` takes (all when
    `None`): `accepts(scope, path_params)` sees the request before anything is read from it."""

    def register(direct: Direct) -> Direct:
        setattr(endpoint, _ATTRIBUTE, (direct, accepts))
        return direct

    return register


def _direct_of(endpoint: Callable[..., Any]) -> tuple[Direct, Accepts | None] | None:
    found: tuple[Direct, Accepts | None] | None = getattr(endpoint, _ATTRIBUTE, None)
    return found


class DirectRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        solved = super().get_route_handler()
        endpoint = self.endpoint

        async def handler(request: Request) -> Response:
            # looked up here: the route is built when the endpoint is declared, before `direct_for` runs
            found = _direct_of(endpoint)
            if found is not None:
                direct, accepts = found
                if accepts is None or accepts(request.scope, request.path_params):
                    return await direct(request)
            return await solved(request)

        return handler


class Shortcut(BaseRoute):
    """First in the app's routes: `route`'s requests that its direct function accepts, at `path` (the route's path
    with the prefixes it was included under), straight to that function."""

    def __init__(self, route: DirectRoute, path: str) -> None:
        found = _direct_of(route.endpoint)
        if found is None:
            raise ValueError(f"{route.path} has no direct function")
        self._direct, self._accepts = found
        self.route, self.path, self.methods = route, path, frozenset(route.methods or ())
        self.path_regex, self.path_format, self.param_convertors = compile_path(path)

    def matches(self, scope: Any) -> tuple[Match, dict[str, Any]]:
        if scope["type"] != "http" or scope["method"] not in self.methods:
            return Match.NONE, {}
        found = self.path_regex.match(get_route_path(scope))
        if found is None:
            return Match.NONE, {}
        params = {key: self.param_convertors[key].convert(value) for key, value in found.groupdict().items()}
        if self._accepts is not None and not self._accepts(scope, params):
            return Match.NONE, {}
        path_params = {**scope.get("path_params", {}), **params}
        return Match.FULL, {"endpoint": self.route.endpoint, "path_params": path_params, "route": self.route}

    async def handle(self, scope: Any, receive: Any, send: Any) -> None:
        # No per-route wrapper (FastAPI's `request_response`: two exit stacks for dependencies, which a direct
        # function has none of, and the app's exception handlers): an exception goes up to the app's
        # `ExceptionMiddleware`, which answers it with the same handlers.
        response = await self._direct(Request(scope, receive, send))
        await response(scope, receive, send)

    def url_path_for(self, name: str, /, **path_params: Any) -> Any:
        raise NoMatchFound(name, path_params)  # the declared route answers for its name

    def __repr__(self) -> str:
        return f"Shortcut(path={self.path!r}, methods={sorted(self.methods)!r})"


class Shortcuts:
    """An app's shortcuts, taken before the app's own middleware stack routes the request: by the edge of the app
    (`server/edge.py`), after its checks, so a command also skips Starlette's exception middleware, FastAPI's exit
    stack middleware and the router's loop. What those did for a direct function is done here: the route in the
    scope as routing puts it, and an exception answered by the app's handler for it, found as Starlette finds it
    (a handler for an HTTPException's status first, then the nearest class); one without a handler goes on up, to
    the server error middleware, as before. Not taken when FastAPI's telemetry follows the request (it names the
    route while routing): the router's own `Shortcut`s take it then."""

    def __init__(self, app: FastAPI) -> None:
        self.router = app.router
        self.routes = [r for r in app.router.routes if isinstance(r, Shortcut)]
        handlers = {k: v for k, v in app.exception_handlers.items() if k not in (500, Exception)}
        self._by_status = {k: v for k, v in handlers.items() if isinstance(k, int)}
        self._by_class = {k: v for k, v in handlers.items() if not isinstance(k, int)}

    def match(self, scope: MutableMapping[str, Any]) -> Shortcut | None:
        if not self.routes or "fastapi.telemetry" in scope:
            return None
        for route in self.routes:
            found, child = route.matches(scope)
            if found is Match.FULL:
                scope.update(child)
                if "router" not in scope:
                    scope["router"] = self.router
                return route
        return None

    async def serve(self, route: Shortcut, scope: Any, receive: Any, send: Any) -> None:
        request = Request(scope, receive, send)
        try:
            response = await route._direct(request)
        except Exception as exc:
            handler = self._handler(exc)
            if handler is None:
                raise
            if is_async_callable(handler):
                response = await handler(request, exc)
            else:
                response = await run_in_threadpool(handler, request, exc)
            exc.__traceback__ = None  # as Starlette does: a reused exception would collect tracebacks
        await response(scope, receive, send)

    def _handler(self, exc: Exception) -> Any:
        if isinstance(exc, HTTPException) and exc.status_code in self._by_status:
            return self._by_status[exc.status_code]
        for kind in type(exc).__mro__:
            if kind in self._by_class:
                return self._by_class[kind]
        return None


def install_shortcuts(app: FastAPI) -> list[Shortcut]:
    """Put a `Shortcut` first in `app`'s routes for each direct route (one with a direct function) in it; call it
    after every router is included. Raises `ValueError` if a route that comes first would take some of a
    shortcut's requests (the shortcut would then answer what that route answers now)."""
    shortcuts = [
        Shortcut(route, path)
        for path, _, route in _flat_routes(app.router.routes, "")
        if isinstance(route, DirectRoute) and _direct_of(route.endpoint) is not None
    ]
    for shortcut in shortcuts:
        overlaps = shortcut_overlaps(app, shortcut)
        if overlaps:
            raise ValueError(f"{shortcut!r} would skip routes that come first: {overlaps}")
    app.router.routes[:0] = shortcuts
    return shortcuts


def shortcut_overlaps(app: FastAPI, shortcut: Shortcut) -> list[str]:
    """The paths of the routes that come before `shortcut.route` in `app` and take some request it would take:
    the same method, and a path matching both. A route's path is a template of literal parts and `{parameters}`
    (none of the app's take a `:path`), so two paths can match the same request exactly when they have as many
    segments and every segment pair is equal or has a parameter on one side."""
    overlaps: list[str] = []
    for path, methods, route in _flat_routes(app.router.routes, ""):
        if route is shortcut.route:
            return overlaps
        if isinstance(route, Shortcut):
            continue
        if (methods is None or methods & shortcut.methods) and _templates_meet(path, shortcut.path):
            overlaps.append(path)
    raise ValueError(f"{shortcut.route.path} is not among the app's routes")


def _flat_routes(routes: Sequence[BaseRoute], prefix: str) -> Iterator[tuple[str, frozenset[str] | None, Any]]:
    """(full path, methods or None for any, route) for every route in routing order, included routers opened."""
    for route in routes:
        included = getattr(route, "original_router", None)
        if included is not None:  # FastAPI's record of an included router, with the prefix it was given
            inner_prefix = prefix + getattr(getattr(route, "include_context", None), "prefix", "")
            yield from _flat_routes(included.routes, inner_prefix)
            continue
        if isinstance(route, WebSocketRoute | APIWebSocketRoute):  # never an HTTP request's
            continue
        path = getattr(route, "path", None)
        methods = getattr(route, "methods", None)
        if path is None:  # a route without a path template (a host): assume it takes anything
            yield prefix, None, route
        elif isinstance(route, Mount):  # everything under its path
            yield prefix + path.rstrip("/") + "/{path:path}", None, route
        else:
            yield prefix + path, None if methods is None else frozenset(methods), route


def _templates_meet(a: str, b: str) -> bool:
    left, right = a.strip("/").split("/"), b.strip("/").split("/")
    for one, other in ((left, right), (right, left)):
        # a `{...:path}` parameter takes any number of segments: only the literal part before it can tell them apart
        cut = next((i for i, segment in enumerate(one) if ":path}" in segment), None)
        if cut is not None:
            return len(other) >= cut and all(_segments_meet(x, y) for x, y in zip(one[:cut], other, strict=False))
    return len(left) == len(right) and all(_segments_meet(x, y) for x, y in zip(left, right, strict=True))


def _segments_meet(x: str, y: str) -> bool:
    return x == y or "{" in x or "{" in y
