"""Events of intel operations (P2-B). A storage format: fields are only ever added, with defaults.

`IntelOperationRaised` carries an operation with its computed inputs when resolution (R5) puts it before the GM;
`IntelOperationSettled` is the GM's ruling. The infiltration state machine (`intel/infiltration*.py`) reacts to
the settlement of IE, MI, PI and SI. Who sees what is `reports/views.py`'s (via `intel/visibility.py`): the
operator its own operations without the GM's inputs about others; the target only a detected operation
(`noticed` without the operator's name); everyone a `blown` one, through the Newsfax.
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.intel.records import IntelOp


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class IntelOperationRaised(_Event, frozen=True, tag="IntelOperationRaised"):
    """An operation put before the GM with its inputs (ratings, points, Espionage, range, counters, dice)."""

    op: IntelOp


class IntelOperationSettled(_Event, frozen=True, tag="IntelOperationSettled"):
    """The GM's ruling on an operation: `result` (success, failure, blocked, not_run), `detection` (hidden,
    noticed, detected, blown), the infiltration `levels` it moves and the `effect` he wrote. `nation` is the
    operator; `target_nation`, `target`, `sector` and `location` as on its line."""

    item_id: str
    turn: int
    nation: str
    code: str
    result: str
    detection: str
    reason: str
    target_nation: str | None = None
    target: str = ""
    sector: str | None = None
    location: str | None = None
    levels: int = 0
    effect: str = ""
    espionage_failed: tuple[str, ...] = ()


IntelEvent = IntelOperationRaised | IntelOperationSettled
INTEL_EVENTS: tuple[type[_Event], ...] = IntelEvent.__args__
