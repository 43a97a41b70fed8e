"""Monster arithmetic ([002:100-121]): Might and war score, hitpoints, scavenging, feeding costs.

Percentages stack within a monster and are rounded down once, like the heroes' ([002:90-93]; the text does
not say how monster percentages round: chosen reading, digest B4).
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from domain.rulesets.second_era import content
from domain.rulesets.second_era.content import frac
from domain.rulesets.second_era.economy import Exact, effect_level, farm_yield, mine_yield, round_down
from domain.rulesets.second_era.state import Monster, State
from domain.rulesets.second_era.values import Effect, Resources


def flat(monster: Monster, key: str) -> int:
    abilities = content.beings().monster.abilities
    return sum(abilities[a].flat.get(key, 0) for a in monster.abilities)


def percent(monster: Monster, key: str) -> Fraction:
    abilities = content.beings().monster.abilities
    return sum((frac(abilities[a].percent[key]) for a in monster.abilities if key in abilities[a].percent), Fraction(0))


def might(monster: Monster) -> int:
    """[002:103] 1 Might to start; [002:112] +1 per Might ability."""
    return content.beings().monster.might + flat(monster, "might")


def max_hp(monster: Monster) -> int:
    """[002:103] 3 hitpoints to start; [002:114] +1 per Toughness."""
    return content.beings().monster.hp + flat(monster, "hp")


def monster_war_score(monster: Monster, side: str, vs_monster: bool) -> int:
    """[002:103] Might is the war score; Rage +50% attacking [002:115], Caution +50% defending [002:116],
    Kaiju +50% against monsters [002:117]; rounded down."""
    pct = percent(monster, "attack" if side == "attacker" else "defence")
    if vs_monster:
        pct += percent(monster, "vs_monster")
    return floor(might(monster) * (1 + pct))


def monster_effects(state: State, monster: Monster) -> list[Effect]:
    """The effects acting on a monster: its continuous spells this turn and the artefacts it holds."""
    effects = [e for spell in monster.active if spell in state.spells for e in state.spells[spell].effects]
    return effects + [e for a in state.artefacts.values() if a.holder == monster.id for e in a.effects]


def monster_slots(monster: Monster) -> int:
    """[002:103] no Spell Slots to start; [002:113] +1 per Mage."""
    return flat(monster, "slots")


def monster_counterspell(state: State, monster: Monster) -> int:
    """[002:75] the Counterspell Level of a monster under Antimagic."""
    return sum(e.level for e in monster_effects(state, monster) if e.effect == "antimagic" and not e.reverse)


def scavenge_exact(state: State, monster: Monster) -> Exact:
    """[002:105] as one Miner and one Farmer Clan on its Land; [002:111] +20% per Scavenger; its Mining and
    Farming spells count for those halves as for clans ([002:64-65], [002:104]); bonuses add up."""
    land = state.lands[monster.land]
    out: Exact = {}
    effects = monster_effects(state, monster)
    for line, table in (("mining", mine_yield(land)), ("farming", farm_yield(land))):
        per_level = frac(content.magic().bonus_per_level[line])
        bonus = max(Fraction(0), 1 + percent(monster, "scavenge") + per_level * effect_level(effects, line))
        for name, amount in table.items():
            out[name] = out.get(name, Fraction(0)) + amount * bonus
    return out


def scavenge(state: State, monster: Monster) -> Resources:
    # [002:36] rounded down after all harvesting and bonuses.
    return round_down(scavenge_exact(state, monster))


def feed_cost(ability: str) -> Resources:
    """[002:101] 10 Food and 5 of another Resource: the ability's listed cost (digest #25)."""
    rules = content.beings().monster
    return Resources.of(rules.feed_cost).plus(Resources.of(rules.abilities[ability].cost))


def hunger(monster: Monster) -> int:
    """[002:102] 1 Food per Level per Turn."""
    return content.beings().monster.food_per_level * monster.level
