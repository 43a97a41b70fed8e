"""Borrowed powers ([003:55] "gifts or borrowed powers you hold", [000:132] celestial spirits who borrowed sphere
powers): a character lends a power it knows; the borrower may cast it as its own until it is given back or
recalled.

Chosen readings (the text names borrowed powers but not how they are lent): the lender keeps the power; a
borrowed power is not lent on; lending is not the use of a power, so it works in sessions and between them.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.commands import LendPower, ReturnBorrowedPower
from domain.rulesets.gods2.heaven.powers.events import BorrowedPowerReturned, PowerLent
from domain.rulesets.gods2.kernel.common import character, me, reject
from domain.rulesets.gods2.kernel.model import State


def decide_lend_power(state: State, command: LendPower, ctx: DecisionContext) -> Sequence[object]:
    lender = me(state, ctx)
    if command.power not in lender.powers:
        raise reject("not_your_power", "Lend only a power you know yourself; a borrowed one is not lent on.")
    borrower = character(state, command.to)
    if borrower.id == lender.id:
        raise reject("self_loan", "Lend a power to another character.")
    if borrower.life == "obliterated" or lender.life == "obliterated":
        raise reject("gone", "An obliterated character neither lends nor borrows.")
    if borrower.knows(command.power):
        raise reject("already_known", f"{borrower.name} already has that power.")
    return [PowerLent(lender=lender.id, borrower=borrower.id, power=command.power)]


def decide_return_borrowed_power(state: State, command: ReturnBorrowedPower, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    borrower = c if command.borrower is None else character(state, command.borrower)
    loan = next((b for b in borrower.borrowed if b.power == command.power), None)
    recalled = borrower.id != c.id
    if loan is None or (recalled and loan.lender != c.id):
        raise reject("no_such_loan", "There is no such borrowed power between you.")
    return [BorrowedPowerReturned(lender=loan.lender, borrower=borrower.id, power=loan.power, recalled=recalled)]
