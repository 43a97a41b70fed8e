"""The ruleset registry: the only module that names the rulesets.

Games record `(ruleset_id, ruleset_version)` in `GameCreated`, so the registry keeps every version a stored
game may need. Tests register their own small rulesets with `register`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine.messages import ENGINE_COMMANDS, ENGINE_EVENTS
from domain.engine.ruleset import Ruleset

_REGISTRY: dict[tuple[str, int], Ruleset] = {}
_BUILTIN: set[str] = set()


def _tag_of(kind: type[msgspec.Struct]) -> str:
    return str(kind.__struct_config__.tag)


_ENGINE_TAGS = frozenset(_tag_of(t) for t in [*ENGINE_COMMANDS, *ENGINE_EVENTS])


class UnknownRuleset(LookupError):
    pass


def _tags(union: Any) -> list[str]:
    members = getattr(union, "__args__", None) or (union,)
    tags = []
    for member in members:
        config = getattr(member, "__struct_config__", None)
        if config is None or config.tag is None or config.tag_field != "type":
            raise ValueError(f"{member!r} must be a msgspec Struct tagged with tag_field='type'")
        tags.append(str(config.tag))
    return tags


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset version. Its tags may not shadow the engine's."""
    for union in (ruleset.command_type, ruleset.event_type):
        clash = _ENGINE_TAGS.intersection(_tags(union))
        if clash:
            raise ValueError(f"ruleset {ruleset.id} reuses engine tags {sorted(clash)}")
    msgspec.json.schema(ruleset.setup_type)  # fails early on a setup type that cannot be documented
    _REGISTRY[(ruleset.id, ruleset.version)] = ruleset
    return ruleset


def get(ruleset_id: str, version: int | None = None) -> Ruleset:
    if version is None:
        versions = [v for (rid, v) in _REGISTRY if rid == ruleset_id]
        if not versions:
            raise UnknownRuleset(ruleset_id)
        version = max(versions)
    try:
        return _REGISTRY[(ruleset_id, version)]
    except KeyError:
        raise UnknownRuleset(f"{ruleset_id} v{version}") from None


def latest() -> list[Ruleset]:
    """The newest version of each ruleset, sorted by id."""
    newest: dict[str, Ruleset] = {}
    for (rid, version), ruleset in _REGISTRY.items():
        if rid not in newest or newest[rid].version < version:
            newest[rid] = ruleset
    return [newest[k] for k in sorted(newest)]


def builtin() -> list[Ruleset]:
    """The newest version of each ruleset that ships with the package (not those tests register)."""
    return [r for r in latest() if r.id in _BUILTIN]


def command_tags(ruleset: Ruleset) -> list[str]:
    return _tags(ruleset.command_type)


def _register_builtin() -> None:
    from domain.rulesets import gods2, kingdoms, lote, second_era

    for module in (gods2, kingdoms, lote, second_era):
        _BUILTIN.add(register(module.ruleset).id)


_register_builtin()
