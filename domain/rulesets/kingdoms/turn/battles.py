"""Contingent unification [004:218-236] and battles [004:40-98].

An invading kingdom's armies entering one province join the first of them with the March table's chance (by the
distance between the provinces they came from, at the joining leader's March level); one that fails to join fights
its own battle after. The defenders are the armies of the province's kingdom there, else of any other kingdom
there without a treaty with the invader, else mercenaries. Defenders win ties (documented default).

Draws, in order: the battle line's length (1dN over the terrain's range), fanaticism per army (1d100 under the
kingdom's %), each Elephant unit's strength (1d4+1: 2-5), the commanders' refusal and bluff (temper table), the
first random event (side 1d2, factor 1d6 on the content's table) unless the GM ruled this province's events, and
each losing unit's escape (1d100 under 20% x Speed, the content's default formula [004:38]); Whales off the Sea
retreat without a roll [004:75]. Werebeasts that win bite the unit opposite with about 40% [004:71]; Trolls that die
regenerate after the turn [004:73].
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms.armies.battle import Side, combatants, strengths
from domain.rulesets.kingdoms.rules.battle import bite_chance, escape_chance, regenerate
from domain.rulesets.kingdoms.rules.battle_line import nemesis_candidates
from domain.rulesets.kingdoms.rules.characters import unify_chance
from domain.rulesets.kingdoms.rules.draws import chance_sides, in_range, succeeds
from domain.rulesets.kingdoms.state import Army
from domain.rulesets.kingdoms.turn.battle_sides import commander_of, defenders_of, random_events, side_of, temper
from domain.rulesets.kingdoms.turn.context import GM_ONLY, Turn
from domain.rulesets.kingdoms.turn.movement import distance

R = msgspec.structs.replace


def unification(t: Turn) -> None:
    """Group the invasions into forces: [(origin of each army, armies)] per (kingdom, province)."""
    forces: list[tuple[str, list[str], list[str]]] = []  # (province, armies, origins)
    for army_id, origin, province in t.invasions:
        army = t.state.armies.get(army_id)
        if army is None:
            continue
        main = next((f for f in forces if f[0] == province and t.state.armies[f[1][0]].kingdom == army.kingdom), None)
        if main is None:
            forces.append((province, [army_id], [origin]))
            continue
        apart = distance(t.state, main[2][0], origin)
        leader = t.state.characters.get(army.leader or "")
        march = min(leader.abilities.get("march", 0), 4) if leader else 0
        first = t.state.characters.get(t.state.armies[main[1][0]].leader or "")
        levels = (march, min(first.abilities.get("march", 0), 4) if first else 0)
        unify = unify_chance(t.state.content, levels, "same" if apart == 0 else "adjacent" if apart == 1 else "far")
        chance = int(unify * 100)
        joined = unify >= 1
        if not joined:
            joined = succeeds(unify, t.ctx.dice.roll(f"unify:{army_id}", 1, chance_sides(unify), visible_to=GM_ONLY)[0])
        t.emit(e.ContingentsJoined(army.kingdom or "", province, (main[1][0], army_id), chance, joined))
        t.report(army.kingdom, f"Army {army_id} {'joined' if joined else 'failed to join'} {main[1][0]} ({chance}%).")
        if joined:
            main[1].append(army_id)
            main[2].append(origin)
        else:
            forces.append((province, [army_id], [origin]))
    t.forces = forces


def battles(t: Turn) -> None:
    for province, army_ids, origins in t.forces:
        attackers = [t.state.armies[a] for a in army_ids if a in t.state.armies and t.state.armies[a].units]
        if not attackers:
            continue
        defenders = defenders_of(t, province, attackers[0].kingdom, {a.id for a in attackers})
        if not defenders:
            name = t.state.provinces[province].name
            t.report(attackers[0].kingdom, f"Army {attackers[0].id} entered {name} unopposed.")
            continue
        fight_battle(t, province, attackers, defenders, dict(zip(army_ids, origins, strict=True)))


def _retreat(t: Turn, army: Army, province: str, origins: dict[str, str]) -> str | None:
    """An attacker falls back where it came from; a defender to an adjacent province of its kingdom, else the
    first adjacent province (documented default: the retreat rules are lost); a force of Whales and Fleets to the
    Sea. Whales in a mixed force follow it."""
    if army.id in origins:
        return origins[army.id]
    adjacent = sorted(t.state.provinces[province].adjacent)
    sea = [a for a in adjacent if t.state.provinces[a].terrain == "sea"]
    if sea and army.units and all(u.type in ("WH", "FL") for u in army.units):
        return sea[0]  # Whales (and Fleets) fall back into a Sea province [004:75]
    own = [a for a in adjacent if t.state.provinces[a].kingdom == army.kingdom and army.kingdom is not None]
    options = own or adjacent
    return options[0] if options else None


def _losses(
    t: Turn, losers: list[Army], province: str, origins: dict[str, str], fastest: int
) -> tuple[list[str], list[tuple[str, str]]]:
    """Each unit of the beaten side escapes with the content's chance by Speed [004:38] (Whales off the Sea
    certainly [004:75]); the others are destroyed (Trolls to regenerate [004:73])."""
    pack, terrain = t.state.content, t.state.provinces[province].terrain
    destroyed: list[str] = []
    retreats: list[tuple[str, str]] = []
    for army in losers:
        to = _retreat(t, army, province, origins)
        kept = 0
        for unit in army.units:
            chance = escape_chance(pack, pack.army_type(unit.type), terrain, fastest) if to is not None else Fraction(0)
            escaped = chance >= 1
            if 0 < chance < 1:
                face = t.ctx.dice.roll(f"escape:{unit.id}", 1, chance_sides(chance), visible_to=GM_ONLY)[0]
                escaped = succeeds(chance, face)
            if escaped:
                kept += 1
                continue
            destroyed.append(unit.id)
            if regenerate(pack.army_type(unit.type), unit.quality) is not None:
                t.regenerating.append((unit, province))
        if kept and to is not None:
            retreats.append((army.id, to))
    return destroyed, retreats


def _bites(t: Turn, winner: Side, loser: Side, destroyed: list[str]) -> list[str]:
    """A unit beaten by the Werebeasts of its column turns Werebeast after the turn with the type's chance, if its
    race is humanoid and its type not immune (Fleets) [004:71]."""
    pack, bitten = t.state.content, []
    for wolf in winner.placed:
        if wolf.column is None:
            continue
        for prey in loser.placed:
            if prey.column != wolf.column or prey.unit.id in destroyed:
                continue
            race = pack.race(prey.unit.race) if prey.unit.race is not None else None
            chance = bite_chance(pack.army_type(wolf.unit.type), pack.army_type(prey.unit.type), race)
            if chance <= 0:
                continue
            face = t.ctx.dice.roll(f"werebeast:{prey.unit.id}", 1, chance_sides(chance), visible_to=GM_ONLY)[0]
            if succeeds(chance, face):
                bitten.append(prey.unit.id)
    return bitten


def _nemeses(t: Turn, attack: Side, defend: Side, elephants: dict[str, int]) -> dict[str, str]:
    """Who faces its nemesis [004:49]: when several enemy units qualify, one is drawn (1dN over the N eligible)."""
    pack = t.state.content
    units = [*combatants(attack, elephants), *combatants(defend, elephants)]
    chosen: dict[str, str] = {}
    for unit in units:
        eligible = nemesis_candidates(pack, unit, units)
        if len(eligible) == 1:
            chosen[unit.id] = eligible[0].id
        elif eligible:
            face = t.ctx.dice.roll(f"nemesis:{unit.id}", 1, len(eligible), visible_to=GM_ONLY)[0]
            chosen[unit.id] = eligible[face - 1].id
    return chosen


def _report(s: Side, commander: str | None, armies: list[Army], strength: Fraction) -> e.SideReport:
    return e.SideReport(s.kingdom, tuple(a.id for a in armies), len(s.placed), strength, commander)


def fight_battle(t: Turn, province: str, attackers: list[Army], defenders: list[Army], origins: dict[str, str]) -> None:
    p = t.state.provinces[province]
    pack = t.state.content
    span = pack.terrain(p.terrain).battle_line
    line = span.low
    if span.high > span.low:
        line = in_range(span.low, span.high, t.ctx.dice.roll(f"battle-line:{province}", 1, span.high - span.low + 1,
                                                              visible_to=GM_ONLY)[0])  # fmt: skip
    lines = [f"Battle at {p.name} ({p.terrain}): a battle line of {line} armies a side."]
    attack = side_of(t, attackers, province, False, line)
    defend = side_of(t, defenders, province, True, line)
    for s in (attack, defend):
        lines.extend(f"Unit {u} fights fanatically." for u in sorted(s.fanatical))
    elephants: dict[str, int] = {}
    for pl in (*attack.placed, *defend.placed):
        drawn = pack.army_type(pl.unit.type).strength_roll  # Elephants: 2-5 [004:65]
        if drawn is not None:
            face = t.ctx.dice.roll(f"elephant:{pl.unit.id}", 1, drawn.high - drawn.low + 1, visible_to=GM_ONLY)[0]
            elephants[pl.unit.id] = in_range(drawn.low, drawn.high, face)
    lines.extend(f"Elephants {u} fight at strength {v}." for u, v in elephants.items())
    a_cmd, d_cmd = commander_of(t, attackers), commander_of(t, defenders)
    attack, defend = temper(t, attack, a_cmd, lines), temper(t, defend, d_cmd, lines)
    attack, defend = random_events(t, province, attack, defend, lines)
    result = strengths(pack, p.terrain, attack, defend, elephants, _nemeses(t, attack, defend, elephants))
    a_str, d_str = result.totals["attacker"], result.totals["defender"]
    attacker_won = result.winner == "attacker"  # the defender holds a tie
    (winner, _, w_cmd), (loser, l_armies, l_cmd) = sorted(
        [(attack, attackers, a_cmd), (defend, defenders, d_cmd)], key=lambda x: x[0].defending == attacker_won
    )
    fastest = max((pack.army_type(pl.unit.type).speed for pl in winner.placed), default=0)
    destroyed, retreats = _losses(t, l_armies, province, origins, fastest)
    bitten = _bites(t, winner, loser, destroyed)
    where = "sea" if p.terrain == "sea" else "land"  # Grand Admiral or Grand Marshal [004:299-316]
    counts = ((w_cmd, f"{where}_won_enemy_units"), (l_cmd, f"{where}_lost_friendly_units"))
    tallies = [(c, counter, len(loser.placed)) for c, counter in counts if c]
    for side_armies, cmd in ((attackers, a_cmd), (defenders, d_cmd)):
        for leader in sorted({a.leader for a in side_armies if a.leader}):
            t.gain(leader, "supreme_commander" if leader == cmd else "lead_units", at_sea=p.terrain == "sea")
    lines.append(f"{winner.kingdom or 'The mercenaries'} won; {len(destroyed)} units of the losers were destroyed.")
    t.emit(
        e.BattleFought(
            province=province,
            terrain=p.terrain,
            line=line,
            attacker=_report(attack, a_cmd, attackers, a_str),
            defender=_report(defend, d_cmd, defenders, d_str),
            winner=winner.kingdom,
            destroyed=tuple(destroyed),
            retreats=tuple(retreats),
            bitten=tuple(bitten),
            regenerating=tuple(u.id for u, _ in t.regenerating if u.id in destroyed),
            tallies=tuple(tallies),
            lines=tuple(lines),
        )
    )
    for s, strength in ((attack, a_str), (defend, d_str)):
        if s.kingdom is not None:
            own = [*lines, f"Your force fought at strength {strength}."]
            t.emit(e.BattleReported(s.kingdom, province, s is winner, strength, tuple(own)))
            t.report(s.kingdom, *own)
    names = " and ".join(sorted(k or "mercenaries" for k in (attack.kingdom, defend.kingdom)))
    t.publish([f"Battle at {p.name} between {names}: {winner.kingdom or 'the mercenaries'} won."])
