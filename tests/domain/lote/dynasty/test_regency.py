"""Regents (Table 6-1 [L5030-5032]: "A leader chosen by the ruling powers of the Nation to rule in the stead of a
King or Queen that is under-age"; §6.2.4.30 [L6366-6368]): the choice is the GM's item, the Regent Rules, and the
regency ends when the King comes of age (15) or dies."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from tests.domain.harness import GM, Game
from tests.domain.lote.dynasty.test_deaths import ANJ, BUR, court, death, items, lord
from tests.domain.lote.helpers import of


def minor(**leaders: object) -> tuple[Game, str, m.Adjudication]:
    """King Henry of Anjou dies; Richard, 10, is King under a regency still to be chosen."""
    g = court(**leaders)  # type: ignore[arg-type]
    events = g.when(death("k", cause="old_age"))
    (item,) = items(events, "regency")
    return g, item.subject, item


def test_the_regent_is_the_gms_choice_among_the_candidates_and_rules_in_the_kings_stead() -> None:
    """[L5030-5032] "chosen by the ruling powers of the Nation": the item lists the nation's leaders (with Charisma
    and the hidden Loyalty, for the GM) and the royals of age; the chosen Lieutenant becomes the Regent (E) at once,
    and may Rule ([L6366-6368])."""
    g, king, item = minor(lt=lord("L", "2", name="William Marshal", charisma=9, hidden=11))
    assert "leader:lt (L William Marshal, 30, Charisma 9, Loyalty 11)" in item.explanation
    assert item.proposal == "new"
    events = g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="leader:lt", reason="the barons' choice"))
    (appointed,) = of(events, m.RegentAppointed)
    assert (appointed.regent, appointed.was, appointed.king) == ("lt", "L", king)
    assert g.rules.leaders["lt"].type == "E" and g.rules.dynasty.regencies["anj"].regent == "lt"
    g.when(GiveItinerary(line="r", army="lt", steps=[Step(kind="act", action="Rule")]), ANJ)
    assert redact(appointed, ANJ) is not None and redact(appointed, BUR) is None
    assert "Regency: Richard is King at 10; the Regent William Marshal (#2) rules in his stead until he is 15" in (
        g.view(GM).report_drafts["anj"].dynasty
    )


def test_a_royal_of_age_or_a_new_man_may_be_made_regent_with_rolled_stats() -> None:
    """A member of the royal family (the King's mother) or a man of the court: a new leader of type E, stats
    2d6-1, the hidden one the GM's alone."""
    g, _, item = minor()
    events = g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="family:Eleanor", reason="the queen mother"))
    (appointed,) = of(events, m.RegentAppointed)
    assert appointed.leader is not None and appointed.family_member == "Eleanor"
    assert (appointed.leader.type, appointed.leader.name, appointed.leader.age) == ("E", "Eleanor", 40)
    assert redact(appointed, ANJ).leader.hidden == 0
    assert "Eleanor" not in [f.name for f in g.rules.royal_family]
    g2, _, item2 = minor()
    g2.when(m.OverrideAdjudication(item_id=item2.item_id, outcome="new:Hubert:52", reason="the justiciar"))
    regent = g2.rules.leaders[g2.rules.dynasty.regencies["anj"].regent]
    assert (regent.type, regent.name, regent.age, regent.location) == ("E", "Hubert", 52, "Angers")


def test_a_regency_ruling_must_name_a_candidate() -> None:
    g, king, item = minor(lt=lord("L", "2"))
    for outcome in (f"leader:{king}", "leader:bk", "family:Nobody", "new:" + "x" * 21, "new:Hubert:9", "maybe"):
        refused = g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome=outcome, reason="x"))
        assert refused.code == "lote.bad_outcome", outcome


def test_the_regency_ends_when_the_king_comes_of_age_and_the_regent_takes_back_his_post() -> None:
    """[L5040-5041] Leader age is 15: after the ageing of the turn Richard (10, then 15) rules for himself; the
    Regent, once a Lieutenant, is a Lieutenant again (the reading of `dynasty/regency.py`)."""
    g, king, item = minor(lt=lord("L", "2"))
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="leader:lt", reason="the barons' choice"))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    for pending in [i for i in g.rules.adjudications.values() if i.outcome is None]:
        g.when(m.ConfirmAdjudication(item_id=pending.item_id))
    events = g.when(AdvancePhase())
    (ended,) = of(events, m.RegencyEnded)
    assert (ended.regent, ended.becomes) == ("lt", "L")
    assert g.rules.leaders["lt"].type == "L" and g.rules.leaders[king].age == 15
    assert "anj" not in g.rules.dynasty.regencies
    g.when(AdvancePhase())
    g.when(GiveItinerary(line="r", army=king, steps=[Step(kind="act", action="Rule")]), ANJ)


def test_a_regent_from_no_post_serves_on_as_a_lieutenant_or_retires_when_there_is_no_room() -> None:
    """The end of a regency the rulebook leaves open: a Regent raised from no post becomes a Lieutenant if BL leaves
    room, otherwise he retires (his troops stay where he stood)."""
    g, _, item = minor()
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="new:Hubert", reason="the justiciar"))
    regent = g.rules.dynasty.regencies["anj"].regent
    from domain.rulesets.lote.dynasty import regency

    (ended,) = regency.end(g.rules, "anj", "test")
    assert ended.becomes == "L"
    g.when(m.SetNationParameter(nation="anj", parameter="bl", value="0", reason="the chancery burned"))
    g.when(m.AdjustUnits(nation="anj", army=regent, units={"I": 4}, reason="his household"))
    (ended,) = regency.end(g.rules, "anj", "test")
    assert (ended.becomes, ended.left_at, ended.units) == (None, "Angers", {"I": 4})


def test_a_dead_regent_leaves_the_regency_to_be_filled_again_and_a_dead_young_king_ends_it() -> None:
    """A Regent is not replaced by the rules of §6.1.11 ([L5229-5232] only Lieutenants, Bishops and Allies are):
    the ruling powers choose again. The young King's death ends the regency; his brother is the next Heir."""
    g, king, item = minor(lt=lord("L", "2"))
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="leader:lt", reason="the barons' choice"))
    events = g.when(death("lt"))
    assert [i.subject for i in items(events, "regency")] == [king]
    assert g.rules.dynasty.regencies["anj"].regent is None
    assert "lt-t1" not in g.rules.leaders  # a Regent is not replaced by a rolled Lieutenant
    events = g.when(death(king, cause="prison"))
    assert [e.king for e in of(events, m.RegencyEnded)] == [king]
    assert items(events, "dynastic_failure")[0].proposal == "failure"  # no son left
