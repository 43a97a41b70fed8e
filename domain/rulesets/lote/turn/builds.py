"""R4: musters, investments (proposed with recorded dice), projects, colonies and the harvest."""

from __future__ import annotations

from fractions import Fraction
from math import floor

from domain.rulesets.lote.construction import budget
from domain.rulesets.lote.construction.construction import Cost, city_pacified, colony_cost, megalith_levels
from domain.rulesets.lote.dynasty.orders import DynastyOrder
from domain.rulesets.lote.finance.orders import FinanceOrder
from domain.rulesets.lote.intel.orders import IntelOrder
from domain.rulesets.lote.messages import (
    AgroConverted,
    AgroHarvested,
    AgroReserved,
    CityExpanded,
    CityFoundationLaid,
    ColonyPaid,
    FerryPointsBuilt,
    FortressBuilt,
    InvestmentMade,
    MegalithPaid,
    OrderFailed,
    PortAreaBuilt,
    PublicWorksBuilt,
    UnitsDemobilized,
    UnitsMustered,
    WallPointsBuilt,
)
from domain.rulesets.lote.model.orders import (
    AgroToReserve,
    BidMercenaries,
    BuildAlliedUnits,
    BuildFerryPoints,
    BuildFortress,
    BuildPortArea,
    BuildPublicWorks,
    BuildUnits,
    BuildWallPoints,
    Colonize,
    ConvertAgro,
    DeclareMassConscription,
    Demobilize,
    ExpandCity,
    FoundCity,
    FreeformOrder,
    GiveItinerary,
    Invest,
    Order,
    PayMegalith,
    PayProjectSupportWithNFP,
)
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.religion.orders import ReligionOrder
from domain.rulesets.lote.scenario.enums import Status, dec
from domain.rulesets.lote.scenario.tables import TABLES
from domain.rulesets.lote.turn.run import R0_ORDERS, Run, lines_of

ZERO = Fraction(0)
HIDDEN: tuple[str, ...] = ()  # GM-only rolls: seats see the outcome, not the proposal's dice


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
        f"pool {dec(pool)} GP x 2d6 {sum(rolls)} / 7 against {required} GP for level {level + 1}"
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
            if order.kind == "unsettled" and gpv >= 0 and region.statuses.get(nid) not in ("f", "hm"):
                status = "f"  # a settled colony is Friendly to its founders
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
                    slave_nfp=cost.slave_nfp,
                    pacified=city_pacified(cost),
                )
            )
        case ExpandCity():
            gpv = run.state.cities[order.city].gpv + 1
            run.emit(
                CityExpanded(
                    nation=nid,
                    city=order.city,
                    gpv=gpv,
                    gp=cost.gp,
                    nfp=cost.nfp,
                    slave_nfp=cost.slave_nfp,
                    pacified=city_pacified(cost),
                )
            )
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


def _affordable(run: Run, nid: str, cost: Cost, conscripting: bool) -> bool:
    """Lines are paid in the order written; mass-conscription NFP may run the pool into next turn's income."""
    nation = run.nation(nid)
    allowance = max(nation.nfp_income - nation.mass_conscription_debt, ZERO) if conscripting and cost.troops else ZERO
    return cost.gp <= max(nation.gp, ZERO) and cost.nfp <= nation.nfp + allowance


def _restricted_credit(
    run: Run, nid: str, order: ConvertAgro, lines: list[Order], credited: tuple[Fraction, Fraction]
) -> tuple[Fraction, Fraction]:
    """[L2015-2016] with 100+ GP base revenue, converted GP go only into ratings and NFP only into megaliths."""
    nation = run.nation(nid)
    gp, nfp = budget.agro_credit(nation, order)
    band = TABLES.economy.agro_conversion.rows[budget.conversion_band(nation.revenue.base)]
    if band.gp_use == "rating_investment":
        invested = sum((Fraction(o.gp) for o in lines if isinstance(o, Invest)), ZERO)
        gp = max(min(gp, invested - credited[0]), ZERO)
    if band.nfp_use == "megalith":
        paid = sum((Fraction(o.nfp) for o in lines if isinstance(o, PayMegalith)), ZERO)
        nfp = max(min(nfp, paid - credited[1]), ZERO)
    return gp, nfp


def r4_builds(run: Run, nid: str) -> None:
    lines = lines_of(run.state, nid)
    conscripting = any(isinstance(o, DeclareMassConscription) for o in lines)
    credited = (ZERO, ZERO)
    local: dict[str, Fraction] = {}
    invested: dict[str, tuple[Fraction, Fraction]] = {}
    for order in lines:
        if isinstance(order, (*R0_ORDERS, BidMercenaries, PayProjectSupportWithNFP, GiveItinerary)):  # R0, R2, R3 lines
            continue
        if isinstance(order, FinanceOrder | DynastyOrder | IntelOrder | ReligionOrder):  # resolved at their own steps
            continue
        if isinstance(order, FreeformOrder):
            run.raise_item(nid, "freeform", order.line, "GM to resolve", order.text)
            continue
        cost = run.still_valid(nid, order)
        if cost is None:
            continue
        if cost.local_nfp and cost.place is not None:
            local[cost.place] = local.get(cost.place, ZERO) + cost.local_nfp
        elif cost.place is not None and local.get(cost.place):
            used = min(local[cost.place], cost.nfp)  # [L4379-4396] demobilised NFP pay first, locally
            local[cost.place] -= used
            cost = cost._replace(nfp=cost.nfp - used)
        if not _affordable(run, nid, cost, conscripting):
            run.emit(
                OrderFailed(
                    nation=nid,
                    line=order.line,
                    code="lote.treasury_empty",
                    message="the treasury no longer holds the GP or NFP this line needs (support is paid first)",
                )
            )
            continue
        match order:
            case Invest():
                gp, nfp = invested.get(order.rating, (ZERO, ZERO))
                invested[order.rating] = (gp + cost.gp, nfp + cost.nfp)
            case AgroToReserve():
                run.emit(AgroReserved(nation=nid, points=order.points, gp=cost.gp))
            case ConvertAgro():
                gp, nfp = _restricted_credit(run, nid, order, lines, credited)
                credited = (credited[0] + gp, credited[1] + nfp)
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
    used_points = budget.agro_points(lines_of(run.state, nid))
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
            "F",
            f"an agro deficit of {dec(deficit)} after reserves: famine cuts the tax rate ([L1949-1959])",
        )
