"""Spy leaders (§6.1.8 [L5168-5172]; §6.1.11 [L5251-5253]; §7.3.27 [L7233-7247]; §7.3.11 [L6966-6968]): made by a
Subvert Leader operation and a failed Loyalty check, or by a subverted Royal Family; kept in post or set to revolt;
known to their master alone; their death costs the subversion and their troops."""

from __future__ import annotations

from domain.engine import DiceRolled
from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.dynasty.orders import RaiseSpyRevolt
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import game, nation, of, region, resolve, scenario, seat
from tests.domain.lote.intel.helpers import confirm_the_rest, sound
from tests.domain.lote.intel.test_resolve import settle
from tests.domain.lote.leaders.test_generation import king

SWE, DEN = seat("swe"), seat("den")


def subverted(dice: tuple[int, int] = (6, 6), settings: Settings | None = None) -> tuple[Game, list[object]]:
    """Sweden runs Subvert Leader on the Danish Lieutenant `dl` (Loyalty 7, 5 infantry in Jylland); the GM settles
    it a success; the turn closes and the Loyalty check is raised with `dice`."""
    g = sound(settings)
    line = IntelOperation(line="s", code="SL", target_nation="den", target="dl", location="Jylland")
    resolve(g, {"swe": [line]})
    g.when(settle("t1-swe-intel-s", "success"))
    confirm_the_rest(g)
    g.dice(*dice, purpose="spy-loyalty:swe:dl")
    return g, g.when(AdvancePhase())


def loyalty_item(events: list[object]) -> m.Adjudication:
    (item,) = [e.item for e in of(events, m.AdjudicationRaised) if e.item.kind == "spy_loyalty"]
    return item


def recruit(g: Game, item: m.Adjudication) -> list[object]:
    return g.when(m.ConfirmAdjudication(item_id=item.item_id))


def test_a_successful_subvert_leader_forces_a_loyalty_check_with_recorded_dice() -> None:
    """[L7233-7240] "If successful the operation forces the targeted leader to make a Loyalty check. If the target
    fails the check then he becomes a Spy leader of the Subverting nation": an item for the operator with the
    target's Loyalty and a GM-only 2d6; the engine proposes a failure when the dice exceed his Loyalty."""
    _, events = subverted((6, 6))
    item = loyalty_item(events)
    assert (item.nation, item.subject, item.proposal, item.rolls) == ("swe", "dl", "fails", (6, 6))
    assert "Loyalty 7" in item.explanation and "2d6 = 12" in item.explanation
    (roll,) = [e for e in events if isinstance(e, DiceRolled) and e.purpose == "spy-loyalty:swe:dl"]
    assert redact(roll, SWE) is None and redact(roll, DEN) is None
    raised = next(e for e in of(events, m.AdjudicationRaised) if e.item.kind == "spy_loyalty")
    assert redact(raised, DEN) is None  # the victim learns nothing from the check
    _, steady = subverted((3, 4))
    assert loyalty_item(steady).proposal == "holds"  # 7 is not more than his Loyalty of 7


def test_a_spy_is_known_to_his_master_alone_and_stays_in_his_post() -> None:
    """[L5168-5171] the Spy is "activated" for the subverting nation; [L7240-7242] it "can ... maintain him in his
    previous post (so he remains a Spy)": Denmark still reads its Lieutenant; Sweden lists him as a Spy (type S)."""
    g, events = subverted()
    recruited = recruit(g, loyalty_item(events))
    (spy,) = of(recruited, m.SpyRecruited)
    assert (spy.victim, spy.master, spy.subject, spy.via) == ("den", "swe", "dl", "subvert_leader")
    assert redact(spy, DEN) is None and redact(spy, SWE) is not None
    assert g.rules.leaders["dl"].nation == "den" and g.rules.leaders["dl"].type == "L"
    assert g.view(DEN).leaders["dl"].type == "L" and g.view(DEN).dynasty.spies == {}
    assert g.view(SWE).leaders["dl"].type == "S" and g.view(SWE).leaders["dl"].hidden is None
    assert list(g.view(SWE).dynasty.spies) == ["dl"]
    (line,) = [x for x in g.view(GM).report_drafts["swe"].dynasty if x.startswith("Spy:")]
    assert line.startswith("Spy: #2 S666") and "(serves den as L)" in line
    assert not [x for x in g.view(GM).report_drafts["den"].dynasty if x.startswith("Spy")]


def test_the_master_may_set_his_spy_to_revolt_and_charisma_decides_who_follows() -> None:
    """[L7240-7245] "or have him revolt. Some, none or all of his troops will follow him if he revolts, depending on
    his Charisma rating": a `spy_revolt` item proposes each unit x Charisma / 11 (Charisma 6: 2 of 5 infantry);
    the GM rules; the rest stay in Jylland; Denmark sees its leader revolt, never for whom."""
    g, events = subverted()
    recruit(g, loyalty_item(events))
    g.when(AdvancePhase())  # the reports are out: turn 2's orders
    assert g.rejects(RaiseSpyRevolt(line="r", spy="dk"), SWE).code == "lote.not_your_spy"
    assert g.rejects(RaiseSpyRevolt(line="r", spy="dl"), DEN).code == "lote.not_your_spy"
    g.when(RaiseSpyRevolt(line="r", spy="dl"), SWE)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    (item,) = [e.item for e in of(events, m.AdjudicationRaised) if e.item.kind == "spy_revolt"]
    assert (item.nation, item.proposal) == ("swe", "I:2")
    assert g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="I:6", reason="x")).code == "lote.bad_outcome"
    ruled = g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="I:3", reason="a popular man"))
    (rebel,) = of(ruled, m.LeaderRebelled)
    assert (rebel.followers, rebel.left_at, rebel.left, rebel.spy_master) == ({"I": 3}, "Jylland", {"I": 2}, "swe")
    assert redact(rebel, DEN).spy_master == "" and redact(rebel, SWE) == rebel
    assert "dl" not in g.rules.leaders and g.rules.dynasty.spies == {}
    assert g.rules.regions["Jylland"].garrison["den"] == {"I": 2}
    assert "Rebellion: King rose against Denmark." in [i.text for i in g.rules.press.items.values()]


def test_a_dead_spy_costs_half_the_subversion_and_his_troops_go_away() -> None:
    """[L5171-5172] "Once a spy leader dies, half of the subversion will be lost and any troops he may have will go
    away"; [L5251-5253] "the Infiltration that he represents is lost" (setting `p2d_spy_death`). Denmark replaces
    its Lieutenant as ever ([L5233-5236])."""
    g, events = subverted()
    recruit(g, loyalty_item(events))
    died = g.when(m.ConfirmLeaderDeath(leader_id="dl", cause="accident", reason="fell from his horse"))
    (lost,) = of(died, m.SpyLost)
    assert (lost.master, lost.subject, lost.infiltration) == ("swe", "dl", "half")
    (dead,) = of(died, m.LeaderDied)
    assert dead.left_at is None and dead.units == {} and "den" not in g.rules.regions["Jylland"].garrison
    assert "dl-t1" in g.rules.leaders and redact(lost, DEN) is None
    g2, events2 = subverted(settings=Settings(p2d_spy_death="all"))
    recruit(g2, loyalty_item(events2))
    died2 = g2.when(m.ConfirmLeaderDeath(leader_id="dl", cause="accident", reason="fell"))
    assert of(died2, m.SpyLost)[0].infiltration == "all"


def test_a_subverted_royal_family_turns_a_royal_and_a_spy_crowned_may_seize_the_country() -> None:
    """[L6966-6968] Royal Family subversion: "If the 'turned' member of the Royal Family becomes King, then the
    invidious possibility of seizing the entire country comes to the fore"; [L5168-5170] spies come "by a
    subversion of another Nation's royal family"."""
    g = sound()
    g.when(m.GenerateLeader(leader_id="dh", nation="den", leader_type="H", name="Knut", age=20,
                            location="Copenhagen", reason="the Heir"))  # fmt: skip
    assert g.rejects(m.RecordSpy(victim="den", master="den", subject="dh", reason="x")).code == "lote.spy_own_nation"
    assert g.rejects(m.RecordSpy(victim="den", master="swe", subject="dl", reason="x")).code == "lote.spy_not_royal"
    assert g.rejects(m.RecordSpy(victim="dan", master="swe", subject="dh", reason="x")).code == "lote.unknown_nation"
    events = g.when(m.RecordSpy(victim="den", master="swe", subject="dh", reason="the Royal Family sector, level 10"))
    assert redact(events[0], SWE).reason == "" and redact(events[0], DEN) is None
    assert g.rejects(m.RecordSpy(victim="den", master="nor", subject="dh", reason="x")).code == "lote.already_a_spy"
    died = g.when(m.ConfirmLeaderDeath(leader_id="dk", cause="old_age", reason="his time"))
    (item,) = [e.item for e in of(died, m.AdjudicationRaised) if e.item.kind == "spy_king"]
    assert (item.nation, item.subject, item.proposal) == ("swe", "dh", "none")
    assert redact(next(e for e in of(died, m.AdjudicationRaised) if e.item.kind == "spy_king"), DEN) is None
    seized = g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="seized", reason="the plot ripened"))
    (crown,) = of(seized, m.CrownSeized)
    assert (crown.victim, crown.master, crown.king) == ("den", "swe", "dh") and g.rules.dynasty.spies["dh"].seized


def test_a_turned_royal_child_keeps_his_master_when_he_is_crowned() -> None:
    """A name on the royal family list may be the one turned ([L6966-6968]); crowned, he is his master's Spy
    still."""
    g = _with_family()
    g.when(m.RecordSpy(victim="den", master="swe", subject="Sven", reason="turned in the nursery"))
    assert list(g.rules.dynasty.spies) == ["family:den:Sven"]
    died = g.when(m.ConfirmLeaderDeath(leader_id="dk", cause="old_age", reason="his time"))
    (crowned,) = of(died, m.ChildPromoted)
    assert list(g.rules.dynasty.spies) == [crowned.leader_id]
    assert [e.item.kind for e in of(died, m.AdjudicationRaised) if e.item.nation == "swe"] == ["spy_king"]


def _with_family(settings: Settings | None = None) -> Game:
    """Sweden and Denmark; King Valdemar of Denmark (`dk`) and his son Sven, 12, on the royal family list."""
    setup = scenario(
        nations={"swe": nation("Sweden"), "den": nation("Denmark", government="feudal_monarchy", bl=2)},
        regions={"Svealand": region(3, statuses={"swe": "hm"}), "Sjaelland": region(3, statuses={"den": "hm"})},
        leaders={"sk": king("swe", "Svealand"), "dk": king("den", "Sjaelland", name="Valdemar")},
        royal_family=[{"nation": "den", "name": "Sven", "gender": "m", "age": 12, "parent": "Valdemar"}],
    )
    return game(setup, settings=settings)


def test_a_dead_royal_spy_costs_his_master_half_of_the_royal_family_subversion() -> None:
    """[L5171-5172] "Once a spy leader dies, half of the subversion will be lost": the master's infiltration of the
    Royal Family sector (level 11 after an Infiltrate Enemy the GM ruled) loses half, rounded up (6, leaving 5),
    hidden from the victim; setting `p2d_spy_death` "all" ([L5251-5253]) loses it whole."""
    for setting, left in (("half", 5), ("all", None)):
        g = _with_family(Settings(p2d_spy_death=setting))  # type: ignore[arg-type]
        g.given(
            m.IntelOperationSettled(
                item_id="t1-swe-intel-i", turn=1, nation="swe", code="IE", result="success", detection="hidden",
                reason="ruled", target_nation="den", sector="royal_family", levels=11,
            )
        )  # fmt: skip
        g.when(m.RecordSpy(victim="den", master="swe", subject="Sven", reason="subverted"))
        died = g.when(m.ConfirmLeaderDeath(leader_id="dk", cause="old_age", reason="his time"))
        crowned = next(e for e in died if isinstance(e, m.ChildPromoted))  # Sven, 12, the Spy, is King
        events = g.when(m.ConfirmLeaderDeath(leader_id=crowned.leader_id, cause="prison", reason="the ague"))
        (decay,) = of(events, m.InfiltrationDecayed)
        assert decay.key == "swe>den:royal_family" and decay.levels == (6 if left else 11)
        held = g.rules.intel.infiltrations.get("swe>den:royal_family")
        assert (held.level if held else None) == left
        assert redact(decay, DEN) is None and redact(decay, SWE) is not None
        assert of(died, m.InfiltrationDecayed) == []
