"""The arithmetic of finance, as the rulebook writes it (exact fractions throughout)."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.scenario.scenario import Loan
from domain.rulesets.lote.scenario.tables import TABLES
from domain.rulesets.lote.trade.links import trade_link

BANKS = ("internal", "jewish")
# [L8821-8824] "Civilized States in the Western Europe, Eastern Europe, North Africa, Middle East, and Persia
# Geozones" may borrow from the Jewish bankers
JEWISH_ZONES = frozenset({"WE", "EE", "NA", "ME", "PR"})
BANK_RATE_PCT = 30  # [L8827-8829] "Both kinds of bankers charge 30% interest on the original amount"
LOAN_TURNS = 3  # [L8829-8836] "two full turns to pay": taken on turn 60, owed "at the beginning of Turn 63"
OPEN_CARRY = Fraction(100)  # [L8875-8878] "A leader moving openly ... can deliver 100 GP"
SECRET_CARRY = Fraction(30)  # "A leader moving secretly can deliver 30 GP"
GP_PER_CARGO = Fraction(100)  # [L8882-8883] "Each Cargo capacity point of a ship can hold up to 100 GP"


def census_cost(state: State, nation: Nation) -> tuple[Fraction, int]:
    """[L8438-8442] 5 GP per Friendly region, 1/2 GP per Friendly city GPv; 1 NFP per 20 GP, rounded up."""
    regions = sum(1 for r in state.regions.values() if r.statuses.get(nation.id) == "f")
    city_gpv = sum(c.gpv for c in state.cities.values() if c.statuses.get(nation.id) == "f")
    return economy.census_cost(regions, city_gpv)


def loan_limit(nation: Nation, source: str, net: Fraction) -> Fraction | None:
    """[L8821-8829] the most a nation may borrow from `source` this turn, or None when that bank lends it nothing:
    Jewish bankers 3 x TL % of net revenue (civilized states of five geozones), internal banks 5 x TL % (civilized
    states not under usury restrictions, [L8851-8853])."""
    if nation.culture != "C":
        return None
    if source == "jewish":
        return net * 3 * nation.tech_level / 100 if nation.geo_zone in JEWISH_ZONES else None
    return None if nation.usury_restricted else net * 5 * nation.tech_level / 100


def principal(loan: Loan) -> Fraction:
    return Fraction(loan.principal)


def amount_due(loan: Loan) -> Fraction:
    """[L8827-8829] the principal and the interest "on the original amount of the loan"."""
    return principal(loan) * (100 + loan.rate_pct) / 100


def loan_from(nation: Nation, source: str) -> Loan | None:
    """[L8837-8840] "No more than one loan from a given source may be outstanding at any given time"."""
    return next((loan for loan in nation.loans if loan.source == source), None)


def due_now(nation: Nation, turn: int) -> list[Loan]:
    """Loans falling due at the start of `turn` (a loan without a due turn, 0, is the GM's to settle)."""
    return [loan for loan in nation.loans if loan.due_turn == turn]


def trading(state: State, a: str, b: str) -> bool:
    """[L8869-8872] "nations with which it is trading": a route that trades this turn joins them (`trade/links.py`)."""
    return trade_link(state, a, b)


def carry_limit(state: State, leader_id: str, secret: bool) -> Fraction:
    """[L8875-8883] 100 GP openly or 30 GP secretly, plus 100 GP per cargo point of the ships in his army."""
    leader = state.leaders[leader_id]
    cargo = 0
    for unit, count in leader.units.items():
        row = TABLES.units.units.get(unit)
        if row is not None and row.kind in ("transport", "warship"):
            cost = row.by_culture.get("C") or next(iter(row.by_culture.values()))
            cargo += (cost.capacity or 0) * count
    return (SECRET_CARRY if secret else OPEN_CARRY) + GP_PER_CARGO * cargo


def at_treasury(state: State, place: str, nation: Nation) -> bool:
    """Whether `place` is the nation's treasury (its capital by default, [L8423-8436]) or that city's region."""
    treasury = nation.treasury or nation.capital
    if treasury is None:
        return False
    if place == treasury:
        return True
    city = state.cities.get(treasury)
    return city is not None and city.region == place


def at_capital(state: State, place: str, nation: Nation) -> bool:
    """[L8442-8443; L6460-6472] the CC action is performed at the capital (its city or region), or in a Homeland
    region when the nation has no capital."""
    if nation.capital is None:
        region = state.regions.get(place)
        return region is not None and region.statuses.get(nation.id) == "hm"
    if place == nation.capital:
        return True
    city = state.cities.get(nation.capital)
    return city is not None and city.region == place


def given(units: dict[str, int]) -> dict[str, int]:
    """[L8898-8900] "'Given' units convert at a rate of 2 to 1": 100 infantry given, 50 received (rounded down)."""
    return {u: n // 2 for u, n in units.items() if n // 2}
