"""Dice seeds, kept outside the event stream (DESIGN.md §3): in memory or in the `game_secrets` table.

One random seed per (game, epoch). `seed` hands out an `EpochSeed`: the epoch's seed plus the commitment of the
next epoch's seed, created on first use (`ON CONFLICT DO NOTHING`, then read back, so concurrent processes agree),
so that closing an epoch publishes the next commitment in the same append. Seeds are never derived from one
another: revealing one exposes no other epoch.
"""

from __future__ import annotations

import secrets
from typing import Protocol

import asyncpg

from domain.engine.dice import EpochSeed, commitment


class SecretStore(Protocol):
    async def create(self, game_id: str, epoch: int, seed: bytes) -> None: ...

    async def seed(self, game_id: str, epoch: int) -> bytes | None: ...


class InMemorySecretStore:
    def __init__(self) -> None:
        self._seeds: dict[tuple[str, int], bytes] = {}

    async def create(self, game_id: str, epoch: int, seed: bytes) -> None:
        self._seeds.setdefault((game_id, epoch), seed)

    async def seed(self, game_id: str, epoch: int) -> bytes | None:
        seed = self._seeds.get((game_id, epoch))
        if seed is None:
            return None
        following = self._seeds.setdefault((game_id, epoch + 1), secrets.token_bytes(32))
        return EpochSeed(seed, commitment(following))


class PostgresSecretStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._cache: dict[tuple[str, int], bytes] = {}

    async def create(self, game_id: str, epoch: int, seed: bytes) -> None:
        await self.pool.execute(
            "INSERT INTO game_secrets (game_id, epoch, seed, commitment) VALUES ($1, $2, $3, $4) "
            "ON CONFLICT DO NOTHING",
            game_id,
            epoch,
            seed,
            commitment(seed),
        )

    async def seed(self, game_id: str, epoch: int) -> bytes | None:
        key = (game_id, epoch)
        if key not in self._cache:
            seed = await self._fetch(game_id, epoch)
            if seed is None:
                return None
            following = await self._fetch(game_id, epoch + 1)
            if following is None:
                await self.create(game_id, epoch + 1, secrets.token_bytes(32))
                following = await self._fetch(game_id, epoch + 1)
                assert following is not None
            self._cache[key] = EpochSeed(seed, commitment(following))
        return self._cache[key]

    async def _fetch(self, game_id: str, epoch: int) -> bytes | None:
        seed: bytes | None = await self.pool.fetchval(
            "SELECT seed FROM game_secrets WHERE game_id = $1 AND epoch = $2", game_id, epoch
        )
        return seed
