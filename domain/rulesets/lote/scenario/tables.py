"""The rulebook's reference tables, loaded from the versioned JSON files in `data/` and validated by msgspec.

Every table names its rulebook table number and the seed lines it was transcribed from. Decimal values are
written as strings ("1.5") and decoded to exact `Fraction`s; floats are refused. `TABLES` is loaded once at
import; `load_tables()` is pure apart from reading the package's own resource files.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any, Literal, TypeVar

import msgspec

T = TypeVar("T")
Culture = Literal["C", "B", "N", "S", "P"]
CULTURES: tuple[str, ...] = ("C", "B", "N", "S", "P")


class _Doc(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    source: str


class Table1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A one-key table: code -> exact value."""

    table: str
    lines: str
    values: dict[str, Fraction]


class Table2(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A two-key table: row code -> column code -> exact value."""

    table: str
    lines: str
    values: dict[str, dict[str, Fraction]]


class IntTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    table: str
    lines: str
    values: dict[str, int]


class IntListTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    table: str
    lines: str
    values: dict[str, list[int]]


class YearsRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    first_year: int
    last_year: int
    years: int
    base_tax_pct: int


class YearsTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    table: str
    lines: str
    rows: list[YearsRow]


class ConversionRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    min_base_revenue: Fraction
    agro_per_gp: Fraction
    agro_per_nfp: Fraction
    gp_use: Literal["treasury", "rating_investment"]
    nfp_use: Literal["any", "megalith"]


class ConversionTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    table: str
    lines: str
    rows: list[ConversionRow]


class EconomyTables(_Doc, frozen=True):
    city_type_trade: Table1
    city_status_trade: Table1
    terrain_trade: Table1
    culture_trade: Table1
    status_tax: Table1
    terrain_tax: Table2
    years_per_turn: YearsTable
    agro_production: Table1
    agro_status: Table1
    consumption_terrain: Table1
    consumption_city_type: Table1
    consumption_status: Table1
    agro_conversion: ConversionTable
    trade_range: Table1
    route_throughput: Table1
    is_terrain: Table1
    is_status: Table1
    is_government: Table1
    government_caps: Table2


class SupportTables(_Doc, frozen=True):
    troop_terrain: Table2
    army_status: Table1


class UnitCost(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    gp: Fraction
    nfp: Fraction
    ap: int | None = None
    cargo: int | None = None
    capacity: int | None = None


UnitKind = Literal["ferry", "cav", "inf", "fort", "siege", "wall", "warship", "transport"]
BuildCode = Literal["Hm", "Fc", "Csr", "Crh", "Pa", "Pc", "Cr", "Cc", "ferry"]


class UnitRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: UnitKind
    build: list[BuildCode]
    by_culture: dict[Culture, UnitCost]


class UnitTables(_Doc, frozen=True):
    table: str
    lines: str
    units: dict[str, UnitRow]


class MaxQrTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Culture -> tech level -> [cavalry, infantry, warship, siege] maximum QR."""

    table: str
    lines: str
    values: dict[Culture, dict[str, tuple[int, int, int, int]]]


class ConstructionTables(_Doc, frozen=True):
    max_qr: MaxQrTable
    pwb_cost: Table1
    pwb_cap: Table1
    colony_cap: IntTable
    city_costs: Table2
    city_max_gpv: IntTable
    megalith_multiple: Table2
    fixed_costs: Table1


class MovementTables(_Doc, frozen=True):
    terrain_entry: Table2
    border_modifier: Table1
    culture_ap: Table1
    equipment_ap: Table1
    unit_type_ap: Table1
    training_ap: Table1
    leader_combat_ap: Table1
    impulse_months: IntListTable
    slave_ap: Table1
    terrain_action: Table2
    reaction_range: Table2


class GarrisonCell(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    multiple: int
    cavalry: bool


class GarrisonTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    table: str
    lines: str
    values: dict[Culture, dict[str, GarrisonCell]]


class StatusTable2(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Row -> column -> a control status code (or "p/pt")."""

    table: str
    lines: str
    values: dict[str, dict[str, str]]


class StatusEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    agro: Fraction
    tax: Fraction
    build: Literal["yes", "no", "allied"]
    nfp: Literal["yes", "no", "allied"]
    troops: Literal["nation", "allied", "defense", "no"]
    extra_ap: int
    control_cost: Literal["none", "minimum", "medium", "high"]


class StatusEffectsTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    table: str
    lines: str
    values: dict[str, StatusEffect]


class ControlTables(_Doc, frozen=True):
    garrison_terrain: GarrisonTable
    religion_garrison: Table1
    max_status_religion: StatusTable2
    max_status_terrain: StatusTable2
    status_effects: StatusEffectsTable
    religious_interactions: StatusTable2


class TransformationCode(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    gp_per_5y_per_is: int = 0
    nfp_per_5y_per_is: int = 0
    years: int = 0
    dynastic_failure_roll: bool = False
    after_dynastic_failure: bool = False
    needs_enslavement: bool = False


class TransformationCodes(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    table: str
    lines: str
    values: dict[str, TransformationCode]


class CultStatus(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    tax: Fraction
    intel_base: bool
    counts: bool
    nfp: bool


class CultStatusTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    table: str
    lines: str
    values: dict[str, CultStatus]


class ProjectTables(_Doc, frozen=True):
    canals: IntTable
    intensive_agriculture: IntTable
    megalith_base_levels: Table1
    transformation_codes: TransformationCodes
    society_changes: StatusTable2
    economy_changes: StatusTable2
    cult_statuses: CultStatusTable


class TextTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table kept as the rulebook prints it, for a later chunk to type: named columns, rows of text."""

    table: str
    lines: str
    columns: list[str]
    rows: list[list[str]]

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise msgspec.ValidationError(f"Table {self.table}: row {row} does not match {self.columns}")


class ReferenceTables(_Doc, frozen=True):
    note: str
    tables: dict[str, TextTable]


class Tables(msgspec.Struct, frozen=True):
    economy: EconomyTables
    support: SupportTables
    units: UnitTables
    construction: ConstructionTables
    movement: MovementTables
    control: ControlTables
    projects: ProjectTables
    reference: ReferenceTables


def _dec_hook(kind: type, obj: Any) -> Any:
    if kind is Fraction and isinstance(obj, int | str):
        try:
            return Fraction(obj)
        except (ValueError, ZeroDivisionError):
            pass
    if kind is Fraction:
        raise msgspec.ValidationError(f"expected an exact decimal string like '1.5', got {obj!r}")
    raise NotImplementedError(f"cannot decode {kind!r}")


def _load(name: str, kind: type[T]) -> T:
    raw = resources.files("domain.rulesets.lote.scenario").joinpath("data").joinpath(name).read_bytes()
    return msgspec.json.decode(raw, type=kind, dec_hook=_dec_hook)


def decode_table(raw: bytes, kind: type[T]) -> T:
    """Decode one table document (used by tests to prove the schemas refuse malformed tables)."""
    return msgspec.json.decode(raw, type=kind, dec_hook=_dec_hook)


@cache
def load_tables() -> Tables:
    return Tables(
        economy=_load("economy.json", EconomyTables),
        support=_load("support.json", SupportTables),
        units=_load("units.json", UnitTables),
        construction=_load("construction.json", ConstructionTables),
        movement=_load("movement.json", MovementTables),
        control=_load("control.json", ControlTables),
        projects=_load("projects.json", ProjectTables),
        reference=_load("reference.json", ReferenceTables),
    )


TABLES = load_tables()
