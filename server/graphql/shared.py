"""Subscription messages executed once per viewer, not once per subscriber.

The game's hub renders each new batch once per distinct viewer (server/fanout.py) and every stream of that viewer
gets the same `ViewBatch`. The `events` subscription turns a batch into GraphQL `Event` objects once
(`shared_events`, kept on the batch) and yields those same objects to every subscription of the viewer; and
`SharedEventExecution` executes a subscription's selection on such an event once per (document, variables): every
other subscription with the same document and variables gets that result. What differs per subscriber (the
operation id, the websocket write) is still done per subscriber.

Sharing is exact: the result of executing a selection on an `Event` depends only on the event (its fields are
plain values; no resolver below `Event` reads the context), the operation and its variables, and an event object
is only ever shared by streams of one viewer (role, seat, controlled entity), so no viewer gets another's view.
"""

from __future__ import annotations

from typing import Any

import msgspec
from graphql import ExecutionResult, OperationType
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from server.fanout import ViewBatch
from server.graphql.types import Event

_KEY = "graphql"  # a batch's GraphQL events, in `ViewBatch.shared`
_RESULTS = "_pantheon_results"  # an event's executions, by (operation, variables), in the event's own __dict__


def shared_events(batch: ViewBatch) -> list[Event]:
    """The batch's events as GraphQL objects, built once for every subscription of its viewer."""
    events: list[Event] | None = batch.shared.get(_KEY)
    if events is None:
        events = batch.shared[_KEY] = [Event.build(e) for e in batch]
    return events


class SharedEventExecution(StrawberryGraphQLCoreExecutionContext):
    """graphql-core's executor; a subscription event that is a shared `Event` is executed once per operation and
    variables, the result (data, no errors) handed as it is to the next subscription that asks."""

    def execute_operation(self, serially: bool | None = None) -> Any:
        event = self.root_value
        if type(event) is not Event or self.operation.operation is not OperationType.SUBSCRIPTION:
            return super().execute_operation(serially)
        memo: dict[tuple[int, bytes], tuple[object, Any]] = event.__dict__.setdefault(_RESULTS, {})
        key = (id(self.operation), msgspec.json.encode(self.variable_values.coerced, order="sorted"))
        known = memo.get(key)
        if known is not None and known[0] is self.operation:  # the same parsed document (the id is not reused)
            return known[1]
        result = super().execute_operation(serially)
        if isinstance(result, ExecutionResult) and not result.errors:
            memo[key] = (self.operation, result)
        return result
