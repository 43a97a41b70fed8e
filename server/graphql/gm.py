"""GM powers in GraphQL: the same `GmPowers` service as REST. Rollback answers `Accepted | Rejected`; the
richer answers (audit pages, diffs, re-adjudication previews, forks) are JSON with the REST schemas' shapes
(see `openapi/openapi.json`: AuditPage, StateDiff, Readjudication, ForkedGame, Integrity, DiceReport)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

import msgspec
import strawberry
from strawberry.scalars import JSON

from events.handler import Refused
from server import schemas as s
from server.dice_export import DiceService
from server.gm import AuditQuery, GmPowers
from server.graphql.schema import bounded, game, text
from server.graphql.types import Accepted, CommandResult, Rejected, caller, mutation_field, query_field
from server.problems import ApiError
from server.readjudicate import Readjudication


def _json(message: Any) -> JSON:
    return cast(JSON, msgspec.json.decode(msgspec.json.encode(message)))


async def _gm(info: strawberry.Info) -> tuple[GmPowers, Any]:
    svc, who = await caller(info)
    return GmPowers(svc), who


@strawberry.type
class GmQuery:
    @query_field("GM: every command, accepted or refused, with who, token, time and reason (an AuditPage).")
    async def audit(
        self,
        info: strawberry.Info,
        game_id: str,
        seat: str | None = None,
        command_type: str | None = None,
        turn: int | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        cursor: str | None = None,
        limit: int = 100,
    ) -> JSON:
        gm, who = await _gm(info)
        query = AuditQuery(
            seat=seat,
            command_type=command_type,
            turn=bounded("turn", turn, 0, 1_000_000),
            since=since,
            until=until,
            cursor=cursor,
            limit=bounded("limit", limit, 1, 500) or 100,
        )
        return _json(await gm.audit(who, game(game_id), query))

    @query_field("GM: the hash chain recomputed, and its first bad link if any (an Integrity).")
    async def integrity(self, info: strawberry.Info, game_id: str) -> JSON:
        gm, who = await _gm(info)
        return _json(await gm.integrity(who, game(game_id)))

    @query_field("Every roll the caller may see, every epoch's commitment and revealed seed (a DiceReport).")
    async def dice(self, info: strawberry.Info, game_id: str) -> JSON:
        svc, who = await caller(info)
        return _json(await DiceService(svc).report(who, game(game_id)))

    @query_field("GM: the game as JSON Lines with hashes and dice commitments (what `pantheon verify-dice` reads).")
    async def export(self, info: strawberry.Info, game_id: str) -> str:
        svc, who = await caller(info)
        lines = await DiceService(svc).export(who, game(game_id))
        return b"".join([line async for line in lines]).decode()

    @query_field("The caller's view at `fromVersion` against `toVersion`, or against a fork (a StateDiff).")
    async def diff(
        self,
        info: strawberry.Info,
        game_id: str,
        from_version: int,
        to_version: int | None = None,
        other_game: str | None = None,
    ) -> JSON:
        gm, who = await _gm(info)
        other = text("otherGame", other_game, 64) if other_game is not None else None
        low = bounded("fromVersion", from_version, 1, 2**53) or 1
        return _json(await gm.diff(who, game(game_id), low, bounded("toVersion", to_version, 1, 2**53), other))


@strawberry.type
class GmMutation:
    @mutation_field("GM: continue from an earlier version, or a turn's start or end; the reason is recorded.")
    async def rollback(
        self,
        info: strawberry.Info,
        game_id: str,
        reason: str,
        to_version: int | None = None,
        to_turn_start: int | None = None,
        to_turn_end: int | None = None,
    ) -> CommandResult:
        gm, who = await _gm(info)
        request = s.RollbackRequest(
            reason=text("reason", reason, 2000),
            to_version=bounded("toVersion", to_version, 1, 2**53),
            to_turn_start=bounded("toTurnStart", to_turn_start, 1, 1_000_000),
            to_turn_end=bounded("toTurnEnd", to_turn_end, 1, 1_000_000),
        )
        outcome, events = await gm.rollback(who, game(game_id), request, idempotency_key=None)
        if isinstance(outcome, Refused):
            return Rejected.build(outcome)
        return Accepted.build(outcome, events)

    @mutation_field("GM: publish the current dice seed; a new epoch with a new commitment starts at once.")
    async def reveal_dice(self, info: strawberry.Info, game_id: str, reason: str) -> CommandResult:
        svc, who = await caller(info)
        request = s.RevealDiceRequest(reason=text("reason", reason, 2000))
        outcome, events = await DiceService(svc).reveal(
            who, game(game_id), request, idempotency_key=None, correlation_id=info.context.get("correlation_id")
        )
        if isinstance(outcome, Refused):
            return Rejected.build(outcome)
        return Accepted.build(outcome, events)

    @mutation_field("GM: re-run a turn's resolution (dry run by default); per-seat diffs (a Readjudication).")
    async def readjudicate(
        self,
        info: strawberry.Info,
        game_id: str,
        turn: int,
        reason: str,
        dry_run: bool = True,
        orders: JSON | None = None,
        reroll: bool = False,
    ) -> JSON:
        gm, who = await _gm(info)
        body = {
            "reason": text("reason", reason, 2000),
            "dry_run": dry_run,
            "reroll": reroll,
            "orders": orders if orders is not None else [],
        }
        try:
            request = msgspec.convert(
                msgspec.json.decode(msgspec.json.encode(body)), s.ReadjudicateRequest, strict=False
            )
        except msgspec.ValidationError as exc:
            raise ApiError("request.invalid", f"`orders` must be a list of {{seat_id, command}}: {exc}", 422) from None
        preview, outcome = await Readjudication(gm).run(
            who, game(game_id), bounded("turn", turn, 1, 10**6) or 1, request
        )
        committed = None if outcome is None or isinstance(outcome, Refused) else outcome.version
        return _json({"preview": preview, "committed_version": committed})

    @mutation_field("GM: a new game from this one at any version (a ForkedGame, with new tokens shown once).")
    async def fork(
        self, info: strawberry.Info, game_id: str, name: str | None = None, at_version: int | None = None
    ) -> JSON:
        gm, who = await _gm(info)
        request = s.ForkRequest(
            name=text("name", name, 200) if name is not None else None,
            at_version=bounded("atVersion", at_version, 1, 2**53),
        )
        return _json(await gm.fork(who, game(game_id), request))
