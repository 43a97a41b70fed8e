"""The webhook delivery worker: drains the outbox (`webhook_deliveries`) at least once, with retries.

Outbox rows for events are written by the event store in the append statement itself, so a committed event always
has its deliveries and a rolled-back one never does. `deadline.approaching` is time-driven: each pass enqueues a
warning for every (webhook, current deadline, lead time) whose moment has come, once (a unique dedupe key; a
deadline that moves gets new warnings for its new time).

Each pass claims due rows with `FOR UPDATE SKIP LOCKED` and moves them a lease ahead (twice the attempt timeout
plus a second), so any number of processes share the work without two of them sending the same row at once. A
process that dies mid-delivery leaves its rows claimed; when the lease runs out they are due again and another
pass sends them: a receiver may see a message twice (same `webhook-id`), never zero times.

Retries: after the n-th consecutive failure the next attempt waits `min(base * 2**(n-1), max)` seconds times a
random jitter factor in [0.8, 1.2] (`PANTHEON_WEBHOOK_RETRY_BASE_SECONDS`, default 5, and `..._MAX_SECONDS`,
default 3600). After `PANTHEON_WEBHOOK_MAX_ATTEMPTS` (default 10) failures in a row the delivery is `failed`; the
GM can replay it. With the defaults the ten attempts span about 43 minutes (waits of 5 s, 10 s, ... 1280 s). A 2xx
answer is success; anything else (redirects included: they are not followed) is a failure. Each attempt is logged with
its status code, error and duration. Deliveries are not ordered: each payload carries the event's `version`.
Delivered messages stay in the log for 30 days; failed ones until the webhook is deleted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import httpx
import msgspec

from domain.engine import Actor, GameState
from events.faults import ThrottledLog, database_fault
from events.handler import UnknownGame, stream_of
from server.service import GameService, seat_actor
from server.settings import Settings
from server.webhooks import host_allowed, payload_type, sign

log = logging.getLogger("pantheon.webhooks")
_faults = ThrottledLog(log)  # a database that is gone is one line per interval, not a traceback per pass

_BATCH = 50
_MAX_SLEEP = 30.0
_ERROR_TEXT = 500
KEEP_DELIVERED_DAYS = 30
_PRUNE_EVERY = 3600.0
_PRUNE = """
DELETE FROM webhook_deliveries WHERE status = 'delivered' AND delivered_at < now() - make_interval(days => $1)
"""

_CLAIM = """
UPDATE webhook_deliveries d SET next_attempt_at = now() + make_interval(secs => $2)
FROM webhooks w
WHERE w.webhook_id = d.webhook_id AND d.delivery_id IN (
    SELECT o.delivery_id FROM webhook_deliveries o JOIN webhooks h USING (webhook_id)
    WHERE o.status = 'pending' AND o.next_attempt_at <= now() AND h.active
    ORDER BY o.next_attempt_at LIMIT $1 FOR UPDATE OF o SKIP LOCKED)
RETURNING d.delivery_id, d.webhook_id, d.game_id, d.stream_version, d.event_type, d.body, d.attempts,
    d.failures, w.url, w.seat_id, w.filters, w.secret, w.previous_secret, w.previous_secret_until
"""
_NEXT_DUE = """
SELECT extract(epoch FROM min(d.next_attempt_at) - now()) FROM webhook_deliveries d JOIN webhooks w USING (webhook_id)
WHERE d.status = 'pending' AND w.active
"""
_DEADLINES = """
SELECT w.webhook_id, w.game_id, w.seat_id, g.turn, g.phase, g.deadline, lead
FROM webhooks w JOIN rm_games g USING (game_id) CROSS JOIN LATERAL unnest(w.lead_times) AS lead
WHERE w.active AND 'deadline.approaching' = ANY (w.filters)
  AND g.status = 'running' AND g.paused_at IS NULL AND g.deadline > $1
"""
_ACTIVE = """
SELECT count(*) > 0, coalesce(bool_or('deadline.approaching' = ANY (filters)), false) FROM webhooks WHERE active
"""
_ENQUEUE_WARNING = """
INSERT INTO webhook_deliveries (delivery_id, webhook_id, game_id, dedupe_key, body)
VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), $1, $2, $3, $4)
ON CONFLICT (game_id, webhook_id, dedupe_key) DO NOTHING
"""


class Claimed(msgspec.Struct, frozen=True):
    delivery_id: str
    webhook_id: str
    game_id: str
    stream_version: int | None
    event_type: str | None
    body: bytes | None
    attempts: int
    failures: int
    url: str
    seat_id: str | None
    filters: list[str]
    secret: str
    previous_secret: str | None
    previous_secret_until: datetime | None


def retry_delay(failures: int, base: float, cap: float) -> float:
    """Seconds before the next attempt after `failures` failures in a row: exponential, capped, jittered."""
    delay = min(base * 2.0 ** max(min(failures - 1, 30), 0), cap)
    return delay * random.uniform(0.8, 1.2)  # spreads retries; not a secret


class WebhookWorker:
    def __init__(self, service: GameService, settings: Settings, client: httpx.AsyncClient | None = None) -> None:
        self.service = service
        self.pool: asyncpg.Pool = service.runner.pool
        self.settings = settings
        self.lease = settings.webhook_timeout_seconds * 2 + 1
        # Never a proxy from the environment: deliveries go straight to the registered host.
        self.client = client or httpx.AsyncClient(
            timeout=settings.webhook_timeout_seconds, follow_redirects=False, trust_env=False
        )
        self.sent = 0  # attempts made by this process (for logs and tests)
        self._pruned_at = -_PRUNE_EVERY

    async def run(self) -> None:
        """Pass, sleep until something is due or an append wakes us, pass again; until cancelled."""
        bell = self.service.store.notifier.bell()  # appends, registrations and replays ring it
        try:
            while True:
                bell.clear()
                try:
                    wait = await self.tick()
                except Exception as exc:  # the database went away, a bad row...: never let the worker die silently
                    _faults.failure("pass", "webhook pass failed; retrying", exc)
                    wait = 5.0
                else:
                    _faults.recovered("pass", "webhook passes succeed again")
                if wait > 0:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(min(wait, _MAX_SLEEP)):
                            await bell.wait()
                            await asyncio.sleep(0.05)  # let a burst of appends land, then look once
        finally:
            await self.client.aclose()

    async def tick(self) -> float:
        """One pass: enqueue due deadline warnings, send what is due. Returns seconds until more may be due."""
        if time.monotonic() - self._pruned_at > _PRUNE_EVERY:
            self._pruned_at = time.monotonic()
            await self.pool.execute(_PRUNE, KEEP_DELIVERED_DAYS)
        flags = await self.pool.fetchrow(_ACTIVE)
        active, deadlines = (flags[0], flags[1]) if flags is not None else (False, False)
        if not active:
            return _MAX_SLEEP  # one query per wake-up on a server without webhooks; registering one rings the bell
        wake = await self._enqueue_warnings() if deadlines else _MAX_SLEEP
        claimed = await self.pool.fetch(_CLAIM, _BATCH, self.lease)
        if claimed:
            results = await asyncio.gather(*(self._deliver(Claimed(*row)) for row in claimed), return_exceptions=True)
            for result in results:
                if isinstance(result, Exception):
                    _faults.failure("delivery", "a webhook delivery could not be recorded; it is retried", result)
            return 0.0
        due = await self.pool.fetchval(_NEXT_DUE)
        if due is not None:
            wake = min(wake, max(float(due), 0.01))
        return wake

    async def _enqueue_warnings(self) -> float:
        await self.service.runner.catch_up()
        now = self.service.handler.clock()
        wake = _MAX_SLEEP
        for webhook_id, game_id, seat_id, turn, phase, deadline, lead in await self.pool.fetch(_DEADLINES, now):
            at = deadline - timedelta(seconds=lead)
            if at > now:
                wake = min(wake, (at - now).total_seconds())
                continue
            data = {
                "game_id": game_id,
                "webhook_id": webhook_id,
                "seat_id": seat_id,
                "turn": turn,
                "phase": phase,
                "deadline": deadline,
                "lead_seconds": lead,
            }
            body = msgspec.json.encode({"type": "deadline.approaching", "timestamp": at, "data": data})
            key = f"deadline:{turn}:{phase}:{deadline.isoformat()}:{lead}"
            await self.pool.execute(_ENQUEUE_WARNING, webhook_id, game_id, key, body)
        return wake

    async def _deliver(self, row: Claimed) -> None:
        try:
            body = row.body if row.body is not None else await self._build(row)
        except Exception as exc:
            if database_fault(exc) is not None:
                raise  # not this delivery's fault: it is claimed again when the lease ends
            log.exception("webhook %s: could not build delivery %s", row.webhook_id, row.delivery_id)
            await self._record(row, None, "could not build the payload", 0)
            return
        if body is None:  # the seat may not see this event: nothing to deliver
            await self.pool.execute("DELETE FROM webhook_deliveries WHERE delivery_id = $1", row.delivery_id)
            return
        if row.body is None:
            await self.pool.execute(
                "UPDATE webhook_deliveries SET body = $2 WHERE delivery_id = $1", row.delivery_id, body
            )
        if not host_allowed(row.url, self.settings.webhook_allowed_hosts):
            await self._record(row, None, "host not allowed (PANTHEON_WEBHOOK_ALLOWED_HOSTS)", 0)
            return
        now = datetime.now(UTC)
        keys = [row.secret]
        if row.previous_secret and row.previous_secret_until and row.previous_secret_until > now:
            keys.append(row.previous_secret)
        headers = sign(row.delivery_id, now, body, keys)
        started = time.monotonic()
        status: int | None = None
        error: str | None = None
        try:
            response = await self.client.post(row.url, content=body, headers=headers)
            status = response.status_code
            if not 200 <= status < 300:
                error = f"HTTP {status}"
        except (httpx.HTTPError, httpx.InvalidURL, OSError, ValueError) as exc:
            error = f"{type(exc).__name__}: {exc}"[:_ERROR_TEXT]
        self.sent += 1
        await self._record(row, status, error, int((time.monotonic() - started) * 1000))

    async def _record(self, row: Claimed, status: int | None, error: str | None, duration_ms: int) -> None:
        attempt = row.attempts + 1
        failures = row.failures + (error is not None)
        delay = retry_delay(failures, self.settings.webhook_retry_base_seconds, self.settings.webhook_retry_max_seconds)
        if error is None:
            new_status = "delivered"
        elif failures >= self.settings.webhook_max_attempts:
            new_status = "failed"
        else:
            new_status = "pending"
        try:
            await self._write_attempt(row, attempt, failures, new_status, status, error, duration_ms, delay)
        except asyncpg.ForeignKeyViolationError:
            pass  # the webhook was deleted meanwhile, with its log

    async def _write_attempt(
        self,
        row: Claimed,
        attempt: int,
        failures: int,
        new_status: str,
        status: int | None,
        error: str | None,
        duration_ms: int,
        delay: float,
    ) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO webhook_attempts (game_id, delivery_id, attempt, at, status_code, error, duration_ms) "
                "VALUES ($6, $1, $2, now(), $3, $4, $5) ON CONFLICT DO NOTHING",
                row.delivery_id,
                attempt,
                status,
                error,
                duration_ms,
                row.game_id,
            )
            await conn.execute(
                "UPDATE webhook_deliveries SET attempts = $2, failures = $3, status = $4, last_status_code = $5, "
                "last_error = $6, delivered_at = CASE WHEN $4 = 'delivered' THEN now() END, "
                "next_attempt_at = now() + make_interval(secs => $7) WHERE delivery_id = $1",
                row.delivery_id,
                attempt,
                failures,
                new_status,
                status,
                error,
                delay,
            )

    async def _build(self, row: Claimed) -> bytes | None:
        """The payload for an event, as the webhook's seat (or the GM) may see it; `None`: not visible."""
        assert row.stream_version is not None and row.event_type is not None
        try:
            _, latest, ruleset = await self.service.states.latest(row.game_id)
        except UnknownGame:
            return None
        actor = self._viewer(latest, row.seat_id)
        if actor is None:
            return None  # the seat is gone: it sees nothing
        recorded = await self.service.store.read_stream(
            stream_of(row.game_id), after_version=row.stream_version - 1, to_version=row.stream_version
        )
        envelopes = self.service.envelopes(ruleset, actor, recorded, latest)
        if not envelopes:
            return None
        envelope = envelopes[0]
        data = {"game_id": row.game_id, "webhook_id": row.webhook_id, "seat_id": row.seat_id, "event": envelope}
        kind = payload_type(row.filters, row.event_type)
        return msgspec.json.encode({"type": kind, "timestamp": envelope.recorded_at, "data": data})

    @staticmethod
    def _viewer(latest: GameState[Any], seat_id: str | None) -> Actor | None:
        if seat_id is None:
            return Actor(principal="webhook", role="gm")
        seat = latest.meta.seats.get(seat_id)
        return seat_actor(seat) if seat is not None else None
