"""REST for provably fair dice and the game export under /v1/games/{id}: `GET /dice`, `POST /dice/reveal`,
`GET /export` (see `server.dice_export` for the epochs and the file format)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response, StreamingResponse

from events.handler import Refused
from server import schemas as s
from server.dice_export import DiceService
from server.openapi_docs import json_body, responses
from server.problems import ApiError, correlation, problem_response
from server.rest import _KEY, GameId, Grant, IdempotencyKey, decode_body, ok

router = APIRouter(prefix="/v1/games/{game_id}", tags=["dice"])


async def dice_service(request: Request) -> DiceService:
    found: DiceService | None = getattr(request.app.state, "dice", None)
    if found is None:
        found = request.app.state.dice = DiceService(request.app.state.service)
    return found


Dice = Annotated[DiceService, Depends(dice_service)]


@router.get("/dice", operation_id="listDice", responses=responses(s.DiceReport, 404))
async def list_dice(dice: Dice, who: Grant, game_id: GameId) -> Response:
    """Every roll the caller may see (purpose, dice, results, index, source, epoch), every epoch's commitment and
    every revealed seed. Pending GM-entered dice are listed for the GM only."""
    return ok(await dice.report(who, game_id))


@router.post(
    "/dice/reveal",
    operation_id="revealDice",
    responses=responses(s.CommandAccepted, 403, 404, 409),
    openapi_extra=json_body(s.RevealDiceRequest),
)
async def reveal_dice(
    request: Request,
    dice: Dice,
    who: Grant,
    game_id: GameId,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """GM: publish the current epoch's seed (`DiceSeedRevealed`) and start a new epoch whose commitment is
    published in the same append (`DiceEpochStarted`). Anyone can then recompute that epoch's rolls."""
    if idempotency_key is not None and not _KEY.match(idempotency_key):
        raise ApiError("idempotency.bad_key", "Idempotency-Key must be 1 to 200 visible ASCII characters.", 400)
    body = decode_body(await request.body(), s.RevealDiceRequest)
    outcome, events = await dice.reveal(
        who, game_id, body, idempotency_key=idempotency_key, correlation_id=correlation()
    )
    if isinstance(outcome, Refused):
        return problem_response(outcome.http_status, outcome.code, outcome.message)
    accepted = s.CommandAccepted(
        status="accepted",
        game_id=game_id,
        command_id=outcome.command_id,
        version=outcome.version,
        events=events,
        replayed=outcome.replayed,
    )
    return ok(accepted, headers={"ETag": f'"{outcome.version}"'})


@router.get(
    "/export",
    operation_id="exportGame",
    responses={
        **responses(None, 403, 404),
        200: {
            "description": "JSON Lines: a header, every event with its metadata and hashes, the dice epochs "
            "(commitments and revealed seeds only), an end line. Check it with `pantheon verify-dice`.",
            "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
        },
    },
)
async def export_game(dice: Dice, who: Grant, game_id: GameId) -> StreamingResponse:
    """GM: the whole game as JSON Lines, for `pantheon verify-dice` and `pantheon import`."""
    lines = await dice.export(who, game_id)
    return StreamingResponse(
        lines,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="game-{game_id}.jsonl"'},
    )
