"""The webhook API's message shapes (msgspec Structs, merged into the OpenAPI document with the others)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from server.wire_text import NO_NUL

WebhookFilter = Literal[
    "turn.resolved",
    "phase.opened",
    "deadline.approaching",
    "game.paused",
    "game.resumed",
    "game.ended",
    "report.published",
    "timeline.reverted",
    "any",
]
DeliveryStatus = Literal["pending", "delivered", "failed"]

MAX_URL = 2000
MAX_LEAD_SECONDS = 7 * 24 * 3600
_PORT = r"(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3})"
_URL = rf"^[hH][tT][tT][pP][sS]?://[A-Za-z0-9.-]+(:{_PORT})?([/?#][^\x00-\x20\x7f]*)?$"
Url = Annotated[
    str,
    Meta(
        min_length=8,
        max_length=MAX_URL,
        pattern=_URL,
        description="Where deliveries are POSTed: an absolute http or https URL (a host name or IPv4 address, an "
        "optional port, no user name or password)",
        examples=["https://bot.example.org/pantheon/hook"],
    ),
]
Filters = Annotated[
    list[WebhookFilter],
    Meta(min_length=1, max_length=9, description="What to deliver (see the README's Webhooks section)"),
]
LeadTimes = Annotated[
    list[Annotated[int, Meta(ge=1, le=MAX_LEAD_SECONDS)]],
    Meta(
        max_length=5,
        description="`deadline.approaching`: warn this many seconds before each deadline (default [3600])",
    ),
]
Description = Annotated[str, Meta(max_length=200, extra_json_schema={"pattern": NO_NUL})]
SeatId = Annotated[str, Meta(min_length=1, max_length=64, extra_json_schema={"pattern": NO_NUL})]


class CreateWebhookRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Register a webhook. `seat_id` binds it to a seat: every delivery is redacted for that seat. A seat token
    may register webhooks for its own seat only (`seat_id` omitted or its own); the GM for any seat or none."""

    url: Url
    filters: Filters
    lead_times: LeadTimes = msgspec.field(default_factory=list)
    seat_id: SeatId | None = None
    description: Description = ""
    active: bool = True


class UpdateWebhookRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Change a webhook; omitted fields stay as they are. The seat a webhook belongs to never changes."""

    url: Url | None = None
    filters: Filters | None = None
    lead_times: LeadTimes | None = None
    description: Description | None = None
    active: bool | None = None


class RotateSecretRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`overlap_seconds`: how long the old secret still signs deliveries, beside the new one."""

    overlap_seconds: Annotated[int, Meta(ge=0, le=MAX_LEAD_SECONDS)] = 86400


class Webhook(msgspec.Struct, frozen=True):
    webhook_id: str
    game_id: str
    seat_id: str | None
    url: str
    description: str
    filters: list[str]
    lead_times: list[int]
    active: bool
    created_by: str
    created_at: datetime
    updated_at: datetime
    previous_secret_valid_until: datetime | None = None


class CreatedWebhook(msgspec.Struct, frozen=True):
    """The webhook and its signing secret (`whsec_<base64>`), shown only here."""

    webhook: Webhook
    secret: str


class RotatedSecret(msgspec.Struct, frozen=True):
    """The new secret, shown only here. Until `previous_secret_valid_until` deliveries carry two signatures."""

    webhook: Webhook
    secret: str
    previous_secret_valid_until: datetime | None


class WebhookList(msgspec.Struct, frozen=True):
    webhooks: list[Webhook]


class DeliveryAttempt(msgspec.Struct, frozen=True):
    attempt: int
    at: datetime
    status_code: int | None
    error: str | None
    duration_ms: int


class Delivery(msgspec.Struct, frozen=True):
    """One message. `payload` is the JSON body exactly as POSTed (null until the first attempt)."""

    delivery_id: str
    webhook_id: str
    status: DeliveryStatus
    created_at: datetime
    attempts: int
    stream_version: int | None
    event_type: str | None
    next_attempt_at: datetime | None
    delivered_at: datetime | None
    last_status_code: int | None
    last_error: str | None
    payload: Any
    attempt_log: list[DeliveryAttempt]


class DeliveryPage(msgspec.Struct, frozen=True):
    """Newest first. Pass `next_cursor` back as `cursor` for older deliveries."""

    deliveries: list[Delivery]
    next_cursor: str | None = None


WEBHOOK_RESPONSE_TYPES: tuple[type[msgspec.Struct], ...] = (
    Webhook,
    CreatedWebhook,
    RotatedSecret,
    WebhookList,
    Delivery,
    DeliveryPage,
)
WEBHOOK_REQUEST_TYPES: tuple[type[msgspec.Struct], ...] = (
    CreateWebhookRequest,
    UpdateWebhookRequest,
    RotateSecretRequest,
)
