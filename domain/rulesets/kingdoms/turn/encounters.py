"""Random encounters [004:107-116], exploring [004:102-114] and negotiating with monsters [004:243-248].

Encounter chance: the terrain's %, halved inside the character's own kingdom; only for Move, Pursue, Trail,
Explore and Search, never when moving or pursuing with an army. The monster met is the province's first hostile
monster, else one drawn from the monster table (1dN over the table's N monsters, in its order).

Exploring (the chapter is lost; a documented default): each Explore adds the terrain's basic exploration % to the
kingdom's explored %, up to 100; it then finds the province's first feature the kingdom does not know with a
chance equal to the new explored % (at Sea 5%, "only a small chance" [004:114]). The GM corrects with SetExplored.
"""

from __future__ import annotations

from fractions import Fraction

from domain.engine.ids import owned_id
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from domain.rulesets.kingdoms import tables
from domain.rulesets.kingdoms.characters.combat import fight
from domain.rulesets.kingdoms.characters.druid import can_talk_to
from domain.rulesets.kingdoms.state import Character, MonsterState
from domain.rulesets.kingdoms.turn.context import GM_ONLY, Turn

MONSTER_ORDER = tuple(tables.MONSTERS)


def encounter_chance(terrain: str, in_own_kingdom: bool) -> Fraction:
    chance = Fraction(tables.TERRAIN[terrain].encounter)
    return chance / 2 if in_own_kingdom else chance


def _monster(t: Turn, character: Character) -> MonsterState:
    province = t.state.provinces[character.location]
    known = next((m for m in province.monsters if m.hostile), None)
    if known is not None:
        return known
    face = t.ctx.dice.roll(f"monster:{character.id}", 1, len(MONSTER_ORDER), visible_to=GM_ONLY)[0]
    kind = MONSTER_ORDER[face - 1]
    return MonsterState(owned_id(t.state.serials, "monster", character.id), kind, tables.MONSTERS[kind].hit_points)


def _explore(t: Turn, character: Character) -> None:
    province = t.state.provinces[character.location]
    kid = character.kingdom
    percent = min(100, province.explored.get(kid, 0) + tables.TERRAIN[province.terrain].exploration)
    chance = tables.SEA_FEATURE_CHANCE if province.terrain == "sea" else percent
    unknown = next((f for f in province.features if kid not in f.found_by), None)
    found = None
    if unknown is not None and t.ctx.dice.roll(f"feature:{character.id}", 1, 100, visible_to=GM_ONLY)[0] <= chance:
        found = unknown
    first = found is not None and found.first is None
    t.emit(e.ProvinceExplored(kid, character.id, province.id, percent, found.id if found else None, first))
    t.gain(character.id, "explore")
    t.report(kid, f"{character.name} explored {province.name}: {percent}% explored.")
    if found is not None:
        t.report(kid, f"{character.name} found {found.name}{' (first to discover it)' if first else ''}.")


def encounters(t: Turn) -> None:
    for cid, action in t.exposed:
        character = t.state.characters[cid]
        if not character.alive:
            continue
        province = t.state.provinces[character.location]
        chance = encounter_chance(province.terrain, province.kingdom == character.kingdom)
        if t.ctx.dice.roll(f"encounter:{cid}", 1, 100, visible_to=GM_ONLY)[0] <= chance:
            monster = _monster(t, character)
            result = fight(t, character, monster, province.id)
            t.emit(result)
            t.report(character.kingdom, f"{character.name} met a {monster.kind} in {province.name}: {result.outcome}.")
            t.report(character.kingdom, *result.lines)
            if result.outcome == "slain":
                t.publish([f"A {monster.kind} was slain in {province.name}."])
        if action == "explore" and t.state.characters[cid].alive:
            _explore(t, t.state.characters[cid])


def negotiation(t: Turn) -> None:
    """Talking to a known monster: a Druid who can talk to its kind neutralizes it (half its hit points as Lord High
    Defender merit [004:334]); talking again to a neutralized monster fulfils an agreement: no points [004:369]."""
    for cid, order in sorted(t.state.orders.items()):
        if not isinstance(order, o.NegotiateWithMonster):
            continue
        character = t.state.characters[cid]
        province = t.state.provinces[character.location]
        monster = next((m for m in province.monsters if m.id == order.monster), None)
        if monster is None or not character.alive:
            t.emit(e.OrderFailed(character.kingdom, cid, "NegotiateWithMonster", "the monster is not here"))
            continue
        t.gain(cid, "TA", "druid")
        talks = can_talk_to(character, monster.kind)
        merit = Fraction(monster.hit_points, 2) if talks and monster.hostile else Fraction(0)
        t.emit(e.MonsterNegotiated(character.kingdom, cid, province.id, monster.id, talks, merit))
        verb = "persuaded" if talks else "could not talk to"
        t.report(character.kingdom, f"{character.name} {verb} the {monster.kind} in {province.name}.")
