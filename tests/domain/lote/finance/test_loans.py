"""Banking and loans (§9.4 [L8815-8867]): the credit limit, 30% interest, two full turns, one loan per source,
default, and nations as bankers."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.finance import check, rules
from domain.rulesets.lote.finance.orders import BorrowGold, LendGold, RepayLoan, TakeLoan
from domain.rulesets.lote.scenario.scenario import Loan
from tests.domain.lote.finance.helpers import bankers, play
from tests.domain.lote.helpers import of, seat


def test_ex27_burgundy_borrows_35_percent_of_150_and_owes_68_25_at_the_start_of_turn_63() -> None:
    """EX-27, [L8831-8836]: "They make 150.0 GP after taxes ... Tech Level is 7. The maximum that they can borrow
    is (5 x 7 = 35)% of 150.0 GP, which is 52.5 GP. They will owe their internal bank 68.2 GP in two full turns,
    or at the beginning of Turn 63." The exact figure is 52.5 x 1.3 = 68.25 (the text prints 68.2)."""
    burgundy = bankers().rules.nations["bur"]
    assert burgundy.tech_level == 7
    assert rules.loan_limit(burgundy, "internal", Fraction(150)) == Fraction("52.5")
    loan = Loan(source="internal", principal="52.5", rate_pct=rules.BANK_RATE_PCT, due_turn=60 + rules.LOAN_TURNS)
    assert rules.amount_due(loan) == Fraction("68.25") and loan.due_turn == 63


def test_the_jewish_bankers_lend_3_x_tl_percent_in_five_geozones_and_usury_closes_the_internal_banks() -> None:
    """[L8821-8829] Jewish bankers: civilized states of WE, EE, NA, ME, PR, 3 x TL %; internal banks 5 x TL % for
    states "not subject to Usury restrictions"; [L8851-8853] a usury-restricted state "has no internal banks"."""
    g = bankers()
    bur, tur = g.rules.nations["bur"], g.rules.nations["tur"]
    assert rules.loan_limit(bur, "jewish", Fraction(100)) == 21
    assert rules.loan_limit(tur, "internal", Fraction(100)) is None
    assert rules.loan_limit(tur, "jewish", Fraction(100)) == 15
    assert g.rejects(TakeLoan(line="l", source="internal", amount="1"), seat("tur")).code == "lote.no_bank"
    barbarian = bankers(swi={"culture": "B"})
    assert barbarian.rejects(TakeLoan(line="l", source="internal", amount="1"), seat("swi")).code == "lote.no_bank"


def test_a_loan_is_gold_now_and_130_percent_at_the_start_of_the_third_turn() -> None:
    """[L8827-8836] 30% interest "on the original amount of the loan, with two full turns to pay": drawn on turn 1,
    repaid from the treasury at the beginning of turn 4."""
    g = bankers()
    bur = g.rules.nations["bur"]
    limit = rules.loan_limit(bur, "internal", check.net_of_form(g.rules, bur, []))
    assert limit is not None
    assert g.rejects(TakeLoan(line="l", source="internal", amount="1000"), seat("bur")).code == "lote.over_loan_limit"
    assert g.rejects(TakeLoan(line="l", source="internal", amount="0"), seat("bur")).code == "lote.finance_bad_amount"
    g.when(TakeLoan(line="l", source="internal", amount="4"), seat("bur"))
    twice = TakeLoan(line="l2", source="internal", amount="0.5")
    assert g.rejects(twice, seat("bur")).code == "lote.loan_outstanding"
    events = play(g, {})
    (taken,) = of(events, m.LoanTaken)
    assert (taken.principal, taken.rate_pct, taken.due_turn) == (4, 30, 4)
    assert g.rules.nations["bur"].loans == [Loan(source="internal", principal="4", rate_pct=30, due_turn=4)]
    assert g.rejects(TakeLoan(line="l", source="internal", amount="1"), seat("bur")).code == "lote.loan_outstanding"
    assert not of(play(g, {}), m.LoanRepaid) and not of(play(g, {}), m.LoanRepaid)
    before = g.rules.nations["bur"].gp
    events = play(g, {})
    (repaid,) = of(events, m.LoanRepaid)
    assert repaid.amount == Fraction("5.2") and g.rules.nations["bur"].loans == []
    income = sum(e.net for e in of(events, m.RevenueCollected) if e.nation == "bur")
    support = sum(e.paid for e in of(events, m.SupportPaid) if e.nation == "bur")
    assert g.rules.nations["bur"].gp == before + income - support - Fraction("5.2")


def test_a_loan_repaid_early_and_a_default_that_closes_every_bank() -> None:
    """[L8839-8846] "If a State defaults on a loan, it suffers a reduction in its Tax Rate ... and the bankers may
    send an army or two to collect. In addition, the State will be unable to draw any further loans from any
    bank": the tax cut and the armies are the GM's (an item); the debt stays on the sheet and may be repaid."""
    g = bankers()
    assert g.rejects(RepayLoan(line="r", source="internal"), seat("bur")).code == "lote.no_such_loan"
    play(g, {"bur": [TakeLoan(line="l", source="internal", amount="4")]})
    events = play(g, {"bur": [RepayLoan(line="r", source="internal")]})
    assert [e.amount for e in of(events, m.LoanRepaid)] == [Fraction("5.2")]
    play(g, {"bur": [TakeLoan(line="l", source="jewish", amount="2")]})
    g.when(m.AdjustTreasury(nation="bur", gp=str(-g.rules.nations["bur"].gp - 100), nfp="0", reason="sacked"))
    play(g, {})
    play(g, {})
    events = play(g, {})  # turn 6: the loan of turn 3 falls due
    (default,) = of(events, m.LoanDefaulted)
    assert (default.source, default.amount) == ("jewish", Fraction("2.6"))
    items = [e.item for e in of(events, m.AdjudicationRaised) if e.item.kind == "loan_default"]
    assert items and "[L8839-8846]" in items[0].explanation
    assert g.rules.nations["bur"].loan_defaulted and g.rules.nations["bur"].loans[0].source == "jewish"
    assert g.rejects(TakeLoan(line="l", source="internal", amount="1"), seat("bur")).code == "lote.loan_defaulted"


def test_a_nation_lends_at_its_own_interest_when_the_borrower_agrees() -> None:
    """[L8862-8867] "Any State exempt from usury restrictions may lend money to another State, charging whatever
    interest it chooses. States under usury restrictions may lend money as well, but may not charge interest."
    The borrower's own line is its consent; without it nothing moves."""
    g = bankers()
    usury = LendGold(line="x", to="bur", amount="10", interest_pct=5)
    assert g.rejects(usury, seat("tur")).code == "lote.usury"
    assert g.rejects(LendGold(line="x", to="nowhere", amount="10"), seat("bur")).code == "lote.finance_unknown_nation"
    events = play(g, {"bur": [LendGold(line="x", to="swi", amount="50", interest_pct=10)]})
    (failed,) = of(events, m.OrderFailed)
    assert (failed.nation, failed.code) == ("bur", "lote.not_agreed")
    gp = {n: g.rules.nations[n].gp for n in ("bur", "swi")}
    g.when(LendGold(line="x", to="swi", amount="50", interest_pct=10), seat("bur"))
    g.when(BorrowGold(line="y", lender="bur", amount="50", interest_pct=10), seat("swi"))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    (taken,) = of(events, m.LoanTaken)
    assert (taken.nation, taken.lender, taken.principal, taken.due_turn) == ("swi", "bur", 50, 5)
    for nid, change in (("swi", 50), ("bur", -50)):
        net = sum(e.net - 0 for e in of(events, m.RevenueCollected) if e.nation == nid)
        paid = sum(e.paid for e in of(events, m.SupportPaid) if e.nation == nid)
        assert g.rules.nations[nid].gp == gp[nid] + net - paid + change
    assert rules.amount_due(g.rules.nations["swi"].loans[0]) == 55
