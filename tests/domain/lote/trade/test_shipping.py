"""Shipping on a sea route (§2.15.1 L2654-2666, §2.16.6 L2857-2878, §5.2.2 L3851-3858, §5.2.4.2 L3956-3977): who
may put MSP on a route, and a traced sea route that can no longer be sustained by its shipping closes."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import AssignFleet, InitiateTradeRoute, TradeWithAnyone
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario, seat
from tests.domain.lote.trade.maps import channel, settle

WES, EAS = seat("wes"), seat("eas")


def _turn(g: Game) -> list[object]:
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    settle(g)
    events = list(g.when(AdvancePhase()))
    return events + list(g.when(AdvancePhase()))


def _gulf(east_culture: str = "C") -> Game:
    """West (Civilized, range 3) and East trade between Westport on A and Eastport on C: A - B - C is 3 sea zones,
    the way round A - X - Y - C is 4."""
    zones = ["A", "B", "C", "X", "Y"]
    setup = scenario(
        nations={"wes": nation("West", capital="Westport"),
                 "eas": nation("East", culture=east_culture, capital="Eastport")},
        regions={"Wr": region(3, coastal=True, statuses={"wes": "hm"}),
                 "Er": region(3, coastal=True, statuses={"eas": "hm"})},
        cities={"Westport": city("Wr", 6, codes=["c", "p"], statuses={"wes": "hm"}),
                "Eastport": city("Er", 6, codes=["c", "p"], statuses={"eas": "hm"})},
        sea_zones={z: {} for z in zones},
        coasts=[{"region": "Wr", "sea_zone": "A"}, {"region": "Er", "sea_zone": "C"}],
        sea_borders=[{"a": x, "b": y} for x, y in [*pairwise(["A", "B", "C"]), *pairwise(["A", "X", "Y", "C"])]],
        fleets={"wfleet": {"nation": "wes", "base_port": "Westport", "activity": "internal", "msp": 20},
                "efleet": {"nation": "eas", "base_port": "Eastport", "activity": "internal", "msp": 20}},
    )  # fmt: skip
    return game(setup)


def _open(g: Game, **east: Any) -> str:
    g.when(InitiateTradeRoute(line="r", partner="eas", from_port="Westport", to_port="Eastport", sea_zones=3, msp=4,
                              fleet="wfleet"), WES)  # fmt: skip
    if east:
        g.when(InitiateTradeRoute(line="r", partner="wes", **east), EAS)
    else:
        g.when(TradeWithAnyone(line="any"), EAS)
    _turn(g)
    route = g.rules.routes["t1-eas-wes"]
    assert not route.closed and route.traced and route.sea_zones == 3
    return "t1-eas-wes"


def test_a_route_traced_longer_than_its_shippers_trade_range_closes() -> None:
    """[L3855-3858] "The number of contiguous sea zones that a Trade Route is traced through from port to port
    cannot exceed the Trade Range of nation providing the merchant shipping": pirates close B, the route must go
    the long way (4 zones), beyond West's Civilized range of 3 (Table 5-1), and it closes at the end of the turn."""
    g = _gulf()
    route = _open(g)
    g.when(m.SetSeaZoneClosed(sea_zone="B", by="eas", reason="pirates in B"))
    events = _turn(g)
    lapsed = [e for e in events if isinstance(e, m.TradeRouteLapsed)]
    assert [e.route for e in lapsed] == [route] and "Trade Range" in lapsed[0].reason
    assert g.rules.routes[route].closed


def test_a_partner_with_the_range_keeps_the_longer_route_open() -> None:
    """[L3855-3858] the range is that of "the nation providing the merchant shipping": East (Seafaring, range 4)
    ships on the route too, so the 4-zone way round is within range and the route is re-traced, not closed."""
    g = _gulf(east_culture="S")
    route = _open(g, from_port="Eastport", to_port="Westport", sea_zones=3, msp=4, fleet="efleet")
    g.when(m.SetSeaZoneClosed(sea_zone="B", by="eas", reason="pirates in B"))
    events = _turn(g)
    changed = [e for e in events if isinstance(e, m.TradeRouteStatusChanged)]
    assert [(e.route, e.sea_zones) for e in changed] == [(route, 4)] and not g.rules.routes[route].closed


def test_taking_every_msp_off_a_sea_route_closes_it() -> None:
    """[L3962-3963] "If you're closing down a route, just zero its allocated Merchant Shipping Points and ship
    units"; [L3851-3853] a sea route needs "at least one Merchant Shipping Point": West puts its route fleet back on
    internal trade, and the route closes at the end of the turn."""
    g = _gulf()
    route = _open(g)
    g.when(AssignFleet(line="f", fleet=f"{route}-wes", activity="internal"), WES)
    events = _turn(g)
    lapsed = [e for e in events if isinstance(e, m.TradeRouteLapsed)]
    assert [e.route for e in lapsed] == [route] and "MSP" in lapsed[0].reason
    assert g.rules.routes[route].closed


def test_a_fleet_goes_only_on_a_sea_route_of_its_nation_that_it_may_ship_on() -> None:
    """[L2654-2660] a Sea Trade fleet serves "each nation that the player intends to trade with that can only be
    reached by sea"; [L3882-3893] where one partner holds both ports "only they can assign MSP": a fleet is
    refused on a land route, on another pair's route (in the words used for a route that does not exist) and on a
    route only the partner may ship on."""
    g = channel()
    records = {
        "L1": TradeRouteRecord(kind="L", nation_a="den", nation_b="eng", status="LTH"),
        "S1": TradeRouteRecord(kind="S", nation_a="eng", nation_b="swi", sea_zones=1, port_a="London",
                               port_b="Calais", msp_by=["eng"]),
        "S2": TradeRouteRecord(kind="S", nation_a="eng", nation_b="fra", sea_zones=1, port_a="London",
                               port_b="Rouen"),
    }  # fmt: skip
    for route_id, record in records.items():
        g.given(m.TradeRouteRecorded(route_id=route_id, reason="by hand", route=record))
    eng, swi, den = seat("eng"), seat("swi"), seat("den")
    land = g.rejects(AssignFleet(line="f", fleet="home", activity="sea_trade", route="L1"), eng)
    assert land.code == "lote.not_a_sea_route"
    theirs = g.rejects(AssignFleet(line="f", fleet="danes", activity="sea_trade", route="S2"), den)
    nowhere = g.rejects(AssignFleet(line="f", fleet="danes", activity="sea_trade", route="S9"), den)
    assert theirs.code == nowhere.code == "lote.unknown_route"
    assert theirs.message.replace("S2", "S9") == nowhere.message
    only = g.rejects(AssignFleet(line="f", fleet="swiss", activity="sea_trade", route="S1"), swi)
    assert only.code == "lote.msp_not_yours"
    g.when(AssignFleet(line="f", fleet="home", activity="sea_trade", route="S2"), eng)


def test_a_change_of_msp_alone_is_refused_with_the_lines_that_move_msp() -> None:
    """[L3956-3977] "Route# / delta MSP / delta Ships": MSP cannot be demobilised ([L4397-4400]), so MSP leave a fleet
    with its ships (`WithdrawShips`, EX-12) or go to a new route from a fleet (`InitiateTradeRoute`); a bare
    `msp_change`, which would make or lose MSP, is refused instead of being ignored."""
    g = channel()
    rejected = g.rejects(AssignFleet(line="f", fleet="home", msp_change=-10), seat("eng"))
    assert rejected.code == "lote.msp_change_unsupported" and "WithdrawShips" in rejected.message
