"""The direct paths of `POST /commands` and `POST /graphql` (`server.direct_route`): they answer as the declared
endpoints do, and what they leave to FastAPI (an over-long id, orders by mail) still gets FastAPI's answer."""

from __future__ import annotations

from typing import Any

from server.direct_route import _ATTRIBUTE, DirectRoute
from server.graphql import graphql_router
from server.rest import _submit_direct, router, submit_command
from tests.server.conftest import Api


def _route(routes: Any, path: str, method: str) -> Any:
    return next(r for r in routes if getattr(r, "path", None) == path and method in getattr(r, "methods", ()))


async def test_the_command_route_is_direct_and_keeps_its_declared_parameters(api: Api) -> None:
    route = _route(router.routes, "/v1/games/{game_id}/commands", "POST")
    assert isinstance(route, DirectRoute) and route.endpoint is submit_command
    assert getattr(submit_command, _ATTRIBUTE) is _submit_direct
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
