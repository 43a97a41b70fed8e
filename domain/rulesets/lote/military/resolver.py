"""The automatic resolver: a documented house rule for campaigns whose settings say `battle_resolution = "auto"`,
and the proposal shown to the GM otherwise. The rulebook has no combat table ([L11562-11720]); this follows the
player article's principles and nothing more:

- each side's score is `strength x (2d6 + combat leadership)`; `strength` (inputs.py) counts every fighting unit
  as 1 + QR/2 (the Siege QR for everyone in a siege or assault, [L1406-1412]), a wall point as three such units,
  times the Defend, field-fort, Hostile Land and Great Wall (x2, [L4881]) multiples of the defender;
- the higher score wins; a tie goes to the defender ("If bonus points and troop sizes are equal, the defender will
  win a siege", [L11681-11683]);
- "casualties are in rough proportion to the size of the enemy army" ([L11608-11610]): the loser loses a quarter
  of the winner's fighting units (rounded up), the winner an eighth of the loser's; an assault costs the attacker
  double ([L5554-5556] "a very high percentage of casualties"); "the poorest troops die first" ([L11621-11624]):
  the cheapest units (Table 13-5 GP) go first, the garrison before the armies;
- a Passive Siege fights no battle: without the 2:1 ratio it fails ([L6211-6213], EX-59); with it the city
  surrenders on the besieger's 2d6 of 10 or more (the rulebook gives no percentage, [L6213-6218]);
- a beaten attacker falls back to where it came from; a beaten defender's armies stay for the GM to move.

Dice: `battle:<battle id>:attacker` and `battle:<battle id>:defender`, 2d6 each, GM only.
"""

from __future__ import annotations

from math import ceil

from domain.engine import DecisionContext
from domain.rulesets.lote.leaders.garrisons import unit_kind
from domain.rulesets.lote.model.battles import Battle, BattleResult, Side, Winner
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.tables import TABLES

FIGHTING = frozenset({"inf", "cav", "siege", "fort", "warship"})
SIDES = ("attacker", "defender")
SURRENDER_ON = 10  # the passive siege's 2d6 at or above which the city surrenders (house rule)


def troops(side: Side) -> int:
    return sum(n for u, n in side.units.items() if unit_kind(u) in FIGHTING)


def _cost(unit: str, culture: str) -> float:
    row = TABLES.units.units.get(unit)
    cost = row.by_culture.get(culture) if row is not None else None  # type: ignore[call-overload]
    return float(cost.gp) if cost is not None else 0.0


def take_losses(state: State, battle: Battle, side: Side, n: int) -> dict[str, dict[str, int]]:
    """`n` fighting units lost, cheapest first, from the garrison (keyed by the place) and then the armies."""
    place = battle.city or battle.region
    sources: list[tuple[str, dict[str, int]]] = [(place, dict(side.garrison))] if side.garrison else []
    sources += [(a, dict(state.leaders[a].units)) for a in side.armies if a in state.leaders]
    culture = state.nations[side.nations[0]].culture if side.nations else "C"
    pool = sorted(
        ((_cost(u, culture), i, key, u) for i, (key, units) in enumerate(sources) for u in units),
        key=lambda x: (x[0], x[1], x[3]),
    )
    out: dict[str, dict[str, int]] = {}
    for _, _, key, unit in pool:
        if n <= 0:
            break
        if unit_kind(unit) not in FIGHTING:
            continue
        have = dict(sources)[key].get(unit, 0)
        lost = min(have, n)
        if lost:
            out.setdefault(key, {})[unit] = lost
            n -= lost
    return out


def propose(state: State, battle: Battle, ctx: DecisionContext) -> BattleResult:
    a_roll, d_roll = (ctx.dice.roll(f"battle:{battle.battle_id}:{side}", 2, 6, visible_to=()) for side in SIDES)
    rolls = (*a_roll, *d_roll)
    att, dfd = battle.attacker, battle.defender
    if battle.kind == "passive_siege":
        if not battle.passive_siege_allowed:
            return BattleResult(winner="none", rolls=rolls, by="auto", reason="passive siege: below 2:1 (Table 6-27)")
        falls = sum(a_roll) >= SURRENDER_ON
        return BattleResult(
            winner="attacker" if falls else "none",
            control="p" if falls else "none",
            walls_left=dfd.wall_points if falls else None,
            rolls=rolls,
            by="auto",
            reason=f"passive siege: 2d6 = {sum(a_roll)}, the city surrenders on {SURRENDER_ON}+",
        )
    a_score = att.strength * (sum(a_roll) + att.leadership)
    d_score = dfd.strength * (sum(d_roll) + dfd.leadership)
    winner: Winner = "attacker" if a_score > d_score else "defender"
    win, lose = (att, dfd) if winner == "attacker" else (dfd, att)
    loser_loss = ceil(troops(win) / 4)
    winner_loss = ceil(troops(lose) / 8)
    a_loss, d_loss = (winner_loss, loser_loss) if winner == "attacker" else (loser_loss, winner_loss)
    if battle.kind == "assault":
        a_loss *= 2
    losses = {**take_losses(state, battle, att, a_loss), **take_losses(state, battle, dfd, d_loss)}
    retreats = {}
    if winner == "defender" and battle.kind == "battle":
        origin = battle.attacker_from
        retreats = {a: origin for a in att.armies if origin and origin != battle.region}
    return BattleResult(
        winner=winner,
        losses=losses,
        retreats=retreats,
        control="none",
        rolls=rolls,
        by="auto",
        reason=f"score attacker {float(a_score):.2f} vs defender {float(d_score):.2f} (strength x (2d6 + leadership))",
    )
