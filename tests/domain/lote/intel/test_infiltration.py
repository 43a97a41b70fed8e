"""The infiltration state machine (§7.3.11 [L6927-6999], §7.3.16 [L7050-7063], §7.3.17 [L7065-7080], §7.3.26
[L7216-7231]): levels, maintenance, decay, detection, subversion and Subvert Infiltration's reversal."""

from __future__ import annotations

from typing import Any

from domain.engine.messages import DiceRolled
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.reports.views import redact
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import Game
from tests.domain.lote.helpers import of, resolve, seat
from tests.domain.lote.intel.helpers import infiltrated, next_turn, sound

SWE, DEN, NOR = seat("swe"), seat("den"), seat("nor")
GOV = "swe>den:government"


def op(line: str, code: str, **fields: Any) -> IntelOperation:
    return IntelOperation(line=line, code=code, **fields)


def settle(item_id: str, result: str, detection: str = "hidden", **fields: Any) -> m.SettleIntelOperation:
    return m.SettleIntelOperation(item_id=item_id, result=result, detection=detection, reason="ruled", **fields)


def ie(g: Game, levels: int, detection: str = "hidden") -> None:
    """Sweden runs IE+2 : Denmark-Government (EX-65) and the GM rules it a success of `levels`."""
    resolve(g, {"swe": [op("ie", "IE", bonus=2, target_nation="den", target="government")]})
    g.when(settle("t1-swe-intel-ie", "success", detection, levels=levels))


def test_a_successful_infiltrate_enemy_raises_the_sector_by_the_levels_the_gm_gives() -> None:
    """[L6933-6936] "Each infiltration is rated on a 1 to 10 scale. At level 10 and greater the sector is
    'subverted'": a successful IE raises it (by 1 or more); a failed one moves nothing."""
    g = sound()
    resolve(g, {"swe": [op("ie", "IE", bonus=2, target_nation="den", target="government")]})
    assert g.rejects(settle("t1-swe-intel-ie", "success")).code == "lote.intel_levels_needed"
    assert g.rejects(settle("t1-swe-intel-ie", "failure", levels=1)).code == "lote.intel_bad_levels"
    g.when(settle("t1-swe-intel-ie", "success", levels=3))
    x = g.rules.intel.infiltrations[GOV]
    assert (x.level, x.since_turn, x.maintained_turn, x.detected) == (3, 1, 1, False)
    assert g.view(SWE).intel.infiltrations[GOV].level == 3
    assert g.view(DEN).intel.infiltrations == {} and g.view(NOR).intel.infiltrations == {}
    next_turn(g)
    assert "Infiltration of Denmark's government: level 3" in g.view(SWE).report.intel
    assert not any("nfiltration" in line for line in g.view(DEN).report.intel)


def test_an_infiltration_no_mi_supports_degrades_one_level_on_the_engines_proposal() -> None:
    """[L6940-6944] "An established infiltration requires the assignment of a Maintain Infiltration operation each
    turn, or it will degrade"; [L7054-7058] "If a MI does not support an infiltration each turn, then it degrades one
    or more levels": an item for the GM with 2d6 recorded; confirmed, one level. One established this turn waits."""
    g = sound()
    ie(g, 3)
    assert not [i for i in g.rules.adjudications.values() if i.kind == "infiltration"]  # established this turn
    next_turn(g)
    events = resolve(g, {})
    (raised,) = [e.item for e in of(events, m.AdjudicationRaised) if e.item.kind == "infiltration"]
    assert (raised.item_id, raised.subject, raised.proposal) == ("t2-swe-infiltration-den-government", GOV, "1/hidden")
    assert len(raised.rolls) == 2 and "degrades one or more levels" in raised.explanation
    assert [r.purpose for r in of(events, DiceRolled) if r.purpose.startswith("infiltration:")] == [
        "infiltration:swe>den:government"
    ]
    assert g.view(SWE).adjudications[raised.item_id].explanation == ""
    assert raised.item_id not in g.view(DEN).adjudications
    override = m.OverrideAdjudication(item_id=raised.item_id, outcome="2", reason="r")
    assert g.rejects(override).code == "lote.use_settle_intel"  # the ruling has parts: RuleInfiltrationDecay
    (decayed,) = g.when(m.ConfirmAdjudication(item_id=raised.item_id))
    assert (decayed.levels, decayed.detection) == (1, "hidden")
    assert g.rules.intel.infiltrations[GOV].level == 2
    assert g.rules.adjudications[raised.item_id].outcome == "-1"


def test_the_gm_rules_how_many_levels_an_unmaintained_infiltration_loses_and_whether_it_is_discovered() -> None:
    """[L6940-6944] without an MI "the possibility of the infiltration being discovered by the target nation
    increases dramatically": the GM's ruling (RuleInfiltrationDecay) gives the levels and the detection. Denmark
    learns of the infiltration and whose it is, not its level; Sweden never learns that Denmark knows."""
    g = sound()
    ie(g, 5)
    next_turn(g)
    resolve(g, {})
    item = "t2-swe-infiltration-den-government"
    rule = m.RuleInfiltrationDecay(item_id=item, levels=2, detection="detected", reason="sloppy couriers")
    assert g.rejects(m.RuleInfiltrationDecay(item_id="nope", levels=1, detection="hidden", reason="r")).code == (
        "lote.unknown_item"
    )
    g.when(rule)
    assert g.rejects(rule).code == "lote.already_decided"
    assert g.rules.intel.infiltrations[GOV].level == 3 and g.rules.intel.infiltrations[GOV].owner_known
    (mine,) = g.view(SWE).intel.infiltrations.values()
    assert (mine.level, mine.detected, mine.owner_known) == (3, False, False)
    (found,) = g.view(DEN).intel.infiltrations.values()
    assert (found.owner, found.sector, found.level, found.detected) == ("swe", "government", 0, True)
    (den_event,) = [e for e in (redact(x, DEN) for x in g.events) if isinstance(e, m.InfiltrationDecayed)]
    assert (den_event.owner, den_event.levels, den_event.key, den_event.reason) == ("swe", 0, "", "")
    (swe_event,) = [e for e in (redact(x, SWE) for x in g.events) if isinstance(e, m.InfiltrationDecayed)]
    assert (swe_event.levels, swe_event.detection, swe_event.reason) == (2, "", "")
    assert not [e for e in (redact(x, NOR) for x in g.events) if isinstance(e, m.InfiltrationDecayed)]
    next_turn(g)
    assert "Detected: an infiltration of our government by Sweden" in g.view(DEN).report.intel


def test_a_maintain_infiltration_keeps_the_level_and_one_that_fails_degrades_it() -> None:
    """[L7050-7058] "A Maintain Infiltration is required to maintain each current infiltration": an MI line (always
    succeeding, Table 7-1) keeps it, and no decay item is raised; an MI the GM rules a failure does not support it:
    it "degrades one or more levels"."""
    g = sound()
    infiltrated(g, "swe", "den", "government", 4)
    refused = g.rejects(op("mi", "MI", target_nation="den", target="military"), SWE)
    assert refused.code == "lote.intel_no_infiltration"
    resolve(g, {"swe": [op("mi", "MI", target_nation="den", target="government")]})
    assert not [i for i in g.rules.adjudications.values() if i.kind == "infiltration"]
    assert "maintains level 4" in g.rules.adjudications["t1-swe-intel-mi"].explanation
    g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-mi"))
    assert (g.rules.intel.infiltrations[GOV].level, g.rules.intel.infiltrations[GOV].maintained_turn) == (4, 1)
    failed = sound()
    infiltrated(failed, "swe", "den", "government", 4)
    resolve(failed, {"swe": [op("mi", "MI", target_nation="den", target="government")]})
    assert failed.rejects(settle("t1-swe-intel-mi", "failure")).code == "lote.intel_levels_needed"
    assert failed.rejects(settle("t1-swe-intel-mi", "success", levels=-1)).code == "lote.intel_bad_levels"
    failed.when(settle("t1-swe-intel-mi", "failure", "noticed", levels=-4))
    assert GOV not in failed.rules.intel.infiltrations  # at 0 it is gone


def test_at_level_ten_the_sector_is_subverted_and_rearrange_expenditures_may_run() -> None:
    """[L6935-6936] "At level 10 and greater the sector is 'subverted'"; [L6957-6960] the Government's subvertor "may
    attempt to alter governmental expenditures ... by running Rearrange Expenditures operations" (and [L6952-6955] the
    Espionage Service's, Revise Orders)."""
    g = sound()
    infiltrated(g, "swe", "den", "government", 8)
    rearrange = op("re", "RE", target_nation="den", detail="troop support to Swedish pockets")
    assert g.rejects(rearrange, SWE).code == "lote.intel_not_subverted"
    revise = op("ro", "RO", target_nation="den", detail="their CI runs against TA")
    assert g.rejects(revise, SWE).code == "lote.intel_not_subverted"
    gov = {"target_nation": "den", "target": "government"}
    resolve(g, {"swe": [op("ie", "IE", bonus=2, **gov), op("mi", "MI", **gov)]})
    g.when(settle("t1-swe-intel-ie", "success", levels=2))
    g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-mi"))
    assert g.rules.intel.infiltrations[GOV].level == 10
    next_turn(g)
    assert "Infiltration of Denmark's government: level 10 (subverted)" in g.view(SWE).report.intel
    g.when(rearrange, SWE)


def test_a_purge_takes_levels_off_the_infiltrations_of_the_sector_and_reveals_them() -> None:
    """[L7069-7078] "Some degree of the infiltration will be destroyed and removed from the infiltrated sector ... A
    Purge may also be launched blindly and may even connect if there is really an infiltration in the sector": a
    successful PI takes the GM's levels off each infiltration there (only the named nation's when it names one)."""
    g = sound()
    infiltrated(g, "swe", "den", "military", 5)
    infiltrated(g, "nor", "den", "military", 2)
    resolve(g, {"den": [op("pi", "PI", target="military")]})
    explanation = g.rules.adjudications["t1-den-intel-pi"].explanation
    assert "infiltrations of den's military: swe level 5, nor level 2" in explanation
    assert g.rejects(settle("t1-den-intel-pi", "success", levels=1)).code == "lote.intel_bad_levels"
    g.when(settle("t1-den-intel-pi", "success", levels=-2))
    assert (
        g.rules.intel.infiltrations["swe>den:military"].level == 3
        and "nor>den:military" not in g.rules.intel.infiltrations
    )
    seen = sorted((x.owner, x.sector, x.level) for x in g.view(DEN).intel.infiltrations.values())
    assert seen == [("", "military", 0)]  # found, whose unknown, level unknown
    named = sound()
    infiltrated(named, "swe", "den", "military", 5)
    infiltrated(named, "nor", "den", "military", 2)
    assert named.rejects(op("pi", "PI", target="military", target_nation="den"), DEN).code == "lote.intel_own_nation"
    resolve(named, {"den": [op("pi", "PI", target="military", target_nation="nor")]})
    named.when(settle("t1-den-intel-pi", "success", levels=-1))
    levels = {k: x.level for k, x in named.rules.intel.infiltrations.items()}
    assert levels == {"swe>den:military": 5, "nor>den:military": 1}


def test_a_subvert_infiltration_turns_the_enemy_infiltration_and_carries_past_ten_into_its_espionage_service() -> None:
    """[L7216-7231] SI's target is "Detected infiltrations"; it "runs on the same scale as a normal infiltration,
    except that once the SI exceeds 10 then the infiltration carries over into the infiltrating country's Intel
    Service sector ... The subversion must be maintained by a MI operation". Setting p2b_si_carry_over: the levels
    past 10 (`excess`, the default) or the SI's whole level (`level`). Sweden never learns its infiltration turned."""
    for carry, espionage in (("excess", 2), ("level", 12)):
        g = sound(Settings(p2b_si_carry_over=carry))  # type: ignore[arg-type]
        infiltrated(g, "swe", "den", "government", 6)
        subvert = op("si", "SI", target_nation="swe", target="government")
        assert g.rejects(subvert, DEN).code == "lote.intel_not_detected"  # Denmark does not know of it
        infiltrated(g, "swe", "den", "government", 0, "detected")  # an earlier ruling tipped Denmark off
        resolve(g, {"den": [subvert]})
        assert "infiltrations of den's government: swe level 6 (detected)" in (
            g.rules.adjudications["t1-den-intel-si"].explanation
        )
        g.when(settle("t1-den-intel-si", "success", levels=12))
        infs = g.rules.intel.infiltrations
        assert infs["den>swe:government:si"].level == 10 and infs["den>swe:espionage"].level == espionage
        assert g.view(SWE).intel.infiltrations[GOV].level == 6  # unchanged, as far as Sweden can tell
        assert "den>swe:government:si" not in g.view(SWE).intel.infiltrations
        next_turn(g)
        assert "Subvert Infiltration of Sweden's infiltration of our government: level 10 (turned)" in (
            g.view(DEN).report.intel
        )
        g.when(op("mi", "MI", target_nation="swe", target="si:government"), DEN)
        resolve(g, {})
        decays = sorted(i.subject for i in g.rules.adjudications.values() if i.kind == "infiltration")
        assert decays == ["den>swe:espionage", GOV]  # Denmark's MI maintains its SI; the others decay


def test_an_infiltration_the_target_detected_is_never_shown_to_its_owner_as_detected() -> None:
    """Digest §1.6: [L6992-6996] "Countries being infiltrated may be tipped off even without a counter intelligence
    action": what the target knows is the target's. The IE's detection reaches Denmark (with Sweden's name when
    `detected`), not Sweden."""
    g = sound()
    ie(g, 2, "detected")
    (mine,) = g.view(SWE).intel.infiltrations.values()
    assert (mine.level, mine.detected) == (2, False)
    (found,) = g.view(DEN).intel.infiltrations.values()
    assert (found.owner, found.level, found.detected) == ("swe", 0, True)
    assert g.view(NOR).intel.infiltrations == {}


def test_an_infiltration_purged_to_nothing_takes_the_subvert_infiltration_of_it_along() -> None:
    """[L7216-7219] a Subvert Infiltration works on a detected infiltration: when the purge ends that infiltration,
    the SI has nothing left to subvert (and nothing left to maintain)."""
    g = sound()
    infiltrated(g, "swe", "den", "government", 2, "detected")
    infiltrated(g, "den", "swe", "si:government", 3)
    resolve(g, {"den": [op("pi", "PI", target="government", target_nation="swe")]})
    g.when(settle("t1-den-intel-pi", "success", levels=-2))
    assert g.rules.intel.infiltrations == {}
