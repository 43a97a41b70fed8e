"""Random encounters [004:107-116], exploring [004:102-114] and negotiating with monsters [004:243-248].

Encounter chance: the terrain's %, halved inside the character's own kingdom; only for Move, Pursue, Trail,
Explore and Search, never when moving or pursuing with an army. The monster met is the province's first hostile
monster, else one drawn from the monster table (1dN over the table's N monsters, in its order).

Exploring (the chapter is lost; a documented default): each Explore adds the terrain's basic exploration % to the
kingdom's explored %, up to 100; it then finds the province's first feature the kingdom does not know with a
chance equal to the new explored % (at Sea 5%, "only a small chance" [004:114]). The GM corrects with SetExplored.
"""

from __future__ import annotations

from domain.engine.ids import owned_id
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from domain.rulesets.kingdoms.characters.combat import fight
from domain.rulesets.kingdoms.rules.characters import encounter_chance
from domain.rulesets.kingdoms.rules.draws import chance_sides, succeeds
from domain.rulesets.kingdoms.rules.monsters import negotiation_chance
from domain.rulesets.kingdoms.state import Character, MonsterState
from domain.rulesets.kingdoms.turn.context import GM_ONLY, Turn


def _monster(t: Turn, character: Character) -> MonsterState:
    province = t.state.provinces[character.location]
    known = next((m for m in province.monsters if m.hostile), None)
    if known is not None:
        return known
    monsters = t.state.content.monsters
    face = t.ctx.dice.roll(f"monster:{character.id}", 1, len(monsters), visible_to=GM_ONLY)[0]
    kind = monsters[face - 1]
    return MonsterState(owned_id(t.state.serials, "monster", character.id), kind.id, kind.hit_points)


def _explore(t: Turn, character: Character) -> None:
    province = t.state.provinces[character.location]
    kid = character.kingdom
    terrain = t.state.content.terrain(province.terrain)
    percent = min(100, province.explored.get(kid, 0) + terrain.basic_exploration_pct)
    chance = t.state.content.encounters.sea_feature_pct if terrain.rare_features else percent
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
        own = province.kingdom == character.kingdom
        chance = encounter_chance(t.state.content, province.terrain, action, with_army=False, in_own_kingdom=own)
        if chance > 0 and succeeds(
            chance, t.ctx.dice.roll(f"encounter:{cid}", 1, chance_sides(chance), visible_to=GM_ONLY)[0]
        ):
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
        character, pack = t.state.characters[cid], t.state.content
        province = t.state.provinces[character.location]
        monster = next((m for m in province.monsters if m.id == order.monster), None)
        if monster is None or not character.alive:
            t.emit(e.OrderFailed(character.kingdom, cid, "NegotiateWithMonster", "the monster is not here"))
            continue
        t.gain(cid, "tactic_ta")
        chance = negotiation_chance(t.state.content, character.abilities.get("druid", 0), pack.monster(monster.kind))
        talks = chance >= 1
        if 0 < chance < 1:
            face = t.ctx.dice.roll(f"negotiate:{cid}", 1, chance_sides(chance), visible_to=GM_ONLY)[0]
            talks = succeeds(chance, face)
        counted = monster.hit_points if talks and monster.hostile else 0
        t.emit(e.MonsterNegotiated(character.kingdom, cid, province.id, monster.id, talks, counted))
        verb = "persuaded" if talks else "could not talk to"
        t.report(character.kingdom, f"{character.name} {verb} the {monster.kind} in {province.name}.")
