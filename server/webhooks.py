"""Webhooks (DESIGN.md §7 "Push"): per-game subscriptions, what each delivery carries, and how it is signed.

Who may do what:
- The GM (or the admin) registers, reads, changes and deletes every webhook of a game, bound to a seat or not.
- A seat token may register webhooks for its own seat only, and sees and manages only those: a player's bot can
  subscribe itself without asking the GM. Another seat's webhook answers 404, as if it did not exist.
- A webhook bound to a seat carries only what that seat may see: every event passes through the ruleset's
  `redact` for that seat (the same function as the events and SSE paths), and an event the seat may not see is
  not delivered at all. A GM webhook (no seat) carries everything, metadata included.

Filters select what is delivered; the payload `type` names the filter that matched:
`turn.resolved` (TurnEnded), `phase.opened` (PhaseStarted), `game.paused`, `game.resumed`, `game.ended`,
`timeline.reverted` (a GM rollback), `report.published` (a ruleset's turn reports and news: LotE's
StatusReportPublished and NewsfaxPublished, Second Era's TurnReported), `deadline.approaching` (time-driven:
`lead_times` seconds before the current phase's deadline), and `any` (every event the webhook may see; type
`event`, for bots).

Signing is the Standard Webhooks scheme (the `standardwebhooks` package): headers `webhook-id` (the delivery id,
the same on every retry: use it to drop duplicates), `webhook-timestamp` (Unix seconds) and `webhook-signature`
(`v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`). After a secret rotation, deliveries carry two signatures,
space-separated, until the overlap ends (`overlap_seconds`, default 24 hours), so receivers can switch secrets
without losing a message. Secrets are stored as issued (signing needs them) and never shown again by the API.

SSRF: the server POSTs to whatever URL a GM or seat registers, from inside your network. Set
`PANTHEON_WEBHOOK_ALLOWED_HOSTS` to the host names webhooks may target; it is checked at registration and
again before every attempt.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import asyncpg
import httpx
import msgspec
from standardwebhooks import Webhook as Signer

from domain.engine import Actor
from server import webhook_schemas as w
from server.auth import TokenGrant
from server.problems import ApiError
from server.service import GameService, parse_cursor
from server.settings import Settings

MAX_WEBHOOKS_PER_GAME = 20
REPORT_EVENTS = ("StatusReportPublished", "NewsfaxPublished", "TurnReported")
FILTER_EVENTS: dict[str, tuple[str, ...]] = {
    "turn.resolved": ("TurnEnded",),
    "phase.opened": ("PhaseStarted",),
    "game.paused": ("GamePaused",),
    "game.resumed": ("GameResumed",),
    "game.ended": ("GameEnded",),
    "timeline.reverted": ("TimelineReverted",),
    "report.published": REPORT_EVENTS,
}
DEFAULT_LEAD_TIMES = [3600]

_COLUMNS = (
    "webhook_id, game_id, seat_id, url, description, filters, lead_times, active, created_by, created_at, "
    "updated_at, previous_secret_until"
)
_DELIVERY_COLUMNS = (
    "delivery_id, webhook_id, status, created_at, attempts, stream_version, event_type, next_attempt_at, "
    "delivered_at, last_status_code, last_error, body"
)


def new_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


def sign(delivery_id: str, at: datetime, body: bytes, secrets_: Sequence[str]) -> dict[str, str]:
    """The Standard Webhooks headers for one attempt, signed with every secret in `secrets_`."""
    text = body.decode()
    signatures = " ".join(Signer(secret).sign(delivery_id, at, text) for secret in secrets_)
    return {
        "webhook-id": delivery_id,
        "webhook-timestamp": str(int(at.timestamp())),
        "webhook-signature": signatures,
        "content-type": "application/json",
        "user-agent": "Pantheon-Webhooks/1",
    }


def host_allowed(url: str, allowed: frozenset[str]) -> bool:
    host = (urlsplit(url).hostname or "").lower().rstrip(".")
    return not allowed or host in allowed


def event_types(filters: Sequence[str]) -> tuple[list[str], bool]:
    """The event tags the store matches for these filters, and whether every event matches (`any`)."""
    types = sorted({t for f in filters for t in FILTER_EVENTS.get(f, ())})
    return types, "any" in filters


def payload_type(filters: Sequence[str], event_type: str) -> str:
    for name in filters:
        if event_type in FILTER_EVENTS.get(name, ()):
            return name
    return "event"


def _webhook(row: Any) -> w.Webhook:
    return w.Webhook(
        webhook_id=row[0],
        game_id=row[1],
        seat_id=row[2],
        url=row[3],
        description=row[4],
        filters=list(row[5]),
        lead_times=list(row[6]),
        active=row[7],
        created_by=row[8],
        created_at=row[9],
        updated_at=row[10],
        previous_secret_valid_until=row[11],
    )


class Webhooks:
    """Registration and the delivery log, for REST and GraphQL alike."""

    def __init__(self, service: GameService, settings: Settings) -> None:
        self.service = service
        self.pool: asyncpg.Pool = service.runner.pool
        self.settings = settings

    def _wake_worker(self) -> None:
        """This process's worker looks now; others find the change within their longest sleep (30 s)."""
        self.service.store.notifier.wake("webhooks")

    async def _caller(self, grant: TokenGrant, game_id: str) -> tuple[Actor, Any]:
        actor, state, _, _ = await self.service.actor(grant, game_id)
        return actor, state

    async def _find(self, grant: TokenGrant, game_id: str, webhook_id: str) -> tuple[Actor, w.Webhook]:
        actor, _ = await self._caller(grant, game_id)
        row = await self.pool.fetchrow(
            f"SELECT {_COLUMNS} FROM webhooks WHERE game_id = $1 AND webhook_id = $2", game_id, webhook_id
        )
        if row is None or not (actor.is_gm or row[2] == actor.seat_id):
            raise ApiError("webhook.not_found", f"No webhook {webhook_id!r} in this game (for this token).", 404)
        return actor, _webhook(row)

    def _check(self, url: str | None, filters: Sequence[str], lead_times: Sequence[int]) -> list[int]:
        if url is not None:
            parts = urlsplit(url)
            try:
                httpx.URL(url)
            except httpx.InvalidURL:
                parts = urlsplit("")
            if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
                raise ApiError("webhook.bad_url", "Give an absolute http:// or https:// URL with a host.", 422)
            if not host_allowed(url, self.settings.webhook_allowed_hosts):
                allowed = ", ".join(sorted(self.settings.webhook_allowed_hosts))
                raise ApiError(
                    "webhook.host_not_allowed",
                    f"This server only delivers webhooks to: {allowed} (PANTHEON_WEBHOOK_ALLOWED_HOSTS).",
                    422,
                )
        if lead_times and "deadline.approaching" not in filters:
            raise ApiError(
                "webhook.lead_times_unused", "lead_times only apply with the deadline.approaching filter.", 422
            )
        if "deadline.approaching" in filters and not lead_times:
            return list(DEFAULT_LEAD_TIMES)
        return sorted(set(lead_times), reverse=True)

    async def register(self, grant: TokenGrant, game_id: str, request: w.CreateWebhookRequest) -> w.CreatedWebhook:
        actor, state = await self._caller(grant, game_id)
        seat_id = request.seat_id
        if not actor.is_gm:
            if actor.seat_id is None or seat_id not in (None, actor.seat_id):
                raise ApiError("webhook.other_seat", "A seat may register webhooks for itself only.", 403)
            seat_id = actor.seat_id
        elif seat_id is not None and seat_id not in state.meta.seats:
            raise ApiError("webhook.unknown_seat", f"No seat {seat_id!r} in this game.", 422)
        filters = list(dict.fromkeys(request.filters))
        lead_times = self._check(request.url, filters, request.lead_times)
        types, everything = event_types(filters)
        secret = new_secret()
        webhook_id = f"wh_{secrets.token_hex(8)}"
        async with self.pool.acquire() as conn, conn.transaction():
            # One registration at a time per game, so the limit holds under concurrent requests.
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext('webhooks:' || $1))", game_id)
            count = await conn.fetchval("SELECT count(*) FROM webhooks WHERE game_id = $1", game_id)
            if count >= MAX_WEBHOOKS_PER_GAME:
                raise ApiError(
                    "webhook.too_many", f"A game has at most {MAX_WEBHOOKS_PER_GAME} webhooks; delete one.", 409
                )
            row = await conn.fetchrow(
                "INSERT INTO webhooks (webhook_id, game_id, stream_id, seat_id, url, description, filters, "
                "event_types, all_events, lead_times, active, secret, created_by) "
                f"VALUES ($1, $2, 'game-' || $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING {_COLUMNS}",
                webhook_id,
                game_id,
                seat_id,
                request.url,
                request.description,
                filters,
                types,
                everything,
                lead_times,
                request.active,
                secret,
                actor.principal,
            )
        self._wake_worker()  # a deadline warning may be due at once
        return w.CreatedWebhook(webhook=_webhook(row), secret=secret)

    async def listing(self, grant: TokenGrant, game_id: str) -> w.WebhookList:
        actor, _ = await self._caller(grant, game_id)
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM webhooks WHERE game_id = $1 AND ($2::text IS NULL OR seat_id = $2) "
            "ORDER BY created_at, webhook_id",
            game_id,
            None if actor.is_gm else (actor.seat_id or ""),
        )
        return w.WebhookList(webhooks=[_webhook(r) for r in rows])

    async def get(self, grant: TokenGrant, game_id: str, webhook_id: str) -> w.Webhook:
        return (await self._find(grant, game_id, webhook_id))[1]

    async def update(
        self, grant: TokenGrant, game_id: str, webhook_id: str, request: w.UpdateWebhookRequest
    ) -> w.Webhook:
        _, current = await self._find(grant, game_id, webhook_id)
        filters = list(dict.fromkeys(request.filters)) if request.filters is not None else current.filters
        if request.lead_times is not None:
            lead_times = request.lead_times
        else:
            lead_times = current.lead_times if "deadline.approaching" in filters else []
        lead_times = self._check(request.url, filters, lead_times)
        types, everything = event_types(filters)
        row = await self.pool.fetchrow(
            "UPDATE webhooks SET url = coalesce($3, url), description = coalesce($4, description), "
            "active = coalesce($5, active), filters = $6, event_types = $7, all_events = $8, lead_times = $9, "
            f"updated_at = now() WHERE game_id = $1 AND webhook_id = $2 RETURNING {_COLUMNS}",
            game_id,
            webhook_id,
            request.url,
            request.description,
            request.active,
            filters,
            types,
            everything,
            lead_times,
        )
        if row is None:
            raise ApiError("webhook.not_found", f"No webhook {webhook_id!r} in this game (for this token).", 404)
        self._wake_worker()
        return _webhook(row)

    async def delete(self, grant: TokenGrant, game_id: str, webhook_id: str) -> None:
        """Deletes the webhook with its pending deliveries and its log."""
        await self._find(grant, game_id, webhook_id)
        await self.pool.execute("DELETE FROM webhooks WHERE game_id = $1 AND webhook_id = $2", game_id, webhook_id)

    async def rotate(
        self, grant: TokenGrant, game_id: str, webhook_id: str, request: w.RotateSecretRequest
    ) -> w.RotatedSecret:
        await self._find(grant, game_id, webhook_id)
        secret = new_secret()
        until = datetime.now(UTC) + timedelta(seconds=request.overlap_seconds) if request.overlap_seconds else None
        row = await self.pool.fetchrow(
            "UPDATE webhooks SET previous_secret = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE secret END, "
            "previous_secret_until = $4, secret = $3, updated_at = now() "
            f"WHERE game_id = $1 AND webhook_id = $2 RETURNING {_COLUMNS}",
            game_id,
            webhook_id,
            secret,
            until,
        )
        return w.RotatedSecret(webhook=_webhook(row), secret=secret, previous_secret_valid_until=until)

    async def deliveries(
        self,
        grant: TokenGrant,
        game_id: str,
        webhook_id: str,
        *,
        status: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> w.DeliveryPage:
        await self._find(grant, game_id, webhook_id)
        before_time, before_id = parse_cursor(cursor)
        rows = await self.pool.fetch(
            f"SELECT {_DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 "
            "AND ($2::text IS NULL OR status = $2) "
            "AND ($3::timestamptz IS NULL OR (created_at, delivery_id) < ($3, $4)) "
            "ORDER BY created_at DESC, delivery_id DESC LIMIT $5",
            webhook_id,
            status,
            before_time,
            before_id,
            limit + 1,
        )
        page = rows[:limit]
        attempts = await self._attempts([r[0] for r in page])
        deliveries = [_delivery(r, attempts.get(r[0], [])) for r in page]
        last = deliveries[-1] if deliveries else None
        more = len(rows) > limit and last is not None
        next_cursor = f"{last.created_at.isoformat()}|{last.delivery_id}" if more and last else None
        return w.DeliveryPage(deliveries=deliveries, next_cursor=next_cursor)

    async def _attempts(self, ids: list[str]) -> dict[str, list[w.DeliveryAttempt]]:
        rows = await self.pool.fetch(
            "SELECT delivery_id, attempt, at, status_code, error, duration_ms FROM webhook_attempts "
            "WHERE delivery_id = ANY ($1::text[]) ORDER BY delivery_id, attempt",
            ids,
        )
        out: dict[str, list[w.DeliveryAttempt]] = {}
        for r in rows:
            out.setdefault(r[0], []).append(w.DeliveryAttempt(*r[1:]))
        return out

    async def replay(self, grant: TokenGrant, game_id: str, webhook_id: str, delivery_id: str) -> w.Delivery:
        """Send a delivery again, with the same id and body, and a fresh budget of attempts."""
        await self._find(grant, game_id, webhook_id)
        row = await self.pool.fetchrow(
            "UPDATE webhook_deliveries SET status = 'pending', failures = 0, next_attempt_at = now() "
            f"WHERE webhook_id = $1 AND delivery_id = $2 RETURNING {_DELIVERY_COLUMNS}",
            webhook_id,
            delivery_id,
        )
        if row is None:
            raise ApiError("webhook.delivery_not_found", f"No delivery {delivery_id!r} for this webhook.", 404)
        self._wake_worker()
        attempts = await self._attempts([delivery_id])
        return _delivery(row, attempts.get(delivery_id, []))


def _delivery(row: Any, attempts: list[w.DeliveryAttempt]) -> w.Delivery:
    return w.Delivery(
        delivery_id=row[0],
        webhook_id=row[1],
        status=row[2],
        created_at=row[3],
        attempts=row[4],
        stream_version=row[5],
        event_type=row[6],
        next_attempt_at=row[7] if row[2] == "pending" else None,
        delivered_at=row[8],
        last_status_code=row[9],
        last_error=row[10],
        payload=msgspec.json.decode(row[11]) if row[11] is not None else None,
        attempt_log=attempts,
    )
