"""What one GraphQL document may cost, checked before anything runs (Strawberry's limiters plus a cost rule).

| limit | value | error code |
|---|---|---|
| tokens in the document | `MAX_TOKENS` | `graphql.too_many_tokens` |
| depth of any operation (introspection not counted; Strawberry's depth rule) | `MAX_DEPTH` | `graphql.too_deep` |
| aliases in the document | `MAX_ALIASES` | `graphql.too_many_aliases` |
| cost of the document | `MAX_COST` | `graphql.too_costly` |

The cost of a document is the number of fields it selects (fragments expanded wherever they are spread), where
fields that read a game's history or compute large documents weigh more (`WEIGHTS`), and what is selected
under a list of known size counts once per item (`FANOUT`). Refused documents get one
GraphQL error whose `extensions.code` is above, and nothing runs. Parsing and validation are cached (bounded
LRU caches keyed by the document text), so a client repeating a query pays for them once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLNamedType,
    GraphQLObjectType,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
    ValidationContext,
    ValidationRule,
    get_named_type,
)
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    SchemaExtension,
    ValidationCache,
)
from strawberry.extensions.query_depth_limiter import create_validator as create_depth_validator

from domain import rulesets

MAX_TOKENS = 2_000
MAX_DEPTH = 10
MAX_ALIASES = 30
# One `rulesets { schemas }` list (100 a ruleset) must fit, two must not: 1,000 holds up to 9 rulesets.
MAX_COST = 1_000
CACHE_SIZE = 256

# (type, field) -> cost of selecting it once. Everything else costs 1.
WEIGHTS: dict[tuple[str, str], int] = {
    ("Ruleset", "schemas"): 100,  # about 100 kB of JSON each: a handful per document
    ("Query", "state"): 10,
    ("Query", "events"): 10,
    ("Query", "turn"): 10,
    ("Query", "turns"): 5,
    ("Query", "availableCommands"): 10,
    ("Query", "audit"): 10,
    ("Query", "integrity"): 20,
    ("Query", "dice"): 10,
    ("Query", "export"): 50,
    ("Query", "diff"): 20,
    ("Query", "seats"): 5,
}

# (type, field) -> how many items a list field returns at most: what is selected under it counts that often.
FANOUT: dict[tuple[str, str], Callable[[], int]] = {
    ("Query", "rulesets"): lambda: len(rulesets.latest()),
    ("Ruleset", "dicePurposes"): lambda: max((len(r.dice_purposes) for r in rulesets.latest()), default=0),
}

# The limiters' own messages, mapped to stable codes (server/graphql/errors.py).
LIMIT_CODES: tuple[tuple[str, str], ...] = (
    ("exceeds maximum operation depth", "graphql.too_deep"),
    ("aliases found. Allowed", "graphql.too_many_aliases"),
    ("Document contains more than", "graphql.too_many_tokens"),
)


def _cost(
    selections: SelectionSetNode | None,
    parent: GraphQLNamedType | None,
    fragments: dict[str, FragmentDefinitionNode],
    context: ValidationContext,
    seen: frozenset[str],
) -> int:
    if selections is None:
        return 0
    total = 0
    for selection in selections.selections:
        if isinstance(selection, FieldNode):
            name = selection.name.value
            child: GraphQLNamedType | None = None
            if isinstance(parent, GraphQLObjectType) and name in parent.fields:
                child = get_named_type(parent.fields[name].type)
            key = (parent.name, name) if parent is not None else ("", name)
            fanout = FANOUT[key]() if key in FANOUT else 1
            below = _cost(selection.selection_set, child, fragments, context, seen)
            total += WEIGHTS.get(key, 1) + fanout * below
        elif isinstance(selection, InlineFragmentNode):
            condition = selection.type_condition
            kind = context.schema.get_type(condition.name.value) if condition else parent
            total += _cost(selection.selection_set, kind, fragments, context, seen)
        elif isinstance(selection, FragmentSpreadNode):
            name = selection.name.value
            fragment = fragments.get(name)
            if fragment is None or name in seen:
                continue  # unknown or cyclic: graphql-core's own rules report it
            kind = context.schema.get_type(fragment.type_condition.name.value)
            total += _cost(fragment.selection_set, kind, fragments, context, seen | {name})
    return total


class CostLimit(ValidationRule):
    def __init__(self, context: ValidationContext) -> None:
        super().__init__(context)
        document = context.document
        fragments = {d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)}
        roots: dict[str, Any] = {
            "query": context.schema.query_type,
            "mutation": context.schema.mutation_type,
            "subscription": context.schema.subscription_type,
        }
        total = 0
        for operation in document.definitions:
            if isinstance(operation, OperationDefinitionNode):
                root = roots.get(operation.operation.value)
                total += _cost(operation.selection_set, root, fragments, context, frozenset())
        if total > MAX_COST:
            context.report_error(
                GraphQLError(
                    f"This document costs {total}, more than the {MAX_COST} allowed per request (each field costs 1, "
                    "history and schema fields more); split it into several requests.",
                    extensions={"code": "graphql.too_costly", "status": 400, "cost": total, "maxCost": MAX_COST},
                )
            )


class CachedParse(ParserCache):
    """Strawberry's `ParserCache`, except that a document that does not parse is left to Strawberry's own parse
    step, which reports the syntax error (or the token limit) as a GraphQL error like any other: raised from the
    extension, it would escape the error mapping."""

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        with contextlib.suppress(GraphQLError):
            context.graphql_document = self.cached_parse_document(context.query, **context.parse_options)
        yield


class _Depth(create_depth_validator(MAX_DEPTH, None)):  # type: ignore[misc]
    """Strawberry's depth rule, except that a spread of an unknown fragment (a KeyError in it) is left to
    graphql-core's own rule, which reports it as an invalid document."""

    def __init__(self, context: ValidationContext) -> None:
        try:
            super().__init__(context)
        except KeyError:
            ValidationRule.__init__(self, context)


def extensions() -> list[Callable[[], SchemaExtension]]:
    """The schema's limiting extensions (factories: one instance per request), cheapest checks first."""
    return [
        lambda: MaxTokensLimiter(max_token_count=MAX_TOKENS),
        lambda: CachedParse(maxsize=CACHE_SIZE),
        lambda: AddValidationRules([_Depth]),
        lambda: MaxAliasesLimiter(max_alias_count=MAX_ALIASES),
        lambda: AddValidationRules([CostLimit]),
        lambda: ValidationCache(maxsize=CACHE_SIZE),
    ]


def limit_code(message: str) -> str | None:
    return next((code for text, code in LIMIT_CODES if text in message), None)
