"""The truth of a LotE campaign: nations' stat sheets, the map, leaders, fleets, routes, orders and rulings.

Regions, cities, leaders and the map keep their scenario record types (plain ints and strings); the nation's
stat sheet holds exact `Fraction`s. Computed sheets (`Revenue`, `Support`, `Agro`) are stored as the engine
assessed them at the end of the previous turn (§1.2: "income for a turn is computed at the end of the previous
turn"), so the order form of turn N is checked against the figures the player's status report shows.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

import msgspec

from domain.rulesets.lote.intel.records import IntelRecords
from domain.rulesets.lote.model.battles import Battle
from domain.rulesets.lote.model.orders import Order
from domain.rulesets.lote.model.report_types import Press
from domain.rulesets.lote.religion.records import ReligionRecords
from domain.rulesets.lote.scenario.enums import Culture, Economy, Exact, Government, NationType, Society, TaxStatus
from domain.rulesets.lote.scenario.scenario import (
    Border,
    CityRecord,
    Coast,
    FamilyMember,
    FerryArrow,
    FleetRecord,
    LeaderRecord,
    Loan,
    MercenaryPool,
    Player,
    RegionRecord,
    SeaBorder,
    SeaZone,
    TradeRouteRecord,
)
from domain.rulesets.lote.scenario.settings import Settings


class Revenue(msgspec.Struct, frozen=True):
    """§2.3 (digest §3.1-3.8): the revenue block of the order form."""

    regional: Exact = msgspec.field(default_factory=Fraction)
    fur_silk: Exact = msgspec.field(default_factory=Fraction)
    city: Exact = msgspec.field(default_factory=Fraction)
    inter_city: Exact = msgspec.field(default_factory=Fraction)
    royal_road: Exact = msgspec.field(default_factory=Fraction)
    public_works: Exact = msgspec.field(default_factory=Fraction)
    international: Exact = msgspec.field(default_factory=Fraction)
    itv: Exact = msgspec.field(default_factory=Fraction)

    @property
    def base(self) -> Fraction:
        # [L1143-1150] base = regional + city + inter-city (with RRI) + public works (fur/silk inside regional)
        return self.regional + self.city + self.inter_city + self.public_works

    @property
    def raw(self) -> Fraction:
        return self.base + self.international

    @property
    def esi(self) -> Fraction:
        # [L813-827] ESI: the five factors listed (the text says six)
        return self.base + self.international


class Support(msgspec.Struct, frozen=True):
    """§2.10 (digest §3.10): support costs for the turn, already scaled by years per turn."""

    troop: Exact = msgspec.field(default_factory=Fraction)
    government: Exact = msgspec.field(default_factory=Fraction)
    project: Exact = msgspec.field(default_factory=Fraction)
    intel: Exact = msgspec.field(default_factory=Fraction)
    religious: Exact = msgspec.field(default_factory=Fraction)
    training: Exact = msgspec.field(default_factory=Fraction)

    @property
    def total(self) -> Fraction:
        return self.troop + self.government + self.project + self.intel + self.religious + self.training


class Agro(msgspec.Struct, frozen=True):
    """§2.11 (digest §3.9)."""

    production: Exact = msgspec.field(default_factory=Fraction)
    cities: Exact = msgspec.field(default_factory=Fraction)
    armies: Exact = msgspec.field(default_factory=Fraction)

    @property
    def surplus(self) -> Fraction:
        return self.production - self.cities - self.armies


class Nation(msgspec.Struct, frozen=True):
    """The stat sheet (§2.3 of the digest). `hidden` stats of leaders live on the leaders, not here."""

    id: str
    name: str
    culture: Culture
    government: Government
    geo_zone: str
    tech_level: int
    religion: str
    native_name: str = ""
    player: Player = Player()
    nation_type: NationType = "open"
    societal_base: Society = "feudal"
    economic_base: Economy = "agrarian"
    tech_points: Exact = msgspec.field(default_factory=Fraction)
    language: str = ""
    msi: Exact = msgspec.field(default_factory=Fraction)
    hbz_origin: str | None = None
    population: int = 0
    friendly_population: int = 0
    capital: str | None = None
    capital_destroyed_turn: int = 0  # §9.1.4 [L8388-8410]: the turn the capital fell (its revolt checks follow)
    treasury: str | None = None
    nmv: Exact = msgspec.field(default_factory=lambda: Fraction(1, 10))
    gp: Exact = msgspec.field(default_factory=Fraction)
    nfp: Exact = msgspec.field(default_factory=Fraction)
    slave_nfp: Exact = msgspec.field(default_factory=Fraction)
    nfp_income: Exact = msgspec.field(default_factory=Fraction)
    mass_conscription_debt: Exact = msgspec.field(default_factory=Fraction)
    usury_restricted: bool = False
    loans: list[Loan] = []
    loan_defaulted: bool = False  # [L8842-8846] after a default no bank lends again (finance/)
    bl: int = 0
    infra: int = 0
    bl_granted: int = 0
    infra_granted: int = 0
    size_divisor_bonus: bool = False
    tax_status: TaxStatus = "N"
    tax_rate_pct: int = 100
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
    university_investment: Exact = msgspec.field(default_factory=Fraction)
    university_years: int = 0
    university_rating: int = 0
    pools: dict[str, Exact] = {}
    agro_reserves: Exact = msgspec.field(default_factory=Fraction)
    agro_location: str | None = None
    settled: bool = True
    credit_balance: Exact = msgspec.field(default_factory=Fraction)
    revenue: Revenue = msgspec.field(default_factory=Revenue)
    support: Support = msgspec.field(default_factory=Support)
    agro: Agro = msgspec.field(default_factory=Agro)
    imperial_size: int = 1
    size_divisor: int = 3
    dynastic_failure_turn: int | None = None  # [L8925-8965] the turn a Dynastic Failure began (the GM's ruling)
    # [L5873-5876] evacuated goods and refugees: only to build or increase a city or to settle a province
    refugee_gp: Exact = msgspec.field(default_factory=Fraction)
    refugee_nfp: Exact = msgspec.field(default_factory=Fraction)


class OrderForm(msgspec.Struct, frozen=True):
    """One nation's orders for the turn: lines keyed by the player's line id, in the order entered."""

    lines: dict[str, Order] = {}
    submitted: bool = False
    struck: dict[str, str] = {}


AdjudicationKind = Literal[
    "investment",
    "support_shortfall",
    "colony_resistance",
    "freeform",
    "agro_deficit",
    "trade_route",
    "leader_death",
    "dynastic_failure",
    "garrison",
    "contact",
    "diplomacy",
    "secret_diplomacy",
    "raid",
    "military_conversion",
    "pillage_revolt",
    "pillage",
    "battle",
    "siege",
    "assault",
    "passive_siege",
    "loan_default",
    "birth",
    "revolt_check",
    "assimilation",
    "cession",
    "seizure",
    "intel_op",
    # P2-D (`dynasty/`, `control/failure.py`)
    "succession",
    "regency",
    "wound",
    "spy_loyalty",
    "spy_revolt",
    "spy_king",
    "df_leader",
    "df_region",
    "df_province",
    "df_award",
    "df_society",
    "df_government",
    "religious_op",
    "religious_conversion",
    "religious_revolt",
    "nation_conversion",
    "minority_conversion",
    "colony_revolt",
    "infiltration",
    "blockade",  # P2-A: fleet actions and acts of war between trading partners (`trade/seas.py`)
    "piracy",
    "trade_war",
    "sea_zone",
]


class Adjudication(msgspec.Struct, frozen=True):
    """An outcome the rules leave to the GM (§3.0): the engine's proposal with its recorded rolls."""

    item_id: str
    turn: int
    nation: str
    kind: AdjudicationKind
    subject: str
    proposal: str
    explanation: str
    rolls: tuple[int, ...] = ()
    outcome: str | None = None
    overridden: bool = False
    reason: str = ""


class Hire(msgspec.Struct, frozen=True):
    """Mercenaries hired for this turn ([L4480-4484])."""

    nation: str
    pool: str
    unit: str
    count: int
    army: str | None
    location: str


class Project(msgspec.Struct, frozen=True):
    """A megalith paid over several turns (§5.8 L4754-4760) or a colony paid in instalments (§5.6)."""

    project_id: str
    nation: str
    kind: str
    regions: tuple[str, ...]
    levels: Exact
    gp_due: Exact
    nfp_due: Exact
    gp_paid: Exact = msgspec.field(default_factory=Fraction)
    nfp_paid: Exact = msgspec.field(default_factory=Fraction)
    started_turn: int = 0
    name: str = ""
    detail: tuple[str, ...] = ()
    kind_detail: str = ""


class LedgerLine(msgspec.Struct, frozen=True):
    """A finance dealing of `turn` as each party's status report prints it (nation -> line); `finance/`."""

    turn: int
    lines: dict[str, str]


class Occupation(msgspec.Struct, frozen=True):
    """[L2371-2377] a Friendly or Homeland place of `owner` seized by `occupier`: the owner holds it `oc` until
    it is retaken, when it reverts to `previous` (`control/occupation.py`)."""

    owner: str
    occupier: str
    previous: str
    since_turn: int
    city: bool = False


class TradeRecords(msgspec.Struct, frozen=True):
    """The records of P2-A (`trade/`): whether the Silk Route has ended ([L3308-3311]), the sea zones piracy closed
    to trade ([L6263-6264]: zone -> the pirate nation) and the ports or coasts blockaded ([L5629-5640]: place -> the
    blockading nation), each with the turn it was last set or held (a turn later without its fleet at it, the GM
    is asked whether it still holds, `trade/seas.py`)."""

    silk_route_ended: bool = False
    closed_zones: dict[str, str] = {}
    blockades: dict[str, str] = {}
    blockade_turns: dict[str, int] = {}
    closed_zone_turns: dict[str, int] = {}


class ControlRecords(msgspec.Struct, frozen=True):
    """The records of P1-H (`control/`, `diplomacy/`): occupations by place, provinces shared by agreement
    ([L9405-9427]), satrapies granted this turn ([L8469-8480]) and successor states after a Dynastic Failure
    ([L8966-8981]: original nation -> (successors, the turn seizures are allowed))."""

    occupations: dict[str, Occupation] = {}
    shares: dict[str, tuple[str, ...]] = {}
    satrapies: dict[str, str] = {}
    successors: dict[str, tuple[tuple[str, ...], int]] = {}


class Regency(msgspec.Struct, frozen=True):
    """[L5030-5032] a King under age (15) and the Regent who rules in his stead (None until one is chosen);
    `was` is the Regent's post before (empty for one raised to it), which he takes back when it ends."""

    king: str
    since_turn: int
    regent: str | None = None
    was: str = ""


class Spy(msgspec.Struct, frozen=True):
    """[L5168-5172; L7233-7247; L6966-6968] a leader (or a member of the royal family, `family`) of `victim` turned
    to serve `master`, by a Subvert Leader operation (`via` "subvert_leader") or a subverted Royal Family
    ("royal_family"). `seized`: the GM ruled that a turned royal who became King gave `master` the country."""

    subject: str
    victim: str
    master: str
    via: str
    since_turn: int
    family: bool = False
    seized: bool = False


class Failure(msgspec.Struct, frozen=True):
    """[L8925-8965] a Dynastic Failure under way (`control/failure.py`): the turn it began, the step the GM is at
    (leaders, regions, provinces, award, done), the successor states founded and the nation given to the original
    player."""

    turn: int
    stage: str = "leaders"
    successors: tuple[str, ...] = ()
    award: str | None = None


class Wound(msgspec.Struct, frozen=True):
    """[L7026-7030] a leader wounded on `turn` by `cause` (he may still die of it: a `wound` item)."""

    turn: int
    cause: str


class DynastyRecords(msgspec.Struct, frozen=True):
    """The records of P2-D: regencies by nation, spies by subject (a leader id, or `family:<nation>:<name>`),
    Dynastic Failures by nation, and the wounds of this turn and the last (by leader)."""

    regencies: dict[str, Regency] = {}
    spies: dict[str, Spy] = {}
    failures: dict[str, Failure] = {}
    wounded: dict[str, Wound] = {}


class State(msgspec.Struct, frozen=True):
    name: str
    campaign_no: int
    settings: Settings
    year: int
    years_per_turn: int
    base_tax_pct: int
    nations: dict[str, Nation]
    regions: dict[str, RegionRecord]
    cities: dict[str, CityRecord]
    sea_zones: dict[str, SeaZone] = {}
    borders: list[Border] = []
    coasts: list[Coast] = []
    sea_borders: list[SeaBorder] = []
    ferries: dict[str, FerryArrow] = {}
    leaders: dict[str, LeaderRecord] = {}
    royal_family: list[FamilyMember] = []
    fleets: dict[str, FleetRecord] = {}
    routes: dict[str, TradeRouteRecord] = {}
    mercenary_pools: dict[str, MercenaryPool] = {}
    harvest_pct: dict[str, int] = {}
    turn: int = 1
    forms: dict[str, OrderForm] = {}
    late_admitted: tuple[str, ...] = ()
    adjudications: dict[str, Adjudication] = {}
    projects: dict[str, Project] = {}
    hires: tuple[Hire, ...] = ()
    press: Press = Press()
    looted: dict[str, int] = {}  # region -> the turn it was Looted ([L6003-6006]: no income or agro the next turn)
    battles: dict[str, Battle] = {}  # P1-G: the turn's battles, sieges and assaults (`military/`)
    battle_statuses: frozenset[str] = frozenset()  # leaders whose C, S or B a battle set (`leaders/armies.py`)
    ledger: tuple[LedgerLine, ...] = ()  # this and last turn's finance dealings, for the status reports
    control: ControlRecords = ControlRecords()
    trade: TradeRecords = TradeRecords()
    intel: IntelRecords = IntelRecords()  # P2-B: the operations of this turn and the last (`intel/`)
    dynasty: DynastyRecords = DynastyRecords()  # P2-D: regencies, spies, Dynastic Failures (`dynasty/`)
    religion: ReligionRecords = ReligionRecords()  # P2-C: operations, minorities, influence, sanctions (`religion/`)
