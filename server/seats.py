"""Seat and token administration over the application service: list seats with their last activity, revoke and
reissue a seat's token, hand a seat to a new player, and (the admin) revoke or issue a game's GM tokens.

Who may: the game's GM (its GM token or a co-GM seat) and the admin manage seats; only the admin manages GM
tokens. A seat's own token may list only its own seat.

Order of writes: the tokens change first (revoked and new ones, one transaction whose commit tells every process
to forget the revoked ones), then the audit events are appended. A revocation therefore never waits on the game's
stream; if the append fails, the revocation still holds and the GM retries (a retry revokes nothing more and
records what it did). The tokens table, not the event stream, decides whether a token works: rolling the game
back past a revocation does not bring a revoked token back.
"""

from __future__ import annotations

from typing import Any

from domain.engine import Actor, DecisionContext, GameState
from domain.engine import seats as decide
from events.codec import encode
from events.handler import Refused
from server.auth import TokenGrant, new_token
from server.problems import ApiError
from server.schemas_seats import (
    IssueGmTokenRequest,
    ReplaceSeatPlayerRequest,
    RevokeTokenRequest,
    SeatList,
    SeatRecord,
    TokenIssued,
    TokenRevoked,
)
from server.service import GameService


class SeatAdmin:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.tokens = service.tokens
        self.pool = service.tokens.pool

    async def seats(self, grant: TokenGrant, game_id: str) -> SeatList:
        actor, state, _, _ = await self.service.actor(grant, game_id)
        rows = await self.pool.fetch(
            "SELECT seat_id, token_id, created_at, last_used_at FROM tokens "
            "WHERE game_id = $1 AND kind = 'seat' AND revoked_at IS NULL ORDER BY created_at",
            game_id,
        )
        current = {r[0]: r for r in rows}
        records = []
        for seat in state.meta.seats.values():
            if not actor.is_gm and seat.seat_id != actor.seat_id:
                continue  # another seat's activity is its own business
            row = current.get(seat.seat_id)
            records.append(
                SeatRecord(
                    seat=seat.info(),
                    has_token=row is not None,
                    token_id=row[1] if row is not None and actor.is_gm else None,
                    token_issued_at=row[2] if row is not None else None,
                    last_active_at=row[3] if row is not None else None,
                )
            )
        return SeatList(seats=records)

    async def revoke(self, grant: TokenGrant, game_id: str, seat_id: str, request: RevokeTokenRequest) -> TokenRevoked:
        actor, state = await self._gm(grant, game_id)
        reason = decide.require_reason(request.reason)
        decide.require_seat(state, seat_id)
        async with self.pool.acquire() as conn, conn.transaction():
            revoked = await self.tokens.revoke(conn, await _seat_tokens(conn, game_id, seat_id), reason)
        await self.tokens.announced(revoked)
        if not revoked:
            raise ApiError("seat.no_token", "This seat has no working token to revoke; reissue one instead.", 409)

        def decision(current: GameState[Any], ctx: DecisionContext) -> list[Any]:
            return decide.decide_revoke_seat_token(current, seat_id, revoked, reason)

        version = await self._record(game_id, actor, decision, "RevokeSeatToken", request)
        return TokenRevoked(revoked=revoked, version=version)

    async def reissue(self, grant: TokenGrant, game_id: str, seat_id: str, request: RevokeTokenRequest) -> TokenIssued:
        actor, state = await self._gm(grant, game_id)
        reason = decide.require_reason(request.reason)
        seat = decide.require_seat(state, seat_id)
        revoked, token_id, token = await self._swap_seat_token(game_id, seat_id, reason)

        def decision(current: GameState[Any], ctx: DecisionContext) -> list[Any]:
            return decide.decide_reissue_seat_token(current, seat_id, revoked, token_id, reason)

        version = await self._record(game_id, actor, decision, "ReissueSeatToken", request)
        return TokenIssued(token=token, token_id=token_id, revoked=revoked, version=version, seat=seat.info())

    async def replace_player(
        self, grant: TokenGrant, game_id: str, seat_id: str, request: ReplaceSeatPlayerRequest
    ) -> TokenIssued:
        actor, state = await self._gm(grant, game_id)
        reason = decide.require_reason(request.reason)
        name = request.name.strip()
        if not name:
            raise ApiError("seat.name_required", "Give the new player's name.", 422)
        decide.require_seat(state, seat_id)
        revoked, token_id, token = await self._swap_seat_token(game_id, seat_id, reason)

        def decision(current: GameState[Any], ctx: DecisionContext) -> list[Any]:
            return decide.decide_reassign_seat(current, seat_id, name, revoked, token_id, reason)

        version = await self._record(game_id, actor, decision, "ReplaceSeatPlayer", request)
        _, latest, _ = await self.service.states.latest(game_id)
        return TokenIssued(
            token=token, token_id=token_id, revoked=revoked, version=version, seat=latest.meta.seats[seat_id].info()
        )

    async def issue_gm_token(self, grant: TokenGrant, game_id: str, request: IssueGmTokenRequest) -> TokenIssued:
        actor = await self._admin(grant, game_id)
        reason = decide.require_reason(request.reason)
        token_id, token, digest = new_token()
        async with self.pool.acquire() as conn, conn.transaction():
            others = await _gm_tokens(conn, game_id) if request.revoke_others else []
            revoked = await self.tokens.revoke(conn, others, reason)
            await self.tokens.store(token_id, digest, "gm", game_id, None, conn=conn)
        await self.tokens.announced(revoked)

        def decision(current: GameState[Any], ctx: DecisionContext) -> list[Any]:
            return decide.decide_gm_tokens(revoked, token_id, reason)

        version = await self._record(game_id, actor, decision, "IssueGmToken", request)
        return TokenIssued(token=token, token_id=token_id, revoked=revoked, version=version)

    async def revoke_gm_token(
        self, grant: TokenGrant, game_id: str, token_id: str, request: RevokeTokenRequest
    ) -> TokenRevoked:
        actor = await self._admin(grant, game_id)
        reason = decide.require_reason(request.reason)
        async with self.pool.acquire() as conn, conn.transaction():
            mine = [t for t in await _gm_tokens(conn, game_id) if t == token_id]
            revoked = await self.tokens.revoke(conn, mine, reason)
        await self.tokens.announced(revoked)
        if not revoked:
            raise ApiError("token.not_found", f"This game has no working GM token {token_id!r}.", 404)

        def decision(current: GameState[Any], ctx: DecisionContext) -> list[Any]:
            return decide.decide_gm_tokens(revoked, None, reason)

        version = await self._record(game_id, actor, decision, "RevokeGmToken", request)
        return TokenRevoked(revoked=revoked, version=version)

    # --- helpers ----------------------------------------------------------------------------------------

    async def _gm(self, grant: TokenGrant, game_id: str) -> tuple[Actor, GameState[Any]]:
        actor, state, _, _ = await self.service.actor(grant, game_id)
        if not actor.is_gm:
            raise ApiError("auth.forbidden", "Only the GM (or the admin) may manage seats and their tokens.", 403)
        return actor, state

    async def _admin(self, grant: TokenGrant, game_id: str) -> Actor:
        actor, _, _, _ = await self.service.actor(grant, game_id)
        if grant.kind != "admin":
            raise ApiError("auth.forbidden", "Only the admin may revoke or issue GM tokens.", 403)
        return actor

    async def _swap_seat_token(self, game_id: str, seat_id: str, reason: str) -> tuple[list[str], str, str]:
        """Revoke the seat's working tokens and store a new one, in one transaction."""
        token_id, token, digest = new_token()
        async with self.pool.acquire() as conn, conn.transaction():
            revoked = await self.tokens.revoke(conn, await _seat_tokens(conn, game_id, seat_id), reason)
            await self.tokens.store(token_id, digest, "seat", game_id, seat_id, conn=conn)
        await self.tokens.announced(revoked)
        return revoked, token_id, token

    async def _record(self, game_id: str, actor: Actor, decision: Any, command_type: str, request: Any) -> int:
        outcome = await self.service.handler.run(
            game_id, actor, decision, command_type=command_type, body=encode(request)
        )
        if isinstance(outcome, Refused):
            raise ApiError(outcome.code, outcome.message, outcome.http_status)
        return outcome.version


async def _seat_tokens(conn: Any, game_id: str, seat_id: str) -> list[str]:
    rows = await conn.fetch(
        "SELECT token_id FROM tokens WHERE game_id = $1 AND seat_id = $2 AND kind = 'seat' AND revoked_at IS NULL",
        game_id,
        seat_id,
    )
    return [r[0] for r in rows]


async def _gm_tokens(conn: Any, game_id: str) -> list[str]:
    rows = await conn.fetch(
        "SELECT token_id FROM tokens WHERE game_id = $1 AND kind = 'gm' AND revoked_at IS NULL", game_id
    )
    return [r[0] for r in rows]
