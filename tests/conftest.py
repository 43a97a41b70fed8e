"""Test infrastructure: a real PostgreSQL for the whole run (embedded, or `PANTHEON_DATABASE_URL`), and a
fresh migrated database per test cloned from a template."""

from __future__ import annotations

import asyncio
import contextlib
import os
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg
import pytest

from domain import rulesets
from server.database import EmbeddedDatabase, create_pool, database_url, ensure_database, start_embedded
from tests.rulesets import sealed_bids

rulesets.register(sealed_bids.ruleset)

_TEMPLATE = "pantheon_template"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The base URL of a PostgreSQL server with a migrated template database."""
    external = os.environ.get("PANTHEON_DATABASE_URL")
    embedded: EmbeddedDatabase | None = None
    if external:
        base = external
    else:
        tmp = Path(tempfile.mkdtemp(prefix="pantheon-test-"))
        embedded = start_embedded(tmp, delete_on_stop=True)
        base = embedded.url
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    template = f"{_TEMPLATE}_{worker}"

    async def prepare() -> None:
        admin = await asyncpg.connect(database_url(base, "postgres"))
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{template}"')
        finally:
            await admin.close()
        await ensure_database(database_url(base, template))

    # Session fixtures may first be requested from inside a running loop: prepare on a thread of its own.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, prepare()).result()
    yield database_url(base, template)
    if embedded is not None:
        embedded.stop()


@contextlib.asynccontextmanager
async def fresh_database(pg_server: str) -> AsyncIterator[str]:
    """A new database cloned from the migrated template; dropped afterwards."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    template = pg_server.partition("?")[0].rpartition("/")[2]
    admin = await asyncpg.connect(database_url(pg_server, "postgres"))
    try:
        await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    finally:
        await admin.close()
    try:
        yield database_url(pg_server, name)
    finally:
        admin = await asyncpg.connect(database_url(pg_server, "postgres"))
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


@pytest.fixture
async def db_url(pg_server: str) -> AsyncIterator[str]:
    """A fresh migrated database for one test."""
    async with fresh_database(pg_server) as url:
        yield url


@pytest.fixture
async def pool(db_url: str) -> AsyncIterator[asyncpg.Pool]:
    pool = await create_pool(db_url, min_size=1, max_size=40)
    yield pool
    await pool.close()
