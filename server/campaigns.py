"""Campaigns across games: content packs stored per ruleset, and successor games opened from a finished game.

Content packs: a GM (any game's GM token) or the admin uploads a pack document for a ruleset; the ruleset
validates it (`Ruleset.content.validate`, errors name the entry and field); it is stored under its name and
version, immutable (re-sending the same document is idempotent, a different one under a stored version is a 409).
A game created with a pack pins the version it started with: its `GameCreated` holds the name, version, digest
and the document itself, so newer versions never change it and its history replays alone.

Successors: the GM of a finished game (ended by its rules or by `EndGame`) opens the next game from its end state
(`Ruleset.carry_over`, amended by the GM's merge patch); see `domain.engine.successor`.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import msgspec

from domain.engine import Rejected, Ruleset
from domain.engine.messages import AddSeat, ContentPackRef
from domain.engine.successor import carried_setup, decide_successor_opened, merge_patch
from events.codec import encode
from events.handler import Refused, stream_of
from server import schemas_campaigns as c
from server.auth import TokenGrant, new_token
from server.content_store import pinned_pack
from server.gm import GmPowers
from server.problems import ApiError
from server.service import GameService, bad_cursor

_SUMMARY_SQL = (
    "SELECT ruleset_id, name, version, digest, description, uploaded_at, length(document) AS bytes FROM content_packs "
)
_dict = msgspec.json.Decoder(dict[str, Any])
_MAX_FORK_DEPTH = 100


_PACK_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,99}")


def parse_pack_cursor(cursor: str | None) -> tuple[str | None, int]:
    """A content-pack paging cursor `<name>|<version>` as issued in `next_cursor`."""
    if not cursor:
        return None, 0
    name, sep, version = cursor.rpartition("|")
    if not sep or not _PACK_NAME.fullmatch(name) or not version.isdigit() or not 1 <= int(version) <= 1_000_000:
        raise bad_cursor()
    return name, int(version)


def _summary(row: Any) -> c.ContentPackSummary:
    return c.ContentPackSummary(**dict(row))


class ContentPacks:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.pool = service.runner.pool

    def _ruleset(self, ruleset_id: str) -> Ruleset:
        ruleset = self.service.ruleset_definition(ruleset_id)
        if ruleset.content is None:
            raise ApiError("content.not_supported", f"The ruleset {ruleset.id} takes no content packs.", 422)
        return ruleset

    async def upload(self, grant: TokenGrant, ruleset_id: str, upload: c.ContentPackUpload) -> tuple[bool, Any]:
        """Validate and store a pack version; (created, summary). The same document again is not an error."""
        if grant.kind not in ("admin", "gm"):
            raise ApiError("auth.forbidden", "Only a GM (a game's GM token) or the admin may upload packs.", 403)
        ruleset = self._ruleset(ruleset_id)
        document = bytes(upload.content)
        assert ruleset.content is not None
        try:
            ruleset.content.validate(document)
        except Rejected as rejected:
            raise ApiError(rejected.code, rejected.message, 422) from None
        digest = hashlib.sha256(document).hexdigest()
        uploaded_by = "admin" if grant.kind == "admin" else f"gm:{grant.token_id}"
        row = await self.pool.fetchrow(
            "INSERT INTO content_packs (ruleset_id, name, version, digest, document, description, uploaded_by) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING "
            "RETURNING ruleset_id, name, version, digest, description, uploaded_at, length(document) AS bytes",
            ruleset.id,
            upload.name,
            upload.version,
            digest,
            document,
            upload.description,
            uploaded_by,
        )
        if row is not None:
            return True, _summary(row)
        stored = await self._summary(ruleset.id, upload.name, upload.version)
        if stored.digest != digest:
            raise ApiError(
                "content.version_exists",
                f"{upload.name} version {upload.version} is stored with other content; packs never change: "
                "upload it as a new version.",
                409,
            )
        return False, stored

    async def _summary(self, ruleset_id: str, name: str, version: int) -> c.ContentPackSummary:
        row = await self.pool.fetchrow(
            _SUMMARY_SQL + "WHERE ruleset_id = $1 AND name = $2 AND version = $3", ruleset_id, name, version
        )
        if row is None:
            raise ApiError("content.not_found", f"No pack {name} version {version} for {ruleset_id}.", 404)
        return _summary(row)

    async def list(
        self, ruleset_id: str, name: str | None, limit: int = 100, cursor: str | None = None
    ) -> c.ContentPackList:
        """One page of the stored packs, by name then version; `next_cursor` continues after its last entry."""
        ruleset = self._ruleset(ruleset_id)
        after_name, after_version = parse_pack_cursor(cursor)
        rows = await self.pool.fetch(
            _SUMMARY_SQL + "WHERE ruleset_id = $1 AND ($2::text IS NULL OR name = $2) "
            "AND ($3::text IS NULL OR (name, version) > ($3, $4)) ORDER BY name, version LIMIT $5",
            ruleset.id,
            name,
            after_name,
            after_version,
            limit + 1,
        )
        packs = [_summary(r) for r in rows[:limit]]
        more = len(rows) > limit
        next_cursor = f"{packs[-1].name}|{packs[-1].version}" if more and packs else None
        return c.ContentPackList(packs=packs, next_cursor=next_cursor)

    async def get(self, ruleset_id: str, name: str, version: int) -> c.ContentPack:
        ruleset = self._ruleset(ruleset_id)
        summary = await self._summary(ruleset.id, name, version)
        document = await self.pool.fetchval(
            "SELECT document FROM content_packs WHERE ruleset_id = $1 AND name = $2 AND version = $3",
            ruleset.id,
            name,
            version,
        )
        return c.ContentPack(pack=summary, content=msgspec.Raw(document))


class Successors:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.gm = GmPowers(service)
        self.packs = ContentPacks(service)

    async def open(self, grant: TokenGrant, game_id: str, request: c.SuccessorRequest) -> c.SuccessorGame:
        actor, state, _ = await self.gm.require_gm(grant, game_id)
        _, _, ruleset = await self.service.states.latest(game_id)
        given = bytes(request.settings).strip()
        settings_raw = given if given != b"null" else await self._settings_of(game_id)
        try:
            settings = msgspec.json.decode(settings_raw, type=ruleset.settings_type)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise ApiError("settings.invalid", f"The settings document is invalid: {exc}", 422) from None
        except RecursionError:
            raise ApiError("settings.too_deep", "The settings document nests too deeply.", 422) from None
        setup = carried_setup(ruleset, state, settings)
        scenario = encode(setup)
        if bytes(request.scenario_patch).strip() != b"null":
            scenario = msgspec.json.encode(merge_patch(_dict.decode(scenario), _decode_patch(request.scenario_patch)))
        content = await self._content(ruleset, state.meta.content_pack, request.content_pack)
        name = (request.name or "").strip() or f"{state.meta.name} (next)"
        new_id, created = await self.service.handler.create_game(
            ruleset, name, scenario, settings_raw, actor, previous_game_id=game_id, content=content
        )

        def opened(current: Any, ctx: Any) -> list[Any]:
            return decide_successor_opened(current, new_id, name, ctx.now)

        outcome = await self.service.handler.run(
            game_id, actor, opened, command_type="OpenSuccessor", body=encode(request)
        )
        if isinstance(outcome, Refused):
            raise ApiError(outcome.code, outcome.message, outcome.http_status)
        gm_token_id, gm_token = await self.service.tokens.issue("gm", new_id)
        seats, dropped, version = await self._carry_seats(new_id, state, actor) if request.carry_seats else ([], [], 1)
        return c.SuccessorGame(
            game_id=new_id,
            previous_game_id=game_id,
            version=max(version, created.stream_version),
            gm_token=gm_token,
            gm_token_id=gm_token_id,
            dice_commitment=_dict.decode(created.data)["dice_commitment"],
            seats=seats,
            dropped_seats=dropped,
            content_pack=None if content is None else content[0],
        )

    async def _content(
        self, ruleset: Ruleset, pinned: ContentPackRef | None, choice: c.ContentPackChoice | None
    ) -> tuple[ContentPackRef, bytes] | None:
        if choice is None and pinned is not None:
            choice = c.ContentPackChoice(name=pinned.name, version=pinned.version)
        return None if choice is None else await pinned_pack(self.service.runner.pool, ruleset, choice)

    async def _carry_seats(
        self, new_id: str, state: Any, actor: Any
    ) -> tuple[list[c.CarriedSeat], list[c.DroppedSeat], int]:
        """The old game's seats in the new game, each with a new token, where the new game's ruleset accepts
        what the seat controls (`validate_seat`); the others are reported with the ruleset's reason."""
        carried, dropped, version = [], [], 1
        for seat in state.meta.seats.values():
            token_id, token, digest = new_token()
            command = AddSeat(
                seat_id=seat.seat_id, name=seat.name, role=seat.role, token_id=token_id, controls=seat.controls
            )
            try:
                outcome = await self.service.handler.add_seat(new_id, command, actor)
            except Rejected as rejected:
                dropped.append(c.DroppedSeat(seat_id=seat.seat_id, name=seat.name, reason=rejected.message))
                continue
            if isinstance(outcome, Refused):
                dropped.append(c.DroppedSeat(seat_id=seat.seat_id, name=seat.name, reason=outcome.message))
                continue
            await self.service.tokens.store(token_id, digest, "seat", new_id, seat.seat_id)
            version = outcome.version
            carried.append(
                c.CarriedSeat(seat_id=seat.seat_id, name=seat.name, role=seat.role, controls=seat.controls, token=token)
            )
        return carried, dropped, version

    async def _settings_of(self, game_id: str) -> bytes:
        """The settings the game was created with (through its forks, to the game that was created)."""
        store = self.service.store
        for _ in range(_MAX_FORK_DEPTH):
            first = await store.read_stream(stream_of(game_id), to_version=1)
            if not first:
                break
            data = _dict.decode(first[0].data)
            if first[0].type != "GameForked":
                return msgspec.json.encode(data.get("settings") or {})
            game_id = data["forked_from"]
        return b"{}"


def _decode_patch(raw: msgspec.Raw) -> Any:
    try:
        return _dict.decode(bytes(raw))
    except (msgspec.ValidationError, msgspec.DecodeError):
        raise ApiError(
            "successor.bad_patch", "scenario_patch must be a JSON object (a merge patch of the scenario).", 422
        ) from None
    except RecursionError:
        raise ApiError("successor.patch_too_deep", "The scenario patch nests too deeply.", 422) from None
