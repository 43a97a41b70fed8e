"""Bearer tokens: the admin token, each game's GM token, and seat tokens. Shown once, stored hashed.

A token reads `pnt_<token id>.<secret>`. The token id is public (it is recorded in event metadata and the audit
trail); only `sha256(secret)` is stored. Tokens are bound to one game, except the admin token, which acts as
GM everywhere. A seat's role and the entity it controls come from the game's state, not from the token.

Revocation holds at once in every process. Checked tokens are cached per process (at most `CACHE_SIZE`, each for
at most `CACHE_TTL` seconds), and a revocation sends `NOTIFY pantheon_tokens, '<token id>'` in the transaction
that revokes: every process's listener drops that token from its cache when the revocation commits. While a
process's listener is down (it reconnects by itself) the cache is not used at all, so no notification can be
missed; the TTL is only a safety net. Revoked tokens stay in the table (`revoked_at`) for the audit trail.

Repeated failed authentication from one client is slowed down by `AuthFailures` (server/auth_limits.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import asyncpg

from domain.engine import Actor

log = logging.getLogger("pantheon.auth")
CHANNEL = "pantheon_tokens"
CACHE_SIZE = 10_000
CACHE_TTL = 30.0
TOUCH_EVERY = 60.0  # seconds between writes of a token's `last_used_at`, per process


class AuthError(Exception):
    def __init__(self, code: str, message: str, status: int = 401, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.status, self.retry_after = code, message, status, retry_after


@dataclass(frozen=True)
class TokenGrant:
    token_id: str
    kind: str  # admin | gm | seat
    game_id: str | None
    seat_id: str | None


class FailureLimit(Protocol):
    """What `Tokens` needs of a limiter of failed authentication (see `server.auth_limits.AuthFailures`)."""

    def check(self, client: str | None) -> None:
        """Raise `AuthError` (429) while `client` is held back."""

    def failed(self, client: str | None) -> None:
        """Count one failed authentication of `client`."""


def _hash(secret: str) -> bytes:
    return hashlib.sha256(secret.encode()).digest()


def new_token() -> tuple[str, str, bytes]:
    """(token id, full token to show once, hash to store)."""
    token_id = secrets.token_hex(6)
    secret = secrets.token_urlsafe(32)
    return token_id, f"pnt_{token_id}.{secret}", _hash(secret)


class Tokens:
    def __init__(
        self,
        pool: asyncpg.Pool,
        admin_token: str | None,
        *,
        failures: FailureLimit | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.pool = pool
        self.failures = failures
        self._admin_env_hash = _hash(admin_token) if admin_token else None
        self._cache: OrderedDict[str, tuple[float, bytes, TokenGrant]] = OrderedDict()
        self._touched: dict[str, float] = {}
        self._clock = clock
        # Bumped by every revocation heard: a lookup that raced with one does not cache what it read.
        self._generation = 0
        self._heard: dict[str, asyncio.Event] = {}  # revocations this process waits to hear announced
        self.listening = asyncio.Event()  # set while LISTEN is active: only then is the cache used
        # Told each token id whose revocation was heard, and `None` when revocations may have been missed (the
        # listener (re)connected): then whoever holds tokens open asks `revoked_among`.
        self.revocations: list[Callable[[str | None], None]] = []

    async def ensure_admin(self) -> str | None:
        """With no `PANTHEON_ADMIN_TOKEN` and no stored admin token, make one; returns it to print once."""
        if self._admin_env_hash is not None:
            return None
        if await self.pool.fetchval("SELECT 1 FROM tokens WHERE kind = 'admin' AND revoked_at IS NULL LIMIT 1"):
            return None
        token_id, token, digest = new_token()
        await self.pool.execute(
            "INSERT INTO tokens (token_id, secret_hash, kind) VALUES ($1, $2, 'admin')", token_id, digest
        )
        return token

    async def issue(self, kind: str, game_id: str, seat_id: str | None = None) -> tuple[str, str]:
        """Store a new token; returns (token id, the token to show once)."""
        token_id, token, digest = new_token()
        await self.store(token_id, digest, kind, game_id, seat_id)
        return token_id, token

    async def store(
        self, token_id: str, digest: bytes, kind: str, game_id: str, seat_id: str | None, conn: Any = None
    ) -> None:
        await (conn or self.pool).execute(
            "INSERT INTO tokens (token_id, secret_hash, kind, game_id, seat_id) VALUES ($1, $2, $3, $4, $5)",
            token_id,
            digest,
            kind,
            game_id,
            seat_id,
        )

    async def revoke(self, conn: Any, token_ids: list[str], reason: str) -> list[str]:
        """Revoke these tokens in `conn`'s transaction; every process forgets them when it commits."""
        revoked = await conn.fetch(
            "UPDATE tokens SET revoked_at = now(), revoked_reason = $2 "
            "WHERE token_id = ANY($1::text[]) AND revoked_at IS NULL RETURNING token_id",
            token_ids,
            reason,
        )
        ids = [row[0] for row in revoked]
        if ids:
            await conn.execute("SELECT pg_notify($1, t) FROM unnest($2::text[]) AS t", CHANNEL, ids)
        if len(self._heard) >= CACHE_SIZE:  # waiters of revocations whose transaction rolled back
            self._heard.clear()
        for token_id in ids:
            self._cache.pop(token_id, None)
            self._heard.setdefault(token_id, asyncio.Event())
        return ids

    async def announced(self, token_ids: list[str], timeout: float = 2.0) -> bool:
        """After the revoking transaction committed: wait (bounded) until this process's listener heard of it.

        Every listening process gets the notification at the same commit; the revoker answering only after its
        own listener heard it makes "revoked, then refused everywhere" hold for a client that acts on the answer.
        """
        waiters = [self._heard.setdefault(t, asyncio.Event()) for t in token_ids]
        try:
            if self.listening.is_set():
                async with asyncio.timeout(timeout):
                    for waiter in waiters:
                        await waiter.wait()
            return True
        except TimeoutError:
            log.warning("no NOTIFY heard for revoked tokens within %s s; caches still expire them", timeout)
            return False
        finally:
            for token_id in token_ids:
                self._heard.pop(token_id, None)

    async def grant(self, authorization: str | None, client: str | None = None) -> TokenGrant:
        """Check an `Authorization` header value from `client` (its address). Raises `AuthError`."""
        if not authorization:
            raise AuthError("auth.missing_token", "Send `Authorization: Bearer <token>`.")
        if self.failures is not None:
            self.failures.check(client)
        try:
            return await self._check(authorization)
        except AuthError as error:
            if self.failures is not None and error.status == 401:
                self.failures.failed(client)
            raise

    async def _check(self, authorization: str) -> TokenGrant:
        scheme, _, token = authorization.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            raise AuthError("auth.bad_token", "The Authorization header must read `Bearer <token>`.")
        if self._admin_env_hash is not None and hmac.compare_digest(_hash(token), self._admin_env_hash):
            return TokenGrant(token_id="admin", kind="admin", game_id=None, seat_id=None)
        token_id, dot, secret = token.removeprefix("pnt_").partition(".")
        if not token.startswith("pnt_") or not dot or not token_id or len(token_id) > 64:
            raise AuthError("auth.bad_token", "This is not a Pantheon token (they read `pnt_<id>.<secret>`).")
        digest, grant = await self._lookup(token_id)
        if not hmac.compare_digest(_hash(secret), digest):
            raise AuthError("auth.bad_token", "Unknown or revoked token.")
        await self._touch(token_id)
        return grant

    async def _lookup(self, token_id: str) -> tuple[bytes, TokenGrant]:
        # One turn of the event loop first: a revocation already received on the LISTEN socket is applied before
        # the cache is trusted.
        await asyncio.sleep(0)
        now = self._clock()
        cached = self._cache.get(token_id)
        if cached is not None and self.listening.is_set() and now - cached[0] < CACHE_TTL:
            self._cache.move_to_end(token_id)
            return cached[1], cached[2]
        generation = self._generation
        row = await self.pool.fetchrow(
            "SELECT secret_hash, kind, game_id, seat_id FROM tokens WHERE token_id = $1 AND revoked_at IS NULL",
            token_id,
        )
        if row is None:
            self._cache.pop(token_id, None)
            raise AuthError("auth.bad_token", "Unknown or revoked token.")
        grant = TokenGrant(token_id=token_id, kind=row[1], game_id=row[2], seat_id=row[3])
        if self.listening.is_set() and generation == self._generation:
            self._cache[token_id] = (now, row[0], grant)
            self._cache.move_to_end(token_id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return row[0], grant

    async def _touch(self, token_id: str) -> None:
        """Record the token's last use, at most once a minute per process (the GM's seat list shows it)."""
        now = self._clock()
        if now - self._touched.get(token_id, -TOUCH_EVERY) < TOUCH_EVERY:
            return
        if len(self._touched) >= CACHE_SIZE:
            self._touched.clear()
        self._touched[token_id] = now
        try:
            await self.pool.execute("UPDATE tokens SET last_used_at = now() WHERE token_id = $1", token_id)
        except Exception:  # a database fault: the request's own next query answers it, if there is one
            log.info("could not record the last use of token %s", token_id)

    async def revoked_among(self, token_ids: list[str]) -> list[str]:
        """Which of these tokens are revoked now."""
        rows = await self.pool.fetch(
            "SELECT token_id FROM tokens WHERE token_id = ANY($1::text[]) AND revoked_at IS NOT NULL", token_ids
        )
        return [row[0] for row in rows]

    def forget(self, token_id: str | None = None) -> None:
        """Drop one token (or all) from this process's cache."""
        if token_id is None:
            self._cache.clear()
        else:
            self._cache.pop(token_id, None)

    async def listen(self, dsn: str) -> None:
        """Forget revoked tokens as their revocations commit, in every process. Reconnects until cancelled."""
        while True:
            try:
                conn = await asyncpg.connect(dsn)
            except (OSError, asyncpg.PostgresError):
                await asyncio.sleep(1.0)
                continue
            try:
                await conn.add_listener(CHANNEL, self._on_notify)
                self._generation += 1
                self.forget()  # anything revoked while nobody listened is re-read from the table
                self.listening.set()
                for revoked in self.revocations:
                    revoked(None)
                while not conn.is_closed():
                    await asyncio.sleep(1.0)
                    with contextlib.suppress(Exception):
                        await conn.execute("SELECT 1")
            finally:
                self.listening.clear()
                self.forget()
                with contextlib.suppress(Exception):
                    await conn.close()

    def _on_notify(self, conn: object, pid: int, channel: str, payload: object) -> None:
        self._generation += 1
        self.forget(str(payload))
        for revoked in self.revocations:
            revoked(str(payload))
        heard = self._heard.get(str(payload))
        if heard is not None:
            heard.set()


def admin_actor(grant: TokenGrant) -> Actor:
    return Actor(principal="admin", role="admin", token_id=grant.token_id)
