"""Leader generation (§2.12.2 [L2093-2102]; §6.1.11 [L5233-5249]; digest §4 R1-R2).

"Rolling 2 six-sided dice and subtracting 1 from the result generates the ratings": Combat, Diplomacy and
Charisma run 1 to 11. The hidden fourth stat (the King's Leadership, everyone else's Loyalty, [L2111-2117]) has
no stated distribution; it is rolled the same way (the digest's presumption, R2). Every roll is recorded
through the engine's dice, GM-only: a seat sees its new leader's three open stats, never the dice, and never the
hidden stat, not even on its own leader.
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.lote.scenario.enums import LeaderType
from domain.rulesets.lote.scenario.scenario import LeaderRecord

STATS = ("combat", "diplomacy", "charisma", "hidden")
GM_ONLY: tuple[str, ...] = ()  # the GM's dice stream: no seat sees these rolls


def roll_stat(ctx: DecisionContext, nation: str, leader_id: str, stat: str) -> int:
    """2d6 - 1: a shifted bell curve from 1 to 11 with its mean at 6."""
    return sum(ctx.dice.roll(f"leader-stat:{nation}:{leader_id}:{stat}", 2, 6, visible_to=GM_ONLY)) - 1


def generate(
    ctx: DecisionContext,
    *,
    leader_id: str,
    nation: str,
    leader_type: LeaderType,
    name: str,
    age: int,
    location: str,
    army_no: str,
    home_region: str | None = None,
    units: dict[str, int] | None = None,
) -> LeaderRecord:
    combat, diplomacy, charisma, hidden = (roll_stat(ctx, nation, leader_id, stat) for stat in STATS)
    return LeaderRecord(
        combat=combat,
        diplomacy=diplomacy,
        charisma=charisma,
        hidden=hidden,
        nation=nation,
        army_no=army_no,
        type=leader_type,
        name=name,
        age=age,
        location=location,
        home_region=home_region,
        units=dict(units or {}),
    )


def free_army_no(taken: set[str]) -> str:
    """The lowest army number from 2 that no leader of the nation holds (01 is the King's, [L2078-2085])."""
    n = 2
    while str(n) in taken or f"{n:02d}" in taken:
        n += 1
    return str(n)
