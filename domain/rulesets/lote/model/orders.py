"""The order form (§5 L3771-4967; digest §1.3, §5.1-5.3) as typed commands, one per kind of line.

Each order carries the player's `line` id; entering a line with an existing id revises it until the deadline.
The orders are also stored inside `OrderEntered` events, so their tags are permanent storage names.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Count, Decimal, Delta, Many, Name, Quantity, Table, Text
from domain.rulesets.lote.dynasty.orders import DynastyOrder
from domain.rulesets.lote.finance.orders import FinanceOrder
from domain.rulesets.lote.intel.orders import IntelOrder
from domain.rulesets.lote.religion.orders import ReligionOrder
from domain.rulesets.lote.scenario.enums import FleetActivity, Rating, Status


class _Order(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    line: Name


# --- start-of-turn declarations (§1.3) ---------------------------------------------------------------


class SetTaxRate(_Order, frozen=True, tag="SetTaxRate"):
    """[L1357-1366] at most 150% for a five-year turn; at least enough to pay the government."""

    percent: Annotated[int, msgspec.Meta(ge=0, le=150)]  # [L1357-1366] never above 150%


class DeclareMassConscription(_Order, frozen=True, tag="DeclareMassConscription"):
    """[L4222-4239] spend up to twice the turn's NFP income; the extra is for troops only."""


class MoveTreasury(_Order, frozen=True, tag="MoveTreasury"):
    """[L8423-8436] the treasury moves to a city or region of the empire at the start of the turn."""

    location: Name


# --- trade and shipping (§5.2) -----------------------------------------------------------------------


class AssignFleet(_Order, frozen=True, tag="AssignFleet"):
    """[L3932-3977] change a merchant fleet's duty (a sea-trade fleet serves one of the nation's open sea routes it
    may ship on, `trade/check.py`) or base port. `msp_change` must stay 0: MSP are neither made nor demobilised
    ([L4397-4400]); they leave a fleet with its ships (`WithdrawShips`) or join a new route (`InitiateTradeRoute`)."""

    fleet: Name
    activity: FleetActivity | None = None
    route: Name | None = None
    base_port: Name | None = None
    msp_change: Delta = 0


class ConvertShipsToMSP(_Order, frozen=True, tag="ConvertShipsToMSP"):
    """[L3908-3930] transports (and warships with cargo) from an army at the fleet's port become MSP."""

    fleet: Name
    army: Name
    ships: Table[Name, Count]


class WithdrawShips(_Order, frozen=True, tag="WithdrawShips"):
    """[L3956-3977] "Route# / delta MSP / delta Ships": ships taken off a fleet take their MSP with them
    (-10t removes 30 MSP); they join the garrison of the fleet's base port, or `army` if it is there."""

    fleet: Name
    ships: Table[Name, Count]
    army: Name | None = None


class InitiateTradeRoute(_Order, frozen=True, tag="InitiateTradeRoute"):
    """[L3979-4013] to nation, their port, from your port, distance in sea zones (0 for land), MSP from `fleet`.

    Both nations must initiate with each other, or one must trade with anyone ([L3799-3804]); the line is traced
    over the map as it is entered (`trade/check.py`: refused with the reason when no route can be traced), traced
    again at R0 for the GM's `trade_route` item, and the route trades from the next turn ([L3806-3808]).
    """

    partner: Name
    from_port: Name | None = None
    to_port: Name | None = None
    sea_zones: Quantity = 0
    msp: Quantity = 0
    fleet: Name | None = None


class TradeWithAnyone(_Order, frozen=True, tag="TradeWithAnyone"):
    """[L3799-3804] accept any nation's route initiation this turn."""


class CeaseTrade(_Order, frozen=True, tag="CeaseTrade"):
    """[L3808-3813] stop trading with a nation: its routes close."""

    partner: Name


class BuildHeavyTransports(_Order, frozen=True, tag="BuildHeavyTransports"):
    """[L4014-4026] every 4 MSP + 4 GP of a fleet becomes one Heavy Transport at its base port."""

    fleet: Name
    count: Count
    army: Name | None = None


# --- expenditures (§5.3) -----------------------------------------------------------------------------


class Invest(_Order, frozen=True, tag="Invest"):
    """[L4062-4137] gold and NFP (1 NFP = 2 GP) into a rating's pool; never withdrawn."""

    rating: Rating
    gp: Decimal = "0"
    nfp: Decimal = "0"


class PayProjectSupportWithNFP(_Order, frozen=True, tag="PayProjectSupportWithNFP"):
    """[L1696-1716] project support may be paid in NFP, 1 NFP = 5 GP (corvee labour)."""

    nfp: Count


class AgroToReserve(_Order, frozen=True, tag="AgroToReserve"):
    """[L1969-1985] 1 GP per surplus agro point added to the reserves (then 30% attrition)."""

    points: Count


class ConvertAgro(_Order, frozen=True, tag="ConvertAgro"):
    """[L2007-2017] surplus agro traded for GP or NFP at the Table 2-33 rate of the base-revenue band."""

    points: Count
    into: Literal["gp", "nfp"]


class FreeformOrder(_Order, frozen=True, tag="FreeformOrder"):
    """Anything not yet automated; the GM resolves it into typed events (digest §7.1.2)."""

    text: Text


# --- construction (§5.4-5.8) -------------------------------------------------------------------------


class BuildUnits(_Order, frozen=True, tag="BuildUnits"):
    """[L4241-4407; Table 13-5] units at a location allowed by their build code; `army` receives them."""

    unit: Name
    count: Count
    location: Name
    army: Name | None = None


class BuildAlliedUnits(_Order, frozen=True, tag="BuildAlliedUnits"):
    """[L4428-4462] units for a Full Ally's army at half NFP, limited to 5 x the ally's GPv in full NFP."""

    ally: Name
    unit: Name
    count: Count


class BuildPublicWorks(_Order, frozen=True, tag="BuildPublicWorks"):
    """[L4139-4221] PWB points in a controlled region or city; 1 NFP stands in for 2 GP."""

    location: Name
    points: Count
    nfp: Decimal = "0"


class FoundCity(_Order, frozen=True, tag="FoundCity"):
    """[L4632-4660] a new [1/0] city, Friendly, appearing at the end of the turn."""

    region: Name
    name: Name
    port_sea_zones: Many[Name] = []
    slave_nfp: Quantity = 0


class ExpandCity(_Order, frozen=True, tag="ExpandCity"):
    """[L4670-4685] +1 GPv per turn, paid in full; the walls are torn down. Slave economies may pay NFP in slave
    NFP; more than half of the NFP in slaves leaves the city Pacified ([L4650-4654])."""

    city: Name
    slave_nfp: Quantity = 0


class BuildFortress(_Order, frozen=True, tag="BuildFortress"):
    """[L4414-4427] 10 GP + 10 NFP: the foundation and one wall point; one per region."""

    region: Name


class BuildWallPoints(_Order, frozen=True, tag="BuildWallPoints"):
    """[L4706-4721] wall points on a city or a region's fortress, up to the builder's Siege QR."""

    location: Name
    count: Count


class BuildPortArea(_Order, frozen=True, tag="BuildPortArea"):
    """[L4723-4741] 10 GP + 10 NFP in a coastal region."""

    region: Name


class Demobilize(_Order, frozen=True, tag="Demobilize"):
    """[L4379-4407] units or wall points become 1 NFP each, usable only at that location this turn."""

    location: Name
    units: Table[Name, Count]
    army: Name | None = None


class Colonize(_Order, frozen=True, tag="Colonize"):
    """[L4532-4630] the four kinds of colonisation, paid in GP and NFP (instalments for unsettled regions)."""

    target: Name
    kind: Literal["unsettled", "depopulated", "populated_region", "populated_city"]
    gp: Decimal
    nfp: Decimal


class PayMegalith(_Order, frozen=True, tag="PayMegalith"):
    """[L4742-4967] pay towards a megalith of `base_level` over `regions`; finished when fully paid."""

    project: Name
    kind: Name
    regions: Many[Name]
    base_level: Decimal
    gp: Decimal
    nfp: Decimal


class BuildFerryPoints(_Order, frozen=True, tag="BuildFerryPoints"):
    """[L3709-3722] ferry points on a ferry arrow (1 GP + 0.5 NFP each)."""

    ferry: Name
    count: Count


class BidMercenaries(_Order, frozen=True, tag="BidMercenaries"):
    """[L4476-4531] a sealed bid per unit for a pool's units, appearing at `location` (a controlled city in the
    pool's region, or the Homeland if none) and joining `army` if named; the highest price wins, ties split.
    Mercenaries serve for the turn of hire and then go back to their pool."""

    pool: Name
    unit: Name
    count: Count
    price: Decimal
    location: Name
    army: Name | None = None


StepKind = Literal["move", "sail", "land", "ferry", "act"]


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One step of an itinerary (§6.3 L6519-6597): `move` overland to `to`, `sail` into the sea zone `to`, `land`
    from the sea on the region `to`, cross the ferry arrow `to`, or `act` (`action` code, `extra` AP for "+"
    actions: `DP+5`). `secret` is Secret Movement (2 AP base, §6.2.4.24 L6047-6052). For an `act`, `to` names the
    city acted on (Burn, Sack, Evacuate; Enslave or Military Conversion of a city) or the region raided (Raid)."""

    kind: StepKind
    to: Name = ""
    action: Name = ""
    extra: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    secret: bool = False
    evade: bool = False  # §6.2.4.15 [L5854-5865] Evade: +1 AP to the move, to slip through unnoticed (the GM rules)


class GiveItinerary(_Order, frozen=True, tag="GiveItinerary"):
    """An army's itinerary for the turn (§6.3; digest §5.4): validated when given against the army's AP for the
    turn (§6.2.1), each step priced by Tables 4-9 and 6-25; `guided_by` lists nations that granted passage
    (§9.16 L9395-9402: their regions count as controlled)."""

    army: Name
    steps: Annotated[list[Step], msgspec.Meta(min_length=1, max_length=60)]
    guided_by: Annotated[list[Name], msgspec.Meta(max_length=20)] = []


# --- leader actions (§6.2.4) ------------------------------------------------------------------------


class Diplomacy(_Order, frozen=True, tag="Diplomacy"):
    """[L5721-5771] a leader (with helpers at half their rating) negotiates with a region or city, spending `ap`
    Action Points (BAC 4+); the GM rules the result (`diplomacy/attempts.py`)."""

    leader: Name
    target: Name
    ap: Count  # the Action Points the leader spends on it ([L5739-5742]: more AP, a better chance)
    helpers: Many[Name] = []


class SecretDiplomacy(_Order, frozen=True, tag="SecretDiplomacy"):
    """[L6420-6428] Diplomacy in total secrecy (BAC 6+): the result is not in the Newsfax."""

    leader: Name
    target: Name
    ap: Count
    helpers: Many[Name] = []


class ReduceControlStatus(_Order, frozen=True, tag="ReduceControlStatus"):
    """[L8481-8497] at the beginning of the turn, lower your status in a region or city by any number of levels
    (`un`: give it up); Pacified only to PT or un, and only once the garrison has gone; PT only to un."""

    place: Name
    to: Status


class CedePlace(_Order, frozen=True, tag="CedePlace"):
    """[L9428-9450] cede a region or city you control to another nation; its status changes as §9.18 lists
    (Friendly becomes Pacified, Allied Economic Ally...), applied at the start of the turn (`diplomacy/cession.py`)."""

    place: Name
    to: Name


class GrantSatrapy(_Order, frozen=True, tag="GrantSatrapy"):
    """[L8469-8480] a Pacified region or city becomes a Pacified Tributary at the start of the turn; it reverts to
    Pacified at the end of the turn if its garrison has not been withdrawn (`diplomacy/cession.py`)."""

    place: Name


Order = (
    SetTaxRate
    | DeclareMassConscription
    | MoveTreasury
    | AssignFleet
    | ConvertShipsToMSP
    | BuildHeavyTransports
    | WithdrawShips
    | InitiateTradeRoute
    | TradeWithAnyone
    | CeaseTrade
    | Invest
    | PayProjectSupportWithNFP
    | AgroToReserve
    | ConvertAgro
    | FreeformOrder
    | BuildUnits
    | BuildAlliedUnits
    | BuildPublicWorks
    | FoundCity
    | ExpandCity
    | BuildFortress
    | BuildWallPoints
    | BuildPortArea
    | Demobilize
    | Colonize
    | PayMegalith
    | BuildFerryPoints
    | BidMercenaries
    | GiveItinerary
    | Diplomacy
    | SecretDiplomacy
    | ReduceControlStatus
    | FinanceOrder
    | DynastyOrder
    | IntelOrder
    | ReligionOrder
    | CedePlace
    | GrantSatrapy
)
ORDER_TYPES: tuple[type[msgspec.Struct], ...] = Order.__args__
ORDER_TAGS: frozenset[str] = frozenset(str(t.__struct_config__.tag) for t in ORDER_TYPES)
