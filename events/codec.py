"""Encoding of commands, events and states for one ruleset version.

Events are stored as JSON with sorted keys (the canonical form the hash chain covers). Exact fractions are
written as strings `"n/d"` (or `"n"`), never floats. States for snapshots are msgpack.

Upcasters keep old events readable: when a stored event's shape breaks, its old tag is mapped to a function
that rewrites the old JSON object into the new one (`register_upcaster`). Adding a field with a default needs
no upcaster.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Union

import msgspec

from domain.engine.exact import dec_hook, enc_hook
from domain.engine.messages import ENGINE_COMMANDS, ENGINE_EVENTS
from domain.engine.ruleset import Ruleset
from domain.engine.state import GameState

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
_UPCASTERS: dict[tuple[str, str], Upcaster] = {}


def register_upcaster(ruleset_id: str, old_tag: str, upcast: Upcaster) -> None:
    """Rewrite stored events of `old_tag` (of `ruleset_id`, or `"engine"`) before decoding them."""
    _UPCASTERS[(ruleset_id, old_tag)] = upcast


EXACT_SCHEMA: dict[str, Any] = {
    "title": "Exact",
    "type": "string",
    "pattern": r"^-?(0|[1-9]\d*)(/[1-9]\d*)?$",
    "description": "An exact rational number, the one wire form of every exact value (state, events, views): the "
    "string 'p/q' in lowest terms with a positive denominator, or 'p' for a whole number (e.g. '1100/9', '-3'). "
    "Never a float. Display figures (such as a report's '122.22') are report text, not Exact values.",
    "examples": ["1100/9", "-3", "0"],
}


def schema_hook(kind: type) -> dict[str, Any]:
    if kind is Fraction:
        return dict(EXACT_SCHEMA)
    raise NotImplementedError(f"no JSON Schema for {kind!r}")


def json_schema(kind: Any) -> dict[str, Any]:
    """The JSON Schema of a message type, exact fractions included (inlined, titled `Exact`)."""
    return msgspec.json.schema(kind, schema_hook=schema_hook)


def schema_components(
    kinds: tuple[Any, ...], ref_template: str, exact_ref: str
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Named schemas of `kinds` and of every type they use, referenced with `ref_template`; an exact value is a
    `$ref` to `exact_ref` (where the caller puts `EXACT_SCHEMA`, once for every ruleset)."""

    def hook(kind: type) -> dict[str, Any]:
        if kind is Fraction:
            return {"$ref": exact_ref}
        raise NotImplementedError(f"no JSON Schema for {kind!r}")

    schemas, components = msgspec.json.schema_components(kinds, schema_hook=hook, ref_template=ref_template)
    return list(schemas), {name: _plain_tuples(schema) for name, schema in components.items()}


def _plain_tuples(node: Any) -> Any:
    """A tuple's schema without `items: false` (its `maxItems` says the same): client generators read `items` as
    a schema and fail on the boolean."""
    if isinstance(node, dict):
        return {k: _plain_tuples(v) for k, v in node.items() if not (k == "items" and v is False)}
    if isinstance(node, list):
        return [_plain_tuples(v) for v in node]
    return node


_json_encoder = msgspec.json.Encoder(enc_hook=enc_hook, order="sorted")
_msgpack_encoder = msgspec.msgpack.Encoder(enc_hook=enc_hook)


def encode(obj: Any) -> bytes:
    """Canonical JSON (sorted keys) of any message or view."""
    return _json_encoder.encode(obj)


def _members(union: Any) -> tuple[Any, ...]:
    return tuple(getattr(union, "__args__", None) or (union,))


def tag_of(message: Any) -> str:
    return str(message.__struct_config__.tag)


class GameCodec:
    """Decoders for one ruleset version: its commands and events joined with the engine's."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.event_types: tuple[Any, ...] = (*ENGINE_EVENTS, *_members(ruleset.event_type))
        self.command_types: tuple[Any, ...] = (*ENGINE_COMMANDS, *_members(ruleset.command_type))
        self.event_union: Any = Union[self.event_types]  # noqa: UP007 (a runtime union of a tuple)
        self.command_union: Any = Union[self.command_types]  # noqa: UP007
        self.state_type: Any = GameState.__class_getitem__(ruleset.state_type)  # type: ignore[attr-defined]
        self._events = msgspec.json.Decoder(self.event_union, dec_hook=dec_hook)
        self._event_lists = msgspec.json.Decoder(list.__class_getitem__(self.event_union), dec_hook=dec_hook)
        self._commands = msgspec.json.Decoder(self.command_union, dec_hook=dec_hook)
        self._states = msgspec.msgpack.Decoder(self.state_type, dec_hook=dec_hook)
        self.command_tags = frozenset(tag_of(t) for t in self.command_types)
        self.event_tags = frozenset(tag_of(t) for t in self.event_types)

    def decode_event(self, type_: str, data: bytes | str) -> Any:
        upcast = _UPCASTERS and (_UPCASTERS.get((self.ruleset.id, type_)) or _UPCASTERS.get(("engine", type_)))
        if upcast:
            return msgspec.convert(upcast(msgspec.json.decode(data)), self.event_union, dec_hook=dec_hook, strict=False)
        return self._events.decode(data)

    def decode_events(self, rows: Sequence[tuple[int, str, bytes]]) -> list[Any]:
        """The events of many stored rows (version, type, data), in order: one msgspec call over a JSON array of
        their data, not one call per event, unless an upcaster of this ruleset (or of the engine) is registered."""
        if _UPCASTERS and any(owner in (self.ruleset.id, "engine") for owner, _ in _UPCASTERS):
            return [self.decode_event(type_, data) for _, type_, data in rows]
        events: list[Any] = self._event_lists.decode(b"[%b]" % b",".join([row[2] for row in rows]))
        return events

    def decode_command(self, body: bytes | str) -> Any:
        """Raises `msgspec.ValidationError` or `msgspec.DecodeError` with a message naming the bad field."""
        return self._commands.decode(body)

    def encode_state(self, state: GameState[Any]) -> bytes:
        return _msgpack_encoder.encode(state)

    def decode_state(self, data: bytes) -> GameState[Any]:
        state: GameState[Any] = self._states.decode(data)
        return state


_CODECS: dict[tuple[str, int], GameCodec] = {}


def codec_for(ruleset: Ruleset) -> GameCodec:
    key = (ruleset.id, ruleset.version)
    codec = _CODECS.get(key)
    if codec is None or codec.ruleset is not ruleset:
        codec = _CODECS[key] = GameCodec(ruleset)
    return codec
