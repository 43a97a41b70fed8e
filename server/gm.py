"""GM powers over the application service: rollback and integrity (DESIGN.md §6).

Every power is an ordinary append through the command handler (so it is idempotent, audited and visible in
history) or a read; none of them edits the log.
"""

from __future__ import annotations

from typing import Any

from domain.engine import DecisionContext, GameState, timeline
from events.codec import encode
from events.handler import Outcome, Refused, stream_of
from server import schemas as s
from server.auth import TokenGrant
from server.problems import ApiError
from server.service import GameService


class GmPowers:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.states.store
        self.states = service.states

    async def _gm(self, grant: TokenGrant, game_id: str) -> tuple[Any, GameState[Any], int]:
        actor, state, version, _ = await self.service.actor(grant, game_id)
        if not actor.is_gm:
            raise ApiError("auth.forbidden", "Only the GM may do this.", 403)
        return actor, state, version

    async def rollback(
        self, grant: TokenGrant, game_id: str, request: s.RollbackRequest, *, idempotency_key: str | None
    ) -> tuple[Outcome, list[s.EventEnvelope]]:
        actor, state, head = await self._gm(grant, game_id)
        to_version = await self._target(game_id, state, request)
        await self._require_command_boundary(game_id, to_version, head)

        def decision(current: GameState[Any], ctx: DecisionContext) -> list[Any]:
            return timeline.decide_revert(current, head, to_version, request.reason, ctx)

        outcome = await self.service.handler.run(
            game_id, actor, decision, command_type="Rollback", body=encode(request), idempotency_key=idempotency_key
        )
        if isinstance(outcome, Refused):
            return outcome, []
        _, latest, ruleset = await self.states.latest(game_id)
        recorded = await self.store.read_stream(stream_of(game_id), after_version=outcome.version - 1)
        return outcome, self.service.envelopes(ruleset, actor, recorded, latest)

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

    async def integrity(self, grant: TokenGrant, game_id: str) -> s.Integrity:
        await self._gm(grant, game_id)
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
