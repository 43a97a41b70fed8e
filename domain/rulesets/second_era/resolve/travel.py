"""Hostile Travel ([002:69]), settled like a raze ([002:14], digest #27): the caster's sealed bid was paid when
the spell was cast (turn t); during turn t+1 the target may resist with a counter-bid (`ResistTravel`); then,
with setting `raze_bids` = "sealed", the Travel succeeds when the caster's bid exceeds the target's, both
bids spent; with "gm" the GM rules (`RuleTravel`).
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.second_era.commands import ResistTravel
from domain.rulesets.second_era.events import TravelResisted
from domain.rulesets.second_era.resolve.acts import orders_of, pay_mana
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.travelling import travel_outcome


def resolve_hostile_travels(log: Log, ctx: DecisionContext) -> None:
    ordered = {order.travel: (god, no, order.bid) for god, no, order in orders_of(log, (ResistTravel,))}
    for travel_id in sorted(log.state.travels):
        travel = log.state.travels[travel_id]
        if travel.counter_bid is not None or travel.turn >= log.state.turn:
            continue
        target_god = log.state.tribes[travel.target].god if travel.target in log.state.tribes else ""
        bid = 0
        if travel_id in ordered:
            god, no, amount = ordered[travel_id]
            if pay_mana(log, god, no, amount, "Resisting a Travel"):
                bid = amount
        log.emit(TravelResisted(god=target_god, travel=travel_id, bid=bid))
    if log.state.settings.raze_bids == "sealed":
        for travel_id in sorted(log.state.travels):
            travel = log.state.travels[travel_id]
            if travel.counter_bid is not None:
                log.emit(travel_outcome(log.state, travel, travel.bid > travel.counter_bid))
