"""GraphQL at /graphql (placeholder until the schema lands)."""

from __future__ import annotations

import strawberry
from strawberry.fastapi import GraphQLRouter


@strawberry.type
class Query:
    @strawberry.field
    def version(self) -> str:
        return "0.1.0"


def graphql_router() -> GraphQLRouter:  # type: ignore[type-arg]
    return GraphQLRouter(strawberry.Schema(query=Query))


def schema_sdl() -> str:
    return strawberry.Schema(query=Query).as_str()
