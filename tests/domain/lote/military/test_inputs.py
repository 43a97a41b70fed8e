"""The inputs the engine computes for the GM (§6.2.4.10 Defend, §5.4.2 field forts, §5.8.6 the Great Wall,
§2.14.11.1 garrison leadership, Table 6-27 passive siege values) and the control results of Attack to Liberate and
a treasury left out of a ruling."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.military.inputs import build_side, defend_kind, leadership, passive_siege_value
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from tests.domain.harness import Game
from tests.domain.lote.helpers import example_setup, game, seat


def _resolve(g: Game) -> None:
    g.when(AdvancePhase())
    g.when(AdvancePhase())


def test_defend_is_hasty_with_engineers_and_one_ap_prepared_with_two_or_more() -> None:
    """[L5699-5709] "If the Siege Engineers have only 1 AP to prepare a defensive position, they get a small bonus.
    This is a hasty defense. If the army is able to spend 2 AP or more ... This is a prepared defense." """
    assert defend_kind(False, 3, 5) == "none"
    assert defend_kind(True, 3, 0) == "defend"
    assert defend_kind(True, 1, 2) == "hasty"
    assert defend_kind(True, 2, 2) == "prepared"


def test_a_great_wall_doubles_the_defenders_combat_value_and_forts_fight_with_the_siege_qr() -> None:
    """[L4881-4884] "A Great Wall doubles the combat value of the defending army that is behind it"; [L4328]
    "Field Forts fight using the Siege QR of the nation" (Byzantium: Siege QR 5, so 1 + 5/2 each); [L4321-4324]
    armies defending with field forts get a bonus besides."""
    state = game(example_setup()).rules
    plain = build_side(state, nations=("byz",), armies=(), garrison={"F": 2}, region="Bulgaria", defending=True)
    walled = build_side(
        state, nations=("byz",), armies=(), garrison={"F": 2}, region="Bulgaria", defending=True, great_wall=True
    )
    assert plain.strength == 2 * (1 + Fraction(5, 2)) * Fraction(5, 4) and plain.field_forts == 2
    assert walled.strength == 2 * plain.strength and walled.great_wall
    assert any("Great Wall" in x for x in walled.modifiers)


def test_a_garrison_without_a_leader_fights_with_leadership_zero_unless_it_reaches_50_times_gpv() -> None:
    """[L2440-2448] "Unless a leader is present in the region, garrison troops fight with a combat leadership of
    zero (0) ... If, however, the number of troops in the region equals or exceeds 50 x (GPv of the region), the
    combat leadership will equal the resistance value of the region." Bulgaria: GPv 3, RV 3."""
    state = game(example_setup()).rules
    assert leadership(state, "Bulgaria", [], 149)[0] == 0
    assert leadership(state, "Bulgaria", [], 150)[0] == 3


def test_passive_siege_values_count_every_troop_kind_of_table_6_27() -> None:
    """Table 6-27 [L6226-6233]: Wall Point 3, Siege Engineer 2, Infantry, Cavalry, Warships 1; transports 0."""
    assert passive_siege_value({"HC": 10, "I": 20, "W": 3, "S": 2, "T": 9}, wall_points=2) == 10 + 20 + 3 + 4 + 6


def test_a_passive_siege_order_records_the_ratio_the_city_must_face() -> None:
    """[L6211-6213], Table 6-27: Basil's 10 HC + 20 I (30) against Kiev's 2 wall points (6) and Vladimir's army
    inside the city, 12 I + 4 C (16): 30 < 2 x 22, not allowed; no field battle with the army inside the city."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Kiev", nation="byz", status="aw", reason="war"))
    g.when(m.MoveLeader(leader="byz-1", location="Kiev", reason="test"))
    g.when(GiveItinerary(line="ps", army="byz-1", steps=[Step(kind="act", action="PS", to="Kiev")]), seat("byz"))
    _resolve(g)
    (siege,) = g.rules.battles.values()
    assert siege.kind == "passive_siege" and siege.passive_siege_allowed is False
    assert (siege.attacker.passive_siege_value, siege.defender.passive_siege_value) == (30, 22)
    assert siege.defender.armies == ("rus-1",) and siege.defender.wall_points == 2


def test_attack_to_liberate_gives_an_occupied_homeland_back_and_the_treasury_is_kept_when_the_gm_says_so() -> None:
    """[L5607-5621] Attack to Liberate: a region formerly the attacker's friendly or homeland, now occupied, is
    liberated: Kipchak is the Horde's HBZ origin, so it is Homeland again, and Byzantium's Pacified status there
    is gone. §9.1.5: a treasury is captured only when its location falls; the GM may rule it was not."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Kipchak", nation="kip", status="oc", reason="occupied"))
    g.when(m.SetControlStatus(place="Kipchak", nation="byz", status="p", reason="occupied"))
    g.when(m.MoveLeader(leader="kip-1", location="Khazar", reason="test"))
    g.when(m.MoveLeader(leader="byz-2", location="Kipchak", reason="test"))
    g.when(
        GiveItinerary(line="al", army="kip-1", steps=[Step(kind="move", to="Kipchak"), Step(kind="act", action="AL")]),
        seat("kip"),
    )
    _resolve(g)
    (battle,) = g.rules.battles.values()
    assert battle.attacker.nations == ("kip",) and battle.defender.nations == ("byz",)
    byz_gp = g.rules.nations["byz"].gp
    g.when(m.ResolveBattle(battle_id=battle.battle_id, winner="attacker", capture_treasury=False, reason="freed"))
    statuses = g.rules.regions["Kipchak"].statuses
    assert statuses["kip"] == "hm" and "byz" not in statuses
    assert g.rules.nations["byz"].gp == byz_gp


def test_in_auto_mode_a_passive_siege_below_two_to_one_fails_without_a_fight() -> None:
    """[L6211-6213] without the 2:1 ratio the besiegers "will not be able to effectively passive siege the city"
    (EX-59): the automatic resolver rules no result and no losses, and the items are decided."""
    from domain.rulesets.lote.scenario.settings import Settings

    g = game(example_setup(), Settings(battle_resolution="auto"))
    g.when(m.SetControlStatus(place="Kiev", nation="byz", status="aw", reason="war"))
    g.when(m.MoveLeader(leader="byz-1", location="Kiev", reason="test"))
    g.when(GiveItinerary(line="ps", army="byz-1", steps=[Step(kind="act", action="PS", to="Kiev")]), seat("byz"))
    _resolve(g)
    (siege,) = g.rules.battles.values()
    assert siege.result is not None and siege.result.winner == "none" and siege.result.losses == {}
    assert g.rules.cities["Kiev"].statuses == {"rus": "hm", "byz": "aw"}
    assert all(i.outcome == "none" for i in g.rules.adjudications.values() if i.kind == "passive_siege")
