"""The application service: the one place REST and GraphQL call. It authorises, runs the command handler,
reads projections, and passes every read through the ruleset's `view_for` / `redact`."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import secrets
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

import msgspec

from domain import rulesets
from domain.engine import Actor, GameState, Role, Ruleset, SeatInfo, timeline
from domain.engine import game as engine
from domain.engine.messages import AddSeat
from domain.engine.state import Seat
from events.codec import codec_for, encode, json_schema
from events.handler import Accepted, CommandHandler, Outcome, Refused, UnknownGame, stream_of
from events.store import RecordedEvent
from projections.readmodels import ReadModelRunner
from projections.state import GameStates
from server import schemas as s
from server.auth import AuthError, TokenGrant, Tokens, new_token
from server.auth_limits import StreamSlots
from server.content_store import pinned_pack
from server.fanout import FanOut, SendBody, ViewBatch
from server.on_behalf import OnBehalf, entered_by, on_behalf_actor
from server.problems import ApiError
from server.replica import Reader, ReadRouting

MAX_PAGE = 1000
log = logging.getLogger("pantheon")
_dict = msgspec.json.Decoder(dict[str, Any])


def _as_dict(message: Any) -> dict[str, Any]:
    return _dict.decode(encode(message))


@dataclass(frozen=True)
class EventFilter:
    """Which events a page keeps. `seat` and `actor` match the metadata, which only GMs see."""

    types: frozenset[str] = frozenset()
    turn: int | None = None
    seat: str | None = None
    actor: str | None = None
    reverted: bool | None = None
    phase: str | None = None

    def matches(self, event: s.EventEnvelope) -> bool:
        meta = event.metadata
        return (
            (not self.types or event.type in self.types)
            and (self.turn is None or event.turn == self.turn)
            and (self.seat is None or (meta is not None and meta.seat_id == self.seat))
            and (self.actor is None or (meta is not None and meta.actor == self.actor))
            and (self.reverted is None or (event.reverted is not None) == self.reverted)
        )


class GameService:
    def __init__(
        self,
        handler: CommandHandler,
        states: GameStates,
        runner: ReadModelRunner,
        tokens: Tokens,
        streams: StreamSlots | None = None,
        connection_streams: StreamSlots | None = None,
        reads: ReadRouting | None = None,
        game_streams: StreamSlots | None = None,
        stream_backlog: int = 100,
    ) -> None:
        self.handler = handler
        # Open event streams per token (SSE and subscriptions), per game, and subscriptions per websocket.
        self.streams = streams or StreamSlots(10, "per token")
        self.connection_streams = connection_streams or StreamSlots(5, "on one connection")
        self.game_streams = game_streams or StreamSlots(1000, "for one game")
        self.states = states
        self.store = handler.store
        self.runner = runner
        self.tokens = tokens
        # Queries may go to a read replica (server/replica.py); commands and authorisation never do.
        self.reads = reads or ReadRouting(Reader(states.store, states, "primary"))
        # Live events are read where queries are: on a replica, the hubs are woken by its poller (no LISTEN on a
        # standby, server/replica.py), and a hub's starting head comes from that same reader so none is skipped.
        live = self.reads.replica or self.reads.primary
        self.fanout = FanOut(live.store, live.states, self.envelopes, backlog=stream_backlog)
        tokens.revocations.append(self._revoked)
        self._rechecks: set[asyncio.Task[None]] = set()

    def _revoked(self, token_id: str | None) -> None:
        """A revocation was heard: close that token's streams. `None`: some may have been missed while this
        process was not listening, so the open streams' tokens are checked against the table."""
        if token_id is not None:
            self.fanout.revoked(token_id)
        elif open_tokens := sorted(self.fanout.token_ids()):
            task = asyncio.create_task(self._recheck(open_tokens))
            self._rechecks.add(task)
            task.add_done_callback(self._rechecks.discard)

    async def _recheck(self, token_ids: list[str]) -> None:
        try:
            for token_id in await self.tokens.revoked_among(token_ids):
                self.fanout.revoked(token_id)
        except Exception:  # the database is away: the next reconnection of the listener checks again
            log.warning("could not check the open streams' tokens for revocations", exc_info=True)

    # --- who is calling ---------------------------------------------------------------------------------

    async def actor(self, grant: TokenGrant, game_id: str) -> tuple[Actor, GameState[Any], int, Ruleset]:
        """The caller as an actor of this game. A token for another game sees a 404, not a 403."""
        if grant.kind != "admin" and grant.game_id != game_id:
            raise UnknownGame(game_id)
        version, state, ruleset = await self.states.latest(game_id)
        if grant.kind == "admin":
            return Actor(principal="admin", role="admin", token_id=grant.token_id), state, version, ruleset
        if grant.kind == "gm":
            return (
                Actor(principal=f"gm:{grant.token_id}", role="gm", token_id=grant.token_id),
                state,
                version,
                ruleset,
            )
        seat = state.meta.seats.get(grant.seat_id or "")
        if seat is None:  # perhaps added a moment ago by another process: look at the database once
            version, state, ruleset = await self.states.latest(game_id, refresh=True)
            seat = state.meta.seats.get(grant.seat_id or "")
        if seat is None:
            raise AuthError("auth.bad_token", "This token's seat does not exist (any more).")
        actor = seat_actor(seat, grant.token_id)
        return actor, state, version, ruleset

    # --- rulesets ---------------------------------------------------------------------------------------

    def rulesets(self) -> s.RulesetList:
        return s.RulesetList(rulesets=[ruleset_summary(r) for r in rulesets.latest()])

    def ruleset(self, ruleset_id: str, version: int | None = None) -> s.RulesetDetail:
        return ruleset_detail(*self._ruleset_key(ruleset_id, version))

    def ruleset_document(self, ruleset_id: str, version: int | None = None) -> tuple[bytes, str]:
        """The ruleset's detail as JSON, and its ETag: computed once per ruleset version, then served as is."""
        return ruleset_json(*self._ruleset_key(ruleset_id, version))

    def _ruleset_key(self, ruleset_id: str, version: int | None) -> tuple[str, int]:
        ruleset = self.ruleset_definition(ruleset_id, version)
        return ruleset.id, ruleset.version

    def ruleset_definition(self, ruleset_id: str, version: int | None = None) -> Ruleset:
        try:
            return rulesets.get(ruleset_id, version)
        except rulesets.UnknownRuleset:
            known = ", ".join(r.id for r in rulesets.latest()) or "none"
            raise ApiError("ruleset.not_found", f"No ruleset {ruleset_id!r}; this server has: {known}.", 404) from None

    # --- games ------------------------------------------------------------------------------------------

    async def create_game(self, grant: TokenGrant, request: s.CreateGameRequest) -> s.CreatedGame:
        if grant.kind != "admin":
            raise ApiError("auth.forbidden", "Only the admin token may create games.", 403)
        try:
            ruleset = rulesets.get(request.ruleset, request.ruleset_version)
        except rulesets.UnknownRuleset:
            known = ", ".join(r.id for r in rulesets.latest()) or "none"
            raise ApiError(
                "ruleset.not_found", f"No ruleset {request.ruleset!r}; this server has: {known}.", 422
            ) from None
        if not request.name.strip():
            raise ApiError("game.name_required", "Give the game a name.", 422)
        actor = Actor(principal="admin", role="admin", token_id=grant.token_id)
        content = (
            None if request.content_pack is None else await pinned_pack(self.runner.pool, ruleset, request.content_pack)
        )
        game_id, created = await self.handler.create_game(
            ruleset, request.name, request.scenario, request.settings, actor, content=content
        )
        token_id, token = await self.tokens.issue("gm", game_id)
        commitment = _dict.decode(created.data)["dice_commitment"]
        return s.CreatedGame(
            game_id=game_id, version=1, gm_token=token, gm_token_id=token_id, dice_commitment=commitment
        )

    async def list_games(self, grant: TokenGrant, limit: int, cursor: str | None) -> s.GameList:
        await self.runner.catch_up()
        after_time, after_id = parse_cursor(cursor)
        rows = await self.runner.pool.fetch(
            "SELECT game_id, name, ruleset_id, ruleset_version, status, turn, phase, deadline, seat_count, "
            "version, created_at, previous_game_id FROM rm_games "
            "WHERE ($1::text IS NULL OR game_id = $1) "
            "AND ($2::timestamptz IS NULL OR (created_at, game_id) > ($2, $3)) "
            "ORDER BY created_at, game_id LIMIT $4",
            None if grant.kind == "admin" else grant.game_id,
            after_time,
            after_id,
            limit + 1,
        )
        # The games opened after these: a second query by value, not a correlated join across shards (Citus).
        following = await self.runner.pool.fetch(
            "SELECT previous_game_id, game_id FROM rm_games WHERE previous_game_id = ANY($1::text[]) "
            "ORDER BY created_at, game_id",
            [r["game_id"] for r in rows[:limit]],
        )
        nexts: dict[str, list[str]] = {}
        for row in following:
            nexts.setdefault(row["previous_game_id"], []).append(row["game_id"])
        games = [s.GameSummary(**dict(r), next_game_ids=nexts.get(r["game_id"], [])) for r in rows[:limit]]
        more = len(rows) > limit
        next_cursor = f"{games[-1].created_at.isoformat()}|{games[-1].game_id}" if more and games else None
        return s.GameList(games=games, next_cursor=next_cursor)

    async def describe(self, grant: TokenGrant, game_id: str) -> s.GameDetail:
        actor, state, version, _ = await self.actor(grant, game_id)
        return s.GameDetail(
            version=version,
            game=engine.meta_view(state.meta, actor),
            you=s.Caller(role=actor.role, seat_id=actor.seat_id, controls=actor.controls),
        )

    async def add_seat(self, grant: TokenGrant, game_id: str, request: s.AddSeatRequest) -> s.CreatedSeat:
        actor, _, _, _ = await self.actor(grant, game_id)
        if not actor.is_gm:
            raise ApiError("auth.forbidden", "Only the GM may add seats.", 403)
        if not request.name.strip():
            raise ApiError("seat.name_required", "Give the seat a name.", 422)
        token_id, token, digest = new_token()
        seat_id = f"seat-{secrets.token_hex(4)}"
        command = AddSeat(
            seat_id=seat_id,
            name=request.name,
            role=request.role,
            token_id=token_id,
            controls=request.controls,
        )
        outcome = await self.handler.add_seat(game_id, command, actor)
        if isinstance(outcome, Refused):
            raise ApiError(outcome.code, outcome.message, outcome.http_status)
        await self.tokens.store(token_id, digest, "seat", game_id, seat_id)
        return s.CreatedSeat(
            seat=SeatInfo(seat_id=seat_id, name=request.name, role=request.role, controls=request.controls),
            token=token,
            token_id=token_id,
            version=outcome.version,
        )

    # --- commands ---------------------------------------------------------------------------------------

    async def submit(
        self,
        grant: TokenGrant,
        game_id: str,
        body: bytes,
        *,
        expected_version: int | None,
        idempotency_key: str | None,
        correlation_id: str | None,
        on_behalf: OnBehalf | None = None,
    ) -> tuple[Outcome, list[s.EventEnvelope]]:
        actor, state, _, ruleset = await self.actor(grant, game_id)
        if on_behalf is not None:
            actor = on_behalf_actor(actor, state, on_behalf, seat_actor)
        outcome = await self.handler.submit(
            game_id,
            body,
            actor,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
            correlation_id=correlation_id,
        )
        if isinstance(outcome, Accepted):
            codec = codec_for(ruleset)
            visible = []
            for event in outcome.events:
                shown = engine.redact(ruleset, codec.decode_event(event.type, event.data), actor)
                if shown is not None:
                    visible.append(s.EventEnvelope(version=event.version, type=event.type, data=_as_dict(shown)))
            return outcome, visible
        return outcome, []

    async def available(self, grant: TokenGrant, game_id: str) -> s.AvailableCommands:
        actor, state, version, ruleset = await self.actor(grant, game_id)
        codec = codec_for(ruleset)
        by_tag = {str(t.__struct_config__.tag): t for t in codec.command_types}
        commands = [
            s.AvailableCommand(type=tag, schema=json_schema(by_tag[tag]))
            for tag in engine.available_commands(ruleset, state, actor, self.handler.clock())
            if tag in by_tag
        ]
        meta = state.meta
        return s.AvailableCommands(
            version=version, turn=meta.turn, phase=meta.phase, deadline=meta.deadline, commands=commands
        )

    # --- reads ------------------------------------------------------------------------------------------

    async def state(
        self,
        grant: TokenGrant,
        game_id: str,
        *,
        at_version: int | None = None,
        at_turn: int | None = None,
        at_time: datetime | None = None,
        as_seat: str | None = None,
    ) -> s.StateDocument:
        if sum(x is not None for x in (at_version, at_turn, at_time)) > 1:
            raise ApiError("state.one_point", "Give at most one of at_version, at_turn and at_time.", 422)
        actor, now, latest, _ = await self.actor(grant, game_id)
        if as_seat is not None:
            actor = self.seat_view_actor(actor, now, as_seat)
        reader = await self.reads.reader(game_id)
        version, state, ruleset = await reader.states.state_at(game_id, version=at_version, turn=at_turn, time=at_time)
        return s.StateDocument(
            version=version,
            latest_version=max(latest, version),
            game=engine.meta_view(state.meta, actor),
            view=msgspec.Raw(encode(ruleset.view_for(state.rules, actor))),
        )

    @staticmethod
    def seat_view_actor(caller: Actor, state: GameState[Any], seat_id: str) -> Actor:
        """GM only: the actor whose view `as_seat` shows (that seat, exactly as its own token would see it)."""
        if not caller.is_gm:
            raise ApiError("auth.forbidden", "Only the GM may read another seat's view (as_seat).", 403)
        seat = state.meta.seats.get(seat_id)
        if seat is None:
            raise ApiError("state.unknown_seat", f"This game has no seat {seat_id!r}: see GET /v1/games/{{id}}.", 404)
        return seat_actor(seat)

    async def events(
        self, grant: TokenGrant, game_id: str, after: int, limit: int, where: EventFilter | None = None
    ) -> s.EventPage:
        """Events after `after`: `limit` events are read, then `where` keeps those that match (so a filtered page
        may hold fewer, even none, while `more` is true)."""
        actor, state, head, ruleset = await self.actor(grant, game_id)
        limit = min(limit, MAX_PAGE)
        reader = await self.reads.reader(game_id)
        recorded = await reader.store.read_stream(stream_of(game_id), after_version=after, limit=limit)
        envelopes = self.envelopes(ruleset, actor, recorded, state)
        if where is not None:
            envelopes = [e for e in envelopes if where.matches(e)]
        if where is not None and where.phase is not None:
            phases = await self._phases(reader.states, game_id, after, recorded)
            envelopes = [e for e in envelopes if phases.get(e.version) == where.phase]
        next_after = recorded[-1].stream_version if recorded else after
        head = max(head, next_after)
        return s.EventPage(events=envelopes, next_after=next_after, head_version=head, more=next_after < head)

    async def _phases(
        self, states: GameStates, game_id: str, after: int, recorded: Sequence[RecordedEvent]
    ) -> dict[int, str | None]:
        """The phase each event happened in: the phase at `after`, moved on by `PhaseStarted` and by rollbacks."""
        phase = (await states.state_at(game_id, version=after))[1].meta.phase if after else None
        out: dict[int, str | None] = {}
        for event in recorded:
            if event.type == "PhaseStarted":
                phase = _dict.decode(event.data).get("phase")
            elif event.type == "TimelineReverted":
                target = int(_dict.decode(event.data)["to_version"])
                phase = (await states.state_at(game_id, version=target))[1].meta.phase
            out[event.stream_version] = phase
        return out

    def envelopes(
        self, ruleset: Ruleset, actor: Actor, recorded: Sequence[RecordedEvent], latest: GameState[Any]
    ) -> list[s.EventEnvelope]:
        """Events as `actor` may see them, each marked if a rollback (known to `latest`) undid it."""
        codec = codec_for(ruleset)
        out = []
        for event in recorded:
            shown = engine.redact(ruleset, codec.decode_event(event.type, event.data), actor)
            if shown is None:
                continue
            undone = timeline.in_reverted_range(latest, event.stream_version)
            meta = event.meta()
            out.append(
                s.EventEnvelope(
                    version=event.stream_version,
                    type=event.type,
                    data=_as_dict(shown),
                    recorded_at=meta.recorded_at,
                    turn=meta.turn,
                    metadata=s.Metadata(**msgspec.structs.asdict(meta)) if actor.is_gm else None,
                    reverted=s.Reverted(at=undone.at, reason=undone.reason, by=undone.by) if undone else None,
                    entered_by=entered_by(meta.actor, actor),
                )
            )
        return out

    async def follow(self, grant: TokenGrant, game_id: str, after: int) -> AsyncIterator[ViewBatch | None]:
        """Live events after `after`, batch by batch, from the game's one reader (server/fanout.py); `None` is a
        keep-alive tick. Ends when cancelled; raises `StreamClosed` when the server ends it."""
        # A seat's role can change mid-stream only by a new seat; the actor is fixed per connection.
        actor, _, _, ruleset = await self.actor(grant, game_id)
        head, _, _ = await self.fanout.states.latest(game_id)  # the hub's reader's own head (a replica may lag)
        async for batch in self.fanout.follow(game_id, ruleset, actor, head, after):
            yield batch

    async def push(self, grant: TokenGrant, game_id: str, after: int, send_body: SendBody) -> None:
        """Live events after `after`, written with `send_body` by the game's one reader (server/fanout.py, SSE).
        Ends when cancelled; raises `StreamClosed` when the server ends it."""
        actor, _, _, ruleset = await self.actor(grant, game_id)
        head, _, _ = await self.fanout.states.latest(game_id)
        await self.fanout.push(game_id, ruleset, actor, head, after, send_body)

    async def turns(self, grant: TokenGrant, game_id: str) -> s.TurnList:
        await self.actor(grant, game_id)
        await self.runner.catch_up()
        rows = await self.runner.pool.fetch(
            "SELECT turn, started_version, started_at, ended_version, ended_at, phases FROM rm_turns "
            "WHERE game_id = $1 ORDER BY turn",
            game_id,
        )
        return s.TurnList(turns=[_turn(r) for r in rows])

    async def turn(self, grant: TokenGrant, game_id: str, number: int) -> s.TurnReport:
        actor, state, _, ruleset = await self.actor(grant, game_id)
        await self.runner.catch_up()
        row = await self.runner.pool.fetchrow(
            "SELECT turn, started_version, started_at, ended_version, ended_at, phases FROM rm_turns "
            "WHERE game_id = $1 AND turn = $2",
            game_id,
            number,
        )
        if row is None:
            raise ApiError("turn.not_found", f"Turn {number} has not started in this game.", 404)
        summary = _turn(row)
        reader = await self.reads.reader(game_id)
        recorded = await reader.store.read_stream(
            stream_of(game_id), after_version=summary.started_version - 1, to_version=summary.ended_version
        )
        return s.TurnReport(turn=summary, events=self.envelopes(ruleset, actor, recorded, state))


@functools.lru_cache(maxsize=64)
def ruleset_detail(ruleset_id: str, version: int) -> s.RulesetDetail:
    """A ruleset's summary and JSON Schemas. Rulesets are code: one computation per version per process."""
    ruleset = rulesets.get(ruleset_id, version)
    codec = codec_for(ruleset)
    return s.RulesetDetail(
        ruleset=ruleset_summary(ruleset),
        schemas=s.RulesetSchemas(
            commands=json_schema(codec.command_union),
            events=json_schema(codec.event_union),
            setup=json_schema(ruleset.setup_type),
            settings=json_schema(ruleset.settings_type),
            view=json_schema(ruleset.view_type),
            content_pack=_pack_schema(ruleset),
        ),
        dice_purposes=list(ruleset.dice_purposes),
    )


@functools.lru_cache(maxsize=64)
def ruleset_json(ruleset_id: str, version: int) -> tuple[bytes, str]:
    body = msgspec.json.encode(ruleset_detail(ruleset_id, version))
    return body, f'"{hashlib.sha256(body).hexdigest()[:32]}"'


def seat_actor(seat: Seat, token_id: str | None = None) -> Actor:
    """A seat as the actor (and viewer) it is in its game."""
    return Actor(
        principal=f"seat:{seat.seat_id}",
        role=cast(Role, seat.role),
        seat_id=seat.seat_id,
        controls=seat.controls,
        token_id=token_id,
    )


def ruleset_summary(ruleset: Ruleset) -> s.RulesetSummary:
    return s.RulesetSummary(
        id=ruleset.id,
        version=ruleset.version,
        title=ruleset.title,
        description=ruleset.description,
        phases=[
            s.PhaseInfo(
                name=p.name,
                commands=sorted(p.commands) if p.commands is not None else None,
                deadline_seconds=int(p.deadline.total_seconds()) if p.deadline is not None else None,
                resolves=p.resolver is not None,
            )
            for p in ruleset.phases
        ],
        commands=rulesets.command_tags(ruleset),
        gm_commands=sorted(ruleset.gm_commands),
        successors=ruleset.carry_over is not None,
        content_packs=ruleset.content is not None,
    )


def _pack_schema(ruleset: Ruleset) -> dict[str, Any] | None:
    if ruleset.content is None or ruleset.content.pack_type is None:
        return None
    return json_schema(ruleset.content.pack_type)


def _turn(row: Any) -> s.TurnSummary:
    return s.TurnSummary(
        turn=row[0],
        started_version=row[1],
        started_at=row[2],
        ended_version=row[3],
        ended_at=row[4],
        phases=msgspec.json.decode(row[5]),
    )


def bad_cursor() -> ApiError:
    """The refusal of a paging cursor the server did not issue (games, audit and content-pack pages)."""
    return ApiError("request.bad_cursor", "Pass back `next_cursor` exactly as you received it.", 422)


def parse_cursor(cursor: str | None) -> tuple[datetime | None, str | None]:
    """A paging cursor `<time>|<id>` as issued in `next_cursor` (games and audit pages)."""
    if not cursor:
        return None, None
    at, sep, game_id = cursor.partition("|")
    try:
        if not sep:
            raise ValueError
        return datetime.fromisoformat(at), game_id
    except ValueError:
        raise bad_cursor() from None
