"""A query or mutation whose document is cached and valid, executed without Strawberry's per-request extensions.

Strawberry's `Schema.execute` makes the schema's extensions anew for every request and runs each phase
(operation, parsing, validation, execution) through a context manager per extension, even where the
document cache (`limits.DOCUMENTS`) already answers parsing and validation: about a tenth of a small query's
server CPU (py-spy, issue 15). `execute` below does what those extensions do, directly, for the common case:
the document is in the cache and valid under the same rules (`Limits`), the operation is a query or a mutation
this transport allows, and every error of the result is logged if unexpected (`Schema.process_errors`) and
then mapped to its problem code (`ProblemErrors`). Anything else (no query, a syntax error, a validation
error, an unknown operation name, a subscription) returns `None`, and Strawberry's own path answers it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from graphql import GraphQLError, get_operation_ast
from graphql import execute as graphql_execute
from graphql.validation import specified_rules
from strawberry.execution import optimized_is_awaitable
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.types import ExecutionResult
from strawberry.types.graphql import OperationType
from strawberry.utils.await_maybe import await_maybe

from server.graphql.errors import mapped
from server.graphql.limits import DOCUMENTS, RULES

if TYPE_CHECKING:
    from strawberry import Schema

# What `Limits.on_operation` makes of an execution context's default rules (`specified_rules`): the same tuple,
# so that the cached validation result is the one Strawberry's path would use.
_RULES = (*specified_rules, *RULES)
_LEAN = {"query": OperationType.QUERY, "mutation": OperationType.MUTATION}


class _Executor(StrawberryGraphQLCoreExecutionContext):
    """Strawberry's executor, less one reference cycle per request. graphql-core's executor keeps helpers made of
    its own bound methods (`async_helpers`), so each request's executor, and with it the request's context,
    `Request` and everything they hold (about a hundred objects), waited for the cyclic garbage collector: in
    a loaded server that was 0.1-0.2 ms of collection per GraphQL request, in pauses of tens of ms. The helpers
    are dropped once the response is built with no work left in the background (the schema has no @defer or
    @stream, so nothing is delivered after it), and reference counting frees the rest at once."""

    def build_response(self, data: dict[str, Any] | None) -> Any:
        response = super().build_response(data)
        if not self.background_futures:
            self.__dict__.pop("async_helpers", None)
        return response


async def execute(
    schema: Schema,
    query: str | None,
    variable_values: dict[str, Any] | None,
    context_value: Any,
    root_value: Any,
    operation_name: str | None,
    allowed: Iterable[OperationType] | None,
    operation_extensions: dict[str, Any] | None,
) -> ExecutionResult | None:
    """The result, or None when Strawberry's own path must answer (see the module's docstring)."""
    entry = DOCUMENTS.document(query) if query else None
    if entry is None or DOCUMENTS.errors(entry, schema._schema, _RULES):
        return None
    operation = get_operation_ast(entry.document, operation_name)
    if operation is None:
        return None
    kind = _LEAN.get(operation.operation.value)
    if kind is None or (allowed is not None and kind not in allowed):
        return None
    try:
        result = await await_maybe(
            graphql_execute(
                schema._schema,
                entry.document,
                root_value=root_value,
                variable_values=variable_values,
                operation_name=operation.name.value if operation.name else None,
                context_value=context_value,
                is_awaitable=optimized_is_awaitable,  # type: ignore[arg-type]  # as Strawberry passes it
                executor_class=_Executor,
                operation_extensions=operation_extensions,
            )
        )
        data, errors = result.data, result.errors
    except Exception as exc:  # as Strawberry's path: an error of the operation, not of the request
        data, errors = None, [exc if isinstance(exc, GraphQLError) else GraphQLError(str(exc), original_error=exc)]
    if errors:  # Strawberry's execution context is made only here, for `process_errors` (it logs the unexpected)
        context = schema._create_execution_context(
            query=query,
            allowed_operation_types=allowed or (),
            variable_values=variable_values,
            context_value=context_value,
            root_value=root_value,
            operation_name=operation_name,
            operation_extensions=operation_extensions,
        )
        context.graphql_document = entry.document
        context.pre_execution_errors = errors
        schema._process_errors(errors, context)
        correlation_id = context_value.get("correlation_id", "") if isinstance(context_value, dict) else ""
        errors = [mapped(error, correlation_id) for error in errors]
    return ExecutionResult(data=data, errors=errors or None)
