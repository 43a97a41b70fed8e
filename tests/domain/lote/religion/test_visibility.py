"""Religious operations are secret to their targets unless detected; what the Newsfax prints ([L3050-3061]:
"Religious actions within your country"); who sees minorities, conversions and sanctions (digest §1.6)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.religion.report import report_lines
from domain.rulesets.lote.reports.views import redact
from tests.domain.harness import Game
from tests.domain.lote.helpers import resolve
from tests.domain.lote.religion.helpers import BYZ, HUN, KIP, balkans, confirm_the_rest

ITEM = "t1-byz-relop-ls"


def played(detection: str, result: str = "success") -> Game:
    """Byzantium runs LS+1 on Hungary in Transylvania; the GM settles it; the turn is published."""
    g = balkans()
    lower = m.ReligiousOperation(line="ls", code="LS", bonus=1, target_nation="hun", location="Transylvania")
    resolve(g, {"byz": [lower]})
    g.when(m.SettleReligiousOperation(item_id=ITEM, result=result, detection=detection, reason="2d6 of 10"))  # type: ignore[arg-type]
    confirm_the_rest(g)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    return g


def seen(g: Game, actor: Any) -> list[Any]:
    return [e for e in (redact(x, actor) for x in g.events) if isinstance(e, m.ReligionEvent)]


def news(g: Game, nid: str) -> list[str]:
    return next(n.lines for n in g.view(KIP).newsfax.nations if n.nation == nid)


def test_an_undetected_operation_is_invisible_to_its_target_but_for_its_effect() -> None:
    """A hidden operation: Hungary sees its RS fall (its own sheet), never who or how; the Kipchaks nothing."""
    g = played("hidden")
    hun = seen(g, HUN)
    assert [type(e).__name__ for e in hun] == ["ReligiousStrengthChanged"] and hun[0].cause == ""
    assert g.view(HUN).religion.ops == {} and ITEM not in g.view(HUN).adjudications
    assert not any("Lower" in line for line in g.view(HUN).report.religion)
    assert seen(g, KIP) == [] and g.view(KIP).religion.ops == {}
    assert not any("Religion" in line for n in g.view(KIP).newsfax.nations for line in n.lines)
    mine = g.view(BYZ).report.religion
    assert "ls: Lower Religious Strength (LS) at Transylvania / Hungary +1 ROB succeeded" in mine


@pytest.mark.parametrize("detection", ["noticed", "detected", "blown"])
def test_a_detected_operation_tells_its_target_what_and_the_result_and_who_only_when_detected(detection: str) -> None:
    g = played(detection, "failure")
    (event,) = seen(g, HUN)
    named = detection in ("detected", "blown")
    assert (event.item_id, event.nation, event.code, event.result, event.reason) == (
        "",
        "byz" if named else "",
        "LS",
        "failure",
        "",
    )
    (op,) = g.view(HUN).religion.ops.values()
    assert (op.nation, op.line, op.bonus, op.rolls, op.religion) == (
        "byz" if named else "",
        "",
        0,
        (),
        "EO" if named else "",
    )
    who = "by Byzantium" if named else "by unknown clergy"
    assert f"Against us: Lower Religious Strength (LS) at Transylvania {who} failed" in g.view(HUN).report.religion
    by = " by Byzantium" if detection == "blown" else ""
    assert news(g, "hun") == [f"Religion: Lower Religious Strength (LS) at Transylvania{by} failed."]
    own = ["Religion: Lower Religious Strength (LS) at Transylvania failed."]
    assert news(g, "byz") == (own if detection == "blown" else [])
    assert seen(g, KIP) == [] and g.view(KIP).religion.ops == {}


def test_the_operator_learns_only_that_its_operation_was_blown() -> None:
    for detection, shown in (("hidden", ""), ("noticed", ""), ("detected", ""), ("blown", "blown")):
        g = played(detection, "failure")
        settled = [e for e in seen(g, BYZ) if isinstance(e, m.ReligiousOperationSettled)]
        assert [(e.result, e.detection, e.reason) for e in settled] == [("failure", shown, "")]
        assert g.view(BYZ).religion.ops[ITEM].detection == shown
        assert g.view(BYZ).religion.ops[ITEM].target_rs is None and g.view(BYZ).religion.ops[ITEM].rolls == ()


def test_a_places_converts_are_seen_by_its_holders_without_the_converting_nation() -> None:
    """Missionaries' converts in Kipchak Wallachia: the Kipchaks (the holders) see an Orthodox minority of 30%, not
    who converted it; Byzantium sees its own converts; Hungary nothing. A place converted in full is printed in
    the holders' section of the Newsfax ("Religious actions within your country")."""
    g = balkans()
    resolve(g, {"byz": [m.ReligiousOperation(line="mw", code="MW", target="Wallachia")]})
    g.when(
        m.SettleReligiousOperation(
            item_id="t1-byz-relop-mw", result="success", detection="hidden", reason="x", change=30
        )
    )
    (kip_event,) = seen(g, KIP)
    assert kip_event.cause == "" and [(x.religion, x.pct, x.nation) for x in kip_event.minorities] == [("EO", 30, "")]
    assert [(x.religion, x.nation) for x in g.view(KIP).religion.minorities["Wallachia"]] == [("EO", "")]
    assert [x.nation for x in g.view(BYZ).religion.minorities["Wallachia"]] == ["byz"]
    assert "Wallachia" not in g.view(HUN).religion.minorities and seen(g, HUN) == []
    assert "Minority in Wallachia: EO (converts 30%)" in report_lines(g.rules, "kip", 1)


def test_sanctions_and_a_nations_conversion_are_public_without_the_gms_reasons() -> None:
    """Excommunication is a public act of the Primate (§8.6.7.1): every seat sees it, never the GM's reason; the
    Newsfax prints it under the nation. The checks' pending effects are the GM's."""
    g = balkans()
    g.when(m.Excommunicate(nation="byz", reason="a secret quarrel"))
    for actor in (BYZ, HUN, KIP):
        (laid,) = seen(g, actor)
        assert laid.reason == "" and laid.sanction.nation == "byz"
        assert g.view(actor).religion.sanctions["exc:byz"].kind == "excommunication"
    resolve(g, {})
    assert all(type(e).__name__ != "ReligiousCheckPending" for e in seen(g, BYZ))
    confirm_the_rest(g)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assert news(g, "byz") == ["Byzantium is excommunicated."]
    assert "Sanction: excommunication since turn 1" in g.view(BYZ).report.religion
