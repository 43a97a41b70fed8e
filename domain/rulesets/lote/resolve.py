"""Turn resolution in the documented order (digest §1.2, §1.4), one function per step.

The phase table (`phases.py`) calls these when a phase closes:
- closing `orders`: lock the forms; nations that sent none get the default orders ([L48-50]);
- closing `validation`: R0 declarations, R1 revenue, R2 support, R3 mercenary auction, R4 musters, investments,
  projects and the harvest; every outcome the rules leave to the GM is raised as an adjudication item with the
  engine's proposal and recorded rolls (R5 covert operations and R6 leader actions are free-form in phase 1);
- closing `adjudication` (refused while items are pending): the decided outcomes, R7 end of turn (cities
  appear, megaliths finish), R8 the sheets for the next turn;
- closing `reports`: the turn is published and the calendar moves on (Table 2-17).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from domain.engine import DecisionContext
from domain.rulesets.lote import budget, economy
from domain.rulesets.lote.builds import r4_builds, r4_harvest
from domain.rulesets.lote.enums import dec
from domain.rulesets.lote.messages import (
    DefaultOrdersApplied,
    Event,
    FleetAssigned,
    HeavyTransportsBuilt,
    MercenariesHired,
    MercenaryBidRefunded,
    OrdersLocked,
    RevenueCollected,
    ShipsConvertedToMSP,
    ShipsWithdrawn,
    SupportPaid,
    TaxRateDeclared,
    TradeRouteClosed,
    TreasuryMoved,
)
from domain.rulesets.lote.orders import (
    AssignFleet,
    BidMercenaries,
    BuildHeavyTransports,
    CeaseTrade,
    ConvertShipsToMSP,
    InitiateTradeRoute,
    MoveTreasury,
    PayProjectSupportWithNFP,
    SetTaxRate,
    TradeWithAnyone,
    WithdrawShips,
)
from domain.rulesets.lote.run import R0_ORDERS, Run, lines_of
from domain.rulesets.lote.state import State
from domain.rulesets.lote.tables import TABLES

ZERO = Fraction(0)

# --- closing the orders phase -------------------------------------------------------------------------


def lock_orders(state: State, ctx: DecisionContext) -> Sequence[Event]:
    silent = tuple(
        nid
        for nid in state.nations
        if not (state.forms.get(nid) and (state.forms[nid].lines or state.forms[nid].submitted))
    )
    return [OrdersLocked(turn=ctx.turn, without_orders=silent), *(DefaultOrdersApplied(nation=n) for n in silent)]


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
                        run.emit(TradeRouteClosed(route=route_id, by=nid))


def r0_route_requests(run: Run) -> None:
    """[L3799-3808] a route opens when both nations initiate it, or one initiates and the other trades with
    anyone; the GM confirms that the route can be traced (not automated in phase 1)."""
    asks: dict[tuple[str, str], InitiateTradeRoute] = {}
    anyone: set[str] = set()
    for nid in run.state.nations:
        for order in lines_of(run.state, nid):
            if isinstance(order, InitiateTradeRoute):
                asks[(nid, order.partner)] = order
            elif isinstance(order, TradeWithAnyone):
                anyone.add(nid)
    for a, b in sorted({tuple(sorted(pair)) for pair in asks}):
        mutual = ((a, b) in asks or a in anyone) and ((b, a) in asks or b in anyone)
        run.raise_item(
            a,
            "trade_route",
            f"{a}~{b}",
            "open" if mutual else "refuse",
            "both nations initiated (or one trades with anyone); check that the route can be traced"
            if mutual
            else "the other nation did not initiate this route nor declare trade with anyone",
        )


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


def resolve_orders(state: State, ctx: DecisionContext) -> Sequence[Event]:
    run = Run(state, ctx)
    nations = list(state.nations)
    for nid in nations:
        r0_declarations(run, nid)
    r0_route_requests(run)
    for nid in nations:
        r1_revenue(run, nid)
    for nid in nations:
        r2_support(run, nid)
    r3_mercenaries(run)
    for nid in nations:
        r4_builds(run, nid)
        r4_harvest(run, nid)
    return run.events
