"""R5: every intel line becomes an `intel_op` item with its inputs computed and a recorded 2d6, settled by the GM
(§7 [L6641-7295]; Table 7-1 [L6694-6726] prints only qualitative odds)."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.intel.trace import bases, distance
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from tests.domain.lote.helpers import of, region, resolve, seat
from tests.domain.lote.intel.helpers import confirm_the_rest, infiltrated, sound
from tests.domain.lote.movement.test_examples import world

SWE, DEN = seat("swe"), seat("den")


def op(line: str, code: str, **fields: object) -> IntelOperation:
    return IntelOperation(line=line, code=code, **fields)  # type: ignore[arg-type]


def settle(item_id: str, result: str, detection: str = "hidden", **fields: object) -> m.SettleIntelOperation:
    return m.SettleIntelOperation(item_id=item_id, result=result, detection=detection, reason="ruled", **fields)  # type: ignore[arg-type]


def test_ex66_the_byzantines_are_7_ap_from_saksiny_beyond_their_action_range_of_3() -> None:
    """EX-66, [L6752-6761]: "From Chersonessos they trace their Action Range through Black Sea [1ap], Patzinak (a
    steppe region) [1+1 = 2ap], Khazar (a steppe region) [1+1 = 2ap], and into Saksiny (a steppe region)
    [1+1 = 2ap]. Total range is 7ap. Unfortunately, the Byzantines only have an Action Range of 3." The base is a
    region held at NT or better ([L6739-6744]); no +1 AP for entering an uncontrolled region ([L6748-6750])."""
    state = world(
        regions={
            "Crimea": region(2, coastal=True, statuses={"me": "f"}),
            "Patzinak": region(1, "s", coastal=True),
            "Khazar": region(1, "s"),
            "Saksiny": region(1, "s"),
        },
        sea_zones={"Black Sea": {}},
        coasts=[{"region": "Crimea", "sea_zone": "Black Sea"}, {"region": "Patzinak", "sea_zone": "Black Sea"}],
        borders=[{"a": "Patzinak", "b": "Khazar"}, {"a": "Khazar", "b": "Saksiny"}],
    )
    me = state.nations["me"]
    assert "Crimea" in bases(state, me)
    assert distance(state, "C", {"Crimea"}, "Saksiny", Fraction(20)) == 7
    assert distance(state, "C", {"Crimea"}, "Saksiny", Fraction(3)) is None


def test_each_operation_is_an_item_with_its_inputs_and_a_recorded_roll() -> None:
    """[L6641-6653] capacity and bonus points; [L6739-6761] the range from the nearest base; [L6678-6683] no
    location named for an assassination: a negative modifier. The dice are the GM's (visible to no seat)."""
    g = sound()
    events = resolve(g, {"swe": [op("kl", "KL", bonus=2, target_nation="den", target="dl")]})
    (raised,) = of(events, m.IntelOperationRaised)
    o = raised.op
    assert (o.item_id, o.capacity, o.bonus, o.odds, o.action_range) == ("t1-swe-intel-kl", "ac", 2, "low", 3)
    assert o.location_known is False and len(o.rolls) == 2
    # Skane -> Sound (1) -> Sjaelland (clear, 1) -> Jylland (1): the Lieutenant's true place, 3 AP: within range
    assert (o.range_ap, o.in_range) == (3, True)
    item = g.rules.adjudications["t1-swe-intel-kl"]
    assert item.kind == "intel_op" and item.proposal == "ruling" and item.outcome is None
    assert "Charisma" not in item.explanation and "negative modifier" in item.explanation
    assert "3 AP from the nearest base, within Action Range 3" in item.explanation
    assert g.view(SWE).adjudications["t1-swe-intel-kl"].explanation == ""
    assert g.view(SWE).intel.ops["t1-swe-intel-kl"].range_ap is None  # traced to a place Sweden did not name
    assert g.view(DEN).intel.ops == {} and "t1-swe-intel-kl" not in g.view(DEN).adjudications


def test_an_operation_beyond_the_action_range_says_so() -> None:
    """[L1509-1519] the Action Range is the reach "with a normal chance of success"; Norway's mountains lie
    beyond Sweden's range of 3 (Skane -> Halland -> Dal -> Norway)."""
    g = sound()
    resolve(g, {"swe": [op("cu", "CU", target_nation="nor", target="Norway")]})
    o = g.rules.intel.ops["t1-swe-intel-cu"]
    assert o.in_range is False and o.range_ap is not None and o.range_ap > 3


def test_ex67_a_danish_ci_against_ao_blocks_every_ao_but_no_cm_or_ta() -> None:
    """EX-67, [L6828-6833]: "This CI will act against any and all AO attempts made during the current turn, but it
    will not protect against any Cause Mutiny efforts, or Terrorist attacks." Once the GM rules the CI a success
    the AO's proposal (blocked, and detected: the target figures who is behind it unless a Conceal Fact runs "in
    concert", [L6908-6913]) may be confirmed; the CM and TA are his to rule."""
    g = sound()
    resolve(
        g,
        {
            "swe": [
                op("ao", "AO", target_nation="den", target="government"),
                op("cm", "CM", target_nation="den", target="dl"),
                op("ta", "TA", target_nation="den", target="Copenhagen"),
            ],
            "den": [op("ci", "CI", target="AO")],
        },
    )
    ops = g.rules.intel.ops
    assert ops["t1-swe-intel-ao"].counters == ("t1-den-intel-ci",)
    assert ops["t1-swe-intel-cm"].counters == () and ops["t1-swe-intel-ta"].counters == ()
    assert g.rules.adjudications["t1-swe-intel-ao"].proposal == "blocked/detected"
    refused = g.rejects(m.ConfirmAdjudication(item_id="t1-swe-intel-ao"))
    assert refused.code == "lote.intel_needs_ruling"  # the CI is not ruled yet
    assert g.rejects(settle("t1-swe-intel-cm", "blocked")).code == "lote.intel_nothing_blocks"
    g.when(settle("t1-den-intel-ci", "success"))
    (settled,) = g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-ao"))
    assert (settled.result, settled.detection) == ("blocked", "detected")
    assert g.rules.adjudications["t1-swe-intel-ao"].outcome == "blocked"


def test_always_operations_are_confirmed_and_the_others_need_the_gms_ruling() -> None:
    """Table 7-1: Maintain Infiltration and Special Operations "always"; the others have only qualitative odds,
    so an override is refused in favour of the typed ruling (result, detection, levels)."""
    g = sound()
    infiltrated(g, "swe", "den", "military", 2)
    resolve(g, {"swe": [op("mi", "MI", target_nation="den", target="military"), op("rf", "RF", target="x")]})
    (settled,) = g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-mi"))
    assert (settled.code, settled.result, settled.detection) == ("MI", "success", "hidden")
    assert g.rejects(m.ConfirmAdjudication(item_id="t1-swe-intel-mi")).code == "lote.already_decided"
    assert g.rejects(m.ConfirmAdjudication(item_id="t1-swe-intel-rf")).code == "lote.intel_needs_ruling"
    override = m.OverrideAdjudication(item_id="t1-swe-intel-rf", outcome="success", reason="r")
    assert g.rejects(override).code == "lote.use_settle_intel"
    assert g.rejects(settle("t1-swe-intel-rf", "success", levels=2)).code == "lote.intel_no_levels"
    assert g.rejects(settle("nope", "success")).code == "lote.unknown_item"
    g.when(settle("t1-swe-intel-rf", "success", effect="the Danish fleet is at Copenhagen"))
    confirm_the_rest(g)
    g.when(AdvancePhase())  # nothing pending: the turn closes
    assert g.rules.intel.ops["t1-swe-intel-rf"].effect == "the Danish fleet is at Copenhagen"


def test_a_leaders_espionage_runs_the_operation_from_where_he_acts_or_the_op_is_not_run() -> None:
    """[L5830-5852] Espionage (ES, 8+ AP, Charisma): "If the Leader fails to perform the Espionage action, then the
    subsequent Intel Op or Bonus is lost"; [L6759-6761] a leader may "perform an Espionage action in Saksiny
    itself". Without an `act ES` step in his itinerary there is no Espionage action: the line fails."""
    g = sound(swe={"oc": 0})
    trip = [Step(kind="move", to="Halland"), Step(kind="move", to="Dal"), Step(kind="act", action="ES")]
    events = resolve(
        g,
        {
            "swe": [
                GiveItinerary(line="it", army="sl", steps=trip),
                op("cu", "CU", target_nation="nor", target="Norway", leader="sl"),
                op("rf", "RF", target="y", leader="sh"),
            ]
        },
    )
    (failed,) = of(events, m.OrderFailed)
    assert (failed.line, failed.code) == ("rf", "lote.intel_no_espionage")
    o = g.rules.intel.ops["t1-swe-intel-cu"]
    assert o.capacity == "leader" and o.in_range is True  # Dal -> Norway (mountains) is within 3 AP
    assert "Charisma 6" in g.rules.adjudications[o.item_id].explanation
    assert g.rejects(settle(o.item_id, "success", espionage_failed=["sh"])).code == "lote.intel_not_a_helper"
    assert g.rejects(settle(o.item_id, "failure", espionage_failed=["sl"])).code == "lote.intel_espionage_failed"
    g.when(settle(o.item_id, "not_run", espionage_failed=["sl"]))


def test_a_special_operation_needs_a_chained_op_and_an_assassin_one_to_run_on_ac() -> None:
    """[L7132-7146] "the coordination of such an effort requires that a point of Operations Capacity be allocated
    ... If at least one Assassin is included in the combined operation, then an Assassin Capacity point can be
    used for the SO." The chained operations are raised after their SO and name its item."""
    g = sound(swe={"ac": 3})
    events = resolve(
        g,
        {
            "swe": [
                op("so1", "SO", target="empty"),
                op("so2", "SO", target="spying", capacity="ac"),
                op("rf2", "RF", target="x", chain="so2"),
                op("so3", "SO", target="the hit", capacity="ac"),
                op("kk", "KK", target_nation="den", target="dk", chain="so3", location="Copenhagen"),
            ]
        },
    )
    assert sorted((e.line, e.code) for e in of(events, m.OrderFailed)) == [
        ("so1", "lote.intel_empty_chain"),
        ("so2", "lote.intel_so_needs_assassin"),
    ]
    assert g.rules.intel.ops["t1-swe-intel-kk"].chain == "t1-swe-intel-so3"
    assert g.rules.intel.ops["t1-swe-intel-kk"].location_known is True


def test_a_line_that_no_longer_holds_at_resolution_fails_once() -> None:
    """[L6648-6653] each operation takes a point of its capacity: a line entered within the OC it had, whose OC
    the GM then cut to nothing, is a failed order at resolution, reported once (R5 checks intel lines; the R4
    construction pass leaves them alone)."""
    g = sound()
    g.when(op("ie", "IE", target_nation="den", target="government"), SWE)
    g.when(m.SetNationParameter(nation="swe", parameter="oc", value="0", reason="support unpaid"))
    g.when(AdvancePhase())
    start = len(g.events)
    g.when(AdvancePhase())
    failed = [(e.line, e.code) for e in of(g.events[start:], m.OrderFailed)]
    assert len(failed) == 1 and failed[0][0] == "ie", failed
