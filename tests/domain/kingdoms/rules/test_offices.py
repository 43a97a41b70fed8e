"""Imperial offices [10.1]: merit, tie-breaks, artifacts and Prize % (PBM-28, PBM-31)."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.rules.monsters import defender_tally
from domain.rulesets.kingdoms.rules.offices import (
    Candidate,
    ability_tallies,
    alignment_factor,
    artifact_prizes,
    award_offices,
    kingdom_tallies,
    merit,
    prize_by_kingdom,
    raw_merit,
    standings,
)

PACK = default_pack()


def test_pbm_28_the_lord_high_defender_scores_hit_points_slain_and_half_for_negotiation() -> None:
    """PBM-28 [004:332-335] "For each hostile monster slain / Total hit points of monster / (Half points for
    neutralization by negotiations)"; [004:369] "No points are awarded for the Imperial Defender office for
    Fulfilling an agreement."."""
    defender = PACK.office("lord_high_defender")
    slain = defender_tally(PACK.monster("demon"), "slain")
    neutralized = defender_tally(PACK.monster("giant"), "neutralized")
    assert slain == ("monster_hp_slain", 30)
    assert raw_merit(defender, dict([slain])) == 30
    assert neutralized is not None and raw_merit(defender, dict([neutralized])) == Fraction(25, 2)
    assert defender_tally(PACK.monster("troll"), "agreement") is None
    same = Candidate(id="c1", kingdom="k1", alignment="good", tallies=dict([slain]))
    assert merit(PACK, defender, same, "good") == 30  # no alignment difference with the Emperor


def test_pbm_31_a_tie_goes_to_the_richer_treasury_then_the_larger_tax_base() -> None:
    """PBM-31 [004:371] "If you are tied with someone in the lead for an Office, the report will show you as being
    ranked #2 if you're losing the tiebreaker (the first tiebreaker for Offices is gold in treasury, next is size
    of tax base.)"."""
    marshal = PACK.office("grand_marshal")
    tally = {"land_won_enemy_units": 6}
    a = Candidate(id="a", kingdom="ka", alignment="good", tallies=tally, treasury=500, tax_base=10)
    b = Candidate(id="b", kingdom="kb", alignment="good", tallies=tally, treasury=400, tax_base=30)
    ranked = standings(PACK, marshal, [b, a], "good")
    assert [(s.rank, s.candidate, s.lost_tie_on) for s in ranked] == [(1, "a", None), (2, "b", "treasury")]
    b_equal_gold = Candidate(id="b", kingdom="kb", alignment="good", tallies=tally, treasury=500, tax_base=30)
    ranked = standings(PACK, marshal, [a, b_equal_gold], "good")
    assert [(s.rank, s.candidate, s.lost_tie_on) for s in ranked] == [(1, "b", None), (2, "a", "tax_base")]


def test_grand_marshal_merit_wins_and_losses() -> None:
    """[004:299-308] "For each land battle commanded: If won battle, then for each unit in enemy force: +1 / If lost
    battle, then for each unit in friendly force: -1"."""
    assert raw_merit(PACK.office("grand_marshal"), {"land_won_enemy_units": 7, "land_lost_friendly_units": 3}) == 4


def test_chancellor_high_priest_and_arch_mage_count_ability_levels() -> None:
    """[004:276-291] "+1 for each level in Explorer, Spy and Sage", "+2 for each feature ... first to discover";
    [004:342-349] "+2 for each level in Druid and White Magic"; [004:356-363] "+1 for each level in any magical
    ability (including White)", "+1 for each spell-casting magic item possessed"."""
    levels = {"explorer": 2, "spy": 1, "sage": 3, "druid": 1, "white": 2, "illusory": 1, "melee": 4}
    tallies = ability_tallies(PACK, levels) | {"features_first": 1, "spell_casting_items": 2}
    assert raw_merit(PACK.office("high_chancellor"), tallies) == 2 + 1 + 3 + 2
    assert raw_merit(PACK.office("high_priest"), tallies) == 2 * 1 + 2 * 2
    assert raw_merit(PACK.office("arch_mage"), tallies) == 2 + 1 + 2


def test_merit_is_reduced_by_the_alignment_difference_with_the_emperor() -> None:
    """[2.3] "Reduction/Alignment Difference" (Evil 12%), applied to office merit (appendix #34). An Evil candidate
    under a Neutral Emperor (difference 2): x (1 - 0.24)."""
    assert alignment_factor(PACK, "evil", "neutral") == Fraction(76, 100)
    assert alignment_factor(PACK, "divine", "undead") == 0  # 20% x 6, floored at 0


def test_offices_are_awarded_emperor_first_with_artifacts_unreduced() -> None:
    """[004:270] "World Emperor20 Largest tax base at end of game"; [004:365] artifact points "are not modified by an
    alignment difference with the Emperor"."""
    king_a = Candidate(id="a", kingdom="ka", alignment="neutral", tallies={"tax_base": 40, "treasury": 90},
                       treasury=90, tax_base=40)  # fmt: skip
    king_b = Candidate(id="b", kingdom="kb", alignment="evil", tallies={"tax_base": 30, "treasury": 100,
                       "monster_hp_slain": 25}, treasury=100, tax_base=30)  # fmt: skip
    awards = {award.office: award for award in award_offices(PACK, [king_a, king_b])}
    assert awards["world_emperor"].holder == "a"
    # Treasurer: b's 100 gold x 0.76 = 76 < a's 90.
    assert awards["imperial_treasurer"].holder == "a"
    assert awards["imperial_treasurer"].standings[1].merit == 76
    assert awards["lord_high_defender"].holder == "b"
    assert awards["grand_marshal"].holder is None  # nobody earned merit
    artifacts = artifact_prizes(PACK, {"excalibur": "b", "horn_of_neptune": "b", "holy_sword": "a"})
    assert artifacts == {"b": 2, "a": 1}
    totals = prize_by_kingdom(awards.values(), artifacts, {"a": "ka", "b": "kb"})
    assert totals == {"ka": 20 + 10 + 1, "kb": 10 + 2}


def test_admirals_count_the_kingdoms_rich_sea_provinces() -> None:
    """[004:317-318] "For each sea province with tax base of 2 or higher: +1"; [004:367] "given to each character in
    the Kingdom"; [004:327] "For each Naval skill level: +1"."""
    tallies = kingdom_tallies([("sea", 2), ("sea", 1), ("plain", 6), ("sea", 3)], treasury=50)
    assert tallies == {"tax_base": 12, "treasury": 50, "rich_sea_provinces": 2}
    admiral = PACK.office("grand_admiral")
    assert raw_merit(admiral, tallies | ability_tallies(PACK, {"naval": 2})) == 2 + 2
