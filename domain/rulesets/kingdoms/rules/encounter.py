"""A character's encounter with a monster, round by round along the encounter plan, the temper acting on its own.

Readings (the encounter chapter is missing: C8; kingdoms.md C1 names the tactics TA, FI, ME, CA, ST, FL):
- Each round the character uses the next tactic of the plan; after the last, the last repeats; at most
  `combat.encounter_rounds` rounds, after which the two part.
- Berserk Rage adds 1-4 hit points at the start [004:187].
- Before each round the temper decides on flight [004:171-183]: the risk is the monster's chance of a killing
  blow next round; the odds "seem unfavourable" when the monster has more hit points left than the character. A
  character who wants to flee, or whose plan says FL, tries to flee (`combat.flee_chance`); a failed attempt
  costs the round, and the monster strikes.
- TA talks (`monsters.negotiation_chance`): success neutralises the monster and ends the encounter; the monster
  strikes after a failure. FI fires arrows (Archery; no arrows without the ability); a monster with missiles
  fires back, others wait. ME: the character strikes, then the monster if still alive. CA and ST have no
  effect here (combat spells and stealing are content or GM rulings) but count as attempted (experience).
- After a harmful blow a Coward may flee at once (`combat.draw_flee_after_blow`), trying as above.
- Each tactic attempted is listed once for the experience rolls of [004:132-137].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.content.people import Monster
from domain.rulesets.kingdoms.rules.combat import (
    FLEE,
    Fighter,
    death_blow_risk,
    draw_flee_after_blow,
    draw_rage,
    draw_strike,
    flee_chance,
    hit_chance,
    monster_fighter,
    wants_to_flee,
)
from domain.rulesets.kingdoms.rules.draws import Roller, Viewers, draw_chance
from domain.rulesets.kingdoms.rules.monsters import negotiation_chance

Outcome = Literal["slain", "neutralized", "fled", "killed", "parted"]


class Round(msgspec.Struct, frozen=True):
    """One round: the tactic used (FL for flight), what the character dealt and took."""

    tactic: str
    dealt: int = 0
    taken: int = 0
    note: str = ""


class EncounterResult(msgspec.Struct, frozen=True):
    outcome: Outcome
    rounds: list[Round]
    character_hp: int
    monster_hp: int
    tactics: list[str]


class _Fight:
    def __init__(self, pack: ContentPack, roller: Roller, purpose: str, hero: Fighter, beast: Fighter) -> None:
        self.pack, self.roller, self.purpose = pack, roller, purpose
        self.hero, self.beast = hero, beast
        self.hero_hp, self.beast_hp = hero.hit_points, beast.hit_points

    def flee(self, tag: str, visible_to: Viewers) -> bool:
        chance = flee_chance(self.pack, self.hero.temper)
        return draw_chance(self.roller, f"{self.purpose}:{tag}:flee", chance, visible_to)

    def beast_strikes(self, n: int, melee: bool, visible_to: Viewers) -> int:
        damage = self.beast.melee_damage if melee else self.beast.missile_damage
        if damage is None or damage.high == 0:
            return 0
        chance = hit_chance(self.pack, self.beast, self.hero, melee=melee)
        taken = draw_strike(self.roller, f"{self.purpose}:r{n}:monster", chance, damage, visible_to)
        self.hero_hp -= taken
        return taken

    def hero_strikes(self, n: int, melee: bool, visible_to: Viewers) -> int:
        damage = self.hero.melee_damage if melee else self.hero.missile_damage
        if damage is None:
            return 0
        chance = hit_chance(self.pack, self.hero, self.beast, melee=melee)
        dealt = draw_strike(self.roller, f"{self.purpose}:r{n}:character", chance, damage, visible_to)
        self.beast_hp -= dealt
        return dealt

    def wants_out(self) -> bool:
        if self.hero.temper is None:
            return False
        risk = death_blow_risk(
            hit_chance(self.pack, self.beast, self.hero), self.beast.melee_damage, max(self.hero_hp, 1)
        )
        unfavourable = self.beast_hp > self.hero_hp
        return wants_to_flee(self.pack, self.hero.temper, death_risk=risk, odds_unfavourable=unfavourable)


def _tactic_at(plan: Sequence[str], n: int) -> str:
    return plan[min(n, len(plan) - 1)] if plan else "ME"


def resolve_encounter(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    hero: Fighter,
    monster: Monster,
    plan: Sequence[str],
    *,
    druid_level: int = 0,
    visible_to: Viewers = None,
) -> EncounterResult:
    """The encounter of `hero` (see `combat.character_fighter`) with `monster`, following `plan`."""
    fight = _Fight(pack, roller, purpose, hero, monster_fighter(monster))
    if hero.temper is not None:
        fight.hero_hp += draw_rage(pack, roller, f"{purpose}:rage", hero.temper, visible_to)
    rounds: list[Round] = []
    tactics: list[str] = []
    for n in range(pack.combat.encounter_rounds):
        tactic = FLEE if fight.wants_out() else _tactic_at(plan, n)
        if tactic not in tactics:
            tactics.append(tactic)
        outcome, played = _play(fight, n, tactic, monster, druid_level, visible_to)
        rounds.append(played)
        if outcome is None and played.taken and fight.hero_hp > 0 and hero.temper is not None:
            if draw_flee_after_blow(pack, roller, f"{purpose}:r{n}:after_blow", hero.temper, visible_to):
                outcome = "fled" if fight.flee(f"r{n}:after_blow", visible_to) else None
        if fight.hero_hp <= 0:
            outcome = "killed"
        elif fight.beast_hp <= 0:
            outcome = "slain"
        if outcome is not None:
            return EncounterResult(outcome, rounds, fight.hero_hp, max(fight.beast_hp, 0), tactics)
    return EncounterResult("parted", rounds, fight.hero_hp, max(fight.beast_hp, 0), tactics)


def _play(
    fight: _Fight, n: int, tactic: str, monster: Monster, druid_level: int, visible_to: Viewers
) -> tuple[Outcome | None, Round]:
    if tactic == FLEE:
        if fight.flee(f"r{n}", visible_to):
            return "fled", Round(tactic=tactic, note="escaped")
        return None, Round(tactic=tactic, taken=fight.beast_strikes(n, True, visible_to), note="failed to flee")
    if tactic == "TA":
        chance = negotiation_chance(fight.pack, druid_level, monster)
        if draw_chance(fight.roller, f"{fight.purpose}:r{n}:talk", chance, visible_to):
            return "neutralized", Round(tactic=tactic, note="the monster is neutralised")
        return None, Round(tactic=tactic, taken=fight.beast_strikes(n, True, visible_to), note="talks failed")
    if tactic == "FI":
        dealt = fight.hero_strikes(n, False, visible_to)
        taken = fight.beast_strikes(n, False, visible_to) if fight.beast_hp > 0 else 0
        return None, Round(tactic=tactic, dealt=dealt, taken=taken)
    if tactic == "ME":
        dealt = fight.hero_strikes(n, True, visible_to)
        taken = fight.beast_strikes(n, True, visible_to) if fight.beast_hp > 0 else 0
        return None, Round(tactic=tactic, dealt=dealt, taken=taken)
    return None, Round(tactic=tactic, taken=fight.beast_strikes(n, True, visible_to), note="no effect on a monster")
