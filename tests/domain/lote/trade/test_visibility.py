"""Who sees what of trade (digest §1.6; §2.16 L2722-2740; §3.5 L3050-3061): a route's events its partners, a
blockade the blockader and the port's holders, a piracy the pirate (never the other nations' trade it was measured
against); the Newsfax prints the hostile acts and the end of the Silk Route, naming no trading partners."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import ruleset
from domain.rulesets.lote.model.orders import CeaseTrade
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from domain.rulesets.lote.trade.trace import Trace, trace_sea
from tests.domain.harness import Game
from tests.domain.lote.helpers import seat
from tests.domain.lote.trade.maps import channel, settle


def _seen(event: object, nid: str) -> object | None:
    return ruleset.redact(event, seat(nid))  # type: ignore[arg-type]


def _hull_route(g: Game) -> None:
    chain = ["Zealand", "Skaggerak", "Viking Bank", "North Sea", "Anglia", "Wessex"]
    route = TradeRouteRecord(kind="S", nation_a="den", nation_b="eng", sea_zones=3, duration_years=30,
                             port_a="Kobenhaven", port_b="Hull", traced=True, path=chain)  # fmt: skip
    g.given(m.TradeRouteRecorded(route_id="R1", route=route, reason="kept by hand"))
    g.given(m.MerchantFleetFormed(nation="eng", fleet="R1-eng", source="home", base_port="Hull", route="R1", msp=10))


def _newsfax(g: Game) -> m.Newsfax:
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    settle(g)
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    return next(e.newsfax for e in events if isinstance(e, m.NewsfaxPublished))


def test_the_pirate_sees_its_take_but_not_the_trade_it_was_measured_against() -> None:
    """[L6259-6261] the take is "dependent on the amount of Inter-Nation trade passing through the Sea Zone": that
    amount is the route partners' income, so the pirate's own event shows its gold and not the trade; the Newsfax
    prints the piracy under the pirate, as it prints a raid ([L3058] hostile military actions)."""
    g = channel()
    _hull_route(g)
    (piracy, _paid, _closed) = g.when(
        m.RecordPiracy(sea_zone="Viking Bank", by="fra", gp="1", closes=True, reason="French pirates, 12 warships")
    )
    assert isinstance(piracy, m.PiracyRecorded) and piracy.trade_gp > 0
    mine = _seen(piracy, "fra")
    assert isinstance(mine, m.PiracyRecorded) and (mine.gp, mine.trade_gp) == (1, Fraction(0))
    assert _seen(piracy, "eng") is None and _seen(piracy, "den") is None
    paper = _newsfax(g)
    french = next(n for n in paper.nations if n.nation == "fra")
    assert french.lines == ["Pirates prowled the Viking Bank and seized 1 gold; the Viking Bank is closed to trade."]


def test_a_blockade_is_seen_by_the_blockader_and_the_ports_holders_and_printed() -> None:
    """[L5623-5640] a fleet lies off the port "for more than 75% of the turn": its holders see it, the blockader
    knows it, a third nation reads only the Newsfax line ([L3058] hostile military actions are always reported)."""
    g = channel()
    (blockade,) = g.when(m.SetBlockade(port="Kobenhaven", by="fra", reason="the French fleet sat off it all turn"))
    assert isinstance(blockade, m.BlockadeSet) and blockade.seen_by == ("den",)
    for nid in ("fra", "den"):
        seen = _seen(blockade, nid)
        assert isinstance(seen, m.BlockadeSet) and (seen.reason, seen.seen_by) == ("", ())
    assert _seen(blockade, "eng") is None
    paper = _newsfax(g)
    assert next(n for n in paper.nations if n.nation == "fra").lines == ["Blockaded Kobenhaven."]


def test_a_blockaded_coastline_blockades_the_ports_on_it() -> None:
    """[L5636-5638] "A coastline that is Blockaded is similarly closed off. No International Trade ... can be traced
    through such a coastline": Zealand's coast blockaded, Kobenhaven's route is Blockaded Sea Trade; a region without
    a coast is refused."""
    g = channel()
    assert g.rejects(m.SetBlockade(port="Vermandois", by="fra", reason="x")).code == "lote.not_a_port"
    g.when(m.SetBlockade(port="Zealand", by="fra", reason="the French fleet off the Zealand coast"))
    traced = trace_sea(g.rules, "eng", "den", "Hull", "Kobenhaven")
    assert isinstance(traced, Trace) and traced.status == "BST"
    assert next(n for n in _newsfax(g).nations if n.nation == "fra").lines == ["Blockaded the coast of Zealand."]


def test_the_end_of_the_silk_route_names_no_trading_partners_to_a_third_nation() -> None:
    """[L3308-3311] the end of the Silk Route is everyone's concern (its bonuses stop for all); the sea route that
    ended it is its partners' alone (§2.16 L2722-2740)."""
    ended = m.SilkRouteEnded(route="t3-chn-per", nations=("chn", "per"))
    assert _seen(ended, "per") == ended
    third = _seen(ended, "eng")
    assert isinstance(third, m.SilkRouteEnded) and (third.route, third.nations) == ("", ("", ""))


def test_a_routes_events_are_its_partners_alone() -> None:
    """[L2722-2740] the route listing is "between your Nation and its trading partners": its re-tracing, lapse and
    the GM's rulings on it reach the two partners (without his reason) and no one else."""
    events = [
        m.TradeRouteStatusChanged(route="R1", nation_a="den", nation_b="eng", status="BST", reason="re-traced"),
        m.TradeRouteLapsed(route="R1", nation_a="den", nation_b="eng", reason="no chain"),
        m.TradeConditionSet(route="R1", nation_a="den", nation_b="eng", condition="war", reason="a border raid"),
    ]
    for event in events:
        assert _seen(event, "fra") is None
        for nid in ("den", "eng"):
            seen = _seen(event, nid)
            assert seen is not None and "border raid" not in str(seen)


def test_both_partners_learn_that_one_ceased_trade_and_no_one_else() -> None:
    """[L3808-3813] trade continues until "Either of the players declares a cessation of trade": the route closes
    for both, and both read the event; a third nation does not."""
    g = channel()
    _hull_route(g)
    g.when(CeaseTrade(line="c", partner="den"), seat("eng"))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    (closed,) = [e for e in events if isinstance(e, m.TradeRouteClosed)]
    assert (closed.route, closed.by, closed.partner) == ("R1", "eng", "den") and g.rules.routes["R1"].closed
    assert _seen(closed, "den") == closed and _seen(closed, "eng") == closed and _seen(closed, "fra") is None
