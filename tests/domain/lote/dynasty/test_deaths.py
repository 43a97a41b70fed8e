"""A leader's death and what it sets off (§6.1.11 [L5205-5253]; §6.1.10 [L5192-5194]; §9.8.1 [L8925-8935]):
old age and wounds as GM items with recorded dice, deaths from other areas' rulings, the child Heir, the Crown
Prince, the dead King's daughters, an Ally's province, a Spy's troops and the Espionage lost with a leader."""

from __future__ import annotations

from typing import Any

from domain.engine import DiceRolled
from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import game, nation, of, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king

ANJ, BUR = seat("anj"), seat("bur")
KIDS = [("Richard", "m", 10), ("Matilda", "f", 16), ("Alice", "f", 17)]


def court(settings: Settings | None = None, kids: list[tuple[str, str, int]] = KIDS, **leaders: Any) -> Game:
    """Anjou (Feudal Monarchy, BL 4, capital Angers) with King Henry `k` (50) at Angers; the royal family: Queen
    Eleanor (his wife) and his children `kids` (Richard 10, Matilda 16, Alice 17 by default); Burgundy beside."""
    family = [{"nation": "anj", "name": "Eleanor", "gender": "f", "age": 40, "spouse": "Henry"}]
    family += [{"nation": "anj", "name": n, "gender": g, "age": a, "parent": "Henry"} for n, g, a in kids]
    setup = scenario(
        nations={
            "anj": nation("Anjou", government="feudal_monarchy", bl=4, capital="Angers", saved_gp="300"),
            "bur": nation("Burgundy", capital="Dijon"),
        },
        regions={
            "Anjou": region(3, statuses={"anj": "hm"}),
            "Maine": region(2, statuses={"anj": "a"}),
            "Poitou": region(2, statuses={"anj": "fa"}),
            "Dijon": region(3, statuses={"bur": "hm"}),
        },
        cities={
            "Angers": {"region": "Anjou", "gpv": 3, "statuses": {"anj": "hm"}},
            "Dijon": {"region": "Dijon", "gpv": 3, "statuses": {"bur": "hm"}},
        },
        leaders={
            "k": king("anj", "Angers", name="Henry", age=50),
            "bk": king("bur", "Dijon", name="Odo"),
            **leaders,
        },
        royal_family=family,
    )
    return game(setup, settings=settings)


def lord(leader_type: str, army_no: str, **fields: Any) -> dict[str, Any]:
    return king("anj", fields.pop("location", "Angers"), type=leader_type, army_no=army_no, **fields)


def death(leader_id: str, cause: str = "wounds", **fields: Any) -> m.ConfirmLeaderDeath:
    return m.ConfirmLeaderDeath(**{"leader_id": leader_id, "cause": cause, "reason": "fell at Bouvines", **fields})


def items(events: list[Any], kind: str) -> list[m.Adjudication]:
    return [e.item for e in of(events, m.AdjudicationRaised) if e.item.kind == kind]


def test_old_age_checks_record_a_gm_only_2d6_with_the_leaders_inputs() -> None:
    """[L5211-5213] "All of your leaders will eventually die of old age": no odds are given, so the engine raises a
    `leader_death` item from the campaign's `old_age_check_from` with the age and a 2d6 for the GM to read."""
    g = court(settings=Settings(old_age_check_from=55), kids=[], heir=lord("H", "2", name="Geoffrey", age=30))
    g.when(AdvancePhase())
    g.dice(6, 5, purpose="old-age:anj:k")
    events = g.when(AdvancePhase())
    (item,) = items(events, "leader_death")
    assert (item.subject, item.proposal, item.rolls) == ("k", "lives", (6, 5))
    assert "Henry (#1, K) is 55" in item.explanation and "2d6 = 11" in item.explanation
    (roll,) = [e for e in events if isinstance(e, DiceRolled) and e.purpose == "old-age:anj:k"]
    assert redact(roll, ANJ) is None
    seen = redact(next(e for e in of(events, m.AdjudicationRaised) if e.item.kind == "leader_death"), ANJ)
    assert seen.item.rolls == () and seen.item.explanation == ""


def test_a_wounded_leader_may_still_die_of_complications_and_his_cause_is_kept() -> None:
    """[L7026-7030] Kill Leader: "If wounded, the leader aborts all remaining actions in the turn and may still die
    from complications": the GM records the wound (from an assassin's operation he settled); a `wound` item with a
    2d6 follows, and "dies" kills him of that cause, with the succession of a Lieutenant ([L5233-5236])."""
    g = court(lt=lord("L", "2", name="Hugh", location="Maine"))
    g.dice(2, 1, purpose="wound:anj:lt")
    events = g.when(m.WoundLeader(leader_id="lt", cause="assassination", reason="Burgundian blade, intel t1-bur-k"))
    (wounded,) = of(events, m.LeaderWounded)
    assert (wounded.leader_id, wounded.cause) == ("lt", "assassination")
    assert redact(wounded, ANJ).reason == "" and redact(wounded, BUR) is None
    (item,) = items(events, "wound")
    assert (item.proposal, item.rolls) == ("lives", (2, 1))
    assert "Wounded: Hugh (#2), assassination" in g.view(GM).report_drafts["anj"].dynasty
    assert g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="dies:rebels", reason="x")).code == (
        "lote.bad_outcome"
    )  # a Lieutenant has no province
    events = g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="dies", reason="the wound festered"))
    (dead,) = of(events, m.LeaderDied)
    assert (dead.leader_id, dead.cause) == ("lt", "assassination")
    assert "lt" not in g.rules.leaders and g.rules.leaders["lt-t1"].location == "Angers"


def test_battle_and_assassination_deaths_come_as_the_gms_ruling_and_keep_his_troops_as_a_garrison() -> None:
    """[L5205-5212] deaths "from wounds sustained in battle ... from the poison or blade of assassins": another
    area's ruling reaches the leaders as `ConfirmLeaderDeath`; [L2408] troops left "without a leader" are a
    garrison; [L5229-5232] a Prince is not replaced."""
    g = court(p=lord("P", "3", name="Geoffrey", location="Maine", units={"I": 8}))
    events = g.when(death("p", cause="assassination"))
    (dead,) = of(events, m.LeaderDied)
    assert (dead.cause, dead.left_at, dead.units) == ("assassination", "Maine", {"I": 8})
    assert g.rules.regions["Maine"].garrison["anj"] == {"I": 8}
    assert [x.type for x in g.rules.leaders.values() if x.nation == "anj"] == ["K"]


def test_the_espionage_a_dead_leader_was_to_run_is_lost_with_him() -> None:
    """[L6733-6737] "If the Leader fails to perform the Espionage action, then the subsequent Intel Op or Bonus is
    lost": a leader who dies before the GM settles the turn's operations takes them with him, listed on his death
    for the GM to settle as failed."""
    from domain.rulesets.lote.intel.orders import IntelOperation

    g = court(lt=lord("L", "2", name="Hugh"))
    g.when(GiveItinerary(line="i", army="lt", steps=[Step(kind="act", action="ES", extra=0)]), ANJ)
    g.when(IntelOperation(line="o", code="RF", target="where Odo sleeps", leader="lt"), ANJ)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    events = g.when(death("lt", cause="accident"))
    (dead,) = of(events, m.LeaderDied)
    assert dead.espionage_lost == ("t1-anj-intel-o",)


def test_a_child_heir_is_crowned_under_a_regency_and_the_kings_unmarried_daughters_leave() -> None:
    """[L5038-5041] "an Heir to the throne who may or may not be of Leader age (15+ years old)"; [L5064-5068] the
    eldest son is the Heir; [L5216-5218] "Kings are replaced by their Heir"; [L5030-5032] a Regent rules "in the
    stead of a King or Queen that is under-age"; [L5192-5194] "If a King dies and any of his daughters remain
    unmarried, they will disappear from the Status report". With an Heir, the Dynastic Failure is proposed "none"
    ([L8926-8928] "usually small")."""
    g = court()
    g.dice(5, 5, purpose="leader-stat:anj:anj-k-t1:combat")
    events = g.when(death("k", cause="old_age"))
    (crowned,) = of(events, m.ChildPromoted)
    assert (crowned.child, crowned.leader.type, crowned.leader.army_no, crowned.leader.age) == ("Richard", "K", "1", 10)
    assert crowned.leader.combat == 9 and crowned.leader.location == "Angers"
    assert [(e.king, e.nation) for e in of(events, m.RegencyBegan)] == [(crowned.leader_id, "anj")]
    (left,) = of(events, m.FamilyLeft)
    assert sorted(left.names) == ["Alice", "Matilda"]
    assert [f.name for f in g.rules.royal_family] == ["Eleanor"]  # the widow stays
    (df,) = items(events, "dynastic_failure")
    assert df.proposal == "none" and "the Heir Richard, 10, takes the throne" in df.explanation
    (regency,) = items(events, "regency")
    assert regency.subject == crowned.leader_id and "family:Eleanor (f, 40)" in regency.explanation
    assert "Richard succeeded to the throne." in [i.text for i in g.rules.press.items.values()]


def test_a_king_under_age_may_not_rule_nor_have_children() -> None:
    """[L5030-5032] the Regent rules in his stead; [L6366-6368] "Only a King (Queen), Heir or Regent can execute
    this action"."""
    g = court()
    g.when(death("k", cause="old_age"))
    young = next(lid for lid, x in g.rules.leaders.items() if x.nation == "anj" and x.type == "K")
    for action in ("Rule", "HC"):
        refused = g.rejects(GiveItinerary(line="r", army=young, steps=[Step(kind="act", action=action)]), ANJ)
        assert refused.code == "lote.minor_king" and "under age" in refused.message
    g.when(GiveItinerary(line="m", army=young, steps=[Step(kind="act", action="D", extra=1)]), ANJ)


def test_the_heir_can_be_set_to_the_eldest_child_by_setting() -> None:
    """Table 6-1 [L5010-5011] "The Imperial Heir, usually the eldest son or daughter": setting `p2d_heir`."""
    g = court(settings=Settings(p2d_heir="eldest_child"))
    events = g.when(death("k"))
    (crowned,) = of(events, m.ChildPromoted)
    assert (crowned.child, crowned.leader.type) == ("Alice", "Q")
    assert not of(events, m.RegencyBegan)  # Alice is 17
    (left,) = of(events, m.FamilyLeft)
    assert left.names == ("Matilda",)


def test_without_an_heir_the_crown_prince_married_to_the_eldest_daughter_may_take_the_throne() -> None:
    """[L5218-5220] "If there is no heir, then the 'Crown' Prince may replace the King, if he has married the King's
    eldest daughter": a `succession` item proposes him; crowned, he takes army number 1; without a line of descent
    the Dynastic Failure is proposed."""
    kids = [("Matilda", "f", 16), ("Alice", "f", 17)]
    g = court(kids=kids, al=lord("A", "3", name="Count of Maine", location="Maine", home_region="Maine"))
    from domain.rulesets.lote.dynasty.orders import MarryAlly
    from tests.domain.lote.finance.helpers import play

    play(g, {"anj": [MarryAlly(line="w", child="Alice", ally="al")]})
    assert g.rules.leaders["al"].type == "P"
    events = g.when(death("k"))
    (item,) = items(events, "succession")
    assert item.proposal == "leader:al" and "the Crown Prince Count of Maine" in item.explanation
    assert items(events, "dynastic_failure")[0].proposal == "none"
    (left,) = of(events, m.FamilyLeft)
    assert left.names == ("Matilda",)  # Alice is married
    assert g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="leader:bk", reason="x")).code == (
        "lote.bad_outcome"
    )
    g.when(m.ConfirmAdjudication(item_id=item.item_id))
    assert (g.rules.leaders["al"].type, g.rules.leaders["al"].army_no) == ("K", "1")


def test_without_any_heir_the_throne_may_stay_vacant_and_a_failure_is_proposed() -> None:
    """[L5218-5224] "If there is no clear line of descent, then it is quite possible that a Dynastic Failure will
    ensue"."""
    g = court(kids=[("Matilda", "f", 16)], lt=lord("L", "2"))
    events = g.when(death("k"))
    assert items(events, "succession")[0].proposal == "none"
    assert items(events, "dynastic_failure")[0].proposal == "failure"
    assert "2d6 = " in items(events, "dynastic_failure")[0].explanation


def test_a_dead_allys_province_may_degrade_to_tributary_or_rebel_as_the_gm_rules() -> None:
    """[L5237-5244] "If an Allied Leader dies, he may be replaced ... or his province may rebel or it may degrade to
    Tributary status"; a Feudal Ally's "province may rebel". The item's outcomes: dies (replaced), dies:tributary
    (a Full Ally's only), dies:rebels."""
    g = court(al=lord("A", "3", location="Maine", home_region="Maine"), fa=lord("F", "4", location="Poitou",
              home_region="Poitou"))  # fmt: skip
    g.when(m.WoundLeader(leader_id="al", cause="wounds", reason="Bouvines"))
    g.when(m.WoundLeader(leader_id="fa", cause="wounds", reason="Bouvines"))
    wounds = {i.subject: i for i in g.rules.adjudications.values() if i.kind == "wound"}
    assert "dies:tributary" in wounds["al"].explanation and "dies:tributary" not in wounds["fa"].explanation
    degrade = m.OverrideAdjudication(item_id=wounds["fa"].item_id, outcome="dies:tributary", reason="x")
    assert g.rejects(degrade).code == "lote.bad_outcome"
    g.when(m.OverrideAdjudication(item_id=wounds["al"].item_id, outcome="dies:tributary", reason="no son"))
    g.when(m.OverrideAdjudication(item_id=wounds["fa"].item_id, outcome="dies:rebels", reason="the barons rose"))
    assert g.rules.regions["Maine"].statuses == {"anj": "t"}
    assert "anj" not in g.rules.regions["Poitou"].statuses
    assert not [x for x in g.rules.leaders.values() if x.type in "AF"]


def test_a_dead_heir_gives_way_to_the_eldest_prince() -> None:
    """[L5225-5226] "If the Heir dies, the next ranking Prince, if any replaces him"."""
    g = court(h=lord("H", "2", age=25), p=lord("P", "3", age=20), q=lord("P", "4", age=18))
    g.when(death("h"))
    assert g.rules.leaders["p"].type == "H" and g.rules.leaders["q"].type == "P"
