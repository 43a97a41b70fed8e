"""The stored content packs a new game can pin (table `content_packs`, migration 010)."""

from __future__ import annotations

from typing import Any

from domain.engine import Ruleset
from domain.engine.messages import ContentPackRef
from server.problems import ApiError
from server.schemas_campaigns import ContentPackChoice


async def pinned_pack(pool: Any, ruleset: Ruleset, choice: ContentPackChoice) -> tuple[ContentPackRef, bytes]:
    """The pack a new game plays with: the version chosen, or the newest stored now (422 if none)."""
    if ruleset.content is None:
        raise ApiError("content.not_supported", f"The ruleset {ruleset.id} takes no content packs.", 422)
    row = await pool.fetchrow(
        "SELECT name, version, digest, document FROM content_packs WHERE ruleset_id = $1 AND name = $2 "
        "AND ($3::int IS NULL OR version = $3) ORDER BY version DESC LIMIT 1",
        ruleset.id,
        choice.name,
        choice.version,
    )
    if row is None:
        which = f"version {choice.version}" if choice.version is not None else "any version"
        raise ApiError(
            "content.not_found",
            f"No stored pack {choice.name} ({which}) for {ruleset.id}: upload it to "
            f"POST /v1/rulesets/{ruleset.id}/content-packs first.",
            422,
        )
    return ContentPackRef(name=row["name"], version=row["version"], digest=row["digest"]), bytes(row["document"])
