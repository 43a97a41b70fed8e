"""Snapshots: a cache of folded states keyed by ruleset version. They may be dropped and rebuilt at any time.

Kept by a policy (`prune`), not one per turn forever: the newest `keep_last` of a game, and of the older ones
the first in each run of `spacing` versions (so time travel folds at most about `spacing` events, plus the
spacing of writes, from a snapshot). A game of n events keeps at most `keep_last + n / spacing + 1`."""

from __future__ import annotations

from typing import Protocol

import asyncpg


class SnapshotStore(Protocol):
    async def save(self, stream_id: str, version: int, ruleset_id: str, ruleset_version: int, state: bytes) -> None: ...

    async def load(self, stream_id: str, ruleset_version: int, at_or_below: int | None) -> tuple[int, bytes] | None: ...

    async def drop(self, stream_id: str | None = None) -> None: ...

    async def prune(self, stream_id: str, keep_last: int, spacing: int) -> int: ...


def kept(versions: list[int], keep_last: int, spacing: int) -> set[int]:
    """The versions the policy keeps: the newest `keep_last`, and the first of each run of `spacing` versions."""
    ordered = sorted(versions)
    keep = set(ordered[-keep_last:]) if keep_last > 0 else set()
    firsts: dict[int, int] = {}
    for v in ordered:
        firsts.setdefault(v // spacing, v)
    return keep | set(firsts.values())


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

    async def prune(self, stream_id: str, keep_last: int, spacing: int) -> int:
        dropped = 0
        for (stream, _), rows in self._rows.items():
            if stream == stream_id:
                keep = kept(list(rows), keep_last, spacing)
                for version in [v for v in rows if v not in keep]:
                    del rows[version]
                    dropped += 1
        return dropped


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

    async def prune(self, stream_id: str, keep_last: int, spacing: int) -> int:
        """Delete the snapshots of `stream_id` the policy does not keep (see `kept`); returns how many."""
        status = await self.pool.execute(
            "DELETE FROM snapshots s WHERE s.stream_id = $1 "
            "AND s.stream_version < (SELECT coalesce(min(v), 0) FROM (SELECT stream_version AS v FROM snapshots "
            "  WHERE stream_id = $1 AND ruleset_version = s.ruleset_version ORDER BY stream_version DESC LIMIT $2) n) "
            "AND EXISTS (SELECT 1 FROM snapshots t WHERE t.stream_id = $1 AND t.ruleset_version = s.ruleset_version "
            "  AND t.stream_version / $3 = s.stream_version / $3 AND t.stream_version < s.stream_version)",
            stream_id,
            keep_last,
            spacing,
        )
        return int(status.rpartition(" ")[2])
