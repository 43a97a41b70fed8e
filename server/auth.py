"""Bearer tokens: the admin token, each game's GM token, and seat tokens. Shown once, stored hashed.

A token reads `pnt_<token id>.<secret>`. The token id is public (it is recorded in event metadata and the audit
trail); only `sha256(secret)` is stored. Tokens are bound to one game, except the admin token, which acts as
GM everywhere. A seat's role and the entity it controls come from the game's state, not from the token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

import asyncpg

from domain.engine import Actor


class AuthError(Exception):
    def __init__(self, code: str, message: str, status: int = 401) -> None:
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


@dataclass(frozen=True)
class TokenGrant:
    token_id: str
    kind: str  # admin | gm | seat
    game_id: str | None
    seat_id: str | None


def _hash(secret: str) -> bytes:
    return hashlib.sha256(secret.encode()).digest()


def new_token() -> tuple[str, str, bytes]:
    """(token id, full token to show once, hash to store)."""
    token_id = secrets.token_hex(6)
    secret = secrets.token_urlsafe(32)
    return token_id, f"pnt_{token_id}.{secret}", _hash(secret)


class Tokens:
    def __init__(self, pool: asyncpg.Pool, admin_token: str | None) -> None:
        self.pool = pool
        self._admin_env_hash = _hash(admin_token) if admin_token else None
        self._cache: dict[str, tuple[bytes, TokenGrant]] = {}

    async def ensure_admin(self) -> str | None:
        """With no `PANTHEON_ADMIN_TOKEN` and no stored admin token, make one; returns it to print once."""
        if self._admin_env_hash is not None:
            return None
        if await self.pool.fetchval("SELECT 1 FROM tokens WHERE kind = 'admin' LIMIT 1"):
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

    async def store(self, token_id: str, digest: bytes, kind: str, game_id: str, seat_id: str | None) -> None:
        await self.pool.execute(
            "INSERT INTO tokens (token_id, secret_hash, kind, game_id, seat_id) VALUES ($1, $2, $3, $4, $5)",
            token_id,
            digest,
            kind,
            game_id,
            seat_id,
        )

    async def grant(self, authorization: str | None) -> TokenGrant:
        """Check an `Authorization` header value. Raises `AuthError`."""
        if not authorization:
            raise AuthError("auth.missing_token", "Send `Authorization: Bearer <token>`.")
        scheme, _, token = authorization.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            raise AuthError("auth.bad_token", "The Authorization header must read `Bearer <token>`.")
        if self._admin_env_hash is not None and hmac.compare_digest(_hash(token), self._admin_env_hash):
            return TokenGrant(token_id="admin", kind="admin", game_id=None, seat_id=None)
        token_id, dot, secret = token.removeprefix("pnt_").partition(".")
        if not token.startswith("pnt_") or not dot or not token_id or len(token_id) > 64:
            raise AuthError("auth.bad_token", "This is not a Pantheon token (they read `pnt_<id>.<secret>`).")
        cached = self._cache.get(token_id)
        if cached is None:
            row = await self.pool.fetchrow(
                "SELECT secret_hash, kind, game_id, seat_id FROM tokens WHERE token_id = $1", token_id
            )
            if row is None:
                raise AuthError("auth.bad_token", "Unknown or revoked token.")
            cached = (row[0], TokenGrant(token_id=token_id, kind=row[1], game_id=row[2], seat_id=row[3]))
            self._cache[token_id] = cached
        digest, grant = cached
        if not hmac.compare_digest(_hash(secret), digest):
            raise AuthError("auth.bad_token", "Unknown or revoked token.")
        return grant


def admin_actor(grant: TokenGrant) -> Actor:
    return Actor(principal="admin", role="admin", token_id=grant.token_id)
