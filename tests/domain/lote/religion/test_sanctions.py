"""Excommunication and interdict (§8.6.7.1-2 [L7900-7936]) as the GM lays them, and religion's effect on garrisons
and the maximum control status (§2.14.11-12, §8.2-8.2.1 [L7360-7392]; digest §3.14-3.15)."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.diplomacy.attempts import max_status
from domain.rulesets.lote.leaders.garrisons import city_requirement, faith_relation, region_requirement
from tests.domain.lote.helpers import resolve
from tests.domain.lote.religion.helpers import balkans, close, confirm_the_rest, items

SERBIA = {"Serbia": {"statuses": {"byz": "p"}, "garrison": {"byz": {"I": 12}}}}


def test_a_hostile_religion_doubles_a_regions_garrison_and_a_tolerant_one_adds_half() -> None:
    """[L7366-7368] "If your forces occupy a region of a Hostile faith, you will require a double-sized garrison";
    Table 2-39: same 1, tolerant 1.5, hostile 2. Byzantium's Catholic Bulgaria (tolerant): RV 5 x 1.5 = 7.5;
    its Sunni Anatolia (hostile): 10."""
    g = balkans()
    assert region_requirement(g.rules, "Bulgaria", "byz").needed == 15 / 2
    assert region_requirement(g.rules, "Anatolia", "byz").needed == 10


def test_hostile_terrain_and_hostile_religion_make_a_quadruple_garrison() -> None:
    """[L7389-7392] "If the region terrain and religion are hostile then yes, a quadruple multiplied garrison will
    have to stay": Sunni mountains held by Orthodox Civilized troops, RV 5 x 2 (Table 2-37, m) x 2 = 20."""
    g = balkans(regions={"Serbia": {"religion": "SN", "statuses": {"byz": "p"}}})
    assert region_requirement(g.rules, "Serbia", "byz").needed == 20


def test_against_a_hostile_religion_diplomacy_gets_no_better_than_economic_ally() -> None:
    """[L7370-7373] "If you attempt diplomacy with a region of a Hostile faith, the status will never get any
    better than Economic Ally"; Table 2-41 at RS 1 would allow Allied against a hostile faith: the cap is EA."""
    g = balkans(byz={"religious_strength": 1}, regions={"Serbia": {"religion": "SN", "terrain": "c"}})
    assert max_status(g.rules, g.rules.nations["byz"], "Serbia") == "ea"


def test_an_excommunicated_nation_is_hostile_to_its_own_faithful() -> None:
    """§8.6.7.1 [L7903-7908] "This power causes the Excommunicated player to be considered of a Hostile religion by
    their populace ... This results in, among other things, revolts, insurrection, and the defection of Armies and
    Leaders." Byzantium excommunicated: its Orthodox Serbia (Pacified, mountains) needs RV 5 x 2 x 2 = 20 instead
    of 10, and diplomacy in an Orthodox lowland gets no better than Tributary (RS 6, Table 2-41) instead of
    Friendly. Lifted, both return."""
    g = balkans(regions={**SERBIA, "Macedonia": {"statuses": {}}})
    byz = g.rules.nations["byz"]
    assert region_requirement(g.rules, "Serbia", "byz").needed == 10
    assert max_status(g.rules, byz, "Macedonia") == "f"
    g.when(m.Excommunicate(nation="byz", reason="the Patriarch defied Rome"))
    assert g.rules.nations["byz"].excommunicated and faith_relation(g.rules, "byz", "EO", "Serbia") == "hostile"
    assert region_requirement(g.rules, "Serbia", "byz").needed == 20
    assert max_status(g.rules, g.rules.nations["byz"], "Macedonia") == "t"
    assert faith_relation(g.rules, "hun", "EO", "Serbia") == "tolerant"  # only the sanctioned nation's relation
    again = g.rejects(m.Excommunicate(nation="byz", reason="again"))
    assert again.code == "lote.already_excommunicated"
    g.when(m.LiftExcommunication(nation="byz", reason="reconciled"))
    assert not g.rules.nations["byz"].excommunicated
    assert region_requirement(g.rules, "Serbia", "byz").needed == 10
    assert g.rejects(m.LiftExcommunication(nation="byz", reason="x")).code == "lote.not_excommunicated"


def test_an_excommunicated_city_garrison_is_doubled() -> None:
    """[L2618-2619] a city of a hostile religion needs twice its RV in troops: Constantinople (5 GPv, no walls: RV
    floor(0 + sqrt 5) = 2) held Pacified by an excommunicated Byzantium needs 4."""
    g = balkans()
    g.when(m.SetControlStatus(place="Constantinople", nation="byz", status="p", reason="a test"))
    assert city_requirement(g.rules, "Constantinople", "byz").needed == 2
    g.when(m.Excommunicate(nation="byz", reason="a test"))
    assert city_requirement(g.rules, "Constantinople", "byz").needed == 4


def test_excommunication_raises_revolt_and_defection_checks_at_the_next_resolution() -> None:
    """[L7905-7908] "revolts, insurrection, and the defection of Armies and Leaders": at the next resolution each of
    Byzantium's Orthodox places checks for revolt and each of its armies under a leader (not the King's) for
    defection; once only. [L7910-7912] "The misuse, or overuse, of this power will dull its effects": the checks of
    a second excommunication say so."""
    g = balkans()
    g.when(m.Excommunicate(nation="byz", reason="schism"))
    resolve(g, {})
    subjects = {i.subject: i.proposal for i in items(g, "religious_revolt")}
    assert subjects == {
        "region:Thrace": "holds",
        "region:Macedonia": "holds",
        "city:Constantinople": "holds",
        "leader:byz-l": "holds",
    }
    item = next(i for i in items(g, "religious_revolt") if i.subject == "leader:byz-l")
    assert "defection" in item.explanation and "Loyalty 7" in item.explanation
    assert g.rules.religion.sanctions["exc:byz"].checked_turn == 1
    confirm_the_rest(g)
    close(g)
    g.when(AdvancePhase())
    resolve(g, {})
    assert [i for i in items(g, "religious_revolt") if i.turn == 2] == []
    g.when(m.LiftExcommunication(nation="byz", reason="penance"))
    g.when(m.Excommunicate(nation="byz", reason="relapse"))
    confirm_the_rest(g)
    close(g)
    g.when(AdvancePhase())
    resolve(g, {})
    second = [i for i in items(g, "religious_revolt") if i.turn == 3]
    assert second and all("(2 times so far: overuse dulls its effects" in i.explanation for i in second)


def test_a_leader_may_be_excommunicated_alone() -> None:
    """[L7912-7913] "Any individual Leader may also be excommunicated at the will of the Primate": his defection
    check only; the nation is not."""
    g = balkans()
    assert g.rejects(m.Excommunicate(nation="byz", leader="hun-l", reason="x")).code == "lote.religion_unknown_leader"
    g.when(m.Excommunicate(nation="byz", leader="byz-l", reason="simony"))
    assert not g.rules.nations["byz"].excommunicated
    resolve(g, {})
    assert [i.subject for i in items(g, "religious_revolt")] == ["leader:byz-l"]
    g.when(m.LiftExcommunication(nation="byz", leader="byz-l", reason="penance"))
    assert "exc:byz:byz-l" not in g.rules.religion.sanctions


def test_an_interdict_on_regions_makes_their_people_excommunicated() -> None:
    """§8.6.7.2 [L7917-7936] "Interdict may be laid upon any region or group of regions of the same religion as
    the Primate ... All leaders and inhabitants of an Interdicted region(s) are considered to be Excommunicated",
    its armies "treated as of a Hostile religion": Byzantium's Orthodox Serbia interdicted needs the hostile
    garrison; the whole nation is not interdicted; its regions of another faith cannot be named."""
    g = balkans(regions=SERBIA)
    assert g.rejects(m.LayInterdict(nation="byz", regions=["Bulgaria"], reason="x")).code == (
        "lote.interdict_other_religion"
    )
    assert g.rejects(m.LayInterdict(nation="byz", regions=["Pannonia"], reason="x")).code == "lote.interdict_not_held"
    assert g.rejects(m.LayInterdict(nation="byz", regions=["Oz"], reason="x")).code == "lote.unknown_place"
    assert g.rejects(m.LayInterdict(nation="zz", reason="x")).code == "lote.unknown_nation"
    g.when(m.LayInterdict(nation="byz", regions=["Serbia"], reason="the monks were expelled"))
    assert not g.rules.nations["byz"].interdicted
    assert region_requirement(g.rules, "Serbia", "byz").needed == 20
    assert faith_relation(g.rules, "byz", "EO", "Macedonia") == "same"
    assert g.rejects(m.LayInterdict(nation="byz", reason="x")).code == "lote.already_interdicted"
    resolve(g, {})
    assert [i.subject for i in items(g, "religious_revolt")] == ["region:Serbia"]
    g.when(m.LiftInterdict(nation="byz", reason="lifted"))
    assert region_requirement(g.rules, "Serbia", "byz").needed == 10
    assert g.rejects(m.LiftInterdict(nation="byz", reason="x")).code == "lote.not_interdicted"


def test_an_interdict_on_the_whole_nation_sets_its_sheet() -> None:
    """[L7917-7936] "Interdict Nation": with no region named, the whole nation is interdicted (its stat sheet's
    flag), and its armies are checked for defection."""
    g = balkans()
    g.when(m.LayInterdict(nation="byz", reason="the Emperor seized the Church's lands"))
    assert g.rules.nations["byz"].interdicted
    resolve(g, {})
    assert "leader:byz-l" in {i.subject for i in items(g, "religious_revolt")}
    g.when(m.LiftInterdict(nation="byz", reason="restored"))
    assert not g.rules.nations["byz"].interdicted


def test_a_religious_revolt_that_revolts_loses_the_place() -> None:
    """An excommunicated nation's place ruled 'revolts' is lost with its garrison (as a revolt check that revolts)."""
    g = balkans(regions=SERBIA)
    g.when(m.Excommunicate(nation="byz", reason="x"))
    resolve(g, {})
    (serbia,) = [i for i in items(g, "religious_revolt") if i.subject == "region:Serbia"]
    g.when(m.OverrideAdjudication(item_id=serbia.item_id, outcome="revolts", reason="the monks rose"))
    confirm_the_rest(g)
    close(g)
    assert "byz" not in g.rules.regions["Serbia"].statuses
