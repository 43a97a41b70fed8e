"""Checks for monster orders ([002:100-121]): each monster moves 1 Land and takes 1 Action a turn."""

from __future__ import annotations

from domain.rulesets.second_era.checks import (
    check_new_ability,
    goods,
    reachable,
    reject,
)
from domain.rulesets.second_era.commands import (
    CastInstant,
    ChooseMonsterAbility,
    FeedMonster,
    MonsterAction,
    MonsterTrade,
    MoveMonster,
    SetMonsterSpells,
    TakeMonsterMana,
)
from domain.rulesets.second_era.state import Monster, State


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
    goods({str(k): v for k, v in order.give.items()})
    goods({str(k): v for k, v in order.receive.items()})


def check_monster_spells(state: State, god: str, order: SetMonsterSpells) -> None:
    monster = own_monster(state, god, order.monster)
    unknown = [s for s in [*(order.spells or ()), *order.curses] if s not in monster.spells]
    if unknown:
        raise reject("unknown_spell", f"The monster does not know {unknown}.")
    for spell, target in order.curses.items():
        if not all(e.reverse for e in state.spells[spell].effects):
            raise reject("not_a_curse", f"{spell} is not a curse.")
        if target not in state.tribes or target == state.gods[god].tribe:
            # [002:72] a curse is laid on another tribe; not on the monster's own patron's.
            raise reject("bad_target", "A monster curses another god's tribe [002:72].")


def check_take_monster_mana(state: State, god: str, order: TakeMonsterMana) -> None:
    if "mana_source" not in own_monster(state, god, order.monster).abilities:
        raise reject("no_mana_source", "Only a monster with Mana Source shares its mana [002:121].")
    if order.amount < 1:
        raise reject("bad_amount", "Take at least 1 mana.")


def check_monster_instant(state: State, god: str, order: CastInstant) -> None:
    """[002:104] a monster casts as a tribe does: Travel moves it (or, with a bid, a rival tribe) to a Land of
    the same World [002:69]; Sacrifice is refused, a monster having no Clans to kill [002:70]."""
    monster = own_monster(state, god, order.monster or "")
    if order.spell not in monster.spells:
        raise reject("unknown_spell", f"The monster does not know the spell {order.spell!r}.")
    effects = {e.effect for e in state.spells[order.spell].effects}
    if "sacrifice" in effects:
        raise reject("monster_cannot_sacrifice", "Sacrifice kills Clans of your own Tribe [002:70]; cast it there.")
    if "travel" not in effects:
        raise reject("not_castable", "Only Travel is cast by order; battle spells are cast in battle.")
    if order.to_land not in state.lands:
        raise reject("unknown_land", "Name the Land to travel to (`to_land`).")
    if order.target is None:
        origin = monster.land
    elif (
        order.target in state.tribes
        and state.tribes[order.target].god != god
        and not state.tribes[order.target].extinct
    ):
        origin = state.tribes[order.target].land
    else:
        raise reject("bad_target", "A hostile Travel targets a rival tribe.")
    if state.lands[order.to_land].world != state.lands[origin].world:
        raise reject("other_world", "Travel reaches only Lands of the same World [002:69].")
    if order.target is not None and order.bid < 1:
        raise reject("bad_bid", "Bid at least 1 mana to overcome the rival tribe's resistance [002:69].")
