"""GM powers over the application service: rollback, audit, fork, diff and integrity (DESIGN.md §6).

Every power is an ordinary append through the command handler (so it is idempotent, audited and visible in
history) or a read; none of them edits the log.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from domain.engine import DecisionContext, GameState, timeline
from domain.engine import game as engine
from events.codec import encode
from events.handler import Outcome, Refused, stream_of
from server import schemas as s
from server.auth import TokenGrant
from server.diffs import diff
from server.problems import ApiError
from server.service import GameService, parse_cursor


class GmPowers:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.states.store
        self.states = service.states

    async def require_gm(self, grant: TokenGrant, game_id: str) -> tuple[Any, GameState[Any], int]:
        actor, state, version, _ = await self.service.actor(grant, game_id)
        if not actor.is_gm:
            raise ApiError("auth.forbidden", "Only the GM may do this.", 403)
        return actor, state, version

    async def rollback(
        self, grant: TokenGrant, game_id: str, request: s.RollbackRequest, *, idempotency_key: str | None
    ) -> tuple[Outcome, list[s.EventEnvelope]]:
        actor, state, head = await self.require_gm(grant, game_id)
        to_version = await self._target(game_id, state, request)
        await self._require_command_boundary(game_id, to_version, head)
        undoes_rolls = await self._undoes_rolls(game_id, state, to_version, head)

        def decision(current: GameState[Any], ctx: DecisionContext) -> list[Any]:
            return timeline.decide_revert(current, head, to_version, request.reason, ctx, undoes_rolls=undoes_rolls)

        outcome = await self.service.handler.run(
            game_id, actor, decision, command_type="Rollback", body=encode(request), idempotency_key=idempotency_key
        )
        if isinstance(outcome, Refused):
            return outcome, []
        _, latest, ruleset = await self.states.latest(game_id)
        recorded = await self.store.read_stream(
            stream_of(game_id), after_version=outcome.version - len(outcome.events), to_version=outcome.version
        )
        return outcome, self.service.envelopes(ruleset, actor, recorded, latest)

    async def _undoes_rolls(self, game_id: str, state: GameState[Any], to_version: int, head: int) -> bool:
        """Whether the versions a rollback reverts hold a roll of the current timeline."""
        versions = await self.service.runner.pool.fetch(
            "SELECT stream_version FROM events WHERE stream_id = $1 AND type = 'DiceRolled' "
            "AND stream_version > $2 AND stream_version <= $3",
            stream_of(game_id),
            to_version,
            head,
        )
        return any(timeline.in_reverted_range(state, row["stream_version"]) is None for row in versions)

    async def _target(self, game_id: str, state: GameState[Any], request: s.RollbackRequest) -> int:
        given = [x for x in (request.to_version, request.to_turn_start, request.to_turn_end) if x is not None]
        if len(given) != 1:
            raise ApiError("rollback.one_target", "Give exactly one of to_version, to_turn_start and to_turn_end.", 422)
        if request.to_version is not None:
            return request.to_version
        turn = request.to_turn_start if request.to_turn_start is not None else request.to_turn_end + 1  # type: ignore[operator]
        versions = await self.store.turn_versions(stream_of(game_id), turn)
        start = next((v for v in versions if timeline.in_reverted_range(state, v) is None), None)
        if start is None:
            which = f"Turn {turn} has not started" if request.to_turn_start else f"Turn {turn - 1} has not ended"
            raise ApiError("rollback.no_such_turn", f"{which} on the current timeline.", 422)
        return start

    async def _require_command_boundary(self, game_id: str, to_version: int, head: int) -> None:
        """A game can only return to a state some command left it in, never to the middle of one."""
        if not 1 <= to_version < head:
            raise ApiError(
                "rollback.bad_version", f"Roll back to a version between 1 and {head - 1}, not {to_version}.", 422
            )
        pair = await self.store.read_stream(stream_of(game_id), after_version=to_version - 1, limit=2)
        if len(pair) == 2 and pair[0].meta().command_id == pair[1].meta().command_id:
            raise ApiError(
                "rollback.mid_command",
                f"Version {to_version} is in the middle of one command's events; roll back to the last version of "
                "a command (see the events' metadata.command_id).",
                422,
            )

    async def fork(self, grant: TokenGrant, game_id: str, request: s.ForkRequest) -> s.ForkedGame:
        actor, latest, _ = await self.require_gm(grant, game_id)
        version, state, ruleset = await self.states.state_at(game_id, version=request.at_version)
        name = (request.name or "").strip() or f"{latest.meta.name} (fork at {version})"
        fork_id, first = await self.service.handler.fork(ruleset, name, game_id, version, state, actor)
        gm_token_id, gm_token = await self.service.tokens.issue("gm", fork_id)
        seats = []
        for seat in state.meta.seats.values():
            _, token = await self.service.tokens.issue("seat", fork_id, seat.seat_id)
            seats.append(
                s.ForkedSeat(seat_id=seat.seat_id, name=seat.name, role=seat.role, controls=seat.controls, token=token)
            )
        return s.ForkedGame(
            game_id=fork_id,
            forked_from=game_id,
            forked_at_version=version,
            version=first.stream_version,
            gm_token=gm_token,
            gm_token_id=gm_token_id,
            dice_commitment=msgspec.json.decode(first.data)["dice_commitment"],
            seats=seats,
        )

    async def diff(
        self, grant: TokenGrant, game_id: str, from_version: int, to_version: int | None, other_game: str | None
    ) -> s.StateDiff:
        """The caller's view at one point against another: in one game, or against a fork of it (GM only)."""
        actor, _, _, _ = await self.service.actor(grant, game_id)
        target = game_id
        if other_game is not None and other_game != game_id:
            if not actor.is_gm:
                raise ApiError("auth.forbidden", "Only the GM may compare a game with another.", 403)
            if not await self._related(game_id, other_game):
                raise ApiError("diff.unrelated", "Compare a game only with its forks or the game it forked from.", 422)
            target = other_game
        before_version, before, ruleset = await self.states.state_at(game_id, version=from_version)
        after_version, after, other_ruleset = await self.states.state_at(target, version=to_version)
        if other_ruleset.version != ruleset.version:
            raise ApiError("diff.ruleset_mismatch", "The two games play different ruleset versions.", 422)
        return s.StateDiff(
            before=s.Point(game_id=game_id, version=before_version),
            after=s.Point(game_id=target, version=after_version),
            changes=diff(_view(ruleset, before, actor), _view(ruleset, after, actor)),
        )

    async def _related(self, one: str, other: str) -> bool:
        for a, b in ((one, other), (other, one)):
            first = await self.store.read_stream(stream_of(b), to_version=1)
            if first and first[0].type == "GameForked" and msgspec.json.decode(first[0].data)["forked_from"] == a:
                return True
        return False

    async def integrity(self, grant: TokenGrant, game_id: str) -> s.Integrity:
        await self.require_gm(grant, game_id)
        report = await self.store.verify_stream(stream_of(game_id))
        return s.Integrity(
            game_id=game_id,
            ok=report.ok,
            checked=report.checked,
            head_version=report.head_version,
            head_hash=report.head_hash,
            first_bad_version=report.first_bad_version,
            problem=report.problem,
        )

    async def audit(self, grant: TokenGrant, game_id: str, query: AuditQuery) -> s.AuditPage:
        """Every command, accepted (from the events' metadata) or refused (from the rejection log), merged in
        time order, filtered and paged."""
        _, state, _ = await self.require_gm(grant, game_id)
        after_time, after_id = parse_cursor(query.cursor)
        filters = (query.seat, query.command_type, query.turn, query.since, query.until, after_time, after_id)
        accepted = await self.service.runner.pool.fetch(_ACCEPTED_SQL, stream_of(game_id), *filters, query.limit + 1)
        rejected = await self.service.runner.pool.fetch(_REJECTED_SQL, game_id, *filters, query.limit + 1)
        entries = sorted(
            [self._accepted(row, state) for row in accepted] + [_rejected(row) for row in rejected],
            key=lambda e: (e.recorded_at, e.command_id),
        )
        page = entries[: query.limit]
        more = len(entries) > query.limit
        next_cursor = f"{page[-1].recorded_at.isoformat()}|{page[-1].command_id}" if more and page else None
        return s.AuditPage(entries=page, next_cursor=next_cursor)

    def _accepted(self, row: Any, state: GameState[Any]) -> s.AuditEntry:
        return s.AuditEntry(
            command_id=row["command_id"],
            command_type=row["command_type"] or "",
            outcome="accepted",
            actor=row["actor"],
            role=row["role"],
            recorded_at=row["recorded_at"],
            seat_id=row["seat_id"],
            token_id=row["token_id"],
            correlation_id=row["correlation_id"],
            turn=row["turn"],
            first_version=row["first_version"],
            last_version=row["last_version"],
            event_types=list(row["event_types"]),
            reason=row["reason"],
            reverted=timeline.in_reverted_range(state, row["first_version"]) is not None,
        )


def _view(ruleset: Any, state: GameState[Any], viewer: Any) -> Any:
    return msgspec.json.decode(
        encode({"game": engine.meta_view(state.meta, viewer), "view": ruleset.view_for(state.rules, viewer)})
    )


class AuditQuery(msgspec.Struct, frozen=True):
    seat: str | None = None
    command_type: str | None = None
    turn: int | None = None
    since: datetime | None = None
    until: datetime | None = None
    cursor: str | None = None
    limit: int = 100


def _rejected(row: Any) -> s.AuditEntry:
    return s.AuditEntry(
        command_id=row["command_id"],
        command_type=row["command_type"],
        outcome="rejected",
        actor=row["actor"],
        role=row["role"],
        recorded_at=row["recorded_at"],
        seat_id=row["seat_id"],
        token_id=row["token_id"],
        correlation_id=row["correlation_id"],
        turn=row["turn"],
        code=row["code"],
        message=row["message"],
        body=msgspec.json.decode(row["body"]) if row["body"] is not None else None,
    )


# $2 seat, $3 command type, $4 turn, $5 since, $6 until, $7/$8 the cursor (time, command id), $9 limit.
_FILTERS = """
    AND ($2::text IS NULL OR {seat} = $2)
    AND ($3::text IS NULL OR {type} = $3)
    AND ($4::int IS NULL OR {turn} = $4)
    AND ($5::timestamptz IS NULL OR recorded_at >= $5)
    AND ($6::timestamptz IS NULL OR recorded_at <= $6)
"""
_ACCEPTED_SQL = (
    """
SELECT * FROM (
    SELECT metadata->>'command_id' AS command_id, min(metadata->>'command_type') AS command_type,
           min(metadata->>'actor') AS actor, min(metadata->>'role') AS role, min(metadata->>'seat_id') AS seat_id,
           min(metadata->>'token_id') AS token_id, min(metadata->>'correlation_id') AS correlation_id,
           min((metadata->>'turn')::int) AS turn, min(recorded_at) AS recorded_at,
           min(stream_version) AS first_version, max(stream_version) AS last_version,
           array_agg(type ORDER BY stream_version) AS event_types,
           (array_agg(data->>'reason' ORDER BY stream_version) FILTER (WHERE data ? 'reason'))[1] AS reason
    FROM events WHERE stream_id = $1"""
    + _FILTERS.format(seat="metadata->>'seat_id'", type="metadata->>'command_type'", turn="(metadata->>'turn')::int")
    + """
    GROUP BY metadata->>'command_id'
) AS commands
WHERE $7::timestamptz IS NULL OR (recorded_at, command_id) > ($7, $8)
ORDER BY recorded_at, command_id LIMIT $9
"""
)
_REJECTED_SQL = (
    """
SELECT command_id, command_type, actor, role, seat_id, token_id, correlation_id, turn, recorded_at, code,
       message, body
FROM command_rejections WHERE game_id = $1"""
    + _FILTERS.format(seat="seat_id", type="command_type", turn="turn")
    + """
    AND ($7::timestamptz IS NULL OR (recorded_at, command_id) > ($7, $8))
ORDER BY recorded_at, command_id LIMIT $9
"""
)
