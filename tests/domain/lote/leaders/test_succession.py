"""A leader's death and the succession (§6.1.11 [L5205-5253]; §9.8.1 [L8925-8935]): GM-confirmed deaths, the
Heir crowned, the Dynastic Failure check as an adjudication item, replacements rolled, ageing."""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import Game
from tests.domain.lote.helpers import game, nation, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king

ANJ = seat("anj")


def leader(leader_type: str, army_no: str, age: int, location: str = "Anjou", **fields: Any) -> dict[str, Any]:
    return king("anj", location, type=leader_type, army_no=army_no, age=age, name=f"{leader_type}{army_no}", **fields)


def court(settings: Settings | None = None, king_age: int = 50, **leaders: dict[str, Any]) -> Game:
    setup = scenario(
        royal_family=[{"nation": "anj", "name": "Matilda", "gender": "f", "age": 12}],
        nations={"anj": nation("Anjou", government="feudal_monarchy", bl=4, capital="Angers", saved_gp="500")},
        regions={"Anjou": region(3, statuses={"anj": "hm"}), "Maine": region(2, statuses={"anj": "a"})},
        cities={"Angers": {"region": "Anjou", "gpv": 3, "statuses": {"anj": "hm"}}},
        leaders={"king": king("anj", "Maine", units={"I": 20, "C": 5}, age=king_age), **leaders},
    )
    return game(setup, settings=settings)


def death(leader_id: str, **fields: Any) -> m.ConfirmLeaderDeath:
    return m.ConfirmLeaderDeath(**{"leader_id": leader_id, "cause": "wounds", "reason": "fell at Bouvines", **fields})


def dynastic(events: list[Any]) -> m.Adjudication:
    return next(e.item for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind == "dynastic_failure")


def _close_turn(g: Game) -> None:
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    g.when(AdvancePhase())


def test_the_heir_is_crowned_takes_number_1_and_the_eldest_prince_becomes_heir() -> None:
    """[L5216-5218] "Kings are replaced by their Heir"; [L2080-2083] the Heir takes the King's number;
    [L5225-5226] the next ranking Prince replaces the Heir."""
    g = court(heir=leader("H", "2", 25), young=leader("P", "3", 17), old=leader("P", "4", 19))
    events = g.when(death("king"))
    assert "king" not in g.rules.leaders
    assert (g.rules.leaders["heir"].type, g.rules.leaders["heir"].army_no) == ("K", "1")
    assert (g.rules.leaders["old"].type, g.rules.leaders["young"].type) == ("H", "P")
    item = dynastic(events)
    assert (item.kind, item.proposal, item.subject) == ("dynastic_failure", "none", "king")
    # the dead King's army stays in Maine as its garrison
    assert g.rules.regions["Maine"].garrison["anj"] == {"I": 20, "C": 5}


def test_a_king_without_an_heir_raises_a_dynastic_failure_the_gm_rules() -> None:
    """[L8926-8931] "If your King dies without proclaiming (or having) an heir, then the chances of your
    suffering a Dynastic Failure are quite high": the engine proposes a failure; the GM's ruling starts it."""
    g = court()
    events = g.when(death("king"))
    item = dynastic(events)
    assert (item.kind, item.proposal) == ("dynastic_failure", "failure")
    assert (
        g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="maybe", reason="x")).code == "lote.bad_outcome"
    )
    _close_turn(g)
    assert g.rules.nations["anj"].dynastic_failure_turn == 1


def test_the_gm_may_rule_that_no_dynastic_failure_follows() -> None:
    g = court()
    events = g.when(death("king"))
    item = dynastic(events)
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="none", reason="the barons swore to the queen"))
    _close_turn(g)
    assert g.rules.nations["anj"].dynastic_failure_turn is None


def test_a_dead_lieutenant_is_replaced_by_a_rolled_one_at_the_capital() -> None:
    """[L5233-5236] "a new, randomly generated, Lieutenant replaces him ... at the Capital"."""
    g = court(lt=leader("L", "5", 40, location="Maine"))
    for _ in range(4):
        g.dice(3, 3)
    g.when(death("lt", successor_name="Hugh", successor_age=22))
    new = g.rules.leaders["lt-t1"]
    assert (new.type, new.army_no, new.location, new.name, new.age) == ("L", "5", "Angers", "Hugh", 22)
    assert (new.combat, new.diplomacy, new.charisma, new.hidden) == (5, 5, 5, 5)


def test_a_dead_ally_is_replaced_at_home_or_not_as_the_gm_rules() -> None:
    """[L5237-5241] an Ally "may be replaced by a new, randomly generated, Allied leader, or his province may
    rebel or it may degrade to Tributary status"."""
    g = court(duke=leader("A", "6", 40, location="Anjou", home_region="Maine"))
    g.when(death("duke"))
    assert g.rules.leaders["duke-t1"].location == "Maine" and g.rules.leaders["duke-t1"].home_region == "Maine"
    g2 = court(duke=leader("A", "6", 40, home_region="Maine"))
    g2.when(death("duke", replace_ally=False))
    assert [x.type for x in g2.rules.leaders.values()] == ["K"]


def test_a_dead_prince_is_not_replaced_and_a_dead_heir_gives_way_to_a_prince() -> None:
    """[L5229-5232] a Prince "is not replaced"; [L5225-5226] the next ranking Prince replaces the Heir."""
    g = court(heir=leader("H", "2", 25), p=leader("P", "3", 17), q=leader("P", "4", 16))
    g.when(death("q"))
    assert set(g.rules.leaders) == {"king", "heir", "p"}
    g.when(death("heir"))
    assert g.rules.leaders["p"].type == "H" and g.rules.leaders["king"].type == "K"


def test_the_king_may_name_a_lieutenant_his_heir_and_refusals() -> None:
    """[L5226-5228] with no Prince, "the King may declare any of his Lieutenants or Allied Leaders the new Heir"."""
    g = court(lt=leader("L", "5", 40))
    g.when(m.PromoteLeader(leader_id="lt", leader_type="H", reason="declared by the King"))
    assert g.rules.leaders["lt"].type == "H"
    assert g.rejects(m.PromoteLeader(leader_id="lt", leader_type="H", reason="x")).code == "lote.already_that_type"
    assert g.rejects(m.PromoteLeader(leader_id="zz", leader_type="H", reason="x")).code == "lote.unknown_leader"
    assert g.rejects(m.PromoteLeader(leader_id="lt", leader_type="K", reason="x")).code == "lote.leader_limit"
    assert g.rejects(death("zz")).code == "lote.unknown_leader"
    assert g.rejects(death("lt"), ANJ).code == "engine.forbidden"


def test_a_new_king_after_a_ruled_succession_takes_number_1() -> None:
    g = court(lt=leader("L", "1", 40))  # a scenario that numbered a Lieutenant 1
    g.when(death("king"))
    g.when(m.PromoteLeader(leader_id="lt", leader_type="K", reason="crowned by the barons"))
    assert (g.rules.leaders["lt"].type, g.rules.leaders["lt"].army_no) == ("K", "1")


def test_leaders_and_the_royal_family_age_with_the_turn_and_old_age_is_the_gms_to_rule() -> None:
    """[L2057-2058] the age "as of the end of the previous turn"; [L5211-5213] every leader dies of old age in
    the end, at no stated odds: from the campaign's `old_age_check_from` the GM rules on each, turn by turn."""
    g = court(king_age=55, heir=leader("H", "2", 25))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    items = [e.item for e in events if isinstance(e, m.AdjudicationRaised)]
    assert [(i.kind, i.subject, i.proposal) for i in items] == [("leader_death", "king", "lives")]  # 55 + 5 = 60
    g.when(m.OverrideAdjudication(item_id=items[0].item_id, outcome="dies", reason="the winter fever"))
    g.when(AdvancePhase())
    assert "king" not in g.rules.leaders and g.rules.leaders["heir"].type == "K"
    assert g.rules.leaders["heir"].age == 30 and g.rules.royal_family[0].age == 17  # aged with the 5-year turn
    assert [i.kind for i in g.rules.adjudications.values() if i.outcome is None] == ["dynastic_failure"]


def test_old_age_checks_follow_the_setting() -> None:
    g = court(settings=Settings(old_age_check_from=0), king_age=90)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    assert not [e for e in events if isinstance(e, m.AdjudicationRaised)]


def test_a_democracy_has_no_dynasty_to_fail() -> None:
    """[L2133-2135] "Democracies and Federal Democracies do not get Heirs or Princes and do not have to worry about
    having children and maintaining family lineages": the item proposes no Dynastic Failure."""
    setup = scenario(
        nations={"anj": nation("Anjou", government="democracy", bl=4)},
        regions={"Anjou": region(3, statuses={"anj": "hm"})},
        leaders={"president": king("anj", "Anjou")},
    )
    g = game(setup)
    events = g.when(death("president"))
    item = dynastic(events)
    assert (item.kind, item.proposal) == ("dynastic_failure", "none")
