"""One leader among the processes that share a database, for the jobs that need only one runner (DESIGN.md §9).

The leader is whichever process holds a session-level advisory lock (`pg_try_advisory_lock(LEADER_KEY)`) on a
connection of its own, outside the pool. While it holds the lock it runs the background jobs it was given (the
read-model runner, the scheduler, the webhook worker); every other process (`pantheon serve --workers N`, or
servers on other machines) only serves requests and tries the lock again every `retry` seconds.

Fail-over: when the leader dies (SIGKILL included) or loses its connection, PostgreSQL ends its session and so
releases the lock; another process takes it on its next try. The leader checks its connection every `check`
seconds and stops its jobs at once when the check fails. During the short window in which an old leader has not
noticed yet, the jobs stay safe on their own: each scheduler pass and each read-model catch-up holds a
transaction-scoped advisory lock, the engine refuses a phase closed twice, and webhook deliveries are claimed with
`FOR UPDATE SKIP LOCKED`. Leadership is an efficiency and a single point of truth for "who runs the jobs", not the
only guard.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

import asyncpg

from events.faults import ThrottledLog
from server.database import CONNECT_TIMEOUT

log = logging.getLogger("pantheon.leader")
_faults = ThrottledLog(log)

LEADER_KEY = 0x70616E7468656F6E  # "pantheon": one key per database
Job = tuple[str, Callable[[], Coroutine[Any, Any, None]]]


class Leadership:
    def __init__(
        self,
        url: str,
        jobs: Sequence[Job],
        *,
        retry: float = 1.0,
        check: float = 1.0,
        connect: Callable[[str], Awaitable[Any]] | None = None,
    ) -> None:
        self.url = url
        self.jobs = list(jobs)
        self.retry = retry
        self.check = check
        self.is_leader = False
        self.terms = 0  # how many times this process became the leader
        self._connect = connect or _connect

    async def run(self) -> None:
        """Try to lead; while leading run the jobs; when the lock is lost, stop them and try again. Until cancelled."""
        while True:
            conn: Any = None
            try:
                conn = await self._connect(self.url)
                while True:  # a follower keeps its connection and asks again
                    if await conn.fetchval("SELECT pg_try_advisory_lock($1)", LEADER_KEY):
                        await self._lead(conn)  # returns only by an exception: the connection failed
                    await asyncio.sleep(self.retry)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                _faults.failure("leader", "leader election: lost the database connection; trying again", exc)
            finally:
                if conn is not None:
                    await _close(conn)
            await asyncio.sleep(self.retry)

    async def _lead(self, conn: Any) -> None:
        self.is_leader = True
        self.terms += 1
        log.info("this process leads the background jobs: %s", ", ".join(name for name, _ in self.jobs))
        tasks = [asyncio.create_task(job(), name=f"pantheon-{name}") for name, job in self.jobs]
        try:
            while True:
                await asyncio.sleep(self.check)
                async with asyncio.timeout(max(self.check * 5, 5.0)):
                    await conn.fetchval("SELECT 1")
                _faults.recovered("leader", "leader election: connected again")
        finally:
            self.is_leader = False
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            log.warning("this process no longer leads the background jobs")


async def _connect(url: str) -> asyncpg.Connection:
    return await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)


async def _close(conn: Any) -> None:
    """Closing also releases the lock; a connection that hangs is cut off rather than waited for."""
    try:
        async with asyncio.timeout(2):
            await conn.close()
    except Exception:
        with contextlib.suppress(Exception):
            conn.terminate()
