"""Razing ([002:14]): a sealed mana bid to destroy a hostile Town, Shrine or Floor; the owner counter-bids.

Turn t: a tribe standing (after movement and battles) on a Land with another tribe's structure bids; the bid
is paid and the raze is announced without its amount. Turn t+1: the owner may counter-bid (`CounterRaze`).
With setting `raze_bids` = "sealed" (digest #27) the raze succeeds when the raider's bid exceeds the owner's;
both bids are spent either way. With "gm" the GM rules (`RuleRaze`) once the counter-bid is in.
On success the structure falls and the raider's tribe gains 50% of its construction cost, rounded down.
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.engine.ids import owned_id
from domain.rulesets.second_era.commands import CounterRaze, RazeStructure
from domain.rulesets.second_era.events import RazeBegun, RazeCountered
from domain.rulesets.second_era.razing import raze_outcome
from domain.rulesets.second_era.resolve.acts import orders_of, pay_mana
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.state import Raze, State


def resolve_razes(log: Log, ctx: DecisionContext) -> None:
    _counter_bids(log)
    if log.state.settings.raze_bids == "sealed":
        for raze_id in sorted(log.state.razes):
            raze = log.state.razes[raze_id]
            if raze.counter_bid is not None:
                log.emit(raze_outcome(log.state, raze, raze.bid > raze.counter_bid))
    _new_razes(log, ctx)


def _counter_bids(log: Log) -> None:
    """Every raze begun before this turn gets its counter-bid now: the owner's order, or nothing (0)."""
    ordered: dict[str, tuple[str, int, int]] = {}
    for god, no, order in orders_of(log, (CounterRaze,)):
        ordered[order.raze] = (god, no, order.bid)
    for raze_id in sorted(log.state.razes):
        raze = log.state.razes[raze_id]
        if raze.counter_bid is not None or raze.turn >= log.state.turn:
            continue
        owner = _owner(log.state, raze)
        bid = 0
        if raze_id in ordered:
            god, no, amount = ordered[raze_id]
            if pay_mana(log, god, no, amount, "Counter-bid against a raze"):
                bid = amount
        log.emit(RazeCountered(god=owner or "", raze=raze_id, bid=bid))


def _owner(state: State, raze: Raze) -> str | None:
    structure = state.structures.get(raze.structure)
    if structure is None or structure.tribe not in state.tribes:
        return None
    return state.tribes[structure.tribe].god


def _new_razes(log: Log, ctx: DecisionContext) -> None:
    for god, no, order in orders_of(log, (RazeStructure,)):
        state = log.state
        tribe = state.tribe_of(god)
        structure = state.structures.get(order.structure)
        if structure is None or structure.land != tribe.land:
            log.fail(god, no, "raze_not_here", "Your tribe must stand on the structure's Land to raze it.")
            continue
        if any(r.structure == order.structure for r in state.razes.values()):
            log.fail(god, no, "raze_under_way", "That structure is already being razed.")
            continue
        if pay_mana(log, god, no, order.bid, "Raze"):
            raze = Raze(
                id=owned_id(state.serials, "raze", god),
                god=god,
                tribe=tribe.id,
                structure=order.structure,
                bid=order.bid,
                turn=state.turn,
            )
            log.emit(RazeBegun(raze=raze))
