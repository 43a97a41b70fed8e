"""A character against a monster: the encounter plan tried in order, with the temper table as automatic behaviour
[004:169-195] and every draw recorded.

The duel chapter is lost, so the hit and damage rules are this module's documented defaults (the GM corrects an
outcome with rulings): a character hits on 50% + 10% per level of the ability the tactic uses (+10% Elan for the
Brave) for (level + 1)d6; a monster hits on 40% + 10% per skill (-10% against a Cautious character's parrying) for
its table's damage (1-6, 1-7, 1-8). Talking (TA) neutralizes with the content's negotiation chance for a character
whose Druid level can talk to the monster's kind. From the table: a Berserker's Rage gives 1-4 extra hit points; a
Cautious or Cowardly character (not a King [004:195]) may refuse combat by his refusal %, and then flees (FL: 50%,
+10% for the Cautious); a Coward flees after any harmful blow and, at death's door, begs for mercy (50%).
"""

from __future__ import annotations

from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms.content import ContentPack
from domain.rulesets.kingdoms.rules.draws import chance_sides, succeeds
from domain.rulesets.kingdoms.rules.monsters import negotiation_chance
from domain.rulesets.kingdoms.state import Character, MonsterState
from domain.rulesets.kingdoms.turn.context import GM_ONLY, Turn

TACTIC_ABILITY = {"FI": "archery", "ME": "melee", "ST": "thief", "TA": "druid"}


def _magic(pack: ContentPack, character: Character) -> str:
    magic = sorted(a.id for a in pack.abilities if a.magic)
    return max(magic, key=lambda a: character.abilities.get(a, 0))


def _flee(t: Turn, character: Character) -> bool:
    chance = 50 + (10 if character.temper == "cautious" else 0)  # Fleeing: +10% [004:191]
    return t.ctx.dice.roll(f"flee:{character.id}", 1, 100, visible_to=GM_ONLY)[0] <= chance


def fight(t: Turn, character: Character, monster: MonsterState, province: str) -> e.EncounterResolved:
    cid, pack = character.id, t.state.content
    table = pack.monster(monster.kind)
    pool, monster_hp, lines, tried = character.hit_points, monster.hit_points, [], []
    if character.temper == "berserk":
        rage = t.ctx.dice.roll(f"rage:{cid}", 1, 4, visible_to=GM_ONLY)[0]
        pool += rage
        lines.append(f"{character.name} flies into a rage (+{rage} hit points).")
    outcome = "driven_off"
    refuses = character.temper in ("cautious", "cowardly") and not character.is_king
    if refuses and t.ctx.dice.roll(f"refusal:{cid}", 1, 100, visible_to=GM_ONLY)[0] <= character.refusal:
        lines.append(f"{character.name} refuses to fight.")
        plan: tuple[str, ...] = ("FL",)
    else:
        plan = character.encounter_plan or ("ME",)
    for tactic in plan:
        tried.append(tactic)
        ability = _magic(pack, character) if tactic == "CA" else TACTIC_ABILITY.get(tactic, "")
        if tactic != "FL":
            t.gain(cid, f"tactic_{tactic.lower()}", ability if tactic == "CA" else None)
        if tactic == "FL":
            if _flee(t, character):
                outcome = "fled"
                break
            continue
        if tactic == "TA":
            chance = negotiation_chance(pack, character.abilities.get("druid", 0), table)
            talks = chance >= 1
            if 0 < chance < 1:
                talks = succeeds(
                    chance, t.ctx.dice.roll(f"negotiate:{cid}", 1, chance_sides(chance), visible_to=GM_ONLY)[0]
                )
            if talks:
                outcome = "neutralized"
                break
            continue
        if tactic == "ST":
            continue  # a monster carries nothing to steal (items are the GM's: GiveItem)
        level = character.abilities.get(ability, 0)
        to_hit = 50 + 10 * level + (10 if character.temper == "brave" else 0)
        if t.ctx.dice.roll(f"hit:{cid}", 1, 100, visible_to=GM_ONLY)[0] <= to_hit:
            dealt = sum(t.ctx.dice.roll(f"damage:{cid}", level + 1, 6, visible_to=GM_ONLY))
            monster_hp -= dealt
            lines.append(f"{character.name} strikes ({tactic}) for {dealt}.")
        if monster_hp <= 0:
            outcome = "slain"
            break
        missile = tactic == "FI" and table.missile_skill and table.missile_damage is not None
        skill = table.missile_skill if missile else table.melee_skill
        blow = (table.missile_damage if missile else table.melee_damage) or pack.combat.character_melee_damage
        hits = 40 + 10 * skill - (10 if character.temper == "cautious" else 0)
        if t.ctx.dice.roll(f"monster-hit:{cid}", 1, 100, visible_to=GM_ONLY)[0] <= hits:
            face = t.ctx.dice.roll(f"monster-damage:{cid}", 1, blow.high - blow.low + 1, visible_to=GM_ONLY)[0]
            wound = blow.low + face - 1
            pool -= wound
            lines.append(f"The {monster.kind} wounds {character.name} for {wound}.")
            if pool <= 0:
                begged = character.temper == "cowardly" and (
                    t.ctx.dice.roll(f"mercy:{cid}", 1, 100, visible_to=GM_ONLY)[0] <= 50
                )
                outcome, pool = ("fled", 1) if begged else ("killed", pool)
                lines.append("He begs for mercy and is spared." if begged else f"{character.name} is slain.")
                break
            if character.temper == "cowardly" and _flee(t, character):
                outcome = "fled"
                break
    counted = monster.hit_points if outcome in ("slain", "neutralized") else 0
    return e.EncounterResolved(
        kingdom=character.kingdom,
        character=cid,
        province=province,
        monster=monster.id,
        kind=monster.kind,
        outcome=outcome,
        tactics=tuple(tried),
        monster_hit_points=max(monster_hp, 0),
        hit_points=min(pool, character.hit_points),
        counted=counted,
        lines=tuple(lines),
    )
