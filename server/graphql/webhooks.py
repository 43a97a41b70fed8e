"""Webhooks in GraphQL: the same `Webhooks` service as REST, kept small (list, log, register, delete). Answers
are JSON with the REST schemas' shapes (WebhookList, DeliveryPage, CreatedWebhook in `openapi/openapi.json`);
changing, rotating and replaying are REST only."""

from __future__ import annotations

from typing import Any, cast

import msgspec
import strawberry
from strawberry.scalars import JSON

from server import webhook_schemas as w
from server.graphql.schema import bounded, game, text
from server.graphql.types import caller, mutation_field, query_field
from server.problems import ApiError
from server.webhooks import Webhooks


def _json(message: Any) -> JSON:
    return cast(JSON, msgspec.json.decode(msgspec.json.encode(message)))


async def _hooks(info: strawberry.Info) -> tuple[Webhooks, Any]:
    _, who = await caller(info)
    return info.context["request"].app.state.webhooks, who


@strawberry.type
class WebhookQuery:
    @query_field("The game's webhooks the caller may see (a WebhookList; a seat sees its own).")
    async def webhooks(self, info: strawberry.Info, game_id: str) -> JSON:
        hooks, who = await _hooks(info)
        return _json(await hooks.listing(who, game(game_id)))

    @query_field("A webhook's delivery log, newest first (a DeliveryPage).")
    async def webhook_deliveries(
        self, info: strawberry.Info, game_id: str, webhook_id: str, cursor: str | None = None, limit: int = 50
    ) -> JSON:
        hooks, who = await _hooks(info)
        page = await hooks.deliveries(
            who,
            game(game_id),
            text("webhookId", webhook_id, 64),
            cursor=text("cursor", cursor, 200) if cursor is not None else None,
            limit=bounded("limit", limit, 1, 200) or 50,
        )
        return _json(page)


@strawberry.type
class WebhookMutation:
    @mutation_field("Register a webhook (a CreatedWebhook: its secret is shown only here).")
    async def register_webhook(
        self,
        info: strawberry.Info,
        game_id: str,
        url: str,
        filters: list[str],
        lead_times: list[int] | None = None,
        seat_id: str | None = None,
        description: str = "",
    ) -> JSON:
        hooks, who = await _hooks(info)
        body: dict[str, Any] = {
            "url": text("url", url, w.MAX_URL),
            "filters": filters,
            "lead_times": lead_times or [],
            "description": text("description", description, 200),
        }
        if seat_id is not None:
            body["seat_id"] = text("seatId", seat_id, 64)
        try:
            request = msgspec.convert(body, w.CreateWebhookRequest)
        except msgspec.ValidationError as exc:
            raise ApiError("request.invalid", f"The webhook does not match its schema: {exc}", 422) from None
        return _json(await hooks.register(who, game(game_id), request))

    @mutation_field("Delete a webhook with its pending deliveries and log; true when done.")
    async def delete_webhook(self, info: strawberry.Info, game_id: str, webhook_id: str) -> bool:
        hooks, who = await _hooks(info)
        await hooks.delete(who, game(game_id), text("webhookId", webhook_id, 64))
        return True
