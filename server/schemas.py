"""The API's message shapes (msgspec Structs); their JSON Schemas are merged into the OpenAPI document."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec

from domain.engine import DicePurpose, GameMetaView, SeatInfo
from server.schemas_campaigns import CAMPAIGN_REQUEST_TYPES, CAMPAIGN_RESPONSE_TYPES, ContentPackChoice
from server.schemas_seats import SEAT_REQUEST_TYPES, SEAT_RESPONSE_TYPES
from server.wire_text import NO_NUL, NOT_BLANK

# What the server refuses in text, stated in the schema (the server keeps its own codes for it): PostgreSQL
# text cannot hold NUL (`request.nul_character`), and a name or a GM's reason may not be blank (`*_required`).
_NO_NUL, _NOT_BLANK = NO_NUL, NOT_BLANK
Text = Annotated[str, msgspec.Meta(extra_json_schema={"pattern": _NO_NUL})]
Name = Annotated[str, msgspec.Meta(extra_json_schema={"minLength": 1, "pattern": _NOT_BLANK})]
Reason = Name
Version = Annotated[int, msgspec.Meta(ge=1, le=2**53)]
TurnNumber = Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]


class PhaseInfo(msgspec.Struct, frozen=True):
    name: str
    commands: list[str] | None
    deadline_seconds: int | None
    resolves: bool


class RulesetSummary(msgspec.Struct, frozen=True):
    id: str
    version: int
    title: str
    description: str
    phases: list[PhaseInfo]
    commands: list[str]
    gm_commands: list[str]
    # Whether a finished game can open a next one (`POST /v1/games/{id}/successor`) and takes content packs.
    successors: bool = False
    content_packs: bool = False


class RulesetSchemas(msgspec.Struct, frozen=True):
    """JSON Schemas generated from the ruleset's msgspec types (engine commands and events included)."""

    commands: dict[str, Any]
    events: dict[str, Any]
    setup: dict[str, Any]
    settings: dict[str, Any]
    view: dict[str, Any]
    # The content pack document (`POST /v1/rulesets/{id}/content-packs`); null when the ruleset takes none.
    content_pack: dict[str, Any] | None = None


class RulesetDetail(msgspec.Struct, frozen=True):
    """A ruleset, its JSON Schemas, and every kind of roll it makes (for referees entering physical dice with
    `EnterDice`: its `purpose`, how many dice, and what each face decides)."""

    ruleset: RulesetSummary
    schemas: RulesetSchemas
    dice_purposes: list[DicePurpose]


class RulesetList(msgspec.Struct, frozen=True):
    rulesets: list[RulesetSummary]


class CreateGameRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Create a game. `scenario` is the ruleset's setup document; `settings` its game settings (an object;
    omitted settings take the ruleset's defaults). `content_pack`: a stored pack of the ruleset to play with
    (`POST /v1/rulesets/{id}/content-packs`); the game pins its version."""

    ruleset: Annotated[str, msgspec.Meta(extra_json_schema={"minLength": 1, "pattern": _NO_NUL})]
    name: Name
    scenario: msgspec.Raw
    settings: msgspec.Raw = msgspec.field(default_factory=lambda: msgspec.Raw(b"{}"))
    ruleset_version: int | None = None
    content_pack: ContentPackChoice | None = None


class GameSummary(msgspec.Struct, frozen=True):
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
    # The chain of games: the finished game this one follows, and the games opened after this one.
    previous_game_id: str | None = None
    next_game_ids: list[str] = []


class GameList(msgspec.Struct, frozen=True):
    games: list[GameSummary]
    next_cursor: str | None = None


class CreatedGame(msgspec.Struct, frozen=True):
    """The new game. `gm_token` is shown only here: store it."""

    game_id: str
    version: int
    gm_token: str
    gm_token_id: str
    dice_commitment: str


class GameDetail(msgspec.Struct, frozen=True):
    version: int
    game: GameMetaView
    you: Caller


class Caller(msgspec.Struct, frozen=True):
    role: str
    seat_id: str | None = None
    controls: str | None = None


class AddSeatRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Name
    role: Literal["player", "bot", "observer", "co_gm"] = "player"
    controls: Text | None = None


class CreatedSeat(msgspec.Struct, frozen=True):
    """The new seat. `token` is shown only here: give it to the seat's player or bot."""

    seat: SeatInfo
    token: str
    token_id: str
    version: int


class Metadata(msgspec.Struct, frozen=True, omit_defaults=True):
    actor: str
    role: str
    recorded_at: datetime
    seat_id: str | None = None
    token_id: str | None = None
    command_id: str | None = None
    command_type: str | None = None
    correlation_id: str | None = None
    causation_id: str | None = None
    turn: int | None = None


class Reverted(msgspec.Struct, frozen=True):
    """This event was rolled back by the `TimelineReverted` at version `at`."""

    at: int
    reason: str
    by: str


class EventEnvelope(msgspec.Struct, frozen=True, omit_defaults=True):
    """One event as the caller may see it. `metadata` (who, which token) is shown to GMs only; `reverted` marks
    an event a rollback undid (it stays in the history)."""

    version: int
    type: str
    data: dict[str, Any]
    recorded_at: datetime | None = None
    turn: int | None = None
    metadata: Metadata | None = None
    reverted: Reverted | None = None
    entered_by: str | None = None
    """Set when the GM entered this event's command on a seat's behalf (orders by mail): who, and the order's
    source. Shown to the GM and to that seat."""


class StreamTicket(msgspec.Struct, frozen=True):
    """Opens this game's event stream as the token that asked for it, from a browser `EventSource`:
    `GET /v1/games/{id}/events/stream?ticket=<ticket>` until `expires_at` (60 seconds)."""

    ticket: str
    expires_at: datetime


class EventPage(msgspec.Struct, frozen=True):
    """Events after `after`, up to `limit`. Continue from `next_after` while `more` is true."""

    events: list[EventEnvelope]
    next_after: int
    head_version: int
    more: bool


class StateResponse(msgspec.Struct, frozen=True):
    version: int
    latest_version: int
    game: GameMetaView
    view: dict[str, Any]


class StateDocument(msgspec.Struct, frozen=True):
    """`StateResponse` as the service returns it: the view is encoded once, as JSON, and sent as it is (REST), or
    decoded once for GraphQL's `JSON` scalar."""

    version: int
    latest_version: int
    game: GameMetaView
    view: msgspec.Raw


class AvailableCommand(msgspec.Struct, frozen=True):
    type: str
    schema: dict[str, Any]


class AvailableCommands(msgspec.Struct, frozen=True):
    version: int
    turn: int
    phase: str | None
    deadline: datetime | None
    commands: list[AvailableCommand]


class CommandAccepted(msgspec.Struct, frozen=True):
    status: Literal["accepted"]
    game_id: str
    command_id: str
    version: int
    events: list[EventEnvelope]
    replayed: bool = False


class TurnSummary(msgspec.Struct, frozen=True):
    turn: int
    started_version: int
    started_at: datetime
    ended_version: int | None
    ended_at: datetime | None
    phases: list[dict[str, Any]]


class TurnList(msgspec.Struct, frozen=True):
    turns: list[TurnSummary]


class TurnReport(msgspec.Struct, frozen=True):
    """A turn and the events of it the caller may see: public news and the caller's private reports."""

    turn: TurnSummary
    events: list[EventEnvelope]


class RollbackRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Roll back to exactly one of: a version, the start of a turn, or the end of a turn. `reason` is required."""

    reason: Reason
    to_version: Version | None = None
    to_turn_start: TurnNumber | None = None
    to_turn_end: TurnNumber | None = None


class AuditEntry(msgspec.Struct, frozen=True):
    """One command: who sent it, with which token, when, and what came of it. Accepted commands list the
    versions and types of their events (a ruling's `reason` included); refused ones their code and message
    (and the body that was sent)."""

    command_id: str
    command_type: str
    outcome: Literal["accepted", "rejected"]
    actor: str
    role: str
    recorded_at: datetime
    seat_id: str | None = None
    token_id: str | None = None
    correlation_id: str | None = None
    turn: int | None = None
    first_version: int | None = None
    last_version: int | None = None
    event_types: list[str] | None = None
    reason: str | None = None
    reverted: bool = False
    code: str | None = None
    message: str | None = None
    body: dict[str, Any] | None = None


class AuditPage(msgspec.Struct, frozen=True):
    """Oldest first. Continue with `cursor=next_cursor` while it is not null."""

    entries: list[AuditEntry]
    next_cursor: str | None = None


class CorrectedOrder(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A corrected or late order, decided as if `seat_id` had sent `command` at the closing state."""

    seat_id: Text
    command: msgspec.Raw


class ReadjudicateRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Re-run a turn's resolution. `dry_run` (the default) only shows what would change."""

    reason: Reason
    dry_run: bool = True
    orders: list[CorrectedOrder] = []
    reroll: bool = False


class Change(msgspec.Struct, frozen=True):
    """At `path` (JSON Pointer), `before` became `after`."""

    path: str
    before: Any = None
    after: Any = None


class ReadjudicationPreview(msgspec.Struct, frozen=True):
    """`changes` maps each seat id (and `gm`) to what would change in that viewer's own view."""

    closing_version: int
    replayed_phases: int
    event_count: int
    changes: dict[str, list[Change]]


class Readjudication(msgspec.Struct, frozen=True):
    preview: ReadjudicationPreview
    committed: CommandAccepted | None = None


class ForkRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Fork at `at_version` (default: now). The fork gets a new id, GM token, seat tokens and dice seed."""

    name: Text | None = None
    at_version: Version | None = None


class ForkedSeat(msgspec.Struct, frozen=True):
    """A seat of the fork with its new token (shown once; the source's tokens do not work in the fork)."""

    seat_id: str
    name: str
    role: str
    controls: str | None
    token: str


class ForkedGame(msgspec.Struct, frozen=True):
    game_id: str
    forked_from: str
    forked_at_version: int
    version: int
    gm_token: str
    gm_token_id: str
    dice_commitment: str
    seats: list[ForkedSeat]


class Point(msgspec.Struct, frozen=True):
    game_id: str
    version: int


class StateDiff(msgspec.Struct, frozen=True):
    """What changed from one point to the other in the caller's view (`game` and the ruleset's `view`)."""

    before: Point
    after: Point
    changes: list[Change]


class Integrity(msgspec.Struct, frozen=True):
    """The game's hash chain recomputed: `ok`, or the first bad link."""

    game_id: str
    ok: bool
    checked: int
    head_version: int
    head_hash: str
    first_bad_version: int | None = None
    problem: str | None = None


class Health(msgspec.Struct, frozen=True, omit_defaults=True):
    """`status` is `ok` (200) or `unavailable` (503). `database`: `ok`; `unavailable` (PostgreSQL cannot be
    reached); `disk_full` (a write failed for lack of disk space in the last 30 s and none has succeeded since).
    `embedded`: the embedded PostgreSQL's state (`running`, `restarting`), absent with `PANTHEON_DATABASE_URL`.
    `leader`: whether this process is the one that runs the scheduler, the read models and the webhook worker for
    every process on the database (README, Several processes); absent when it runs no background jobs."""

    status: Literal["ok", "unavailable"]
    database: Literal["ok", "unavailable", "disk_full"]
    embedded: Literal["running", "restarting"] | None = None
    leader: bool | None = None
    detail: str | None = None


class RevealDiceRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Reveal the current dice epoch's seed; `reason` is required and recorded."""

    reason: Reason


class DiceRollInfo(msgspec.Struct, frozen=True):
    """One `DiceRolled` at `version`. `source`: `server` (derived from the epoch's seeds), `gm` (physical dice the
    GM entered) or `replay` (a same-dice re-adjudication repeating the roll at version `replay_of`). `stream`:
    `public`, `gm` (GM-only) or `seats:...` (the seats that may see it); `roll_index` counts that stream's rolls.
    `verifiable`: a server roll whose seed (public, or for a private stream the epoch's private seed) is revealed.
    `turn`: the turn the roll was made for. `reverted`: a rollback undid it."""

    version: int
    purpose: str
    count: int
    sides: int
    results: list[int]
    roll_index: int
    source: Literal["server", "gm", "replay"]
    epoch: int
    verifiable: bool
    turn: int | None = None
    visible_to: list[str] | None = None
    reverted: bool = False
    stream: str = "public"
    replay_of: int | None = None
    key_commitment: str | None = None


class DiceEpochInfo(msgspec.Struct, frozen=True):
    """A seed epoch: its public seed's commitment (SHA-256 of the seed, hex), published at `committed_version` (1
    for epoch 0, in `GameCreated`), and once revealed its seed (hex) with the reveal's version and reason; the
    same for its private seed (`private_*`; empty commitment for epochs from before private streams), revealed
    only after the game's end. `reason`: why the epoch began (a reveal, an import), when it says."""

    epoch: int
    commitment: str
    committed_version: int
    seed: str | None = None
    revealed_version: int | None = None
    reason: str | None = None
    private_commitment: str = ""
    private_seed: str | None = None
    private_revealed_version: int | None = None
    started_reason: str | None = None


class DiceStreamKey(msgspec.Struct, frozen=True):
    """The key of private stream `stream` in epoch `epoch` (hex), given to the seats that see its rolls once the
    epoch's public seed is revealed: `derive_roll(key, game_id, roll_index, count, sides, stream)` gives each of
    them, and `key_commitment` (SHA-256 of the key) is the one recorded in each roll. At the game's end the
    private seed itself is revealed to everyone."""

    epoch: int
    stream: str
    key: str
    key_commitment: str


class PendingDiceInfo(msgspec.Struct, frozen=True):
    sides: int
    results: list[int]
    purpose: str | None = None


class DiceReport(msgspec.Struct, frozen=True):
    """Every roll the caller may see, every epoch's commitments and every revealed seed. `pending` (GM only):
    physical dice entered and not yet used. `head_hash`: the hash chain's hash at `head_hash_version` (the head;
    for a seat, the last event its own commands did not append); keep it, and give it to `pantheon verify-dice
    --expect-head` to prove that a later export was not rewritten. `stream_keys`: the keys of the caller's own
    private streams in revealed epochs. Derivation: see `pantheon verify-dice` and DESIGN.md §3."""

    game_id: str
    version: int
    current_epoch: int
    reveal_mode: str
    epochs: list[DiceEpochInfo]
    rolls: list[DiceRollInfo]
    pending: list[PendingDiceInfo] | None = None
    head_hash: str = ""
    head_hash_version: int = 0
    stream_keys: list[DiceStreamKey] = []


RESPONSE_TYPES: tuple[type[msgspec.Struct], ...] = (
    RulesetList,
    RulesetDetail,
    GameList,
    CreatedGame,
    GameDetail,
    CreatedSeat,
    EventPage,
    StreamTicket,
    StateResponse,
    AvailableCommands,
    CommandAccepted,
    TurnList,
    TurnReport,
    Integrity,
    AuditPage,
    Readjudication,
    Health,
    DiceReport,
    ForkedGame,
    StateDiff,
    *SEAT_RESPONSE_TYPES,
    *CAMPAIGN_RESPONSE_TYPES,
)
REQUEST_TYPES: tuple[type[msgspec.Struct], ...] = (
    CreateGameRequest,
    AddSeatRequest,
    RollbackRequest,
    RevealDiceRequest,
    ReadjudicateRequest,
    ForkRequest,
    *SEAT_REQUEST_TYPES,
    *CAMPAIGN_REQUEST_TYPES,
)


def _exactly_one(*names: str) -> dict[str, Any]:
    """Exactly one of `names` is given (as a number; the others are absent or null)."""
    return {"oneOf": [{"required": [name], "properties": {name: {"type": "integer"}}} for name in names]}


# What the server enforces across fields, stated in the schema (merged into the named components).
SCHEMA_CONSTRAINTS: dict[str, dict[str, Any]] = {
    "RollbackRequest": _exactly_one("to_version", "to_turn_start", "to_turn_end"),
}
