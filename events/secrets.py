"""Dice seeds, kept outside the event stream (DESIGN.md §3): in memory or in the `game_secrets` table."""

from __future__ import annotations

from typing import Protocol

import asyncpg

from domain.engine.dice import commitment


class SecretStore(Protocol):
    async def create(self, game_id: str, epoch: int, seed: bytes) -> None: ...

    async def seed(self, game_id: str, epoch: int) -> bytes | None: ...


class InMemorySecretStore:
    def __init__(self) -> None:
        self._seeds: dict[tuple[str, int], bytes] = {}

    async def create(self, game_id: str, epoch: int, seed: bytes) -> None:
        self._seeds.setdefault((game_id, epoch), seed)

    async def seed(self, game_id: str, epoch: int) -> bytes | None:
        return self._seeds.get((game_id, epoch))


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
            seed = await self.pool.fetchval(
                "SELECT seed FROM game_secrets WHERE game_id = $1 AND epoch = $2", game_id, epoch
            )
            if seed is None:
                return None
            self._cache[key] = seed
        return self._cache[key]
