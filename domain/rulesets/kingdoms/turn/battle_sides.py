"""How the sides of a battle are drawn up: who defends, who commands, fanaticism, tactical levels, spells, the
commanders' tempers and the random events (see `turn.battles` for the order of the draws)."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.kingdoms.armies.battle import Side, draw_up
from domain.rulesets.kingdoms.characters.druid import druid_shortfall
from domain.rulesets.kingdoms.rules.battle import fanaticism_chance
from domain.rulesets.kingdoms.rules.draws import chance_sides, succeeds, weighted_pick
from domain.rulesets.kingdoms.rules.strength import command_level
from domain.rulesets.kingdoms.state import Army
from domain.rulesets.kingdoms.turn.context import GM_ONLY, Turn

R = msgspec.structs.replace


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


def _fanatical(t: Turn, armies: list[Army], kingdom_alignment: str | None) -> set[str]:
    """Each unit's fanaticism [004:63]: the kingdom's chance, certain for a Skeletal unit under an Undead leader."""
    pack, out = t.state.content, set()
    for army in armies:
        leader = t.state.characters.get(army.leader or "")
        for unit in army.units:
            if kingdom_alignment is None:
                continue
            chance = fanaticism_chance(pack, kingdom_alignment, unit.race, leader.alignment if leader else None)
            if chance >= 1:
                out.add(unit.id)
            elif chance > 0:
                face = t.ctx.dice.roll(f"fanaticism:{unit.id}", 1, chance_sides(chance), visible_to=GM_ONLY)[0]
                if succeeds(chance, face):
                    out.add(unit.id)
    return out


def _shortfall(t: Turn, army: Army) -> int:
    leader = t.state.characters.get(army.leader or "")
    return druid_shortfall(t.state.content, leader, army) if leader is not None else 0


def side_of(t: Turn, armies: list[Army], province: str, defending: bool, line: int) -> Side:
    p = t.state.provinces[province]
    pack = t.state.content
    kid = armies[0].kingdom
    kingdom = t.state.kingdoms.get(kid or "")
    commander = t.state.characters.get(commander_of(t, armies) or "")
    level = 0
    if commander is not None:
        level = command_level(p.terrain, commander.abilities.get("tactical", 0), commander.abilities.get("naval", 0))
    spells = [pack.spell(s[2]) for s in t.spells if s[0] == kid and s[1] == province]
    levels = [s[3] for s in t.spells if s[0] == kid and s[1] == province]
    illusions = [s[4] for s in t.spells if s[0] == kid and s[1] == province and s[4] is not None]
    return Side(
        name="defender" if defending else "attacker",
        kingdom=kid,
        placed=draw_up([(a.id, a.front, a.behind) for a in armies], line),
        explored=p.explored.get(kid or "", 0),
        home=kingdom is not None and kingdom.home_province == province,
        fanatical=frozenset(_fanatical(t, armies, kingdom.alignment if kingdom else None)),
        command_level=level,
        shortfall={a.id: _shortfall(t, a) for a in armies},
        spell_bonus=sum(s.quality_bonus for s in spells),
        phantasmal=max((lv for s, lv in zip(spells, levels, strict=True) if s.factor_pct_per_level), default=0),
        illusion=illusions[0] if illusions else None,
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
    """The GM's rulings for this battle, else the content's table: a first event for the whole of one side (its
    chance, usually certain), then each column of the line with its chance; the side is 1d2, the event a weighted
    pick (1dN over the table's total weight N) [004:61], [004:96]."""
    pack = t.state.content
    rulings: list[tuple[str | None, Fraction, int | None]] = [
        (r.kingdom, r.factor, r.column) for r in t.state.rulings if r.province == province
    ]
    if not rulings:
        rule = pack.battle.random_events
        line = max((p.column or 0 for p in (*attack.placed, *defend.placed)), default=0)
        for column in (None, *range(1, line + 1)):
            chance = Fraction(rule.first_event_pct if column is None else rule.column_event_pct, 100)
            if chance <= 0:
                continue
            if chance < 1:
                face = t.ctx.dice.roll(f"random-event-chance:{province}", 1, chance_sides(chance), visible_to=GM_ONLY)
                if not succeeds(chance, face[0]):
                    continue
            pick = t.ctx.dice.roll(f"random-event-side:{province}", 1, 2, visible_to=GM_ONLY)[0]
            weights = [e.weight for e in pack.random_events]
            face = t.ctx.dice.roll(f"random-event:{province}", 1, sum(weights), visible_to=GM_ONLY)
            event = pack.random_events[weighted_pick(weights, face[0])]
            lines.append(f"Random event: {event.text}.")
            rulings.append(((attack if pick == 1 else defend).kingdom, Fraction(event.factor), column))
    for kid, factor, column in rulings:
        where = "the whole force" if column is None else f"column {column}"
        name = t.state.kingdoms[kid].name if kid in t.state.kingdoms else "the mercenaries"
        lines.append(f"A random event multiplies {where} of {name} by {factor}.")
        if kid == attack.kingdom:
            attack = R(attack, events=(*attack.events, (factor, column)))
        elif kid == defend.kingdom:
            defend = R(defend, events=(*defend.events, (factor, column)))
    return attack, defend
