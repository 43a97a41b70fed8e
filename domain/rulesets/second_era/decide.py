"""Deciding commands: sealed orders are checked for what is knowable now and queued; GM rulings apply at once.

What depends on the other gods' orders (stockpiles, mana, who stands where) is checked again when the turn is
resolved, where a failure is an `OrderFailed` event rather than a refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from domain.engine import DecisionContext, Rejected
from domain.rulesets.second_era import content
from domain.rulesets.second_era.commands import (
    ACTION_ORDERS,
    AcceptTrade,
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
    RemoveClans,
    RuleRaze,
    SetClanRoles,
    SetSpellOrders,
    SpawnMonster,
    TakeMonsterMana,
    TeachSpell,
)
from domain.rulesets.second_era.events import (
    ClansRemoved,
    OrderCancelled,
    OrderGiven,
    StockpileAdjusted,
    TradeAccepted,
    TradeEnded,
    TradeOffered,
)
from domain.rulesets.second_era.magic import adaptation_slots, spell_slots
from domain.rulesets.second_era.razing import raze_outcome
from domain.rulesets.second_era.state import Monster, State, Trade, Tribe
from domain.rulesets.second_era.values import Effect, Resources


def reject(reason: str, message: str, status: int = 422) -> Rejected:
    return Rejected(f"second_era.{reason}", message, status=status)


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
        case TakeMonsterMana():
            return _queue(state, ctx, command, check_take_monster_mana)
        case CancelOrder():
            return decide_cancel_order(state, command, ctx)
        case AdjustStockpile():
            return decide_adjust_stockpile(state, command)
        case RemoveClans():
            return decide_remove_clans(state, command)
        case RuleRaze():
            return decide_rule_raze(state, command)
        case _:
            assert_never(command)


def god_of(state: State, ctx: DecisionContext) -> str:
    god = ctx.actor.controls
    if god is None or god not in state.gods:
        raise reject("no_god", "Only a seat that controls a god may give orders.", status=403)
    return god


def _queue(state: State, ctx: DecisionContext, order: Order, check: object) -> list[object]:
    if state.winner is not None:
        raise reject("era_over", "The Era has been won; no more orders.", status=409)
    god = god_of(state, ctx)
    queued = state.orders.get(god, ())
    tag = order.__struct_config__.tag
    if tag in ACTION_ORDERS:
        used = sum(1 for q in queued if q.order.__struct_config__.tag in ACTION_ORDERS)
        limit = content.acts().actions_per_turn
        if used >= limit:
            # [002:5] 3 Actions per turn.
            raise reject("no_actions_left", f"You have given {limit} actions this turn; cancel one first.")
    check(state, god, order)  # type: ignore[operator]
    number = max((q.order_no for q in queued), default=0) + 1
    return [OrderGiven(god=god, order_no=number, order=order)]


def planned_land(state: State, god: str) -> str:
    """Where the god's tribe will stand after the moves it has already been ordered to make."""
    land = state.tribe_of(god).land
    for q in state.orders.get(god, ()):
        if isinstance(q.order, MoveTribe):
            land = q.order.to_land
    return land


def reachable(state: State, origin: str, target: str) -> bool:
    """[002:6] another Land of the same Continent, or a connected Land in a different Continent."""
    here, there = state.lands[origin], state.lands[target]
    if origin == target:
        return False
    return here.continent == there.continent or target in here.connections


def check_move(state: State, god: str, order: MoveTribe) -> None:
    if order.to_land not in state.lands:
        raise reject("unknown_land", f"There is no land {order.to_land!r}.")
    origin = planned_land(state, god)
    if not reachable(state, origin, order.to_land):
        raise reject(
            "not_reachable",
            f"{order.to_land} is neither in the continent of {origin} nor connected to it; go step by step.",
        )
    tribe = state.tribe_of(god)
    needed = adaptation_slots(state, state.lands[order.to_land].habitat)
    if needed > spell_slots(state, tribe):
        # [002:48-50] a tribe needs free Spell Slots for Adaptation to live on an alien habitat.
        raise reject(
            "needs_adaptation",
            f"Living on {state.lands[order.to_land].habitat} takes {needed} spell slots of Adaptation; "
            f"your tribe has {spell_slots(state, tribe)}.",
        )


def check_role(role: str) -> None:
    if role not in content.clans().roles:
        raise reject("unknown_role", f"A clan's role is one of {sorted(content.clans().roles)}.")


def check_grow(state: State, god: str, order: GrowTribe) -> None:
    check_role(order.role)


def check_build(state: State, god: str, order: BuildStructure) -> None:
    kinds = content.acts().structures
    if order.kind not in kinds:
        raise reject("unknown_structure", f"Build one of {sorted(kinds)}.")


def check_new_ability(kind: str, have: Sequence[str], ability: str) -> None:
    """An ability may be taken again unless it says "only once"; Slaver/Sacrificial Priest and Devourer/Horror
    exclude each other ([002:95], [002:97], [002:118], [002:120])."""
    table = content.beings().hero.abilities if kind == "hero" else content.beings().monster.abilities
    if ability not in table:
        raise reject("unknown_ability", f"A {kind} ability is one of {sorted(table)}.")
    rule = table[ability]
    if rule.once and ability in have:
        raise reject("ability_once", f"{ability} can only be taken once.")
    clash = [c for c in rule.conflicts if c in have]
    if clash:
        raise reject("ability_conflict", f"{ability} conflicts with {clash[0]}; a {kind} cannot take both.")


def check_birth_hero(state: State, god: str, order: BirthHero) -> None:
    check_new_ability("hero", (), order.ability)


def check_spawn_monster(state: State, god: str, order: SpawnMonster) -> None:
    if order.sphere not in state.gods[god].spheres:
        raise reject("not_your_sphere", f"Spawn a monster of one of your spheres: {state.gods[god].spheres}.")
    alive = any(m.god == god and m.sphere == order.sphere for m in state.monsters.values())
    queued = any(
        isinstance(q.order, SpawnMonster) and q.order.sphere == order.sphere for q in state.orders.get(god, ())
    )
    if alive or queued:
        # [002:9] only one Monster in play per sphere you control.
        raise reject("sphere_has_monster", f"You already have a monster of the sphere {order.sphere}.")
    rules = content.beings().monster
    if len(order.abilities) != rules.start_abilities:
        raise reject("start_abilities", f"A new monster starts with {rules.start_abilities} abilities [002:100].")
    taken: list[str] = []
    for ability in order.abilities:
        check_new_ability("monster", taken, ability)
        taken.append(ability)
    if order.land is not None and order.land not in state.lands:
        raise reject("unknown_land", f"There is no land {order.land!r}.")


def check_effects(effects: Sequence[Effect]) -> None:
    rules = content.magic().effects
    if not effects:
        raise reject("no_effects", "A spell needs at least one effect.")
    for e in effects:
        if e.effect not in rules:
            raise reject("unknown_effect", f"Spell effects are {sorted(rules)}.")
        if e.level < 1:
            raise reject("bad_level", "Effect levels start at 1.")
        if e.reverse and not rules[e.effect].curse:
            # [002:72] a Curse reverses only the first four effects.
            raise reject("not_a_curse", "Only Fertility, Farming, Mining and Crafting can be reversed as a Curse.")
        is_transmutation = e.effect == "transmutation"
        if is_transmutation != (e.source is not None and e.target is not None) or (
            is_transmutation and e.source == e.target
        ):
            # [002:71] each transmutation names one combination of two resources.
            raise reject("bad_transmutation", "A transmutation names a `source` and a different `target`.")
    if any(e.reverse for e in effects) and not all(e.reverse for e in effects):
        raise reject("mixed_curse", "A curse holds only reversed effects; teach the blessings as another spell.")


def check_teach_spell(state: State, god: str, order: TeachSpell) -> None:
    check_effects(order.effects)


def own_holders(state: State, god: str) -> set[str]:
    """The god's tribe and monsters: who may hold the god's artefacts."""
    return {state.gods[god].tribe} | {m.id for m in state.monsters.values() if m.god == god}


def check_create_artefact(state: State, god: str, order: CreateArtefact) -> None:
    check_effects(order.effects)
    if order.holder is not None and order.holder not in own_holders(state, god):
        raise reject("bad_holder", "Grant the artefact to your tribe or one of your monsters [002:11].")


def check_cast_instant(state: State, god: str, order: CastInstant) -> None:
    tribe = state.tribe_of(god)
    if order.spell not in tribe.spells:
        raise reject("unknown_spell", f"Your tribe does not know the spell {order.spell!r}.")
    effects = {e.effect for e in state.spells[order.spell].effects}
    if "travel" in effects:
        if order.to_land not in state.lands:
            raise reject("unknown_land", "Name the Land to travel to (`to_land`).")
        if state.lands[order.to_land].world != state.lands[tribe.land].world:
            # [002:69] to another Land on the same World.
            raise reject("other_world", "Travel reaches only Lands of the same World.")
    elif "sacrifice" in effects:
        if order.role is None or tribe.n(order.role) < 1:
            raise reject("bad_role", "Name the role of the clans to sacrifice (`role`); your tribe must have one.")
    else:
        raise reject("not_castable", "Only Travel and Sacrifice are cast by order; battle spells are cast in battle.")


def check_destroy_artefact(state: State, god: str, order: DestroyArtefact) -> None:
    artefact = state.artefacts.get(order.artefact)
    if artefact is None or artefact.holder not in own_holders(state, god):
        raise reject("unknown_artefact", "Your tribe and monsters hold no artefact by that id.")


def own_hero(state: State, god: str, hero: str) -> Tribe:
    tribe = state.tribe_of(god)
    if hero not in state.heroes or state.heroes[hero].tribe != tribe.id:
        raise reject("unknown_hero", f"Your tribe has no hero {hero!r}.")
    return tribe


def check_arm_hero(state: State, god: str, order: ArmHero) -> None:
    own_hero(state, god, order.hero)
    check_new_ability("hero", state.heroes[order.hero].abilities, order.ability)


def check_choose_hero_ability(state: State, god: str, order: ChooseHeroAbility) -> None:
    own_hero(state, god, order.hero)
    if state.heroes[order.hero].unchosen < 1:
        raise reject("no_level_to_spend", "That hero has no level won in battle without an ability.")
    check_new_ability("hero", state.heroes[order.hero].abilities, order.ability)


def check_clan_roles(state: State, god: str, order: SetClanRoles) -> None:
    for role, n in order.clans.items():
        check_role(role)
        if n < 0:
            raise reject("bad_clans", "Clan counts cannot be negative.")


def check_spell_orders(state: State, god: str, order: SetSpellOrders) -> None:
    tribe = state.tribe_of(god)
    for spell in [*(order.spells or ()), *order.curses]:
        if spell not in tribe.spells:
            raise reject("unknown_spell", f"Your tribe does not know the spell {spell!r}.")
    for spell, target in order.curses.items():
        if not all(e.reverse for e in state.spells[spell].effects):
            raise reject("not_a_curse", f"{spell} is not a curse.")
        if target not in state.tribes or target == tribe.id:
            raise reject("bad_target", "Curse another tribe [002:72].")


def check_raze(state: State, god: str, order: RazeStructure) -> None:
    structure = state.structures.get(order.structure)
    if structure is None:
        raise reject("unknown_structure", f"There is no structure {order.structure!r}.")
    if structure.tribe == state.gods[god].tribe:
        # [002:14] only hostile Towns, Floors or Shrines are razed.
        raise reject("own_structure", "You cannot raze your own tribe's structure.")
    if order.bid < 1:
        raise reject("bad_bid", "Bid at least 1 mana.")


def check_counter_raze(state: State, god: str, order: CounterRaze) -> None:
    raze = state.razes.get(order.raze)
    structure = state.structures.get(raze.structure) if raze else None
    if raze is None or structure is None or structure.tribe != state.gods[god].tribe:
        raise reject("unknown_raze", "There is no raze under way against your tribe's structure by that id.")
    if raze.counter_bid is not None:
        raise reject("already_countered", "Your counter-bid against that raze is already in.")
    if order.bid < 0:
        raise reject("bad_bid", "A bid cannot be negative.")


def decide_rule_raze(state: State, command: RuleRaze) -> list[object]:
    _ruling_reason(command.reason)
    raze = state.razes.get(command.raze)
    if raze is None:
        raise reject("unknown_raze", f"There is no raze {command.raze!r} under way.")
    if raze.counter_bid is None:
        raise reject("raze_bids_pending", "The owner's counter-bid comes in when the next turn resolves.", 409)
    return [raze_outcome(state, raze, command.succeeded, command.reason)]


def _goods(table: dict[str, int]) -> Resources:
    if table.get("mana"):
        # [002:13] resources excluding mana.
        raise reject("no_mana_trade", "Mana cannot be traded; trade the other four resources and spells.")
    if any(v < 0 for v in table.values()):
        raise reject("bad_amount", "Trade amounts cannot be negative.")
    return Resources.of(table)


def decide_offer_trade(state: State, command: OfferTrade, ctx: DecisionContext) -> list[object]:
    god = god_of(state, ctx)
    if command.to_god not in state.gods or command.to_god == god:
        raise reject("unknown_god", "Offer the trade to another god.")
    mine, theirs = state.tribe_of(god), state.tribe_of(command.to_god)
    if state.lands[mine.land].world != state.lands[theirs.land].world:
        # [002:13] trade with another tribe in the same World.
        raise reject("other_world", "You can only trade with a tribe in the same World.")
    give = _goods({str(k): v for k, v in command.give.items()})
    receive = _goods({str(k): v for k, v in command.receive.items()})
    unknown = [s for s in command.give_spells if s not in mine.spells]
    if unknown:
        raise reject("unknown_spell", f"Your tribe does not know {unknown}.")
    held = [a for a in command.give_artefacts if a not in state.artefacts or state.artefacts[a].holder != mine.id]
    if held:
        raise reject("unknown_artefact", f"Your tribe does not hold {held}.")
    goods = (command.give_spells, command.receive_spells, command.give_artefacts, command.receive_artefacts)
    if give.is_zero() and receive.is_zero() and not any(goods):
        raise reject("empty_trade", "A trade must move something.")
    trade = Trade(
        id=f"trade-{state.next_id}",
        offered_by=god,
        offered_to=command.to_god,
        give=give,
        receive=receive,
        give_spells=tuple(command.give_spells),
        receive_spells=tuple(command.receive_spells),
        give_artefacts=tuple(command.give_artefacts),
        receive_artefacts=tuple(command.receive_artefacts),
        standing=command.standing,
    )
    return [TradeOffered(trade=trade)]


def _trade(state: State, trade_id: str) -> Trade:
    if trade_id not in state.trades:
        raise reject("unknown_trade", f"There is no trade {trade_id!r}.")
    return state.trades[trade_id]


def decide_accept_trade(state: State, command: AcceptTrade, ctx: DecisionContext) -> list[object]:
    god = god_of(state, ctx)
    trade = _trade(state, command.trade)
    if trade.offered_to != god:
        raise reject("not_your_trade", "Only the god the trade was offered to can accept it.", status=403)
    if trade.accepted:
        raise reject("already_accepted", "That trade is already agreed.", status=409)
    return [TradeAccepted(trade=trade.id, parties=(trade.offered_by, trade.offered_to))]


def decide_end_trade(state: State, command: EndTrade, ctx: DecisionContext) -> list[object]:
    god = god_of(state, ctx)
    trade = _trade(state, command.trade)
    if god not in (trade.offered_by, trade.offered_to):
        raise reject("not_your_trade", "Only a party to the trade can end it.", status=403)
    return [TradeEnded(trade=trade.id, parties=(trade.offered_by, trade.offered_to), by=god)]


def own_monster(state: State, god: str, monster_id: str) -> Monster:
    monster = state.monsters.get(monster_id)
    if monster is None or monster.god != god:
        raise reject("unknown_monster", f"You have no monster {monster_id!r}.")
    return monster


def _monster_orders(state: State, god: str, monster_id: str, kind: type[MoveMonster | MonsterAction]) -> int:
    return sum(
        1
        for q in state.orders.get(god, ())
        if isinstance(q.order, MoveMonster | MonsterAction)
        and isinstance(q.order, kind)
        and q.order.monster == monster_id
    )


def check_move_monster(state: State, god: str, order: MoveMonster) -> None:
    monster = own_monster(state, god, order.monster)
    if _monster_orders(state, god, order.monster, MoveMonster):
        raise reject("monster_moved", "A monster moves 1 Land a turn [002:104].")
    if order.to_land not in state.lands:
        raise reject("unknown_land", f"There is no land {order.to_land!r}.")
    if not reachable(state, monster.land, order.to_land):
        raise reject("not_reachable", f"{order.to_land} is not connected to {monster.land}.")


def check_monster_action(state: State, god: str, order: MonsterAction) -> None:
    own_monster(state, god, order.monster)
    if _monster_orders(state, god, order.monster, MonsterAction):
        raise reject("monster_acted", "A monster takes 1 Action a turn [002:104].")
    if order.action == "raid":
        if (
            order.target is None
            or order.target == order.monster
            or (order.target not in state.tribes and order.target not in state.monsters)
        ):
            raise reject("bad_target", "A raid needs a `target`: another tribe or monster [002:106].")


def check_feed_monster(state: State, god: str, order: FeedMonster) -> None:
    check_new_ability("monster", own_monster(state, god, order.monster).abilities, order.ability)


def check_choose_monster_ability(state: State, god: str, order: ChooseMonsterAbility) -> None:
    monster = own_monster(state, god, order.monster)
    if monster.unchosen < 1:
        raise reject("no_level_to_spend", "That monster has no level won in battle without an ability.")
    check_new_ability("monster", monster.abilities, order.ability)


def check_monster_trade(state: State, god: str, order: MonsterTrade) -> None:
    own_monster(state, god, order.monster)
    _goods({str(k): v for k, v in order.give.items()})
    _goods({str(k): v for k, v in order.receive.items()})


def check_take_monster_mana(state: State, god: str, order: TakeMonsterMana) -> None:
    if "mana_source" not in own_monster(state, god, order.monster).abilities:
        raise reject("no_mana_source", "Only a monster with Mana Source shares its mana [002:121].")
    if order.amount < 1:
        raise reject("bad_amount", "Take at least 1 mana.")


def decide_cancel_order(state: State, command: CancelOrder, ctx: DecisionContext) -> list[object]:
    god = god_of(state, ctx)
    if all(q.order_no != command.order_no for q in state.orders.get(god, ())):
        raise reject("unknown_order", f"You have no order number {command.order_no} this turn.")
    return [OrderCancelled(god=god, order_no=command.order_no)]


def _ruling_reason(reason: str) -> None:
    if not reason.strip():
        raise reject("reason_required", "A ruling needs a reason.")


def decide_adjust_stockpile(state: State, command: AdjustStockpile) -> list[object]:
    _ruling_reason(command.reason)
    if command.tribe not in state.tribes:
        raise reject("unknown_tribe", f"There is no tribe {command.tribe!r}.")
    delta = Resources.of({str(k): v for k, v in command.delta.items()})
    if not state.tribes[command.tribe].stockpile.plus(delta).covers(Resources()):
        raise reject("negative_stockpile", "A stockpile cannot go below zero.")
    return [
        StockpileAdjusted(god=state.tribes[command.tribe].god, tribe=command.tribe, delta=delta, reason=command.reason)
    ]


def decide_remove_clans(state: State, command: RemoveClans) -> list[object]:
    _ruling_reason(command.reason)
    if command.tribe not in state.tribes:
        raise reject("unknown_tribe", f"There is no tribe {command.tribe!r}.")
    have = state.tribes[command.tribe].n(command.role)
    if not 1 <= command.count <= have:
        raise reject("bad_count", f"The tribe has {have} {command.role} clans; remove between 1 and that.")
    return [ClansRemoved(tribe=command.tribe, role=command.role, count=command.count, reason=command.reason)]
