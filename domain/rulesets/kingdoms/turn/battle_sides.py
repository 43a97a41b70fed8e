"""How the sides of a battle are drawn up: who defends, who commands, fanaticism, tactical levels, spells, the
commanders' tempers and the random events (see `turn.battles` for the order of the draws)."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.kingdoms import tables
from domain.rulesets.kingdoms.armies.battle import Side, draw_up
from domain.rulesets.kingdoms.state import Army
from domain.rulesets.kingdoms.turn.context import GM_ONLY, Turn

R = msgspec.structs.replace
SKELETON = "skeleton"


def defenders_of(t: Turn, province: str, invader: str | None, invading: set[str]) -> list[Army]:
    here = [a for a in t.state.armies.values() if a.province == province and a.id not in invading and a.units]
    treaties = t.state.kingdoms[invader].treaties if invader in t.state.kingdoms else ()
    hostile = [a for a in here if a.kingdom != invader and a.kingdom not in treaties]
    owner = t.state.provinces[province].kingdom
    mine = [a for a in hostile if a.kingdom == owner and owner is not None]
    if mine:
        return sorted(mine, key=lambda a: a.id)
    first = min((a.kingdom or "~" for a in hostile), default=None)
    return sorted((a for a in hostile if (a.kingdom or "~") == first), key=lambda a: a.id)


def commander_of(t: Turn, armies: list[Army]) -> str | None:
    led = sorted((a for a in armies if a.leader), key=lambda a: (-len(a.units), a.id))
    return led[0].leader if led else None


def side_of(t: Turn, armies: list[Army], province: str, defending: bool, line: int) -> Side:
    p = t.state.provinces[province]
    kid = armies[0].kingdom
    kingdom = t.state.kingdoms.get(kid or "")
    fanatical = set()
    for army in armies:
        leader = t.state.characters.get(army.leader or "")
        if leader and leader.alignment == "undead" and army.units and all(u.race == SKELETON for u in army.units):
            fanatical.add(army.id)  # a Skeletal army under an Undead character: always [004:63]
        elif kingdom and tables.ALIGNMENTS[kingdom.alignment].fanaticism:
            chance = tables.ALIGNMENTS[kingdom.alignment].fanaticism
            if t.ctx.dice.roll(f"fanaticism:{army.id}", 1, 100, visible_to=GM_ONLY)[0] <= chance:
                fanatical.add(army.id)
    ability = "naval" if p.terrain == "sea" else "tactical"
    tactical = {
        a.id: t.state.characters[a.leader].abilities.get(ability, 0) for a in armies if a.leader in t.state.characters
    }
    spells = [s for s in t.spells if s[0] == kid and s[1] == province]
    return Side(
        kingdom=kid,
        defending=defending,
        placed=draw_up([(a.id, a.front, a.behind) for a in armies], line),
        explored=p.explored.get(kid or "", 0),
        home=kingdom is not None and kingdom.home_province == province,
        fanatical=frozenset(fanatical),
        tactical=tactical,
        shortfall={a.id: t.state.druid_shortfall.get(a.id, 0) for a in armies},
        oratory=any(s[2] == "oratory" for s in spells),
        phantasmal=max((s[3] for s in spells if s[2] == "phantasmal_armies"), default=0),
    )


def temper(t: Turn, side: Side, commander: str | None, lines: list[str]) -> Side:
    """A commander who refuses the duel demoralizes his side by 25% unless a Coward's bluff (2/3) covers it
    [004:193]; a King never refuses [004:195]."""
    c = t.state.characters.get(commander or "")
    if c is None or c.is_king or c.temper not in ("cautious", "cowardly"):
        return side
    if t.ctx.dice.roll(f"refusal:{c.id}", 1, 100, visible_to=GM_ONLY)[0] > c.refusal:
        return side
    if c.temper == "cowardly" and t.ctx.dice.roll(f"bluff:{c.id}", 1, 3, visible_to=GM_ONLY)[0] <= 2:
        lines.append(f"{c.name} made excuses and avoided the duel.")
        return side
    lines.append(f"{c.name} refused to enter combat: his side is demoralized (x3/4).")
    return R(side, events=(*side.events, (Fraction(3, 4), None)))


def random_events(t: Turn, province: str, attack: Side, defend: Side, lines: list[str]) -> tuple[Side, Side]:
    rulings = [r for r in t.state.rulings if r.province == province]
    if not rulings:
        pick = t.ctx.dice.roll(f"random-event-side:{province}", 1, 2, visible_to=GM_ONLY)[0]
        face = t.ctx.dice.roll(f"random-event:{province}", 1, len(tables.RANDOM_EVENTS), visible_to=GM_ONLY)[0]
        side = attack if pick == 1 else defend
        rulings_made: list[tuple[str | None, Fraction, int | None]] = [
            (side.kingdom, tables.RANDOM_EVENTS[face - 1], None)
        ]
    else:
        rulings_made = [(r.kingdom, r.factor, r.column) for r in rulings]
    for kid, factor, column in rulings_made:
        where = "the whole force" if column is None else f"column {column}"
        name = t.state.kingdoms[kid].name if kid in t.state.kingdoms else "the mercenaries"
        lines.append(f"A random event multiplies {where} of {name} by {factor}.")
        if kid == attack.kingdom:
            attack = R(attack, events=(*attack.events, (factor, column)))
        elif kid == defend.kingdom:
            defend = R(defend, events=(*defend.events, (factor, column)))
    return attack, defend
