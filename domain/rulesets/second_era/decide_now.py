"""Commands decided at once rather than queued: trades, cancelling orders and the GM's rulings."""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.engine.ids import owned_id
from domain.rulesets.second_era import content
from domain.rulesets.second_era.checks import (
    god_of,
    goods,
    reject,
    ruling_reason,
)
from domain.rulesets.second_era.commands import (
    AcceptTrade,
    AddClans,
    AdjustGodMana,
    AdjustStockpile,
    CancelOrder,
    DeclareTribeExtinct,
    EndTrade,
    OfferTrade,
    RelocateTribe,
    RemoveClans,
    RuleRaze,
    RuleTravel,
)
from domain.rulesets.second_era.events import (
    ClansAdded,
    ClansRemoved,
    GodManaAdjusted,
    OrderCancelled,
    StockpileAdjusted,
    TradeAccepted,
    TradeEnded,
    TradeOffered,
)
from domain.rulesets.second_era.fate_events import TribeExtinct, TribeRelocated
from domain.rulesets.second_era.magic import habitable
from domain.rulesets.second_era.razing import raze_outcome
from domain.rulesets.second_era.state import State, Trade, Tribe
from domain.rulesets.second_era.trade_sides import side_of, within_reach
from domain.rulesets.second_era.travelling import travel_outcome
from domain.rulesets.second_era.values import Resources


def decide_offer_trade(state: State, command: OfferTrade, ctx: DecisionContext) -> list[object]:
    god = god_of(state, ctx)
    if command.to_god not in state.gods or command.to_god == god:
        raise reject("unknown_god", "Offer the trade to another god.")
    if command.from_monster is not None and command.to_monster is not None:
        raise reject("monster_pair", "A monster trades with a tribe [002:107], not with another monster.")
    mine = side_of(state, god, command.from_monster)
    theirs = side_of(state, command.to_god, command.to_monster)
    if mine is None or theirs is None:
        raise reject("unknown_side", "Trade between a tribe on the map and a monster of the other god, if any.")
    if not within_reach(state, mine, theirs):
        if mine.is_monster or theirs.is_monster:
            raise reject("too_far", "A monster trades with a tribe on its Land or a neighbouring one [002:107].")
        # [002:13] trade with another tribe in the same World.
        raise reject("other_world", "You can only trade with a tribe in the same World.")
    give = goods({str(k): v for k, v in command.give.items()})
    receive = goods({str(k): v for k, v in command.receive.items()})
    unknown = [s for s in command.give_spells if s not in mine.spells]
    if unknown:
        raise reject("unknown_spell", f"Your side does not know {unknown}.")
    held = [a for a in command.give_artefacts if a not in state.artefacts or state.artefacts[a].holder != mine.id]
    if held:
        raise reject("unknown_artefact", f"Your side does not hold {held}.")
    wares = (command.give_spells, command.receive_spells, command.give_artefacts, command.receive_artefacts)
    if give.is_zero() and receive.is_zero() and not any(wares):
        raise reject("empty_trade", "A trade must move something.")
    trade = Trade(
        id=owned_id(state.serials, "trade", god),
        offered_by=god,
        offered_to=command.to_god,
        give=give,
        receive=receive,
        give_spells=tuple(command.give_spells),
        receive_spells=tuple(command.receive_spells),
        give_artefacts=tuple(command.give_artefacts),
        receive_artefacts=tuple(command.receive_artefacts),
        standing=command.standing,
        from_monster=command.from_monster,
        to_monster=command.to_monster,
    )
    return [TradeOffered(trade=trade)]


def _trade(state: State, trade_id: str, god: str) -> Trade:
    """A trade the god is party to. A god outside it gets the answer it gets for a trade that does not exist:
    the offer is the parties' business, and its id must not confirm it exists."""
    trade = state.trades.get(trade_id)
    if trade is None or god not in (trade.offered_by, trade.offered_to):
        raise reject("unknown_trade", f"You are party to no trade {trade_id!r}.")
    return trade


def decide_accept_trade(state: State, command: AcceptTrade, ctx: DecisionContext) -> list[object]:
    god = god_of(state, ctx)
    trade = _trade(state, command.trade, god)
    if trade.offered_to != god:
        raise reject("not_your_trade", "Only the god the trade was offered to can accept it.", status=403)
    if trade.accepted:
        raise reject("already_accepted", "That trade is already agreed.", status=409)
    return [TradeAccepted(trade=trade.id, parties=(trade.offered_by, trade.offered_to), standing=trade.standing)]


def decide_end_trade(state: State, command: EndTrade, ctx: DecisionContext) -> list[object]:
    god = god_of(state, ctx)
    trade = _trade(state, command.trade, god)
    return [TradeEnded(trade=trade.id, parties=(trade.offered_by, trade.offered_to), by=god)]


def decide_rule_raze(state: State, command: RuleRaze) -> list[object]:
    ruling_reason(command.reason)
    raze = state.razes.get(command.raze)
    if raze is None:
        raise reject("unknown_raze", f"There is no raze {command.raze!r} under way.")
    if raze.counter_bid is None:
        raise reject("raze_bids_pending", "The owner's counter-bid comes in when the next turn resolves.", 409)
    return [raze_outcome(state, raze, command.succeeded, command.reason)]


def decide_rule_travel(state: State, command: RuleTravel) -> list[object]:
    ruling_reason(command.reason)
    travel = state.travels.get(command.travel)
    if travel is None:
        raise reject("unknown_travel", f"There is no hostile Travel {command.travel!r} under way.")
    if travel.counter_bid is None:
        raise reject("travel_bids_pending", "The target's counter-bid comes in when the next turn resolves.", 409)
    return [travel_outcome(state, travel, command.succeeded, command.reason)]


def decide_cancel_order(state: State, command: CancelOrder, ctx: DecisionContext) -> list[object]:
    god = god_of(state, ctx)
    if all(q.order_no != command.order_no for q in state.orders.get(god, ())):
        raise reject("unknown_order", f"You have no order number {command.order_no} this turn.")
    return [OrderCancelled(god=god, order_no=command.order_no)]


def decide_adjust_stockpile(state: State, command: AdjustStockpile) -> list[object]:
    ruling_reason(command.reason)
    if command.tribe not in state.tribes:
        raise reject("unknown_tribe", f"There is no tribe {command.tribe!r}.")
    delta = Resources.of({str(k): v for k, v in command.delta.items()})
    if not state.tribes[command.tribe].stockpile.plus(delta).covers(Resources()):
        raise reject("negative_stockpile", "A stockpile cannot go below zero.")
    return [
        StockpileAdjusted(god=state.tribes[command.tribe].god, tribe=command.tribe, delta=delta, reason=command.reason)
    ]


def decide_add_clans(state: State, command: AddClans) -> list[object]:
    ruling_reason(command.reason)
    if command.tribe not in state.tribes:
        raise reject("unknown_tribe", f"There is no tribe {command.tribe!r}.")
    if command.role not in content.clans().roles or command.count < 1:
        raise reject("bad_clans", f"Add at least 1 clan of a role among {sorted(content.clans().roles)}.")
    return [ClansAdded(tribe=command.tribe, role=command.role, count=command.count, reason=command.reason)]


def decide_adjust_god_mana(state: State, command: AdjustGodMana) -> list[object]:
    ruling_reason(command.reason)
    if command.god not in state.gods:
        raise reject("unknown_god", f"There is no god {command.god!r}.")
    if state.gods[command.god].mana + command.delta < 0:
        raise reject("negative_mana", "A god's mana cannot go below zero.")
    return [GodManaAdjusted(god=command.god, delta=command.delta, reason=command.reason)]


def decide_remove_clans(state: State, command: RemoveClans) -> list[object]:
    ruling_reason(command.reason)
    if command.tribe not in state.tribes:
        raise reject("unknown_tribe", f"There is no tribe {command.tribe!r}.")
    have = state.tribes[command.tribe].n(command.role)
    if not 1 <= command.count <= have:
        raise reject("bad_count", f"The tribe has {have} {command.role} clans; remove between 1 and that.")
    return [ClansRemoved(tribe=command.tribe, role=command.role, count=command.count, reason=command.reason)]


def _ruled_tribe(state: State, tribe_id: str) -> Tribe:
    tribe = state.tribes.get(tribe_id)
    if tribe is None or tribe.extinct:
        raise reject("unknown_tribe", f"There is no tribe {tribe_id!r} on the map.")
    return tribe


def decide_declare_extinct(state: State, command: DeclareTribeExtinct) -> list[object]:
    ruling_reason(command.reason)
    tribe = _ruled_tribe(state, command.tribe)
    if tribe.clan_count() > 0:
        raise reject("tribe_has_clans", f"The tribe still has {tribe.clan_count()} clans.", status=409)
    return [TribeExtinct(tribe=tribe.id, god=tribe.god, reason=command.reason)]


def decide_relocate_tribe(state: State, command: RelocateTribe) -> list[object]:
    ruling_reason(command.reason)
    tribe = _ruled_tribe(state, command.tribe)
    if command.to_land not in state.lands:
        raise reject("unknown_land", f"There is no land {command.to_land!r}.")
    here = state.tribe_on(command.to_land)
    if here is not None:
        # [002:3] only one tribe may sit on any given Land at a time.
        raise reject("land_taken", f"{here.name} holds {command.to_land}; name a free Land.", status=409)
    if not habitable(state, tribe, command.to_land):
        # [002:48-50] without the Adaptation its race needs, the tribe cannot live there.
        raise reject("needs_adaptation", "The tribe's race cannot live on that Land without Adaptation.")
    return [TribeRelocated(tribe=tribe.id, to_land=command.to_land, reason=command.reason)]
