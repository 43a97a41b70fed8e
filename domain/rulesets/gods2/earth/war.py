"""Aggressive attacks, diplomacy and the war formula ([000:242-284]), as integer arithmetic.

The casualty percentage is 10 plus own Military minus the enemy's ([000:276]), clamped at 0 (digest reading 3,
confirmed by [000:284]: a difference of 10 or more costs the stronger side nothing). Kills round up.
"""

from __future__ import annotations

import msgspec


def wars_declared(total: int) -> int:
    """[000:244-247] d6 + Aggression: 4 or less none, 5-6 one, 7-8 two, 9 or more three."""
    if total <= 4:
        return 0
    if total <= 6:
        return 1
    if total <= 8:
        return 2
    return 3


def diplomacy_averts(roll: int, own_diplomacy: int, enemy_aggression: int) -> bool:
    """[000:268-271] d6 + own Diplomacy - enemy Aggression: 5 or less the war occurs, 6 or more averted."""
    return roll + own_diplomacy - enemy_aggression >= 6


def casualty_percent(own_military: int, enemy_military: int) -> int:
    """[000:276] 10 + relative military; never negative ([000:284])."""
    return max(0, 10 + own_military - enemy_military)


def kills(percent: int, population: int) -> int:
    """[000:276] the percentage of the race's population (cities included), rounded up."""
    return (percent * population + 99) // 100


class Outcome(msgspec.Struct, frozen=True):
    attacker_percent: int
    defender_percent: int
    attacker_losses: int
    defender_losses: int
    loser: str | None  # "attacker", "defender" or None
    vacate: int


def fight(attacker_pop: int, attacker_mil: int, defender_pop: int, defender_mil: int) -> Outcome:
    """# [000:276-278] losses, the loser (losses at least 150% of the other's) and the squares it vacates: one per
    2 units of difference, rounded down. With no losses on either side nobody loses (digest reading 4)."""
    a_pct = casualty_percent(attacker_mil, defender_mil)
    d_pct = casualty_percent(defender_mil, attacker_mil)
    attacker_losses = kills(d_pct, defender_pop)
    defender_losses = kills(a_pct, attacker_pop)
    loser: str | None = None
    if defender_losses > 0 and 2 * defender_losses >= 3 * attacker_losses:
        loser = "defender"
    elif attacker_losses > 0 and 2 * attacker_losses >= 3 * defender_losses:
        loser = "attacker"
    vacate = abs(attacker_losses - defender_losses) // 2 if loser else 0
    return Outcome(a_pct, d_pct, attacker_losses, defender_losses, loser, vacate)


def city_destroyed(winner_level: str, roll: int | None, winner_aggression: int) -> bool:
    """[000:280] primitive or barbarian winners destroy it; a civilized winner's d6 at or under its Aggression
    destroys it, otherwise the winners take it over."""
    if winner_level != "civilized":
        return True
    assert roll is not None
    return roll <= winner_aggression
