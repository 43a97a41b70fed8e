"""Campaigns in GraphQL: content packs and successor games, through the same `server.campaigns` services as
REST. Answers are JSON with the REST schemas' shapes (ContentPackList, ContentPack, ContentPackSummary,
SuccessorGame in `openapi/openapi.json`)."""

from __future__ import annotations

from typing import Any, cast

import msgspec
import strawberry
from strawberry.scalars import JSON

from server import schemas_campaigns as c
from server.campaigns import ContentPacks, Successors
from server.graphql.schema import bounded, document, game, pack_choice, text
from server.graphql.types import caller, mutation_field, query_field


def _json(message: Any) -> JSON:
    return cast(JSON, msgspec.json.decode(msgspec.json.encode(message)))


def _raw(name: str, value: JSON | None) -> msgspec.Raw:
    return msgspec.Raw(b"null" if value is None else document(name, value))


def _pack_name(name: str) -> str:
    return pack_choice(name, None).name


@strawberry.type
class CampaignQuery:
    @query_field(
        "The stored content packs of a ruleset, every version, a page at a time (a ContentPackList; pass its "
        "`next_cursor` as `cursor` for the next page)."
    )
    async def content_packs(
        self,
        info: strawberry.Info,
        ruleset_id: str,
        name: str | None = None,
        limit: int = 100,
        cursor: str | None = None,
    ) -> JSON:
        svc, _ = await caller(info)
        only = text("name", name, 100) if name is not None else None
        size = bounded("limit", limit, 1, 500) or 100
        after = text("cursor", cursor, 200) if cursor is not None else None
        return _json(await ContentPacks(svc).list(text("rulesetId", ruleset_id, 64), only, size, after))

    @query_field("One stored content pack version and its document (a ContentPack).")
    async def content_pack(self, info: strawberry.Info, ruleset_id: str, name: str, version: int) -> JSON:
        svc, _ = await caller(info)
        number = bounded("version", version, 1, 1_000_000) or 1
        return _json(await ContentPacks(svc).get(text("rulesetId", ruleset_id, 64), _pack_name(name), number))


@strawberry.type
class CampaignMutation:
    @mutation_field("GM or admin: store a content pack version after the ruleset validated it (ContentPackSummary).")
    async def upload_content_pack(
        self,
        info: strawberry.Info,
        ruleset_id: str,
        name: str,
        version: int,
        content: JSON,
        description: str = "",
    ) -> JSON:
        svc, who = await caller(info)
        upload = c.ContentPackUpload(
            name=_pack_name(name),
            version=bounded("version", version, 1, 1_000_000) or 1,
            content=msgspec.Raw(document("content", content)),
            description=text("description", description, 2000),
        )
        _, summary = await ContentPacks(svc).upload(who, text("rulesetId", ruleset_id, 64), upload)
        return _json(summary)

    @mutation_field("GM: open the game that follows this finished one, from its end state (a SuccessorGame).")
    async def open_successor(
        self,
        info: strawberry.Info,
        game_id: str,
        name: str | None = None,
        scenario_patch: JSON | None = None,
        settings: JSON | None = None,
        content_pack: str | None = None,
        content_pack_version: int | None = None,
        carry_seats: bool = True,
    ) -> JSON:
        svc, who = await caller(info)
        request = c.SuccessorRequest(
            name=text("name", name, 200) if name is not None else None,
            scenario_patch=_raw("scenarioPatch", scenario_patch),
            settings=_raw("settings", settings),
            content_pack=pack_choice(content_pack, content_pack_version) if content_pack is not None else None,
            carry_seats=carry_seats,
        )
        return _json(await Successors(svc).open(who, game(game_id), request))
