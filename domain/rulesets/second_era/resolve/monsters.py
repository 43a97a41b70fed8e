"""Monsters act on their own ([002:100-121]): first their free orders (feeding, chosen abilities, trade with
their tribe, mana taken by the patron), then every monster's move at once, then their actions: resting, then
raids in the order of the gods' ids and their orders. Scavenging is part of the harvest, hunger of upkeep.
"""

from __future__ import annotations

from domain.engine import DecisionContext, Rejected
from domain.rulesets.second_era import content
from domain.rulesets.second_era.checks import check_new_ability, reachable
from domain.rulesets.second_era.commands import (
    ChooseMonsterAbility,
    FeedMonster,
    MonsterAction,
    MonsterTrade,
    MoveMonster,
    SetMonsterSpells,
    TakeMonsterMana,
)
from domain.rulesets.second_era.economy import round_down
from domain.rulesets.second_era.events import (
    HoardChanged,
    MonsterAte,
    MonsterDied,
    MonsterLevelled,
    MonsterManaTaken,
    MonsterMoved,
    MonsterRested,
    MonsterScavenged,
    MonsterSpellOrdersSet,
    MonsterTraded,
)
from domain.rulesets.second_era.monsters import feed_cost, flat, hunger, max_hp, scavenge_exact
from domain.rulesets.second_era.resolve.acts import orders_of
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.resolve.monster_battle import raid
from domain.rulesets.second_era.values import Resources


def resolve_monsters(log: Log, ctx: DecisionContext) -> None:
    _free_orders(log)
    for _god, _no, move in orders_of(log, (MoveMonster,)):
        if move.monster in log.state.monsters:
            log.emit(MonsterMoved(monster=move.monster, to_land=move.to_land))
    for god, no, act in orders_of(log, (MonsterAction,)):
        monster = log.state.monsters.get(act.monster)
        if monster is None:
            log.fail(god, no, "unknown_monster", "The monster is no more.")
        elif act.action == "rest":
            _rest(log, god, no, act.monster)
        elif act.action == "raid":
            _raid(log, ctx, god, no, act)


def _ability_ok(log: Log, god: str, no: int, monster_id: str, ability: str) -> bool:
    monster = log.state.monsters.get(monster_id)
    if monster is None:
        log.fail(god, no, "unknown_monster", "The monster is no more.")
        return False
    try:
        check_new_ability("monster", monster.abilities, ability)
    except Rejected as refused:
        log.fail(god, no, refused.code.removeprefix("second_era."), refused.message)
        return False
    return True


def _free_orders(log: Log) -> None:
    kinds = (FeedMonster, ChooseMonsterAbility, MonsterTrade, TakeMonsterMana, SetMonsterSpells)
    for god, no, order in orders_of(log, kinds):
        match order:
            case FeedMonster():
                if not _ability_ok(log, god, no, order.monster, order.ability):
                    continue
                cost = feed_cost(order.ability)
                if log.state.monsters[order.monster].hoard.covers(cost):
                    log.emit(MonsterLevelled(monster=order.monster, ability=order.ability, cause="fed", cost=cost))
                else:
                    log.fail(god, no, "not_enough_resources", f"Feeding needs {cost.as_dict()} in the hoard.")
            case ChooseMonsterAbility():
                if _ability_ok(log, god, no, order.monster, order.ability):
                    if log.state.monsters[order.monster].unchosen > 0:
                        log.emit(MonsterLevelled(monster=order.monster, ability=order.ability, cause="chosen"))
                    else:
                        log.fail(god, no, "no_level_to_spend", "The monster has no level left to choose for.")
            case MonsterTrade():
                _trade(log, god, no, order)
            case SetMonsterSpells():
                if order.monster in log.state.monsters:
                    spells = None if order.spells is None else tuple(order.spells)
                    curses = dict(order.curses)
                    log.emit(MonsterSpellOrdersSet(god=god, monster=order.monster, spells=spells, curses=curses))
            case TakeMonsterMana():
                monster = log.state.monsters.get(order.monster)
                if monster is None or monster.hoard.mana < order.amount:
                    log.fail(god, no, "not_enough_mana", "The monster's mana store holds less than that.")
                else:
                    log.emit(MonsterManaTaken(god=god, monster=order.monster, amount=order.amount))


def _trade(log: Log, god: str, no: int, order: MonsterTrade) -> None:
    """[002:107] with a friendly tribe on the same or an adjacent Land; here the god's own tribe."""
    monster = log.state.monsters.get(order.monster)
    tribe = log.state.tribe_of(god)
    if monster is None or (monster.land != tribe.land and not reachable(log.state, monster.land, tribe.land)):
        log.fail(god, no, "too_far", "The monster must be on or next to your tribe's Land to trade.")
        return
    give = Resources.of({str(k): v for k, v in order.give.items()})
    receive = Resources.of({str(k): v for k, v in order.receive.items()})
    if not monster.hoard.covers(give) or not tribe.stockpile.covers(receive):
        log.fail(god, no, "not_enough_resources", "A side of the trade lacks what it gives.")
        return
    log.emit(MonsterTraded(god=god, monster=monster.id, tribe=tribe.id, give=give, receive=receive))


def _rest(log: Log, god: str, no: int, monster_id: str) -> None:
    """[002:108] a damaged monster rests: 5 Food from its hoard heal a hitpoint."""
    monster = log.state.monsters[monster_id]
    cost = Resources.of(content.beings().monster.rest_cost)
    if monster.hp >= max_hp(monster):
        log.fail(god, no, "not_damaged", "The monster has taken no damage to rest from.")
    elif not monster.hoard.covers(cost):
        log.fail(god, no, "not_enough_resources", "Resting needs 5 Food in the hoard.")
    else:
        log.emit(MonsterRested(monster=monster_id, cost=cost))


def _raid(log: Log, ctx: DecisionContext, god: str, no: int, order: MonsterAction) -> None:
    """[002:106] a tribe or monster on the same or a neighbouring Land (reachable as in [002:6])."""
    monster = log.state.monsters[order.monster]
    target = order.target or ""
    tribe = log.state.tribes.get(target)
    where = (tribe.land if tribe is not None and not tribe.extinct else None) or (
        log.state.monsters[target].land if target in log.state.monsters else None
    )
    if where is None:
        log.fail(god, no, "bad_target", "The raid's target is no more.")
    elif where != monster.land and not reachable(log.state, monster.land, where):
        log.fail(god, no, "too_far", "The target is neither on the monster's Land nor a neighbouring one.")
    else:
        raid(log, ctx, order.monster, target, order)


def resolve_scavenging(log: Log, ctx: DecisionContext) -> None:
    """[002:105] scavengers add a Miner's and a Farmer's harvest to their hoard, but not on a friendly tribe's
    Land [002:100]; [002:121] Mana Source makes 3 mana a turn."""
    for god, no, order in orders_of(log, (MonsterAction,)):
        monster = log.state.monsters.get(order.monster)
        if monster is None or order.action != "scavenge":
            continue
        here = log.state.tribe_on(monster.land)
        if here is not None and here.god == god:
            log.fail(god, no, "friendly_land", "A monster may not scavenge on its own tribe's Land [002:100].")
            continue
        exact = scavenge_exact(log.state, monster)
        kept = {k: v for k, v in exact.items() if v}
        log.emit(MonsterScavenged(god=god, monster=monster.id, exact=kept, gained=round_down(exact)))
    for monster_id in sorted(log.state.monsters):
        monster = log.state.monsters[monster_id]
        mana = flat(monster, "mana")
        if mana:
            log.emit(
                HoardChanged(god=monster.god, monster=monster_id, delta=Resources(mana=mana), reason="mana source")
            )


def resolve_hunger(log: Log, ctx: DecisionContext) -> None:
    """[002:102] 1 Food per level per turn from the hoard, or the monster starves to death. A monster eats
    from the turn after it was spawned (chosen reading: it starts out fed)."""
    for monster_id in sorted(log.state.monsters):
        monster = log.state.monsters[monster_id]
        if monster.born_turn >= log.state.turn:
            continue
        need = hunger(monster)
        if monster.hoard.food >= need:
            log.emit(MonsterAte(god=monster.god, monster=monster_id, food=need))
        else:
            log.emit(MonsterDied(monster=monster_id, cause="starved"))
