"""`/health`: can the database be reached, and does it accept writes (see `server.database.DatabaseStatus`)."""

from __future__ import annotations

import asyncio

from events.faults import database_fault
from server import schemas as s
from server.bootstrap import Services


async def database_health(built: Services) -> s.Health:
    embedded = built.status.embedded if built.embedded is not None else None
    leader = built.leadership.is_leader if built.leadership is not None else None
    try:
        async with asyncio.timeout(2):
            await built.pool.fetchval("SELECT 1")
    except Exception as exc:
        if database_fault(exc) is None and not isinstance(exc, TimeoutError):
            raise
        built.status.failed("unavailable", exc)
        detail = "PostgreSQL cannot be reached; the server keeps retrying and recovers by itself."
        return s.Health(status="unavailable", database="unavailable", embedded=embedded, leader=leader, detail=detail)
    built.status.reachable()
    if built.status.disk_full(built.store.last_append):
        detail = "The database's disk is full: writes are refused with 507 until space is freed."
        return s.Health(status="unavailable", database="disk_full", embedded=embedded, leader=leader, detail=detail)
    return s.Health(status="ok", database="ok", embedded=embedded, leader=leader)
