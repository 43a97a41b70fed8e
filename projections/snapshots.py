"""Snapshots: a cache of folded states keyed by ruleset version. They may be dropped and rebuilt at any time."""

from __future__ import annotations

from typing import Protocol

import asyncpg


class SnapshotStore(Protocol):
    async def save(self, stream_id: str, version: int, ruleset_id: str, ruleset_version: int, state: bytes) -> None: ...

    async def load(self, stream_id: str, ruleset_version: int, at_or_below: int | None) -> tuple[int, bytes] | None: ...

    async def drop(self, stream_id: str | None = None) -> None: ...


class InMemorySnapshotStore:
    def __init__(self) -> None:
        self._rows: dict[tuple[str, int], dict[int, bytes]] = {}

    async def save(self, stream_id: str, version: int, ruleset_id: str, ruleset_version: int, state: bytes) -> None:
        self._rows.setdefault((stream_id, ruleset_version), {})[version] = state

    async def load(self, stream_id: str, ruleset_version: int, at_or_below: int | None) -> tuple[int, bytes] | None:
        rows = self._rows.get((stream_id, ruleset_version), {})
        versions = [v for v in rows if at_or_below is None or v <= at_or_below]
        if not versions:
            return None
        return max(versions), rows[max(versions)]

    async def drop(self, stream_id: str | None = None) -> None:
        if stream_id is None:
            self._rows.clear()
        else:
            self._rows = {k: v for k, v in self._rows.items() if k[0] != stream_id}


class PostgresSnapshotStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def save(self, stream_id: str, version: int, ruleset_id: str, ruleset_version: int, state: bytes) -> None:
        await self.pool.execute(
            "INSERT INTO snapshots (stream_id, stream_version, ruleset_id, ruleset_version, state) "
            "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            stream_id,
            version,
            ruleset_id,
            ruleset_version,
            state,
        )

    async def load(self, stream_id: str, ruleset_version: int, at_or_below: int | None) -> tuple[int, bytes] | None:
        row = await self.pool.fetchrow(
            "SELECT stream_version, state FROM snapshots WHERE stream_id = $1 AND ruleset_version = $2 "
            "AND ($3::bigint IS NULL OR stream_version <= $3) ORDER BY stream_version DESC LIMIT 1",
            stream_id,
            ruleset_version,
            at_or_below,
        )
        return None if row is None else (row[0], row[1])

    async def drop(self, stream_id: str | None = None) -> None:
        if stream_id is None:
            await self.pool.execute("TRUNCATE snapshots")
        else:
            await self.pool.execute("DELETE FROM snapshots WHERE stream_id = $1", stream_id)
