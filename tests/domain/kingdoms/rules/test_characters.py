"""Characters: experience [3.19], aptitudes [2.3], March [4.12], Druid [4.32], encounters [1.6]
(PBM-22, PBM-25)."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.rules.characters import (
    army_moves,
    can_talk_to,
    draw_encounter,
    draw_experience,
    draw_unify,
    druid_requirement,
    druid_shortfall,
    encounter_chance,
    experience_stake,
    extra_moves,
    starting_level,
    unify_chance,
)
from tests.domain.kingdoms.rules.helpers import gm_dice, rolled

PACK = default_pack()


def test_pbm_22_march_extra_moves_by_level_and_speed() -> None:
    """PBM-22 [004:226-234] "AbilityExtra movesfor... LevelSpeed 1-2Speed 3+ ... 312 ... 101 ... 422"; "Eagles and
    Dragons are not affected by March ability."."""
    legion, cavalry, ents, eagles = (PACK.army_type(c) for c in ("LE", "HC", "EN", "EA"))
    assert extra_moves(PACK, 3, legion) == 1  # speed 2
    assert extra_moves(PACK, 3, cavalry) == 2  # speed 3
    assert extra_moves(PACK, 1, ents) == 0  # speed 1
    assert extra_moves(PACK, 4, eagles) == 0


def test_an_army_moves_as_far_as_its_slowest_unit() -> None:
    """[004:38] "This speed is the number of Provinces an army can move per gameturn."."""
    units = [PACK.army_type("HC"), PACK.army_type("LE")]
    assert army_moves(PACK, 0, units) == 2
    assert army_moves(PACK, 3, units) == 3  # Legion 2 + 1; Hvy Cavalry 3 + 2
    assert army_moves(PACK, 4, [PACK.army_type("EA"), PACK.army_type("LC")]) == 5  # eagles 5 + 0, cavalry 4 + 2


def test_contingents_unify_by_distance_and_march_level() -> None:
    """[004:218-236] "Contingents Unify % / Distance to 2nd force: 0 1 2 / 80 50 20 / 90 60 30 ..."."""
    assert unify_chance(PACK, (0, 0), "same") == Fraction(80, 100)
    assert unify_chance(PACK, (1, 0), "adjacent") == Fraction(60, 100)
    assert unify_chance(PACK, (0, 4), "far") == Fraction(60, 100)
    dice = gm_dice((100, 51))
    assert not draw_unify(PACK, dice, "unify:p7", (0, 0), "adjacent")
    assert rolled(dice) == [("unify:p7", 100, (51,))]


def test_pbm_25_a_druid_2_leader_leads_trolls_but_not_eagles() -> None:
    """PBM-25 [004:246-247] "2 Whales, Trolls ... 3 Eagles, Ents"; [004:86] "-? if led by leader with insufficient
    Druidic ability" (content default: -1 quality per level short)."""
    assert druid_shortfall(PACK, 2, None, "TR") == 0
    assert druid_shortfall(PACK, 2, None, "EA") == 1
    assert druid_requirement(PACK, "human", "LE") == 1
    assert druid_requirement(PACK, None, "DR") == 4
    assert druid_requirement(PACK, "elf", "EA") == 3


def test_druids_talk_to_more_monsters_as_they_rise() -> None:
    """[004:241-248] "Can talk to... Avians, mammals / Reptilians, sea creatures / Insectoid monsters / All"."""
    assert can_talk_to(PACK, 1, "avian")
    assert not can_talk_to(PACK, 1, "reptilian")
    assert can_talk_to(PACK, 2, "reptilian")
    assert not can_talk_to(PACK, 3, "demon")
    assert can_talk_to(PACK, 4, "demon")
    assert not can_talk_to(PACK, 0, "avian")


def test_experience_chances_per_action() -> None:
    """[004:122-137] "Move (on land, with armies)10% Forced March", "Supreme Commander at battle 15% Tactical or
    Naval", "ST-eal15% Thief", "Cast Action Spell10% in related Magical Ability"."""
    assert experience_stake(PACK, "move_land_army").ability == "march"
    commander = experience_stake(PACK, "supreme_commander", at_sea=True)
    assert (commander.ability, commander.chance) == ("naval", Fraction(15, 100))
    assert experience_stake(PACK, "supreme_commander").ability == "tactical"
    assert experience_stake(PACK, "tactic_st").chance == Fraction(15, 100)
    assert experience_stake(PACK, "cast_action_spell", magic="illusory").ability == "illusory"
    assert experience_stake(PACK, "recruit").chance == Fraction(5, 100)


def test_an_experience_roll_raises_the_ability_one_level() -> None:
    """[004:129] "Spy/Trail/Pursue10% Spy": a roll of 10 improves Spy 2 to 3, 11 does not."""
    assert draw_experience(PACK, gm_dice((100, 10)), "xp:c1:spy", "spy", {"spy": 2}) == ("spy", 3)
    assert draw_experience(PACK, gm_dice((100, 11)), "xp:c1:spy", "spy", {"spy": 2}) is None
    at_cap = gm_dice()
    assert draw_experience(PACK, at_cap, "xp:c1:spy", "spy", {"spy": 5}) is None
    assert at_cap.rolled == []


def test_alignment_aptitudes_double_the_starting_level_up_to_5() -> None:
    """[004:166] "Their starting aptitude is doubled for these abilities, up to level 5." Neutral: Illusory, Spy;
    Divine: "+1 White Magic"."""
    assert starting_level(PACK, "neutral", "spy", 2) == 4
    assert starting_level(PACK, "neutral", "spy", 3) == 5
    assert starting_level(PACK, "neutral", "thief", 2) == 2
    assert starting_level(PACK, "divine", "white", 2) == 3
    assert starting_level(PACK, "undead", "necromancy", 5) == 5


def test_encounter_chances_by_terrain_action_army_and_kingdom() -> None:
    """[004:116] "The chance of encountering monsters applies to Move, Pursue, Trail, Explore and Search actions.
    It does not apply when a character Moves or Pursues with an army, and is halved when the character is within
    the boundaries of the Kingdom." Jungle: 25%."""
    assert encounter_chance(PACK, "jungle", "explore", with_army=False, in_own_kingdom=False) == Fraction(1, 4)
    assert encounter_chance(PACK, "jungle", "explore", with_army=False, in_own_kingdom=True) == Fraction(1, 8)
    assert encounter_chance(PACK, "jungle", "move", with_army=True, in_own_kingdom=False) == 0
    assert encounter_chance(PACK, "jungle", "trail", with_army=True, in_own_kingdom=False) == Fraction(1, 4)
    assert encounter_chance(PACK, "jungle", "recruit", with_army=False, in_own_kingdom=False) == 0
    # 1/8 is drawn exactly on 200 faces: 25 or less meets a monster.
    dice = gm_dice((200, 25))
    assert draw_encounter(PACK, dice, "encounter:c1", "jungle", "explore", with_army=False, in_own_kingdom=True)
    assert rolled(dice) == [("encounter:c1", 200, (25,))]
