"""Experience rolls [004:119-137]: one 1d100 per action taken, at or under the table's chance raises the ability a
level (to 5 at most: abilities run 0-5 [004:166]); a character already at 5 rolls nothing."""

from __future__ import annotations

from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import tables
from domain.rulesets.kingdoms.turn.context import GM_ONLY, Turn

MAX_LEVEL = 5


def experience(t: Turn) -> None:
    for cid, action, given in t.experience:
        character = t.state.characters.get(cid)
        if character is None or not character.alive:
            continue
        chance, ability = tables.EXPERIENCE[action]
        if given:
            ability = given  # the related magical ability, or Naval at sea
        if ability == "magic":
            continue
        level = character.abilities.get(ability, 0)
        if level >= MAX_LEVEL:
            continue
        if t.ctx.dice.roll(f"experience:{cid}:{action}", 1, 100, visible_to=GM_ONLY)[0] <= chance:
            t.emit(e.ExperienceGained(character.kingdom, cid, action, ability, level + 1))
            t.report(character.kingdom, f"{character.name} improved {ability} to level {level + 1}.")
