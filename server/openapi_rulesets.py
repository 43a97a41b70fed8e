"""One typed OpenAPI 3.1 document per ruleset: how clients find a ruleset's types.

The main document (`/openapi.json`, `openapi/openapi.json`) is ruleset-agnostic. Each ruleset's document
(`GET /v1/rulesets/{id}/openapi.json`, committed as `openapi/rulesets/{id}.json` for the newest version) is the
same API with that ruleset's types in place, so a client generated from it has real classes:

- every ruleset command, event, the scenario (setup), settings and view is a named component, prefixed with
  the ruleset's name (`SecondEra_GrowTribe`, `SecondEra_View`, `SecondEra_Setup`); engine types keep their names;
- `SecondEraCommand` and `SecondEraEvent`: discriminated unions on `type` (engine members included), with a
  `discriminator.mapping` from each tag to its component;
- the command body of `submitCommand` (and a corrected order's `command`) is `SecondEraCommand`; an event
  envelope's `data` is `SecondEraEvent`; `StateResponse.view` is `SecondEra_View`; `CreateGameRequest`'s
  `scenario` and `settings` are `SecondEra_Setup` and `SecondEra_Settings`;
- exact numbers are `Exact` (the string "p/q" in lowest terms, or "p"), as in the main document.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from domain.engine.messages import ENGINE_COMMANDS, ENGINE_EVENTS
from domain.engine.ruleset import Ruleset
from events.codec import schema_components, tag_of
from server.openapi_docs import EXACT_REF, REF, ref


def type_prefix(ruleset_id: str) -> str:
    """`second-era` -> `SecondEra`: the prefix of the ruleset's component names."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[-_\s]+", ruleset_id) if part)


def _members(union: Any) -> tuple[Any, ...]:
    return tuple(getattr(union, "__args__", None) or (union,))


def _union(title: str, description: str, refs: dict[str, str]) -> dict[str, Any]:
    return {
        "title": title,
        "description": description,
        "oneOf": [{"$ref": target} for target in refs.values()],
        "discriminator": {"propertyName": "type", "mapping": dict(refs)},
    }


def ruleset_document(main: dict[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """`main` with `ruleset`'s types in place (see the module docstring); `main` is not changed."""
    document = copy.deepcopy(main)
    prefix = type_prefix(ruleset.id)
    template = REF.format(name=f"{prefix}_{{name}}")
    commands, events = _members(ruleset.command_type), _members(ruleset.event_type)
    kinds = (*commands, *events, ruleset.setup_type, ruleset.settings_type, ruleset.view_type)
    refs, owned = schema_components(kinds, template, EXACT_REF)
    engine_refs, engine_events = schema_components((*ENGINE_COMMANDS, *ENGINE_EVENTS), REF, EXACT_REF)
    schemas: dict[str, Any] = document["components"]["schemas"]
    for name, schema in engine_events.items():
        schemas.setdefault(name, schema)
    # Titled as named: generators name their classes by the title (`SecondEraGrowTribe`), never two alike.
    schemas.update({f"{prefix}_{name}": {**schema, "title": f"{prefix}_{name}"} for name, schema in owned.items()})
    # Each kind's own `$ref`, as msgspec named it (two types of one name get qualified names).
    every = (*kinds, *ENGINE_COMMANDS, *ENGINE_EVENTS)
    target = {kind: r["$ref"] for kind, r in zip(every, (*refs, *engine_refs), strict=True)}
    command_refs = {tag_of(k): target[k] for k in (*ENGINE_COMMANDS, *commands)}
    event_refs = {tag_of(k): target[k] for k in (*ENGINE_EVENTS, *events)}
    schemas[f"{prefix}Command"] = _union(
        f"{prefix}Command", f"One {ruleset.title} command (or an engine command); `type` is its tag.", command_refs
    )
    schemas[f"{prefix}Event"] = _union(
        f"{prefix}Event", f"One {ruleset.title} event (or an engine event) as the caller may see it.", event_refs
    )
    command, view = ref(f"{prefix}Command"), {"$ref": target[ruleset.view_type]}
    schemas["GameCommand"] = {**command, "description": f"A {ruleset.title} command: see {prefix}Command."}
    _set(schemas, "StateResponse", "view", view)
    _set(schemas, "EventEnvelope", "data", ref(f"{prefix}Event"))
    _set(schemas, "CorrectedOrder", "command", command)
    _set(schemas, "CreateGameRequest", "scenario", {"$ref": target[ruleset.setup_type]})
    _set(schemas, "CreateGameRequest", "settings", {"$ref": target[ruleset.settings_type]})
    document["info"] = {
        **document["info"],
        "title": f"Pantheon: {ruleset.title}",
        "description": f"The Pantheon API with the types of `{ruleset.id}` version {ruleset.version} in place: "
        f"commands are `{prefix}Command`, events `{prefix}Event`, the view `{view['$ref'].rsplit('/', 1)[1]}`."
        "\n\n" + document["info"].get("description", ""),
    }
    return document


def _set(schemas: dict[str, Any], component: str, field: str, schema: dict[str, Any]) -> None:
    properties = schemas[component]["properties"]
    described = {k: v for k, v in properties[field].items() if k in ("description", "title")}
    properties[field] = {**schema, **described} if described else schema
