"""The scenario document (the `Setup`): a campaign's nations, map, leaders, fleets and trade routes.

Records are keyed by their id in JSON objects; `Setup` keeps each keyed record as raw JSON and
`domain.rulesets.lote.setup.decode_scenario` decodes them one by one, so that an error names the record and the
field ("nation 'kip' field $.culture: Invalid enum value 'X'"). Exact decimals are strings ("0.105"): the
engine decodes the scenario without a Fraction hook, so `domain.rulesets.lote.setup` parses them and checks
cross-references, raising `Rejected("lote.scenario.*", "<record> field <field>: ...")`.
"""

from __future__ import annotations

import msgspec

from domain.engine.bounds import Catalog, Count, Delta, Name, Quantity, Rows, SignedDecimal, Text
from domain.rulesets.lote.scenario.enums import (
    ArmyStatus,
    BorderKind,
    CityCode,
    Culture,
    Economy,
    FleetActivity,
    GeoZone,
    Government,
    LeaderType,
    NationType,
    RouteCondition,
    RouteStatus,
    SeaBorderKind,
    Society,
    Spacer,
    Status,
    TaxStatus,
    Terrain,
    TradeCenter,
)


class _Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Player(_Record, frozen=True):
    """§2.1.2 L231-241, with the ISI-list opt-ins of §5.1 L3777-3791."""

    name: Name = ""
    address: Text = ""
    phone: Name = ""
    email: Name = ""
    credit_balance: SignedDecimal = "0"
    print_name: bool = False
    print_phone: bool = False
    print_email: bool = False


class Loan(_Record, frozen=True):
    """§9.4 L8815-8868."""

    source: Name
    principal: SignedDecimal
    rate_pct: Quantity = 30
    due_turn: Quantity = 0


class NationRecord(_Record, frozen=True):
    """The stat sheet of §2.3 (digest): identity, society, economy, government, ratings, religion, agriculture.

    Computed fields (ESI, ITV, incomes, revenue, support, agro, imperial size, HBZ, action range) are not input:
    the engine derives them. `nmv` and `nfp_income` are GM parameters (§3.0).
    """

    name: Name
    culture: Culture
    government: Government
    geo_zone: GeoZone
    tech_level: Quantity
    religion: Name
    native_name: Name = ""
    player: Player = Player()
    nation_type: NationType = "open"
    societal_base: Society = "feudal"
    economic_base: Economy = "agrarian"
    tech_points: SignedDecimal = "0"
    language: Name = ""
    msi: SignedDecimal = "0"
    hbz_origin: Name | None = None
    population: Quantity = 0
    friendly_population: Quantity = 0
    capital: Name | None = None
    treasury: Name | None = None
    nmv: SignedDecimal = "0.1"
    saved_gp: SignedDecimal = "0"
    saved_nfp: SignedDecimal = "0"
    slave_nfp: SignedDecimal = "0"
    nfp_income: SignedDecimal = "0"
    mass_conscription_debt: SignedDecimal = "0"
    loans: Rows[Loan] = []
    usury_restricted: bool = False
    bl: Quantity = 0
    infra: Quantity = 0
    bl_granted: Quantity = 0
    infra_granted: Quantity = 0
    size_divisor_bonus: bool = False
    tax_status: TaxStatus = "N"
    tax_rate_pct: Quantity | None = None
    census: bool = False
    cav_qr: Quantity = 0
    inf_qr: Quantity = 1
    warship_qr: Quantity = 0
    siege_qr: Quantity = 1
    oc: Quantity = 0
    ob: Quantity = 0
    ac: Quantity = 0
    ab: Quantity = 0
    religious_strength: Quantity = 1
    roc: Quantity = 0
    rob: Quantity = 0
    excommunicated: bool = False
    interdicted: bool = False
    tithe_pct: Quantity = 0
    primate_influence: Quantity = 0
    university_investment: SignedDecimal = "0"
    university_years: Quantity = 0
    university_rating: Quantity = 0
    investments: Catalog[Name, SignedDecimal] = {}
    agro_reserves: SignedDecimal = "0"
    agro_location: Name | None = None
    settled: bool = True


class Megalith(_Record, frozen=True):
    kind: Name
    levels: Quantity
    notes: Text = ""
    in_city: bool = False
    cultivation: bool = False


class RegionRecord(_Record, frozen=True):
    """The region line of §2.14 L2137-2172 plus its map attributes (§2.6 of the digest)."""

    gpv: Delta
    terrain: Terrain
    resistance: Quantity
    religion: Name
    geo_zone: GeoZone
    base_gpv: Delta | None = None
    pwb: Quantity = 0
    spacer: Spacer = "/"
    years_from_conquest: Quantity = 0
    statuses: Catalog[Name, Status] = {}
    original_terrain: Terrain | None = None
    minority_religion: Name = ""
    language: Name = ""
    cultivation_pct: Quantity = 0
    megaliths: Rows[Megalith] = []
    garrison: Catalog[Name, Catalog[Name, Quantity]] = {}
    fortress_wp: Quantity | None = None
    port_area: bool = False
    trade_center: TradeCenter | None = None
    coastal: bool = False
    hostile_land: bool = False
    colonizable: bool = False
    depopulated: bool = False
    notes: Text = ""


class CityRecord(_Record, frozen=True):
    """The city line of §2.14.14 L2533-2557: [GPv + PWB, type codes, wall points] <RV> status religion : garrison."""

    region: Name
    gpv: Delta
    pwb: Quantity = 0
    codes: Rows[CityCode] = msgspec.field(default_factory=lambda: ["/"])
    walls: Quantity = 0
    port_sea_zones: Rows[Name] = []
    statuses: Catalog[Name, Status] = {}
    religion: Name = ""
    language: Name = ""
    garrison: Catalog[Name, Catalog[Name, Quantity]] = {}
    sacked: bool = False
    holy_city_of: Rows[Name] = []
    notes: Text = ""


class SeaZone(_Record, frozen=True):
    hostile: bool = False


class Border(_Record, frozen=True):
    """A land border (§4.4): mountains, rivers (bridged or not), walls, Tsetse, caravan routes, roads."""

    a: Name
    b: Name
    kind: BorderKind = "normal"
    bridged: bool = False
    royal_road: bool = False
    postal_road: bool = False


class Coast(_Record, frozen=True):
    region: Name
    sea_zone: Name


class SeaBorder(_Record, frozen=True):
    """A sea-zone border (§4.6): monsoon, strong current (`one_way` = the current runs a -> b), arrows."""

    a: Name
    b: Name
    kind: SeaBorderKind = "normal"
    one_way: bool = False


class FerryArrow(_Record, frozen=True):
    """§4.7 L3696-3770: a ferry arrow links two land regions; 10 ferry points by default."""

    a: Name
    b: Name
    points: Quantity = 10
    owner: Name | None = None


class LeaderRecord(_Record, frozen=True):
    """The leader line of §2.12 L2045-2077. `hidden` is the King's Leadership or a leader's Loyalty (GM only)."""

    nation: Name
    army_no: Name
    type: LeaderType
    name: Name
    age: Quantity
    combat: Quantity
    diplomacy: Quantity
    charisma: Quantity
    location: Name
    hidden: Quantity = 6
    status: ArmyStatus = "N"
    units: Catalog[Name, Quantity] = {}
    home_region: Name | None = None
    loaned_from: Name | None = None
    titles: Text = ""  # the monarch's titles, printed under the nation's name in the Newsfax ([L3020-3026])
    home_city: Name | None = None  # a Full Ally from a city: its build limit is the City GPv ([L4449-4452])


class FamilyMember(_Record, frozen=True):
    """§2.13 L2122-2136."""

    nation: Name
    name: Name
    gender: Name
    age: Quantity
    parent: Name = ""
    spouse: Name = ""
    married_to_nation: Name = ""
    notes: Text = ""


class FleetRecord(_Record, frozen=True):
    """§2.15 L2630-2653: merchant shipping based at a port city, on a route or on internal trade or fishing."""

    nation: Name
    base_port: Name
    activity: FleetActivity
    msp: Quantity
    route: Name = "00000"
    ships: Catalog[Name, Quantity] = {}


class TradeRouteRecord(_Record, frozen=True):
    """§2.16 L2715-2966, valued by the §12.1 formula. `traced` routes were opened by the engine's tracing
    (`trade/`) and are re-traced every turn; the others are the GM's hand-kept records (his status stands).
    `path` is the traced chain of places, `msp_by` who may assign MSP ([L3882-3893]; empty: either partner),
    `condition` "war" (WAR, [L2803-2805]) or "blockade" (BST, [L2800-2802]) as the GM ruled them."""

    kind: Name
    nation_a: Name
    nation_b: Name
    status: RouteStatus = "NST"
    nst_pct: Quantity = 100
    sea_zones: Quantity = 0
    duration_years: Quantity = 0
    port_a: Name | None = None
    port_b: Name | None = None
    opened_turn: Quantity = 0
    closed: bool = False
    traced: bool = False
    path: Rows[Name] = []
    msp_by: Rows[Name] = []
    condition: RouteCondition = ""


class MercenaryPool(_Record, frozen=True):
    """§3.6 L3064-3088: units for hire in one world region, priced by auction (§5.5.1)."""

    world_region: Name
    units: Catalog[Name, Quantity]
    culture: Culture = "C"


class Scenario(_Record, frozen=True):
    """The decoded scenario with typed records (see `Setup` for the document as submitted)."""

    name: Name
    start_year: Delta
    nations: Catalog[Name, NationRecord]
    regions: Catalog[Name, RegionRecord]
    campaign_no: Count = 1
    cities: Catalog[Name, CityRecord] = {}
    sea_zones: Catalog[Name, SeaZone] = {}
    borders: Rows[Border] = []
    coasts: Rows[Coast] = []
    sea_borders: Rows[SeaBorder] = []
    ferries: Catalog[Name, FerryArrow] = {}
    leaders: Catalog[Name, LeaderRecord] = {}
    royal_family: Rows[FamilyMember] = []
    fleets: Catalog[Name, FleetRecord] = {}
    trade_routes: Catalog[Name, TradeRouteRecord] = {}
    mercenary_pools: Catalog[Name, MercenaryPool] = {}
    harvest_pct: Catalog[Name, Quantity] = {}


class Setup(_Record, frozen=True):
    """The scenario document. Keyed records stay raw JSON until `setup.decode_scenario` decodes each one, so
    that an error names the record (msgspec's own paths print dictionary keys as `[...]`).
    """

    name: Name
    start_year: Delta
    nations: Catalog[Name, msgspec.Raw]
    regions: Catalog[Name, msgspec.Raw]
    campaign_no: Count = 1
    cities: Catalog[Name, msgspec.Raw] = {}
    sea_zones: Catalog[Name, msgspec.Raw] = {}
    borders: Rows[Border] = []
    coasts: Rows[Coast] = []
    sea_borders: Rows[SeaBorder] = []
    ferries: Catalog[Name, msgspec.Raw] = {}
    leaders: Catalog[Name, msgspec.Raw] = {}
    royal_family: Rows[FamilyMember] = []
    fleets: Catalog[Name, msgspec.Raw] = {}
    trade_routes: Catalog[Name, msgspec.Raw] = {}
    mercenary_pools: Catalog[Name, msgspec.Raw] = {}
    harvest_pct: Catalog[Name, Quantity] = {}
