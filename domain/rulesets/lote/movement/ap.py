"""Action points (§6.2.1-6.2.3 L5255-5403; digest §3.19): per-year AP, the impulse schedule and the fixed costs.

- A leader alone acts at the culture's base + 2 (Tables 6-5 and 6-9, L5313-5345); a leader with units acts at
  the slowest unit's Table 13-5 "Actions" plus the leader's Combat modifier (Table 6-13 L5355-5360).
- Table 6-15 (L5372-5387) gives the months a k-AP army acts in; k outside 2..12 is clamped (Appendix A23).
- Reaction range (Table 6-29 L6319-6326), the Rule minimum (§6.2.4.30 L6379-6384), ferry crossings (§4.7.2
  L3731-3750) and loading/unloading (§6.2.4.21) are small formulas kept here with their citations.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from domain.rulesets.lote.scenario.tables import TABLES

MOVE = TABLES.movement
UNITS = TABLES.units.units


def leader_modifier(combat: int) -> int:
    """Table 6-13: Combat 1-4 → -1, 5-8 → 0, 9-11 → +1 (only when commanding units)."""
    return int(MOVE.leader_combat_ap.values[str(min(max(combat, 1), 11))])


def unit_ap(code: str, culture: str) -> int | None:
    """Table 13-5 "Actions": the unit's AP per year for the culture (None for units that do not move)."""
    row = UNITS.get(code)
    cost = row.by_culture.get(culture) if row is not None else None  # type: ignore[call-overload]
    return None if cost is None else cost.ap


def ap_per_year(culture: str, combat: int, units: dict[str, int]) -> int:
    """The army's AP in one year: alone, culture base + 2; else the slowest unit + the leader's modifier."""
    speeds = [ap for code, n in units.items() if n > 0 and (ap := unit_ap(code, culture)) is not None]
    if not speeds:
        return int(MOVE.culture_ap.values[culture] + MOVE.unit_type_ap.values["leader_alone"])
    return min(speeds) + leader_modifier(combat)


def ap_per_turn(culture: str, combat: int, years: list[dict[str, int]]) -> int:
    """§6.2.1 L5297-5306: AP are counted year by year, so a turn adds up each year's composition."""
    return sum(ap_per_year(culture, combat, units) for units in years)


def impulse_months(ap_year: int) -> list[int]:
    """Table 6-15: the months (1 = January) a k-AP army acts in; k is clamped to 2..12 (Appendix A23)."""
    return list(MOVE.impulse_months.values[str(min(max(ap_year, 2), 12))])


def reaction_range(kinds: set[str], ap_on_react: int) -> int:
    """Table 6-29: regions or sea zones a reacting army reaches; a mixed army uses its lowest column."""
    key = str(min(max(ap_on_react, 2), 10))
    columns = kinds or {"inf"}
    return min(int(MOVE.reaction_range.values[c][key]) for c in columns)


def rule_minimum(culture: str, years_per_turn: int) -> int:
    """§6.2.4.30 L6379-6384: a King Rules with at least 3/4 of his alone capacity (troops are ignored)."""
    alone = MOVE.culture_ap.values[culture] + MOVE.unit_type_ap.values["leader_alone"]
    return ceil(Fraction(3, 4) * years_per_turn * alone)


def ferry_ap(cargo: int, ferry_points: int, lent_capacity: int = 0) -> int:
    """§4.7.2 L3731-3750: one ferry point moves one cargo point per AP; the crossing takes whole AP."""
    return ceil(Fraction(cargo, ferry_points + lent_capacity))


def load_ap(at_port: bool) -> int:
    """§6.2.4.21: loading or unloading costs the fleet 1 AP at a port city or port area, 2 on an open coast."""
    return 1 if at_port else 2


def cargo_of(units: dict[str, int], culture: str) -> int:
    """Table 13-5 cargo points of a force (units without a cargo value, ships, carry nothing here)."""
    total = 0
    for code, n in units.items():
        row = UNITS.get(code)
        cost = row.by_culture.get(culture) if row is not None else None  # type: ignore[call-overload]
        if cost is not None and cost.cargo is not None:
            total += cost.cargo * n
    return total


def ship_capacity(units: dict[str, int], culture: str) -> int | None:
    """Table 13-5 carrying capacity of the force's own ships (None when it has no ships at all)."""
    total: int | None = None
    for code, n in units.items():
        row = UNITS.get(code)
        cost = row.by_culture.get(culture) if row is not None else None  # type: ignore[call-overload]
        if row is not None and row.kind in ("warship", "transport") and cost is not None and n > 0:
            total = (total or 0) + (cost.capacity or 0) * n
    return total
