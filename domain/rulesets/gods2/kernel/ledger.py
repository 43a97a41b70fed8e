"""Mana arithmetic as pure functions over exact integers and fractions (no state, no events).

Every rounding is the text's: the toll and all costs round up ([003:164], [003:201]); whole mana is paid out of
exact accumulators only once it is whole ([003:142]); new income pays a debt before anything else ([003:156]).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import ceil, floor

import msgspec


def toll(amount: int) -> int:
    """# [003:164] all mana transfers between players suffer a 50% loss (rounded up)."""
    return ceil(Fraction(amount, 2))


def received(amount: int) -> int:
    """What arrives after the toll: the house keeps the rounding."""
    return amount - toll(amount)


def final_cost(base: int, percent_changes: Iterable[int] = ()) -> int:
    """The cost of a power after modifiers (percentages, summed: the chosen reading of a rule the text leaves to
    the power lists). # [003:201] never below 25% of the normal cost; all fractional costs are rounded up."""
    raw = Fraction(base) * (100 + sum(percent_changes)) / 100
    return max(ceil(raw), ceil(Fraction(base, 4)))


FEASTS_PERSUASION_PERCENT = -25  # [003:64] persuasion powers cost 25% less in the Hall of Feasts (rounded up)


def accumulate(accumulator: Fraction, amount: Fraction) -> tuple[int, Fraction]:
    """Add income to an exact accumulator; return the whole mana now due and the fraction that stays.
    # [003:142] amounts less than 1 are recorded at the distribution points and added up over time."""
    total = accumulator + amount
    whole = floor(total)
    return whole, total - whole


def pay_debt_first(debt: int, income: int) -> int:
    """# [003:156] whenever he gains new mana he must immediately expend it until the full amount is lost."""
    return min(debt, income)


class Draw(msgspec.Struct, frozen=True):
    """Where an outgoing amount comes from: held mana first, then the distribution points ([003:150])."""

    from_held: int
    from_pending: int
    shortfall: int


def draw(held: int, pending: int, amount: int) -> Draw:
    from_held = min(held, amount)
    from_pending = min(pending, amount - from_held)
    return Draw(from_held=from_held, from_pending=from_pending, shortfall=amount - from_held - from_pending)


def half(total: int, round_up: bool = True) -> int:
    return ceil(Fraction(total, 2)) if round_up else total // 2


def surrender_mana(total: int, round_up: bool = True) -> int:
    """Gross mana leaving the loser under Surrender Mana: 3 after the toll (6 gross) or half of her current mana,
    whichever is less. # [003:288]; half rounds up by default (the digest's reading 12, the text's house
    convention); `Settings.halves_round_up` may say otherwise."""
    return min(6, half(total, round_up))


def lord_loss(total: int, round_up: bool = True) -> int:
    """# [003:437] each lord of an obliterated lesser god loses half of his mana or 10, whichever is greater;
    half rounds up by default (digest's reading 13)."""
    return max(half(total, round_up), 10)


VOID_RANSOM_GROSS = 10  # [003:72] 5 mana after toll: 10 leave the lost character, 5 arrive
