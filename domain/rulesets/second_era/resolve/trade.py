"""Trades agreed this turn, and standing agreements, are carried out ([002:13], [002:107]).

Each trade (by id) moves the goods both ways at once, or not at all if either side lacks what it promised, a
promised spell is not known, a promised artefact is no longer held, or (a monster's trade) the monster is no
longer on or next to the tribe's Land: then `TradeFailed`, and a standing agreement stays for the next turn.
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.second_era.events import TradeCarriedOut, TradeFailed
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.state import State, Trade
from domain.rulesets.second_era.trade_sides import side_of, within_reach


def resolve_trades(log: Log, ctx: DecisionContext) -> None:
    for trade_id in sorted(log.state.trades):
        trade = log.state.trades[trade_id]
        if not trade.accepted:
            continue
        parties = (trade.offered_by, trade.offered_to)
        problem = _problem(log.state, trade)
        if problem is not None:
            log.emit(TradeFailed(trade=trade_id, parties=parties, reason=problem))
            continue
        first, second = log.state.tribe_of(trade.offered_by), log.state.tribe_of(trade.offered_to)
        log.emit(
            TradeCarriedOut(
                trade=trade_id,
                parties=parties,
                from_tribe=first.id,
                to_tribe=second.id,
                give=trade.give,
                receive=trade.receive,
                give_spells=trade.give_spells,
                receive_spells=trade.receive_spells,
                give_artefacts=trade.give_artefacts,
                receive_artefacts=trade.receive_artefacts,
                from_monster=trade.from_monster,
                to_monster=trade.to_monster,
            )
        )


def _problem(state: State, trade: Trade) -> str | None:
    first = side_of(state, trade.offered_by, trade.from_monster)
    second = side_of(state, trade.offered_to, trade.to_monster)
    if first is None or second is None:
        return "a side of the trade is no more"
    if not within_reach(state, first, second):
        return "the monster is no longer on or next to the tribe's Land"
    if not first.stock.covers(trade.give) or not second.stock.covers(trade.receive):
        return "a side lacked the resources promised"
    if any(s not in first.spells for s in trade.give_spells) or any(
        s not in second.spells for s in trade.receive_spells
    ):
        return "a side does not know a promised spell"
    artefacts = state.artefacts
    if any(a not in artefacts or artefacts[a].holder != first.id for a in trade.give_artefacts) or any(
        a not in artefacts or artefacts[a].holder != second.id for a in trade.receive_artefacts
    ):
        return "a side no longer holds a promised artefact"
    return None
