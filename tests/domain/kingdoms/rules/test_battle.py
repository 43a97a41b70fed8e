"""Battles: line, fanaticism, elephants, random events, nemesis, result, escape, Werebeasts and Trolls
([004:38-75], kingdoms.md C4-C5, PBM-07 and PBM-34)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from domain.engine.errors import Rejected
from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.rules.battle import (
    BattleEvent,
    battle_line_length,
    bite_chance,
    draw_bite,
    draw_drawn_strength,
    draw_fanaticism,
    draw_nemesis,
    draw_random_events,
    escape_chance,
    event_factors,
    fanaticism_chance,
    regenerate,
    winner,
)
from tests.domain.kingdoms.rules.helpers import gm_dice, rolled

PACK = default_pack()


def test_the_battle_line_is_drawn_within_the_terrains_range() -> None:
    """[004:112] "Mountain  5  15%  1-3  15%": a mountain battle line holds 1 to 3 armies."""
    dice = gm_dice((3, 2))
    assert battle_line_length(PACK, "mountain", dice, "line:b1") == 2
    assert rolled(dice) == [("line:b1", 3, (2,))]


def test_fanaticism_chance_by_alignment() -> None:
    """[004:63] "An army fighting for a Divine kingdom has a 50% chance of becoming fanatical, while an army fighting
    for a Good kingdom has a 40% chance ... An army fighting for an Evil kingdom has a 25% chance"."""
    assert fanaticism_chance(PACK, "divine", "human", None) == Fraction(1, 2)
    assert fanaticism_chance(PACK, "good", "human", None) == Fraction(2, 5)
    assert fanaticism_chance(PACK, "evil", "orc", None) == Fraction(1, 4)
    assert fanaticism_chance(PACK, "neutral", "human", None) == 0


def test_a_skeletal_army_under_an_undead_character_is_always_fanatical() -> None:
    """[004:63] "A Skeletal army fighting under an Undead character has will always be fanatical."."""
    assert fanaticism_chance(PACK, "neutral", "skeletal", "undead") == 1
    dice = gm_dice()
    assert draw_fanaticism(PACK, dice, "fanatic:a1", "neutral", "skeletal", "undead")
    assert dice.rolled == []  # certain: nothing drawn
    assert fanaticism_chance(PACK, "neutral", "skeletal", "evil") == 0


def test_fanaticism_is_a_recorded_d100_draw() -> None:
    """[004:63] Good: 40% — a roll of 40 makes it, 41 does not."""
    assert draw_fanaticism(PACK, gm_dice((100, 40)), "fanatic:a1", "good", "human", None)
    assert not draw_fanaticism(PACK, gm_dice((100, 41)), "fanatic:a1", "good", "human", None)


def test_elephants_draw_a_strength_from_2_to_5() -> None:
    """[004:65] "Elephants ... can have a strength of anywhere between 2 and 5."."""
    dice = gm_dice((4, 4))
    assert draw_drawn_strength(dice, "elephants:u1", PACK.army_type("EL")) == 5
    assert rolled(dice) == [("elephants:u1", 4, (4,))]
    assert draw_drawn_strength(dice, "x", PACK.army_type("HC")) is None


def test_the_first_random_event_scales_the_whole_battle_and_later_ones_a_column() -> None:
    """[004:61] "The first random event affects the whole battle, while succeeding events affect a column of units
    in a battle line." Weights total 18: face 2 picks the second entry (Heroic charge, 3/2)."""
    total = sum(e.weight for e in PACK.random_events)
    # first event: certain (100%), event face 2, side face 2 (defender); column 1: 25 (yes) event face 18, side 1;
    # column 2: 26 (no).
    dice = gm_dice((total, 2), (2, 2), (100, 25), (total, 18), (2, 1), (100, 26))
    events = draw_random_events(PACK, dice, "events:b1", columns=2)
    assert events == [
        BattleEvent(event="heroic_charge", text="A heroic charge breaks through", factor=Fraction(3, 2),
                    side="defender"),
        BattleEvent(event="panic", text="Panic seizes the troops", factor=Fraction(1, 2), side="attacker", column=0),
    ]  # fmt: skip
    assert event_factors(events, "defender", 1) == (Fraction(3, 2),)
    assert event_factors(events, "attacker", 0) == (Fraction(1, 2),)
    assert event_factors(events, "attacker", 1) == ()
    assert [p for p, _, _ in rolled(dice)][:3] == ["events:b1:first:event", "events:b1:first:side", "events:b1:column1"]


def test_random_events_never_more_than_double() -> None:
    """[004:61] "Each random event can as much as double the strength of the affected force"."""
    assert max(Fraction(e.factor) for e in PACK.random_events) == 2


def test_one_of_several_eligible_nemeses_is_chosen_at_random() -> None:
    """[004:49] "If more than one of your units are eligible to be a nemesis due to overflight or outflanking, one of
    them is chosen at random." Ents ("Nemesis: Axemen, Dragons") behind the line, overflown by two Dragon wings and
    an Eagle wing."""
    facing = [PACK.army_type("DR"), PACK.army_type("EA"), PACK.army_type("DR")]
    dice = gm_dice((2, 2))
    assert draw_nemesis(dice, "nemesis:u1", PACK.army_type("EN"), facing) == 2
    assert rolled(dice) == [("nemesis:u1", 2, (2,))]
    assert draw_nemesis(gm_dice(), "nemesis:u1", PACK.army_type("EN"), facing[:2]) == 0  # one: no draw
    assert draw_nemesis(gm_dice(), "nemesis:u1", PACK.army_type("LE"), facing) is None


def test_the_stronger_side_wins_and_a_tie_holds_for_the_defender() -> None:
    assert winner(Fraction(10), Fraction(9)) == "attacker"
    assert winner(Fraction(9), Fraction(9)) == "defender"


def test_escape_by_speed_uses_the_content_formula() -> None:
    """[004:38] "Speed also determines the chance of escape from a lost battle." (default: 10% per speed point,
    10% per point faster than the winners' fastest unit, 0-90%)."""
    assert escape_chance(PACK, PACK.army_type("LC"), "plain", 2) == Fraction(60, 100)
    assert escape_chance(PACK, PACK.army_type("LE"), "plain", 3) == Fraction(10, 100)
    assert escape_chance(PACK, PACK.army_type("EN"), "plain", 5) == 0
    assert escape_chance(PACK, PACK.army_type("DR"), "plain", 1) == Fraction(90, 100)


def test_pbm_07_whales_beaten_off_the_sea_retreat_without_fail() -> None:
    """PBM-07 [004:75] "if they lose a battle in such terrain, they can retreat into a Sea hex automatically without
    fear of being destroyed."."""
    assert escape_chance(PACK, PACK.army_type("WH"), "plain", 5) == 1
    assert escape_chance(PACK, PACK.army_type("WH"), "sea", 2) == Fraction(40 + 20, 100)


def test_pbm_34_werebeasts_never_turn_a_fleet_and_turn_humans_40_percent() -> None:
    """PBM-34 [004:71] "there is about a 40% chance that the unit will gradually turn into a Werebeast itself ...
    Only the 4 humanoid races can be "bitten" ... Fleets are never affected by Werebeasts."."""
    were = PACK.army_type("WE")
    assert bite_chance(were, PACK.army_type("FL"), PACK.race("human")) == 0
    assert bite_chance(were, PACK.army_type("LE"), PACK.race("human")) == Fraction(2, 5)
    assert bite_chance(were, PACK.army_type("TR"), None) == 0
    assert bite_chance(were, PACK.army_type("LE"), PACK.race("skeletal")) == 0
    assert draw_bite(gm_dice((100, 40)), "bite:u1", were, PACK.army_type("LE"), PACK.race("human"))
    assert not draw_bite(gm_dice((100, 41)), "bite:u1", were, PACK.army_type("LE"), PACK.race("human"))


def test_trolls_regenerate_one_step_lower_as_mercenaries() -> None:
    """[004:73] "If they die in battle, they can regenerate ... although they are reduced 1 step in quality ...
    they become mercenaries."."""
    back = regenerate(PACK.army_type("TR"), 3)
    assert back is not None and (back.quality, back.mercenary) == (2, True)
    assert regenerate(PACK.army_type("LE"), 3) is None


def test_an_unplanned_roll_is_refused_by_the_dice() -> None:
    with pytest.raises(Rejected):
        draw_fanaticism(PACK, gm_dice(), "fanatic:a1", "good", "human", None)
