"""A FastAPI route that may answer a request without FastAPI's parameter solving, for the hottest paths.

FastAPI solves an endpoint's parameters (path, headers, query, dependencies) on every request; for a command,
that cost a sixth of the server's CPU (py-spy, issue 15), more than deciding the command. A `DirectRoute` keeps
the endpoint as it is declared, so the OpenAPI document and every refusal of a bad parameter stay FastAPI's,
and first offers the request to the endpoint's `direct` function (set with `direct_for`): a function of the
`Request` alone that reads what it needs itself and returns the response, or `None` when the request has
something it leaves to the declared endpoint (an unusual header, a parameter out of bounds). Both share the
endpoint's body, so they cannot answer differently.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

Direct = Callable[[Request], Awaitable[Response | None]]
_ATTRIBUTE = "__pantheon_direct__"


def direct_for(endpoint: Callable[..., Any]) -> Callable[[Direct], Direct]:
    """Register the decorated function as `endpoint`'s direct path."""

    def register(direct: Direct) -> Direct:
        setattr(endpoint, _ATTRIBUTE, direct)
        return direct

    return register


class DirectRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        solved = super().get_route_handler()
        endpoint = self.endpoint

        async def handler(request: Request) -> Response:
            # looked up here: the route is built when the endpoint is declared, before `direct_for` runs
            direct: Direct | None = getattr(endpoint, _ATTRIBUTE, None)
            response = None if direct is None else await direct(request)
            return response if response is not None else await solved(request)

        return handler
