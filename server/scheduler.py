"""The scheduler: closes phases whose deadline passed and fires due ruleset timers (DESIGN.md §6, §9).

Every firing is an ordinary command through the command handler, issued by the `system` actor:
`AdvancePhase` naming the turn and phase it closes, or `FireDueTimers` with `until` = the last timer it means to
fire. The engine is the judge: it refuses a phase that is not due (a deadline extended, a pause, late orders the
GM accepted) or already closed, and a timer batch while the game is paused, so a scheduler acting on a stale
read model, or two of them at once, never closes a phase twice.

What is due comes from read models kept by the projection runner: `rm_games.due_at` (the current phase's
deadline, or a later time until which the GM accepted late orders; NULL while paused) and `rm_timers`. Each pass
brings those up to date, then fires what is due in order of due time, one game's items strictly in order
(timers due before a deadline fire before the phase closes), and looks again, until nothing is due. After
downtime this catches up: every overdue deadline and timer fires, one after another, each as its own events.

One process leads at a time: a pass runs inside a transaction holding `pg_try_advisory_xact_lock`; the others
skip the pass. Between passes the scheduler sleeps until the next due time (at most `max_sleep` seconds) or until
an append anywhere wakes it (a new deadline may be sooner), never polling in a loop.

Timing choices: a phase closed late (downtime) gets its next phase's default deadline from the moment it really
closed. Timers record the time they were due (`TimerFired.at`), not the time they fired.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import asyncpg

from domain.engine import SYSTEM
from domain.engine.messages import AdvancePhase, FireDueTimers
from events.codec import encode
from events.faults import ThrottledLog, database_fault
from events.handler import CommandHandler, Refused
from events.notify import Notifier
from projections.readmodels import ReadModelRunner

log = logging.getLogger("pantheon.scheduler")
_faults = ThrottledLog(log)

_LOCK_KEY = 0x7363686564  # "sched"
_BATCH = 200
_RETRY = timedelta(seconds=5)

# What is due, soonest first; at equal times a timer fires before a phase closes. Both halves use an index.
_UPCOMING = """
SELECT * FROM (
    (SELECT game_id, due_at AS at, 'phase' AS kind, turn, phase FROM rm_games
      WHERE due_at IS NOT NULL ORDER BY due_at LIMIT $1)
    UNION ALL
    (SELECT t.game_id, t.fire_at, 'timer', NULL, NULL FROM rm_timers t JOIN rm_games g USING (game_id)
      WHERE g.status <> 'ended' AND g.paused_at IS NULL ORDER BY t.fire_at LIMIT $1)
) due ORDER BY at, kind DESC, game_id LIMIT $1
"""


@dataclass(frozen=True)
class Due:
    game_id: str
    at: datetime
    kind: str  # "phase" or "timer"
    turn: int | None
    phase: str | None


@dataclass(frozen=True)
class Firing:
    game_id: str
    command: Any
    key: tuple[Any, ...]  # what was due, to skip it if the engine refused it


class Scheduler:
    def __init__(
        self,
        pool: asyncpg.Pool,
        runner: ReadModelRunner,
        handler: CommandHandler,
        notifier: Notifier,
        *,
        max_sleep: float = 30.0,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.pool = pool
        self.runner = runner
        self.handler = handler
        self.notifier = notifier
        self.max_sleep = max_sleep
        self.clock = clock or handler.clock
        # Items the engine refused (a race with the GM): not retried until the read model shows something new.
        self._refused: set[tuple[Any, ...]] = set()

    async def run(self) -> None:
        """Pass, sleep until the next due time or a wake-up, pass again; until cancelled."""
        while True:
            try:
                led, wake = await self.tick()
            except Exception as exc:  # the database went away, a bad row...: never let the scheduler die silently
                _faults.failure("pass", "scheduler pass failed; retrying", exc)
                led, wake = False, self.clock() + _RETRY
            else:
                _faults.recovered("pass", "scheduler passes succeed again")
            timeout = self.max_sleep
            if wake is not None:
                timeout = min(timeout, (wake - self.clock()).total_seconds())
            if not led:
                timeout = max(timeout, 0.5)  # another process leads: look again later, not in a loop
            if timeout <= 0:
                continue
            if await self.notifier.wait(None, timeout):
                await asyncio.sleep(0.1)  # let a burst of appends land, then look once

    async def tick(self) -> tuple[bool, datetime | None]:
        """One pass. Returns whether this process led it, and when something is next due (`None`: nothing)."""
        async with self.pool.acquire() as conn, conn.transaction():
            if not await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", _LOCK_KEY):
                return False, await self._next_due(conn)
            started = time.monotonic()
            while True:
                await self.runner.catch_up()
                now = self.clock()
                upcoming = await self._upcoming(conn)
                firings = self._plan([d for d in upcoming if d.at <= now])
                if not firings:
                    return True, next((d.at for d in upcoming if d.at > now), None)
                for firing in firings:
                    await self._fire(firing)
                if time.monotonic() - started > self.max_sleep:
                    return True, now  # a long catch-up: let the transaction go, continue in the next pass

    async def _upcoming(self, conn: Any) -> list[Due]:
        rows = await conn.fetch(_UPCOMING, _BATCH)
        due = [Due(r[0], r[1], r[2], r[3], r[4]) for r in rows]
        seen = {_key(d) for d in due}
        self._refused &= seen  # forget refusals the read model has moved past
        return [d for d in due if _key(d) not in self._refused]

    async def _next_due(self, conn: Any) -> datetime | None:
        upcoming = await self._upcoming(conn)
        return upcoming[0].at if upcoming else None

    def _plan(self, due: list[Due]) -> list[Firing]:
        """One firing per game, its earliest: a phase close, or its timers due before its next phase close."""
        firings: list[Firing] = []
        planned: set[str] = set()
        for i, item in enumerate(due):
            if item.game_id in planned:
                continue
            planned.add(item.game_id)
            if item.kind == "phase":
                command: Any = AdvancePhase(turn=item.turn, phase=item.phase)
                firings.append(Firing(item.game_id, command, _key(item)))
                continue
            until = item.at
            for later in due[i + 1 :]:
                if later.game_id == item.game_id:
                    if later.kind != "timer":
                        break
                    until = later.at
            firings.append(Firing(item.game_id, FireDueTimers(until=until), _key(item)))
        return firings

    async def _fire(self, firing: Firing) -> None:
        try:
            outcome = await self.handler.submit(firing.game_id, encode(firing.command), SYSTEM)
        except Exception as exc:
            if database_fault(exc) is not None:
                raise  # not this item's fault: the pass fails and is retried, the item with it
            log.exception("scheduler: %s for game %s failed", type(firing.command).__name__, firing.game_id)
            self._refused.add(firing.key)
            return
        if isinstance(outcome, Refused):
            log.info("scheduler: game %s refused %s: %s", firing.game_id, type(firing.command).__name__, outcome.code)
            self._refused.add(firing.key)
        elif not outcome.events:
            self._refused.add(firing.key)  # nothing was due after all: do not ask again for the same item


def _key(item: Due) -> tuple[Any, ...]:
    return (item.game_id, item.kind, item.at, item.turn, item.phase)
