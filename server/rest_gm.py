"""REST for GM powers under /v1/games/{id}: rollback, integrity and audit."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response

from events.handler import Refused
from server import schemas as s
from server.gm import AuditQuery, GmPowers
from server.openapi_docs import json_body, responses
from server.problems import ApiError, problem_response
from server.readjudicate import Readjudication
from server.rest import _KEY, ZONED_TIME, GameId, Grant, IdempotencyKey, decode_body, ok

router = APIRouter(prefix="/v1/games/{game_id}", tags=["gm"])


async def gm_powers(request: Request) -> GmPowers:
    return request.app.state.gm  # type: ignore[no-any-return]


Gm = Annotated[GmPowers, Depends(gm_powers)]


@router.post(
    "/rollback",
    operation_id="rollback",
    responses=responses(s.CommandAccepted, 403, 404, 409),
    openapi_extra=json_body(s.RollbackRequest),
)
async def rollback(
    request: Request,
    gm: Gm,
    who: Grant,
    game_id: GameId,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """GM: continue the game from an earlier version (or a turn's start or end). The reverted events stay in
    the history, marked `reverted` with the reason."""
    if idempotency_key is not None and not _KEY.match(idempotency_key):
        raise ApiError("idempotency.bad_key", "Idempotency-Key must be 1 to 200 visible ASCII characters.", 400)
    body = decode_body(await request.body(), s.RollbackRequest)
    outcome, events = await gm.rollback(who, game_id, body, idempotency_key=idempotency_key)
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


@router.get("/integrity", operation_id="integrity", responses=responses(s.Integrity, 403, 404))
async def integrity(gm: Gm, who: Grant, game_id: GameId) -> Response:
    """GM: recompute the game's hash chain and report the first bad link, if any."""
    return ok(await gm.integrity(who, game_id))


@router.get("/audit", operation_id="audit", responses=responses(s.AuditPage, 403, 404))
async def audit(
    gm: Gm,
    who: Grant,
    game_id: GameId,
    seat: Annotated[str | None, Query(max_length=64, description="Only this seat's commands")] = None,
    command_type: Annotated[str | None, Query(alias="type", max_length=64, description="Only this command")] = None,
    turn: Annotated[int | None, Query(ge=0, le=1_000_000)] = None,
    since: Annotated[datetime | None, Query(json_schema_extra=ZONED_TIME)] = None,
    until: Annotated[datetime | None, Query(json_schema_extra=ZONED_TIME)] = None,
    cursor: Annotated[str | None, Query(max_length=200)] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> Response:
    """GM: every command, accepted or refused, with actor, seat, token id, time and outcome (rulings, rollbacks,
    reveals and deadline changes included, with their reasons); filtered and paged, oldest first."""
    for moment in (since, until):
        if moment is not None and moment.tzinfo is None:
            raise ApiError("request.naive_time", "Times need a timezone, e.g. 2026-01-01T12:00:00Z.", 422)
    query = AuditQuery(
        seat=seat, command_type=command_type, turn=turn, since=since, until=until, cursor=cursor, limit=limit
    )
    return ok(await gm.audit(who, game_id, query))


@router.post(
    "/turns/{turn}/readjudicate",
    operation_id="readjudicate",
    responses=responses(s.Readjudication, 403, 404, 409),
    openapi_extra=json_body(s.ReadjudicateRequest),
)
async def readjudicate(
    request: Request, gm: Gm, who: Grant, game_id: GameId, turn: Annotated[int, Path(ge=1, le=1_000_000)]
) -> Response:
    """GM: re-run turn `turn`'s resolution from its closing state, with corrected or late orders and the same
    dice (or `reroll`). With `dry_run` (the default) nothing is appended: see what each seat would see change.
    Otherwise the revert and the new resolution are appended."""
    body = decode_body(await request.body(), s.ReadjudicateRequest)
    preview, outcome = await Readjudication(gm).run(who, game_id, turn, body)
    if isinstance(outcome, Refused):
        return problem_response(outcome.http_status, outcome.code, outcome.message)
    committed = None
    if outcome is not None:
        committed = s.CommandAccepted(
            status="accepted",
            game_id=game_id,
            command_id=outcome.command_id,
            version=outcome.version,
            events=[],
            replayed=outcome.replayed,
        )
    return ok(s.Readjudication(preview=preview, committed=committed))


@router.post(
    "/fork",
    operation_id="fork",
    status_code=201,
    responses=responses(s.ForkedGame, 403, 404, status=201),
    openapi_extra=json_body(s.ForkRequest),
)
async def fork(request: Request, gm: Gm, who: Grant, game_id: GameId) -> Response:
    """GM: a new game from this one at any version (what-ifs, disputes). New id, GM token, seat tokens and dice
    commitment; `forked_from` is recorded; this game is untouched."""
    body = decode_body(await request.body() or b"{}", s.ForkRequest)
    return ok(await gm.fork(who, game_id, body), 201)


@router.get("/diff", operation_id="diff", responses=responses(s.StateDiff, 403, 404))
async def state_diff(
    gm: Gm,
    who: Grant,
    game_id: GameId,
    from_version: Annotated[int, Query(ge=1, le=2**53, description="The earlier point in this game")],
    to_version: Annotated[int | None, Query(ge=1, le=2**53, description="The later point (default: now)")] = None,
    other_game: Annotated[str | None, Query(max_length=64, description="Compare with this fork (GM)")] = None,
) -> Response:
    """The caller's view at `from_version` against `to_version` (of this game, or of `other_game`, a fork of
    it or its source) as a structured diff."""
    return ok(await gm.diff(who, game_id, from_version, to_version, other_game))
