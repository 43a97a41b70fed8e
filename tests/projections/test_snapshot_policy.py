"""Snapshots are kept by a policy, not one per turn forever (issue #15): the newest `keep_last`, and of the older
ones the first in each run of `spacing` versions; the rest are deleted when a snapshot is written."""

from __future__ import annotations

import asyncpg
import pytest

from projections.snapshots import InMemorySnapshotStore, PostgresSnapshotStore, SnapshotStore, kept
from server.settings import Settings


def test_the_policy_keeps_the_newest_and_one_per_run_of_versions() -> None:
    versions = list(range(200, 10_001, 200))  # 50 snapshots, every 200 events
    keep = kept(versions, keep_last=3, spacing=1000)
    assert keep == {200, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 9600, 9800, 10_000}
    turn_boundaries = [3, 7, 12, 200, 205, 400, 401]  # irregular versions: the first of each run is kept
    assert kept(turn_boundaries, keep_last=2, spacing=100) == {3, 200, 400, 401}
    assert len(kept(list(range(1, 100_001)), keep_last=5, spacing=1000)) <= 5 + 100_000 // 1000 + 1


@pytest.mark.parametrize("kind", ["postgres", "memory"])
async def test_pruning_deletes_what_the_policy_does_not_keep(pool: asyncpg.Pool, kind: str) -> None:
    store: SnapshotStore = PostgresSnapshotStore(pool) if kind == "postgres" else InMemorySnapshotStore()
    versions = list(range(200, 10_001, 200))
    for v in versions:
        await store.save("game-a", v, "test-bids", 1, b"%d" % v)
        await store.save("game-b", v, "test-bids", 1, b"%d" % v)
    dropped = await store.prune("game-a", 3, 1000)
    expected = kept(versions, 3, 1000)
    assert dropped == len(versions) - len(expected)
    remaining = [v for v in versions if await store.load("game-a", 1, v) == (v, b"%d" % v)]
    assert set(remaining) == expected
    # time travel still finds the nearest kept snapshot at or below any version
    assert await store.load("game-a", 1, 4_999) == (4000, b"4000")
    assert await store.load("game-b", 1, 4_999) == (4800, b"4800")  # another game is left alone
    assert await store.prune("game-a", 3, 1000) == 0


def test_the_policy_settings_and_their_defaults() -> None:
    defaults = Settings.from_env({})
    assert (defaults.snapshots_kept, defaults.snapshot_spacing) == (5, 500)
    given = Settings.from_env({"PANTHEON_SNAPSHOTS_KEPT": "2", "PANTHEON_SNAPSHOT_SPACING": "50"})
    assert (given.snapshots_kept, given.snapshot_spacing) == (2, 50)
    with pytest.raises(SystemExit):
        Settings.from_env({"PANTHEON_SNAPSHOTS_KEPT": "0"})
