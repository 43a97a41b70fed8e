"""The finance lines of a nation's status report: the census, the loans on its sheet, and the turn's dealings
with other nations as each party sees them (`ledger_lines`). The rulebook prints no format for them; the lines
say who, what and how much in the words of the order form. Nothing of finance goes to the Newsfax: a transfer
is known to both parties only, a loan to the lender and the borrower."""

from __future__ import annotations

from domain.rulesets.lote.finance import rules
from domain.rulesets.lote.finance.events import (
    AgroSold,
    ArmyLoaned,
    ArmyRecalled,
    BribeCountered,
    CensusConducted,
    CensusEnded,
    FinanceEvent,
    GoldTransferred,
    LoanDefaulted,
    LoanRepaid,
    LoanTaken,
    MercenariesBribed,
    NFPTransferred,
    UnitsGiven,
)
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.enums import dec


def _units(units: dict[str, int]) -> str:
    return ",".join(f"{n}{u.lower()}" for u, n in units.items() if n) or "-"


def _name(state: State, nid: str | None) -> str:
    nation = state.nations.get(nid or "")
    return nation.name if nation is not None else (nid or "")


def _source(state: State, source: str, lender: str | None) -> str:
    return _name(state, source) if lender else source


def ledger_lines(state: State, event: FinanceEvent) -> dict[str, str]:
    """The line each party's report prints for `event` (nation -> text)."""
    me, n = event.nation, _name
    match event:
        case CensusConducted():
            return {me: f"Census conducted by {event.leader}: {dec(event.gp)} GP, {dec(event.nfp)} NFP"}
        case CensusEnded():
            return {me: f"Census ended ({event.why})"}
        case LoanTaken():
            line = f"{dec(event.principal)} GP at {event.rate_pct}%, due turn {event.due_turn}"
            out = {me: f"Loan from {n(state, event.source) if event.lender else event.source}: {line}"}
            return {**out, event.lender: f"Loan to {n(state, me)}: {line}"} if event.lender else out
        case LoanRepaid() | LoanDefaulted():
            verb = "repaid" if isinstance(event, LoanRepaid) else "DEFAULTED"
            out = {me: f"Loan from {_source(state, event.source, event.lender)} {verb}: {dec(event.amount)} GP"}
            return (
                {**out, event.lender: f"Loan to {n(state, me)} {verb}: {dec(event.amount)} GP"} if event.lender else out
            )
        case GoldTransferred():
            how = f" by {event.carrier}" + (" (secretly)" if event.secret else "") if event.carrier else ""
            amount = dec(event.amount)
            return {
                me: f"Gold: {amount} GP sent to {n(state, event.to)}{how}",
                event.to: f"Gold: {amount} GP received from {n(state, me)}{how}",
            }
        case NFPTransferred():
            return {
                me: f"NFP: {event.amount} sent to {n(state, event.to)}",
                event.to: f"NFP: {event.amount} slave NFP received from {n(state, me)}",
            }
        case UnitsGiven():
            return {
                me: f"Units: {_units(event.units)} of army {event.army} given to {n(state, event.to)} in {event.place}",
                event.to: f"Units: {_units(event.received)} received from {n(state, me)} in {event.place}",
            }
        case ArmyLoaned() | ArmyRecalled():
            verb = "lent to" if isinstance(event, ArmyLoaned) else "recalled from"
            other = "lent by" if isinstance(event, ArmyLoaned) else "recalled by"
            return {
                me: f"Army {event.leader} {verb} {n(state, event.to)}",
                event.to: f"Army {event.leader} {other} {n(state, me)}",
            }
        case MercenariesBribed():
            what = "turned to our side" if event.switched else "sent back to their pool"
            return {
                me: f"Bribe: {event.count}{event.unit.lower()} of {n(state, event.hirer)} {what}, {dec(event.gp)} GP",
                event.hirer: f"Bribed away: our {event.count}{event.unit.lower()} mercenaries at {event.location}",
            }
        case BribeCountered():
            return {
                me: f"Counter-bribe: {dec(event.gp)} GP kept our {event.unit.lower()} mercenaries of pool {event.pool}",
                event.briber: f"Bribe refused: {n(state, me)} kept its {event.unit.lower()} mercenaries",
            }
        case AgroSold():
            gp = dec(event.points * event.price)
            return {
                me: f"Agro: {event.points} sold to {n(state, event.to)} for {gp} GP",
                event.to: f"Agro: {event.points} bought from {n(state, me)} for {gp} GP",
            }


def finance_lines(state: State, nid: str, turn: int) -> list[str]:
    """The nation's finance section: census, loans on its sheet, then this turn's dealings."""
    nation = state.nations[nid]
    out = ["Census in effect (tax x1.1)"] if nation.census else []
    for loan in nation.loans:
        due = f"due turn {loan.due_turn}" if loan.due_turn else "no due turn"
        out.append(
            f"Owed to {loan.source}: {dec(rules.amount_due(loan))} GP ({loan.principal} at {loan.rate_pct}%, {due})"
        )
    if nation.loan_defaulted:
        out.append("In default: no bank lends")
    out += [entry.lines[nid] for entry in state.ledger if entry.turn == turn and nid in entry.lines]
    return out
