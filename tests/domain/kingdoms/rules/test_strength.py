"""Army strength, formula by formula ([004:38-98], kingdoms.md C4) and the C7 cases PBM-01 to PBM-16."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.content.armies import ArmyType, Race
from domain.rulesets.kingdoms.rules.strength import (
    QualityModifiers,
    SpecialFactors,
    command_level,
    effective_quality,
    exploration_edge,
    is_nemesis,
    lacks_camels,
    quality_multiplier,
    special_factor,
    terrain_strength,
    unit_strength,
)

PACK = default_pack()
NONE = QualityModifiers()


def army(code: str) -> ArmyType:
    return PACK.army_type(code)


def race(race_id: str) -> Race:
    return PACK.race(race_id)


def test_pbm_01_defense_and_exploration_multiply_to_1_5625_not_the_texts_1_625() -> None:
    """PBM-01 [004:59], [004:98]: "The special factors are multiplied, not added together. (eg. If you have both the
    Defense and Exploration bonuses, your strength is multiplied by 1.25 x 1.25 = 1.625.)" (erratum: 1.5625)."""
    factors = SpecialFactors(defending=True, own_explored_pct=100, enemy_explored_pct=0)
    result = unit_strength(PACK, army("HC"), race("human"), 1, "plain", mods=NONE, factors=factors)
    assert result.terrain_strength == 5  # (4 + 1 home terrain) [004:47]
    assert result.factor == Fraction(25, 16)  # 1.5625
    assert result.total == Fraction(125, 16)  # 7.8125


def test_pbm_04_a_garrison_is_3_defending_and_1_attacking() -> None:
    """PBM-04 [004:40]: "Garrison units have a strength of 3 when defending a province, but only 1 when attacking";
    [004:59] "The strength of a defending army is multiplied by 1.25"."""
    garrison, human = army("GA"), race("human")
    defending = unit_strength(PACK, garrison, human, 1, "plain", mods=NONE, factors=SpecialFactors(defending=True))
    attacking = unit_strength(PACK, garrison, human, 1, "plain", mods=NONE, factors=SpecialFactors())
    assert defending.total == Fraction(15, 4)  # 3.75
    assert attacking.total == 1


def test_pbm_07_whales_have_zero_strength_off_the_sea() -> None:
    """PBM-07 [004:75]: "When fighting in any terrain other than Sea, they have zero strength."."""
    elite_whales = unit_strength(PACK, army("WH"), None, 5, "plain", mods=NONE, factors=SpecialFactors())
    assert elite_whales.total == 0
    assert army("WH").safe_retreat  # "they can retreat into a Sea hex automatically without fear of being destroyed"
    at_sea = unit_strength(PACK, army("WH"), None, 5, "sea", mods=NONE, factors=SpecialFactors())
    assert at_sea.total == (5 + 1) * 5


def test_pbm_10_phantasmal_armies_add_15_percent_per_caster_level() -> None:
    """PBM-10 [004:95]: "Phantasmal Armies: +15% per level of caster"; a unit of strength 10 with a level-3
    caster: x 1.45 = 14.5."""
    factor = special_factor(PACK, SpecialFactors(phantasmal_level=3))
    assert factor == Fraction(29, 20)
    assert 10 * factor == Fraction(29, 2)


def test_pbm_13_defense_tactical_and_nemesis_make_exactly_one() -> None:
    """PBM-13 [004:49] "A unit's strength is 2/3 normal when fighting against its nemesis", [004:57] "increased in
    strength by 20% per level", [004:59] x 1.25: 1.25 x 1.2 x 2/3 = 1 exactly (not 0.67 x ...)."""
    factors = SpecialFactors(defending=True, command_level=1, nemesis=True)
    assert special_factor(PACK, factors) == 1


def test_pbm_16_a_phalanx_fears_the_legion_but_not_the_other_way_round() -> None:
    """PBM-16 [004:21-22]: "Phalanx PH 3 2 2 Plains For,Jung,SeaLegion", "Legion LE 3 2 2 None SeaHvy Cavalry"."""
    assert is_nemesis(army("PH"), army("LE"))
    assert not is_nemesis(army("LE"), army("PH"))
    phalanx = unit_strength(PACK, army("PH"), None, 1, "plain", mods=NONE, factors=SpecialFactors(nemesis=True))
    assert phalanx.total == Fraction(4 * 2, 3)


def test_beasts_are_the_nemesis_of_horses() -> None:
    """[004:67] "Beasts" are camels, elephants, werebeasts, wargs and dragons. Horses are frightened of these."""
    assert all(is_nemesis(army("LC"), army(code)) for code in ("CC", "EL", "WE", "WR", "DR"))
    assert is_nemesis(army("CH"), army("EL"))
    assert not is_nemesis(army("LC"), army("EA"))


def test_race_bonuses_add_as_type_and_in_home_terrain() -> None:
    """[004:42] "Elves: +1 when fighting as Bowmen, +1 in Forest." plus [004:47] +1 in the type's home terrain."""
    assert terrain_strength(army("BO"), race("elf"), "forest", defending=False) == 2 + 1 + 1 + 1
    assert terrain_strength(army("BO"), race("elf"), "plain", defending=False) == 2 + 1
    assert terrain_strength(army("AX"), race("dwarf"), "mountain", defending=False) == 2 + 1 + 1 + 1
    assert terrain_strength(army("PH"), race("orc"), "mountain", defending=False) == 3 + 1 + 1


def test_humans_get_no_terrain_bonus() -> None:
    """[004:45] "Humans: +1 as Legion (no bonus for any terrain.)"."""
    assert terrain_strength(army("LE"), race("human"), "plain", defending=False) == 4
    assert terrain_strength(army("LE"), race("human"), "mountain", defending=False) == 4


def test_adverse_terrain_halves_after_the_additions() -> None:
    """[004:47] "A unit's strength is halved in adverse terrain." ([004:82] "Halve" comes after the +1 lines.)"""
    assert terrain_strength(army("PH"), race("orc"), "forest", defending=False) == Fraction(3 + 1, 2)
    assert terrain_strength(army("HC"), None, "mountain", defending=False) == 2


def test_elephants_fight_at_their_drawn_strength() -> None:
    """[004:65] "Elephants are unpredictable in battle and can have a strength of anywhere between 2 and 5."."""
    assert terrain_strength(army("EL"), None, "jungle", defending=False, drawn=5) == 6
    assert terrain_strength(army("EL"), None, "forest", defending=False, drawn=2) == 1


def test_illusory_terrain_averages_real_and_illusory_terrain() -> None:
    """[004:83] "Illusory Terrain spell: effects of illusory and real terrain are averaged."."""
    # Hvy Cavalry: Plains 5 (home), Forest 2 (adverse): averaged 7/2.
    assert terrain_strength(army("HC"), None, "plain", defending=False, illusory="forest") == Fraction(7, 2)


def test_quality_multiplies_and_its_modifiers_add() -> None:
    """[004:53] "strength multiplied by the quality level (... Green = 1, Average = 2, Veteran = 3 ...)";
    [004:85-89] -1 desert without camels, +1 home province, +1 fanatical, +1 Oratory."""
    mods = QualityModifiers(desert_without_camels=True, home_province=True, fanatical=True, spell_bonus=1)
    assert effective_quality(PACK, 2, mods) == 2 - 1 + 1 + 1 + 1
    assert effective_quality(PACK, 3, QualityModifiers(druid_shortfall=2)) == 1
    assert quality_multiplier(PACK, 4) == 4


def test_depleted_units_keep_a_small_intrinsic_strength() -> None:
    """[004:53] "Even though Depleted and Sub-Depleted have a strength multiplier of zero, units still have a
    small intrinsic strength." (content default: 1/10 of the terrain strength, 1/20 below Depleted)."""
    depleted = unit_strength(PACK, army("LE"), None, 0, "plain", mods=NONE, factors=SpecialFactors())
    assert depleted.total == Fraction(3, 10)
    sub = unit_strength(PACK, army("LE"), None, -1, "plain", mods=NONE, factors=SpecialFactors())
    assert sub.total == Fraction(3, 20)


def test_super_elite_multiplies_by_six_and_more() -> None:
    """[004:53] "Super-Elite signifies a strength multiplier of 6+"."""
    assert quality_multiplier(PACK, effective_quality(PACK, 5, QualityModifiers(fanatical=True, item_bonus=1))) == 7


def test_fighting_in_the_kings_home_province_raises_quality() -> None:
    """[004:55] "When a unit fights a battle in the starting home province of a player-King who owns the unit,
    it's quality is increased by 1 level."."""
    home = unit_strength(PACK, army("LE"), None, 1, "plain", mods=QualityModifiers(home_province=True),
                         factors=SpecialFactors())  # fmt: skip
    assert home.total == 3 * 2


def test_exploration_edge_is_proportional_to_the_difference() -> None:
    """[004:59] "up to a 25% advantage, if they have explored 100% of the province and the other side has not"."""
    assert exploration_edge(100, 0) == 1
    assert exploration_edge(60, 20) == Fraction(2, 5)
    assert exploration_edge(20, 60) == 0
    assert special_factor(PACK, SpecialFactors(own_explored_pct=60, enemy_explored_pct=20)) == Fraction(11, 10)


def test_tactical_ability_is_linear_and_naval_counts_at_sea() -> None:
    """[004:57] "increased in strength by 20% per level"; [004:94] "(or Naval ability in Sea provinces)"."""
    assert special_factor(PACK, SpecialFactors(command_level=3)) == Fraction(8, 5)
    assert command_level("sea", tactical=3, naval=1) == 1
    assert command_level("plain", tactical=3, naval=1) == 3


def test_random_events_multiply_too() -> None:
    """[004:97] "Random Event: +/-%" among the special factors, multiplied [004:98]."""
    factors = SpecialFactors(defending=True, random_events=(Fraction(3, 2), Fraction(3, 4)))
    assert special_factor(PACK, factors) == Fraction(5, 4) * Fraction(9, 8)


def test_a_desert_battle_without_camels_costs_that_side_a_quality_level() -> None:
    """[004:69] "In a desert battle, one camel unit should be present ... If not, all armies have their quality
    reduced by 1 level." (per side, appendix #30)."""
    assert lacks_camels(PACK, "desert", ["LE", "HC"])
    assert not lacks_camels(PACK, "desert", ["LE", "CC"])
    assert not lacks_camels(PACK, "plain", ["LE"])


def test_a_side_demoralized_by_its_duellist_fights_at_three_quarters() -> None:
    """[004:193] "In battle duels, the Coward makes excuses 2/3 of the time ... thus avoiding the 25%
    demoralization." (read as a special factor x 0.75 on the side)."""
    assert special_factor(PACK, SpecialFactors(defending=True, demoralized_pct=25)) == Fraction(15, 16)
