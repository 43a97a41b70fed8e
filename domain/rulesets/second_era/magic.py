"""Spell costs, spell slots, adaptation and a tribe's own choice of spells ([002:47-51], [002:59-82]).

Costs are whole mana: level squared times the base cost for each effect, added up; Antimagic is linear
([002:62], [002:73]). Artefacts cost five times the casting cost and redeem 80% ([002:79], [002:82]).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import floor

from domain.rulesets.second_era import content
from domain.rulesets.second_era.content import frac
from domain.rulesets.second_era.economy import hero_bonus, tribe_effects
from domain.rulesets.second_era.state import State, Tribe
from domain.rulesets.second_era.values import Effect


def effect_cost(effect: Effect) -> int:
    rule = content.magic().effects[effect.effect]
    if rule.scaling == "linear":
        # [002:73] Antimagic costs its level, not its level squared.
        return rule.base * effect.level
    # [002:62] level squared, multiplied by the base cost; a Curse costs as the effect it reverses [002:72].
    return effect.level * effect.level * rule.base


def spell_cost(effects: Iterable[Effect]) -> int:
    """[002:62] the costs of all the different effects of a spell, added together."""
    return sum(effect_cost(e) for e in effects)


def is_instant(effects: Iterable[Effect]) -> bool:
    """[002:74] a spell with an [Instant] effect cannot be prepared as a continuous effect."""
    rules = content.magic().effects
    return any(rules[e.effect].instant for e in effects)


def is_hostile(effects: Iterable[Effect]) -> bool:
    """[002:75] Destruction, hostile Travel and Curses are hostile spells."""
    rules = content.magic().effects
    return any(e.reverse or rules[e.effect].hostile for e in effects)


def counterspell_surcharge(target_level: int) -> int:
    """[002:75] three times the target's Counterspell Level, on top of the normal cost."""
    return content.magic().counterspell_multiplier * target_level


def artefact_cost(effects: Iterable[Effect]) -> int:
    """[002:79] five times the normal casting cost of the spell."""
    return content.acts().artefact_cost_multiplier * spell_cost(effects)


def artefact_refund(creation_cost: int) -> int:
    """[002:82] destroying an artefact redeems 80% of its creation cost (always whole: 4 x the spell cost)."""
    return floor(creation_cost * frac(content.acts().artefact_refund))


def counterspell_level(state: State, tribe: Tribe) -> int:
    """[002:75] Antimagic acting on the tribe (its spells and artefacts) gives its Counterspell Level."""
    return sum(e.level for e in tribe_effects(state, tribe) if e.effect == "antimagic" and not e.reverse)


def spell_slots(state: State, tribe: Tribe) -> int:
    """Mage Clans [002:44] plus 1 if a Hero is a Mage (does not stack), then +25% per Mage ability of the best
    hero, rounded down ([002:91]; digest #23: flat first, then the percentage)."""
    abilities = content.beings().hero.abilities
    base = sum(tribe.n(role) * rule.spell_slots for role, rule in content.clans().roles.items())
    flat = max((abilities[a].flat.get("slots", 0) for h in state.heroes_of(tribe.id) for a in h.abilities), default=0)
    return floor((base + flat) * (1 + hero_bonus(state, tribe, "slots")))


def adaptation_slots(state: State, habitat: str) -> int:
    """[002:48-50] Spell Slots the race must spend on Adaptation to live on this habitat."""
    return content.lands().habitats[habitat][state.nature].adaptation_slots


def adaptation_mana(state: State, tribe: Tribe) -> int:
    """[002:48-50] 1 mana per Clan per turn for each adaptation slot in use."""
    slots = adaptation_slots(state, state.lands[tribe.land].habitat)
    return slots * content.magic().adaptation_mana_per_clan_per_slot * tribe.clan_count()


def habitable(state: State, tribe: Tribe, land: str) -> bool:
    """[002:48-51] the tribe has the spell slots its race needs for Adaptation on that Land."""
    return adaptation_slots(state, state.lands[land].habitat) <= spell_slots(state, tribe)


def free_slots(state: State, tribe: Tribe) -> int:
    return spell_slots(state, tribe) - adaptation_slots(state, state.lands[tribe.land].habitat)


def castable(state: State, spell_id: str) -> bool:
    """Spells a tribe may prepare each turn without a target: no instant effect and no curse."""
    effects = state.spells[spell_id].effects
    return not is_instant(effects) and not is_hostile(effects)


def choose_spells(state: State, tribe: Tribe) -> Sequence[str]:
    """The continuous spells a tribe casts this turn, in order, within its free slots.

    With orders (`SetSpellOrders`), the ordered spells it knows. Without, [002:61]: it picks from the
    spells it knows and tries to leave one slot free. Chosen reading of "what they think is best": the
    dearest spells first (ties: the order taught), skipping spells with a target (instant, curse) and
    transmutations.
    """
    slots = max(0, free_slots(state, tribe))
    if tribe.cast is not None:
        return [s for s in tribe.cast if s in tribe.spells and castable(state, s)][:slots]
    if state.settings.default_spells_keep_free_slot:
        slots = max(0, slots - 1)
    known = [
        s
        for s in tribe.spells
        if castable(state, s) and not any(e.effect == "transmutation" for e in state.spells[s].effects)
    ]
    known.sort(key=lambda s: -spell_cost(state.spells[s].effects))
    return known[:slots]
