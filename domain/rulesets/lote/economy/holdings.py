"""What a nation holds and the lookups every formula shares: statuses, tax multiples, MSP on a duty."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.scenario import CityRecord, RegionRecord
from domain.rulesets.lote.scenario.settings import ratio
from domain.rulesets.lote.scenario.tables import TABLES

ECON = TABLES.economy


# --- lookups ------------------------------------------------------------------------------------------


def tax_multiple(state: State, status: str | None) -> Fraction:
    """Table 2-13 (L966-981); the Homeland row follows setting A1 (2.0 in the main text, 1.0 in Table 13-3)."""
    if status is None:
        return Fraction(0)
    if status == "hm":
        return ratio(state.settings.a01_homeland_tax_multiple)
    return ECON.status_tax.values.get(status, Fraction(0))


def held_regions(state: State, nation: str) -> Iterator[tuple[str, RegionRecord, str]]:
    for name, region in state.regions.items():
        status = region.statuses.get(nation)
        if status is not None:
            yield name, region, status


def held_cities(state: State, nation: str) -> Iterator[tuple[str, CityRecord, str]]:
    for name, city in state.cities.items():
        status = city.statuses.get(nation)
        if status is not None:
            yield name, city, status


def city_terrain(state: State, city: CityRecord) -> str:
    return state.regions[city.region].terrain


def msp_on(state: State, nation: str, activity: str) -> int:
    return sum(f.msp for f in state.fleets.values() if f.nation == nation and f.activity == activity)


def support_scale(state: State) -> Fraction:
    """[L1557-1565] every support cost scales with years per turn (5 years = 100%)."""
    return Fraction(state.years_per_turn, 5)
