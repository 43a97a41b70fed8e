"""A whole battle: who faces whom, every unit's strength, totals and winner ([004:49], [004:59], [004:61])."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.rules.battle import BattleEvent
from domain.rulesets.kingdoms.rules.battle_line import (
    Combatant,
    SideSetup,
    battle_strengths,
    draw_nemeses,
    facing,
)
from tests.domain.kingdoms.rules.helpers import gm_dice, rolled

PACK = default_pack()
UNITS = [
    Combatant(id="a-hc", side="attacker", code="HC", race="human", column=0),
    Combatant(id="a-le", side="attacker", code="LE", race="human", column=1),
    Combatant(id="a-ea", side="attacker", code="EA"),
    Combatant(id="d-ph", side="defender", code="PH", race="orc", column=0),
    Combatant(id="d-ga", side="defender", code="GA", race="human", column=1),
    Combatant(id="d-wr", side="defender", code="WR"),
]


def test_a_unit_behind_the_line_faces_the_enemys_air_units() -> None:
    """[004:49] "A unit is a nemesis to it's opponent if it's on the front line or it's an air unit flying against
    a unit behind the front line." Warg Riders ("Nemesis: Eagles") behind the line, an Eagle wing overhead."""
    wargs = UNITS[5]
    assert [u.id for u in facing(PACK, wargs, UNITS)] == ["a-ea"]
    assert [u.id for u in facing(PACK, UNITS[0], UNITS)] == ["d-ph"]


def test_a_battle_sums_every_units_strength_and_names_the_winner() -> None:
    """Plain, the defender holds the province: Orc Phalanx (3+1+1) x 1.25, Garrison 3 x 1.25, Warg Riders 3 x 1.25 x
    2/3 against Human Hvy Cavalry 4+1, Human Legion 3+1, Eagle Wing 4."""
    result = battle_strengths(PACK, "plain", UNITS, {})
    assert result.nemesis_of == {"d-wr": "a-ea"}
    assert result.units["d-ph"].total == Fraction(25, 4)
    assert result.units["d-ga"].total == Fraction(15, 4)
    assert result.units["d-wr"].total == Fraction(5, 2)
    assert result.totals == {"attacker": 13, "defender": Fraction(25, 2)}
    assert result.winner == "attacker"


def test_exploration_tactics_and_events_change_the_outcome() -> None:
    """[004:59] exploration edge, [004:57] tactics, [004:61] "The first random event affects the whole battle, while
    succeeding events affect a column"."""
    sides = {"defender": SideSetup(explored_pct=100, command_level=1)}
    events = [BattleEvent(event="panic", text="Panic", factor=Fraction(1, 2), side="attacker", column=1)]
    result = battle_strengths(PACK, "plain", UNITS, sides, events=events)
    assert result.units["a-le"].total == 2  # the column event halves the Legion
    assert result.units["a-hc"].total == 5
    # defender: x 1.25 defense x 1.25 exploration x 1.2 tactics
    assert result.units["d-ga"].total == 3 * Fraction(5, 4) * Fraction(5, 4) * Fraction(6, 5)
    assert result.winner == "defender"


def test_outflanking_units_and_air_units_both_face_the_units_behind() -> None:
    """[004:49] "If more than one of your units are eligible to be a nemesis due to overflight or outflanking, one of
    them is chosen at random." Ents ("Nemesis: Axemen, Dragons") behind a one-unit front: Axemen outflank in
    column 1 and a Dragon wing flies over."""
    units = [
        Combatant(id="a-bo", side="attacker", code="BO", column=0),
        Combatant(id="a-ax", side="attacker", code="AX", column=1),
        Combatant(id="a-dr", side="attacker", code="DR"),
        Combatant(id="d-le", side="defender", code="LE", column=0),
        Combatant(id="d-en", side="defender", code="EN"),
    ]
    dice = gm_dice((2, 2))
    assert draw_nemeses(PACK, dice, "nemesis:b1", units) == {"d-en": "a-dr"}
    assert rolled(dice) == [("nemesis:b1:d-en", 2, (2,))]


def test_without_a_defender_nobody_gets_the_defense_factor() -> None:
    """[004:40] "Garrison units have a strength of 3 when defending a province, but only 1 when attacking"."""
    result = battle_strengths(PACK, "plain", UNITS, {}, defending=False)
    assert result.units["d-ga"].total == 1
    assert result.units["d-ph"].total == 5


def test_a_desert_side_without_camels_loses_a_quality_level() -> None:
    """[004:69] "If not, all armies have their quality reduced by 1 level." (per side: appendix #30)."""
    units = [
        Combatant(id="a-le", side="attacker", code="LE", quality=2, column=0),
        Combatant(id="d-le", side="defender", code="LE", quality=2, column=0),
        Combatant(id="d-cc", side="defender", code="CC", quality=2),
    ]
    result = battle_strengths(PACK, "desert", units, {}, defending=False)
    assert result.units["a-le"].quality == 1
    assert result.units["d-le"].quality == 2


def test_a_demoralized_side_loses_a_quarter_of_its_strength() -> None:
    """[004:193] "the 25% demoralization"."""
    result = battle_strengths(PACK, "plain", UNITS, {"attacker": SideSetup(demoralized_pct=25)})
    assert result.totals["attacker"] == Fraction(39, 4)
    assert result.winner == "defender"
