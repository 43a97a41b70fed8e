"""The turn cycle of §1.2 in one screen: the phases, and the order of the resolution steps each phase's close runs.

ORDERS_OPEN -> (deadline) ORDERS_LOCKED/VALIDATION -> RESOLVING (R0..R4) -> ADJUDICATION_PENDING -> (R7, R8)
REPORTS_DRAFTED -> PUBLISHED, which opens the next turn's orders. Every outcome the rules leave to the GM is raised
as an adjudication item with the engine's proposal and recorded rolls (R5 raises every intel operation; R6 runs
the itineraries and gives every contact to the GM, then raises the Diplomacy and Secret Diplomacy attempts).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext, Phase
from domain.rulesets.lote.dynasty import resolve as dynasty
from domain.rulesets.lote.finance import resolve as finance
from domain.rulesets.lote.intel import resolve as intel
from domain.rulesets.lote.intel import subversion
from domain.rulesets.lote.messages import DefaultOrdersApplied, Event, OrdersLocked, ReportsDrafted
from domain.rulesets.lote.model.orders import ORDER_TAGS
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.religion import resolve as religion
from domain.rulesets.lote.trade import resolve as trade
from domain.rulesets.lote.turn.builds import r4_builds, r4_harvest
from domain.rulesets.lote.turn.close import (
    ORDERS_DEADLINE,
    apply_outcomes,
    check_no_pending,
    publish,
    r7_end_of_turn,
    r7_leaders,
    r8_assess,
)
from domain.rulesets.lote.turn.control_steps import r0_cessions, r6_control_checks, r7_control, r7_late_revolt_checks
from domain.rulesets.lote.turn.resolve import (
    r0_declarations,
    r0_reductions,
    r1_revenue,
    r2_support,
    r3_mercenaries,
    r6_diplomacy,
    r6_end_of_turn_checks,
    r6_movement,
)
from domain.rulesets.lote.turn.run import Run

ORDER_COMMANDS = ORDER_TAGS | {"WithdrawOrder", "SubmitOrders"}


def lock_orders(state: State, ctx: DecisionContext) -> Sequence[Event]:
    """Closing `orders`: the forms are locked; nations that sent none get the default orders ([L48-50])."""
    silent = tuple(
        nid
        for nid in state.nations
        if not (state.forms.get(nid) and (state.forms[nid].lines or state.forms[nid].submitted))
    )
    return [OrdersLocked(turn=ctx.turn, without_orders=silent), *(DefaultOrdersApplied(nation=n) for n in silent)]


def resolve_orders(state: State, ctx: DecisionContext) -> Sequence[Event]:
    """Closing `validation`: R0 declarations, status reductions, cessions and satrapies, recalled armies and
    demoted Princes, R1 revenue then loans due, new loans and transfers between nations (`finance/`), R2 support,
    R3 the mercenary auction and bribes, R4 musters, investments, projects, the census and the harvest, then the
    revolt checks of populated colonies (`religion/`); R5 the intel and religious operations (`intel/`,
    `religion/`: each an item for the GM); R6 the itineraries, carried gold arriving, births (`dynasty/`),
    contacts going to the GM, the diplomacy attempts and the religious conversions; then the end-of-turn checks
    the GM rules on (old age, garrisons; revolt checks from the CCR, the line of communication and hostile
    cities; assimilation; successor-state seizures; the checks of excommunications and interdicts, colonial
    minorities)."""
    run = Run(state, ctx)
    nations = list(state.nations)
    for nid in nations:
        r0_declarations(run, nid)
        r0_reductions(run, nid)
        r0_cessions(run, nid)
        finance.r0_recalls(run, nid)
        dynasty.r0_demotions(run, nid)
        dynasty.r0_spy_revolts(run, nid)
    trade.r0_route_requests(run)
    for nid in nations:
        r1_revenue(run, nid)
    for step in (finance.r1_loans_due, finance.r1_new_loans, finance.r1_transfers):
        for nid in nations:
            step(run, nid)
    for nid in nations:
        r2_support(run, nid)
    r3_mercenaries(run)
    finance.r3_bribes(run)
    r4_start = len(run.events)
    for nid in nations:
        r4_builds(run, nid)
        finance.r4_census(run, nid)
        r4_harvest(run, nid)
    religion.r4_colonies(run, r4_start)
    intel.r5_operations(run)
    religion.r5_operations(run)
    r6_movement(run)
    for nid in nations:
        finance.r6_carried_gold(run, nid)
        dynasty.r6_births(run, nid)
        r6_diplomacy(run, nid)
        religion.r6_conversions(run, nid)
    r6_end_of_turn_checks(run)
    r6_control_checks(run)
    religion.r6_checks(run)
    return run.events


def close_turn(state: State, ctx: DecisionContext) -> Sequence[Event]:
    """Closing `adjudication` (refused while items are pending): the decided outcomes, R7 end of turn (cities
    appear, megaliths finish, satrapies and occupations settle, Years from Conquest grow, leaders age, army
    statuses; Military Conversions completed or ruined, monuments' RS, influence halved: `religion/`), R8 a
    subverted University's Tech Point, the trade routes (re-traced, aged, shipping grown) and then the sheets for
    the next turn, which count the routes as they now stand."""
    check_no_pending(state)
    run = Run(state, ctx)
    apply_outcomes(run)
    r7_start = len(run.events)
    r7_end_of_turn(run)
    r7_control(run)
    r7_late_revolt_checks(run)
    religion.r7_faith(run, r7_start)
    r7_leaders(run)
    dynasty.r7_family(run)
    for nid in state.nations:
        finance.r8_census_ends(run, nid)
    subversion.r8_university(run)
    trade.r8_routes(run)
    r8_assess(run)
    run.emit(ReportsDrafted(turn=ctx.turn))
    return run.events


# closing `reports` publishes the turn and moves the calendar on (Table 2-17)
PHASES = (
    Phase("orders", commands=ORDER_COMMANDS, deadline=ORDERS_DEADLINE, resolver=lock_orders),
    Phase("validation", commands=ORDER_COMMANDS, resolver=resolve_orders),
    Phase("adjudication", commands=frozenset(), resolver=close_turn),
    Phase("reports", commands=frozenset(), resolver=publish),
)
