"""Seats and tokens in GraphQL: the same `SeatAdmin` service as REST (server/seats.py). Refusals are errors with
the REST codes (`seat.not_found`, `seat.no_token`, `auth.forbidden`...)."""

from __future__ import annotations

from datetime import datetime

import strawberry

from server.graphql.schema import game, text
from server.graphql.types import Seat, caller, mutation_field, query_field
from server.schemas_seats import IssueGmTokenRequest, ReplaceSeatPlayerRequest, RevokeTokenRequest, TokenIssued
from server.seats import SeatAdmin


@strawberry.type(description="A seat with its current token and last activity (GM); a seat sees only itself.")
class SeatRecord:
    seat: Seat
    has_token: bool
    token_id: str | None = strawberry.field(description="The current token's id; GMs only")
    token_issued_at: datetime | None
    last_active_at: datetime | None = strawberry.field(
        description="When the current token last authenticated a request, to the minute"
    )


@strawberry.type(description="Token ids that stopped working, and the game's version after the audit events.")
class TokensRevoked:
    revoked: list[str]
    version: int


@strawberry.type(description="A new token, shown only here; `revoked` lists the token ids that stopped working.")
class TokenGranted:
    token: str
    token_id: str
    revoked: list[str]
    version: int
    seat: Seat | None

    @classmethod
    def build(cls, issued: TokenIssued) -> TokenGranted:
        seat = Seat.build(issued.seat) if issued.seat is not None else None
        return cls(
            token=issued.token, token_id=issued.token_id, revoked=issued.revoked, version=issued.version, seat=seat
        )


@strawberry.type
class SeatQuery:
    @query_field("The game's seats with their last activity (GM); a seat's token sees only its own seat.")
    async def seats(self, info: strawberry.Info, game_id: str) -> list[SeatRecord]:
        svc, who = await caller(info)
        listed = await SeatAdmin(svc).seats(who, game(game_id))
        return [
            SeatRecord(
                seat=Seat.build(r.seat),
                has_token=r.has_token,
                token_id=r.token_id,
                token_issued_at=r.token_issued_at,
                last_active_at=r.last_active_at,
            )
            for r in listed.seats
        ]


@strawberry.type
class SeatMutation:
    @mutation_field("GM or admin: the seat's token stops working at once, in every process (recorded with why).")
    async def revoke_seat_token(self, info: strawberry.Info, game_id: str, seat_id: str, reason: str) -> TokensRevoked:
        svc, who = await caller(info)
        request = RevokeTokenRequest(reason=text("reason", reason, 1000))
        done = await SeatAdmin(svc).revoke(who, game(game_id), text("seatId", seat_id, 64), request)
        return TokensRevoked(revoked=done.revoked, version=done.version)

    @mutation_field("GM or admin: a new token for the seat's player; the old one stops working. Shown only here.")
    async def reissue_seat_token(self, info: strawberry.Info, game_id: str, seat_id: str, reason: str) -> TokenGranted:
        svc, who = await caller(info)
        request = RevokeTokenRequest(reason=text("reason", reason, 1000))
        return TokenGranted.build(
            await SeatAdmin(svc).reissue(who, game(game_id), text("seatId", seat_id, 64), request)
        )

    @mutation_field("GM or admin: a new player takes the seat: new name, new token (shown only here), old token dead.")
    async def replace_seat_player(
        self, info: strawberry.Info, game_id: str, seat_id: str, name: str, reason: str
    ) -> TokenGranted:
        svc, who = await caller(info)
        request = ReplaceSeatPlayerRequest(name=text("name", name, 200), reason=text("reason", reason, 1000))
        replaced = await SeatAdmin(svc).replace_player(who, game(game_id), text("seatId", seat_id, 64), request)
        return TokenGranted.build(replaced)

    @mutation_field("Admin: a new GM token for the game (shown only here); `revokeOthers` revokes the other ones.")
    async def issue_gm_token(
        self, info: strawberry.Info, game_id: str, reason: str, revoke_others: bool = False
    ) -> TokenGranted:
        svc, who = await caller(info)
        request = IssueGmTokenRequest(reason=text("reason", reason, 1000), revoke_others=revoke_others)
        return TokenGranted.build(await SeatAdmin(svc).issue_gm_token(who, game(game_id), request))

    @mutation_field("Admin: this GM token of the game stops working at once, in every process.")
    async def revoke_gm_token(self, info: strawberry.Info, game_id: str, token_id: str, reason: str) -> TokensRevoked:
        svc, who = await caller(info)
        request = RevokeTokenRequest(reason=text("reason", reason, 1000))
        done = await SeatAdmin(svc).revoke_gm_token(who, game(game_id), text("tokenId", token_id, 64), request)
        return TokensRevoked(revoked=done.revoked, version=done.version)
