"""Intel lines as they are entered (§7.1 [L6641-6691], Table 7-1 [L6694-6726], §7.3): every code's target, the
capacity and bonus points the form allots, Special Operation chains and leaders' Espionage."""

from __future__ import annotations

import pytest

from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.intel.rules import TABLE_7_1, action_range, capacity_of, rating_cap
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.lote.helpers import seat
from tests.domain.lote.intel.helpers import infiltrated, sound

SWE = seat("swe")


def op(line: str, code: str, **fields: object) -> IntelOperation:
    return IntelOperation(line=line, code=code, **fields)  # type: ignore[arg-type]


# one valid line for every operation code of Table 7-1, as Sweden would write it
EVERY_CODE = {
    "AO": {"target_nation": "den", "target": "government"},
    "BA": {"target": "sl"},
    "CA": {"target": "sk", "capacity": "ac"},
    "CI": {"target": "AO"},
    "CF": {"target": "the army of sl"},
    "CR": {"held_in_hand": True},
    "CM": {"target_nation": "den", "target": "dl"},
    "CU": {"target_nation": "den", "target": "Jylland"},
    "DAB": {"target_nation": "den", "target": "ac"},
    "DIB": {"target_nation": "den", "target": "ob"},
    "IE": {"target_nation": "den", "target": "government"},
    "JB": {"target_nation": "den", "target": "a captured Swede"},
    "KP": {"target_nation": "den", "target": "dl", "location": "Jylland"},
    "KL": {"target_nation": "den", "target": "dl"},
    "KK": {"target_nation": "den", "target": "dk", "location": "Copenhagen"},
    "MI": {"target_nation": "den", "target": "military"},
    "PI": {"target": "espionage"},
    "RE": {"target_nation": "den", "detail": "troop support to Swedish pockets"},
    "RF": {"target": "where the Danish army is"},
    "RO": {"target_nation": "den", "detail": "their CI runs against TA instead"},
    "SO": {"target": "the hit"},
    "SGS": {"target_nation": "den", "target": "nor"},
    "SJ": {"target": "the crown of Denmark"},
    "SK": {"target_nation": "den"},
    "ST": {"target_nation": "den", "location": "Copenhagen"},
    "SI": {"target_nation": "den", "target": "espionage"},
    "SL": {"target_nation": "den", "target": "dl"},
    "SD": {"target": "Halland"},
    "TA": {"target": "Copenhagen", "target_nation": "den"},
}


@pytest.mark.parametrize("code", sorted(TABLE_7_1))
def test_every_operation_code_of_table_7_1_is_accepted_with_its_target(code: str) -> None:
    """Table 7-1 [L6694-6726] lists 29 operations; §7.3 gives each its target. Each is a line of the form."""
    g = sound(swe={"oc": 6, "ac": 6})
    infiltrated(g, "swe", "den", "military", 3)  # MI maintains it
    infiltrated(g, "swe", "den", "government", 10)  # RE needs it subverted
    infiltrated(g, "swe", "den", "espionage", 10)  # RO too
    infiltrated(g, "den", "swe", "espionage", 2, "detected")  # SI targets a detected infiltration
    g.when(op("l", code, **EVERY_CODE[code]), SWE)
    assert g.rules.forms["swe"].lines["l"].code == code


def test_table_7_1_has_29_codes_and_its_odds() -> None:
    """Table 7-1 [L6694-6726]: MI and SO always, KK low, CI high, IE medium."""
    assert len(TABLE_7_1) == 29 and set(EVERY_CODE) == set(TABLE_7_1)
    assert {c: TABLE_7_1[c][2] for c in ("MI", "SO", "KK", "CI", "IE")} == {
        "MI": "always", "SO": "always", "KK": "low", "CI": "high", "IE": "medium"
    }  # fmt: skip


def test_ex33_ops_capacity_ranges_to_the_tech_level_and_ex34_action_range_is_half_of_it() -> None:
    """EX-33, [L1431-1433]: "Your National Tech Level is 6 (Civilized) so the maximum Operations Capacity you can
    have is 6 as well." EX-34, [L1517-1519]: "Your nations Tech Level is 6 (Civilized) so your Action Range is
    ( 6 / 2 = 3 )" (rounded down, [L1509-1513]; setting A9 may round up)."""
    g = sound()
    swe = g.rules.nations["swe"]
    assert rating_cap(swe) == 6 and action_range(g.rules, swe) == 3
    g = sound(swe={"tech_level": 7})
    assert action_range(g.rules, g.rules.nations["swe"]) == 3


def test_the_capacity_types_follow_the_section_text_or_table_7_1_by_setting_a5() -> None:
    """Appendix A5: §7.3.10 says DIB is Assassin, Table 7-1 Operations; §7.3.25 ST Intel, the table Assassin."""
    g = sound()
    assert capacity_of(g.rules, "DIB", None) == "ac" and capacity_of(g.rules, "ST", None) == "oc"
    assert capacity_of(g.rules, "CA", "ac") == "ac" and capacity_of(g.rules, "CA", None) == "oc"
    table = sound(Settings(a05_intel_capacity_source="table_7_1"))
    assert capacity_of(table.rules, "DIB", None) == "oc" and capacity_of(table.rules, "ST", None) == "ac"


def test_ex65_the_notation_ie_plus_2_takes_one_oc_and_two_ob() -> None:
    """EX-65, [L6657-6665]: "IE+2 : Denmark-Government" requires 1 OC "to run the operation" and two Bonus points;
    [L6684-6691] "KK+3 / Sweden - King Olaf in Stockholm" 1 AC + 3 AB. The form may not allot more than the
    nation has ([L6641-6653]: "Each effort requires the assignment of at least one Capacity point")."""
    g = sound()  # OC 3, OB 2, AC 2, AB 3
    infiltrated(g, "swe", "den", "military", 2)
    g.when(op("ie", "IE", bonus=2, target_nation="den", target="government"), SWE)
    refused = g.rejects(op("rf", "RF", bonus=1, target="the Danish fleet"), SWE)
    assert refused.code == "lote.intel_over_capacity" and "OB 3 > 2" in refused.message
    g.when(op("kk", "KK", bonus=3, target_nation="den", target="dk", location="Copenhagen"), SWE)
    g.when(op("rf", "RF", target="the Danish fleet"), SWE)
    g.when(op("sd", "SD", target="Halland"), SWE)
    assert g.rejects(op("x", "MI", target_nation="den", target="military"), SWE).message.count("OC 4 > 3") == 1


def test_the_example_special_operation_costs_nine_points_four_intel_and_five_assassin() -> None:
    """EX-65, [L7148-7158]: "RF+3 + SO + KK+3 / King Gilbert the Fat ... costs them nine Operations points in
    total; but four could be Intel Operations Capacity and Bonus, and five could be Assassin Capacity and Bonus"."""
    g = sound(swe={"oc": 1, "ob": 3, "ac": 2, "ab": 3})
    g.when(op("so", "SO", target="King Gilbert the Fat", capacity="ac"), SWE)
    g.when(op("rf", "RF", bonus=3, target="where King Gilbert confers", chain="so"), SWE)
    g.when(op("kk", "KK", bonus=3, target_nation="den", target="dk", chain="so"), SWE)
    lines = g.rules.forms["swe"].lines.values()
    assert sum(1 + o.bonus for o in lines) == 9
    assert g.rejects(op("x", "RF", target="more"), SWE).code == "lote.intel_over_capacity"


def test_a_chained_operation_names_a_special_operation_line_and_sos_do_not_nest() -> None:
    """[L7132-7146] "A SO operation allows the chaining of several other operations into one Super-Operation"."""
    g = sound()
    g.when(op("rf", "RF", target="x"), SWE)
    assert g.rejects(op("kl", "KL", target_nation="den", target="dl", chain="rf"), SWE).code == (
        "lote.intel_no_special_op"
    )
    g.when(op("so", "SO", target="the hit"), SWE)
    assert g.rejects(op("so2", "SO", chain="so"), SWE).code == "lote.intel_nested_chain"


def test_counter_operations_protect_your_own_nation() -> None:
    """§7.3.4 [L6813-6834] a CI is "dedicated to blocking a specific type of hostile Intel action"; §7.3.3
    [L6802-6811] a CA protects one of your leaders; §7.3.6 [L6865-6870] only a CR may be held in hand."""
    g = sound()
    assert g.rejects(op("ci", "CI", target="XX"), SWE).code == "lote.intel_bad_target"
    assert g.rejects(op("ci", "CI", target="CI"), SWE).code == "lote.intel_bad_target"
    assert g.rejects(op("ci", "CI", target="AO", target_nation="den"), SWE).code == "lote.intel_no_target_nation_here"
    assert g.rejects(op("ca", "CA", target="dk"), SWE).code == "lote.intel_not_your_leader"
    assert g.rejects(op("ca", "CA", target="nobody"), SWE).code == "lote.intel_not_your_leader"
    assert g.rejects(op("ca", "CI", target="AO", held_in_hand=True), SWE).code == "lote.intel_not_held"
    assert g.rejects(op("cr", "CR"), SWE).code == "lote.intel_no_target"
    g.when(op("cr", "CR", target="Skane"), SWE)


def test_hostile_operations_name_another_known_nation_and_their_target() -> None:
    """[L6655-6691] `OpCode + OpBonus / Target : Subdescriptor`: a hostile operation names the nation it strikes.
    A rival's leaders are not checked at entry (a refusal must not say whether they exist): the GM's item does."""
    g = sound()
    assert g.rejects(op("x", "IE", target="government"), SWE).code == "lote.intel_no_target_nation"
    assert g.rejects(op("x", "IE", target_nation="swe", target="government"), SWE).code == "lote.intel_own_nation"
    assert g.rejects(op("x", "IE", target_nation="zzz", target="government"), SWE).code == "lote.intel_unknown_nation"
    assert g.rejects(op("x", "IE", target_nation="den", target="army"), SWE).code == "lote.intel_bad_target"
    assert g.rejects(op("x", "KL", target_nation="den"), SWE).code == "lote.intel_no_target"
    assert g.rejects(op("x", "SGS", target_nation="den", target="den"), SWE).code == "lote.intel_bad_target"
    assert g.rejects(op("x", "RE", target_nation="den"), SWE).code == "lote.intel_no_detail"
    assert g.rejects(op("x", "DIB", target_nation="den", capacity="oc", target="oc"), SWE).code == (
        "lote.intel_wrong_capacity"
    )
    g.when(op("x", "KL", target_nation="den", target="no-such-leader"), SWE)  # the GM finds no one


def test_optional_rearrange_expenditures_and_revise_orders_follow_the_campaign_setting() -> None:
    """[L7082] "Rearrange Expenditures (Optional Rule)", [L7099] "Revise Orders (Optional Rule)"."""
    g = sound(Settings(p2b_rearrange_and_revise=False))
    refused = g.rejects(op("x", "RO", target_nation="den", detail="swap"), SWE)
    assert refused.code == "lote.intel_optional_off"


def test_a_leaders_espionage_is_one_point_a_turn_from_an_heir_prince_lieutenant_bishop_or_ally() -> None:
    """[L6727-6737], [L5830-5852]: "An Heir, Prince, Lieutenant, Bishop or Full Allied leader may also act as an
    Intel Operations point ... or as an Intel Bonus point"; it is one Espionage action."""
    g = sound(swe={"oc": 0})
    g.when(GiveItinerary(line="it", army="sh", steps=[Step(kind="act", action="ES")]), SWE)
    g.when(op("rf", "RF", target="the Danish fleet", leader="sh"), SWE)  # no OC needed: the Heir runs it
    assert g.rejects(op("x", "RF", target="y"), SWE).code == "lote.intel_over_capacity"
    assert g.rejects(op("x", "RF", target="y", leader="sk"), SWE).code == "lote.intel_not_a_spy"
    assert g.rejects(op("x", "RF", target="y", leader="sq"), SWE).code == "lote.intel_not_a_spy"
    assert g.rejects(op("x", "RF", target="y", leader="dk"), SWE).code == "lote.intel_not_your_leader"
    assert g.rejects(op("x", "RF", target="y", leader="sl", bonus_leaders=["sh"]), SWE).code == (
        "lote.intel_leader_twice"
    )
