"""A finance line checked as it is entered (and again at resolution): what it costs the form, or a refusal that
names the line and says what to do. Refusals never say more about another nation than its seat could know."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from domain.engine import Rejected
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.finance import rules
from domain.rulesets.lote.finance.orders import (
    AcceptTransfer,
    BorrowGold,
    BribeMercenaries,
    BuyAgro,
    ConductCensus,
    CounterBribe,
    FinanceOrder,
    GiveUnits,
    LendGold,
    LoanArmy,
    RecallArmy,
    RepayLoan,
    SellAgro,
    TakeLoan,
    TransferGold,
    TransferNFP,
)
from domain.rulesets.lote.model.orders import GiveItinerary, Order, SetTaxRate
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.scenario.enums import dec

ZERO = Fraction(0)
NATIONAL = frozenset({"K", "Q", "H", "P", "L"})  # [L8442-8443] "A National Leader (King, Heir, Prince or Lieutenant)"


class Charge(NamedTuple):
    """What a line takes from the form (gold, NFP) and what it brings (`credit`: a bank loan's gold)."""

    gp: Fraction = ZERO
    nfp: Fraction = ZERO
    credit: Fraction = ZERO


def refuse(order: FinanceOrder, reason: str, message: str) -> Rejected:
    return Rejected(f"lote.{reason}", f"line {order.line!r} ({type(order).__name__}): {message}")


def amount(order: FinanceOrder, text: str, field: str = "amount") -> Fraction:
    value = Fraction(text)  # the order's bounds already hold it to a decimal shape
    if value <= 0:
        raise refuse(order, "finance_bad_amount", f"{field} must be more than 0")
    return value


def net_of_form(state: State, nation: Nation, form: list[Order]) -> Fraction:
    """This turn's net revenue at the tax rate the form declares (the credit limit's base, [L8821-8829])."""
    rates = [o.percent for o in form if isinstance(o, SetTaxRate)]
    declared = rates[-1] if rates else nation.tax_rate_pct
    return economy.net_revenue(nation, economy.effective_tax_pct(state, nation, declared))


def _other(state: State, nation: Nation, order: FinanceOrder, other: str) -> Nation:
    if other == nation.id or other not in state.nations:
        raise refuse(order, "finance_unknown_nation", f"there is no other nation {other!r}")
    return state.nations[other]


def _trading(state: State, nation: Nation, order: FinanceOrder, other: str) -> None:
    if not rules.trading(state, nation.id, other):
        raise refuse(order, "not_trading", f"{nation.name} has no open trade route with {other!r}")


def _own_leader(state: State, nation: Nation, order: FinanceOrder, leader_id: str) -> None:
    leader = state.leaders.get(leader_id)
    if leader is None or leader.nation != nation.id:
        raise refuse(order, "finance_unknown_leader", f"{nation.name} has no leader {leader_id!r}")


def _census(state: State, nation: Nation, order: ConductCensus, form: list[Order]) -> Charge:
    _own_leader(state, nation, order, order.leader)
    leader = state.leaders[order.leader]
    if leader.type not in NATIONAL:
        raise refuse(order, "census_leader", "a King, Heir, Prince or Lieutenant conducts the census ([L8442-8443])")
    if not rules.at_capital(state, leader.location, nation):
        raise refuse(order, "census_not_at_capital", f"{leader.name} must be at the capital to conduct the census")
    if nation.census:
        raise refuse(order, "census_active", "a census is already in effect ([L8447-8449])")
    if sum(1 for o in form if isinstance(o, ConductCensus)) > 1:
        raise refuse(order, "census_twice", "one census line is enough")
    plan = next((o for o in form if isinstance(o, GiveItinerary) and o.army == order.leader), None)
    if plan is not None and not any(s.kind == "act" and s.action == "CC" for s in plan.steps):
        raise refuse(order, "census_no_action", f"add the CC action (8 AP) to {leader.name}'s itinerary")
    gp, nfp = rules.census_cost(state, nation)
    return Charge(gp=gp, nfp=Fraction(nfp))


def _loan(state: State, nation: Nation, order: TakeLoan, form: list[Order]) -> Charge:
    value = amount(order, order.amount)
    if nation.loan_defaulted:
        raise refuse(order, "loan_defaulted", "after a default no bank lends to you ([L8842-8846])")
    twice = sum(1 for o in form if isinstance(o, TakeLoan) and o.source == order.source) > 1
    if rules.loan_from(nation, order.source) is not None or twice:
        raise refuse(order, "loan_outstanding", f"one loan from the {order.source} bank at a time ([L8837-8840])")
    limit = rules.loan_limit(nation, order.source, net_of_form(state, nation, form))
    if limit is None:
        raise refuse(order, "no_bank", f"the {order.source} bankers do not lend to {nation.name} ([L8821-8826])")
    if value > limit:
        raise refuse(order, "over_loan_limit", f"the {order.source} bank lends at most {dec(limit)} GP this turn")
    return Charge(credit=value)


def _gold(state: State, nation: Nation, order: TransferGold) -> Charge:
    _other(state, nation, order, order.to)
    value = amount(order, order.amount)
    if order.carrier is None:
        _trading(state, nation, order, order.to)
        return Charge(gp=value)
    _own_leader(state, nation, order, order.carrier)
    most = rules.carry_limit(state, order.carrier, order.secret)
    if value > most:
        raise refuse(order, "over_carry_limit", f"{order.carrier!r} can carry at most {dec(most)} GP")
    return Charge(gp=value)


def _units(state: State, nation: Nation, order: GiveUnits) -> Charge:
    other = _other(state, nation, order, order.to)
    if other.religion != nation.religion:
        raise refuse(order, "not_same_religion", "units may be given only to a nation of the same religion")
    _own_leader(state, nation, order, order.army)
    leader = state.leaders[order.army]
    if leader.location in state.sea_zones:
        raise refuse(order, "given_at_sea", "units are handed over in a region or city, not at sea")
    for unit, count in order.units.items():
        if leader.units.get(unit, 0) < count:
            raise refuse(order, "not_enough_units", f"army {order.army!r} has fewer than {count} {unit}")
    return Charge()


def _army(state: State, nation: Nation, order: LoanArmy | RecallArmy) -> Charge:
    leader = state.leaders.get(order.army)
    if isinstance(order, RecallArmy):
        if leader is None or leader.loaned_from != nation.id:
            raise refuse(order, "not_loaned", f"{nation.name} has lent no army {order.army!r}")
        return Charge()
    _other(state, nation, order, order.to)
    _own_leader(state, nation, order, order.army)
    if state.leaders[order.army].type in ("K", "Q") or state.leaders[order.army].loaned_from is not None:
        raise refuse(order, "cannot_loan_army", "the monarch, or an army already on loan, is not lent")
    return Charge()


def charge(state: State, nation: Nation, order: FinanceOrder, form: list[Order]) -> Charge:
    """Check one finance line against the state and the rest of the form."""
    match order:
        case ConductCensus():
            return _census(state, nation, order, form)
        case TakeLoan():
            return _loan(state, nation, order, form)
        case RepayLoan():
            loan = rules.loan_from(nation, order.source)
            if loan is None:
                raise refuse(order, "no_such_loan", f"{nation.name} owes nothing to {order.source!r}")
            return Charge(gp=rules.amount_due(loan))
        case LendGold():
            _other(state, nation, order, order.to)
            if nation.usury_restricted and order.interest_pct:
                raise refuse(order, "usury", "under usury restrictions you may lend only without interest ([L8864])")
            return Charge(gp=amount(order, order.amount))
        case BorrowGold():
            _other(state, nation, order, order.lender)
            amount(order, order.amount)
            if rules.loan_from(nation, order.lender) is not None:
                raise refuse(order, "loan_outstanding", f"a loan from {order.lender!r} is still outstanding")
            return Charge()
        case TransferGold():
            return _gold(state, nation, order)
        case TransferNFP():
            _other(state, nation, order, order.to)
            _trading(state, nation, order, order.to)
            return Charge(nfp=Fraction(order.amount))
        case GiveUnits():
            return _units(state, nation, order)
        case LoanArmy() | RecallArmy():
            return _army(state, nation, order)
        case AcceptTransfer():
            _other(state, nation, order, order.from_nation)
            if order.army is not None:
                _own_leader(state, nation, order, order.army)
            return Charge()
        case BribeMercenaries() | CounterBribe():
            if order.pool not in state.mercenary_pools:
                raise refuse(order, "unknown_pool", f"there is no mercenary pool {order.pool!r}")
            if isinstance(order, BribeMercenaries):
                _own_leader(state, nation, order, order.leader)
            return Charge(gp=amount(order, order.gp, "gp"))
        case SellAgro():
            _other(state, nation, order, order.buyer)
            _trading(state, nation, order, order.buyer)
            return Charge()
        case BuyAgro():
            _other(state, nation, order, order.seller)
            _trading(state, nation, order, order.seller)
            return Charge(gp=order.points * Fraction(order.price))


def due_charge(nation: Nation, turn: int, form: list[Order], available: Fraction) -> Fraction:
    """[L8829-8836] loans due at the start of this turn are paid first, when the gold is there: a form that cannot
    pay them is not locked (the nation defaults at resolution). Loans the form repays by a line count there."""
    repaid = {o.source for o in form if isinstance(o, RepayLoan)}
    due = sum((rules.amount_due(x) for x in rules.due_now(nation, turn) if x.source not in repaid), ZERO)
    return due if due <= available else ZERO
