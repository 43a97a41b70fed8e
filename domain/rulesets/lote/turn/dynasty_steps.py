"""The dynasty's rulings in the turn (P2-D): `dynasty/` (deaths, successions, regencies, wounds, spies) and the
Dynastic Failure procedure of `control/failure.py`, composed here since the procedure's steps follow each other.

- `check_ruling` / `settle`: the GM's ruling on an item of these kinds; those of `AT_ONCE` take effect with the
  ruling (folded step by step, so the next step of a Dynastic Failure is raised from what the last one did);
- `apply_at_close`: `leader_death` and `dynastic_failure` items take effect when the adjudication phase closes (a
  Dynastic Failure begins: the leaders' checks and the instant transformations are raised);
- `found`: `FoundSuccessorState`, a `df_leader` item settled with a new nation.
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.lote.control import failure
from domain.rulesets.lote.control.commands import FoundSuccessorState
from domain.rulesets.lote.dynasty import decide as dynasty
from domain.rulesets.lote.messages import AdjudicationDecided, DynasticFailureBegan, Event
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.turn.run import Run

AT_ONCE = dynasty.AT_ONCE | failure.KINDS
AT_CLOSE = dynasty.AT_CLOSE
KINDS = AT_ONCE | AT_CLOSE


def check_ruling(state: State, item: Adjudication, outcome: str) -> None:
    if item.kind in failure.KINDS:
        failure.check_ruling(state, item, outcome)
    else:
        dynasty.check_ruling(state, item, outcome)


def _advance(run: Run) -> None:
    """Every Dynastic Failure whose step is all ruled moves on (perhaps through steps with nothing to rule)."""
    for nid in sorted(run.state.dynasty.failures):
        while events := failure.advance(run.state, nid):
            for event in events:
                run.emit(event)


def settle(
    state: State, item: Adjudication, outcome: str, overridden: bool, reason: str, ctx: DecisionContext
) -> list[Event]:
    run = Run(state, ctx)
    decided = AdjudicationDecided(
        item_id=item.item_id, nation=item.nation, outcome=outcome, overridden=overridden, reason=reason
    )
    run.emit(decided)
    if item.kind in failure.KINDS:
        events = failure.ruling_events(run.state, item, outcome)
    else:
        events = dynasty.ruling_events(run.state, item, outcome, ctx)
    for event in events:
        run.emit(event)
    _advance(run)
    return run.events


def apply_at_close(run: Run, item: Adjudication) -> None:
    if item.outcome is None:
        return
    if item.kind == "dynastic_failure":
        if item.outcome == "failure" and item.nation in run.state.nations:
            run.emit(DynasticFailureBegan(nation=item.nation, turn=run.ctx.turn, reason=f"adjudication {item.item_id}"))
            for event in failure.begin(run.state, item.nation, run.ctx):
                run.emit(event)
            _advance(run)
        return
    for event in dynasty.ruling_events(run.state, item, item.outcome, run.ctx):
        run.emit(event)


def found(state: State, command: FoundSuccessorState, ctx: DecisionContext) -> list[Event]:
    run = Run(state, ctx)
    for event in failure.found(state, command):
        run.emit(event)
    _advance(run)
    return run.events
