"""Operations are secret to their targets unless detected; what detection reveals, and to whom (digest §1.6).

[L3050-3061] the Newsfax always reports "Intel Actions against your Nation and the results" and "Failed Intel
actions that you attempted against other nations and were 'blown' or revealed to the public" (unless concealed).
Reading (intel/report.py): `hidden` reaches only the operator; `noticed` tells the target what and the result;
`detected` also who (in its own report); `blown` prints the operator's name in the Newsfax too.
"""

from __future__ import annotations

import pytest

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.reports.views import redact
from tests.domain.harness import Game
from tests.domain.lote.helpers import resolve, seat
from tests.domain.lote.intel.helpers import confirm_the_rest, sound

SWE, DEN, NOR = seat("swe"), seat("den"), seat("nor")
ITEM = "t1-swe-intel-kl"


def played(detection: str, result: str = "success") -> Game:
    """Sweden runs KL+2 on the Danish Lieutenant `dl` in Jylland; the GM settles it; the turn is published."""
    g = sound()
    kill = IntelOperation(line="kl", code="KL", bonus=2, target_nation="den", target="dl", location="Jylland")
    resolve(g, {"swe": [kill]})
    g.when(m.SettleIntelOperation(item_id=ITEM, result=result, detection=detection, reason="2d6 of 11"))  # type: ignore[arg-type]
    confirm_the_rest(g)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    return g


def seen(g: Game, actor: object) -> list[object]:
    return [e for e in (redact(x, actor) for x in g.events) if isinstance(e, m.IntelEvent)]  # type: ignore[arg-type]


def news(g: Game, nid: str) -> list[str]:
    newsfax = g.view(NOR).newsfax
    return next(n.lines for n in newsfax.nations if n.nation == nid)


def test_an_undetected_operation_is_invisible_to_its_target_and_to_everyone_else() -> None:
    g = played("hidden")
    for actor in (DEN, NOR):
        assert seen(g, actor) == [] and g.view(actor).intel.ops == {}
        assert ITEM not in g.view(actor).adjudications
    assert not any("Intel" in line for n in g.view(NOR).newsfax.nations for line in n.lines)
    assert not any("Kill Leader" in line for line in g.view(DEN).report.intel)
    mine = g.view(SWE).report.intel
    assert mine == ["kl: Kill Leader (KL) against dl at Jylland / Denmark +2 (AC) succeeded"]


@pytest.mark.parametrize("detection", ["noticed", "detected", "blown"])
def test_a_detected_operation_tells_its_target_what_and_the_result_and_who_only_when_detected(detection: str) -> None:
    g = played(detection)
    (raised_none, settled) = (
        [e for e in seen(g, DEN) if isinstance(e, m.IntelOperationRaised)],
        [e for e in seen(g, DEN) if isinstance(e, m.IntelOperationSettled)],
    )
    assert raised_none == []
    (event,) = settled
    named = detection in ("detected", "blown")
    assert (event.item_id, event.nation, event.code, event.result) == ("", "swe" if named else "", "KL", "success")
    assert event.reason == "" and event.levels == 0
    (op,) = g.view(DEN).intel.ops.values()
    assert (op.nation, op.line, op.bonus, op.rolls, op.counters) == ("swe" if named else "", "", 0, (), ())
    who = "by Sweden" if named else "by unknown agents"
    assert g.view(DEN).report.intel == [f"Against us: Kill Leader (KL) against dl at Jylland {who} succeeded"]
    by = " by Sweden" if detection == "blown" else ""
    assert news(g, "den") == [f"Intel: Kill Leader (KL) against dl at Jylland{by} succeeded."]
    blown = ["Intel blown: Kill Leader (KL) against dl at Jylland of Denmark succeeded."]
    assert news(g, "swe") == (blown if detection == "blown" else [])
    assert seen(g, NOR) == [] and g.view(NOR).intel.ops == {}


def test_the_operator_learns_only_that_its_operation_was_blown() -> None:
    """The operator knows its result; whether the target detected it is the target's secret unless blown."""
    for detection, shown in (("hidden", ""), ("noticed", ""), ("detected", ""), ("blown", "blown")):
        g = played(detection, "failure")
        settled = [e for e in seen(g, SWE) if isinstance(e, m.IntelOperationSettled)]
        assert [(e.result, e.detection, e.reason) for e in settled] == [("failure", shown, "")]
        assert g.view(SWE).intel.ops[ITEM].detection == shown
