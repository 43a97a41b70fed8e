"""GraphQL object types: mirrors of the REST message shapes in `server.schemas`, each built from one of them.

Free-form documents (a ruleset's JSON Schemas, a seat's view, an event's data) are the `JSON` scalar: their
shapes belong to each ruleset and are published by `Ruleset.schemas`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime
from enum import Enum
from typing import Annotated, Any, TypeVar

import msgspec
import strawberry
from strawberry.scalars import JSON

from domain import rulesets
from domain.engine import GameMetaView, SeatInfo
from events.handler import Accepted as AcceptedOutcome
from events.handler import Refused
from server import schemas as s
from server.auth import TokenGrant
from server.service import GameService, ruleset_detail

_R = TypeVar("_R", bound=Callable[..., Any])


def query_field(description: str) -> Callable[[_R], _R]:
    """`@strawberry.field(description=...)`, typed: strawberry types its keyword-only form as Any."""
    decorator: Callable[[_R], _R] = strawberry.field(description=description)
    return decorator


def mutation_field(description: str) -> Callable[[_R], _R]:
    decorator: Callable[[_R], _R] = strawberry.mutation(description=description)
    return decorator


def subscription_field(description: str) -> Callable[[_R], _R]:
    decorator: Callable[[_R], _R] = strawberry.subscription(description=description)
    return decorator


def _fields(message: msgspec.Struct) -> dict[str, Any]:
    return msgspec.structs.asdict(message)


async def caller(info: strawberry.Info) -> tuple[GameService, TokenGrant]:
    """The request's service and token (checked once per request or websocket connection)."""
    context = info.context
    if "grant" not in context:
        context["grant"] = await context["service"].tokens.grant(context.get("authorization"), context.get("client"))
    return context["service"], context["grant"]


@functools.lru_cache(maxsize=64)
def _schemas(ruleset_id: str, version: int) -> dict[str, Any]:
    return _fields(ruleset_detail(ruleset_id, version).schemas)


@strawberry.type
class Phase:
    name: str
    commands: list[str] | None = strawberry.field(description="Commands allowed in it; null means all")
    deadline_seconds: int | None
    resolves: bool = strawberry.field(description="Whether closing it runs the ruleset's resolver")


@strawberry.type(
    description="One kind of roll the ruleset makes, for a referee entering physical dice (`EnterDice` with this "
    "`purpose`). The same fields as REST's `dice_purposes`."
)
class DicePurpose:
    purpose: str = strawberry.field(
        description="The string the roll carries, with `<placeholders>` for the ids in it (`turmoil:<race>` is "
        "rolled as `turmoil:elves`)"
    )
    dice: str = strawberry.field(description="How many dice of how many sides (`2d6`; `1dN` with N named in `faces`)")
    decides: str = strawberry.field(description="What the roll settles")
    faces: str = strawberry.field(description="How each face maps to the outcome")
    rule: str = strawberry.field(description="Where the rule text says so (empty if nowhere)")


@strawberry.type(description="A game's rules: its phases, commands, dice purposes and (on request) their JSON Schemas.")
class Ruleset:
    id: str
    version: int
    title: str
    description: str
    phases: list[Phase]
    commands: list[str]
    gm_commands: list[str]
    successors: bool = strawberry.field(description="Whether a finished game can open a next one (openSuccessor)")
    content_packs: bool = strawberry.field(description="Whether it takes content packs (uploadContentPack)")

    @query_field(
        "JSON Schemas of commands, events, setup, settings and view, from its types. Needs a token (any token): "
        "large documents are not for anonymous callers; REST serves them with an ETag."
    )
    async def schemas(self, info: strawberry.Info) -> JSON:
        await caller(info)
        return JSON(_schemas(self.id, self.version))

    @query_field("Every kind of roll it makes: what to enter as `EnterDice.purpose` and what the faces decide.")
    def dice_purposes(self) -> list[DicePurpose]:
        return [DicePurpose(**_fields(p)) for p in rulesets.get(self.id, self.version).dice_purposes]

    @classmethod
    def build(cls, r: s.RulesetSummary) -> Ruleset:
        phases = [Phase(**_fields(p)) for p in r.phases]
        return cls(
            id=r.id,
            version=r.version,
            title=r.title,
            description=r.description,
            phases=phases,
            commands=r.commands,
            gm_commands=r.gm_commands,
            successors=r.successors,
            content_packs=r.content_packs,
        )


@strawberry.type(description="A game as listed (from the games read model).")
class Game:
    game_id: str
    name: str
    ruleset_id: str
    ruleset_version: int
    status: str
    turn: int
    phase: str | None
    deadline: datetime | None
    seat_count: int
    version: int
    created_at: datetime
    previous_game_id: str | None = strawberry.field(description="The finished game this one follows")
    next_game_ids: list[str] = strawberry.field(description="The games opened after this one finished")


@strawberry.type
class GamePage:
    games: list[Game]
    next_cursor: str | None = strawberry.field(description="Pass as `cursor` for the next page")

    @classmethod
    def build(cls, page: s.GameList) -> GamePage:
        return cls(games=[Game(**_fields(g)) for g in page.games], next_cursor=page.next_cursor)


@strawberry.enum
class SeatRole(Enum):
    PLAYER = "player"
    BOT = "bot"
    OBSERVER = "observer"
    CO_GM = "co_gm"


@strawberry.type
class Seat:
    seat_id: str
    name: str
    role: str
    controls: str | None

    @classmethod
    def build(cls, seat: SeatInfo) -> Seat:
        return cls(**_fields(seat))


@strawberry.type(description="Physical dice the GM entered, waiting for the next matching roll.")
class PendingDice:
    sides: int
    results: list[int]
    purpose: str | None


@strawberry.type(description="The engine's part of a game's state: lifecycle, turn, phase, seats, dice.")
class GameMeta:
    game_id: str
    name: str
    ruleset_id: str
    ruleset_version: int
    status: str
    turn: int
    phase: str | None
    deadline: datetime | None
    seats: list[Seat]
    dice_commitment: str = strawberry.field(description="SHA-256 of the current secret dice seed")
    dice_epoch: int
    ended_reason: str | None
    pending_dice: list[PendingDice] | None
    paused_at: datetime | None = strawberry.field(description="Set while the GM has paused the game")
    previous_game_id: str | None = strawberry.field(
        default=None, description="The finished game this one follows (a campaign's previous session or era)"
    )
    next_game_ids: list[str] = strawberry.field(
        default_factory=list, description="The games opened after this one finished"
    )
    content_pack: JSON | None = strawberry.field(
        default=None, description="The content pack pinned at creation: name, version, digest"
    )

    @classmethod
    def build(cls, meta: GameMetaView) -> GameMeta:
        # Only the fields this type declares: a field added to the REST view must not break GraphQL.
        fields = {k: v for k, v in _fields(meta).items() if k in cls.__annotations__}
        fields["seats"] = [Seat.build(seat) for seat in meta.seats]
        if meta.pending_dice is not None:
            fields["pending_dice"] = [PendingDice(**_fields(d)) for d in meta.pending_dice]
        if meta.content_pack is not None:
            fields["content_pack"] = JSON(_fields(meta.content_pack))
        return cls(**fields)


@strawberry.type
class Caller:
    role: str
    seat_id: str | None
    controls: str | None


@strawberry.type
class GameDetail:
    version: int
    game: GameMeta
    you: Caller

    @classmethod
    def build(cls, detail: s.GameDetail) -> GameDetail:
        return cls(version=detail.version, game=GameMeta.build(detail.game), you=Caller(**_fields(detail.you)))


@strawberry.type(description="The caller's view of the game at one version.")
class State:
    version: int
    latest_version: int
    game: GameMeta
    view: JSON = strawberry.field(description="The ruleset's view for the caller (its `view` JSON Schema)")

    @classmethod
    def build(cls, state: s.StateDocument) -> State:
        return cls(
            version=state.version,
            latest_version=state.latest_version,
            game=GameMeta.build(state.game),
            view=JSON(msgspec.json.decode(state.view)),
        )


@strawberry.type(description="Who did it and from which token: shown to GMs only.")
class Metadata:
    actor: str
    role: str
    recorded_at: datetime
    seat_id: str | None
    token_id: str | None
    command_id: str | None
    command_type: str | None
    correlation_id: str | None
    causation_id: str | None
    turn: int | None


@strawberry.type(description="One event as the caller may see it.")
class Event:
    version: int
    type: str
    data: JSON
    recorded_at: datetime | None
    turn: int | None
    metadata: Metadata | None

    @classmethod
    def build(cls, e: s.EventEnvelope) -> Event:
        metadata = Metadata(**_fields(e.metadata)) if e.metadata is not None else None
        return cls(
            version=e.version, type=e.type, data=JSON(e.data), recorded_at=e.recorded_at, turn=e.turn, metadata=metadata
        )


@strawberry.type(description="Events after `after`; continue from `nextAfter` while `more` is true.")
class EventPage:
    events: list[Event]
    next_after: int
    head_version: int
    more: bool

    @classmethod
    def build(cls, page: s.EventPage) -> EventPage:
        return cls(
            events=[Event.build(e) for e in page.events],
            next_after=page.next_after,
            head_version=page.head_version,
            more=page.more,
        )


@strawberry.type
class AvailableCommand:
    type: str
    schema: JSON


@strawberry.type(description="What the caller may issue now, with each command's JSON Schema.")
class AvailableCommands:
    version: int
    turn: int
    phase: str | None
    deadline: datetime | None
    commands: list[AvailableCommand]

    @classmethod
    def build(cls, a: s.AvailableCommands) -> AvailableCommands:
        commands = [AvailableCommand(type=c.type, schema=JSON(c.schema)) for c in a.commands]
        return cls(version=a.version, turn=a.turn, phase=a.phase, deadline=a.deadline, commands=commands)


@strawberry.type
class Turn:
    turn: int
    started_version: int
    started_at: datetime
    ended_version: int | None
    ended_at: datetime | None
    phases: JSON


@strawberry.type(description="A turn and the events of it the caller may see: public news and private reports.")
class TurnReport:
    turn: Turn
    events: list[Event]

    @classmethod
    def build(cls, report: s.TurnReport) -> TurnReport:
        return cls(turn=Turn(**_fields(report.turn)), events=[Event.build(e) for e in report.events])


@strawberry.type(description="The new game. `gmToken` is shown only here: store it.")
class CreatedGame:
    game_id: str
    version: int
    gm_token: str
    gm_token_id: str
    dice_commitment: str


@strawberry.type(description="The new seat. `token` is shown only here: give it to the seat's player or bot.")
class CreatedSeat:
    seat: Seat
    token: str
    token_id: str
    version: int

    @classmethod
    def build(cls, created: s.CreatedSeat) -> CreatedSeat:
        return cls(
            seat=Seat.build(created.seat), token=created.token, token_id=created.token_id, version=created.version
        )


@strawberry.type(description="The command was accepted; `events` are those of its events the caller may see.")
class Accepted:
    game_id: str
    command_id: str
    version: int
    events: list[Event]
    replayed: bool = strawberry.field(description="True when this is the stored result of an idempotent retry")

    @classmethod
    def build(cls, outcome: AcceptedOutcome, events: list[s.EventEnvelope]) -> Accepted:
        return cls(
            game_id=outcome.game_id,
            command_id=outcome.command_id,
            version=outcome.version,
            events=[Event.build(e) for e in events],
            replayed=outcome.replayed,
        )


@strawberry.type(description="The rules refused the command; nothing was appended. `code` is stable.")
class Rejected:
    game_id: str
    command_id: str
    code: str
    message: str
    status: int = strawberry.field(description="The HTTP status REST would answer (422, 403 or 409)")
    replayed: bool

    @classmethod
    def build(cls, refused: Refused) -> Rejected:
        return cls(
            game_id=refused.game_id,
            command_id=refused.command_id,
            code=refused.code,
            message=refused.message,
            status=refused.http_status,
            replayed=refused.replayed,
        )


CommandResult = Annotated[Accepted | Rejected, strawberry.union("CommandResult")]
