"""Closing the adjudication phase (the GM's decisions, R7 end of turn, R8 assessment) and the reports phase."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from fractions import Fraction

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.construction import budget
from domain.rulesets.lote.diplomacy import attempts
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.intel import decide as intel
from domain.rulesets.lote.intel import subversion
from domain.rulesets.lote.leaders.endofturn import OUTCOMES as LEADER_OUTCOMES
from domain.rulesets.lote.leaders.endofturn import garrison_outcome, status_changes
from domain.rulesets.lote.messages import (
    CityFounded,
    Event,
    LeadersAged,
    MegalithCompleted,
    MegalithLost,
    MercenariesReturned,
    NationAssessed,
    NationParameterSet,
    NewsfaxPublished,
    RatingRaised,
    ResistanceSet,
    StatusReportPublished,
    TurnPublished,
)
from domain.rulesets.lote.military import endturn, pillage
from domain.rulesets.lote.model.orders import GiveItinerary
from domain.rulesets.lote.model.state import Hire, State
from domain.rulesets.lote.religion import decide as religion
from domain.rulesets.lote.religion import outcomes as religion_outcomes
from domain.rulesets.lote.reports.newsfax import build_newsfax
from domain.rulesets.lote.reports.reports import build_report, render
from domain.rulesets.lote.scenario.enums import at_least
from domain.rulesets.lote.trade import resolve as trade
from domain.rulesets.lote.trade import seas
from domain.rulesets.lote.turn import control_steps, dynasty_steps, setup
from domain.rulesets.lote.turn.run import Run, lines_of

ZERO = Fraction(0)
# the orders phase stays open two weeks by default; the Newsfax prints the resulting due date
ORDERS_DEADLINE = timedelta(days=14)
TAX_STATUSES = ("N", "C", "T", "F", "H", "R", "L")

# --- closing the adjudication phase: outcomes, R7, R8 -------------------------------------------------


def check_no_pending(state: State) -> None:
    pending = [i.item_id for i in state.adjudications.values() if i.outcome is None]
    if pending:
        raise Rejected(
            "lote.adjudication_pending",
            f"{len(pending)} adjudication item(s) await the GM: {', '.join(sorted(pending))}. "
            "Confirm or override them.",
            status=409,
        )


def apply_outcomes(run: Run) -> None:
    """The GM's decided adjudication items take effect (a revolt a Crush Revolt suppressed does not, [L6855-6862])."""
    for item in run.opening.adjudications.values():
        if intel.crushed(run.state, item.item_id):
            continue
        if item.kind == "investment" and item.outcome == "rise":
            level = budget.rating_level(run.nation(item.nation), item.subject) + 1
            run.emit(RatingRaised(nation=item.nation, rating=item.subject, level=level))
        elif item.kind == "colony_resistance" and item.outcome is not None:
            run.emit(ResistanceSet(region=item.subject, resistance=int(item.outcome)))
        elif item.kind == "trade_route" and item.outcome in trade.OPEN_OUTCOMES:
            trade.open_route(run, item.subject, item.outcome)
        elif item.kind == "agro_deficit" and item.outcome in TAX_STATUSES:
            # the tax status the GM ruled; its tax cut is his to enter as a ruling (digest §3.8: GM/PARTIAL)
            reason = f"adjudication {item.item_id}"
            run.emit(NationParameterSet(nation=item.nation, parameter="tax_status", value=item.outcome, reason=reason))
        elif item.kind in attempts.KINDS:
            for change in attempts.outcome_events(run.state, item):
                run.emit(change)
        elif item.kind in dynasty_steps.AT_CLOSE:
            dynasty_steps.apply_at_close(run, item)  # deaths of old age, a Dynastic Failure beginning
        elif item.kind in LEADER_OUTCOMES:
            for event in garrison_outcome(run.state, item):
                run.emit(event)
        elif item.kind in pillage.KINDS:
            orders = {
                o.line: o for nid in run.state.nations for o in lines_of(run.state, nid) if isinstance(o, GiveItinerary)
            }
            for pillaged in pillage.outcome_events(run.state, item, run.ctx, orders):
                run.emit(pillaged)
        elif item.kind in control_steps.KINDS:
            control_steps.apply_control_outcome(run, item)
        elif item.kind in religion.KINDS:
            if religion_outcomes.is_revolt(item):
                control_steps.apply_revolt(run, item)  # the place is lost with its garrison (`control/revolts.py`)
            religion_outcomes.apply_outcome(run, item)
        elif item.kind in seas.ITEM_KINDS:
            for change in seas.outcome_events(run.state, item):
                run.emit(change)


def r7_leaders(run: Run) -> None:
    """R7: leaders and royal families age by the turn's years; armies take the status the turn left them."""
    if run.state.leaders or run.state.royal_family:
        run.emit(LeadersAged(years=run.state.years_per_turn))
    for change in status_changes(run.state):
        run.emit(change)


def r7_end_of_turn(run: Run) -> None:
    """[L4641-4650] cities appear at the end of the turn; [L4754-4760] megaliths finish when fully paid;
    [L4480-4484] the turn's mercenaries return to their pools (as many as are still with the army); fleets left at
    sea are lost and Feudal Allies go home (`military/endturn.py`)."""
    for change in endturn.end_of_turn(run.state):
        run.emit(change)
    for hire in run.state.hires:
        present = _present(run.state, hire)
        run.emit(
            MercenariesReturned(
                nation=hire.nation,
                pool=hire.pool,
                unit=hire.unit,
                count=min(hire.count, present),
                army=hire.army,
                location=hire.location,
            )
        )
    for project in list(run.state.projects.values()):
        if project.kind == "city":
            run.emit(
                CityFounded(
                    nation=project.nation,
                    region=project.regions[0],
                    name=project.name,
                    port_sea_zones=project.detail,
                    status="p" if project.kind_detail == "p" else "f",
                )
            )
        elif not project.project_id.startswith("colony:") and not all(
            at_least(run.state.regions[r].statuses.get(project.nation), "nt") for r in project.regions
        ):
            # [L4754-4760] a megalith is lost if the region is taken before it is finished
            run.emit(MegalithLost(nation=project.nation, project=project.project_id, regions=project.regions))
        elif (
            not project.project_id.startswith("colony:")
            and project.gp_paid >= project.gp_due
            and project.nfp_paid >= project.nfp_due
        ):
            run.emit(
                MegalithCompleted(
                    nation=project.nation,
                    project=project.project_id,
                    kind=project.kind,
                    regions=project.regions,
                    levels=project.levels,
                )
            )


def _present(state: State, hire: Hire) -> int:
    if hire.army is not None and hire.army in state.leaders:
        return state.leaders[hire.army].units.get(hire.unit, 0)
    record = state.cities.get(hire.location) or state.regions.get(hire.location)
    return 0 if record is None else record.garrison.get(hire.nation, {}).get(hire.unit, 0)


def r8_assess(run: Run) -> None:
    """R8: the sheets of every nation for the next turn; NFP overspent under mass conscription becomes a debt."""
    assessed = economy.assess(run.state)
    for nid, nation in assessed.items():
        debt = max(-nation.nfp, ZERO)
        run.emit(
            NationAssessed(
                nation=nid,
                revenue=nation.revenue,
                support=nation.support,
                agro=nation.agro,
                imperial_size=nation.imperial_size,
                size_divisor=nation.size_divisor,
                nfp_income=nation.nfp_income,
                mass_conscription_debt=debt,
                saved_nfp=max(nation.nfp, ZERO),
            )
        )


# --- closing the reports phase ------------------------------------------------------------------------


def publish(state: State, ctx: DecisionContext) -> Sequence[Event]:
    """[L2988-2995] the Newsfax goes out with the due date of the next orders, each nation gets its status report;
    both are frozen as the GM left them, and the calendar moves on (Table 2-17).

    The due date is the orders phase's default deadline from now; a later `SetDeadline` does not reprint it.
    """
    year = state.year + state.years_per_turn
    reports = {nid: build_report(state, nid, ctx.turn, year) for nid in state.nations}
    published: list[Event] = [StatusReportPublished(nation=nid, report=r) for nid, r in reports.items()]
    # [L6952-6991] the spymasters of subverted sectors receive their copies (`intel/subversion.py`)
    published += subversion.copies(state, reports, ctx.turn, lambda report: render(report, state))
    published.append(NewsfaxPublished(newsfax=build_newsfax(state, ctx.turn, ctx.now + ORDERS_DEADLINE)))
    years, base = setup.years_for(year) if 1000 <= year <= 1799 else (state.years_per_turn, state.base_tax_pct)
    return [*published, TurnPublished(turn=ctx.turn + 1, year=year, years_per_turn=years, base_tax_pct=base)]
