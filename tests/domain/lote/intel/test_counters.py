"""Counter-operations (§7.3.3 [L6802-6811], §7.3.4 [L6813-6834], §7.3.6 [L6851-6870]): a counter-operation in force
is known from the GM's ruling on it; an operation met by one is proposed `blocked`, and detected (its target learns
what was tried and by whom, unless a Conceal Fact ran "in concert", [L6908-6913]). A Crush Revolt is used on one
revolt of the turn, which then does not take effect."""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.reports.views import redact
from tests.domain.harness import Game
from tests.domain.lote.helpers import of, region, resolve, seat
from tests.domain.lote.intel.helpers import confirm_the_rest, next_turn, sound

SWE, DEN, NOR = seat("swe"), seat("den"), seat("nor")


def op(line: str, code: str, **fields: Any) -> IntelOperation:
    return IntelOperation(line=line, code=code, **fields)


def settle(item_id: str, result: str, detection: str = "hidden", **fields: Any) -> m.SettleIntelOperation:
    return m.SettleIntelOperation(item_id=item_id, result=result, detection=detection, reason="ruled", **fields)


def intel_seen(g: Game, actor: Any) -> list[Any]:
    return [e for e in (redact(x, actor) for x in g.events) if isinstance(e, m.IntelOperationSettled)]


def test_a_counter_assassination_protects_only_its_leader_against_kidnap_and_murder() -> None:
    """[L6802-6811] CA "attempts to block any attempts made against the protected leader for the duration of the
    turn. If the leader is killed anyway, the operation may not be switched to another leader"; KP is "countered by
    Counter Assassination" [L7018-7020], KL and KK are resisted by it [L7030-7032], [L7044-7046]."""
    g = sound(swe={"ac": 4, "ab": 0})
    resolve(
        g,
        {
            "swe": [
                op("kk", "KK", target_nation="den", target="dk", location="Copenhagen"),
                op("kp", "KP", target_nation="den", target="dk", location="Copenhagen"),
                op("kl", "KL", target_nation="den", target="dl", location="Jylland"),
                op("sl", "SL", target_nation="den", target="dk"),
            ],
            "den": [op("ca", "CA", target="dk", capacity="ac")],
        },
    )
    ops = g.rules.intel.ops
    assert ops["t1-swe-intel-kk"].counters == ops["t1-swe-intel-kp"].counters == ("t1-den-intel-ca",)
    assert ops["t1-swe-intel-kl"].counters == () and ops["t1-swe-intel-sl"].counters == ()
    g.when(settle("t1-den-intel-ca", "success"))
    (kk,) = g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-kk"))
    assert (kk.result, kk.detection) == ("blocked", "detected")
    assert g.rejects(m.ConfirmAdjudication(item_id="t1-swe-intel-kl")).code == "lote.intel_needs_ruling"


def test_a_blocked_operation_shows_its_target_what_was_tried_and_by_whom_and_no_one_else() -> None:
    """EX-67 continued: the Danish CI vs AO stops the Swedish AO; [L3056-3058] the Newsfax "always" reports "Intel
    Actions against your Nation and the results". Denmark reads it and Sweden's name in its report and events;
    Sweden learns its AO was blocked (not that it was detected); Norway learns nothing."""
    g = sound()
    ao = op("ao", "AO", target_nation="den", target="government")
    resolve(g, {"swe": [ao], "den": [op("ci", "CI", target="AO")]})
    g.when(settle("t1-den-intel-ci", "success"))
    g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-ao"))
    next_turn(g)
    (den,) = [e for e in intel_seen(g, DEN) if e.code == "AO"]
    assert (den.nation, den.result, den.detection, den.item_id) == ("swe", "blocked", "detected", "")
    (against,) = [o for o in g.view(DEN).intel.ops.values() if o.code == "AO"]
    assert (against.nation, against.result, against.counters) == ("swe", "blocked", ())
    assert "Against us: Assault Organization (AO) against government by Sweden was blocked" in g.view(DEN).report.intel
    (swe,) = [e for e in intel_seen(g, SWE) if e.code == "AO"]
    assert (swe.result, swe.detection) == ("blocked", "")
    assert intel_seen(g, NOR) == [] and g.view(NOR).intel.ops == {}
    assert "Sweden" not in " ".join(n for x in g.view(NOR).newsfax.nations for n in x.lines)


def test_a_conceal_fact_in_concert_keeps_the_blocked_operator_unnamed() -> None:
    """[L6908-6913] DAB: "It is usually best to run a Conceal Fact in concert with this operation, so that the target
    nation does not figure who, exactly, is behind the fun and games": chained in the same Special Operation, the
    blocked DAB is proposed `noticed` (the target learns what, not who)."""
    g = sound()
    resolve(
        g,
        {
            "swe": [
                op("so", "SO", target="the fire", capacity="ac"),
                op("cf", "CF", target="who set the fire", chain="so"),
                op("dab", "DAB", target_nation="den", target="ac", chain="so"),
            ],
            "den": [op("ci", "CI", target="DAB")],
        },
    )
    assert g.rules.adjudications["t1-swe-intel-dab"].proposal == "blocked/noticed"
    assert "Conceal Fact in the same Special Operation" in g.rules.adjudications["t1-swe-intel-dab"].explanation
    g.when(settle("t1-den-intel-ci", "success"))
    g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-dab"))
    g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-so"))  # "always"
    g.when(settle("t1-swe-intel-cf", "success"))
    next_turn(g)
    (den,) = [e for e in intel_seen(g, DEN) if e.code == "DAB"]
    assert (den.nation, den.detection) == ("", "noticed")
    assert any(line.endswith("by unknown agents was blocked") for line in g.view(DEN).report.intel)


def _pacified(**extra: Any) -> Game:
    """Denmark holds Halland and Dal Pacified with no garrison: each is a garrison revolt item ([L2411-2413])."""
    regions = {"Halland": region(1, "w", statuses={"den": "p"}), "Dal": region(1, "m", statuses={"den": "p"})}
    return sound(regions=regions, **extra)


def test_a_crush_revolt_held_in_hand_meets_the_first_revolt_and_the_region_keeps_its_status() -> None:
    """[L6865-6870] "This operation may be 'held-in-hand' for some designated event that may or may not happen during
    the turn, like a region or leader revolting. One 'running' CR will attempt to suppress one Leader, Region or City
    revolt during the turn"; [L6858-6860] "When used against a region, it maintains the old status of the region"."""
    g = _pacified()
    resolve(g, {"den": [op("cr", "CR", held_in_hand=True)]})
    item = g.rules.adjudications["t1-den-intel-cr"]
    assert item.proposal == "not_run/hidden" and "held in hand" in item.explanation
    halland, dal = "t1-den-garrison-region:Halland", "t1-den-garrison-region:Dal"
    refused = g.rejects(m.ConfirmAdjudication(item_id="t1-den-intel-cr"))
    assert refused.code == "lote.intel_revolt_to_crush" and halland in refused.message
    # a revolt must have arisen before a CR meets it
    assert g.rejects(settle("t1-den-intel-cr", "success", revolt=halland)).code == "lote.intel_no_such_revolt"
    g.when(m.ConfirmAdjudication(item_id=halland))  # the garrison revolts
    g.when(m.ConfirmAdjudication(item_id=dal))
    assert g.rejects(settle("t1-den-intel-cr", "success")).code == "lote.intel_cr_needs_revolt"
    assert g.rejects(settle("t1-den-intel-cr", "success", revolt="nowhere")).code == "lote.intel_no_such_revolt"
    assert g.rejects(settle("t1-den-intel-cr", "not_run", revolt=halland)).code == "lote.intel_revolt"
    g.when(settle("t1-den-intel-cr", "success", revolt=halland))
    confirm_the_rest(g)
    events = g.when(AdvancePhase())
    assert [e.place for e in of(events, m.GarrisonRevolted)] == ["Dal"]  # one CR, one revolt: Dal goes untouched
    assert g.rules.regions["Halland"].statuses == {"den": "p"}
    assert g.view(DEN).intel.ops["t1-den-intel-cr"].revolt == halland


def test_two_crush_revolts_cannot_take_the_same_revolt() -> None:
    """[L6866-6870] "If you have two different revolts and only one CR, then one revolt will go untouched": a revolt
    takes one CR."""
    g = _pacified(den={"ac": 2})
    resolve(g, {"den": [op("cr1", "CR", held_in_hand=True), op("cr2", "CR", held_in_hand=True)]})
    halland, dal = "t1-den-garrison-region:Halland", "t1-den-garrison-region:Dal"
    for item_id in (halland, dal):
        g.when(m.ConfirmAdjudication(item_id=item_id))  # both garrisons revolt
    g.when(settle("t1-den-intel-cr1", "failure", revolt=halland))
    assert g.rejects(settle("t1-den-intel-cr2", "success", revolt=halland)).code == "lote.intel_revolt_taken"
    g.when(settle("t1-den-intel-cr2", "success", revolt=dal))
    confirm_the_rest(g)
    events = g.when(AdvancePhase())
    assert [e.place for e in of(events, m.GarrisonRevolted)] == ["Halland"]  # the CR that failed did not stop it


def test_a_crush_revolt_aimed_at_a_region_counters_a_cause_unrest_there_after_it_succeeds() -> None:
    """[L6897-6900] Cause Unrest "May be countered by Counter-Intelligence (CI) before the action is resolved or Crush
    Revolt (CR) after the action is successful"; [L6851-6855] CR's target is the "Region or Leader revolting": aimed
    at Jylland it cannot meet the revolt of Halland."""
    g = _pacified()
    resolve(
        g, {"swe": [op("cu", "CU", target_nation="den", target="Jylland")], "den": [op("cr", "CR", target="Jylland")]}
    )
    assert g.rules.intel.ops["t1-swe-intel-cu"].counters == ("t1-den-intel-cr",)
    assert g.rejects(m.ConfirmAdjudication(item_id="t1-swe-intel-cu")).code == "lote.intel_needs_ruling"
    wrong = settle("t1-den-intel-cr", "success", revolt="t1-den-garrison-region:Halland")
    assert g.rejects(wrong).code == "lote.intel_no_such_revolt"
    assert g.rejects(settle("t1-swe-intel-cu", "success", revolt="x")).code == "lote.intel_revolt"
    g.when(settle("t1-den-intel-cr", "success", revolt="t1-swe-intel-cu"))
    (cu,) = g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-cu"))
    assert (cu.result, cu.detection) == ("blocked", "detected")
    assert g.view(DEN).intel.ops["t1-den-intel-cr"].revolt == ""  # Sweden's item id is not Denmark's to read


def test_a_revolt_check_a_crush_revolt_met_does_not_lose_the_region() -> None:
    """[L6858-6860] a successful CR against a region's revolt "maintains the old status of the region": a revolt check
    the GM rules `revolts` ([L8915-8923]) does not take effect when the CR held in hand was used on it."""
    g = sound()
    resolve(g, {"den": [op("cr", "CR", held_in_hand=True)]})
    check = "t1-den-revolt_check-region:Jylland"  # Jylland lies beyond the Danish CCR (`control/revolts.py`)
    assert g.rules.adjudications[check].kind == "revolt_check"
    g.when(m.OverrideAdjudication(item_id=check, outcome="revolts", reason="the nobles rise"))
    g.when(settle("t1-den-intel-cr", "success", revolt=check))
    confirm_the_rest(g)
    events = g.when(AdvancePhase())
    assert of(events, m.PlaceRevolted) == [] and g.rules.regions["Jylland"].statuses == {"den": "f"}
    plain = sound()  # the same revolt with no Crush Revolt: Jylland is lost
    resolve(plain, {})
    plain.when(m.OverrideAdjudication(item_id=check, outcome="revolts", reason="the nobles rise"))
    confirm_the_rest(plain)
    assert [e.place for e in of(plain.when(AdvancePhase()), m.PlaceRevolted)] == ["Jylland"]


def test_an_operation_blocked_unseen_reads_as_failed_to_its_operator() -> None:
    """A counter-operation is the target's secret: CI "will attempt to block hostile Intel activity against your
    nation" ([L6813-6822]); the operator's own report gives the results of its actions ([L3050-3061]), not what met
    them. Reading: an operation the GM rules `blocked` but `hidden` (nothing printed) reads `failure` to its
    operator in its view, its events and its report; a block the Newsfax printed (`noticed` and up) reads `blocked`."""
    for detection, result in (("hidden", "failure"), ("noticed", "blocked")):
        g = sound()
        resolve(
            g, {"swe": [op("ao", "AO", target_nation="den", target="government")], "den": [op("ci", "CI", target="AO")]}
        )
        g.when(settle("t1-den-intel-ci", "success"))
        g.when(settle("t1-swe-intel-ao", "blocked", detection))
        next_turn(g)
        (mine,) = [o for o in g.view(SWE).intel.ops.values() if o.code == "AO"]
        (event,) = [e for e in intel_seen(g, SWE) if e.code == "AO"]
        (line,) = [x for x in g.view(SWE).report.intel if x.startswith("ao:")]
        assert (mine.result, event.result) == (result, result), detection
        assert line.endswith("failed" if result == "failure" else "was blocked"), line
