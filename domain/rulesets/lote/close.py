"""Closing the adjudication phase (the GM's decisions, R7 end of turn, R8 assessment) and the reports phase."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote import budget, economy, setup
from domain.rulesets.lote.messages import (
    CityFounded,
    Event,
    MegalithCompleted,
    NationAssessed,
    RatingRaised,
    ReportsDrafted,
    ResistanceSet,
    TurnPublished,
)
from domain.rulesets.lote.run import Run
from domain.rulesets.lote.state import State

ZERO = Fraction(0)

# --- closing the adjudication phase: outcomes, R7, R8 -------------------------------------------------


def close_turn(state: State, ctx: DecisionContext) -> Sequence[Event]:
    pending = [i.item_id for i in state.adjudications.values() if i.outcome is None]
    if pending:
        raise Rejected(
            "lote.adjudication_pending",
            f"{len(pending)} adjudication item(s) await the GM: {', '.join(sorted(pending))}. "
            "Confirm or override them.",
            status=409,
        )
    run = Run(state, ctx)
    for item in state.adjudications.values():
        if item.kind == "investment" and item.outcome == "rise":
            level = budget.rating_level(run.nation(item.nation), item.subject) + 1
            run.emit(RatingRaised(nation=item.nation, rating=item.subject, level=level))
        elif item.kind == "colony_resistance" and item.outcome is not None:
            run.emit(ResistanceSet(region=item.subject, resistance=int(item.outcome)))
    r7_end_of_turn(run)
    r8_assess(run)
    run.emit(ReportsDrafted(turn=ctx.turn))
    return run.events


def r7_end_of_turn(run: Run) -> None:
    """[L4641-4650] cities appear at the end of the turn; [L4754-4760] megaliths finish when fully paid."""
    for project in list(run.state.projects.values()):
        if project.kind == "city":
            run.emit(
                CityFounded(
                    nation=project.nation, region=project.regions[0], name=project.name, port_sea_zones=project.detail
                )
            )
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
    year = state.year + state.years_per_turn
    years, base = setup.years_for(year) if 1000 <= year <= 1799 else (state.years_per_turn, state.base_tax_pct)
    return [TurnPublished(turn=ctx.turn + 1, year=year, years_per_turn=years, base_tax_pct=base)]
