"""GM powers through GraphQL: the same service as REST, the same codes."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Api


async def gql(api: Api, token: str, query: str, **variables: Any) -> dict[str, Any]:
    response = await api.client.post("/graphql", json={"query": query, "variables": variables}, headers=api.auth(token))
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def test_gm_powers_over_graphql(api: Api) -> None:
    game, ann, _ = await api.started_game()
    gid, gm = game["game_id"], game["gm_token"]
    await api.command(game, ann, {"type": "PlaceBid", "amount": 4})
    await api.command(game, gm, {"type": "AdvancePhase"})
    await api.command(game, gm, {"type": "AdvancePhase"})

    dry = await gql(api, gm, 'mutation($g: String!) { readjudicate(gameId: $g, turn: 1, reason: "check") }', g=gid)
    assert dry["data"]["readjudicate"]["committed_version"] is None
    assert dry["data"]["readjudicate"]["preview"]["replayed_phases"] == 2

    rolled = await gql(
        api,
        gm,
        """mutation($g: String!) { rollback(gameId: $g, toTurnStart: 1, reason: "redo") {
        __typename ... on Accepted { version events { type } } ... on Rejected { code } } }""",
        g=gid,
    )
    assert rolled["data"]["rollback"]["__typename"] == "Accepted"
    assert [e["type"] for e in rolled["data"]["rollback"]["events"]] == ["TimelineReverted"]

    audit = await gql(api, gm, 'query($g: String!) { audit(gameId: $g, commandType: "Rollback") }', g=gid)
    assert audit["data"]["audit"]["entries"][0]["reason"] == "redo"
    integrity = await gql(api, gm, "query($g: String!) { integrity(gameId: $g) }", g=gid)
    assert integrity["data"]["integrity"]["ok"] is True

    forked = await gql(api, gm, 'mutation($g: String!) { fork(gameId: $g, name: "what if") }', g=gid)
    fork = forked["data"]["fork"]
    assert fork["forked_from"] == gid and len(fork["seats"]) == 2
    revealed = await gql(
        api,
        gm,
        """mutation($g: String!) { revealDice(gameId: $g, reason: "audit") {
        __typename ... on Accepted { events { type } } } }""",
        g=gid,
    )
    assert [e["type"] for e in revealed["data"]["revealDice"]["events"]] == ["DiceSeedRevealed", "DiceEpochStarted"]
    dice = await gql(api, gm, "query($g: String!) { dice(gameId: $g) }", g=gid)
    assert dice["data"]["dice"]["current_epoch"] == 1 and dice["data"]["dice"]["epochs"][0]["seed"]
    export = await gql(api, gm, "query($g: String!) { export(gameId: $g) }", g=gid)
    assert export["data"]["export"].count("\n") > 10 and '"kind":"end"' in export["data"]["export"]
    diff = await gql(
        api,
        gm,
        "query($g: String!, $o: String!) { diff(gameId: $g, fromVersion: 1, otherGame: $o) }",
        g=gid,
        o=fork["game_id"],
    )
    assert any(c["path"] == "/game/game_id" for c in diff["data"]["diff"]["changes"])


async def test_seats_get_the_rest_codes_for_gm_powers(api: Api) -> None:
    game, ann, _ = await api.started_game()
    gid = game["game_id"]
    for query in (
        "query($g: String!) { audit(gameId: $g) }",
        "query($g: String!) { integrity(gameId: $g) }",
        "mutation($g: String!) { fork(gameId: $g) }",
        'mutation($g: String!) { rollback(gameId: $g, toVersion: 2, reason: "x") { __typename } }',
    ):
        body = await gql(api, ann, query, g=gid)
        assert body["errors"][0]["extensions"]["code"] == "auth.forbidden", (query, body)
