"""The log of refused commands: they append no event, but the GM's audit trail lists every one of them."""

from __future__ import annotations

from typing import Protocol

import asyncpg
import msgspec

from events.store import EventMetadata


class Rejection(msgspec.Struct, frozen=True):
    game_id: str
    metadata: EventMetadata
    code: str
    message: str
    body: bytes | None = None


class RejectionLog(Protocol):
    async def record(self, rejection: Rejection) -> None: ...


class InMemoryRejectionLog:
    def __init__(self) -> None:
        self.rejections: list[Rejection] = []

    async def record(self, rejection: Rejection) -> None:
        self.rejections.append(rejection)


class PostgresRejectionLog:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def record(self, rejection: Rejection) -> None:
        meta = rejection.metadata
        body = rejection.body
        if body is not None:
            try:
                msgspec.json.decode(body)
            except msgspec.DecodeError:
                body = None  # only well-formed JSON bodies are kept
        await self.pool.execute(
            "INSERT INTO command_rejections (game_id, command_id, command_type, actor, role, seat_id, token_id, "
            "correlation_id, turn, code, message, body, recorded_at) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING",
            rejection.game_id,
            meta.command_id,
            meta.command_type or "",
            meta.actor,
            meta.role,
            meta.seat_id,
            meta.token_id,
            meta.correlation_id,
            meta.turn,
            rejection.code,
            rejection.message,
            body,
            meta.recorded_at,
        )
