"""Dice seeds, kept outside the event stream (DESIGN.md §3): in memory or in the `game_secrets` table.

Two random seeds per (game, epoch): the public seed and the private seed (from which every roll that not every
seat may see is derived). `seed` hands out an `EpochSeed`: the epoch's seeds plus the commitments of the next
epoch's seeds, created on first use (`ON CONFLICT DO NOTHING`, then read back, so concurrent processes agree), so
that closing an epoch publishes the next commitments in the same append. An epoch stored before private streams
existed has no private seed; the next epoch of such a game gets one when it is first read (its commitments are
not published yet then). Seeds are never derived from one another: revealing one exposes no other.
"""

from __future__ import annotations

import secrets
from typing import Protocol

import asyncpg

from domain.engine.dice import EpochSeed, commitment
from events.lru import Lru

CACHE_SIZE = 4096  # (game, epoch) seeds kept in memory; the table is the truth


def new_seed() -> bytes:
    return secrets.token_bytes(32)


class SecretStore(Protocol):
    async def create(self, game_id: str, epoch: int, seed: bytes, private: bytes | None = None) -> None: ...

    async def seed(self, game_id: str, epoch: int) -> EpochSeed | None: ...


class InMemorySecretStore:
    def __init__(self) -> None:
        self._seeds: dict[tuple[str, int], tuple[bytes, bytes | None]] = {}

    async def create(self, game_id: str, epoch: int, seed: bytes, private: bytes | None = None) -> None:
        self._seeds.setdefault((game_id, epoch), (seed, private))

    async def seed(self, game_id: str, epoch: int) -> EpochSeed | None:
        found = self._seeds.get((game_id, epoch))
        if found is None:
            return None
        following, following_private = self._seeds.setdefault((game_id, epoch + 1), (new_seed(), new_seed()))
        if following_private is None:
            following_private = new_seed()
            self._seeds[(game_id, epoch + 1)] = (following, following_private)
        return EpochSeed(found[0], commitment(following), found[1], commitment(following_private))


class PostgresSecretStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._cache: Lru[tuple[str, int], EpochSeed] = Lru(CACHE_SIZE)

    async def create(self, game_id: str, epoch: int, seed: bytes, private: bytes | None = None) -> None:
        await self.pool.execute(
            "INSERT INTO game_secrets (game_id, epoch, seed, commitment, private_seed, private_commitment) "
            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            game_id,
            epoch,
            seed,
            commitment(seed),
            private,
            commitment(private) if private is not None else None,
        )

    async def seed(self, game_id: str, epoch: int) -> EpochSeed | None:
        key = (game_id, epoch)
        cached = self._cache.get(key)
        if cached is None:
            found = await self._fetch(game_id, epoch)
            if found is None:
                return None
            following = await self._fetch(game_id, epoch + 1)
            if following is None:
                await self.create(game_id, epoch + 1, new_seed(), new_seed())
                following = await self._fetch(game_id, epoch + 1)
            elif following[1] is None:
                private = new_seed()
                await self.pool.execute(
                    "UPDATE game_secrets SET private_seed = $3, private_commitment = $4 "
                    "WHERE game_id = $1 AND epoch = $2 AND private_seed IS NULL",
                    game_id,
                    epoch + 1,
                    private,
                    commitment(private),
                )
                following = await self._fetch(game_id, epoch + 1)
            assert following is not None and following[1] is not None
            cached = EpochSeed(found[0], commitment(following[0]), found[1], commitment(following[1]))
            self._cache.put(key, cached)
        return cached

    async def _fetch(self, game_id: str, epoch: int) -> tuple[bytes, bytes | None] | None:
        row = await self.pool.fetchrow(
            "SELECT seed, private_seed FROM game_secrets WHERE game_id = $1 AND epoch = $2", game_id, epoch
        )
        return None if row is None else (row["seed"], row["private_seed"])
