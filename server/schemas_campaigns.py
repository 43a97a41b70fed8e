"""Message shapes of content packs and successor games (`server/campaigns.py`); merged into `server.schemas`."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec

from domain.engine.messages import ContentPackRef
from server.wire_text import NOT_BLANK

PackName = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=100,
        pattern=r"^[a-z0-9][a-z0-9._-]{0,99}$",
        description="Lower-case letters, digits, `.`, `_` and `-`",
    ),
]
PackVersion = Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=200, extra_json_schema={"pattern": NOT_BLANK})]
Note = Annotated[str, msgspec.Meta(max_length=2000)]
# A JSON document typed by the ruleset (its own OpenAPI document says how): an object, or null for "none".
Document = Annotated[msgspec.Raw, msgspec.Meta(extra_json_schema={"type": "object"})]
OptionalDocument = Annotated[msgspec.Raw, msgspec.Meta(extra_json_schema={"type": ["object", "null"]})]


class ContentPackChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A stored pack a new game plays with: `version` pins one; omitted, the newest version now is pinned."""

    name: PackName
    version: PackVersion | None = None


class ContentPackUpload(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A new pack version for a ruleset. `content` is the pack document, in the ruleset's format (see the
    sample packs). Stored versions never change: upload the next `version` instead."""

    name: PackName
    version: PackVersion
    content: Document
    description: Note = ""


class ContentPackSummary(msgspec.Struct, frozen=True):
    ruleset_id: str
    name: str
    version: int
    digest: str
    description: str
    uploaded_at: datetime
    bytes: int


class ContentPackList(msgspec.Struct, frozen=True):
    """One page of a ruleset's stored packs, by name then version. `next_cursor`: pass it as `cursor` for the
    next page; null on the last page."""

    packs: list[ContentPackSummary]
    next_cursor: str | None = None


class ContentPack(msgspec.Struct, frozen=True):
    """A stored pack: its summary and its document exactly as uploaded."""

    pack: ContentPackSummary
    content: msgspec.Raw


class SuccessorRequest(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Open the game that follows this finished one.

    The scenario is the one the ruleset carries over from this game's end; `scenario_patch` amends it (a JSON
    merge patch, RFC 7386: objects merge, `null` deletes, anything else replaces). `settings`: the new game's
    settings (default: this game's). `content_pack`: the pack to play with (default: the pack this game pinned,
    same version); each may be `null` or absent. `carry_seats`: give the new game this game's seats (new
    tokens) where its ruleset accepts them."""

    name: Name | None = None
    scenario_patch: OptionalDocument = msgspec.field(default_factory=lambda: msgspec.Raw(b"null"))
    settings: OptionalDocument = msgspec.field(default_factory=lambda: msgspec.Raw(b"null"))
    content_pack: ContentPackChoice | None = None
    carry_seats: bool = True


class CarriedSeat(msgspec.Struct, frozen=True):
    """A seat of the new game, with its new token (shown once; the old game's tokens do not work there)."""

    seat_id: str
    name: str
    role: str
    controls: str | None
    token: str


class DroppedSeat(msgspec.Struct, frozen=True):
    """A seat of the old game the new one does not have, and why (its ruleset refused what it controls)."""

    seat_id: str
    name: str
    reason: str


class SuccessorGame(msgspec.Struct, frozen=True):
    game_id: str
    previous_game_id: str
    version: int
    gm_token: str
    gm_token_id: str
    dice_commitment: str
    seats: list[CarriedSeat]
    dropped_seats: list[DroppedSeat]
    content_pack: ContentPackRef | None = None


CAMPAIGN_RESPONSE_TYPES: tuple[type[msgspec.Struct], ...] = (
    ContentPackSummary,
    ContentPackList,
    ContentPack,
    SuccessorGame,
)
CAMPAIGN_REQUEST_TYPES: tuple[type[msgspec.Struct], ...] = (ContentPackUpload, SuccessorRequest, ContentPackChoice)
