"""Special Operations (§7.3.21 [L7132-7159]) and leaders' Espionage (§6.2.4.14 [L5830-5852], §7.1.1
[L6727-6737])."""

from __future__ import annotations

from typing import Any

from domain.rulesets.lote import messages as m
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from tests.domain.lote.helpers import resolve, seat
from tests.domain.lote.intel.helpers import sound

SWE = seat("swe")


def op(line: str, code: str, **fields: Any) -> IntelOperation:
    return IntelOperation(line=line, code=code, **fields)


def settle(item_id: str, result: str, detection: str = "hidden", **fields: Any) -> m.SettleIntelOperation:
    return m.SettleIntelOperation(item_id=item_id, result=result, detection=detection, reason="ruled", **fields)


def test_a_special_operation_carries_no_bonus_of_its_own() -> None:
    """[L7140-7142] "Bonus points are allocated on the sub-operation level"."""
    g = sound()
    assert g.rejects(op("so", "SO", bonus=1, target="the hit"), SWE).code == "lote.intel_so_bonus"


def test_a_reveal_fact_chained_before_a_kill_may_locate_the_target() -> None:
    """EX-65, [L7148-7158] "RF+3 + SO + KK+3 / King Gilbert the Fat": [L6678-6683] "it is often best to chain a Reveal
    Secret (RS) operation with the Kill Leader (KL) operation using the Special Operation (SO) action so as to first
    locate the target, and then terminate them". The Kill Ruler without a location notes the chained RF."""
    g = sound(swe={"oc": 1, "ob": 3, "ac": 2, "ab": 3})
    resolve(
        g,
        {
            "swe": [
                op("so", "SO", target="King Gilbert the Fat", capacity="ac"),
                op("rf", "RF", bonus=3, target="where King Gilbert confers", chain="so"),
                op("kk", "KK", bonus=3, target_nation="den", target="dk", chain="so"),
            ]
        },
    )
    explanation = g.rules.adjudications["t1-swe-intel-kk"].explanation
    assert "no location named: a negative modifier" in explanation
    assert "a Reveal Fact in the same Special Operation may locate the target first" in explanation


def test_the_operations_of_a_special_operation_never_run_were_never_run() -> None:
    """[L7132-7146] the SO coordinates the chained operations: if the GM rules it `not_run` (its leader's Espionage
    failed, [L6733-6737]), so are they."""
    g = sound(swe={"oc": 1})
    trip = GiveItinerary(line="it", army="sh", steps=[Step(kind="act", action="ES")])
    resolve(
        g,
        {"swe": [trip, op("so", "SO", target="spying", leader="sh"), op("sd", "SD", target="Halland", chain="so")]},
    )
    g.when(settle("t1-swe-intel-so", "not_run", espionage_failed=["sh"]))
    assert g.rejects(settle("t1-swe-intel-sd", "success")).code == "lote.intel_chain_not_run"
    g.when(settle("t1-swe-intel-sd", "not_run"))


def test_a_leaders_espionage_is_an_intel_operations_or_bonus_point_never_an_assassin_one() -> None:
    """[L6727-6731] a leader "may also act as an Intel Operations point (allowing the conduct of an Operation) or as
    an Intel Bonus point (to an operation launched either by another Leader, or by a regular Intel Op Point)";
    [L6773-6775] "Assassin refers to AC points, while Intel refers to OC points"."""
    g = sound()
    g.when(GiveItinerary(line="it", army="sh", steps=[Step(kind="act", action="ES")]), SWE)
    kill = op("kl", "KL", target_nation="den", target="dl", leader="sh")
    assert g.rejects(kill, SWE).code == "lote.intel_leader_not_assassin"
    helped = op("kl", "KL", target_nation="den", target="dl", bonus_leaders=["sh"])
    assert g.rejects(helped, SWE).code == "lote.intel_leader_not_assassin"
    either = op("ca", "CA", target="sk", capacity="ac", leader="sh")
    assert g.rejects(either, SWE).code == "lote.intel_leader_not_assassin"
    g.when(op("ca", "CA", target="sk", leader="sh"), SWE)  # an "either" operation, run as an Operations point


def test_ex65_es_plus_16_is_a_lieutenant_spending_24_ap_on_battle_assistance() -> None:
    """EX-65, [L5846-5849]: "Jacob Kruzfeldt, a Swedish Royal Navy Lieutenant, is assigned to run an Espionage action
    to provide Battle Assistance ... ES+16 (BA-Attack on Venice)": Espionage is BAC 8+ ([L5832]), so 16 AP more than
    the base 8; the item shows the GM the leader, his Charisma (the action's stat) and the AP spent."""
    g = sound(swe={"oc": 0})
    trip = GiveItinerary(line="it", army="sl", steps=[Step(kind="act", action="ES", extra=16)])
    resolve(g, {"swe": [trip, op("ba", "BA", target="sl", leader="sl", detail="Attack on Venice")]})
    o = g.rules.intel.ops["t1-swe-intel-ba"]
    assert (o.capacity, o.espionage_extra) == ("leader", 16)
    assert "Charisma 6) at Skane, ES+16 (24 AP)" in g.rules.adjudications[o.item_id].explanation
