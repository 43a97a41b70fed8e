"""Leader election among processes on one database (server/leader.py), in-process: exactly one of two
candidates runs the jobs; when the leader's database session dies, its jobs stop and the other takes over."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

import asyncpg

from server.leader import LEADER_KEY, Leadership


def job(name: str, running: set[str]) -> Callable[[], Coroutine[Any, Any, None]]:
    async def run() -> None:
        running.add(name)
        try:
            await asyncio.Event().wait()
        finally:
            running.discard(name)

    return run


async def until(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    give_up = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < give_up, f"never happened: {what}"
        await asyncio.sleep(0.02)


async def test_one_candidate_leads_and_the_other_takes_over_when_its_session_dies(
    db_url: str, pool: asyncpg.Pool
) -> None:
    url = db_url
    running: set[str] = set()
    a = Leadership(url, [("job", job("a", running))], retry=0.1, check=0.1)
    b = Leadership(url, [("job", job("b", running))], retry=0.1, check=0.1)
    tasks = [asyncio.create_task(a.run()), asyncio.create_task(b.run())]
    try:
        await until(lambda: len(running) == 1, "one candidate runs the job")
        await asyncio.sleep(0.5)  # the other keeps trying meanwhile, and fails
        assert [a.is_leader, b.is_leader].count(True) == 1 and len(running) == 1
        leader, other = (a, b) if a.is_leader else (b, a)
        first = next(iter(running))

        holder = await pool.fetchval(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND ((classid::bigint << 32) | objid::bigint) = $1",
            LEADER_KEY,
        )
        assert holder is not None
        await pool.execute("SELECT pg_terminate_backend($1)", holder)

        await until(lambda: other.is_leader, "the other candidate takes the lead")
        await until(lambda: running == ({"a", "b"} - {first}), "only the new leader runs the job")
        await asyncio.sleep(0.5)  # the old leader reconnects as a follower
        assert not leader.is_leader and other.is_leader and leader.terms == 1 and other.terms == 1
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    assert running == set()
