"""Table 2-21 Army Status Modifiers, note [L1636-1637]: "A Leader (and his army) have a Status of On Campaign if
they have fought in any battle during the previous turn" (support x2, like Besieging A City and Being Besieged)."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.economy.upkeep import troop_support
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from tests.domain.harness import Game
from tests.domain.lote.helpers import example_setup, game, seat, settle_control
from tests.domain.lote.military.test_battles import BATTLE, _basil_attacks


def _close_turn(g: Game) -> None:
    settle_control(g)
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())


def _quiet_turn(g: Game) -> None:
    """From the orders phase: no orders, through the end of the turn (R7)."""
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    _close_turn(g)


def _publish(g: Game) -> None:
    g.when(AdvancePhase())


def test_armies_that_fought_are_on_campaign_next_turn_and_normal_the_turn_after() -> None:
    """Basil (byz-1) attacks the Khan (kip-1) in turn 1: both armies are On Campaign (C) from the end of turn 1,
    so turn 2's support counts them twice; after turn 2, with no battle, they are Normal (N) again."""
    g, _ = _basil_attacks()
    g.when(m.ResolveBattle(battle_id=BATTLE, winner="defender", retreats={"byz-1": "Wallachia"}, reason="x"))
    before = troop_support(g.rules, g.rules.nations["byz"])
    _close_turn(g)
    assert (g.rules.leaders["byz-1"].status, g.rules.leaders["kip-1"].status) == ("C", "C")
    assert troop_support(g.rules, g.rules.nations["byz"]) > before
    _publish(g)
    _quiet_turn(g)
    assert (g.rules.leaders["byz-1"].status, g.rules.leaders["kip-1"].status) == ("N", "N")


def test_a_siege_makes_the_besiegers_besieging_and_the_besieged_being_besieged() -> None:
    """Table 2-21 S "Besieging A City" and B "Being Besieged": Basil besieges Kiev with the Rus army inside."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Kiev", nation="byz", status="aw", reason="war"))
    g.when(m.MoveLeader(leader="byz-1", location="Kiev", reason="test: Basil stands before Kiev"))
    g.when(GiveItinerary(line="s", army="byz-1", steps=[Step(kind="act", action="S", to="Kiev")]), seat("byz"))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    siege = next(b for b in g.rules.battles.values() if b.kind == "siege")
    g.when(m.ResolveBattle(battle_id=siege.battle_id, winner="defender", reason="the walls held"))
    _close_turn(g)
    assert g.rules.leaders["byz-1"].status == "S"
    assert all(g.rules.leaders[a].status == "B" for a in siege.defender.armies) and siege.defender.armies


def test_a_status_the_gm_set_by_hand_is_not_reverted() -> None:
    """The engine only reverts what a battle set: the GM's own On Campaign ruling stays."""
    g = game(example_setup())
    g.when(m.MoveLeader(leader="byz-1", location="Bulgaria", status="C", reason="test: a ruling"))
    _quiet_turn(g)
    assert g.rules.leaders["byz-1"].status == "C"
