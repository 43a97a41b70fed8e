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
from math import floor

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote import budget, economy, setup
from domain.rulesets.lote.construction import Cost
from domain.rulesets.lote.enums import Status
from domain.rulesets.lote.evolve import evolve
from domain.rulesets.lote.messages import (
    AdjudicationRaised,
    AgroConverted,
    AgroHarvested,
    AgroReserved,
    CityExpanded,
    CityFoundationLaid,
    CityFounded,
    ColonyPaid,
    DefaultOrdersApplied,
    Event,
    FerryPointsBuilt,
    FleetAssigned,
    FortressBuilt,
    HeavyTransportsBuilt,
    InvestmentMade,
    MegalithCompleted,
    MegalithPaid,
    MercenariesHired,
    MercenaryBidRefunded,
    NationAssessed,
    OrderFailed,
    OrdersLocked,
    PortAreaBuilt,
    PublicWorksBuilt,
    RatingRaised,
    ReportsDrafted,
    ResistanceSet,
    RevenueCollected,
    ShipsConvertedToMSP,
    SupportPaid,
    TaxRateDeclared,
    TreasuryMoved,
    TurnPublished,
    UnitsDemobilized,
    UnitsMustered,
    WallPointsBuilt,
)
from domain.rulesets.lote.orders import (
    AgroToReserve,
    AssignFleet,
    BidMercenaries,
    BuildAlliedUnits,
    BuildFerryPoints,
    BuildFortress,
    BuildHeavyTransports,
    BuildPortArea,
    BuildPublicWorks,
    BuildUnits,
    BuildWallPoints,
    Colonize,
    ConvertAgro,
    ConvertShipsToMSP,
    Demobilize,
    ExpandCity,
    FoundCity,
    FreeformOrder,
    Invest,
    MoveTreasury,
    Order,
    PayMegalith,
    SetTaxRate,
)
from domain.rulesets.lote.state import Adjudication, Nation, State
from domain.rulesets.lote.tables import TABLES

ZERO = Fraction(0)
HIDDEN: tuple[str, ...] = ()  # GM-only rolls: seats see the outcome, not the proposal's dice


class Run:
    """The events of one resolution step, folded as they are emitted so later steps see earlier ones."""

    def __init__(self, state: State, ctx: DecisionContext) -> None:
        self.state = state
        self.ctx = ctx
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def nation(self, nid: str) -> Nation:
        return self.state.nations[nid]

    def raise_item(
        self, nation: str, kind: str, subject: str, proposal: str, why: str, rolls: tuple[int, ...] = ()
    ) -> None:
        item_id = f"t{self.ctx.turn}-{nation}-{kind}-{subject}"
        item = Adjudication(
            item_id=item_id,
            turn=self.ctx.turn,
            nation=nation,
            kind=kind,  # type: ignore[arg-type]
            subject=subject,
            proposal=proposal,
            explanation=why,
            rolls=rolls,
        )
        self.emit(AdjudicationRaised(item=item))


def _lines(state: State, nid: str) -> list[Order]:
    form = state.forms.get(nid)
    return list(form.lines.values()) if form is not None else []


# --- closing the orders phase -------------------------------------------------------------------------


def lock_orders(state: State, ctx: DecisionContext) -> Sequence[Event]:
    silent = tuple(
        nid
        for nid in state.nations
        if not (state.forms.get(nid) and (state.forms[nid].lines or state.forms[nid].submitted))
    )
    return [OrdersLocked(turn=ctx.turn, without_orders=silent), *(DefaultOrdersApplied(nation=n) for n in silent)]


# --- closing the validation phase: R0..R4 -------------------------------------------------------------


def _still_valid(run: Run, nid: str, order: Order) -> Cost | None:
    try:
        return budget.check_line(run.state, run.nation(nid), order, _lines(run.state, nid))
    except Rejected as failed:
        run.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))
        return None


def r0_declarations(run: Run, nid: str) -> None:
    for order in _lines(run.state, nid):
        if not isinstance(order, SetTaxRate | MoveTreasury | AssignFleet | ConvertShipsToMSP | BuildHeavyTransports):
            continue
        cost = _still_valid(run, nid, order)
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
    owed = nation.support.total
    paid = min(owed, max(nation.gp, ZERO))
    run.emit(SupportPaid(nation=nid, support=nation.support, paid=paid, shortfall=owed - paid))
    if paid < owed:
        run.raise_item(
            nid,
            "support_shortfall",
            "support",
            "remove unsupported units and degrade BL/Infra",
            f"{float(owed - paid):.2f} GP of support unpaid: unsupported units disappear ([L1569-1571]); unpaid "
            "government support degrades BL and Infra, taking this turn's BL/Infra investment first ([L1656-1673])",
        )


def r3_mercenaries(run: Run) -> None:
    """[L4476-4504] per pool and unit type the highest price per unit wins; equal bids split the units."""
    bids: dict[tuple[str, str], list[tuple[str, BidMercenaries]]] = {}
    for nid in run.state.nations:
        for order in _lines(run.state, nid):
            if isinstance(order, BidMercenaries) and _still_valid(run, nid, order) is not None:
                bids.setdefault((order.pool, order.unit), []).append((nid, order))
    for (pool_id, unit), offers in sorted(bids.items()):
        left = run.state.mercenary_pools[pool_id].units.get(unit, 0)
        prices = sorted({Fraction(o.price) for _, o in offers}, reverse=True)
        for price in prices:
            tied = [(n, o) for n, o in offers if Fraction(o.price) == price]
            share = left // len(tied) if len(tied) > 1 else left
            for nid, order in tied:
                won = min(order.count, share)
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
                        )
                    )
                if won < order.count:
                    run.emit(MercenaryBidRefunded(nation=nid, line=order.line, gp=(order.count - won) * price))


def _investment_proposal(run: Run, nid: str, rating: str) -> None:
    """[L4062-4079] "luck of the bones": the engine rolls 2d6 and proposes by the campaign's house rule."""
    nation = run.nation(nid)
    level = budget.rating_level(nation, rating)
    cap = budget.rating_cap(run.state, nation, rating)
    pool = nation.pools.get(rating, ZERO)
    settings = run.state.settings
    required = settings.investment_gp_per_level * (level + 1)
    if rating == "bl":  # [L1219-1224] a large Imperial Size hinders BL
        required += settings.investment_bl_is_penalty * nation.imperial_size
    rolls = run.ctx.dice.roll(f"investment:{nid}:{rating}", 2, 6, visible_to=HIDDEN)
    rises = pool * sum(rolls) / 7 >= required and (cap is None or level < cap)
    run.raise_item(
        nid,
        "investment",
        rating,
        "rise" if rises else "hold",
        f"pool {float(pool):.1f} GP x 2d6 {sum(rolls)} / 7 against {required} GP for level {level + 1}"
        + (f" (cap {cap})" if cap is not None else ""),
        rolls,
    )


def _colony(run: Run, nid: str, order: Colonize, cost: Cost) -> None:
    state = run.state
    key = f"colony:{order.target}"
    project = state.projects.get(key)
    paid_gp = cost.gp + (project.gp_paid if project else ZERO)
    paid_nfp = cost.nfp + (project.nfp_paid if project else ZERO)
    granted = int(project.levels) if project else 0
    step_gp, step_nfp = _colony_step(state, nid, order)
    total = floor(min(paid_gp / step_gp, paid_nfp / step_nfp))
    status: Status | None = None
    if order.kind == "populated_city":
        gpv = state.cities[order.target].gpv
        status = "f" if total >= 1 and granted < 1 else None
        total = min(total, 1)
    else:
        region = state.regions[order.target]
        gpv = region.gpv
        if order.kind == "populated_region":
            total = min(total, 1)
            status = "f" if total >= 1 and granted < 1 else None
        else:
            top = (
                region.base_gpv or 0
                if order.kind == "depopulated"
                else TABLES.construction.colony_cap.values[region.terrain]
            )
            gpv = min(gpv + total - granted, top)
            if order.kind == "unsettled" and region.statuses.get(nid) is None and gpv >= 0:
                status = "f"
    run.emit(
        ColonyPaid(
            nation=nid,
            target=order.target,
            kind=order.kind,
            gp=cost.gp,
            nfp=cost.nfp,
            levels=total,
            gpv=gpv,
            status=status,
        )
    )
    if order.kind == "unsettled" and granted == 0 and total >= 1:
        (rv,) = run.ctx.dice.roll(f"colony-resistance:{order.target}", 1, 10, visible_to=HIDDEN)
        run.raise_item(
            nid, "colony_resistance", order.target, str(rv), "a new colony's RV is random 1-10 ([L4565-4566])", (rv,)
        )


def _colony_step(state: State, nid: str, order: Colonize) -> tuple[Fraction, Fraction]:
    from domain.rulesets.lote.construction import colony_cost

    return colony_cost(state, state.nations[nid], order)


def _build(run: Run, nid: str, order: Order, cost: Cost) -> None:
    """R4: construction lines in the order written (so demobilised walls can pay for the new ones)."""
    match order:
        case BuildUnits():
            run.emit(
                UnitsMustered(
                    nation=nid,
                    line=order.line,
                    unit=order.unit,
                    count=order.count,
                    location=order.location,
                    army=order.army,
                    gp=cost.gp,
                    nfp=cost.nfp,
                )
            )
        case BuildAlliedUnits():
            leader = run.state.leaders[order.ally]
            run.emit(
                UnitsMustered(
                    nation=nid,
                    line=order.line,
                    unit=order.unit,
                    count=order.count,
                    location=leader.location,
                    army=order.ally,
                    gp=cost.gp,
                    nfp=cost.nfp,
                    allied=True,
                )
            )
        case BuildPublicWorks():
            run.emit(
                PublicWorksBuilt(nation=nid, location=order.location, points=order.points, gp=cost.gp, nfp=cost.nfp)
            )
        case FoundCity():
            run.emit(
                CityFoundationLaid(
                    nation=nid,
                    line=order.line,
                    region=order.region,
                    name=order.name,
                    port_sea_zones=tuple(order.port_sea_zones),
                    gp=cost.gp,
                    nfp=cost.nfp,
                )
            )
        case ExpandCity():
            gpv = run.state.cities[order.city].gpv + 1
            run.emit(CityExpanded(nation=nid, city=order.city, gpv=gpv, gp=cost.gp, nfp=cost.nfp))
        case BuildFortress():
            run.emit(FortressBuilt(nation=nid, region=order.region, gp=cost.gp, nfp=cost.nfp))
        case BuildWallPoints():
            run.emit(WallPointsBuilt(nation=nid, location=order.location, count=order.count, gp=cost.gp, nfp=cost.nfp))
        case BuildPortArea():
            run.emit(PortAreaBuilt(nation=nid, region=order.region, gp=cost.gp, nfp=cost.nfp))
        case Demobilize():
            run.emit(UnitsDemobilized(nation=nid, location=order.location, army=order.army, units=order.units))
        case Colonize():
            _colony(run, nid, order, cost)
        case PayMegalith():
            nation = run.nation(nid)
            from domain.rulesets.lote.construction import megalith_levels

            project = run.state.projects.get(order.project)
            levels = (
                project.levels if project else megalith_levels(run.state, nation, order, Fraction(order.base_level))
            )
            run.emit(
                MegalithPaid(
                    nation=nid,
                    project=order.project,
                    kind=order.kind,
                    regions=tuple(order.regions),
                    levels=levels,
                    gp=cost.gp,
                    nfp=cost.nfp,
                )
            )
        case BuildFerryPoints():
            run.emit(FerryPointsBuilt(nation=nid, ferry=order.ferry, count=order.count, gp=cost.gp, nfp=cost.nfp))


def r4_builds(run: Run, nid: str) -> None:
    lines = _lines(run.state, nid)
    local: dict[str, Fraction] = {}
    invested: dict[str, tuple[Fraction, Fraction]] = {}
    for order in lines:
        if isinstance(
            order, SetTaxRate | MoveTreasury | AssignFleet | ConvertShipsToMSP | BuildHeavyTransports | BidMercenaries
        ):
            continue
        if isinstance(order, FreeformOrder):
            run.raise_item(nid, "freeform", order.line, "GM to resolve", order.text)
            continue
        cost = _still_valid(run, nid, order)
        if cost is None:
            continue
        if cost.local_nfp and cost.place is not None:
            local[cost.place] = local.get(cost.place, ZERO) + cost.local_nfp
        elif cost.place is not None and local.get(cost.place):
            used = min(local[cost.place], cost.nfp)  # [L4379-4396] demobilised NFP pay first, locally
            local[cost.place] -= used
            cost = cost._replace(nfp=cost.nfp - used)
        match order:
            case Invest():
                gp, nfp = invested.get(order.rating, (ZERO, ZERO))
                invested[order.rating] = (gp + cost.gp, nfp + cost.nfp)
            case AgroToReserve():
                run.emit(AgroReserved(nation=nid, points=order.points, gp=cost.gp))
            case ConvertAgro():
                gp, nfp = budget.agro_credit(run.nation(nid), order)
                run.emit(AgroConverted(nation=nid, points=order.points, gp=gp, nfp=nfp))
            case _:
                _build(run, nid, order, cost)
    for rating, (gp, nfp) in invested.items():
        # [L4073] each NFP invested counts as 2 GP
        run.emit(InvestmentMade(nation=nid, rating=rating, gp=gp, nfp=nfp, credited=gp + 2 * nfp))
        _investment_proposal(run, nid, rating)


def r4_harvest(run: Run, nid: str) -> None:
    """[L1949-1985] the surplus after conversions; reserves cover a deficit; 30% attrition after additions."""
    nation = run.nation(nid)
    used_points = budget.agro_points(_lines(run.state, nid))
    surplus = nation.agro.surplus - used_points
    from_reserves = min(nation.agro_reserves, -surplus) if surplus < 0 else ZERO
    deficit = -surplus - from_reserves if surplus < 0 else ZERO
    reserves = (nation.agro_reserves - from_reserves) * Fraction(7, 10)
    run.emit(
        AgroHarvested(nation=nid, agro=nation.agro, reserves_used=from_reserves, deficit=deficit, reserves=reserves)
    )
    if deficit > 0:
        run.raise_item(
            nid,
            "agro_deficit",
            "famine",
            "tax status F",
            f"an agro deficit of {float(deficit):.2f} after reserves: famine cuts the tax rate ([L1949-1959])",
        )


def resolve_orders(state: State, ctx: DecisionContext) -> Sequence[Event]:
    run = Run(state, ctx)
    nations = list(state.nations)
    for nid in nations:
        r0_declarations(run, nid)
    for nid in nations:
        r1_revenue(run, nid)
    for nid in nations:
        r2_support(run, nid)
    r3_mercenaries(run)
    for nid in nations:
        r4_builds(run, nid)
        r4_harvest(run, nid)
    return run.events


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
