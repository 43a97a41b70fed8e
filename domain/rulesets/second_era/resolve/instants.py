"""Instant spells ([002:67-70], [002:74-75]): cast in battle from free slots, or by order (Sacrifice).

In battle a tribe casts the instant spells its god ordered (`SetSpellOrders` may list them), or without
orders the Destruction and Healing spells it knows, dearest first ([002:61]: the slot left free is for such
emergencies). Each needs a spell slot free of Adaptation and continuous spells and not yet used in this battle
([002:74]); it is paid at once from the tribe's mana, with three times the enemy's Counterspell Level on top
for a hostile spell ([002:75]). Destruction adds 1d6 per level to the war score (digest #21); Healing brings
back one clan killed in the battle per level.
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.engine.ids import owned_id
from domain.rulesets.second_era import content
from domain.rulesets.second_era.commands import CastInstant
from domain.rulesets.second_era.events import BattleSpellCast, InstantCast, MonsterSpellCast, TravelBegun
from domain.rulesets.second_era.magic import (
    counterspell_level,
    counterspell_surcharge,
    free_slots,
    habitable,
    is_hostile,
    spell_cost,
)
from domain.rulesets.second_era.monsters import monster_slots
from domain.rulesets.second_era.resolve.acts import orders_of, pay_mana
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.resolve.monster_magic import monster_instant
from domain.rulesets.second_era.state import HostileTravel, State, Tribe

BATTLE_EFFECTS = frozenset({"destruction", "healing"})


def battle_spells(state: State, tribe: Tribe) -> list[str]:
    """The spells the tribe would cast in a battle, in order."""

    def fits(spell_id: str) -> bool:
        effects = state.spells[spell_id].effects if spell_id in state.spells else ()
        return bool(effects) and all(e.effect in BATTLE_EFFECTS and not e.reverse for e in effects)

    if tribe.cast is not None:
        return [s for s in tribe.cast if s in tribe.spells and fits(s)]
    known = [s for s in tribe.spells if fits(s)]
    return sorted(known, key=lambda s: -spell_cost(state.spells[s].effects))


def cast_in_battle(
    log: Log, ctx: DecisionContext, tribe_id: str, enemy_counterspell: int, land: str
) -> tuple[int, int]:
    """Cast the tribe's battle spells; returns (war score bonus, clans to heal after the battle)."""
    state = log.state
    tribe = state.tribes[tribe_id]
    slots = free_slots(state, tribe) - len(tribe.active)
    mana = tribe.stockpile.mana
    bonus, healing = _artefacts_in_battle(log, ctx, tribe_id, land)
    for spell_id in battle_spells(state, tribe):
        if slots <= 0:
            break
        effects = state.spells[spell_id].effects
        cost = spell_cost(effects)
        if is_hostile(effects):
            cost += counterspell_surcharge(enemy_counterspell)
        if cost > mana:
            continue
        dice = sum(e.level for e in effects if e.effect == "destruction")
        rolled = sum(ctx.dice.roll(f"destruction:{land}:{tribe_id}", dice, 6)) if dice else 0
        heal = sum(e.level for e in effects if e.effect == "healing")
        log.emit(
            BattleSpellCast(
                god=tribe.god, tribe=tribe_id, spell=spell_id, land=land, mana=cost, war_bonus=rolled, healing=heal
            )
        )
        slots -= 1
        mana -= cost
        bonus += rolled
        healing += heal
    return bonus, healing


def monster_cast_in_battle(
    log: Log, ctx: DecisionContext, monster_id: str, enemy_counterspell: int, land: str
) -> tuple[int, int]:
    """[002:104] a monster casts its battle spells as a tribe does, from its own mana store and free slots;
    returns (war score bonus, hitpoints to heal after the raid). Artefacts it holds act as for a tribe."""
    state = log.state
    monster = state.monsters[monster_id]
    slots = monster_slots(monster) - len(monster.active)
    mana = monster.hoard.mana
    bonus = healing = 0
    for spell_id in sorted(
        (s for s in monster.spells if _battle_spell(state, s)), key=lambda s: -spell_cost(state.spells[s].effects)
    ):
        effects = state.spells[spell_id].effects
        cost = spell_cost(effects) + (counterspell_surcharge(enemy_counterspell) if is_hostile(effects) else 0)
        if slots <= 0 or cost > mana:
            continue
        dice = sum(e.level for e in effects if e.effect == "destruction")
        rolled = sum(ctx.dice.roll(f"destruction:{land}:{monster_id}", dice, 6)) if dice else 0
        heal = sum(e.level for e in effects if e.effect == "healing")
        log.emit(
            MonsterSpellCast(
                god=monster.god,
                monster=monster_id,
                spell=spell_id,
                land=land,
                mana=cost,
                war_bonus=rolled,
                healing=heal,
            )
        )
        slots -= 1
        mana -= cost
        bonus += rolled
        healing += heal
    for artefact in sorted(state.artefacts.values(), key=lambda a: a.id):
        if artefact.holder == monster_id:
            dice = sum(e.level for e in artefact.effects if e.effect == "destruction")
            bonus += sum(ctx.dice.roll(f"destruction:{land}:{artefact.id}", dice, 6)) if dice else 0
            healing += sum(e.level for e in artefact.effects if e.effect == "healing")
    return bonus, healing


def _battle_spell(state: State, spell_id: str) -> bool:
    effects = state.spells[spell_id].effects if spell_id in state.spells else ()
    return bool(effects) and all(e.effect in BATTLE_EFFECTS and not e.reverse for e in effects)


def _artefacts_in_battle(log: Log, ctx: DecisionContext, tribe_id: str, land: str) -> tuple[int, int]:
    """[002:78] an artefact's effect is constant and free: a Destruction artefact adds its dice to every
    battle of its holder, a Healing artefact heals after every battle; no slot is used."""
    tribe = log.state.tribes[tribe_id]
    bonus = healing = 0
    for artefact in sorted(log.state.artefacts.values(), key=lambda a: a.id):
        if artefact.holder != tribe_id:
            continue
        dice = sum(e.level for e in artefact.effects if e.effect == "destruction")
        heal = sum(e.level for e in artefact.effects if e.effect == "healing")
        if not dice and not heal:
            continue
        rolled = sum(ctx.dice.roll(f"destruction:{land}:{artefact.id}", dice, 6)) if dice else 0
        log.emit(
            BattleSpellCast(
                god=tribe.god,
                tribe=tribe_id,
                spell=artefact.id,
                land=land,
                mana=0,
                war_bonus=rolled,
                healing=heal,
                by_artefact=True,
            )
        )
        bonus += rolled
        healing += heal
    return bonus, healing


def _slots_left(log: Log, tribe: Tribe) -> int:
    used = sum(1 for e in log.events if isinstance(e, InstantCast) and e.tribe == tribe.id)
    return free_slots(log.state, tribe) - len(tribe.active) - used


def resolve_instant_orders(log: Log, ctx: DecisionContext) -> None:
    """Travel and Sacrifice cast by order, after the tribes have walked: Travel moves the tribe on to its
    destination (so it can end on an occupied Land and invade it); Sacrifice kills `level` clans of the
    named role for 15 mana each (digest #21: per level) and they cannot be healed ([002:70])."""
    sacrifice_mana = content.magic().sacrifice_mana
    for god, no, order in orders_of(log, (CastInstant,)):
        if order.monster is not None:
            monster_instant(log, god, no, order)
            continue
        state = log.state
        tribe = state.tribe_of(god)
        effects = state.spells[order.spell].effects
        cost = spell_cost(effects)
        if order.target is not None and order.target in state.tribes:
            # [002:75] a hostile Travel pays three times the target's Counterspell Level on top.
            cost += counterspell_surcharge(counterspell_level(state, state.tribes[order.target]))
        if _slots_left(log, tribe) < 1:
            log.fail(god, no, "no_free_slot", "Your tribe has no spell slot free for an instant spell [002:74].")
            continue
        if cost > tribe.stockpile.mana:
            log.fail(god, no, "not_enough_mana", f"The spell needs {cost} mana from your tribe's stockpile.")
            continue
        travel = any(e.effect == "travel" for e in effects)
        if travel and order.target is not None:
            _hostile_travel(log, god, no, order, cost)
            continue
        if travel and (order.to_land is None or not habitable(state, tribe, order.to_land)):
            log.fail(god, no, "needs_adaptation", "Your tribe cannot live on that Land without Adaptation.")
            continue
        level = sum(e.level for e in effects if e.effect == "sacrifice")
        killed = min(level, tribe.n(order.role)) if order.role is not None and level else 0
        log.emit(
            InstantCast(
                god=god,
                tribe=tribe.id,
                spell=order.spell,
                mana=cost,
                to_land=order.to_land if travel else None,
                role=order.role if killed else None,
                clans=killed,
                mana_gained=sacrifice_mana * killed,
            )
        )


def _hostile_travel(log: Log, god: str, no: int, order: CastInstant, cost: int) -> None:
    """[002:69] Travel on a rival: the spell is cast and paid now with the sealed bid; the target may resist
    next turn (resolve/travel.py)."""
    target = order.target or ""
    if target not in log.state.tribes or order.to_land is None:
        log.fail(god, no, "bad_target", "The tribe to send away is no more.")
        return
    if not pay_mana(log, god, no, order.bid, "A bid for a hostile Travel"):
        return
    tribe = log.state.tribe_of(god)
    log.emit(InstantCast(god=god, tribe=tribe.id, spell=order.spell, mana=cost, to_land=order.to_land, target=target))
    travel = HostileTravel(
        id=owned_id(log.state.serials, "travel", god),
        god=god,
        tribe=tribe.id,
        target=target,
        to_land=order.to_land,
        bid=order.bid,
        turn=log.state.turn,
    )
    log.emit(TravelBegun(travel=travel))
