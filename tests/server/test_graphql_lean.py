"""`server.graphql.lean`: a valid cached query or mutation runs without Strawberry's per-request extensions, and
answers as Strawberry's path does; everything else (bad documents, unknown operations, operations the transport
does not allow) is left to Strawberry's path and still gets its answer."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from server.graphql import lean
from tests.server.conftest import Api

STATE = "query($g: String!) { state(gameId: $g) { version view } }"
SUBMIT = "mutation($g: String!, $c: JSON!) { submitCommand(gameId: $g, command: $c) { __typename } }"
TWO = "query A($g: String!) { state(gameId: $g) { version } } mutation B { __typename }"


@pytest.fixture
def outcomes(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each request was answered by the lean path (True) or left to Strawberry's (False)."""
    seen: list[bool] = []
    real = lean.execute

    async def counted(*args: Any) -> Any:
        result = await real(*args)
        seen.append(result is not None)
        return result

    monkeypatch.setattr(lean, "execute", counted)
    return seen


async def post(api: Api, token: str | None, query: str, **extra: Any) -> dict[str, Any]:
    headers = api.auth(token) if token else {}
    response = await api.client.post("/graphql", json={"query": query, **extra}, headers=headers)
    assert "Traceback" not in response.text
    return {"status": response.status_code, "body": response.json() if response.status_code == 200 else response.text}


async def test_valid_queries_and_mutations_run_lean_and_answer_as_before(api: Api, outcomes: list[bool]) -> None:
    game, ann, _ = await api.started_game()
    gid = game["game_id"]
    state = await post(api, ann, STATE, variables={"g": gid})
    rest = (await api.get(f"/v1/games/{gid}/state", ann)).json()
    assert state["body"]["data"]["state"] == {"version": rest["version"], "view": rest["view"]}
    submit = (
        'mutation($g: String!) { submitCommand(gameId: $g, command: {type: "PlaceBid", amount: 999}) '
        "{ __typename ... on Rejected { code } } }"
    )
    refused = await post(api, ann, submit, variables={"g": gid})
    assert refused["body"]["data"]["submitCommand"] == {"__typename": "Rejected", "code": "bids.not_enough_gold"}
    # A resolver's error is mapped to its problem code on the lean path too.
    stranger = await post(api, "pnt_nope.nope", STATE, variables={"g": gid})
    assert stranger["body"]["errors"][0]["extensions"]["code"] == "auth.bad_token"
    assert stranger["body"]["data"] is None
    # Of two operations, the one named runs.
    named = await post(api, ann, TWO, variables={"g": gid}, operationName="A")
    assert named["body"]["data"]["state"]["version"] == rest["version"]
    assert outcomes == [True, True, True, True]


async def test_what_lean_leaves_to_strawberry_gets_strawberrys_answer(api: Api, outcomes: list[bool]) -> None:
    game, ann, _ = await api.started_game()
    gid = game["game_id"]
    invalid = await post(api, ann, "{ rulesets { nope } }")
    assert invalid["body"]["errors"][0]["extensions"]["code"] == "graphql.invalid"
    syntax = await post(api, ann, "{ rulesets ")
    assert syntax["body"]["errors"][0]["extensions"]["code"] == "graphql.invalid"
    unknown = await post(api, ann, TWO, variables={"g": gid}, operationName="C")
    assert unknown["status"] == 400 and "C" in unknown["body"]
    # Two operations, none named: Strawberry runs the first one (its own choice, kept).
    unnamed = await post(api, ann, TWO, variables={"g": gid})
    assert unnamed["body"]["data"]["state"]["version"] >= 1
    subscription = await post(
        api, ann, "subscription($g: String!) { events(gameId: $g) { version } }", variables={"g": gid}
    )
    assert subscription["status"] >= 400 or subscription["body"].get("errors")
    over_get = await api.client.get("/graphql", params={"query": "mutation { __typename }"}, headers=api.auth(ann))
    assert over_get.status_code == 400
    assert True not in outcomes


async def test_a_request_leaves_nothing_for_the_cyclic_collector(api: Api) -> None:
    """graphql-core's executor holds helpers made of its own bound methods; the lean path drops them when the
    response is built, so the request's executor, context and `Request` are freed by reference counting."""
    game, ann, _ = await api.started_game()
    body = {"query": STATE, "variables": {"g": game["game_id"]}}
    submit = {"query": SUBMIT, "variables": {"g": game["game_id"], "c": {"type": "WriteNote", "text": "x"}}}
    for payload in (body, submit):
        await api.client.post("/graphql", json=payload, headers=api.auth(ann))  # warm the document cache
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            answer = await api.client.post("/graphql", json=payload, headers=api.auth(ann))
            gc.collect()
            left = {type(o).__name__ for o in gc.garbage}
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert answer.status_code == 200 and "errors" not in answer.json()
        assert not left & {"_Executor", "StrawberryGraphQLCoreExecutionContext", "GraphQLResolveInfoHelpers"}, left
        assert "BackgroundTasks" not in left and "AsyncExitStack" not in left  # the request's own objects
