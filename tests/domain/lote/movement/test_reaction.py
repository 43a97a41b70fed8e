"""Interception by reacting armies (§6.2.4.28 Reaction [L6291-6340], Table 6-29): an army on React meets a hostile
army entering a region its nation holds within its react range, in the month of the invasion; both stop there and
the GM resolves the contact. Guided passage and Secret Movement are left as they were."""

from __future__ import annotations

import msgspec

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.movement.execute import Interception, execute
from domain.rulesets.lote.movement.itinerary import plan
from tests.domain.lote.helpers import example_setup, game, seat

INVASION = GiveItinerary(line="r", army="rus-1", steps=[Step(kind="move", to="Pereyaslavl"),
                                                        Step(kind="move", to="Kipchak")])  # fmt: skip


def _react(extra: int) -> GiveItinerary:
    return GiveItinerary(line="k", army="kip-1", steps=[Step(kind="act", action="R", extra=extra)])


def test_the_react_range_grows_with_the_ap_spent_on_react() -> None:
    """Table 6-29 [L6319-6326], cavalry: 2 AP -> 1, 4 AP -> 2, 6 AP -> 3. The Kipchak light horse stand in Kipchak;
    Pereyaslavl (held NT by the Kipchaks) is 3 AP away (wilderness 2 for Nomads + river 1, traced as an action
    range). The Kievans entering it in March are intercepted there only by an army spending 6 AP or more on React;
    otherwise they march on into Kipchak and meet the horde in July."""
    state = game(example_setup()).rules
    for extra, caught in ((0, False), (2, False), (4, True), (8, True)):
        outcome = execute(state, {"rus-1": INVASION, "kip-1": _react(extra)}, 1)
        if caught:
            assert outcome.interceptions == (Interception("kip-1", "rus-1", "Pereyaslavl", (1, 3)),)
            assert outcome.ends == {"rus-1": "Pereyaslavl", "kip-1": "Pereyaslavl"}
            (contact,) = outcome.contacts
            assert contact.reactors == ("kip-1",) and contact.when == (1, 3)
        else:
            assert outcome.interceptions == () and outcome.ends["rus-1"] == "Kipchak"
            assert [c.when for c in outcome.contacts] == [(1, 7)]


def test_ex60_a_reacting_army_meets_an_invasion_three_ap_away() -> None:
    """EX-60 [L6328-6340]: an all-cavalry army on React for long enough (10+ AP: range 4) meets an invasion 3 AP
    away: here the Kipchaks' 30 Light Cavalry spend R+8 and meet the Kievans in Pereyaslavl."""
    state = game(example_setup()).rules
    outcome = execute(state, {"rus-1": INVASION, "kip-1": _react(8)}, 1)
    assert [h.place for h in outcome.interceptions] == ["Pereyaslavl"]
    assert all("kip-1 on React intercepted rus-1" in i.explanation for i in outcome.items)


def test_guided_passage_and_secret_movement_draw_no_reaction() -> None:
    """§9.16 [L9395-9402]: an army the reacting nation guides through is not an invader; a Secret Movement step
    (§6.2.4.24) is not seen, so nobody reacts to it (a meeting in one place is still a contact)."""
    state = game(example_setup()).rules
    guided = msgspec.structs.replace(INVASION, guided_by=["kip"])
    assert execute(state, {"rus-1": guided, "kip-1": _react(8)}, 1).interceptions == ()
    secret = msgspec.structs.replace(INVASION, steps=[Step(kind="move", to="Pereyaslavl", secret=True)])
    outcome = execute(state, {"rus-1": secret, "kip-1": _react(8)}, 1)
    assert outcome.interceptions == () and outcome.ends["rus-1"] == "Pereyaslavl"


def test_an_army_is_not_intercepted_outside_the_months_of_its_react_step() -> None:
    """The React step's AP fall in given months (Table 6-15): the horde's R (2 AP) covers February and March only;
    the Kievans reach Kipchak itself (distance 0) in July: no interception, a plain contact there."""
    state = game(example_setup()).rules
    outcome = execute(state, {"rus-1": INVASION, "kip-1": _react(0)}, 1)
    assert outcome.interceptions == ()
    assert [(c.place, c.when, c.reactors) for c in outcome.contacts] == [("Kipchak", (1, 7), ())]


def test_an_interception_is_a_battle_for_the_gm_and_the_invader_sees_no_army_id() -> None:
    """An interception is hostile: R6 raises it as a battle (`military/detect.py`), the invaders attacking."""
    g = game(example_setup())
    g.when(INVASION, seat("rus"))
    g.when(_react(8), seat("kip"))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    items = [e.item for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind in ("contact", "battle")]
    assert sorted((i.kind, i.subject) for i in items) == [
        ("battle", "Pereyaslavl@1.3:kip"),
        ("battle", "Pereyaslavl@1.3:rus"),
    ]
    (battle,) = g.rules.battles.values()
    assert battle.attacker.armies == ("rus-1",) and battle.defender.armies == ("kip-1",)
    assert g.rules.leaders["rus-1"].location == "Pereyaslavl" and g.rules.leaders["kip-1"].location == "Pereyaslavl"
    seen = [redact(e, seat("rus")) for e in events]
    assert not any("kip-1" in repr(e) for e in seen if e is not None)


def test_an_evading_army_pays_one_more_draws_no_reaction_and_its_contact_goes_to_the_gm() -> None:
    """§6.2.4.15 [L5854-5865] Evade: "+1 to Movement Cost", "to slip through an uncontrolled or enemy region
    without attracting undue attention ... the more units that you try to slip through with, the lower your chances":
    no odds are printed, so the reacting horde does not see the evading Kievans enter Pereyaslavl; they still meet
    the horde in Kipchak, and that contact names them as evading with their 16 units for the GM."""
    g = game(example_setup())
    state = g.rules
    evading = GiveItinerary(line="r", army="rus-1", steps=[Step(kind="move", to="Pereyaslavl", evade=True),
                                                           Step(kind="move", to="Kipchak", evade=True)])  # fmt: skip
    costs = [p.cost for p in plan(state, state.nations["rus"], evading).steps]
    plain = [p.cost for p in plan(state, state.nations["rus"], INVASION).steps]
    assert costs == [c + 1 for c in plain]
    outcome = execute(state, {"rus-1": evading, "kip-1": _react(8)}, 1)
    assert outcome.interceptions == ()
    (contact,) = outcome.contacts
    assert contact.place == "Kipchak" and contact.evaders == ("rus-1",)
    assert all("rus-1 is evading with 16 units" in i.explanation for i in outcome.items)
    wrong = GiveItinerary(line="r", army="rus-1", steps=[Step(kind="act", action="D", evade=True)])
    refused = g.rejects(wrong, seat("rus"))
    assert refused.code == "lote.itinerary_evade_not_moving" and "step 1" in refused.message
