"""Fleets and wars against trade at R6, each an adjudication item with its inputs and recorded dice (§6.2.4.7
L5623-5640, §6.2.4.26 L6250-6268, §5.2 L3806-3813)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.model.state import Adjudication
from domain.rulesets.lote.scenario.scenario import LeaderRecord, TradeRouteRecord
from tests.domain.harness import Game
from tests.domain.lote.helpers import example_setup, game, seat, settle_control
from tests.domain.lote.trade.maps import channel

FRA = seat("fra")
CHAIN = ["Zealand", "Skaggerak", "Viking Bank", "North Sea", "Anglia", "Wessex"]


def _with_fleet(**fields: Any) -> Game:
    """The Channel map with the Hull-Kobenhaven route R1 traced, and a French fleet (10 warships, Combat 6: 6 AP a
    year, 30 a five-year turn) at sea in the Skaggerak, off Kobenhaven."""
    g = channel()
    route = TradeRouteRecord(kind="S", nation_a="den", nation_b="eng", sea_zones=3, duration_years=30,
                             port_a="Kobenhaven", port_b="Hull", traced=True, path=CHAIN)  # fmt: skip
    g.given(m.TradeRouteRecorded(route_id="R1", route=route, reason="kept by hand"))
    g.given(m.MerchantFleetFormed(nation="eng", fleet="R1-eng", source="home", base_port="Hull", route="R1", msp=10))
    leader = LeaderRecord(nation="fra", army_no="1", type="L", name="Jean", age=30, combat=6, diplomacy=5,
                            charisma=5, location=fields.pop("location", "Skaggerak"), units={"W": 10})  # fmt: skip
    g.given(m.LeaderGenerated(leader_id="fra-1", nation="fra", leader=leader, reason="a fleet"))
    return g


def _resolve(g: Game, *steps: Step) -> list[object]:
    g.when(GiveItinerary(line="sea", army="fra-1", steps=list(steps)), FRA)
    g.when(AdvancePhase())
    return list(g.when(AdvancePhase()))


def _item(g: Game, kind: str) -> Adjudication:
    (item,) = [i for i in g.rules.adjudications.values() if i.kind == kind and i.outcome is None]
    return item


def _close(g: Game) -> list[object]:
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    events = list(g.when(AdvancePhase()))
    return events + list(g.when(AdvancePhase()))


def test_a_blockade_held_over_three_quarters_of_the_fleets_turn_is_proposed_effective() -> None:
    """[L5638-5640] "To be effective, a port must be Blockaded for more than 75% of the turn, as measured in the
    executing Fleet's possible Actions": 23 AP of 30 (77%) proposes `effective`, with the inputs and a recorded 2d6;
    confirmed, Kobenhaven is blockaded and R1 is Blockaded Sea Trade at the end of the turn."""
    g = _with_fleet()
    _resolve(g, Step(kind="act", action="B", to="Kobenhaven", extra=22))
    item = _item(g, "blockade")
    assert (item.nation, item.subject, item.proposal) == ("fra", "fra-1:Kobenhaven", "effective")
    assert "23 AP of the fleet's 30" in item.explanation and "needs more than 22.5" in item.explanation
    assert len(item.rolls) == 2 and "10 warships" in item.explanation
    _close(g)
    assert g.rules.trade.blockades == {"Kobenhaven": "fra"} and g.rules.routes["R1"].status == "BST"


def test_a_blockade_of_three_quarters_or_less_is_proposed_ineffective() -> None:
    """[L5638-5640] 22 AP of 30 is not "more than 75%": proposed `ineffective`, and nothing is blockaded."""
    g = _with_fleet()
    _resolve(g, Step(kind="act", action="B", to="Kobenhaven", extra=21))
    assert _item(g, "blockade").proposal == "ineffective"
    _close(g)
    assert g.rules.trade.blockades == {} and g.rules.routes["R1"].status == "NST"


def test_a_blockade_off_a_coast_the_fleet_is_not_on_fails() -> None:
    """[L5623-5628] the Blockade is used "against either a Port City or a section of coastline" the fleet lies off:
    from the Skaggerak, London (on the Channel) cannot be blockaded; the line fails with the reason."""
    g = _with_fleet()
    events = _resolve(g, Step(kind="act", action="B", to="London", extra=22))
    failed = [e for e in events if isinstance(e, m.OrderFailed)]
    assert [(e.line, e.code) for e in failed] == [("sea", "lote.fleet_action_no_target")]
    assert "no coast on 'Skaggerak'" in failed[0].message


def test_a_blockade_lapses_when_the_fleet_no_longer_keeps_to_it() -> None:
    """A blockade holds while the fleet keeps to it ("for more than 75% of the turn"): a turn without a Blockade
    step of its nation raises a `blockade` item proposing `lifted`; confirmed, the port is free again."""
    g = _with_fleet()
    _resolve(g, Step(kind="act", action="B", to="Kobenhaven", extra=22))
    _close(g)
    assert g.rules.trade.blockades == {"Kobenhaven": "fra"}
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    item = _item(g, "blockade")
    assert (item.subject, item.proposal) == ("lift:Kobenhaven", "lifted")
    assert (
        g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="gone", reason="x")).code == "lote.bad_outcome"
    )
    _close(g)
    assert g.rules.trade.blockades == {} and g.rules.routes["R1"].status == "NST"


def test_piracy_is_an_item_with_the_trade_through_the_zone_settled_by_record_piracy() -> None:
    """[L6250-6268] the take is "a random amount of GP, dependent on the amount of Inter-Nation trade passing through
    the Sea Zone", more "the more Actions expended", the zone closed "if there are sufficient Warships committed":
    the item shows the AP, the warships, R1's GP through the Skaggerak and the dice, proposes `none`, and is settled
    by RecordPiracy naming it (an override is refused: the ruling has parts)."""
    g = _with_fleet()
    _resolve(g, Step(kind="act", action="PR", extra=2))
    item = _item(g, "piracy")
    assert (item.subject, item.proposal, len(item.rolls)) == ("fra-1:Skaggerak", "none", 2)
    assert "with 5 AP and 10 warships" in item.explanation and "(R1 " in item.explanation
    override = m.OverrideAdjudication(item_id=item.item_id, outcome="10", reason="x")
    assert g.rejects(override).code == "lote.use_record_piracy"
    wrong = m.RecordPiracy(sea_zone="North Sea", by="fra", gp="0", reason="x", item_id=item.item_id)
    assert g.rejects(wrong).code == "lote.piracy_item_mismatch"
    gold = g.rules.nations["fra"].gp
    g.when(m.RecordPiracy(sea_zone="Skaggerak", by="fra", gp="1/4", closes=True, reason="ten warships",
                          item_id=item.item_id))  # fmt: skip
    decided = g.rules.adjudications[item.item_id]
    assert decided.outcome == "0.25 GP, Skaggerak closed" and g.rules.nations["fra"].gp == gold + Fraction(1, 4)
    again = m.RecordPiracy(sea_zone="Skaggerak", by="fra", gp="0", reason="x", item_id=item.item_id)
    assert g.rejects(again).code == "lote.already_decided"
    events = _close(g)
    assert any(isinstance(e, m.TradeRouteLapsed) and e.route == "R1" for e in events)  # no way round the Skaggerak


def test_piracy_confirmed_as_proposed_takes_nothing() -> None:
    """The rulebook prints no table for the take: confirming the engine's `none` takes no gold and closes nothing."""
    g = _with_fleet()
    _resolve(g, Step(kind="act", action="PR"))
    gold = g.rules.nations["fra"].gp
    _close(g)
    assert g.rules.nations["fra"].gp == gold and g.rules.trade.closed_zones == {}
    assert not g.rules.routes["R1"].closed


def test_piracy_on_land_fails() -> None:
    """[L6252-6253] "A Piracy action can only be performed in a single Sea Zone by a single fleet"."""
    g = _with_fleet(location="Ile")
    events = _resolve(g, Step(kind="act", action="PR"))
    assert [e.code for e in events if isinstance(e, m.OrderFailed)] == ["lote.fleet_action_no_target"]


def _assault_kiev() -> Game:
    """Byzantium (which trades with Kiev over the hand-kept land route R2) assaults Kiev."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Kiev", nation="byz", status="aw", reason="war"))
    g.when(m.MoveLeader(leader="byz-1", location="Kiev", reason="test: Basil stands before Kiev"))
    g.when(GiveItinerary(line="s", army="byz-1", steps=[Step(kind="act", action="AS", to="Kiev")]), seat("byz"))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assault = next(b for b in g.rules.battles.values() if b.kind == "assault")
    g.when(m.ResolveBattle(battle_id=assault.battle_id, winner="defender", reason="Kiev holds"))
    return g


def test_a_battle_between_trading_partners_blocks_their_route_by_warfare() -> None:
    """[L3810-3811] trade continues until "Either player undertakes an act of war against the other"; [L2803-2805]
    the route is then Blocked by Warfare (WAR, 10%): the assault raises a `trade_war` item for R2, proposing `war`."""
    g = _assault_kiev()
    item = g.rules.adjudications["t1-byz-trade_war-R2"]
    assert item.proposal == "war" and "byz attacked rus at Kiev" in item.explanation
    g.when(m.ConfirmAdjudication(item_id=item.item_id))
    settle_control(g)
    events = g.when(AdvancePhase())
    assert any(isinstance(e, m.TradeConditionSet) and e.condition == "war" for e in events)
    assert g.rules.routes["R2"].condition == "war"


def test_the_gm_may_rule_a_battle_no_act_of_war_on_the_route() -> None:
    """`peace`: the GM's reading that the fight did not end the trade (his reason recorded)."""
    g = _assault_kiev()
    g.when(m.OverrideAdjudication(item_id="t1-byz-trade_war-R2", outcome="peace", reason="a rebel general's raid"))
    settle_control(g)
    g.when(AdvancePhase())
    assert g.rules.routes["R2"].condition == ""


def test_a_sea_zone_closed_by_piracy_reopens_when_its_pirates_move_on() -> None:
    """[L6263-6264] the zone is closed "if there are sufficient Warships committed to the action": a turn later, with
    no Piracy step of those pirates there, a `sea_zone` item proposes to reopen it (`closed` keeps it); confirmed,
    trade can be traced through it again."""
    g = _with_fleet()
    g.when(m.RecordPiracy(sea_zone="Viking Bank", by="fra", gp="0", closes=True, reason="French pirates"))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    _close(g)
    assert g.rules.trade.closed_zones == {"Viking Bank": "fra"} and g.rules.routes["R1"].closed
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    item = _item(g, "sea_zone")
    assert (item.nation, item.subject, item.proposal) == ("fra", "reopen:Viking Bank", "reopened")
    _close(g)
    assert g.rules.trade.closed_zones == {}


def test_the_gm_may_keep_a_sea_zone_closed() -> None:
    """`closed`: the GM rules the pirates still there (his reason recorded); the zone stays closed another turn."""
    g = _with_fleet()
    g.when(m.SetSeaZoneClosed(sea_zone="Viking Bank", by="fra", reason="pirates"))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    _close(g)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    item = _item(g, "sea_zone")
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="closed", reason="the squadron winters there"))
    _close(g)
    assert g.rules.trade.closed_zones == {"Viking Bank": "fra"}
