"""Typed GraphQL inputs for every ruleset's commands, generated from the same msgspec Structs as the REST schema.

Per built-in ruleset, a one-of input (`@oneOf`) names each command once:

    mutation { submitSecondEraCommand(gameId: "...", command: {growTribe: {role: "farmer"}}) { ... } }

Each command is an input type (`SecondEraGrowTribeInput`; engine commands `StartGameInput`, shared); a command
without fields is a `Boolean` (`{startGame: true}`). Field types follow the Struct: `Int`, `Float`, `String`,
`Boolean`, lists, nested inputs; an exact number is a `String` in the `Exact` form ("1100/9"); a literal is a
`String` (the server names the allowed values when it refuses one); maps, fixed tuples and unions of several
types are `JSON`. The input is turned back into the command's JSON and submitted exactly as `submitCommand`
(the generic mutation, which takes `command: JSON!`, stays as a fallback) would: same checks, same results.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from fractions import Fraction
from typing import Any

import msgspec
import strawberry
from msgspec import inspect as mi
from strawberry.scalars import JSON
from strawberry.types.unset import UNSET

from domain import rulesets
from domain.engine.messages import ENGINE_COMMANDS
from domain.engine.ruleset import Ruleset
from events.codec import tag_of
from server.openapi_rulesets import type_prefix

Submit = Callable[..., Awaitable[Any]]
_SCALARS: dict[type, Any] = {mi.IntType: int, mi.FloatType: float, mi.StrType: str, mi.BoolType: bool}
_LISTS = (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)


def _nullable(annotation: Any) -> bool:
    return type(None) in getattr(annotation, "__args__", ())


def snake(tag: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", tag).lower()


class InputBuilder:
    """Strawberry input classes for Structs, made once each (engine types shared, ruleset types prefixed)."""

    def __init__(self) -> None:
        self.inputs: dict[tuple[str, type], Any] = {}
        self.structs: dict[Any, type] = {}  # input class -> its Struct

    def field_type(self, info: mi.Type, prefix: str) -> Any:
        if type(info) in _SCALARS:
            return _SCALARS[type(info)]
        if isinstance(info, mi.CustomType) and info.cls is Fraction:
            return str
        if isinstance(info, mi.LiteralType | mi.EnumType):
            return str
        if isinstance(info, _LISTS):
            return list[self.field_type(info.item_type, prefix)]  # type: ignore[misc]
        if isinstance(info, mi.StructType):
            return self.struct_input(info.cls, prefix)
        if isinstance(info, mi.UnionType):
            options = [t for t in info.types if not isinstance(t, mi.NoneType)]
            if len(options) == 1:
                return self.field_type(options[0], prefix) | None
        return JSON

    def struct_input(self, kind: type, prefix: str) -> Any:
        key = (prefix, kind)
        if key not in self.inputs:
            name = f"{prefix}{kind.__name__}Input"
            info = mi.type_info(kind)
            assert isinstance(info, mi.StructType)
            fields = [f for f in info.fields if f.encode_name != info.tag_field]
            typed = {f.name: self.field_type(f.type, prefix) for f in fields}
            # A required field that cannot be null is `!` (and comes first: the rest have defaults).
            needed = [f.name for f in fields if f.required and not _nullable(typed[f.name])]
            annotations = {name: typed[name] for name in needed}
            annotations |= {name: typed[name] | None for name in typed if name not in needed}
            defaults = {name: UNSET for name in annotations if name not in needed}
            namespace: dict[str, Any] = {"__annotations__": annotations, **defaults}
            doc = (kind.__doc__ or kind.__name__).strip()
            made = strawberry.input(type(name, (), namespace), name=name, description=doc)
            self.inputs[key] = made
            self.structs[made] = kind
        return self.inputs[key]

    def command_input(self, ruleset: Ruleset) -> Any:
        """`<Prefix>CommandInput @oneOf`: one field per command (engine commands included)."""
        prefix = type_prefix(ruleset.id)
        members = getattr(ruleset.command_type, "__args__", None) or (ruleset.command_type,)
        annotations: dict[str, Any] = {}
        for kind, owner in [*((k, "") for k in ENGINE_COMMANDS), *((k, prefix) for k in members)]:
            info = mi.type_info(kind)
            assert isinstance(info, mi.StructType)
            has_fields = any(f.encode_name != info.tag_field for f in info.fields)
            annotations[snake(tag_of(kind))] = (self.struct_input(kind, owner) if has_fields else bool) | None
        name = f"{prefix}CommandInput"
        namespace: dict[str, Any] = {"__annotations__": annotations, **dict.fromkeys(annotations, UNSET)}
        doc = f"Exactly one {ruleset.title} command (or engine command), named by its tag in camelCase."
        return strawberry.input(type(name, (), namespace), name=name, one_of=True, description=doc)

    def to_json(self, value: Any) -> Any:
        """An input value as the command's JSON (fields by their wire names; unset fields left out)."""
        kind = self.structs.get(type(value))
        if kind is None:
            return [self.to_json(v) for v in value] if isinstance(value, list) else value
        info = mi.type_info(kind)
        assert isinstance(info, mi.StructType)
        out: dict[str, Any] = {}
        for field in info.fields:
            given = getattr(value, field.name, UNSET)
            if given is UNSET:
                if field.required and field.encode_name != info.tag_field:
                    out[field.encode_name] = None
                continue
            out[field.encode_name] = self.to_json(given)
        return out

    def command_json(self, ruleset: Ruleset, command: Any) -> dict[str, Any]:
        """The one command set in a `<Prefix>CommandInput`, with its `type` tag."""
        members = getattr(ruleset.command_type, "__args__", None) or (ruleset.command_type,)
        by_field = {snake(tag_of(k)): k for k in (*ENGINE_COMMANDS, *members)}
        for field, kind in by_field.items():
            given = getattr(command, field, UNSET)
            if given is not UNSET and given is not None:
                body = {} if isinstance(given, bool) else self.to_json(given)
                return {**body, "type": tag_of(kind)}
        raise ValueError("no command given")  # @oneOf makes GraphQL refuse this before the resolver


def ruleset_mutations(submit: Submit, result_type: Any) -> type:
    """A Mutation type with `submit<Prefix>Command` for each built-in ruleset. `submit(info, game_id, body,
    if_match, idempotency_key)` is the generic mutation's own path."""
    builder = InputBuilder()
    namespace: dict[str, Any] = {}
    for ruleset in rulesets.builtin():
        command_input = builder.command_input(ruleset)
        namespace[f"submit_{snake(type_prefix(ruleset.id))}_command"] = strawberry.mutation(
            resolver=_resolver(builder, ruleset, command_input, submit, result_type),
            description=f"Submit one command of {ruleset.title}, typed (`{type_prefix(ruleset.id)}CommandInput`). "
            "`ifMatch` pins the game version; `idempotencyKey` makes retries safe. Rule refusals are `Rejected`.",
        )
    return strawberry.type(type("RulesetMutation", (), namespace))


def _resolver(builder: InputBuilder, ruleset: Ruleset, command_input: Any, submit: Submit, result: Any) -> Any:
    async def resolve(
        info: strawberry.Info,
        game_id: str,
        command: Any,
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> Any:
        body = msgspec.json.encode(builder.command_json(ruleset, command))
        return await submit(info, game_id, body, if_match, idempotency_key)

    resolve.__annotations__ = {
        "info": strawberry.Info,
        "game_id": str,
        "command": command_input,
        "if_match": int | None,
        "idempotency_key": str | None,
        "return": result,
    }
    return resolve
