"""Personal combat and the temper table as automatic behaviour [2.4], monsters [5.9]."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.content.armies import Range
from domain.rulesets.kingdoms.rules.combat import (
    Fighter,
    begging_chance,
    character_fighter,
    death_blow_risk,
    draw_begging,
    draw_duel_entry,
    draw_flee_after_blow,
    draw_rage,
    draw_refusal_pct,
    draw_strike,
    flee_chance,
    hit_chance,
    monster_fighter,
    refusal_chance,
    wants_to_flee,
)
from domain.rulesets.kingdoms.rules.monsters import draw_negotiation, negotiation_chance
from tests.domain.kingdoms.rules.helpers import gm_dice, rolled

PACK = default_pack()


def fighter(temper: str | None, melee: int = 2) -> Fighter:
    return character_fighter(PACK, "x", 20, melee, 0, temper)


def test_elan_parrying_and_intimidation_change_the_chance_to_hit_in_melee() -> None:
    """[004:188] "Intimidation: Opponents are cowed and have less chance to hit in melee (Brave -5%, Cautious -10%,
    Cowardly -15%.)"; [004:189] Elan "+10% chance to hit"; [004:190] Parrying "his opponents have a -10% chance to
    hit"."""
    assert hit_chance(PACK, fighter(None), fighter(None)) == Fraction(50, 100)
    assert hit_chance(PACK, fighter("brave"), fighter(None)) == Fraction(60, 100)
    assert hit_chance(PACK, fighter(None), fighter("cautious")) == Fraction(40, 100)
    assert hit_chance(PACK, fighter("brave"), fighter("berserk")) == Fraction(55, 100)
    assert hit_chance(PACK, fighter("cowardly"), fighter("berserk")) == Fraction(35, 100)
    assert hit_chance(PACK, fighter("cautious"), fighter("berserk")) == Fraction(40, 100)


def test_monsters_fight_with_the_tables_skill_and_damage() -> None:
    """[004:259] "Demon 30 3 1-8 0 - Fast": skill 3 against a Melee-1 character: 50% + 2 x 10%."""
    demon = monster_fighter(PACK.monster("demon"))
    assert (demon.hit_points, demon.melee_damage) == (30, Range(low=1, high=8))
    assert hit_chance(PACK, demon, fighter(None, melee=1)) == Fraction(70, 100)
    giant = monster_fighter(PACK.monster("giant"))
    assert giant.missile_damage == Range(low=1, high=7)  # [004:257] "Giant 25 1 1-7 1 1-7 Medium"
    dice = gm_dice((100, 70), (8, 8))
    assert draw_strike(dice, "melee:r1", Fraction(70, 100), demon.melee_damage) == 8
    assert rolled(dice) == [("melee:r1:hit", 100, (70,)), ("melee:r1:damage", 8, (8,))]
    assert draw_strike(gm_dice((100, 71)), "melee:r1", Fraction(70, 100), demon.melee_damage) == 0


def test_the_death_blow_risk() -> None:
    """A 1-8 blow at 70% against 6 hit points: 70% x 3/8."""
    assert death_blow_risk(Fraction(7, 10), Range(low=1, high=8), 6) == Fraction(21, 80)
    assert death_blow_risk(Fraction(7, 10), Range(low=1, high=8), 9) == 0


def test_flight_follows_the_temper_table() -> None:
    """[004:171-183] Berserk: never; Brave: "When odds seem unfavorable and the risk of receiving a death blow
    seems large"; Cautious: "When the risk of receiving a death blow seems significant"; Cowardly: "When death
    possible"."""
    small, significant, large = Fraction(1, 20), Fraction(3, 10), Fraction(3, 5)
    assert not wants_to_flee(PACK, "berserk", death_risk=Fraction(1), odds_unfavourable=True)
    assert not wants_to_flee(PACK, "brave", death_risk=large, odds_unfavourable=False)
    assert wants_to_flee(PACK, "brave", death_risk=large, odds_unfavourable=True)
    assert not wants_to_flee(PACK, "brave", death_risk=significant, odds_unfavourable=True)
    assert wants_to_flee(PACK, "cautious", death_risk=significant, odds_unfavourable=False)
    assert not wants_to_flee(PACK, "cautious", death_risk=small, odds_unfavourable=False)
    assert wants_to_flee(PACK, "cowardly", death_risk=small, odds_unfavourable=False)
    assert not wants_to_flee(PACK, "cowardly", death_risk=Fraction(0), odds_unfavourable=True)


def test_a_coward_may_flee_after_any_harmful_blow() -> None:
    """[004:182] "may also flee after any harmful blow" (a 50% draw by default)."""
    assert draw_flee_after_blow(PACK, gm_dice((100, 50)), "flee:c1", "cowardly")
    none = gm_dice()
    assert not draw_flee_after_blow(PACK, none, "flee:c1", "brave")
    assert none.rolled == []


def test_cautious_fleeing_adds_ten_percent() -> None:
    """[004:191] "Fleeing: 10% is added to the chance of success when attempting to Flee."."""
    assert flee_chance(PACK, "cautious") - flee_chance(PACK, "brave") == Fraction(1, 10)


def test_refusal_is_drawn_from_the_tempers_range_and_kings_never_refuse() -> None:
    """[004:178], [004:183] Refusal: Cautious "1-50%", Cowardly "50-100%"; [004:195] "A cowardly or cautious King will
    never refuse combat"."""
    dice = gm_dice((51, 51))
    assert draw_refusal_pct(PACK, dice, "refusal:c1", "cowardly") == 100
    assert rolled(dice) == [("refusal:c1", 51, (51,))]
    assert refusal_chance(PACK, "cowardly", 80, is_king=True) == 0
    assert refusal_chance(PACK, "cowardly", 80, is_king=False) == Fraction(4, 5)
    assert draw_refusal_pct(PACK, gm_dice(), "refusal:c1", "brave") == 0


def test_a_coward_bluffs_two_times_in_three_to_avoid_demoralization() -> None:
    """[004:193] "In battle duels, the Coward makes excuses 2/3 of the time ... thus avoiding the 25%
    demoralization ... only used when ... an "FL" is not at the start of his encounter plan ... only when the
    coward has "refused to enter combat" according to the temper table." 2/3 is drawn on 300 faces."""
    bluffs = draw_duel_entry(PACK, gm_dice((100, 80), (300, 200)), "duel:c1", "cowardly", 80, ["ME", "FL"])
    assert (bluffs.outcome, bluffs.demoralization_pct) == ("bluffs", 0)
    caught = draw_duel_entry(PACK, gm_dice((100, 80), (300, 201)), "duel:c1", "cowardly", 80, ["ME"])
    assert (caught.outcome, caught.demoralization_pct) == ("refuses", 25)
    fights = draw_duel_entry(PACK, gm_dice((100, 81)), "duel:c1", "cowardly", 80, ["ME"])
    assert fights.outcome == "fights"
    flees = draw_duel_entry(PACK, gm_dice(), "duel:c1", "cowardly", 80, ["FL", "ME"])
    assert (flees.outcome, flees.demoralization_pct) == ("flees", 25)
    king = draw_duel_entry(PACK, gm_dice(), "duel:c1", "cowardly", 80, ["ME"], is_king=True)
    assert king.outcome == "fights"


def test_berserk_rage_adds_one_to_four_hit_points() -> None:
    """[004:187] "Rage: ... gives him 1-4 extra hit points."."""
    assert draw_rage(PACK, gm_dice((4, 3)), "rage:c1", "berserk") == 3
    assert draw_rage(PACK, gm_dice(), "rage:c1", "brave") == 0


def test_begging_works_best_against_good_and_similar_alignments() -> None:
    """[004:192] "Begging works best against Good characters and characters of similar alignment. On the average, it
    has a 50-50 chance of working." (defaults: +20% against Good, -10% per alignment step)."""
    assert begging_chance(PACK, "cowardly", "neutral", "neutral") == Fraction(1, 2)
    assert begging_chance(PACK, "cowardly", "good", "good") == Fraction(7, 10)
    assert begging_chance(PACK, "cowardly", "good", "evil") == Fraction(1, 10)
    assert begging_chance(PACK, "brave", "good", "good") == 0
    assert draw_begging(PACK, gm_dice((100, 70)), "beg:c1", "cowardly", "good", "good")


def test_negotiation_needs_a_druid_who_can_talk_to_the_monster() -> None:
    """[004:241-248] Druid 1 talks to "Avians, mammals", 4 to "All monsters"; negotiation neutralises a monster
    ([004:334] "Half points for neutralization by negotiations")."""
    gryphon, demon = PACK.monster("gryphon"), PACK.monster("demon")
    assert negotiation_chance(PACK, 1, gryphon) == Fraction(35, 100)
    assert negotiation_chance(PACK, 3, demon) == 0
    assert negotiation_chance(PACK, 4, demon) == Fraction(80, 100)
    assert draw_negotiation(PACK, gm_dice((100, 35)), "talk:c1", 1, gryphon)
