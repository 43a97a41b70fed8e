"""Personal combat (encounters, battle duels, monsters) and the temper table as automatic behaviour [2.4].

Players never choose these behaviours: a character's temper decides, with recorded draws (kingdoms.md C3).

Readings (the character combat rules are missing: C8; formulas in content `combat`):
- To hit: `base_hit_pct` + `per_skill_pct` x (attacker's skill - defender's skill); in melee also the
  attacker's Elan (+10% [004:189]), the defender's Parrying (-10% [004:190]) and a Berserk defender's
  Intimidation (-5/-10/-15% by the attacker's temper [004:188]); clamped to 5-95%. A hit deals the damage range
  drawn uniformly (monsters by the table [004:256-262]; characters 1-6 by default).
- The death-blow risk is the chance that the opponent's next blow kills: to-hit x P(damage >= hit points).
- Flight [004:171-183]: never (Berserk); Brave when the odds seem unfavourable and the risk reaches 50%;
  Cautious at 25%; Cowardly at any risk, and after any harmful blow with a 50% draw ("may also flee").
- Refusal: each character's refusal chance is drawn once from the temper's range (Cautious 1-50%, Cowardly
  50-100%) and then drawn against at each combat; a Cowardly or Cautious King never refuses [004:195].
- Battle duels [004:193]: an FL at the start of the plan flees the duel; a character who refuses (temper draw)
  and has the Bluff makes excuses 2/3 of the time and so avoids the 25% demoralization; fleeing or refusing
  without a successful bluff demoralizes.
- Berserk Rage [004:187]: 1-4 extra hit points drawn per combat. Begging [004:192]: see content `combat`.
- Monsters fight at their table's average hit points (no draw).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

import msgspec

from domain.rulesets.kingdoms.content.armies import Range
from domain.rulesets.kingdoms.content.fields import fraction
from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.content.people import Monster
from domain.rulesets.kingdoms.rules.draws import Roller, Viewers, clamp, draw_chance, draw_range, pct

FLEE = "FL"
DuelOutcome = Literal["fights", "flees", "bluffs", "refuses"]


class Fighter(msgspec.Struct, frozen=True, kw_only=True):
    """A combatant: a character (Melee/Archery levels as skills) or a monster."""

    name: str
    hit_points: int
    melee_skill: int
    melee_damage: Range
    missile_skill: int = 0
    missile_damage: Range | None = None
    temper: str | None = None


def character_fighter(
    pack: ContentPack, name: str, hit_points: int, melee: int, archery: int, temper: str | None
) -> Fighter:
    rules = pack.combat
    return Fighter(
        name=name,
        hit_points=hit_points,
        melee_skill=melee,
        melee_damage=rules.character_melee_damage,
        missile_skill=archery,
        missile_damage=rules.character_missile_damage if archery else None,
        temper=temper,
    )


def monster_fighter(monster: Monster) -> Fighter:
    """A monster of the table [004:250-262] at its average hit points."""
    return Fighter(
        name=monster.name,
        hit_points=monster.hit_points,
        melee_skill=monster.melee_skill,
        melee_damage=monster.melee_damage or Range(low=0, high=0),
        missile_skill=monster.missile_skill,
        missile_damage=monster.missile_damage,
    )


def hit_chance(pack: ContentPack, attacker: Fighter, defender: Fighter, *, melee: bool = True) -> Fraction:
    """The attacker's chance to hit (module docstring)."""
    rules = pack.combat
    skill = attacker.melee_skill if melee else attacker.missile_skill
    other = defender.melee_skill if melee else defender.missile_skill
    value = rules.base_hit_pct + rules.per_skill_pct * (skill - other)
    if melee and attacker.temper is not None:
        value += pack.temper(attacker.temper).to_hit_pct  # Elan
    if melee and defender.temper is not None:
        guard = pack.temper(defender.temper)
        value += guard.opponent_to_hit_pct  # Parrying
        if attacker.temper is not None:
            value += guard.intimidation_pct.get(attacker.temper, 0)  # Intimidation
    return clamp(pct(value), pct(rules.min_hit_pct), pct(rules.max_hit_pct))


def draw_strike(roller: Roller, purpose: str, chance: Fraction, damage: Range, visible_to: Viewers = None) -> int:
    """One blow: the damage dealt (0 on a miss); the damage is drawn only on a hit."""
    if not draw_chance(roller, f"{purpose}:hit", chance, visible_to):
        return 0
    return draw_range(roller, f"{purpose}:damage", damage.low, damage.high, visible_to)


def death_blow_risk(chance: Fraction, damage: Range, hit_points: int) -> Fraction:
    """The chance that one blow of `damage` at `chance` to hit takes the last `hit_points`."""
    if hit_points <= 0:
        return Fraction(1) if chance else Fraction(0)
    faces = damage.high - damage.low + 1
    killing = max(0, damage.high - max(damage.low, hit_points) + 1)
    return chance * Fraction(killing, faces)


def wants_to_flee(pack: ContentPack, temper: str, *, death_risk: Fraction, odds_unfavourable: bool) -> bool:
    """The temper table's flight column [004:171-183] (deterministic: the character's temper decides)."""
    row = pack.temper(temper)
    if row.flight_risk_pct is None or death_risk <= 0:
        return False
    if row.flight_needs_unfavourable_odds and not odds_unfavourable:
        return False
    return death_risk >= pct(row.flight_risk_pct)


def draw_flee_after_blow(
    pack: ContentPack, roller: Roller, purpose: str, temper: str, visible_to: Viewers = None
) -> bool:
    """[004:182] Cowardly: "may also flee after any harmful blow"."""
    return draw_chance(roller, purpose, pct(pack.temper(temper).flee_after_blow_pct), visible_to)


def flee_chance(pack: ContentPack, temper: str | None) -> Fraction:
    """The chance that an attempt to flee succeeds; Cautious "Fleeing: 10% is added" [004:191]."""
    bonus = pack.temper(temper).flee_pct if temper is not None else 0
    return clamp(pct(pack.combat.flee_base_pct + bonus))


def draw_refusal_pct(pack: ContentPack, roller: Roller, purpose: str, temper: str, visible_to: Viewers = ()) -> int:
    """A character's own refusal chance, drawn once from the temper's range (Cautious 1-50%, Cowardly 50-100%)."""
    span = pack.temper(temper).refusal
    return draw_range(roller, purpose, span.low, span.high, visible_to)


def refusal_chance(pack: ContentPack, temper: str, refusal_pct: int, *, is_king: bool) -> Fraction:
    """[004:195] "A cowardly or cautious King will never refuse combat"."""
    if is_king and pack.temper(temper).king_never_refuses:
        return Fraction(0)
    return pct(refusal_pct)


class DuelEntry(msgspec.Struct, frozen=True):
    """How a character meets a battle duel, and the demoralization (%) his side suffers for it."""

    outcome: DuelOutcome
    demoralization_pct: int


def draw_duel_entry(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    temper: str,
    refusal_pct: int,
    plan: Sequence[str],
    *,
    is_king: bool = False,
    visible_to: Viewers = None,
) -> DuelEntry:
    """[004:193] Entering a battle duel: flight (FL first), refusal, and the Coward's bluff."""
    penalty = pack.battle.duel_demoralization_pct
    if plan and plan[0] == FLEE:
        return DuelEntry(outcome="flees", demoralization_pct=penalty)
    chance = refusal_chance(pack, temper, refusal_pct, is_king=is_king)
    if not draw_chance(roller, f"{purpose}:refusal", chance, visible_to):
        return DuelEntry(outcome="fights", demoralization_pct=0)
    bluff = fraction(pack.temper(temper).bluff_chance)
    if draw_chance(roller, f"{purpose}:bluff", bluff, visible_to):
        return DuelEntry(outcome="bluffs", demoralization_pct=0)
    return DuelEntry(outcome="refuses", demoralization_pct=penalty)


def draw_rage(pack: ContentPack, roller: Roller, purpose: str, temper: str, visible_to: Viewers = None) -> int:
    """[004:187] Berserk Rage: "1-4 extra hit points" for this combat (0 for other tempers)."""
    span = pack.temper(temper).rage_hp
    return 0 if span is None else draw_range(roller, purpose, span.low, span.high, visible_to)


def begging_chance(pack: ContentPack, temper: str, beggar_alignment: str, victor_alignment: str) -> Fraction:
    """[004:192] Begging for mercy: "works best against Good characters and characters of similar alignment"."""
    base = pack.temper(temper).begging_pct
    if not base:
        return Fraction(0)
    rules = pack.combat
    difference = abs(pack.alignment(beggar_alignment).scale - pack.alignment(victor_alignment).scale)
    value = base - rules.begging_per_difference_pct * difference
    if victor_alignment == rules.begging_good_alignment:
        value += rules.begging_vs_good_pct
    return clamp(pct(value))


def draw_begging(
    pack: ContentPack,
    roller: Roller,
    purpose: str,
    temper: str,
    beggar_alignment: str,
    victor_alignment: str,
    visible_to: Viewers = None,
) -> bool:
    chance = begging_chance(pack, temper, beggar_alignment, victor_alignment)
    return draw_chance(roller, purpose, chance, visible_to)
