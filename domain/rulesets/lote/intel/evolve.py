"""Folding the intel events into the state. Total: an event naming what is gone changes nothing."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.rulesets.lote.intel.events import IntelEvent, IntelOperationRaised, IntelOperationSettled
from domain.rulesets.lote.model.state import State

R = msgspec.structs.replace


def evolve_intel(state: State, event: IntelEvent) -> State:
    match event:
        case IntelOperationRaised():
            op = event.op
            # this turn's and the last turn's operations are kept, for the status reports
            kept = {k: v for k, v in state.intel.ops.items() if v.turn >= op.turn - 1}
            return R(state, intel=R(state.intel, ops={**kept, op.item_id: op}))
        case IntelOperationSettled():
            ops = dict(state.intel.ops)
            if event.item_id in ops:
                ops[event.item_id] = R(
                    ops[event.item_id],
                    result=event.result,
                    detection=event.detection,
                    levels=event.levels,
                    effect=event.effect,
                )
            items = dict(state.adjudications)
            item = items.get(event.item_id)
            if item is not None:
                items[event.item_id] = R(item, outcome=event.result, overridden=True, reason=event.reason)
            return R(state, intel=R(state.intel, ops=ops), adjudications=items)
        case _:
            assert_never(event)
