"""Leader generation (§2.12.2 [L2093-2117]; digest §4 R1-R2): 2d6-1 per stat through the engine's dice, the
hidden fourth stat kept from everyone but the GM, and the types and limits of [L2019-2044] and Table 6-3."""

from __future__ import annotations

from typing import Any

from domain.engine import DiceRolled
from domain.engine.game import redact
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import ruleset
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import game, nation, region, scenario, seat

ANJ, BUR = seat("anj"), seat("bur")


def king(nation_id: str, location: str, **fields: Any) -> dict[str, Any]:
    base = {"nation": nation_id, "army_no": "1", "type": "K", "name": "King", "age": 30, "combat": 6,
            "diplomacy": 6, "charisma": 6, "location": location, "hidden": 7}  # fmt: skip
    return {**base, **fields}


def kingdom(**nation_fields: Any) -> Game:
    """Anjou (BL 5, TL 5, Feudal Monarchy) and Burgundy beside it."""
    fields = {"government": "feudal_monarchy", "bl": 5, "tech_level": 5, "capital": None, "hbz_origin": "Anjou"}
    setup = scenario(
        nations={"anj": nation("Anjou", **{**fields, **nation_fields}), "bur": nation("Burgundy")},
        regions={"Anjou": region(3, statuses={"anj": "hm"}), "Dijon": region(3, statuses={"bur": "hm"})},
        leaders={"anj-k": king("anj", "Anjou"), "bur-k": king("bur", "Dijon")},
    )
    return game(setup)


def generate(leader_id: str, leader_type: str, nation_id: str = "anj", **fields: Any) -> m.GenerateLeader:
    base: dict[str, Any] = {"leader_id": leader_id, "nation": nation_id, "leader_type": leader_type,
                            "name": leader_id.title(), "age": 20, "location": "Anjou",
                            "reason": "a new leader"}  # fmt: skip
    return m.GenerateLeader(**{**base, **fields})


def test_each_stat_is_two_dice_minus_one_rolled_through_the_engines_dice() -> None:
    """[L2096-2098] "Rolling 2 six-sided dice and subtracting 1 from the result generates the ratings"."""
    g = kingdom()
    for a, b in ((6, 6), (1, 1), (3, 4), (5, 2)):  # combat, diplomacy, charisma, hidden
        g.dice(a, b)
    events = g.when(generate("odo", "L"))
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [r.purpose for r in rolls] == [
        f"leader-stat:anj:odo:{s}" for s in ("combat", "diplomacy", "charisma", "hidden")
    ]
    assert all(r.count == 2 and r.sides == 6 and r.source == "gm" for r in rolls)
    odo = g.rules.leaders["odo"]
    assert (odo.combat, odo.diplomacy, odo.charisma, odo.hidden) == (11, 1, 6, 6)
    assert (odo.type, odo.army_no, odo.location, odo.age) == ("L", "2", "Anjou", 20)


def test_server_rolls_stay_within_one_to_eleven() -> None:
    g = kingdom()
    g.when(generate("odo", "L"))
    odo = g.rules.leaders["odo"]
    assert all(1 <= v <= 11 for v in (odo.combat, odo.diplomacy, odo.charisma, odo.hidden))


def test_the_hidden_stat_and_the_dice_are_the_gms_alone_even_for_the_owner() -> None:
    """[L2111-2117] the fourth stat is hidden; the rolls are GM-only (a seat sees three open stats)."""
    g = kingdom()
    events = g.when(generate("odo", "L"))
    made = next(e for e in events if isinstance(e, m.LeaderGenerated))
    mine = redact(ruleset, made, ANJ)
    assert mine is not None and mine.leader.hidden == 0 and mine.reason == ""
    assert (mine.leader.combat, mine.leader.charisma) == (made.leader.combat, made.leader.charisma)
    assert redact(ruleset, made, BUR) is None
    assert redact(ruleset, made, GM) == made and 1 <= made.leader.hidden <= 11
    assert all(redact(ruleset, e, ANJ) is None for e in events if isinstance(e, DiceRolled))
    assert g.view(ANJ).leaders["odo"].hidden is None
    assert g.view(GM).leaders["odo"].hidden == made.leader.hidden
    assert "odo" not in g.view(BUR).leaders


def test_an_ally_comes_with_his_home_province_and_native_troops() -> None:
    """[L5097-5098] "Once a region reaches 'Allied' status, an Allied leader is generated with native troops"."""
    g = kingdom()
    g.when(generate("duke", "A", home_region="Dijon", location="Dijon", units={"I": 10, "LC": 0}, army_no="7"))
    duke = g.rules.leaders["duke"]
    assert (duke.home_region, duke.units, duke.army_no) == ("Dijon", {"I": 10}, "7")


def test_ex35_leader_limits_at_tech_level_5_and_bureaucracy_5() -> None:
    """EX-35 [L2033-2037]: 1 King, 1 Heir, 5 Lieutenants, 5 Allies and 3 Princes make 15 > TL + 6 = 11, so Princes
    and Allies share 4 places. X (digest Appendix A13): the example takes TL 5 as the BL as well; the rule caps
    Lieutenants and Allies by BL, so the test gives the nation BL 5 and TL 5."""
    g = kingdom()
    g.when(generate("heir", "H"))
    for i in range(5):
        g.when(generate(f"lt{i}", "L"))
    assert g.rejects(generate("lt5", "L")).code == "lote.leader_limit"  # BL 5 Lieutenants
    for i in range(3):
        g.when(generate(f"p{i}", "P"))
    assert g.rejects(generate("p3", "P")).code == "lote.leader_limit"  # ceil(5/2) = 3 Princes
    g.when(generate("a0", "A"))
    rejected = g.rejects(generate("a1", "A"))  # 1 + 1 + 5 + 3 + 1 = 11 = TL + 6
    assert rejected.code == "lote.leader_limit" and "TL + 6 = 11" in rejected.message
    assert len(g.rules.leaders) - 1 == 11  # Burgundy's King is Burgundy's
    g.when(generate("merc", "M"))  # [L2040-2041] no limit to Mercenary Leaders
    assert g.rejects(generate("k2", "K")).code == "lote.leader_limit"  # one King


def test_government_types_follow_table_6_3_for_heirs_and_princes() -> None:
    """Table 6-3 [L5081-5094] (setting A6): a Constitutional Monarchy has an Heir but no Princes; a Democracy
    neither ([L2133-2135]); [L641-642] an Anarchy has only its King."""
    g = kingdom(government="constitutional_monarchy")
    g.when(generate("heir", "H"))
    assert g.rejects(generate("p", "P")).code == "lote.leader_type_not_allowed"
    assert kingdom(government="democracy").rejects(generate("heir", "H")).code == "lote.leader_type_not_allowed"
    assert kingdom(government="anarchy").rejects(generate("lt", "L")).code == "lote.leader_type_not_allowed"


def test_refusals_name_what_is_wrong() -> None:
    g = kingdom()
    g.when(generate("odo", "L"))
    assert g.rejects(generate("odo", "L")).code == "lote.leader_exists"
    assert g.rejects(generate("x", "L", army_no="2")).code == "lote.army_no_taken"
    assert g.rejects(generate("x", "L", location="Atlantis")).code == "lote.unknown_place"
    assert g.rejects(generate("x", "A", home_region="Atlantis")).code == "lote.unknown_place"
    assert g.rejects(generate("x", "L", units={"ZZ": 3})).code == "lote.unknown_unit"
    assert g.rejects(generate("x", "L", nation_id="zzz")).code == "lote.unknown_nation"
    assert g.rejects(generate("x", "L", reason="  ")).code == "lote.reason_required"
    assert g.rejects(generate("x", "L"), ANJ).code == "engine.forbidden"
