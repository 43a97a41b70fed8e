"""Converting places (§8.4 [L7610-7651], §6.2.4.12 [L5772-5793], §6.2.4.23 [L6012-6044], §5.6.3-5.6.4
[L4598-4630]) and their religious minorities ([L3252-3258]): what converts, when, and the checks it raises."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import Colonize, GiveItinerary, Step
from tests.domain.lote.helpers import of, resolve
from tests.domain.lote.religion.helpers import BYZ, balkans, close, confirm_the_rest, items


def dc(line: str, target: str, **fields: object) -> m.DiplomaticConversion:
    return m.DiplomaticConversion(line=line, leader="byz-l", target=target, ap=6, **fields)  # type: ignore[arg-type]


def rule(g: object, item_id: str, outcome: str) -> None:
    g.when(m.OverrideAdjudication(item_id=item_id, outcome=outcome, reason="ruled"))  # type: ignore[attr-defined]


def test_a_diplomatic_conversion_is_an_item_with_the_leaders_charisma_and_the_religions_relation() -> None:
    """[L5772-5793] "uses the leader's Charisma stat rather than Diplomacy ... the results are also dependent on
    how the religions interact"; "Multiple Leaders can cooperate ..., with each acting at their full Charisma";
    [L7382-7386] "It is twice as hard to convert a region of a hostile religion". The GM rules the share."""
    g = balkans()
    resolve(g, {"byz": [dc("c", "Wallachia", helpers=["byz-k"])]})
    (item,) = items(g, "religious_conversion")
    assert (item.item_id, item.subject, item.proposal, len(item.rolls)) == (
        "t1-byz-religious_conversion-c",
        "Wallachia",
        "0",
        2,
    )
    text = item.explanation
    assert "Charisma 8" in text and "helpers at full Charisma byz-k 6" in text and "total 14" in text
    assert "Wallachia is AP, hostile to EO (a hostile religion is twice as hard" in text
    bad = g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="120", reason="x"))
    assert bad.code == "lote.bad_outcome"


def test_converts_are_a_minority_until_the_whole_place_is_converted() -> None:
    """[L7634-7643] "you must convert a full 100% of the population or your efforts will eventually fail ... If
    you have managed to convert more than 50% of a region to your religion, you can perform Cause Unrest ... or an
    Incite Rebellion action ... to turn that region to your religion". 60% the first turn is a minority of
    Orthodox converts in Wallachia; 40% more the next turn converts it."""
    g = balkans()
    resolve(g, {"byz": [dc("c", "Wallachia")]})
    rule(g, "t1-byz-religious_conversion-c", "60")
    confirm_the_rest(g)
    close(g)
    (found,) = g.rules.religion.minorities["Wallachia"]
    assert (found.religion, found.origin, found.pct) == ("EO", "converts", 60)
    assert g.rules.regions["Wallachia"].religion == "AP"
    g.when(AdvancePhase())
    resolve(g, {"byz": [dc("c", "Wallachia")]})
    assert "60% converted so far" in items(g, "religious_conversion")[-1].explanation
    rule(g, "t2-byz-religious_conversion-c", "40")
    confirm_the_rest(g)
    events = close(g)
    (done,) = of(events, m.PlaceConverted)
    assert (done.place, done.religion, done.former, done.how) == ("Wallachia", "EO", "AP", "diplomatic")
    assert g.rules.regions["Wallachia"].religion == "EO" and g.rules.religion.minorities["Wallachia"] == ()


def _mc(g: object) -> None:
    steps = [Step(kind="move", to="Bulgaria"), Step(kind="act", action="MC")]
    g.when(GiveItinerary(line="mc", army="byz-l", steps=steps), BYZ)  # type: ignore[attr-defined]


def test_ex53_languedoc_a_military_conversion_takes_hold_on_assimilation() -> None:
    """EX-53 [L6035-6044] ("Languedoc is a 2 GPv province so it costs the Italians (4 + 2 = 6) Action Points ...
    they must keep at least (2 x 10 = 20) points of troops") and §8.4.2 [L7622-7628]: "the region will be under a
    Military Conversion pacification and the region will accept your religion once it is assimilated (that is,
    turn friendly status)". Byzantium converts Catholic Bulgaria (2 GPv) by the sword: ruled 'converted', it
    shows two faiths (Orthodox over a Catholic minority of origin `military`, [L3252-3258]); assimilated (p to f)
    the next turn, the minority is gone."""
    g = balkans(regions={"Bulgaria": {"years_from_conquest": 1}})
    g.when(m.AdjustUnits(nation="byz", army="byz-l", units={"I": 15}, reason="reinforced"))
    _mc(g)
    resolve(g, {})
    (item,) = items(g, "military_conversion")
    assert "20 troop points kept" in item.explanation
    confirm_the_rest(g)
    close(g)
    assert g.rules.regions["Bulgaria"].religion == "EO"
    (mc,) = g.rules.religion.minorities["Bulgaria"]
    assert (mc.religion, mc.origin, mc.nation) == ("RC", "military", "byz")
    g.when(AdvancePhase())
    resolve(g, {})
    (assimilation,) = [i for i in items(g, "assimilation") if i.subject == "region:Bulgaria"]
    rule(g, assimilation.item_id, "assimilated")
    confirm_the_rest(g)
    close(g)
    assert g.rules.regions["Bulgaria"].statuses["byz"] == "f" and g.rules.religion.minorities["Bulgaria"] == ()
    assert g.rules.regions["Bulgaria"].religion == "EO"


def test_a_military_conversion_is_ruined_when_the_region_is_conquered_by_someone_else() -> None:
    """[L7628-7631] "If at any time the MC pacified region revolts or is conquered by someone else, then the MC is
    ruined as the converts repudiate their enforced religion": Hungary takes Bulgaria and it is Catholic again."""
    g = balkans()
    g.when(m.AdjustUnits(nation="byz", army="byz-l", units={"I": 15}, reason="reinforced"))
    _mc(g)
    resolve(g, {})
    confirm_the_rest(g)
    close(g)
    g.when(AdvancePhase())
    g.when(m.SetControlStatus(place="Bulgaria", nation="hun", status="p", reason="the Hungarians took it"))
    g.when(m.SetControlStatus(place="Bulgaria", nation="byz", status="n", reason="the Hungarians took it"))
    resolve(g, {})
    confirm_the_rest(g)
    events = close(g)
    (ruined,) = of(events, m.PlaceConverted)
    assert (ruined.religion, ruined.former, ruined.how) == ("RC", "EO", "military_ruined")
    assert g.rules.regions["Bulgaria"].religion == "RC" and g.rules.religion.minorities["Bulgaria"] == ()


def test_a_colony_in_a_populated_region_may_revolt_and_if_it_holds_the_natives_become_a_minority() -> None:
    """[L4598-4609] "Once the cost is paid, the province may revolt against the interlopers, or it may not. If a
    province successfully revolts the colony investment is lost"; §8.4.1 [L7612-7620] "When a colony is placed in
    a region of a different religion (and it is not destroyed by revolt), then the religion of the region splits
    ... The colonizers will become the dominant religion in the region as the natives become a religious
    'minority'. In time, the native (non-colony) religion will be slowly converted". Byzantium settles Catholic
    Bulgaria (2 GPv: 30 GP and 30 NFP)."""
    g = balkans(byz={"saved_nfp": "100"})
    g.when(Colonize(line="col", target="Bulgaria", kind="populated_region", gp="30", nfp="30"), BYZ)
    resolve(g, {})
    (check,) = items(g, "colony_revolt")
    assert (check.subject, check.proposal) == ("region:Bulgaria", "holds")
    assert "EO becomes its dominant religion and the natives' RC a minority" in check.explanation
    confirm_the_rest(g)
    close(g)
    assert g.rules.regions["Bulgaria"].religion == "EO"
    (natives,) = g.rules.religion.minorities["Bulgaria"]
    assert (natives.religion, natives.origin, natives.nation) == ("RC", "colonial", "byz")
    g.when(AdvancePhase())
    resolve(g, {})
    (slow,) = items(g, "minority_conversion")
    assert (slow.subject, slow.proposal) == ("Bulgaria", "unchanged")
    rule(g, slow.item_id, "converted")
    confirm_the_rest(g)
    close(g)
    assert g.rules.religion.minorities["Bulgaria"] == ()


def test_a_colony_that_revolts_is_lost() -> None:
    """[L4606-4609] "If a province successfully revolts the colony investment is lost": the region is lost with
    its garrison, and keeps its faith."""
    g = balkans(byz={"saved_nfp": "100"})
    g.when(Colonize(line="col", target="Bulgaria", kind="populated_region", gp="30", nfp="30"), BYZ)
    resolve(g, {})
    (check,) = items(g, "colony_revolt")
    assert (
        g.rejects(m.OverrideAdjudication(item_id=check.item_id, outcome="maybe", reason="x")).code == "lote.bad_outcome"
    )
    rule(g, check.item_id, "revolts")
    confirm_the_rest(g)
    events = close(g)
    assert [e.place for e in of(events, m.PlaceRevolted)] == ["Bulgaria"]
    assert "byz" not in g.rules.regions["Bulgaria"].statuses and g.rules.regions["Bulgaria"].religion == "RC"


def test_a_majority_of_converts_may_be_whipped_up_and_the_gm_turns_the_place() -> None:
    """[L7638-7643] "If you have managed to convert more than 50% of a region to your religion, you can perform
    Cause Unrest action or an Incite Rebellion action to whip up the majority religion to overthrow the minority
    elite's and turn that region to your religion." With 60% of Wallachia Orthodox, the next conversion item says
    so; the GM turns the region with ConvertPlace (a reason recorded), which clears its minorities."""
    g = balkans()
    resolve(g, {"byz": [dc("c", "Wallachia")]})
    rule(g, "t1-byz-religious_conversion-c", "60")
    confirm_the_rest(g)
    close(g)
    g.when(AdvancePhase())
    resolve(g, {"byz": [dc("c", "Wallachia")]})
    note = g.rules.adjudications["t2-byz-religious_conversion-c"].explanation
    assert "60% converted so far" in note and "above 50% a Cause Unrest or Incite Rebellion may turn it" in note
    assert g.rejects(m.ConvertPlace(place="Oz", religion="EO", reason="x")).code == "lote.unknown_place"
    assert g.rejects(m.ConvertPlace(place="Wallachia", religion="QQ", reason="x")).code == "lote.unknown_religion"
    assert g.rejects(m.ConvertPlace(place="Serbia", religion="EO", reason="x")).code == "lote.already_of_religion"
    (turned,) = of(
        g.when(m.ConvertPlace(place="Wallachia", religion="EO", reason="the unrest succeeded")), m.PlaceConverted
    )
    assert (turned.former, turned.how) == ("AP", "gm") and g.rules.religion.minorities["Wallachia"] == ()


def test_the_gm_is_told_whether_the_target_holds_the_place_an_operation_is_attempted_in() -> None:
    """An operation on another nation is attempted in a place the seat names; whether that nation holds it is
    checked by the GM (a seat does not see a rival's holdings, so it is never refused for it)."""
    g = balkans()
    resolve(
        g,
        {
            "byz": [
                m.ReligiousOperation(line="a", code="LS", target_nation="hun", location="Wallachia"),
                m.ReligiousOperation(line="b", code="LS", target_nation="kip", location="Wallachia"),
            ]
        },
    )
    assert "Hungary holds nothing at Wallachia" in g.rules.adjudications["t1-byz-relop-a"].explanation
    assert "Kipchaks holds Wallachia at t" in g.rules.adjudications["t1-byz-relop-b"].explanation
