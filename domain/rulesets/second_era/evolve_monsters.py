"""Folding the monster events into the state ([002:100-121]); part of `evolve`, total like it."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.rulesets.second_era.events import (
    HoardChanged,
    HoardTransmuted,
    MonsterAte,
    MonsterCursesCast,
    MonsterDied,
    MonsterHealed,
    MonsterInstantCast,
    MonsterLevelled,
    MonsterManaTaken,
    MonsterMoved,
    MonsterRested,
    MonsterScavenged,
    MonsterSpellCast,
    MonsterSpellOrdersSet,
    MonsterSpellsCast,
    MonsterSpellStolen,
    MonsterTraded,
    MonsterWounded,
)
from domain.rulesets.second_era.monsters import max_hp
from domain.rulesets.second_era.state import Monster, State
from domain.rulesets.second_era.values import RESOURCE_NAMES, Resources

R = msgspec.structs.replace

MonsterEvent = (
    MonsterSpellOrdersSet
    | MonsterSpellsCast
    | MonsterSpellCast
    | MonsterHealed
    | MonsterSpellStolen
    | MonsterCursesCast
    | MonsterInstantCast
    | HoardTransmuted
    | MonsterMoved
    | MonsterLevelled
    | MonsterWounded
    | MonsterRested
    | MonsterDied
    | HoardChanged
    | MonsterScavenged
    | MonsterAte
    | MonsterTraded
    | MonsterManaTaken
)


def _floor0(r: Resources) -> Resources:
    return Resources(**{n: max(0, r.get(n)) for n in RESOURCE_NAMES})


def _put(state: State, monster: Monster) -> State:
    return R(state, monsters={**state.monsters, monster.id: monster})


def _hoard(state: State, monster_id: str, delta: Resources) -> State:
    monster = state.monsters.get(monster_id)
    return state if monster is None else _put(state, R(monster, hoard=_floor0(monster.hoard.plus(delta))))


def _tribe_stock(state: State, tribe_id: str, delta: Resources) -> State:
    tribe = state.tribes.get(tribe_id)
    if tribe is None:
        return state
    tribe = R(tribe, stockpile=_floor0(tribe.stockpile.plus(delta)))
    return R(state, tribes={**state.tribes, tribe.id: tribe})


def evolve_monster(state: State, event: MonsterEvent) -> State:
    monster = state.monsters.get(event.monster)
    if monster is None:
        return state
    match event:
        case MonsterMoved():
            return _put(state, R(monster, land=event.to_land))
        case MonsterLevelled():
            return _levelled(state, monster, event)
        case MonsterWounded():
            return _put(state, R(monster, hp=max(0, monster.hp - event.hitpoints)))
        case MonsterRested():
            healed = R(monster, hp=min(max_hp(monster), monster.hp + 1))
            return _put(state, R(healed, hoard=_floor0(monster.hoard.minus(event.cost))))
        case MonsterDied():
            return _died(state, monster, event)
        case HoardChanged():
            if event.from_tribe is not None:
                state = _tribe_stock(state, event.from_tribe, Resources().minus(event.delta))
            if event.from_monster is not None:
                state = _hoard(state, event.from_monster, Resources().minus(event.delta))
            return _hoard(state, monster.id, event.delta)
        case MonsterScavenged():
            return _hoard(state, monster.id, event.gained)
        case MonsterAte():
            return _hoard(state, monster.id, Resources(food=-event.food))
        case MonsterTraded():
            state = _hoard(state, monster.id, event.receive.minus(event.give))
            return _tribe_stock(state, event.tribe, event.give.minus(event.receive))
        case MonsterSpellsCast():
            return _put(
                state, R(monster, active=event.spells, hoard=_floor0(monster.hoard.minus(Resources(mana=event.mana))))
            )
        case MonsterSpellOrdersSet():
            return _put(state, R(monster, cast=event.spells, curse_orders=dict(event.curses)))
        case MonsterInstantCast():
            paid = R(monster, hoard=_floor0(monster.hoard.minus(Resources(mana=event.mana))))
            return _put(state, paid if event.target is not None else R(paid, land=event.to_land))
        case MonsterCursesCast():
            spent = Resources(mana=event.mana)
            return _put(state, R(monster, cursing=event.curses, hoard=_floor0(monster.hoard.minus(spent))))
        case MonsterSpellCast():
            return _hoard(state, monster.id, Resources(mana=-event.mana))
        case MonsterHealed():
            return _put(state, R(monster, hp=min(max_hp(monster), monster.hp + event.hitpoints)))
        case MonsterSpellStolen():
            if event.spell in monster.spells:
                return state
            return _put(state, R(monster, spells=(*monster.spells, event.spell)))
        case HoardTransmuted():
            return _hoard(state, monster.id, event.produced.minus(event.consumed))
        case MonsterManaTaken():
            state = _hoard(state, monster.id, Resources(mana=-event.amount))
            god = state.gods.get(event.god)
            return state if god is None else R(state, gods={**state.gods, god.id: R(god, mana=god.mana + event.amount)})
        case _:
            assert_never(event)


def _levelled(state: State, monster: Monster, event: MonsterLevelled) -> State:
    if event.cause == "victory":
        return _put(state, R(monster, level=monster.level + 1, unchosen=monster.unchosen + 1))
    grown = R(monster, abilities=(*monster.abilities, event.ability), hoard=_floor0(monster.hoard.minus(event.cost)))
    if event.cause == "chosen":
        grown = R(grown, unchosen=max(0, monster.unchosen - 1))
    else:
        grown = R(grown, level=monster.level + 1)
    # [002:114] Toughness raises total hitpoints: the new hitpoint comes whole.
    gained_hp = max_hp(grown) - max_hp(monster)
    return _put(state, R(grown, hp=grown.hp + gained_hp, max_hp=max_hp(grown)))


def _died(state: State, monster: Monster, event: MonsterDied) -> State:
    state = R(state, monsters={k: v for k, v in state.monsters.items() if k != monster.id})
    heir = event.hoard_to
    artefacts = {}
    for key, artefact in state.artefacts.items():
        if artefact.holder != monster.id:
            artefacts[key] = artefact
        elif heir is not None:
            artefacts[key] = R(artefact, holder=heir)
    state = R(state, artefacts=artefacts)
    if heir is None:
        return state
    if heir in state.monsters:
        return _hoard(state, heir, monster.hoard)
    return _tribe_stock(state, heir, monster.hoard)
