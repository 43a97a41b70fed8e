"""Decoding content packs (rules that are data): a ruleset's `ContentHooks.validate` starts here, so every
pack error reads alike and names the entry and field at fault (`at $.powers[3].cost`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import msgspec

from domain.engine.errors import Rejected

T = TypeVar("T")


def decode_pack(document: bytes, kind: type[T]) -> T:
    """The pack document as `kind`, or `Rejected` (`content.invalid`, `content.malformed`, `content.too_deep`)."""
    try:
        return msgspec.json.decode(document, type=kind)
    except msgspec.ValidationError as exc:
        raise Rejected("content.invalid", f"The content pack is invalid: {exc}.") from None
    except msgspec.DecodeError as exc:
        raise Rejected("content.malformed", f"The content pack is not valid JSON: {exc}.") from None
    except RecursionError:
        raise Rejected("content.too_deep", "The content pack nests too deeply.") from None


def inconsistent(problems: Sequence[str]) -> Rejected:
    """A pack that decodes but breaks a rule of its format; each problem names its entry and field."""
    return Rejected("content.inconsistent", "The content pack is inconsistent: " + "; ".join(problems) + ".")


def pinned(ruleset: Any, setup: Any, content: bytes) -> Any:
    """The scenario with the game's content pack in it (the ruleset's `content.pin`), for a game created with one."""
    if ruleset.content is None:
        raise Rejected("content.not_supported", f"The ruleset {ruleset.id} takes no content packs.")
    return ruleset.content.pin(setup, ruleset.content.validate(content))
