"""Experience rolls [004:119-137]: one roll per action taken, with the chance of the content's experience table
(1d100, or a finer die for a finer chance); success raises the ability a level, up to its maximum (5); a
character at the maximum rolls nothing."""

from __future__ import annotations

from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms.rules.characters import experience_stake, improved_level
from domain.rulesets.kingdoms.rules.draws import chance_sides, succeeds
from domain.rulesets.kingdoms.turn.context import GM_ONLY, Turn


def experience(t: Turn) -> None:
    pack = t.state.content
    for cid, action, magic, at_sea in t.experience:
        character = t.state.characters.get(cid)
        if character is None or not character.alive:
            continue
        stake = experience_stake(pack, action, at_sea=at_sea, magic=magic)
        level = character.abilities.get(stake.ability, 0)
        if improved_level(pack, stake.ability, level) == level or stake.chance <= 0:
            continue
        face = t.ctx.dice.roll(f"experience:{cid}:{action}", 1, chance_sides(stake.chance), visible_to=GM_ONLY)[0]
        if succeeds(stake.chance, face):
            t.emit(e.ExperienceGained(character.kingdom, cid, action, stake.ability, level + 1))
            t.report(character.kingdom, f"{character.name} improved {stake.ability} to level {level + 1}.")
