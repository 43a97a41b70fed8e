"""The conversion of a nation (§8.5 [L7653-7662]) and the pagan adoption of an organized religion (§8.5.1
[L7664-7681]): a `nation_conversion` item with its inputs, then what converts and the checks it raises."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from tests.domain.lote.helpers import of, resolve
from tests.domain.lote.religion.helpers import balkans, close, confirm_the_rest, items


def convert(religion: str) -> m.ConvertNation:
    return m.ConvertNation(line="faith", religion=religion)


def test_pagan_adoption_converts_the_homeland_at_once_and_checks_the_rest() -> None:
    """[L7668-7681] "the Pagan's royal family, government and all friendly regions in the Homeland Build Zone will
    automatically convert. All other regions must go through a revolt check. If they pass, they will convert along
    with the king. If they fail, they will revolt and retain the pagan religion. If a pagan nation controls regions
    of an Organized religion which is not the one they converted to, they will not revolt if they are tolerant of
    the new, adopted religion. If they are hostile, they will automatically rebel." The Kipchaks (BL 4: a Homeland
    Build Zone of 2 AP) adopt Orthodoxy: the Steppe and Moldavia (Friendly, in it) convert at once; Wallachia
    (Tributary) and Cumania (beyond it) check for revolt; Serbia, Sunni here and their Tributary, rebels."""
    g = balkans(kip={"bl": 4}, regions={"Serbia": {"religion": "SN", "statuses": {"kip": "t"}}})
    resolve(g, {"kip": [convert("EO")]})
    (item,) = items(g, "nation_conversion")
    assert (item.item_id, item.subject, item.proposal) == ("t1-kip-nation_conversion-EO", "EO", "converted")
    assert "Pagan adoption" in item.explanation and "contact" in item.explanation
    confirm_the_rest(g, but=frozenset())
    events = close(g)
    assert g.rules.nations["kip"].religion == "EO"
    converted = {e.place: e.how for e in of(events, m.PlaceConverted)}
    assert converted == {"Steppe": "pagan_adoption", "Moldavia": "pagan_adoption"}
    checks = {i.subject: (i.proposal, i.item_id) for i in items(g, "religious_revolt")}
    assert checks["region:Wallachia"][0] == "holds" and checks["region:Cumania"][0] == "holds"
    assert checks["region:Serbia"][0] == "revolts"  # hostile to the adopted faith: "automatically rebel"
    assert "pagan_adoption" in checks["region:Cumania"][1] and "pagan_hostile" in checks["region:Serbia"][1]
    g.when(AdvancePhase())  # the reports; the checks wait for the next adjudication phase
    resolve(g, {})
    g.when(m.OverrideAdjudication(item_id=checks["region:Cumania"][1], outcome="revolts", reason="the shamans"))
    confirm_the_rest(g, but=frozenset())
    events = close(g)
    assert {e.place for e in of(events, m.PlaceConverted)} == {"Wallachia"}
    assert {e.place for e in of(events, m.PlaceRevolted)} == {"Cumania", "Serbia"}
    assert g.rules.regions["Cumania"].religion == "AP" and "kip" not in g.rules.regions["Cumania"].statuses


def test_a_conversion_to_a_tolerant_faith_at_rs_3_or_4_brings_widespread_rebellion() -> None:
    """[L7653-7656] "A nation can convert itself to another religion of a tolerant faith if the nation's RS is 4 or
    less. If nation's RS is 2 or less, the nation will suffer no widespread rebellions." Hungary (RS 4) turns
    Orthodox: its Catholic places check for revolt (the engine proposes 'holds'); at RS 2 none do."""
    g = balkans(hun={"religious_strength": 4})
    resolve(g, {"hun": [convert("EO")]})
    confirm_the_rest(g, but=frozenset())
    close(g)
    assert g.rules.nations["hun"].religion == "EO"
    checks = items(g, "religious_revolt")
    assert {(i.subject, i.proposal) for i in checks} == {
        ("region:Transylvania", "holds"),
        ("region:Pannonia", "holds"),
        ("city:Buda", "holds"),
    }
    assert "widespread rebellions (RS 3-4)" in items(g, "nation_conversion")[0].explanation
    quiet = balkans(hun={"religious_strength": 2})
    resolve(quiet, {"hun": [convert("EO")]})
    confirm_the_rest(quiet, but=frozenset())
    close(quiet)
    assert quiet.rules.nations["hun"].religion == "EO" and items(quiet, "religious_revolt") == []


def test_a_conversion_to_a_hostile_faith_must_suffer_rebellions() -> None:
    """[L7660-7662] "A nation can convert to a hostile religion if their RS is 2 or less, but they must suffer
    rebellions in order to do so": Hungary (RS 2) turns Sunni; each Catholic place's check proposes 'revolts'."""
    g = balkans(hun={"religious_strength": 2})
    resolve(g, {"hun": [convert("SN")]})
    confirm_the_rest(g, but=frozenset())
    close(g)
    assert {i.proposal for i in items(g, "religious_revolt")} == {"revolts"}


def test_the_primates_influence_may_hold_and_depose_the_royal_family() -> None:
    """[L7656-7660] "A nation converting to a tolerant sect must also fail the influence check of their (original)
    Primate Religious Authority. If the influence holds, the royal family is deposed in a coup and the nation
    retains their original religion." With influence 4 in Hungary the engine proposes no outcome: the GM rules
    'coup' (the nation stays Catholic) or 'converted'."""
    g = balkans(hun={"religious_strength": 4, "primate_influence": 4})
    resolve(g, {"hun": [convert("EO")]})
    (item,) = items(g, "nation_conversion")
    assert item.proposal == "ruling" and "Primate's influence there is 4" in item.explanation
    assert g.rejects(m.ConfirmAdjudication(item_id=item.item_id)).code == "lote.religion_needs_ruling"
    bad = g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="maybe", reason="x"))
    assert bad.code == "lote.bad_outcome"
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="coup", reason="the Pope's legate held"))
    confirm_the_rest(g, but=frozenset())
    events = close(g)
    assert of(events, m.NationConverted) == [] and g.rules.nations["hun"].religion == "RC"
