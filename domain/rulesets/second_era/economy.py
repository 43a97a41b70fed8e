"""Harvest, upkeep and the cost of growing a tribe: pure arithmetic over the state ([002:17-45]).

Harvest works in exact fractions and rounds each resource down once, after all harvesting and bonuses
([002:36]). Percentage bonuses add up within a line of production (digest B4: additive), so a line yields
`raw x (1 + line bonuses + resource bonuses)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import floor

from domain.rulesets.second_era import content
from domain.rulesets.second_era.content import frac
from domain.rulesets.second_era.eras import edifice_parts
from domain.rulesets.second_era.state import Land, State, Tribe
from domain.rulesets.second_era.values import RESOURCE_NAMES, Effect, Resources

Exact = dict[str, Fraction]


def _add(total: Exact, table: dict[str, int] | dict[str, Fraction], times: Fraction | int = 1) -> None:
    for name, amount in table.items():
        total[name] = total.get(name, Fraction(0)) + Fraction(amount) * times


def farm_yield(land: Land) -> Exact:
    """What one Farmer Clan harvests from the Land's fauna, summed over each fauna on it ([002:30-35];
    digest reading #19: per fauna entry; #20: the "Foraging" clan of [002:33] is a Farmer)."""
    out: Exact = {}
    for fauna in land.fauna:
        for rule in content.lands().farming:
            if rule.matches(fauna.kind, fauna.tier):
                _add(out, {k: frac(v) for k, v in rule.yield_.items()})
    return out


def mine_yield(land: Land) -> Exact:
    """What one Miner Clan extracts from the Land, by its element ([002:24-28])."""
    out: Exact = {}
    _add(out, content.lands().elements[land.element])
    return out


def tribe_effects(state: State, tribe: Tribe) -> list[Effect]:
    """The effects acting on a tribe: its continuous spells cast this turn, its artefacts ([002:78]) and the
    curses laid on it."""
    effects = [e for spell in tribe.active if spell in state.spells for e in state.spells[spell].effects]
    effects += [e for a in state.artefacts.values() if a.holder == tribe.id for e in a.effects]
    # [002:72] curses other tribes, and monsters [002:104], cast on this one this turn.
    cursing = [c for other in state.tribes.values() for c in other.cursing]
    cursing += [c for monster in state.monsters.values() for c in monster.cursing]
    effects += [
        e
        for spell, target in cursing
        if target == tribe.id and spell in state.spells
        for e in state.spells[spell].effects
    ]
    return effects


def effect_level(effects: Iterable[Effect], name: str) -> int:
    """Net level of an effect: spells stack ([002:62]); a Curse counts against it ([002:72])."""
    return sum(-e.level if e.reverse else e.level for e in effects if e.effect == name)


def hero_bonus(state: State, tribe: Tribe, key: str) -> Fraction:
    """A hero percentage bonus: abilities stack within a hero; several heroes overlap ([002:98]; digest #22:
    the best hero counts)."""
    best = Fraction(0)
    abilities = content.beings().hero.abilities
    for hero in state.heroes_of(tribe.id):
        total = sum(
            (frac(abilities[a].percent[key]) for a in hero.abilities if key in abilities[a].percent),
            Fraction(0),
        )
        best = max(best, total)
    return best


def line_bonus(state: State, tribe: Tribe, line: str) -> Fraction:
    """Spell, artefact and hero bonus of a line (farming, mining, crafting): Farming 2 = +20% [002:64]."""
    per_level = frac(content.magic().bonus_per_level[line])
    return per_level * effect_level(tribe_effects(state, tribe), line) + hero_bonus(state, tribe, line)


def structure_bonus(state: State, tribe: Tribe, land: str) -> Exact:
    """+25% per Town, Shrine or Floor the tribe built on the Land it harvests ([002:125-129]; they stack)."""
    out: Exact = {}
    rules = content.acts().structures
    for s in state.structures.values():
        if s.land == land and s.tribe == tribe.id:
            _add(out, {k: frac(v) for k, v in rules[s.kind].bonus.items()})
    # [002:123] an edifice carried from the last era grants its five parts' bonuses to its builder in residence.
    for kind, parts in edifice_parts(state, tribe, land).items():
        _add(out, {k: frac(v) for k, v in rules[kind].bonus.items()}, parts)
    return out


def harvest_exact(state: State, tribe: Tribe) -> Exact:
    """Everything a tribe produces this turn, exactly, before rounding ([002:23-42])."""
    land = state.lands[tribe.start_land]
    moved = tribe.land != tribe.start_land
    lines: list[tuple[str | None, Exact]] = []
    for role_name, rule in content.clans().roles.items():
        n = tribe.n(role_name)
        if not n:
            continue
        raw: Exact = {}
        if rule.harvests == "fauna" and not (moved and state.settings.moving_forfeits_harvest):
            _add(raw, farm_yield(land), n)
        elif rule.harvests == "element" and not (moved and state.settings.moving_forfeits_harvest):
            _add(raw, mine_yield(land), n)
        _add(raw, rule.produces, n)
        lines.append((rule.bonus_line, raw))
    by_resource = structure_bonus(state, tribe, land.id)
    total: Exact = {}
    for line, raw in lines:
        line_pct = line_bonus(state, tribe, line) if line else Fraction(0)
        for name, amount in raw.items():
            factor = max(Fraction(0), 1 + line_pct + by_resource.get(name, Fraction(0)))
            _add(total, {name: amount * factor})
    return total


def round_down(exact: Exact) -> Resources:
    # [002:36] fractional resources are rounded down after all harvesting and bonuses are complete.
    return Resources(**{name: floor(exact.get(name, Fraction(0))) for name in RESOURCE_NAMES})


def harvest(state: State, tribe: Tribe) -> Resources:
    return round_down(harvest_exact(state, tribe))


def upkeep(state: State, tribe: Tribe) -> Resources:
    """What the tribe must pay per turn: its clans ([002:18-20], [002:39-44]) and heroes, a Luxury per level
    ([002:85])."""
    total = Resources()
    for role_name, rule in content.clans().roles.items():
        total = total.plus(Resources.of(rule.upkeep).times(tribe.n(role_name)))
    per_level = content.beings().hero.upkeep_luxuries_per_level
    levels = sum(h.level for h in state.heroes_of(tribe.id))
    return total.plus(Resources(luxuries=per_level * levels))


def grow_cost(state: State, tribe: Tribe) -> Resources:
    """6 Food and 6 Luxuries for a new Clan [002:8], less 1 of each per Fertility level ([002:63]); a
    Fertility curse raises it. Never below zero."""
    acts = content.acts()
    cut = acts.fertility_reduction_per_level * effect_level(tribe_effects(state, tribe), "fertility")
    return Resources(**{k: max(0, v - cut) for k, v in acts.grow_tribe.items()})
