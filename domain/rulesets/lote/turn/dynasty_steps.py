"""The dynasty's rulings in the turn (P2-D): `dynasty/` (deaths, successions, regencies, wounds, spies) and the
Dynastic Failure procedure of `control/failure.py`, composed here since the procedure's steps follow each other.

- `check_ruling` / `settle`: the GM's ruling on an item of these kinds; those of `AT_ONCE` take effect with the
  ruling (folded step by step, so the next step of a Dynastic Failure is raised from what the last one did);
- `apply_at_close`: `leader_death` and `dynastic_failure` items take effect when the adjudication phase closes (a
  Dynastic Failure begins: the leaders' checks and the instant transformations are raised);
- `found`: `FoundSuccessorState`, a `df_leader` item settled with a new nation;
- `spy_losses`: a dead Spy of a subverted Royal Family costs his master half (setting `p2d_spy_death`: all) of that
  subversion ([L5171-5172; L5251-5253]): the master's infiltration of the victim's Royal Family sector loses the
  levels (the loss rounded up) by an `InfiltrationDecayed` of no item, hidden from the victim. A Spy made by
  Subvert Leader stands for no infiltration: nothing is lost but the Spy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine import DecisionContext
from domain.rulesets.lote.control import failure
from domain.rulesets.lote.control.commands import FoundSuccessorState
from domain.rulesets.lote.dynasty import decide as dynasty
from domain.rulesets.lote.dynasty.commands import RecordSpy, WoundLeader
from domain.rulesets.lote.intel.infiltration import key
from domain.rulesets.lote.leaders.commands import ConfirmLeaderDeath
from domain.rulesets.lote.messages import (
    AdjudicationDecided,
    DynasticFailureBegan,
    Event,
    InfiltrationDecayed,
    SpyLost,
)
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


def spy_losses(state: State, events: Sequence[Any]) -> list[Any]:
    out = list(events)
    for event in events:
        if not isinstance(event, SpyLost) or not event.infiltration:
            continue
        spy = state.dynasty.spies.get(event.subject)
        held = state.intel.infiltrations.get(key(event.master, event.victim, "royal_family"))
        if spy is None or spy.via != "royal_family" or held is None:
            continue
        lost = held.level if event.infiltration == "all" else (held.level + 1) // 2
        out.append(
            InfiltrationDecayed(
                item_id="", turn=state.turn, key=key(event.master, event.victim, "royal_family"), owner=event.master,
                target=event.victim, sector="royal_family", levels=lost, detection="hidden", reason=event.reason,
            )
        )  # fmt: skip
    return out


def decide(state: State, command: ConfirmLeaderDeath | WoundLeader | RecordSpy, ctx: DecisionContext) -> list[object]:
    return spy_losses(state, dynasty.decide_dynasty(state, command, ctx))


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
        events = spy_losses(run.state, dynasty.ruling_events(run.state, item, outcome, ctx))
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
    for event in spy_losses(run.state, dynasty.ruling_events(run.state, item, item.outcome, run.ctx)):
        run.emit(event)


def found(state: State, command: FoundSuccessorState, ctx: DecisionContext) -> list[Event]:
    run = Run(state, ctx)
    for event in failure.found(state, command):
        run.emit(event)
    _advance(run)
    return run.events
