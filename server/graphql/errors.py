"""GraphQL errors, mapped in one place: the same error types as REST, with the same stable codes.

A resolver raises what the service raises (`ApiError`, `AuthError`, `UnknownGame`, `VersionConflict`...); this
module turns each into a GraphQL error whose `extensions` carry `code` (the REST problem code) and `status`
(the HTTP status REST would answer). Errors of the GraphQL document itself (syntax, validation, variables) keep
graphql-core's message and get `code: "graphql.invalid"`. Anything else is an internal error that says only
its correlation id; the details go to the log, never to the client.
"""

from __future__ import annotations

import logging
from typing import Any

from graphql import GraphQLError
from strawberry.extensions import MaskErrors

from server.graphql.limits import limit_code
from server.problems import describe, unexpected_detail

log = logging.getLogger("pantheon.graphql")


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def problem(exc: BaseException) -> tuple[str, str, int, dict[str, Any]] | None:
    """(code, message, status, extra extensions) for an error a client may see, or None if unexpected: the
    REST table (`server.problems.describe`), with camelCase extension names."""
    described = describe(exc)
    if described is None:
        return None
    code, message, status, extra = described
    return code, message, status, {_camel(k): v for k, v in extra.items()}


def is_document_error(error: GraphQLError) -> bool:
    """An error in the request's document or variables, written by graphql-core (safe to show as is)."""
    original = error.original_error
    if original is None or isinstance(original, GraphQLError):
        return True
    # Variable coercion wraps a scalar's parse error: located at the variable, outside any field.
    return error.path is None and bool(error.nodes) and problem(original) is None


def is_unexpected(error: GraphQLError) -> bool:
    return not is_document_error(error) and problem(error.original_error) is None  # type: ignore[arg-type]


def mapped(error: GraphQLError, correlation_id: str) -> GraphQLError:
    if is_document_error(error):
        code = limit_code(error.message) or "graphql.invalid"
        extensions = {"code": code, "status": 400, **(error.extensions or {})}
        return GraphQLError(
            error.message, error.nodes, error.source, error.positions, error.path, extensions=extensions
        )
    found = problem(error.original_error)  # type: ignore[arg-type]
    if found is None:
        code, message, status, extra = "internal.error", unexpected_detail(), 500, {"correlationId": correlation_id}
    else:
        code, message, status, extra = found
    return GraphQLError(
        message,
        error.nodes,
        error.source,
        error.positions,
        error.path,
        extensions={"code": code, "status": status, **extra},
    )


class ProblemErrors(MaskErrors):
    """Rewrites every error of a result (queries, mutations and each subscription message) with `mapped`."""

    def __init__(self) -> None:
        super().__init__(should_mask_error=lambda _: True)

    def _process_result(self, result: object) -> None:
        # Strawberry's check is an isinstance() against a runtime Protocol: slow, and needless without errors.
        if getattr(result, "errors", None):
            super()._process_result(result)

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        context = self.execution_context.context
        correlation_id = context.get("correlation_id", "") if isinstance(context, dict) else ""
        return mapped(error, correlation_id)


def log_unexpected(errors: list[GraphQLError], correlation_id: str) -> None:
    for error in errors:
        if is_unexpected(error):
            log.error("unexpected GraphQL error (correlation id %s)", correlation_id, exc_info=error.original_error)
