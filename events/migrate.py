"""Apply the forward-only SQL migrations of the `migrations` package, once each, under an advisory lock."""

from __future__ import annotations

import importlib.resources
import re

import asyncpg

_LOCK_KEY = 0x70616E74  # "pant"
_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def available() -> list[tuple[int, str, str]]:
    files = importlib.resources.files("migrations")
    found = []
    for entry in files.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    numbers = [number for number, _, _ in found]
    twice = sorted({name for number, name, _ in found if numbers.count(number) > 1})
    if twice:
        # Two files with one number would apply one and skip the other on every database that has the first.
        raise RuntimeError(f"migrations share a number: {', '.join(twice)}; renumber one of them")
    return sorted(found)


async def migrate(conn: asyncpg.Connection) -> list[str]:
    """Apply what is missing; returns the names applied. Safe to run from several processes at once."""
    applied: list[str] = []
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY)
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations "
            "(version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {r["version"] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        for version, name, sql in available():
            if version in done:
                continue
            await conn.execute(sql)
            await conn.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", version, name)
            applied.append(name)
    return applied
