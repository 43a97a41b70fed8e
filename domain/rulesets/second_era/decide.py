"""Deciding commands: sealed orders are checked for what is knowable now and queued; GM rulings apply at once.

What depends on the other gods' orders (stockpiles, mana, who stands where) is checked again when the turn is
resolved, where a failure is an `OrderFailed` event rather than a refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, assert_never

from domain.engine import DecisionContext
from domain.rulesets.second_era import content
from domain.rulesets.second_era.checks import (
    god_of,
    reject,
)
from domain.rulesets.second_era.commands import (
    ACTION_ORDERS,
    MONSTER_ORDERS,
    AcceptTrade,
    AddClans,
    AdjustGodMana,
    AdjustStockpile,
    ArmHero,
    BirthHero,
    BuildStructure,
    CancelOrder,
    CastInstant,
    ChooseHeroAbility,
    ChooseMonsterAbility,
    Command,
    CounterRaze,
    CreateArtefact,
    DeclareTribeExtinct,
    DestroyArtefact,
    EndTrade,
    FeedMonster,
    GrowTribe,
    MonsterAction,
    MonsterTrade,
    MoveMonster,
    MoveTribe,
    OfferTrade,
    Order,
    RazeStructure,
    RelocateTribe,
    RemoveClans,
    ResistTravel,
    RuleRaze,
    RuleTravel,
    SetChampion,
    SetClanRoles,
    SetMonsterSpells,
    SetRetreat,
    SetSpellOrders,
    SpawnMonster,
    TakeMonsterMana,
    TeachSpell,
)
from domain.rulesets.second_era.decide_monsters import (
    check_choose_monster_ability,
    check_feed_monster,
    check_monster_action,
    check_monster_spells,
    check_monster_trade,
    check_move_monster,
    check_take_monster_mana,
)
from domain.rulesets.second_era.decide_now import (
    decide_accept_trade,
    decide_add_clans,
    decide_adjust_god_mana,
    decide_adjust_stockpile,
    decide_cancel_order,
    decide_declare_extinct,
    decide_end_trade,
    decide_offer_trade,
    decide_relocate_tribe,
    decide_remove_clans,
    decide_rule_raze,
    decide_rule_travel,
)
from domain.rulesets.second_era.decide_orders import (
    check_arm_hero,
    check_birth_hero,
    check_build,
    check_cast_instant,
    check_champion,
    check_choose_hero_ability,
    check_clan_roles,
    check_counter_raze,
    check_create_artefact,
    check_destroy_artefact,
    check_grow,
    check_move,
    check_raze,
    check_resist_travel,
    check_retreat,
    check_spawn_monster,
    check_spell_orders,
    check_teach_spell,
)
from domain.rulesets.second_era.era_commands import (
    AddLand,
    AlterLand,
    ChangeFauna,
    ConnectLands,
    DisconnectLands,
    PerformFirstEraAct,
    PlaceStructure,
    RemoveStructure,
)
from domain.rulesets.second_era.eras import check_first_era_act
from domain.rulesets.second_era.events import (
    OrderGiven,
)
from domain.rulesets.second_era.map_rulings import decide_map_ruling
from domain.rulesets.second_era.state import State

OrderT = TypeVar("OrderT", bound=Order)


def decide(state: State, command: Command, ctx: DecisionContext) -> Sequence[object]:
    match command:
        case MoveTribe():
            return _queue(state, ctx, command, check_move)
        case GrowTribe():
            return _queue(state, ctx, command, check_grow)
        case BuildStructure():
            return _queue(state, ctx, command, check_build)
        case BirthHero():
            return _queue(state, ctx, command, check_birth_hero)
        case SpawnMonster():
            return _queue(state, ctx, command, check_spawn_monster)
        case TeachSpell():
            return _queue(state, ctx, command, check_teach_spell)
        case CreateArtefact():
            return _queue(state, ctx, command, check_create_artefact)
        case ArmHero():
            return _queue(state, ctx, command, check_arm_hero)
        case CastInstant():
            return _queue(state, ctx, command, check_cast_instant)
        case DestroyArtefact():
            return _queue(state, ctx, command, check_destroy_artefact)
        case ChooseHeroAbility():
            return _queue(state, ctx, command, check_choose_hero_ability)
        case SetClanRoles():
            return _queue(state, ctx, command, check_clan_roles)
        case SetSpellOrders():
            return _queue(state, ctx, command, check_spell_orders)
        case RazeStructure():
            return _queue(state, ctx, command, check_raze)
        case CounterRaze():
            return _queue(state, ctx, command, check_counter_raze)
        case OfferTrade():
            return decide_offer_trade(state, command, ctx)
        case AcceptTrade():
            return decide_accept_trade(state, command, ctx)
        case EndTrade():
            return decide_end_trade(state, command, ctx)
        case MoveMonster():
            return _queue(state, ctx, command, check_move_monster)
        case MonsterAction():
            return _queue(state, ctx, command, check_monster_action)
        case FeedMonster():
            return _queue(state, ctx, command, check_feed_monster)
        case ChooseMonsterAbility():
            return _queue(state, ctx, command, check_choose_monster_ability)
        case MonsterTrade():
            return _queue(state, ctx, command, check_monster_trade)
        case SetMonsterSpells():
            return _queue(state, ctx, command, check_monster_spells)
        case TakeMonsterMana():
            return _queue(state, ctx, command, check_take_monster_mana)
        case CancelOrder():
            return decide_cancel_order(state, command, ctx)
        case AdjustStockpile():
            return decide_adjust_stockpile(state, command)
        case RemoveClans():
            return decide_remove_clans(state, command)
        case AddClans():
            return decide_add_clans(state, command)
        case AdjustGodMana():
            return decide_adjust_god_mana(state, command)
        case RuleTravel():
            return decide_rule_travel(state, command)
        case SetChampion():
            return _queue(state, ctx, command, check_champion)
        case SetRetreat():
            return _queue(state, ctx, command, check_retreat)
        case ResistTravel():
            return _queue(state, ctx, command, check_resist_travel)
        case RuleRaze():
            return decide_rule_raze(state, command)
        case DeclareTribeExtinct():
            return decide_declare_extinct(state, command)
        case RelocateTribe():
            return decide_relocate_tribe(state, command)
        case PerformFirstEraAct():
            return _queue(state, ctx, command, check_first_era_act)
        case (
            ChangeFauna()
            | AddLand()
            | AlterLand()
            | ConnectLands()
            | DisconnectLands()
            | PlaceStructure()
            | RemoveStructure()
        ):
            return decide_map_ruling(state, command, ctx.turn)
        case _:
            assert_never(command)


def _queue(
    state: State, ctx: DecisionContext, order: OrderT, check: Callable[[State, str, OrderT], None]
) -> list[object]:
    """Check an order and queue it sealed; Actions count against the 3 of the turn.

    Linear in a turn's orders: a free order costs the same however many are queued (the queue is in order-number
    order, so the next number is the last one's + 1); only an Action counts the queue, and at most 3 are
    accepted a turn."""
    if state.winner is not None:
        raise reject("era_over", "The Era has been won; no more orders.", status=409)
    god = god_of(state, ctx)
    queued = state.orders.get(god, ())
    tag = order.__struct_config__.tag
    if state.tribe_of(god).extinct and tag not in MONSTER_ORDERS:
        raise reject("tribe_extinct", "Your tribe is gone (a GM ruling); only your monsters take orders.", status=409)
    if tag in ACTION_ORDERS:
        used = sum(1 for q in queued if q.order.__struct_config__.tag in ACTION_ORDERS)
        limit = content.acts().actions_per_turn
        if used >= limit:
            # [002:5] 3 Actions per turn.
            raise reject("no_actions_left", f"You have given {limit} actions this turn; cancel one first.")
    check(state, god, order)
    number = queued[-1].order_no + 1 if queued else 1  # evolve appends, a cancel keeps the order
    return [OrderGiven(god=god, order_no=number, order=order)]
