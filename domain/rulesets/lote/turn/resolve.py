"""The validation phase's steps R0 to R3 (digest §1.4), one function per step; `cycle.py` calls them in order."""

from __future__ import annotations

from fractions import Fraction

from domain.engine import Rejected
from domain.rulesets.lote.construction import budget
from domain.rulesets.lote.diplomacy import attempts, control
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.leaders.endofturn import garrison_items, old_age_items
from domain.rulesets.lote.messages import (
    AdjudicationRaised,
    FleetAssigned,
    HeavyTransportsBuilt,
    LeaderMoved,
    MercenariesHired,
    MercenaryBidRefunded,
    OrderFailed,
    RevenueCollected,
    ShipsConvertedToMSP,
    ShipsWithdrawn,
    SupportPaid,
    TaxRateDeclared,
    TradeRouteClosed,
    TreasuryMoved,
)
from domain.rulesets.lote.military import detect, pillage, raising
from domain.rulesets.lote.model.battles import Battle
from domain.rulesets.lote.model.orders import (
    AssignFleet,
    BidMercenaries,
    BuildHeavyTransports,
    CeaseTrade,
    ConvertShipsToMSP,
    GiveItinerary,
    MoveTreasury,
    PayProjectSupportWithNFP,
    ReduceControlStatus,
    SetTaxRate,
    WithdrawShips,
)
from domain.rulesets.lote.movement.execute import Act, execute
from domain.rulesets.lote.scenario.enums import dec
from domain.rulesets.lote.scenario.tables import TABLES
from domain.rulesets.lote.trade import seas
from domain.rulesets.lote.turn.run import R0_ORDERS, Run, lines_of

ZERO = Fraction(0)

# --- closing the validation phase: R0..R4 -------------------------------------------------------------


def r0_declarations(run: Run, nid: str) -> None:
    for order in lines_of(run.state, nid):
        if not isinstance(order, R0_ORDERS):
            continue
        cost = run.still_valid(nid, order)
        if cost is None:
            continue
        match order:
            case SetTaxRate():
                run.emit(TaxRateDeclared(nation=nid, percent=order.percent))
            case MoveTreasury():
                run.emit(TreasuryMoved(nation=nid, location=order.location))
            case AssignFleet():
                fleet = run.state.fleets[order.fleet]
                run.emit(
                    FleetAssigned(
                        nation=nid,
                        fleet=order.fleet,
                        activity=order.activity or fleet.activity,
                        route=order.route or fleet.route,
                        base_port=order.base_port or fleet.base_port,
                        msp=fleet.msp,
                    )
                )
            case ConvertShipsToMSP():
                msp = sum(budget.msp_per_ship(u) * n for u, n in order.ships.items())
                run.emit(
                    ShipsConvertedToMSP(nation=nid, fleet=order.fleet, army=order.army, ships=order.ships, msp=msp)
                )
            case BuildHeavyTransports():
                run.emit(
                    HeavyTransportsBuilt(
                        nation=nid,
                        fleet=order.fleet,
                        army=order.army,
                        count=order.count,
                        msp=4 * order.count,
                        gp=cost.gp,
                    )
                )
            case WithdrawShips():
                fleet = run.state.fleets[order.fleet]
                msp = sum(budget.msp_per_ship(u) * n for u, n in order.ships.items())
                run.emit(
                    ShipsWithdrawn(
                        nation=nid,
                        fleet=order.fleet,
                        ships=order.ships,
                        msp=msp,
                        location=fleet.base_port,
                        army=order.army,
                    )
                )
            case CeaseTrade():
                for route_id, route in sorted(run.state.routes.items()):
                    if not route.closed and {route.nation_a, route.nation_b} == {nid, order.partner}:
                        run.emit(TradeRouteClosed(route=route_id, by=nid, partner=order.partner))


def r1_revenue(run: Run, nid: str) -> None:
    """[L4028-4043] net = raw x tax rate; the turn's NFP less last turn's mass-conscription overspending."""
    nation = run.nation(nid)
    pct = economy.effective_tax_pct(run.state, nation)
    nfp = max(nation.nfp_income - nation.mass_conscription_debt, ZERO)
    run.emit(
        RevenueCollected(nation=nid, raw=nation.revenue.raw, tax_pct=pct, net=economy.net_revenue(nation, pct), nfp=nfp)
    )


def r2_support(run: Run, nid: str) -> None:
    """[L1567-1789] support is owed first; a shortfall is the GM's to settle (which units vanish, what degrades)."""
    nation = run.nation(nid)
    nfp = ZERO
    for order in lines_of(run.state, nid):
        if isinstance(order, PayProjectSupportWithNFP) and run.still_valid(nid, order) is not None:
            nfp += order.nfp
    nfp = min(nfp, max(nation.nfp, ZERO))
    owed = nation.support.total - nfp * TABLES.construction.fixed_costs.values["project_nfp_as_gp"]
    paid = min(owed, max(nation.gp, ZERO))
    run.emit(SupportPaid(nation=nid, support=nation.support, paid=paid, shortfall=owed - paid, nfp=nfp))
    if paid < owed:
        run.raise_item(
            nid,
            "support_shortfall",
            "support",
            "remove unsupported units and degrade BL/Infra",
            f"{dec(owed - paid)} GP of support unpaid: unsupported units disappear ([L1569-1571]); unpaid "
            "government support degrades BL and Infra, taking this turn's BL/Infra investment first ([L1656-1673])",
        )


def r3_mercenaries(run: Run) -> None:
    """[L4476-4504] per pool and unit type the highest price per unit wins; equal bids split the units."""
    bids: dict[tuple[str, str], list[tuple[str, BidMercenaries]]] = {}
    for nid in run.state.nations:
        for order in lines_of(run.state, nid):
            if isinstance(order, BidMercenaries) and run.still_valid(nid, order) is not None:
                bids.setdefault((order.pool, order.unit), []).append((nid, order))
    for (pool_id, unit), offers in sorted(bids.items()):
        left = run.state.mercenary_pools[pool_id].units.get(unit, 0)
        prices = sorted({Fraction(o.price) for _, o in offers}, reverse=True)
        for price in prices:
            tied = [(n, o) for n, o in offers if Fraction(o.price) == price]
            share = left // len(tied) if len(tied) > 1 else left
            for nid, order in tied:
                affordable = int(max(run.nation(nid).gp, ZERO) // price)
                won = min(order.count, share, affordable)
                left -= won
                if won:
                    run.emit(
                        MercenariesHired(
                            nation=nid,
                            line=order.line,
                            pool=pool_id,
                            unit=unit,
                            count=won,
                            price=price,
                            army=order.army,
                            location=order.location,
                        )
                    )
                if won < order.count:
                    run.emit(MercenaryBidRefunded(nation=nid, line=order.line, gp=(order.count - won) * price))


def r6_movement(run: Run) -> None:
    """R6: every nation's itineraries run on one calendar (`movement/execute.py`); contacts go to the GM; each
    army ends at its last place or where it met another nation's army."""
    orders: dict[str, GiveItinerary] = {}
    for nid in run.state.nations:
        for order in lines_of(run.state, nid):
            if isinstance(order, GiveItinerary) and run.still_valid(nid, order) is not None:
                orders[order.army] = order
    outcome = execute(run.state, orders, run.ctx.turn)
    battles, places = detect.find_battles(run.state, orders, outcome.contacts, run.ctx.turn)  # before the moves
    for army, place in outcome.ends.items():
        leader = run.state.leaders[army]
        if place != leader.location and not (
            leader.location in run.state.cities and run.state.cities[leader.location].region == place
        ):
            run.emit(
                LeaderMoved(
                    leader=army, nation=leader.nation, location=place, reason=f"itinerary line {orders[army].line}"
                )
            )
    for item in outcome.items:
        if not raising.replaced(item, places):
            run.emit(AdjudicationRaised(item=item))
    r6_battles(run, battles)
    r6_pillage(run, orders, outcome.acts)
    r6_trade(run, orders, outcome.acts)


def r6_battles(run: Run, battles: list[Battle]) -> None:
    """R6: the battles, sieges and assaults (`military/`), raised for the GM or settled by the automatic
    resolver when the campaign says so."""
    for battle in battles:
        for event in raising.join(run.state, battle, run.ctx):
            run.emit(event)  # type: ignore[arg-type]
        if run.state.settings.battle_resolution == "auto":
            for event in raising.settle(run.state, battle.battle_id):
                run.emit(event)  # type: ignore[arg-type]


def r6_pillage(run: Run, orders: dict[str, GiveItinerary], acts: tuple[Act, ...]) -> None:
    """R6: the actions that take from a place, in the month they are reached (`military/pillage.py`), after the
    battles (an automatic resolver may have given the attacker the place); a step that no longer holds fails."""
    done: set[tuple[str, str]] = set()
    for act in acts:
        order = orders[act.army]
        try:
            changes = pillage.run_act(run.state, order, act, run.ctx, done)
        except Rejected as failed:
            nation = run.state.leaders[act.army].nation
            run.emit(OrderFailed(nation=nation, line=order.line, code=failed.code, message=failed.message))
            continue
        for change in changes:
            run.emit(change)


def r6_trade(run: Run, orders: dict[str, GiveItinerary], acts: tuple[Act, ...]) -> None:
    """R6: Blockade and Piracy steps, standing blockades, and battles between trading partners become GM items
    (`trade/seas.py`); a step that no longer holds fails."""
    for nation, line, failed in seas.r6_fleet_actions(run, orders, acts):
        run.emit(OrderFailed(nation=nation, line=line, code=failed.code, message=failed.message))
    seas.r6_acts_of_war(run)


def r0_reductions(run: Run, nid: str) -> None:
    """R0: the declared status reductions (§9.1.8, `diplomacy/control.py`), re-checked; a Pacified place whose
    garrison is still there keeps its status and the line fails."""
    for order in lines_of(run.state, nid):
        if not isinstance(order, ReduceControlStatus):
            continue
        try:
            control.check_reduction(run.state, run.nation(nid), order)
            record = run.state.regions.get(order.place) or run.state.cities.get(order.place)
            if (
                record is not None
                and record.statuses.get(nid) == "p"
                and control.garrison_present(run.state, nid, order.place)
            ):
                raise Rejected(
                    "lote.reduce_garrison_present",
                    f"line {order.line!r}: [L8490-8495] a Pacified place is not degraded while the garrison is "
                    "there; move it away and declare it again",
                )
        except Rejected as failed:
            run.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))
            continue
        run.emit(control.reduction_event(run.state, nid, order))


def r6_diplomacy(run: Run, nid: str) -> None:
    """R6 leader actions: each Diplomacy and Secret Diplomacy line, re-checked (its leader may have died), becomes a
    GM item with the engine's inputs and a recorded 2d6 (`diplomacy/attempts.py`); a line that no longer holds is
    a failed order."""
    form = lines_of(run.state, nid)
    for order in form:
        if not isinstance(order, attempts.Attempt):
            continue
        nation = run.nation(nid)
        try:
            attempts.check_attempt(run.state, nation, order, form)
        except Rejected as failed:
            run.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))
            continue
        run.emit(AdjudicationRaised(item=attempts.attempt_item(run.state, nation, order, run.ctx)))


def r6_end_of_turn_checks(run: Run) -> None:
    """After the turn's actions, the checks the GM rules on in the adjudication phase (`leaders/endofturn.py`):
    leaders of an age to die, Pacified places whose garrison falls short."""
    turn = run.ctx.turn
    for item in [*old_age_items(run.state, run.ctx), *garrison_items(run.state, turn)]:
        run.emit(AdjudicationRaised(item=item))
