"""The scenario document (the `Setup`): a campaign's nations, map, leaders, fleets and trade routes.

Records are keyed by their id in JSON objects; `Setup` keeps each keyed record as raw JSON and
`domain.rulesets.lote.setup.decode_scenario` decodes them one by one, so that an error names the record and the
field ("nation 'kip' field $.culture: Invalid enum value 'X'"). Exact decimals are strings ("0.105"): the
engine decodes the scenario without a Fraction hook, so `domain.rulesets.lote.setup` parses them and checks
cross-references, raising `Rejected("lote.scenario.*", "<record> field <field>: ...")`.
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.enums import (
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

    name: str = ""
    address: str = ""
    phone: str = ""
    email: str = ""
    credit_balance: str = "0"
    print_name: bool = False
    print_phone: bool = False
    print_email: bool = False


class Loan(_Record, frozen=True):
    """§9.4 L8815-8868."""

    source: str
    principal: str
    rate_pct: int = 30
    due_turn: int = 0


class NationRecord(_Record, frozen=True):
    """The stat sheet of §2.3 (digest): identity, society, economy, government, ratings, religion, agriculture.

    Computed fields (ESI, ITV, incomes, revenue, support, agro, imperial size, HBZ, action range) are not input:
    the engine derives them. `nmv` and `nfp_income` are GM parameters (§3.0).
    """

    name: str
    culture: Culture
    government: Government
    geo_zone: GeoZone
    tech_level: int
    religion: str
    native_name: str = ""
    player: Player = Player()
    nation_type: NationType = "open"
    societal_base: Society = "feudal"
    economic_base: Economy = "agrarian"
    tech_points: str = "0"
    language: str = ""
    msi: str = "0"
    hbz_origin: str | None = None
    population: int = 0
    friendly_population: int = 0
    capital: str | None = None
    treasury: str | None = None
    nmv: str = "0.1"
    saved_gp: str = "0"
    saved_nfp: str = "0"
    slave_nfp: str = "0"
    nfp_income: str = "0"
    mass_conscription_debt: str = "0"
    loans: list[Loan] = []
    usury_restricted: bool = False
    bl: int = 0
    infra: int = 0
    bl_granted: int = 0
    infra_granted: int = 0
    size_divisor_bonus: bool = False
    tax_status: TaxStatus = "N"
    tax_rate_pct: int | None = None
    census: bool = False
    cav_qr: int = 0
    inf_qr: int = 1
    warship_qr: int = 0
    siege_qr: int = 1
    oc: int = 0
    ob: int = 0
    ac: int = 0
    ab: int = 0
    religious_strength: int = 1
    roc: int = 0
    rob: int = 0
    excommunicated: bool = False
    interdicted: bool = False
    tithe_pct: int = 0
    primate_influence: int = 0
    university_investment: str = "0"
    university_years: int = 0
    university_rating: int = 0
    investments: dict[str, str] = {}
    agro_reserves: str = "0"
    agro_location: str | None = None
    settled: bool = True


class Megalith(_Record, frozen=True):
    kind: str
    levels: int
    notes: str = ""
    in_city: bool = False
    cultivation: bool = False


class RegionRecord(_Record, frozen=True):
    """The region line of §2.14 L2137-2172 plus its map attributes (§2.6 of the digest)."""

    gpv: int
    terrain: Terrain
    resistance: int
    religion: str
    geo_zone: GeoZone
    base_gpv: int | None = None
    pwb: int = 0
    spacer: Spacer = "/"
    years_from_conquest: int = 0
    statuses: dict[str, Status] = {}
    original_terrain: Terrain | None = None
    minority_religion: str = ""
    language: str = ""
    cultivation_pct: int = 0
    megaliths: list[Megalith] = []
    garrison: dict[str, dict[str, int]] = {}
    fortress_wp: int | None = None
    port_area: bool = False
    trade_center: TradeCenter | None = None
    coastal: bool = False
    hostile_land: bool = False
    colonizable: bool = False
    depopulated: bool = False
    notes: str = ""


class CityRecord(_Record, frozen=True):
    """The city line of §2.14.14 L2533-2557: [GPv + PWB, type codes, wall points] <RV> status religion : garrison."""

    region: str
    gpv: int
    pwb: int = 0
    codes: list[CityCode] = msgspec.field(default_factory=lambda: ["/"])
    walls: int = 0
    port_sea_zones: list[str] = []
    statuses: dict[str, Status] = {}
    religion: str = ""
    language: str = ""
    garrison: dict[str, dict[str, int]] = {}
    sacked: bool = False
    holy_city_of: list[str] = []
    notes: str = ""


class SeaZone(_Record, frozen=True):
    hostile: bool = False


class Border(_Record, frozen=True):
    """A land border (§4.4): mountains, rivers (bridged or not), walls, Tsetse, caravan routes, roads."""

    a: str
    b: str
    kind: BorderKind = "normal"
    bridged: bool = False
    royal_road: bool = False
    postal_road: bool = False


class Coast(_Record, frozen=True):
    region: str
    sea_zone: str


class SeaBorder(_Record, frozen=True):
    """A sea-zone border (§4.6): monsoon, strong current (`one_way` = the current runs a -> b), arrows."""

    a: str
    b: str
    kind: SeaBorderKind = "normal"
    one_way: bool = False


class FerryArrow(_Record, frozen=True):
    """§4.7 L3696-3770: a ferry arrow links two land regions; 10 ferry points by default."""

    a: str
    b: str
    points: int = 10
    owner: str | None = None


class LeaderRecord(_Record, frozen=True):
    """The leader line of §2.12 L2045-2077. `hidden` is the King's Leadership or a leader's Loyalty (GM only)."""

    nation: str
    army_no: str
    type: LeaderType
    name: str
    age: int
    combat: int
    diplomacy: int
    charisma: int
    location: str
    hidden: int = 6
    status: ArmyStatus = "N"
    units: dict[str, int] = {}
    home_region: str | None = None
    loaned_from: str | None = None
    titles: str = ""  # the monarch's titles, printed under the nation's name in the Newsfax ([L3020-3026])
    home_city: str | None = None  # a Full Ally from a city: its build limit is the City GPv ([L4449-4452])


class FamilyMember(_Record, frozen=True):
    """§2.13 L2122-2136."""

    nation: str
    name: str
    gender: str
    age: int
    parent: str = ""
    spouse: str = ""
    married_to_nation: str = ""
    notes: str = ""


class FleetRecord(_Record, frozen=True):
    """§2.15 L2630-2653: merchant shipping based at a port city, on a route or on internal trade or fishing."""

    nation: str
    base_port: str
    activity: FleetActivity
    msp: int
    route: str = "00000"
    ships: dict[str, int] = {}


class TradeRouteRecord(_Record, frozen=True):
    """§2.16 L2715-2966, a GM-maintained record valued by the §12.1 formula (tracing is not automated)."""

    kind: str
    nation_a: str
    nation_b: str
    status: RouteStatus = "NST"
    nst_pct: int = 100
    sea_zones: int = 0
    duration_years: int = 0
    port_a: str | None = None
    port_b: str | None = None
    opened_turn: int = 0
    closed: bool = False


class MercenaryPool(_Record, frozen=True):
    """§3.6 L3064-3088: units for hire in one world region, priced by auction (§5.5.1)."""

    world_region: str
    units: dict[str, int]
    culture: Culture = "C"


class Scenario(_Record, frozen=True):
    """The decoded scenario with typed records (see `Setup` for the document as submitted)."""

    name: str
    start_year: int
    nations: dict[str, NationRecord]
    regions: dict[str, RegionRecord]
    campaign_no: int = 1
    cities: dict[str, CityRecord] = {}
    sea_zones: dict[str, SeaZone] = {}
    borders: list[Border] = []
    coasts: list[Coast] = []
    sea_borders: list[SeaBorder] = []
    ferries: dict[str, FerryArrow] = {}
    leaders: dict[str, LeaderRecord] = {}
    royal_family: list[FamilyMember] = []
    fleets: dict[str, FleetRecord] = {}
    trade_routes: dict[str, TradeRouteRecord] = {}
    mercenary_pools: dict[str, MercenaryPool] = {}
    harvest_pct: dict[str, int] = {}


class Setup(_Record, frozen=True):
    """The scenario document. Keyed records stay raw JSON until `setup.decode_scenario` decodes each one, so
    that an error names the record (msgspec's own paths print dictionary keys as `[...]`).
    """

    name: str
    start_year: int
    nations: dict[str, msgspec.Raw]
    regions: dict[str, msgspec.Raw]
    campaign_no: int = 1
    cities: dict[str, msgspec.Raw] = {}
    sea_zones: dict[str, msgspec.Raw] = {}
    borders: list[Border] = []
    coasts: list[Coast] = []
    sea_borders: list[SeaBorder] = []
    ferries: dict[str, msgspec.Raw] = {}
    leaders: dict[str, msgspec.Raw] = {}
    royal_family: list[FamilyMember] = []
    fleets: dict[str, msgspec.Raw] = {}
    trade_routes: dict[str, msgspec.Raw] = {}
    mercenary_pools: dict[str, msgspec.Raw] = {}
    harvest_pct: dict[str, int] = {}
