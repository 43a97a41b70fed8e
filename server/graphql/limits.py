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
GraphQL error whose `extensions.code` is above, and nothing runs. Parsing and validation are cached
(`DocumentCache`: one bounded LRU keyed by the document text; a validation result is kept with the schema and
rules it was made for), so a client repeating a query pays for them once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
    ValidationContext,
    ValidationRule,
    get_named_type,
    parse,
)
from graphql.validation import ASTValidationRule
from strawberry.extensions import SchemaExtension
from strawberry.extensions.max_aliases import create_validator as create_aliases_validator
from strawberry.extensions.query_depth_limiter import create_validator as create_depth_validator
from strawberry.schema.schema import validate_document

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


class _Depth(create_depth_validator(MAX_DEPTH, None)):  # type: ignore[misc]
    """Strawberry's depth rule, except that a spread of an unknown fragment (a KeyError in it) is left to
    graphql-core's own rule, which reports it as an invalid document."""

    def __init__(self, context: ValidationContext) -> None:
        try:
            super().__init__(context)
        except KeyError:
            ValidationRule.__init__(self, context)


# Made once: Strawberry's `MaxAliasesLimiter` makes a new rule class per request, which no cache can key on.
_Aliases: type[ValidationRule] = create_aliases_validator(MAX_ALIASES)
RULES: tuple[type[ValidationRule], ...] = (_Depth, _Aliases, CostLimit)


class _Entry:
    __slots__ = ("document", "errors", "rules", "schema")

    def __init__(self, document: DocumentNode) -> None:
        self.document = document
        self.schema: GraphQLSchema | None = None
        self.rules: tuple[type[ASTValidationRule], ...] = ()
        self.errors: list[GraphQLError] = []


class DocumentCache:
    """Parsed documents and their validation results, by document text: a bounded LRU (`size` entries).

    A validation result is reused only for the same schema object and the same rules; anything else validates
    again (and replaces it). Documents that do not parse are not cached: Strawberry's own parse step reports
    them, within the token limit."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self.parses = 0
        self.validations = 0

    def __len__(self) -> int:
        return len(self._entries)

    def document(self, text: str) -> _Entry | None:
        entry = self._entries.get(text)
        if entry is not None:
            self._entries.move_to_end(text)
            return entry
        try:
            document = parse(text, max_tokens=MAX_TOKENS)
        except GraphQLError:
            return None
        self.parses += 1
        entry = self._entries[text] = _Entry(document)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)
        return entry

    def errors(
        self, entry: _Entry, schema: GraphQLSchema, rules: tuple[type[ASTValidationRule], ...]
    ) -> list[GraphQLError]:
        if entry.schema is not schema or entry.rules != rules:
            self.validations += 1
            entry.errors = validate_document(schema, entry.document, rules)
            entry.schema, entry.rules = schema, rules
        return entry.errors


DOCUMENTS = DocumentCache()


class Limits(SchemaExtension):
    """The limits above, with parsing and validation cached in `DOCUMENTS`: a repeated document costs a lookup.

    The token limit applies when a document is parsed (by the cache, or by Strawberry's parse step for a document
    that does not parse, which reports the syntax error or the limit like any other GraphQL error)."""

    def on_operation(self) -> Iterator[None]:
        context = self.execution_context
        context.parse_options["max_tokens"] = MAX_TOKENS
        context.validation_rules = (*context.validation_rules, *RULES)
        yield

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        if context.graphql_document is None and context.query:
            entry = DOCUMENTS.document(context.query)
            if entry is not None:
                context.graphql_document = entry.document
        yield

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        entry = DOCUMENTS.document(context.query) if context.query else None
        if entry is not None and entry.document is context.graphql_document:
            context.pre_execution_errors = DOCUMENTS.errors(entry, context.schema._schema, context.validation_rules)
        yield


def extensions() -> list[Callable[[], SchemaExtension]]:
    """The schema's limiting extension (a factory: one instance per request)."""
    return [Limits]


def limit_code(message: str) -> str | None:
    return next((code for text, code in LIMIT_CODES if text in message), None)
