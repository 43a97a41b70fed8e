"""`evolve`: fold one event into the state. Total: it never validates, rolls or reads the clock."""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import assert_never

import msgspec

from domain.rulesets.lote.control.events import ControlEvent
from domain.rulesets.lote.control.evolve import evolve_control
from domain.rulesets.lote.dynasty.events import DynastyEvent
from domain.rulesets.lote.dynasty.evolve import evolve_dynasty
from domain.rulesets.lote.finance.events import FinanceEvent
from domain.rulesets.lote.finance.evolve import evolve_finance
from domain.rulesets.lote.intel.events import IntelEvent
from domain.rulesets.lote.intel.evolve import evolve_intel
from domain.rulesets.lote.leaders.evolve import evolve_leaders
from domain.rulesets.lote.messages import (
    AdjudicationDecided,
    AdjudicationRaised,
    AgroConverted,
    AgroHarvested,
    AgroReserved,
    ArmyStatusChanged,
    CityExpanded,
    CityFoundationCancelled,
    CityFoundationLaid,
    CityFounded,
    ColonyPaid,
    ControlStatusSet,
    DefaultOrdersApplied,
    DynasticFailureBegan,
    Event,
    FerryPointsBuilt,
    FleetAssigned,
    FortressBuilt,
    GarrisonRevolted,
    HarvestSet,
    HeavyTransportsBuilt,
    InvestmentMade,
    LateOrdersAdmitted,
    LeaderDied,
    LeaderGenerated,
    LeaderMoved,
    LeaderPromoted,
    LeadersAged,
    MegalithCompleted,
    MegalithLost,
    MegalithPaid,
    MercenariesHired,
    MercenariesReturned,
    MercenaryBidRefunded,
    MerchantFleetFormed,
    NationAssessed,
    NationParameterSet,
    NewsConcealed,
    NewsfaxPublished,
    NewsPrinted,
    OrderEntered,
    OrderFailed,
    OrdersLocked,
    OrdersSubmitted,
    OrderStruck,
    OrderWithdrawn,
    PlaceAdjusted,
    PortAreaBuilt,
    PublicWorksBuilt,
    RankingAmended,
    RatingRaised,
    ReportsDrafted,
    ResistanceSet,
    RevenueCollected,
    RouteAged,
    ShippingGrown,
    ShipsConvertedToMSP,
    ShipsWithdrawn,
    StatusReportAmended,
    StatusReportPublished,
    SupportPaid,
    TaxRateDeclared,
    TradeRouteClosed,
    TradeRouteRecorded,
    TreasuryAdjusted,
    TreasuryMoved,
    TurnPublished,
    UnitsAdjusted,
    UnitsDemobilized,
    UnitsMustered,
    WallPointsBuilt,
)
from domain.rulesets.lote.military.events import MilitaryEvent
from domain.rulesets.lote.military.evolve import evolve_military
from domain.rulesets.lote.military.pillage_events import PillageEvent
from domain.rulesets.lote.military.pillage_evolve import evolve_pillage
from domain.rulesets.lote.model.commands import PARAMETER_CODES, PARAMETER_FLAGS, PARAMETER_NUMBERS
from domain.rulesets.lote.model.state import Hire, OrderForm, Project, State
from domain.rulesets.lote.religion.events import ReligionEvent
from domain.rulesets.lote.religion.evolve import evolve_religion
from domain.rulesets.lote.reports.newsfax import evolve_press, next_draft, note_news
from domain.rulesets.lote.scenario.scenario import CityRecord, FleetRecord, Megalith
from domain.rulesets.lote.scenario.tables import TABLES
from domain.rulesets.lote.trade.events import TradeEvent
from domain.rulesets.lote.trade.evolve import evolve_trade

R = msgspec.structs.replace


def _nation(state: State, nid: str, **changes: object) -> State:
    nation = state.nations.get(nid)
    if nation is None:
        return state
    return R(state, nations={**state.nations, nid: R(nation, **changes)})


def _spend(state: State, nid: str, gp: Fraction, nfp: Fraction) -> State:
    nation = state.nations.get(nid)
    if nation is None:
        return state
    return _nation(state, nid, gp=nation.gp - gp, nfp=nation.nfp - nfp)


def _slaves(state: State, nid: str, slave_nfp: Fraction) -> State:
    nation = state.nations.get(nid)
    return state if nation is None or not slave_nfp else _nation(state, nid, slave_nfp=nation.slave_nfp - slave_nfp)


def _form(state: State, nid: str, form: OrderForm) -> State:
    return R(state, forms={**state.forms, nid: form})


def _add_units(units: dict[str, int], unit: str, count: int) -> dict[str, int]:
    result = {**units, unit: units.get(unit, 0) + count}
    return {k: v for k, v in result.items() if v > 0}


def _muster(state: State, nid: str, unit: str, count: int, location: str, army: str | None) -> State:
    if army is not None and army in state.leaders:
        leader = state.leaders[army]
        return R(state, leaders={**state.leaders, army: R(leader, units=_add_units(leader.units, unit, count))})
    if location in state.cities:
        city = state.cities[location]
        garrison = {**city.garrison, nid: _add_units(city.garrison.get(nid, {}), unit, count)}
        return R(state, cities={**state.cities, location: R(city, garrison=garrison)})
    if location in state.regions:
        region = state.regions[location]
        garrison = {**region.garrison, nid: _add_units(region.garrison.get(nid, {}), unit, count)}
        return R(state, regions={**state.regions, location: R(region, garrison=garrison)})
    return state


def _set_place(state: State, place: str, **changes: object) -> State:
    if place in state.cities:
        return R(state, cities={**state.cities, place: R(state.cities[place], **changes)})
    if place in state.regions:
        return R(state, regions={**state.regions, place: R(state.regions[place], **changes)})
    return state


def _status(state: State, place: str, nid: str, status: str | None) -> State:
    record = state.cities.get(place) or state.regions.get(place)
    if record is None:
        return state
    statuses = {k: v for k, v in record.statuses.items() if k != nid}
    if status is not None:
        statuses[nid] = status  # type: ignore[assignment]
    return _set_place(state, place, statuses=statuses)


def _demobilize(state: State, event: UnitsDemobilized) -> State:
    units = dict(event.units)
    walls = units.pop("WP", 0)
    if event.army is not None and event.army in state.leaders:
        leader = state.leaders[event.army]
        left = dict(leader.units)
        for unit, count in units.items():
            left = _add_units(left, unit, -count)
        state = R(state, leaders={**state.leaders, event.army: R(leader, units=left)})
    elif units:
        record = state.cities.get(event.location) or state.regions.get(event.location)
        if record is not None:
            left = dict(record.garrison.get(event.nation, {}))
            for unit, count in units.items():
                left = _add_units(left, unit, -count)
            state = _set_place(state, event.location, garrison={**record.garrison, event.nation: left})
    if walls:
        if event.location in state.cities:
            state = _set_place(state, event.location, walls=max(state.cities[event.location].walls - walls, 0))
        elif event.location in state.regions:
            state = _set_place(
                state, event.location, fortress_wp=max((state.regions[event.location].fortress_wp or 0) - walls, 0)
            )
    return state


def _return_mercenaries(state: State, event: MercenariesReturned) -> State:
    key = (event.nation, event.pool, event.unit)
    state = _demobilize(
        state,
        UnitsDemobilized(
            nation=event.nation, location=event.location, army=event.army, units={event.unit: event.count}
        ),
    )
    pool = state.mercenary_pools.get(event.pool)
    if pool is not None:
        units = _add_units(pool.units, event.unit, event.count)
        state = R(state, mercenary_pools={**state.mercenary_pools, event.pool: R(pool, units=units)})
    done = next((i for i, h in enumerate(state.hires) if (h.nation, h.pool, h.unit) == key), None)
    return state if done is None else R(state, hires=(*state.hires[:done], *state.hires[done + 1 :]))


def _adjust_units(state: State, event: UnitsAdjusted) -> State:
    for unit, delta in event.units.items():
        if event.army is not None:
            leader = state.leaders.get(event.army)
            if leader is not None:
                units = _add_units(leader.units, unit, max(delta, -leader.units.get(unit, 0)))
                state = R(state, leaders={**state.leaders, event.army: R(leader, units=units)})
        elif event.place is not None:
            record = state.cities.get(event.place) or state.regions.get(event.place)
            if record is not None:
                held = record.garrison.get(event.nation, {})
                garrison = {**record.garrison, event.nation: _add_units(held, unit, max(delta, -held.get(unit, 0)))}
                state = _set_place(state, event.place, garrison=garrison)
    return state


def _pool_rating(state: State, event: InvestmentMade) -> State:
    nation = state.nations.get(event.nation)
    if nation is None:
        return state
    pools = {**nation.pools, event.rating: nation.pools.get(event.rating, Fraction(0)) + event.credited}
    state = _spend(state, event.nation, event.gp, event.nfp)
    extra: dict[str, object] = {}
    if event.rating == "university":
        extra["university_investment"] = nation.university_investment + event.credited
    return _nation(state, event.nation, pools=pools, **extra)


def _raise_rating(state: State, event: RatingRaised) -> State:
    nation = state.nations.get(event.nation)
    if nation is None:
        return state
    field = "university_rating" if event.rating == "university" else event.rating
    # [L4074-4079] when a rating rises the whole pool is spent
    return _nation(state, event.nation, pools={**nation.pools, event.rating: Fraction(0)}, **{field: event.level})


def _colony(state: State, event: ColonyPaid) -> State:
    state = _spend(state, event.nation, event.gp, event.nfp)
    key = f"colony:{event.target}"
    project = state.projects.get(key) or Project(
        project_id=key, nation=event.nation, kind=event.kind, regions=(event.target,), levels=Fraction(0),
        gp_due=Fraction(0), nfp_due=Fraction(0),
    )  # fmt: skip
    project = R(
        project,
        gp_paid=project.gp_paid + event.gp,
        nfp_paid=project.nfp_paid + event.nfp,
        levels=Fraction(event.levels),
    )
    state = R(state, projects={**state.projects, key: project})
    state = _set_place(state, event.target, gpv=event.gpv) if event.target in state.regions else state
    if event.status is not None:
        state = _status(state, event.target, event.nation, event.status)
    return state


def _megalith_paid(state: State, event: MegalithPaid) -> State:
    fixed = TABLES.construction.fixed_costs.values
    state = _spend(state, event.nation, event.gp, event.nfp)
    project = state.projects.get(event.project) or Project(
        project_id=event.project, nation=event.nation, kind=event.kind, regions=event.regions, levels=event.levels,
        gp_due=event.levels * fixed["megalith_level_gp"], nfp_due=event.levels * fixed["megalith_level_nfp"],
    )  # fmt: skip
    project = R(project, gp_paid=project.gp_paid + event.gp, nfp_paid=project.nfp_paid + event.nfp)
    return R(state, projects={**state.projects, event.project: project})


def _megalith_done(state: State, event: MegalithCompleted) -> State:
    projects = {k: v for k, v in state.projects.items() if k != event.project}
    state = R(state, projects=projects)
    region = state.regions.get(event.regions[0])
    if region is None:
        return state
    built = Megalith(
        kind=event.kind,
        levels=ceil(event.levels),
        cultivation=event.kind in ("regional_cultivation", "intense_cultivation"),
    )
    return _set_place(state, event.regions[0], megaliths=[*region.megaliths, built])


def _assessed(state: State, event: NationAssessed) -> State:
    return _nation(
        state,
        event.nation,
        revenue=event.revenue,
        support=event.support,
        agro=event.agro,
        imperial_size=event.imperial_size,
        size_divisor=event.size_divisor,
        nfp_income=event.nfp_income,
        mass_conscription_debt=event.mass_conscription_debt,
        nfp=event.saved_nfp,
    )


def _parameter(state: State, event: NationParameterSet) -> State:
    value: object
    if event.parameter in PARAMETER_CODES:
        value = event.value
    elif event.parameter in PARAMETER_FLAGS:
        value = event.value == "true"
    elif event.parameter in PARAMETER_NUMBERS:
        value = Fraction(event.value)
    else:
        value = int(event.value)
    return _nation(state, event.nation, **{event.parameter: value})


def evolve(state: State, event: Event) -> State:
    """The truth, then the report layer's draft of the Newsfax (which never feeds back into the truth)."""
    return note_news(state, _truth(state, event), event)


def _truth(state: State, event: Event) -> State:
    if isinstance(event, FinanceEvent):
        return evolve_finance(state, event)
    if isinstance(event, DynastyEvent):
        return evolve_dynasty(state, event)
    if isinstance(event, IntelEvent):
        return evolve_intel(state, event)
    if isinstance(event, ReligionEvent):
        return evolve_religion(state, event)
    if isinstance(event, PillageEvent):
        return evolve_pillage(state, event)
    if isinstance(event, MilitaryEvent):
        return evolve_military(state, event)
    if isinstance(event, TradeEvent):
        return evolve_trade(state, event)
    if isinstance(event, ControlEvent):
        return evolve_control(state, event)
    match event:
        case OrderEntered():
            form = state.forms.get(event.nation, OrderForm())
            return _form(state, event.nation, R(form, lines={**form.lines, event.order.line: event.order}))
        case OrderWithdrawn():
            form = state.forms.get(event.nation, OrderForm())
            return _form(state, event.nation, R(form, lines={k: v for k, v in form.lines.items() if k != event.line}))
        case OrdersSubmitted():
            return _form(state, event.nation, R(state.forms.get(event.nation, OrderForm()), submitted=True))
        case LateOrdersAdmitted():
            return R(state, late_admitted=(*state.late_admitted, event.nation))
        case OrderStruck():
            form = state.forms.get(event.nation, OrderForm())
            lines = {k: v for k, v in form.lines.items() if k != event.line}
            return _form(state, event.nation, R(form, lines=lines, struck={**form.struck, event.line: event.reason}))
        case OrdersLocked() | DefaultOrdersApplied() | ReportsDrafted() | MercenaryBidRefunded() | OrderFailed():
            return state
        case TaxRateDeclared():
            return _nation(state, event.nation, tax_rate_pct=event.percent)
        case TreasuryMoved():
            return _nation(state, event.nation, treasury=event.location)
        case FleetAssigned():
            fleet = state.fleets.get(event.fleet)
            if fleet is None:
                return state
            changed = R(fleet, activity=event.activity, route=event.route, base_port=event.base_port, msp=event.msp)
            return R(state, fleets={**state.fleets, event.fleet: changed})
        case ShipsConvertedToMSP():
            state = _demobilize(
                state, UnitsDemobilized(nation=event.nation, location="", army=event.army, units=event.ships)
            )
            fleet = state.fleets.get(event.fleet)
            if fleet is None:
                return state
            return R(state, fleets={**state.fleets, event.fleet: R(fleet, msp=fleet.msp + event.msp)})
        case ShipsWithdrawn():
            fleet = state.fleets.get(event.fleet)
            if fleet is None:
                return state
            state = R(state, fleets={**state.fleets, event.fleet: R(fleet, msp=fleet.msp - event.msp)})
            for unit, count in event.ships.items():
                state = _muster(state, event.nation, unit, count, event.location, event.army)
            return state
        case TradeRouteClosed():
            route = state.routes.get(event.route)
            return state if route is None else R(state, routes={**state.routes, event.route: R(route, closed=True)})
        case MerchantFleetFormed():
            source = state.fleets.get(event.source)
            if source is None:
                return state
            formed = FleetRecord(
                nation=event.nation, base_port=event.base_port, activity="sea_trade", msp=event.msp, route=event.route
            )
            fleets = {**state.fleets, event.source: R(source, msp=source.msp - event.msp), event.fleet: formed}
            return R(state, fleets=fleets)
        case HeavyTransportsBuilt():
            state = _spend(state, event.nation, event.gp, Fraction(0))
            fleet = state.fleets.get(event.fleet)
            if fleet is None:
                return state
            state = R(state, fleets={**state.fleets, event.fleet: R(fleet, msp=fleet.msp - event.msp)})
            return _muster(state, event.nation, "HT", event.count, fleet.base_port, event.army)
        case RevenueCollected():
            nation = state.nations.get(event.nation)
            if nation is None:
                return state
            return _nation(state, event.nation, gp=nation.gp + event.net, nfp=nation.nfp + event.nfp)
        case SupportPaid():
            return _spend(state, event.nation, event.paid, event.nfp)
        case ShippingGrown():
            fleet = state.fleets.get(event.fleet)
            if fleet is None:
                return state
            return R(state, fleets={**state.fleets, event.fleet: R(fleet, msp=fleet.msp + event.msp)})
        case RouteAged():
            route = state.routes.get(event.route)
            if route is None:
                return state
            return R(state, routes={**state.routes, event.route: R(route, duration_years=event.duration_years)})
        case MercenariesHired():
            pool = state.mercenary_pools.get(event.pool)
            state = _spend(state, event.nation, event.price * event.count, Fraction(0))
            if pool is not None:
                left = _add_units(pool.units, event.unit, -event.count)
                state = R(state, mercenary_pools={**state.mercenary_pools, event.pool: R(pool, units=left)})
            hire = Hire(
                nation=event.nation, pool=event.pool, unit=event.unit, count=event.count, army=event.army,
                location=event.location,
            )  # fmt: skip
            state = R(state, hires=(*state.hires, hire))
            return _muster(state, event.nation, event.unit, event.count, event.location, event.army)
        case MercenariesReturned():
            return _return_mercenaries(state, event)
        case InvestmentMade():
            return _pool_rating(state, event)
        case RatingRaised():
            return _raise_rating(state, event)
        case UnitsMustered():
            state = _spend(state, event.nation, event.gp, event.nfp)
            return _muster(state, event.nation, event.unit, event.count, event.location, event.army)
        case UnitsDemobilized():
            return _demobilize(state, event)
        case PublicWorksBuilt():
            state = _spend(state, event.nation, event.gp, event.nfp)
            record = state.cities.get(event.location) or state.regions.get(event.location)
            return state if record is None else _set_place(state, event.location, pwb=record.pwb + event.points)
        case CityFoundationLaid():
            state = _spend(state, event.nation, event.gp, event.nfp)
            state = _slaves(state, event.nation, event.slave_nfp)
            key = f"city:{event.name}"
            pending = Project(
                project_id=key, nation=event.nation, kind="city", regions=(event.region,), levels=Fraction(1),
                gp_due=event.gp, nfp_due=event.nfp, gp_paid=event.gp, nfp_paid=event.nfp, name=event.name,
                detail=event.port_sea_zones, kind_detail="p" if event.pacified else "f",
            )  # fmt: skip
            return R(state, projects={**state.projects, key: pending})
        case CityFounded():
            city = CityRecord(
                region=event.region,
                gpv=1,
                codes=["p"] if event.port_sea_zones else ["/"],
                port_sea_zones=list(event.port_sea_zones),
                statuses={event.nation: event.status},
                religion=state.regions[event.region].religion if event.region in state.regions else "",
            )
            projects = {k: v for k, v in state.projects.items() if k != f"city:{event.name}"}
            return R(state, cities={**state.cities, event.name: city}, projects=projects)
        case CityExpanded():
            state = _slaves(_spend(state, event.nation, event.gp, event.nfp), event.nation, event.slave_nfp)
            state = _set_place(state, event.city, gpv=event.gpv, walls=0)
            return _status(state, event.city, event.nation, "p") if event.pacified else state
        case FortressBuilt():
            state = _spend(state, event.nation, event.gp, event.nfp)
            return _set_place(state, event.region, fortress_wp=1)
        case WallPointsBuilt():
            state = _spend(state, event.nation, event.gp, event.nfp)
            if event.location in state.cities:
                return _set_place(state, event.location, walls=state.cities[event.location].walls + event.count)
            region = state.regions.get(event.location)
            if region is None:
                return state
            return _set_place(state, event.location, fortress_wp=(region.fortress_wp or 0) + event.count)
        case PortAreaBuilt():
            return _set_place(_spend(state, event.nation, event.gp, event.nfp), event.region, port_area=True)
        case ColonyPaid():
            return _colony(state, event)
        case MegalithPaid():
            return _megalith_paid(state, event)
        case MegalithCompleted():
            return _megalith_done(state, event)
        case MegalithLost():
            return R(state, projects={k: v for k, v in state.projects.items() if k != event.project})
        case CityFoundationCancelled():
            state = _spend(state, event.nation, -event.gp, -event.nfp)
            return R(state, projects={k: v for k, v in state.projects.items() if k != f"city:{event.name}"})
        case FerryPointsBuilt():
            state = _spend(state, event.nation, event.gp, event.nfp)
            ferry = state.ferries.get(event.ferry)
            if ferry is None:
                return state
            return R(state, ferries={**state.ferries, event.ferry: R(ferry, points=ferry.points + event.count)})
        case AgroReserved():
            nation = state.nations.get(event.nation)
            if nation is None:
                return state
            state = _spend(state, event.nation, event.gp, Fraction(0))
            return _nation(state, event.nation, agro_reserves=nation.agro_reserves + event.points)
        case AgroConverted():
            return _spend(state, event.nation, -event.gp, -event.nfp)
        case AgroHarvested():
            return _nation(state, event.nation, agro_reserves=event.reserves)
        case AdjudicationRaised():
            return R(state, adjudications={**state.adjudications, event.item.item_id: event.item})
        case AdjudicationDecided():
            item = state.adjudications.get(event.item_id)
            if item is None:
                return state
            decided = R(item, outcome=event.outcome, overridden=event.overridden, reason=event.reason)
            return R(state, adjudications={**state.adjudications, event.item_id: decided})
        case ResistanceSet():
            return _set_place(state, event.region, resistance=event.resistance)
        case NationAssessed():
            return _assessed(state, event)
        case TurnPublished():
            return R(
                state,
                turn=event.turn,
                year=event.year,
                years_per_turn=event.years_per_turn,
                base_tax_pct=event.base_tax_pct,
                forms={},
                late_admitted=(),
                # an item raised after the adjudication phase closed (a death the GM confirmed while the reports
                # were out) waits for the next one
                adjudications={k: v for k, v in state.adjudications.items() if v.outcome is None},
                press=next_draft(state.press),
                battles={},  # the turn's battles are in its published reports
            )
        case TreasuryAdjusted():
            return _spend(state, event.nation, -event.gp, -event.nfp)
        case ControlStatusSet():
            return _status(state, event.place, event.nation, event.status)
        case NationParameterSet():
            return _parameter(state, event)
        case UnitsAdjusted():
            return _adjust_units(state, event)
        case LeaderMoved():
            leader = state.leaders.get(event.leader)
            if leader is None:
                return state
            moved = R(leader, location=event.location, status=event.status or leader.status)
            return R(state, leaders={**state.leaders, event.leader: moved})
        case PlaceAdjusted():
            changes: dict[str, object] = {}
            if event.gpv is not None:
                changes["gpv"] = event.gpv
            if event.pwb is not None:
                changes["pwb"] = event.pwb
            if event.walls is not None:
                changes["walls" if event.place in state.cities else "fortress_wp"] = event.walls
            return _set_place(state, event.place, **changes)
        case HarvestSet():
            return R(state, harvest_pct={**state.harvest_pct, event.zone: event.percent})
        case TradeRouteRecorded():
            return R(state, routes={**state.routes, event.route_id: event.route})
        case (
            NewsPrinted()
            | NewsConcealed()
            | StatusReportAmended()
            | RankingAmended()
            | StatusReportPublished()
            | NewsfaxPublished()
        ):
            return evolve_press(state, event)
        case (
            LeaderGenerated()
            | LeaderDied()
            | LeaderPromoted()
            | LeadersAged()
            | ArmyStatusChanged()
            | GarrisonRevolted()
            | DynasticFailureBegan()
        ):
            return evolve_leaders(state, event)
        case _:
            assert_never(event)
