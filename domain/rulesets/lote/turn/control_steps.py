"""The turn's control steps (P1-H), called in order by `cycle.py`:

- R0 `r0_cessions`: cessions and satrapies declared on the form (`diplomacy/cession.py`), re-checked; a cession
  that needs the GM (another religion, above the new owner's maximum status) raises a `cession` item;
- after R6 `r6_control_checks`: the end-of-turn checks the GM rules on in the adjudication phase: revolt checks
  (CCR, line of communication, hostile city: `control/revolts.py`), natural assimilation
  (`control/assimilation.py`) and successor-state seizures (`control/seizure.py`);
- `apply_control_outcome`: what a decided item of these kinds does;
- R7 `r7_control`: satrapies that kept their garrison revert, occupations end or are liberated, and the Years
  from Conquest grow (`control/occupation.py`); then `r7_late_revolt_checks`: the revolt checks that battles
  ruled in the adjudication phase call for, waiting for the next adjudication phase.
"""

from __future__ import annotations

from domain.engine import Rejected
from domain.rulesets.lote.control import assimilation, occupation, revolts, seizure
from domain.rulesets.lote.diplomacy import cession
from domain.rulesets.lote.messages import AdjudicationRaised, OrderFailed, PlaceCeded
from domain.rulesets.lote.model.orders import CedePlace, GrantSatrapy
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.turn.run import Run, lines_of

OUTCOMES: dict[str, tuple[str, ...]] = {
    "revolt_check": revolts.OUTCOMES,
    "assimilation": assimilation.OUTCOMES,
    "seizure": seizure.OUTCOMES,
}
KINDS = frozenset({*OUTCOMES, "cession"})


def r0_cessions(run: Run, nid: str) -> None:
    form = lines_of(run.state, nid)
    for order in form:
        if not isinstance(order, CedePlace | GrantSatrapy):
            continue
        try:
            cession.check_cession(run.state, run.nation(nid), order, form)
        except Rejected as failed:
            run.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))
            continue
        for event in cession.cession_events(run.state, nid, order):
            run.emit(event)  # type: ignore[arg-type]
            if isinstance(event, PlaceCeded):
                item = cession.cession_item(run.state, event, run.ctx)
                if item is not None:
                    run.emit(AdjudicationRaised(item=item))


def _new(state: State, item: Adjudication) -> bool:
    """Not raised yet: no item of this id, and no undecided one of the same kind, nation and subject."""
    return item.item_id not in state.adjudications and not any(
        (i.kind, i.nation, i.subject) == (item.kind, item.nation, item.subject) and i.outcome is None
        for i in state.adjudications.values()
    )


def r6_control_checks(run: Run) -> None:
    ctx = run.ctx
    for item in [
        *revolts.revolt_items(run.state, ctx),
        *assimilation.assimilation_items(run.state, ctx),
        *seizure.seizure_items(run.opening, ctx),  # the itineraries as given, from where the armies started
    ]:
        if _new(run.state, item):
            run.emit(AdjudicationRaised(item=item))


def r7_late_revolt_checks(run: Run) -> None:
    """R7, after the GM's rulings: battles decided in the adjudication phase may have conquered or occupied
    places; a revolt check they now call for and that was not raised this turn is raised now and waits for the
    next adjudication phase (as an item raised after the phase closed does)."""
    for item in revolts.revolt_items(run.state, run.ctx):
        if _new(run.state, item):
            run.emit(AdjudicationRaised(item=item))


def check_control_ruling(state: State, item: Adjudication, outcome: str) -> None:
    """An override of a control item: one of its outcomes (a cession's is checked against the place)."""
    if item.kind == "cession":
        cession.check_cession_ruling(state, item, outcome)
    elif item.kind in OUTCOMES and outcome not in OUTCOMES[item.kind]:
        raise Rejected(
            "lote.bad_outcome", f"A {item.kind.replace('_', ' ')} outcome is {' or '.join(OUTCOMES[item.kind])}."
        )


def apply_control_outcome(run: Run, item: Adjudication) -> None:
    state = run.state
    match item.kind:
        case "revolt_check":
            events = revolts.revolt_outcome(state, item)
        case "assimilation":
            events = list(assimilation.assimilation_outcome(state, item))
        case "seizure":
            events = list(seizure.seizure_outcome(state, item))
        case "cession":
            events = cession.cession_outcome(state, item)
        case _:
            events = []
    for event in events:
        run.emit(event)  # type: ignore[arg-type]


def apply_revolt(run: Run, item: Adjudication) -> None:
    """A revolt another area ruled (a religious revolt check, a colony's): as a `revolt_check` that revolts."""
    for event in revolts.revolt_outcome(run.state, item):
        run.emit(event)  # type: ignore[arg-type]


def r7_control(run: Run) -> None:
    for ended in cession.satrapy_endings(run.state):
        run.emit(ended)
    for change in occupation.occupation_endings(run.state):
        run.emit(change)
    for years in occupation.conquest_years(run.state):
        run.emit(years)
