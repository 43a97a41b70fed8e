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
from domain.rulesets.second_era.events import BattleSpellCast
from domain.rulesets.second_era.magic import (
    counterspell_level,
    counterspell_surcharge,
    free_slots,
    is_hostile,
    spell_cost,
)
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.state import State, Tribe

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


def cast_in_battle(log: Log, ctx: DecisionContext, tribe_id: str, enemy_id: str, land: str) -> tuple[int, int]:
    """Cast the tribe's battle spells; returns (war score bonus, clans to heal after the battle)."""
    state = log.state
    tribe, enemy = state.tribes[tribe_id], state.tribes[enemy_id]
    slots = free_slots(state, tribe) - len(tribe.active)
    mana = tribe.stockpile.mana
    bonus = healing = 0
    for spell_id in battle_spells(state, tribe):
        if slots <= 0:
            break
        effects = state.spells[spell_id].effects
        cost = spell_cost(effects)
        if is_hostile(effects):
            cost += counterspell_surcharge(counterspell_level(state, enemy))
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
