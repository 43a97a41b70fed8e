"""GraphQL documents are parsed and validated once (`server.graphql.limits.DocumentCache`), and the cache changes
no answer: a repeated invalid or over-limit document is refused every time, with the same code; the cache
holds at most its size; a result validated for one schema is not reused for another."""

from __future__ import annotations

from typing import Any

import httpx
import strawberry
from graphql import GraphQLError, specified_rules

from server.graphql import limits
from server.graphql.limits import MAX_ALIASES, MAX_COST, MAX_DEPTH, WEIGHTS, DocumentCache
from tests.server.conftest import Api


async def gql(client: httpx.AsyncClient, query: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = await client.post("/graphql", json={"query": query}, headers=headers)
    assert response.status_code in (200, 400), response.text
    return response.json()  # type: ignore[no-any-return]


def codes(body: dict[str, Any]) -> list[str]:
    return [e["extensions"]["code"] for e in body.get("errors", [])]


async def test_a_repeated_document_is_parsed_and_validated_once_and_answers_the_same(api: Api) -> None:
    game = await api.create_game()
    query = f'{{ game(id: "{game["game_id"]}") {{ version }} }}'
    before = (limits.DOCUMENTS.parses, limits.DOCUMENTS.validations)
    answers = [await gql(api.client, query, game["gm_token"]) for _ in range(5)]
    assert all(a == answers[0] for a in answers) and answers[0]["data"]["game"]["version"] >= 1
    assert (limits.DOCUMENTS.parses - before[0], limits.DOCUMENTS.validations - before[1]) == (1, 1)


async def test_a_cached_invalid_or_over_limit_document_is_refused_every_time(api: Api) -> None:
    game = await api.create_game()
    token = game["gm_token"]
    too_many_aliases = "{ " + " ".join(f"a{i}: rulesets {{ id }}" for i in range(MAX_ALIASES + 1)) + " }"
    too_deep = "{ " + 'game(id: "x") { ' * (MAX_DEPTH + 2) + "version" + " }" * (MAX_DEPTH + 2) + " }"
    over_cost = MAX_COST // WEIGHTS[("Ruleset", "schemas")] + 1  # enough `schemas` to pass the cost limit
    too_costly = "{ " + " ".join(f'a{i}: ruleset(id: "test-bids") {{ schemas }}' for i in range(over_cost)) + " }"
    cases = {
        too_many_aliases: "graphql.too_many_aliases",
        too_deep: "graphql.too_deep",
        too_costly: "graphql.too_costly",
        "{ rulesets { noSuchField } }": "graphql.invalid",
        "{ rulesets { ...Missing } }": "graphql.invalid",
    }
    for query, code in cases.items():
        for _ in range(3):
            assert code in codes(await gql(api.client, query, token)), query
    long = "{ " + " ".join(["rulesets { id }"] * 1000) + " }"
    syntax = "{ rulesets { id "
    for _ in range(3):
        assert codes(await gql(api.client, syntax, token)) == ["graphql.invalid"]
        assert codes(await gql(api.client, long, token)) == ["graphql.too_many_tokens"]
    # documents that do not parse (or pass the token limit) are never cached
    assert limits.DOCUMENTS.document(syntax) is None and limits.DOCUMENTS.document(long) is None


def test_the_cache_is_bounded_and_keeps_the_most_recent_documents() -> None:
    cache = DocumentCache(size=8)
    for i in range(100):
        assert cache.document(f"{{ a{i}: rulesets {{ id }} }}") is not None
    assert len(cache) == 8
    assert cache.parses == 100
    cache.document("{ a99: rulesets { id } }")
    assert cache.parses == 100  # a hit: the newest document stayed
    cache.document("{ a0: rulesets { id } }")
    assert cache.parses == 101  # the oldest had been evicted


def test_a_validation_result_is_reused_only_for_the_same_schema_and_rules() -> None:
    @strawberry.type
    class Query:
        hello: str = "world"

    @strawberry.type
    class Other:
        bye: str = "now"

    first, second = strawberry.Schema(query=Query), strawberry.Schema(query=Other)
    cache = DocumentCache(size=4)
    rules = (*specified_rules, *limits.RULES)
    entry = cache.document("{ hello }")
    assert entry is not None
    assert cache.errors(entry, first._schema, rules) == []
    assert cache.errors(entry, first._schema, rules) == [] and cache.validations == 1
    refused = cache.errors(entry, second._schema, rules)
    assert cache.validations == 2 and len(refused) == 1 and isinstance(refused[0], GraphQLError)
    assert "hello" in refused[0].message
    assert cache.errors(entry, first._schema, limits.RULES[:1]) == [] and cache.validations == 3
