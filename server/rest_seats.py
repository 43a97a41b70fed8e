"""REST for seats and tokens under /v1/games/{id}: list seats with their last activity; the GM revokes or
reissues a seat's token or hands the seat to a new player; the admin revokes and issues GM tokens."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import Response

from server.openapi_docs import json_body, responses
from server.rest import GameId, Grant, decode_body, ok
from server.schemas_seats import (
    IssueGmTokenRequest,
    ReplaceSeatPlayerRequest,
    RevokeTokenRequest,
    SeatList,
    TokenIssued,
    TokenRevoked,
)
from server.seats import SeatAdmin

router = APIRouter(prefix="/v1/games/{game_id}", tags=["seats"])
SeatId = Annotated[str, Path(max_length=64, description="The seat's id")]
TokenId = Annotated[str, Path(max_length=64, description="The token's id (the part after `pnt_`, before the dot)")]


async def seat_admin(request: Request) -> SeatAdmin:
    return SeatAdmin(request.app.state.service)


Seats = Annotated[SeatAdmin, Depends(seat_admin)]


@router.get("/seats", operation_id="listSeats", responses=responses(SeatList, 404))
async def list_seats(seats: Seats, who: Grant, game_id: GameId) -> Response:
    """The GM sees every seat with its current token id, when it was issued and when it was last used (to the
    minute). A seat's token sees only its own seat, without the token id."""
    return ok(await seats.seats(who, game_id))


@router.post(
    "/seats/{seat_id}/token/revoke",
    operation_id="revokeSeatToken",
    responses=responses(TokenRevoked, 403, 404, 409),
    openapi_extra=json_body(RevokeTokenRequest),
)
async def revoke_seat_token(request: Request, seats: Seats, who: Grant, game_id: GameId, seat_id: SeatId) -> Response:
    """GM or admin: the seat's token stops working at once, in every server process. Recorded with the reason
    (`SeatTokenRevoked`, seen by GMs only). The seat keeps its place; reissue a token to let it play again."""
    body = decode_body(await request.body(), RevokeTokenRequest)
    return ok(await seats.revoke(who, game_id, seat_id, body))


@router.post(
    "/seats/{seat_id}/token",
    operation_id="reissueSeatToken",
    status_code=201,
    responses=responses(TokenIssued, 403, 404, status=201),
    openapi_extra=json_body(RevokeTokenRequest),
)
async def reissue_seat_token(request: Request, seats: Seats, who: Grant, game_id: GameId, seat_id: SeatId) -> Response:
    """GM or admin: a new token for the same player (a lost or leaked token); the old one stops working at once.
    The new token is shown only in this answer."""
    body = decode_body(await request.body(), RevokeTokenRequest)
    return ok(await seats.reissue(who, game_id, seat_id, body), 201)


@router.post(
    "/seats/{seat_id}/replace",
    operation_id="replaceSeatPlayer",
    status_code=201,
    responses=responses(TokenIssued, 403, 404, status=201),
    openapi_extra=json_body(ReplaceSeatPlayerRequest),
)
async def replace_seat_player(request: Request, seats: Seats, who: Grant, game_id: GameId, seat_id: SeatId) -> Response:
    """GM or admin: a new player takes over the seat (same seat id, role, entity and history): a new name, a new
    token shown only here, the old token dead at once. Every seat sees the new name (`SeatReassigned`); the
    reason and token ids are for GMs."""
    body = decode_body(await request.body(), ReplaceSeatPlayerRequest)
    return ok(await seats.replace_player(who, game_id, seat_id, body), 201)


@router.post(
    "/gm-tokens",
    operation_id="issueGmToken",
    status_code=201,
    responses=responses(TokenIssued, 403, 404, status=201),
    openapi_extra=json_body(IssueGmTokenRequest),
)
async def issue_gm_token(request: Request, seats: Seats, who: Grant, game_id: GameId) -> Response:
    """Admin: a new GM token for this game, shown only here; `revoke_others` revokes every other GM token of it."""
    body = decode_body(await request.body(), IssueGmTokenRequest)
    return ok(await seats.issue_gm_token(who, game_id, body), 201)


@router.post(
    "/gm-tokens/{token_id}/revoke",
    operation_id="revokeGmToken",
    responses=responses(TokenRevoked, 403, 404),
    openapi_extra=json_body(RevokeTokenRequest),
)
async def revoke_gm_token(request: Request, seats: Seats, who: Grant, game_id: GameId, token_id: TokenId) -> Response:
    """Admin: this GM token of the game stops working at once, in every server process (`GmTokenRevoked`)."""
    body = decode_body(await request.body(), RevokeTokenRequest)
    return ok(await seats.revoke_gm_token(who, game_id, token_id, body))
