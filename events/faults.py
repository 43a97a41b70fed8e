"""Faults of the database as the server meets them: which errors mean "PostgreSQL is gone" or "its disk is full",
and a log that reports a lasting fault once per interval instead of once per request.

Decisions:
- A fault is recognised by what asyncpg raises, never by message text: connection errors (SQLSTATE class 08,
  asyncpg's `ConnectionDoesNotExistError`, `InterfaceError` on a closed connection or pool), an administrator or
  crash shutdown (class 57: `57P01`-`57P03`), and `OSError`s raised from inside asyncpg (socket gone, connection
  refused) are `unavailable`. SQLSTATE `53100` (disk full) is `disk_full`; the other class-53 errors (too many
  connections, out of memory) are `unavailable`: the server cannot help, retrying later can.
- Everything else is not a database fault and keeps its own handling (a 4xx, or a logged 500).
"""

from __future__ import annotations

import logging
import time
from typing import Literal

import asyncpg

Fault = Literal["unavailable", "disk_full"]

UNAVAILABLE_TYPES: tuple[type[Exception], ...] = (
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.InternalClientError,
    asyncpg.exceptions.InsufficientResourcesError,
)


def _raised_by_asyncpg(exc: BaseException) -> bool:
    tb = exc.__traceback__
    while tb is not None:
        if "/asyncpg/" in tb.tb_frame.f_code.co_filename:
            return True
        tb = tb.tb_next
    return False


def database_fault(exc: BaseException) -> Fault | None:
    """`disk_full`, `unavailable`, or `None` when `exc` (or what caused it) is not a fault of the database."""
    seen = 0
    current: BaseException | None = exc
    while current is not None and seen < 5:
        if isinstance(current, asyncpg.DiskFullError):
            return "disk_full"
        if isinstance(current, UNAVAILABLE_TYPES):
            return "unavailable"
        if isinstance(current, (OSError, TimeoutError)) and _raised_by_asyncpg(current):
            return "unavailable"
        current = current.__cause__ or current.__context__
        seen += 1
    return None


class ThrottledLog:
    """Log a recurring failure at most once per `interval` seconds, with how many were left unsaid."""

    def __init__(self, logger: logging.Logger, interval: float = 30.0) -> None:
        self.logger = logger
        self.interval = interval
        self._last: dict[str, float] = {}
        self._quiet: dict[str, int] = {}

    def failure(self, key: str, message: str, exc: BaseException | None = None) -> None:
        now = time.monotonic()
        last = self._last.get(key)
        if last is not None and now - last < self.interval:
            self._quiet[key] = self._quiet.get(key, 0) + 1
            return
        quiet = self._quiet.pop(key, 0)
        if len(self._last) >= 10_000:
            self._last.clear()
            self._quiet.clear()
        self._last[key] = now
        suffix = f" ({quiet} more since the last report)" if quiet else ""
        if exc is None or database_fault(exc) is not None:
            # A known fault: one line says enough; a traceback per retry says nothing more.
            detail = f": {type(exc).__name__}: {exc}" if exc is not None else ""
            self.logger.warning("%s%s%s", message, detail, suffix)
        else:
            self.logger.error("%s%s", message, suffix, exc_info=exc)

    def recovered(self, key: str, message: str) -> None:
        """Say once that a reported failure is over."""
        if self._last.pop(key, None) is not None:
            self._quiet.pop(key, None)
            self.logger.warning("%s", message)
