"""The finance steps of the turn (`turn/cycle.py` runs them; digest §1.4):

- R0: loaned armies recalled ([L8910-8911] "at any time": at the start of the turn);
- R1, after revenue: loans falling due are paid or defaulted ([L8829-8846]; "at the beginning of Turn 63"), early
  repayments, new loans (banks and nations), then gold, NFP, units and agro passing between nations
  (transfers over trade links, gifts and loans of units, agro sales);
- R3, after the mercenary auction: bribes and counter-bribes ([L4516-4531]);
- R4: the census ([L8438-8452]);
- R6, after the itineraries: gold a leader carried arrives if he stands at the other treasury ([L8875-8881]);
- R8: a Dynastic Failure ends the census ([L8447-8449]).

Every line is checked again when it resolves; one that no longer holds is a failed order, not a refusal.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Protocol

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.finance import check, rules
from domain.rulesets.lote.finance.events import (
    AgroSold,
    ArmyLoaned,
    ArmyRecalled,
    BribeCountered,
    CensusConducted,
    CensusEnded,
    GoldTransferred,
    LoanDefaulted,
    LoanRepaid,
    LoanTaken,
    MercenariesBribed,
    NFPTransferred,
    UnitsGiven,
)
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
from domain.rulesets.lote.model.events import OrderFailed
from domain.rulesets.lote.model.orders import BidMercenaries, Order
from domain.rulesets.lote.model.places import region_or_place
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.enums import dec

ZERO = Fraction(0)


class Runner(Protocol):
    """The resolution step in progress (`turn/run.py`'s `Run`): the state so far, and the emitter."""

    state: State
    ctx: DecisionContext

    def emit(self, event: Any) -> None: ...

    def raise_item(
        self, nation: str, kind: str, subject: str, proposal: str, why: str, rolls: tuple[int, ...] = ()
    ) -> None: ...


def _lines(state: State, nid: str) -> list[Order]:
    form = state.forms.get(nid)
    return list(form.lines.values()) if form is not None else []


def _valid(run: Runner, nid: str, order: FinanceOrder, gp: Fraction = ZERO) -> check.Charge | None:
    """The line re-checked now; `gp` the gold it must find in the treasury."""
    try:
        charge = check.charge(run.state, run.state.nations[nid], order, _lines(run.state, nid))
        if gp > max(run.state.nations[nid].gp, ZERO):
            raise check.refuse(order, "not_enough_gold", f"the treasury holds less than {dec(gp)} GP")
    except Rejected as failed:
        run.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))
        return None
    return charge


def _accepts(state: State, nid: str, giver: str, kind: str) -> AcceptTransfer | None:
    return next(
        (o for o in _lines(state, nid) if isinstance(o, AcceptTransfer) and o.from_nation == giver and o.kind == kind),
        None,
    )


def _unmatched(run: Runner, nid: str, order: FinanceOrder, who: str) -> None:
    # the same words whether the other nation refused, sent nothing or does not exist: no more than the seat knew
    run.emit(
        OrderFailed(
            nation=nid, line=order.line, code="lote.not_agreed", message=f"line {order.line!r}: {who} did not agree"
        )
    )


def r0_recalls(run: Runner, nid: str) -> None:
    for order in _lines(run.state, nid):
        if isinstance(order, RecallArmy) and _valid(run, nid, order) is not None:
            run.emit(ArmyRecalled(nation=nid, to=run.state.leaders[order.army].nation, leader=order.army))


def r1_loans_due(run: Runner, nid: str) -> None:
    """Early repayments, then the loans due this turn: paid from the treasury, or defaulted (a GM item)."""
    for order in _lines(run.state, nid):
        if isinstance(order, RepayLoan):
            loan = rules.loan_from(run.state.nations[nid], order.source)
            owed = rules.amount_due(loan) if loan is not None else ZERO
            if _valid(run, nid, order, owed) is not None:
                lender = order.source if order.source in run.state.nations else None
                run.emit(LoanRepaid(nation=nid, source=order.source, amount=owed, lender=lender))
    nation = run.state.nations[nid]
    for loan in rules.due_now(nation, run.ctx.turn):
        owed = rules.amount_due(loan)
        lender = loan.source if loan.source in run.state.nations else None
        if owed <= max(run.state.nations[nid].gp, ZERO):
            run.emit(LoanRepaid(nation=nid, source=loan.source, amount=owed, lender=lender))
            continue
        run.emit(LoanDefaulted(nation=nid, source=loan.source, amount=owed, lender=lender))
        creditor = (
            f"the lender, {run.state.nations[lender].name}, may seek its own remedy"
            if lender
            else ("the bankers may send an army or two to collect")
        )
        run.raise_item(
            nid,
            "loan_default",
            loan.source,
            "cut the tax rate; decide whether the bankers send an army",
            f"{dec(owed)} GP owed to {loan.source} fell due with {dec(run.state.nations[nid].gp)} GP in the treasury:"
            f" [L8839-8846] a default reduces the Tax Rate (§2.4.6) and {creditor}; no bank lends again (player "
            "bankers excepted). The debt stays on the sheet (RepayLoan).",
        )


def r1_new_loans(run: Runner, nid: str) -> None:
    for order in _lines(run.state, nid):
        if isinstance(order, TakeLoan) and _valid(run, nid, order) is not None:
            value = Fraction(order.amount)
            due = run.ctx.turn + rules.LOAN_TURNS
            run.emit(
                LoanTaken(nation=nid, source=order.source, principal=value, rate_pct=rules.BANK_RATE_PCT, due_turn=due)
            )
        elif isinstance(order, LendGold):
            _lend(run, nid, order)


def _lend(run: Runner, nid: str, order: LendGold) -> None:
    """[L8862-8867] a nation as banker: the borrower's matching line is its consent."""
    value = Fraction(order.amount)
    if _valid(run, nid, order, value) is None:
        return
    asked = next(
        (
            o
            for o in _lines(run.state, order.to)
            if isinstance(o, BorrowGold)
            and o.lender == nid
            and Fraction(o.amount) == value
            and o.interest_pct == order.interest_pct
        ),
        None,
    ) if order.to in run.state.nations else None  # fmt: skip
    if asked is None or _valid(run, order.to, asked) is None:
        _unmatched(run, nid, order, order.to)
        return
    due = run.ctx.turn + rules.LOAN_TURNS
    run.emit(
        LoanTaken(nation=order.to, source=nid, principal=value, rate_pct=order.interest_pct, due_turn=due, lender=nid)
    )


def r1_transfers(run: Runner, nid: str) -> None:
    """Gold over trade links, NFP, units given and armies lent, agro sold: each needs the receiver's own line."""
    for order in _lines(run.state, nid):
        match order:
            case TransferGold(carrier=None):
                if _valid(run, nid, order, Fraction(order.amount)) is not None:
                    run.emit(GoldTransferred(nation=nid, to=order.to, amount=Fraction(order.amount)))
            case TransferNFP():
                _nfp(run, nid, order)
            case GiveUnits():
                _give(run, nid, order)
            case LoanArmy():
                if _valid(run, nid, order) is None:
                    continue
                if _accepts(run.state, order.to, nid, "army") is None:
                    _unmatched(run, nid, order, order.to)
                    continue
                run.emit(ArmyLoaned(nation=nid, to=order.to, leader=order.army))
            case SellAgro():
                _sell(run, nid, order)
            case _:
                pass


def _nfp(run: Runner, nid: str, order: TransferNFP) -> None:
    if _valid(run, nid, order) is None:
        return
    if order.amount > max(run.state.nations[nid].nfp, ZERO):
        run.emit(OrderFailed(nation=nid, line=order.line, code="lote.not_enough_nfp", message="not enough NFP left"))
        return
    if _accepts(run.state, order.to, nid, "nfp") is None:
        _unmatched(run, nid, order, order.to)
        return
    run.emit(NFPTransferred(nation=nid, to=order.to, amount=order.amount))


def _give(run: Runner, nid: str, order: GiveUnits) -> None:
    if _valid(run, nid, order) is None:
        return
    accepted = _accepts(run.state, order.to, nid, "units")
    if accepted is None:
        _unmatched(run, nid, order, order.to)
        return
    place = run.state.leaders[order.army].location
    into = accepted.army
    if into is not None and (into not in run.state.leaders or run.state.leaders[into].location != place):
        into = None  # his army is elsewhere: the units join his garrison where they were handed over
    units = dict(order.units)
    run.emit(
        UnitsGiven(
            nation=nid, to=order.to, army=order.army, units=units, received=rules.given(units), place=place, into=into
        )
    )


def _sell(run: Runner, nid: str, order: SellAgro) -> None:
    """[L1987-1991] "at any price that can be mutually agreed upon": the buyer's line names the same points and
    price; the buyer pays from its treasury."""
    if _valid(run, nid, order) is None:
        return
    price = Fraction(order.price)
    bought = next(
        (
            o
            for o in _lines(run.state, order.buyer)
            if isinstance(o, BuyAgro) and o.seller == nid and o.points == order.points and Fraction(o.price) == price
        ),
        None,
    ) if order.buyer in run.state.nations else None  # fmt: skip
    if bought is None or _valid(run, order.buyer, bought, order.points * price) is None:
        _unmatched(run, nid, order, order.buyer)
        return
    run.emit(AgroSold(nation=nid, to=order.buyer, points=order.points, price=price))


def r3_bribes(run: Runner) -> None:
    """[L4516-4531] a bribe needs a leader in the mercenaries' region; the hire cost nullifies them, twice it
    turns them (when `switch` and the gold is there); the hirer keeps them by matching the bribe."""
    for nid in list(run.state.nations):
        for order in _lines(run.state, nid):
            if isinstance(order, BribeMercenaries) and _valid(run, nid, order) is not None:
                _bribe(run, nid, order)


def _bribe(run: Runner, nid: str, order: BribeMercenaries) -> None:
    leader = run.state.leaders[order.leader]
    region = region_or_place(run.state, leader.location)
    offered = min(Fraction(order.gp), max(run.state.nations[nid].gp, ZERO))
    for hire in [h for h in run.state.hires if h.pool == order.pool and h.unit == order.unit and h.nation != nid]:
        if region_or_place(run.state, hire.location) != region:
            continue
        price = _hire_price(run.state, hire.nation, hire.pool, hire.unit)
        cost = price * hire.count
        switched = order.switch and offered >= 2 * cost
        if offered < cost:
            continue
        paid = 2 * cost if switched else cost
        counter = next(
            (
                o
                for o in _lines(run.state, hire.nation)
                if isinstance(o, CounterBribe) and o.pool == hire.pool and o.unit == hire.unit
            ),
            None,
        )
        if counter is not None and Fraction(counter.gp) >= paid and run.state.nations[hire.nation].gp >= paid:
            run.emit(BribeCountered(nation=hire.nation, briber=nid, pool=hire.pool, unit=hire.unit, gp=paid))
            continue
        run.emit(
            MercenariesBribed(
                nation=nid,
                hirer=hire.nation,
                pool=hire.pool,
                unit=hire.unit,
                count=hire.count,
                gp=paid,
                leader=order.leader,
                switched=switched,
                location=hire.location,
                army=hire.army,
            )
        )
        offered -= paid


def _hire_price(state: State, nation: str, pool: str, unit: str) -> Fraction:
    """The price per unit the hirer's winning bid paid ([L4489-4493]): the bid line on its form."""
    for order in _lines(state, nation):
        if isinstance(order, BidMercenaries) and order.pool == pool and order.unit == unit:
            return Fraction(order.price)
    return Fraction(1, 2)  # [L4488] the minimum bid, for mercenaries a GM placed by hand


def r4_census(run: Runner, nid: str) -> None:
    for order in _lines(run.state, nid):
        if isinstance(order, ConductCensus):
            gp, nfp = rules.census_cost(run.state, run.state.nations[nid])
            if _valid(run, nid, order, gp) is not None:
                run.emit(CensusConducted(nation=nid, leader=order.leader, gp=gp, nfp=Fraction(nfp)))


def r6_carried_gold(run: Runner, nid: str) -> None:
    """[L8875-8881] "The Leader making the delivery must move from source Treasury to destination Treasury ...
    The delivered gold cannot be used until it is delivered": it arrives if the carrier ends the turn there."""
    for order in _lines(run.state, nid):
        if not isinstance(order, TransferGold) or order.carrier is None:
            continue
        if _valid(run, nid, order, Fraction(order.amount)) is None:
            continue
        leader = run.state.leaders[order.carrier]
        target = run.state.nations[order.to]
        if not rules.at_treasury(run.state, leader.location, target):
            run.emit(
                OrderFailed(
                    nation=nid,
                    line=order.line,
                    code="lote.not_delivered",
                    message=f"line {order.line!r}: {leader.name} did not reach the treasury of {target.name}; "
                    "the gold stays at home",
                )
            )
            continue
        value = Fraction(order.amount)
        run.emit(GoldTransferred(nation=nid, to=order.to, amount=value, carrier=order.carrier, secret=order.secret))


def r8_census_ends(run: Runner, nid: str) -> None:
    nation = run.state.nations[nid]
    if nation.census and nation.dynastic_failure_turn == run.ctx.turn:
        run.emit(CensusEnded(nation=nid, why="dynastic failure"))
