"""Battle arithmetic ([002:52-58], [002:90-98]): war scores, the outcome and its losses, which clans fall.

Hero percentages "stack, but round down" ([002:90-93]): the flat part first, then every percentage added
together, then one rounding down (digest #23). Several heroes overlap: per ability the best hero counts
([002:98], digest #22).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import ceil, floor
from typing import Literal

from domain.rulesets.second_era import content
from domain.rulesets.second_era.content import Ability
from domain.rulesets.second_era.economy import hero_bonus
from domain.rulesets.second_era.state import State, Tribe
from domain.rulesets.second_era.values import Resources

Side = Literal["attacker", "defender"]
Outcome = Literal["draw", "attacker", "defender"]


def war_score(state: State, tribe: Tribe, side: Side, vs_monster: bool = False) -> int:
    """War Clans plus 1 if a Hero is a Warrior (does not stack) [002:54] [002:90], then +10% per Warrior,
    +20% per Tactician when attacking [002:92], +20% per Guerilla when defending [002:93], +25% per Monster
    Hunter against monsters [002:94]; rounded down."""
    abilities = content.beings().hero.abilities
    clans = sum(tribe.n(role) * rule.war_score for role, rule in content.clans().roles.items())
    flat = max((abilities[a].flat.get("war", 0) for h in state.heroes_of(tribe.id) for a in h.abilities), default=0)
    pct = hero_bonus(state, tribe, "war")
    pct += hero_bonus(state, tribe, "attack" if side == "attacker" else "defence")
    if vs_monster:
        pct += hero_bonus(state, tribe, "vs_monster")
    return floor((clans + flat) * (1 + pct))


def outcome(attacker_total: int, defender_total: int) -> tuple[Outcome, int, int]:
    """The result and the losses (attacker's, defender's) in Clans or hitpoints.

    [002:55] equal scores: a draw, each side loses 1. [002:56] attacker higher: the defender loses half the
    difference, rounded down. [002:57] defender higher: the attacker loses half the difference, rounded up.
    """
    if attacker_total == defender_total:
        return "draw", 1, 1
    if attacker_total > defender_total:
        return "attacker", 0, floor(Fraction(attacker_total - defender_total, 2))
    return "defender", ceil(Fraction(defender_total - attacker_total, 2)), 0


def clans_to_lose(tribe: Tribe, count: int) -> dict[str, int]:
    """The clans a tribe loses, in the content's `loss_order` (a chosen reading); never more than it has."""
    lost: dict[str, int] = {}
    left = count
    order = content.clans().loss_order
    roles = [*order, *sorted(set(tribe.clans) - set(order))]
    for role in roles:
        take = min(left, tribe.n(role))
        if take:
            lost[role] = take
            left -= take
    return lost


def has_ability(state: State, tribe: Tribe, ability: str) -> bool:
    return any(ability in h.abilities for h in state.heroes_of(tribe.id))


def hero_kill_rewards(state: State, tribe: Tribe, clans: int, monster_levels: int) -> Resources:
    """On-kill rewards of the tribe's heroes ([002:96-97]); several heroes overlap ([002:98]): each ability
    counts once for the tribe."""
    abilities = content.beings().hero.abilities
    held = {a for h in state.heroes_of(tribe.id) for a in h.abilities}
    return _rewards([abilities[a] for a in sorted(held)], clans, monster_levels)


def monster_kill_rewards(abilities: Sequence[str], clans: int, monster_levels: int) -> Resources:
    """On-kill rewards of a monster's abilities ([002:118-120]), into its hoard."""
    table = content.beings().monster.abilities
    return _rewards([table[a] for a in sorted(set(abilities))], clans, monster_levels)


def _rewards(abilities: Sequence[Ability], clans: int, monster_levels: int) -> Resources:
    total = Resources()
    for ability in abilities:
        total = total.plus(Resources.of(ability.per_clan_killed).times(clans))
        total = total.plus(Resources.of(ability.per_monster_level_killed).times(monster_levels))
    return total


def loot(stockpile_amounts: dict[str, int], priority: list[str], limit: int) -> dict[str, int]:
    """[002:56] up to `limit` resources of the victor's choice: its priority first, then the rest in order."""
    order = [*dict.fromkeys([*priority, "food", "production", "gold", "luxuries", "mana"])]
    taken: dict[str, int] = {}
    left = limit
    for name in order:
        take = min(left, stockpile_amounts.get(name, 0))
        if take:
            taken[name] = take
            left -= take
    return taken
