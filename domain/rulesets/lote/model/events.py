"""Events of `lote`. Tags are permanent storage names: add fields with defaults, never rename."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.lote.model.commands import NationParameter
from domain.rulesets.lote.model.orders import Order
from domain.rulesets.lote.model.report_events import (
    NewsConcealed,
    NewsfaxPublished,
    NewsPrinted,
    RankingAmended,
    StatusReportAmended,
    StatusReportPublished,
)
from domain.rulesets.lote.model.state import Adjudication, Agro, Revenue, Support
from domain.rulesets.lote.scenario.enums import ArmyStatus, Exact, Status
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


# --- order-form events --------------------------------------------------------------------------------


class OrderEntered(_Event, frozen=True, tag="OrderEntered"):
    nation: str
    order: Order


class OrderWithdrawn(_Event, frozen=True, tag="OrderWithdrawn"):
    nation: str
    line: str


class OrdersSubmitted(_Event, frozen=True, tag="OrdersSubmitted"):
    nation: str


class LateOrdersAdmitted(_Event, frozen=True, tag="LateOrdersAdmitted"):
    nation: str
    reason: str


class OrderStruck(_Event, frozen=True, tag="OrderStruck"):
    nation: str
    line: str
    reason: str


class OrdersLocked(_Event, frozen=True, tag="OrdersLocked"):
    turn: int
    without_orders: tuple[str, ...]


class DefaultOrdersApplied(_Event, frozen=True, tag="DefaultOrdersApplied"):
    """[L48-50] a nation that sent no orders still pays; it builds and invests nothing, its leaders hold."""

    nation: str


# --- resolution events (R0..R8) -----------------------------------------------------------------------


class TaxRateDeclared(_Event, frozen=True, tag="TaxRateDeclared"):
    nation: str
    percent: int


class TreasuryMoved(_Event, frozen=True, tag="TreasuryMoved"):
    nation: str
    location: str


class FleetAssigned(_Event, frozen=True, tag="FleetAssigned"):
    nation: str
    fleet: str
    activity: str
    route: str
    base_port: str
    msp: int


class ShipsConvertedToMSP(_Event, frozen=True, tag="ShipsConvertedToMSP"):
    nation: str
    fleet: str
    army: str
    ships: dict[str, int]
    msp: int


class ShipsWithdrawn(_Event, frozen=True, tag="ShipsWithdrawn"):
    nation: str
    fleet: str
    ships: dict[str, int]
    msp: int
    location: str
    army: str | None


class TradeRouteClosed(_Event, frozen=True, tag="TradeRouteClosed"):
    """[L3808-3813] either side declared cessation; `partner` the other side, who learns of it too."""

    route: str
    by: str
    partner: str = ""


class MerchantFleetFormed(_Event, frozen=True, tag="MerchantFleetFormed"):
    """A new route's MSP leave their old fleet for the route's own fleet."""

    nation: str
    fleet: str
    source: str
    base_port: str
    route: str
    msp: int


class HeavyTransportsBuilt(_Event, frozen=True, tag="HeavyTransportsBuilt"):
    nation: str
    fleet: str
    army: str | None
    count: int
    msp: int
    gp: Exact


class RevenueCollected(_Event, frozen=True, tag="RevenueCollected"):
    nation: str
    raw: Exact
    tax_pct: Exact
    net: Exact
    nfp: Exact


class SupportPaid(_Event, frozen=True, tag="SupportPaid"):
    """`paid` is in GP; `nfp` NFP paid part of the project support at 5 GP each ([L1696-1716])."""

    nation: str
    support: Support
    paid: Exact
    shortfall: Exact
    nfp: Exact = msgspec.field(default_factory=Fraction)


class MercenariesHired(_Event, frozen=True, tag="MercenariesHired"):
    nation: str
    line: str
    pool: str
    unit: str
    count: int
    price: Exact
    army: str | None
    location: str = ""


class MercenariesReturned(_Event, frozen=True, tag="MercenariesReturned"):
    """[L4480-4484] hired for the turn: the survivors go back to their pool at its end."""

    nation: str
    pool: str
    unit: str
    count: int
    army: str | None
    location: str


class MercenaryBidRefunded(_Event, frozen=True, tag="MercenaryBidRefunded"):
    """[L4500-4504] unaccepted bid gold goes back to Saved (nothing was taken: recorded for the report)."""

    nation: str
    line: str
    gp: Exact


class InvestmentMade(_Event, frozen=True, tag="InvestmentMade"):
    nation: str
    rating: str
    gp: Exact
    nfp: Exact
    credited: Exact


class RatingRaised(_Event, frozen=True, tag="RatingRaised"):
    nation: str
    rating: str
    level: int


class UnitsMustered(_Event, frozen=True, tag="UnitsMustered"):
    nation: str
    line: str
    unit: str
    count: int
    location: str
    army: str | None
    gp: Exact
    nfp: Exact
    allied: bool = False


class UnitsDemobilized(_Event, frozen=True, tag="UnitsDemobilized"):
    nation: str
    location: str
    army: str | None
    units: dict[str, int]


class PublicWorksBuilt(_Event, frozen=True, tag="PublicWorksBuilt"):
    nation: str
    location: str
    points: int
    gp: Exact
    nfp: Exact


class CityFoundationLaid(_Event, frozen=True, tag="CityFoundationLaid"):
    """[L4641-4650] paid now; the city appears at the end of the turn."""

    nation: str
    line: str
    region: str
    name: str
    port_sea_zones: tuple[str, ...]
    gp: Exact
    nfp: Exact
    slave_nfp: Exact = msgspec.field(default_factory=Fraction)
    pacified: bool = False


class CityFounded(_Event, frozen=True, tag="CityFounded"):
    nation: str
    region: str
    name: str
    port_sea_zones: tuple[str, ...]
    status: Status = "f"


class CityExpanded(_Event, frozen=True, tag="CityExpanded"):
    """[L4670-4677] +1 GPv; the old walls are torn down."""

    nation: str
    city: str
    gpv: int
    gp: Exact
    nfp: Exact
    slave_nfp: Exact = msgspec.field(default_factory=Fraction)
    pacified: bool = False


class FortressBuilt(_Event, frozen=True, tag="FortressBuilt"):
    nation: str
    region: str
    gp: Exact
    nfp: Exact


class WallPointsBuilt(_Event, frozen=True, tag="WallPointsBuilt"):
    nation: str
    location: str
    count: int
    gp: Exact
    nfp: Exact


class PortAreaBuilt(_Event, frozen=True, tag="PortAreaBuilt"):
    nation: str
    region: str
    gp: Exact
    nfp: Exact


class ColonyPaid(_Event, frozen=True, tag="ColonyPaid"):
    """`levels` counts every GPv step (or the status change) paid for so far; `gpv` is the region's new GPv."""

    nation: str
    target: str
    kind: str
    gp: Exact
    nfp: Exact
    levels: int
    gpv: int
    status: Status | None


class OrderFailed(_Event, frozen=True, tag="OrderFailed"):
    """A line that no longer holds when resolved (the state changed since it was entered): a fact, not a refusal."""

    nation: str
    line: str
    code: str
    message: str


class MegalithPaid(_Event, frozen=True, tag="MegalithPaid"):
    nation: str
    project: str
    kind: str
    regions: tuple[str, ...]
    levels: Exact
    gp: Exact
    nfp: Exact


class MegalithCompleted(_Event, frozen=True, tag="MegalithCompleted"):
    nation: str
    project: str
    kind: str
    regions: tuple[str, ...]
    levels: Exact


class MegalithLost(_Event, frozen=True, tag="MegalithLost"):
    nation: str
    project: str
    regions: tuple[str, ...]


class CityFoundationCancelled(_Event, frozen=True, tag="CityFoundationCancelled"):
    """[L4643-4646] the region was attacked in the first half of the turn: the GP and NFP go back to Saved."""

    nation: str
    name: str
    gp: Exact
    nfp: Exact
    reason: str


class FerryPointsBuilt(_Event, frozen=True, tag="FerryPointsBuilt"):
    nation: str
    ferry: str
    count: int
    gp: Exact
    nfp: Exact


class AgroReserved(_Event, frozen=True, tag="AgroReserved"):
    nation: str
    points: int
    gp: Exact


class AgroConverted(_Event, frozen=True, tag="AgroConverted"):
    nation: str
    points: int
    gp: Exact
    nfp: Exact


class AgroHarvested(_Event, frozen=True, tag="AgroHarvested"):
    """[L1949-1985] surplus or deficit; reserves cover a deficit; 30% attrition after additions."""

    nation: str
    agro: Agro
    reserves_used: Exact
    deficit: Exact
    reserves: Exact


class AdjudicationRaised(_Event, frozen=True, tag="AdjudicationRaised"):
    item: Adjudication


class AdjudicationDecided(_Event, frozen=True, tag="AdjudicationDecided"):
    item_id: str
    nation: str
    outcome: str
    overridden: bool
    reason: str


class ResistanceSet(_Event, frozen=True, tag="ResistanceSet"):
    region: str
    resistance: int


class ShippingGrown(_Event, frozen=True, tag="ShippingGrown"):
    """[L2922-2966] a route below capacity generates merchant shipping for its partners."""

    nation: str
    fleet: str
    route: str
    msp: int


class RouteAged(_Event, frozen=True, tag="RouteAged"):
    """[L2849-2866] an open route's duration grows with the years it stays open."""

    route: str
    duration_years: int


class NationAssessed(_Event, frozen=True, tag="NationAssessed"):
    """R8: the sheets for the next turn and the GP/NFP saved."""

    nation: str
    revenue: Revenue
    support: Support
    agro: Agro
    imperial_size: int
    size_divisor: int
    nfp_income: Exact
    mass_conscription_debt: Exact
    saved_nfp: Exact


class ReportsDrafted(_Event, frozen=True, tag="ReportsDrafted"):
    turn: int


class TurnPublished(_Event, frozen=True, tag="TurnPublished"):
    turn: int
    year: int
    years_per_turn: int
    base_tax_pct: int


# --- GM rulings ---------------------------------------------------------------------------------------


class TreasuryAdjusted(_Event, frozen=True, tag="TreasuryAdjusted"):
    nation: str
    gp: Exact
    nfp: Exact
    reason: str


class ControlStatusSet(_Event, frozen=True, tag="ControlStatusSet"):
    place: str
    nation: str
    status: Status | None
    reason: str
    diplomacy: bool = False


class NationParameterSet(_Event, frozen=True, tag="NationParameterSet"):
    nation: str
    parameter: NationParameter
    value: str
    reason: str


class UnitsAdjusted(_Event, frozen=True, tag="UnitsAdjusted"):
    nation: str
    units: dict[str, int]
    reason: str
    army: str | None = None
    place: str | None = None


class LeaderMoved(_Event, frozen=True, tag="LeaderMoved"):
    leader: str
    nation: str
    location: str
    reason: str
    status: ArmyStatus | None = None


class PlaceAdjusted(_Event, frozen=True, tag="PlaceAdjusted"):
    place: str
    reason: str
    gpv: int | None = None
    pwb: int | None = None
    walls: int | None = None


class HarvestSet(_Event, frozen=True, tag="HarvestSet"):
    zone: str
    percent: int
    reason: str


class TradeRouteRecorded(_Event, frozen=True, tag="TradeRouteRecorded"):
    route_id: str
    route: TradeRouteRecord
    reason: str


CoreEvent = (
    OrderEntered
    | OrderWithdrawn
    | OrdersSubmitted
    | LateOrdersAdmitted
    | OrderStruck
    | OrdersLocked
    | DefaultOrdersApplied
    | OrderFailed
    | TaxRateDeclared
    | TreasuryMoved
    | FleetAssigned
    | ShipsConvertedToMSP
    | HeavyTransportsBuilt
    | ShipsWithdrawn
    | TradeRouteClosed
    | MerchantFleetFormed
    | RevenueCollected
    | SupportPaid
    | MercenariesHired
    | MercenaryBidRefunded
    | MercenariesReturned
    | InvestmentMade
    | RatingRaised
    | UnitsMustered
    | UnitsDemobilized
    | PublicWorksBuilt
    | CityFoundationLaid
    | CityFounded
    | CityExpanded
    | FortressBuilt
    | WallPointsBuilt
    | PortAreaBuilt
    | ColonyPaid
    | MegalithPaid
    | MegalithCompleted
    | MegalithLost
    | CityFoundationCancelled
    | FerryPointsBuilt
    | AgroReserved
    | AgroConverted
    | AgroHarvested
    | AdjudicationRaised
    | AdjudicationDecided
    | ResistanceSet
    | ShippingGrown
    | RouteAged
    | NationAssessed
    | ReportsDrafted
    | TurnPublished
    | TreasuryAdjusted
    | ControlStatusSet
    | NationParameterSet
    | HarvestSet
    | UnitsAdjusted
    | LeaderMoved
    | PlaceAdjusted
    | TradeRouteRecorded
    | NewsPrinted
    | NewsConcealed
    | StatusReportAmended
    | RankingAmended
    | StatusReportPublished
    | NewsfaxPublished
)
