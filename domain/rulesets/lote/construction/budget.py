"""The expenditures section (§5.3 L4028-4240): economic lines and the form's totals.

`check_line` validates one economic or construction line; `totals` adds the whole form up the way the sample
order form does (L15314-15390): net revenue + saved gold against support, investments, builds and other spending,
with agro conversion as a credit. A form that spends more than it has is refused, naming the line just entered.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import NamedTuple

from domain.rulesets.lote.construction import construction
from domain.rulesets.lote.construction.construction import Cost, decimal, refuse
from domain.rulesets.lote.dynasty import check as dynasty
from domain.rulesets.lote.dynasty.orders import DynastyOrder
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.finance import check as finance
from domain.rulesets.lote.finance.orders import FinanceOrder, SellAgro
from domain.rulesets.lote.intel import check as intel
from domain.rulesets.lote.intel.orders import IntelOrder
from domain.rulesets.lote.model.orders import (
    AgroToReserve,
    AssignFleet,
    BuildHeavyTransports,
    CeaseTrade,
    CedePlace,
    ConvertAgro,
    ConvertShipsToMSP,
    DeclareMassConscription,
    Diplomacy,
    FreeformOrder,
    GiveItinerary,
    GrantSatrapy,
    InitiateTradeRoute,
    Invest,
    MoveTreasury,
    Order,
    PayMegalith,
    PayProjectSupportWithNFP,
    ReduceControlStatus,
    SecretDiplomacy,
    SetTaxRate,
    TradeWithAnyone,
    WithdrawShips,
)
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.movement import itinerary
from domain.rulesets.lote.religion import check as religion
from domain.rulesets.lote.religion.orders import ReligionOrder
from domain.rulesets.lote.scenario.enums import at_least, dec
from domain.rulesets.lote.scenario.tables import TABLES
from domain.rulesets.lote.trade import check as trade

ZERO = Fraction(0)
FIXED = TABLES.construction.fixed_costs.values


def rating_cap(state: State, nation: Nation, rating: str) -> int | None:
    """[L4087-4136; L1431-1433; §2.7; §2.2.4] QR by Table 5-3, intel by TL, religious by RS, BL/Infra by government."""
    tl = nation.tech_level
    if rating in ("cav_qr", "inf_qr", "warship_qr", "siege_qr"):
        row = TABLES.construction.max_qr.values[nation.culture].get(str(tl))
        if row is None:
            return None
        return row[("cav_qr", "inf_qr", "warship_qr", "siege_qr").index(rating)]
    if rating in ("oc", "ob", "ac", "ab"):
        return tl
    if rating in ("roc", "rob"):
        return nation.religious_strength
    if rating in ("bl", "infra"):
        caps = TABLES.economy.government_caps.values[nation.government]
        # [L453-454] "where limits involve multiples, round up"
        return ceil(caps[f"{rating}_base"] + caps[f"{rating}_per_tl"] * tl)
    return None


def rating_level(nation: Nation, rating: str) -> int:
    return nation.university_rating if rating == "university" else int(getattr(nation, rating))


def msp_per_ship(unit: str) -> int:
    """[L3908-3930] LT 2, T 3, HT 4; warships with cargo convert at their capacity."""
    row = TABLES.units.units.get(unit)
    if row is None or row.kind not in ("transport", "warship"):
        return 0
    cost = row.by_culture.get("C") or next(iter(row.by_culture.values()))
    return cost.capacity or 0


def port_limits(state: State, nation: str, port: str) -> tuple[int, int]:
    """[L2690-2712] the nation's limit GPv x 20 x tax multiple, and the port's total GPv x 20."""
    city = state.cities[port]
    mine = city.gpv * 20 * economy.tax_multiple(state, city.statuses.get(nation))
    return int(mine), city.gpv * 20


def check_port_capacity(state: State, nation: str, order: Order, port: str, extra: int, fleet_id: str) -> None:
    """[L2690-2712] a nation's MSP at a port within GPv x 20 x tax multiple; all nations within GPv x 20."""
    mine, total = port_limits(state, nation, port)
    based = [f for k, f in state.fleets.items() if f.base_port == port and k != fleet_id]
    own = sum(f.msp for f in based if f.nation == nation) + extra
    if own > mine:
        raise refuse(order, "port_limit", f"{port!r} can base {mine} MSP of yours, not {own}")
    if sum(f.msp for f in based) + extra > total:
        raise refuse(order, "port_full", f"{port!r} can base {total} MSP in all")


def _fleet(state: State, nation: Nation, order: Order, fleet_id: str) -> None:
    fleet = state.fleets.get(fleet_id)
    if fleet is None or fleet.nation != nation.id:
        raise refuse(order, "unknown_fleet", f"{nation.name} has no merchant fleet {fleet_id!r}")


def _economic(state: State, nation: Nation, order: Order) -> Cost:
    match order:
        case GiveItinerary():
            itinerary.plan(state, nation, order)  # refuses the first step that does not fit (§6.3)
            itinerary.check_port(state, nation, order)
            return Cost()
        case SetTaxRate():
            top = economy.max_tax_pct(state)
            if not 0 <= order.percent <= top:
                raise refuse(order, "tax_rate_too_high", f"the tax rate may be at most {top}% ([L1361-1363])")
            net = economy.net_revenue(nation, economy.effective_tax_pct(state, nation, order.percent))
            if net < nation.support.government:
                raise refuse(
                    order,
                    "tax_rate_too_low",
                    f"{order.percent}% raises {dec(net)} GP, less than the government support of "
                    f"{dec(nation.support.government)} GP ([L1363-1365])",
                )
            return Cost()
        case MoveTreasury():
            if not at_least(construction.status_at(state, nation.id, order.location), "t"):
                raise refuse(order, "not_controlled", f"{order.location!r} is not part of {nation.name}")
            return Cost()
        case AssignFleet():
            _fleet(state, nation, order, order.fleet)
            port = order.base_port or state.fleets[order.fleet].base_port
            if order.base_port is not None:
                city = state.cities.get(port)
                if city is None or not {"p", "+", "#"} & set(city.codes):
                    raise refuse(order, "not_a_port", f"{port!r} is not a port city")
                if not at_least(city.statuses.get(nation.id), "t"):
                    raise refuse(order, "port_not_held", "MSP can be based only at a port held at T or better")
            check_port_capacity(state, nation.id, order, port, state.fleets[order.fleet].msp, order.fleet)
            if order.msp_change:
                raise refuse(
                    order,
                    "msp_change_unsupported",
                    "MSP cannot be made or demobilised ([L4397-4400]): take ships off a fleet with WithdrawShips "
                    "(their MSP go with them), move a whole fleet with AssignFleet, or open a route with MSP from a "
                    "fleet (InitiateTradeRoute's fleet and msp)",
                )
            if (order.activity or state.fleets[order.fleet].activity) == "sea_trade":
                trade.check_fleet_route(state, nation, order, order.route or state.fleets[order.fleet].route or "")
            return Cost()
        case ConvertShipsToMSP():
            _fleet(state, nation, order, order.fleet)
            leader = state.leaders.get(order.army)
            if leader is None or leader.nation != nation.id:
                raise refuse(order, "unknown_army", f"{nation.name} has no leader {order.army!r}")
            for unit, count in order.ships.items():
                if msp_per_ship(unit) == 0 or leader.units.get(unit, 0) < count or count <= 0:
                    raise refuse(order, "not_enough_ships", f"army {order.army!r} cannot convert {count} {unit}")
            fleet = state.fleets[order.fleet]
            added = sum(msp_per_ship(u) * n for u, n in order.ships.items())
            check_port_capacity(state, nation.id, order, fleet.base_port, fleet.msp + added, order.fleet)
            return Cost()
        case BuildHeavyTransports():
            _fleet(state, nation, order, order.fleet)
            if order.count <= 0 or state.fleets[order.fleet].msp < order.count * FIXED["heavy_transport_msp"]:
                raise refuse(order, "not_enough_msp", "each Heavy Transport takes 4 MSP ([L4014-4026])")
            return Cost(gp=order.count * FIXED["heavy_transport_gp"])
        case Invest():
            cap = rating_cap(state, nation, order.rating)
            if cap is not None and rating_level(nation, order.rating) >= cap:
                raise refuse(order, "rating_at_cap", f"{order.rating} is already at its maximum of {cap}")
            return Cost(decimal(order, "gp", order.gp), decimal(order, "nfp", order.nfp))
        case AgroToReserve():
            return Cost(gp=Fraction(order.points))
        case PayProjectSupportWithNFP():
            most = nation.support.project / FIXED["project_nfp_as_gp"]
            if not 0 < order.nfp <= most:
                raise refuse(
                    order,
                    "too_much_nfp",
                    f"project support of {dec(nation.support.project)} GP takes at most {dec(most)} NFP at 5 GP each",
                )
            return Cost(nfp=Fraction(order.nfp))
        case WithdrawShips():
            _fleet(state, nation, order, order.fleet)
            msp = sum(msp_per_ship(u) * n for u, n in order.ships.items())
            if any(msp_per_ship(u) == 0 or n <= 0 for u, n in order.ships.items()):
                raise refuse(order, "not_a_ship", "only transports and cargo-carrying warships hold MSP")
            if msp > state.fleets[order.fleet].msp:
                raise refuse(order, "not_enough_msp", f"the fleet holds {state.fleets[order.fleet].msp} MSP, not {msp}")
            return Cost()
        case InitiateTradeRoute():
            trade.check_initiation(state, nation, order)
            return Cost()
        case CeaseTrade():
            if order.partner not in state.nations or order.partner == nation.id:
                raise refuse(order, "unknown_nation", f"there is no other nation {order.partner!r}")
            return Cost()
        case DeclareMassConscription() | ConvertAgro() | FreeformOrder() | TradeWithAnyone():
            return Cost()
        case Diplomacy() | SecretDiplomacy() | ReduceControlStatus() | CedePlace() | GrantSatrapy():
            return Cost()  # checked by `diplomacy/`; gold for diplomacy is not an order field yet
    raise AssertionError(f"unexpected order {order!r}")


def check_line(state: State, nation: Nation, order: Order, form: list[Order]) -> Cost:
    if isinstance(order, FinanceOrder):
        charge = finance.charge(state, nation, order, form)  # a bank loan's gold is a credit (negative cost)
        return Cost(gp=charge.gp - charge.credit, nfp=charge.nfp)
    if isinstance(order, DynastyOrder):
        dynasty.check_line(state, nation, order, form)
        return Cost()
    if isinstance(order, IntelOrder):
        intel.check_line(state, nation, order, form)  # operations cost nothing: support is fixed by ratings
        return Cost()
    if isinstance(order, ReligionOrder):
        religion.check_line(state, nation, order, form)  # operations cost nothing: support is fixed by ratings
        return Cost()
    if isinstance(order, GiveItinerary):
        itinerary.one_line_per_army(order, form)
        dynasty.check_itinerary(state, nation, order)  # a King under age has a Regent to Rule for him
    cost = construction.cost_of(state, nation, order, form)
    return cost if cost is not None else _economic(state, nation, order)


class Totals(NamedTuple):
    """The form added up (sample form L15314-15390)."""

    net: Fraction
    saved_in: Fraction
    support: Fraction
    investments: Fraction
    agro_credit: Fraction
    builds_gp: Fraction
    other_gp: Fraction
    nfp_available: Fraction
    nfp_spent: Fraction
    conscription_extra: Fraction

    @property
    def gp_available(self) -> Fraction:
        return self.net + self.saved_in

    @property
    def gp_spent(self) -> Fraction:
        return self.support + self.investments - self.agro_credit + self.builds_gp + self.other_gp

    @property
    def saved_gp(self) -> Fraction:
        return self.gp_available - self.gp_spent

    @property
    def saved_nfp(self) -> Fraction:
        return self.nfp_available + self.conscription_extra - self.nfp_spent


def conversion_band(base_revenue: Fraction) -> int:
    """Table 2-33 bands [0,50), [50,100), [100,inf) (setting A18)."""
    rows = TABLES.economy.agro_conversion.rows
    return max(i for i, row in enumerate(rows) if base_revenue >= row.min_base_revenue)


def agro_credit(nation: Nation, order: ConvertAgro) -> tuple[Fraction, Fraction]:
    row = TABLES.economy.agro_conversion.rows[conversion_band(nation.revenue.base)]
    if order.into == "gp":
        return order.points / row.agro_per_gp, ZERO
    return ZERO, order.points / row.agro_per_nfp


def declared_tax(nation: Nation, form: list[Order]) -> int:
    rates = [o.percent for o in form if isinstance(o, SetTaxRate)]
    return rates[-1] if rates else nation.tax_rate_pct


def totals(state: State, nation: Nation, form: list[Order]) -> Totals:
    """Add up a form whose lines have each been checked. Restricted credits only count where they may be used."""
    net = economy.net_revenue(nation, economy.effective_tax_pct(state, nation, declared_tax(nation, form)))
    invest = builds = other = nfp_troops = nfp_other = support_nfp = ZERO
    credit_gp = credit_nfp = ZERO
    megalith_nfp = ZERO
    local: dict[str, Fraction] = {}
    band = TABLES.economy.agro_conversion.rows[conversion_band(nation.revenue.base)]
    for order in form:
        cost = check_line(state, nation, order, form)
        nfp = cost.nfp
        if cost.local_nfp and cost.place is not None:
            # [L4379-4396] demobilised NFP pay for later lines at the same place, as the resolver does
            local[cost.place] = local.get(cost.place, ZERO) + cost.local_nfp
        elif cost.place is not None and local.get(cost.place):
            used = min(local[cost.place], nfp)
            local[cost.place] -= used
            nfp -= used
        if isinstance(order, Invest):
            invest += cost.gp
        elif isinstance(order, PayProjectSupportWithNFP):
            support_nfp += nfp
        elif isinstance(order, ConvertAgro):
            gp, n = agro_credit(nation, order)
            credit_gp, credit_nfp = credit_gp + gp, credit_nfp + n
        elif isinstance(order, AgroToReserve | BuildHeavyTransports | FinanceOrder | DynastyOrder):
            other += cost.gp
        else:
            builds += cost.gp
        if isinstance(order, PayMegalith):
            megalith_nfp += nfp
        if cost.troops:
            nfp_troops += nfp
        else:
            nfp_other += nfp
    if band.gp_use == "rating_investment":
        credit_gp = min(credit_gp, invest)  # [L2015-2016] 100+ GP: GP only as an investment in a rating
    if band.nfp_use == "megalith":
        credit_nfp = min(credit_nfp, megalith_nfp)
    other += finance.due_charge(nation, state.turn, form, net + nation.gp)  # [L8829-8836] loans due now
    slaves = sum((check_line(state, nation, o, form).slave_nfp for o in form), ZERO)
    if slaves > nation.slave_nfp:
        raise refuse(form[-1], "not_enough_slaves", f"the form uses {slaves} slave NFP of {nation.slave_nfp}")
    conscripting = any(isinstance(o, DeclareMassConscription) for o in form)
    income = max(nation.nfp_income - nation.mass_conscription_debt, ZERO)
    available = nation.nfp + income + credit_nfp
    # [L4222-4233] mass conscription: up to twice the NFP income, the extra for troops only
    extra = min(income, max(nfp_troops - max(available - nfp_other, ZERO), ZERO)) if conscripting else ZERO
    return Totals(
        net=net,
        saved_in=nation.gp,
        support=nation.support.total - support_nfp * FIXED["project_nfp_as_gp"],
        investments=invest,
        agro_credit=credit_gp,
        builds_gp=builds,
        other_gp=other,
        nfp_available=available,
        nfp_spent=nfp_troops + nfp_other,
        conscription_extra=extra,
    )


def agro_points(form: list[Order]) -> int:
    return sum(o.points for o in form if isinstance(o, AgroToReserve | ConvertAgro | SellAgro))
