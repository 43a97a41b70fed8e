"""REST for webhooks under /v1/games/{id}/webhooks (see server/webhooks.py for who may do what)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response

from server import webhook_schemas as w
from server.openapi_docs import json_body, responses
from server.rest import GameId, Grant, decode_body, ok
from server.webhooks import Webhooks

router = APIRouter(prefix="/v1/games/{game_id}/webhooks", tags=["webhooks"])


async def webhooks(request: Request) -> Webhooks:
    return request.app.state.webhooks  # type: ignore[no-any-return]


Hooks = Annotated[Webhooks, Depends(webhooks)]
WebhookId = Annotated[str, Path(max_length=64, description="The webhook's id (`wh_...`)")]
DeliveryId = Annotated[str, Path(max_length=64, description="The delivery's id, its `webhook-id` header")]


@router.post(
    "",
    operation_id="createWebhook",
    status_code=201,
    responses=responses(w.CreatedWebhook, 403, 404, 409, status=201),
    openapi_extra=json_body(w.CreateWebhookRequest),
)
async def create_webhook(request: Request, hooks: Hooks, who: Grant, game_id: GameId) -> Response:
    """Register a webhook (the GM for the game or any seat; a seat for itself). The signing secret is shown
    only in this answer."""
    body = decode_body(await request.body(), w.CreateWebhookRequest)
    return ok(await hooks.register(who, game_id, body), 201)


@router.get("", operation_id="listWebhooks", responses=responses(w.WebhookList, 404))
async def list_webhooks(hooks: Hooks, who: Grant, game_id: GameId) -> Response:
    """The game's webhooks (a seat sees its own only). Secrets are never shown again."""
    return ok(await hooks.listing(who, game_id))


@router.get("/{webhook_id}", operation_id="getWebhook", responses=responses(w.Webhook, 404))
async def get_webhook(hooks: Hooks, who: Grant, game_id: GameId, webhook_id: WebhookId) -> Response:
    return ok(await hooks.get(who, game_id, webhook_id))


@router.patch(
    "/{webhook_id}",
    operation_id="updateWebhook",
    responses=responses(w.Webhook, 404),
    openapi_extra=json_body(w.UpdateWebhookRequest),
)
async def update_webhook(
    request: Request, hooks: Hooks, who: Grant, game_id: GameId, webhook_id: WebhookId
) -> Response:
    """Change the URL, filters, lead times, description, or pause it (`active: false`: nothing is enqueued and
    pending deliveries wait until it is active again)."""
    body = decode_body(await request.body(), w.UpdateWebhookRequest)
    return ok(await hooks.update(who, game_id, webhook_id, body))


@router.delete("/{webhook_id}", operation_id="deleteWebhook", status_code=204, responses=responses(None, 404))
async def delete_webhook(hooks: Hooks, who: Grant, game_id: GameId, webhook_id: WebhookId) -> Response:
    """Delete the webhook, its pending deliveries and its delivery log."""
    await hooks.delete(who, game_id, webhook_id)
    return Response(status_code=204)


@router.post(
    "/{webhook_id}/rotate-secret",
    operation_id="rotateWebhookSecret",
    responses=responses(w.RotatedSecret, 404),
    openapi_extra=json_body(w.RotateSecretRequest),
)
async def rotate_secret(request: Request, hooks: Hooks, who: Grant, game_id: GameId, webhook_id: WebhookId) -> Response:
    """A new signing secret, shown only here. The old one keeps signing too (a second signature in
    `webhook-signature`) for `overlap_seconds` (default 24 hours)."""
    body = decode_body(await request.body() or b"{}", w.RotateSecretRequest)
    return ok(await hooks.rotate(who, game_id, webhook_id, body))


@router.get("/{webhook_id}/deliveries", operation_id="listWebhookDeliveries", responses=responses(w.DeliveryPage, 404))
async def list_deliveries(
    hooks: Hooks,
    who: Grant,
    game_id: GameId,
    webhook_id: WebhookId,
    status: Annotated[w.DeliveryStatus | None, Query(description="Only deliveries in this state")] = None,
    cursor: Annotated[str | None, Query(max_length=200, description="`next_cursor` of the previous page")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> Response:
    """The delivery log, newest first: each message's payload as sent, its state, and every attempt (time,
    status code, error, duration)."""
    return ok(await hooks.deliveries(who, game_id, webhook_id, status=status, limit=limit, cursor=cursor))


@router.post(
    "/{webhook_id}/deliveries/{delivery_id}/replay",
    operation_id="replayWebhookDelivery",
    status_code=202,
    responses=responses(w.Delivery, 404, status=202),
)
async def replay_delivery(
    hooks: Hooks, who: Grant, game_id: GameId, webhook_id: WebhookId, delivery_id: DeliveryId
) -> Response:
    """Send a delivery again now (same `webhook-id` and body, a fresh timestamp and signature, a fresh budget of
    retries), whatever its state."""
    return ok(await hooks.replay(who, game_id, webhook_id, delivery_id), 202)
