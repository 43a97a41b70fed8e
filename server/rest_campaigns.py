"""REST for campaigns: content packs per ruleset (`/v1/rulesets/{id}/content-packs`) and the successor of a
finished game (`POST /v1/games/{id}/successor`). Each route parses, calls `server.campaigns`, maps the result."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response

from server import schemas_campaigns as c
from server.campaigns import ContentPacks, Successors
from server.openapi_docs import json_body, responses
from server.rest import GameId, Grant, Service, decode_body, ok

router = APIRouter(prefix="/v1")
RulesetId = Annotated[str, Path(max_length=64, description="The ruleset's id")]
PackName = Annotated[str, Path(max_length=100, pattern=r"^[a-z0-9][a-z0-9._-]{0,99}$", description="The pack's name")]


@router.post(
    "/rulesets/{ruleset_id}/content-packs",
    operation_id="uploadContentPack",
    tags=["content"],
    status_code=201,
    responses={**responses(c.ContentPackSummary, 403, 404, 409, status=201), 200: {"description": "Stored already"}},
    openapi_extra=json_body(c.ContentPackUpload),
)
async def upload_content_pack(request: Request, svc: Service, who: Grant, ruleset_id: RulesetId) -> Response:
    """GM or admin: store a new version of a content pack, after the ruleset validated it (a refusal names the
    entry and field at fault). Stored versions never change: the same document again answers 200, another
    document under a stored version 409 `content.version_exists`."""
    body = decode_body(await request.body(), c.ContentPackUpload)
    created, summary = await ContentPacks(svc).upload(who, ruleset_id, body)
    return ok(summary, 201 if created else 200)


@router.get(
    "/rulesets/{ruleset_id}/content-packs",
    operation_id="listContentPacks",
    tags=["content"],
    responses=responses(c.ContentPackList, 404),
)
async def list_content_packs(
    svc: Service,
    who: Grant,
    ruleset_id: RulesetId,
    name: Annotated[str | None, Query(max_length=100, description="Only this pack's versions")] = None,
    limit: Annotated[int, Query(ge=1, le=500, description="Packs per page")] = 100,
    cursor: Annotated[str | None, Query(max_length=200, description="`next_cursor` of the previous page")] = None,
) -> Response:
    """The stored packs of a ruleset, every version, by name then version, a page at a time (as `GET /v1/games`:
    `limit` 1-500, default 100; pass `next_cursor` back as `cursor`; a cursor not issued here is 422
    `request.bad_cursor`)."""
    return ok(await ContentPacks(svc).list(ruleset_id, name, limit, cursor))


@router.get(
    "/rulesets/{ruleset_id}/content-packs/{name}/{version}",
    operation_id="getContentPack",
    tags=["content"],
    responses=responses(c.ContentPack, 404),
)
async def get_content_pack(
    svc: Service,
    who: Grant,
    ruleset_id: RulesetId,
    name: PackName,
    version: Annotated[int, Path(ge=1, le=1_000_000)],
) -> Response:
    """One stored pack version and its document, exactly as uploaded (its `digest` is the SHA-256 of it)."""
    return ok(await ContentPacks(svc).get(ruleset_id, name, version))


@router.post(
    "/games/{game_id}/successor",
    operation_id="openSuccessor",
    tags=["gm"],
    status_code=201,
    responses=responses(c.SuccessorGame, 403, 404, 409, status=201),
    openapi_extra=json_body(c.SuccessorRequest),
)
async def open_successor(request: Request, svc: Service, who: Grant, game_id: GameId) -> Response:
    """GM: open the game that follows this finished one (the next session, the next era) from its end state.

    The ruleset carries over what its rules say (`scenario_patch` amends it); the new game records
    `previous_game_id`, this one `SuccessorOpened` (both games' `game` views and the listing show the chain). The
    seats come along with new tokens where the new game accepts them. Refusals: `successor.game_not_finished`
    (409), `successor.not_supported` (422), `auth.forbidden` (403, not a GM)."""
    body = decode_body(await request.body() or b"{}", c.SuccessorRequest)
    return ok(await Successors(svc).open(who, game_id, body), 201)
