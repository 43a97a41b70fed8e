"""Trades agreed this turn, and standing agreements, are carried out ([002:13]).

Each trade (by id) moves the goods both ways at once, or not at all if either tribe lacks what it promised or
a promised spell is not known (then `TradeFailed`; a standing agreement stays for the next turn).
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.second_era.events import TradeCarriedOut, TradeFailed
from domain.rulesets.second_era.resolve.log import Log


def resolve_trades(log: Log, ctx: DecisionContext) -> None:
    for trade_id in sorted(log.state.trades):
        trade = log.state.trades[trade_id]
        if not trade.accepted:
            continue
        parties = (trade.offered_by, trade.offered_to)
        first, second = log.state.tribe_of(trade.offered_by), log.state.tribe_of(trade.offered_to)
        if not first.stockpile.covers(trade.give) or not second.stockpile.covers(trade.receive):
            log.emit(TradeFailed(trade=trade_id, parties=parties, reason="a side lacked the resources promised"))
            continue
        if any(s not in first.spells for s in trade.give_spells) or any(
            s not in second.spells for s in trade.receive_spells
        ):
            log.emit(TradeFailed(trade=trade_id, parties=parties, reason="a side does not know a promised spell"))
            continue
        holders = log.state.artefacts
        if any(a not in holders or holders[a].holder != first.id for a in trade.give_artefacts) or any(
            a not in holders or holders[a].holder != second.id for a in trade.receive_artefacts
        ):
            log.emit(TradeFailed(trade=trade_id, parties=parties, reason="a side no longer holds a promised artefact"))
            continue
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
            )
        )
