"""Folding the finance events into the state. Total: an event naming what is gone changes nothing."""

from __future__ import annotations

from fractions import Fraction
from typing import assert_never

import msgspec

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
from domain.rulesets.lote.finance.report import ledger_lines
from domain.rulesets.lote.model.state import LedgerLine, State
from domain.rulesets.lote.scenario.scenario import Loan

R = msgspec.structs.replace


def _nation(state: State, nid: str | None, **changes: object) -> State:
    nation = state.nations.get(nid or "")
    if nation is None or nid is None:
        return state
    return R(state, nations={**state.nations, nid: R(nation, **changes)})


def _gold(state: State, nid: str | None, delta: Fraction) -> State:
    nation = state.nations.get(nid or "")
    return state if nation is None else _nation(state, nid, gp=nation.gp + delta)


def _add(units: dict[str, int], more: dict[str, int], sign: int = 1) -> dict[str, int]:
    out = dict(units)
    for unit, n in more.items():
        out[unit] = out.get(unit, 0) + sign * n
    return {u: n for u, n in out.items() if n > 0}


def _army(state: State, leader_id: str | None, units: dict[str, int], sign: int) -> State:
    leader = state.leaders.get(leader_id or "")
    if leader is None or leader_id is None:
        return state
    return R(state, leaders={**state.leaders, leader_id: R(leader, units=_add(leader.units, units, sign))})


def _garrison(state: State, place: str, nid: str, units: dict[str, int], sign: int) -> State:
    record = state.cities.get(place) or state.regions.get(place)
    if record is None:
        return state
    garrison = {**record.garrison, nid: _add(record.garrison.get(nid, {}), units, sign)}
    if place in state.cities:
        return R(state, cities={**state.cities, place: R(state.cities[place], garrison=garrison)})
    return R(state, regions={**state.regions, place: R(state.regions[place], garrison=garrison)})


def _text(x: Fraction) -> str:
    """An exact amount as the stat sheet stores it: a decimal when it is one ("52.5"), else a fraction."""
    if 10**6 % x.denominator == 0:
        whole, frac = divmod(abs(x.numerator) * (10**6 // x.denominator), 10**6)
        text = f"{whole}.{frac:06d}".rstrip("0").rstrip(".")
        return f"-{text}" if x < 0 else text
    return str(x)


def _loan_taken(state: State, event: LoanTaken) -> State:
    nation = state.nations.get(event.nation)
    if nation is None:
        return state
    p = event.principal
    loan = Loan(source=event.source, principal=_text(p), rate_pct=event.rate_pct, due_turn=event.due_turn)
    state = _nation(state, event.nation, gp=nation.gp + p, loans=[*nation.loans, loan])
    return _gold(state, event.lender, -p)


def _loan_repaid(state: State, event: LoanRepaid) -> State:
    nation = state.nations.get(event.nation)
    if nation is None:
        return state
    loans = [x for x in nation.loans if x.source != event.source]
    state = _nation(state, event.nation, gp=nation.gp - event.amount, loans=loans)
    return _gold(state, event.lender, event.amount)


def _bribed(state: State, event: MercenariesBribed) -> State:
    units = {event.unit: event.count}
    state = _gold(state, event.nation, -event.gp)
    if event.army is not None and event.army in state.leaders:
        state = _army(state, event.army, units, -1)
    else:
        state = _garrison(state, event.location, event.hirer, units, -1)
    key = (event.hirer, event.pool, event.unit)
    index = next((i for i, h in enumerate(state.hires) if (h.nation, h.pool, h.unit) == key), None)
    if index is None:
        return state
    hire = state.hires[index]
    rest = (*state.hires[:index], *state.hires[index + 1 :])
    if event.switched:
        # [L4522-4524] "they switch to his side for the remainder of the turn": they go home from his army
        state = _army(state, event.leader, units, 1)
        moved = R(hire, nation=event.nation, army=event.leader)
        return R(state, hires=(*rest, moved))
    pool = state.mercenary_pools.get(event.pool)
    if pool is not None:
        state = R(state, mercenary_pools={**state.mercenary_pools, event.pool: R(pool, units=_add(pool.units, units))})
    return R(state, hires=rest)


def _loaned(state: State, leader_id: str, nation: str, lender: str | None) -> State:
    leader = state.leaders.get(leader_id)
    if leader is None:
        return state
    return R(state, leaders={**state.leaders, leader_id: R(leader, nation=nation, loaned_from=lender)})


def evolve_finance(state: State, event: FinanceEvent) -> State:
    """The truth, then the dealing's line for each party's status report (this and last turn's are kept)."""
    line = LedgerLine(turn=state.turn, lines=ledger_lines(state, event))
    state = _truth(state, event)
    return R(state, ledger=(*(x for x in state.ledger if x.turn >= state.turn - 1), line))


def _truth(state: State, event: FinanceEvent) -> State:
    match event:
        case CensusConducted():
            nation = state.nations.get(event.nation)
            if nation is None:
                return state
            return _nation(
                state, event.nation, gp=nation.gp - event.gp, nfp=nation.nfp - event.nfp, census=True, tax_status="C"
            )
        case CensusEnded():
            nation = state.nations.get(event.nation)
            status = "N" if nation is not None and nation.tax_status == "C" else None
            return _nation(state, event.nation, census=False, **({"tax_status": status} if status else {}))
        case LoanTaken():
            return _loan_taken(state, event)
        case LoanRepaid():
            return _loan_repaid(state, event)
        case LoanDefaulted():
            # [L8842-8846] "unable to draw any further loans from any bank" (a nation may still lend to it)
            return _nation(state, event.nation, loan_defaulted=True)
        case GoldTransferred():
            return _gold(_gold(state, event.nation, -event.amount), event.to, event.amount)
        case NFPTransferred():
            giver, taker = state.nations.get(event.nation), state.nations.get(event.to)
            if giver is None or taker is None:
                return state
            state = _nation(state, event.nation, nfp=giver.nfp - event.amount)
            return _nation(state, event.to, slave_nfp=taker.slave_nfp + event.amount)
        case UnitsGiven():
            state = _army(state, event.army, event.units, -1)
            if event.into is not None and event.into in state.leaders:
                return _army(state, event.into, event.received, 1)
            return _garrison(state, event.place, event.to, event.received, 1)
        case ArmyLoaned():
            return _loaned(state, event.leader, event.to, event.nation)
        case ArmyRecalled():
            return _loaned(state, event.leader, event.nation, None)
        case MercenariesBribed():
            return _bribed(state, event)
        case BribeCountered():
            return _gold(state, event.nation, -event.gp)
        case AgroSold():
            paid = event.points * event.price
            state = _gold(_gold(state, event.nation, paid), event.to, -paid)
            buyer = state.nations.get(event.to)
            if buyer is None:
                return state
            return _nation(state, event.to, agro_reserves=buyer.agro_reserves + event.points)
        case _:
            assert_never(event)
