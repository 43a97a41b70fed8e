"""Tracing and validating trade routes (§2.16.4 L2763-2846, §5.2.1-5.2.2 L3815-3906; digest §6.4 EX-68..EX-71)."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import InitiateTradeRoute, TradeWithAnyone
from domain.rulesets.lote.scenario.settings import Settings
from domain.rulesets.lote.trade.trace import NoRoute, Trace, trace_land, trace_sea
from tests.domain.lote.helpers import seat
from tests.domain.lote.trade.maps import channel, sahara, settle, silk_road

RT, TAN, PER, LAO, ENG, FRA, SWI, DEN = (seat(n) for n in ("rt", "tan", "per", "lao", "eng", "fra", "swi", "den"))


def test_ex68_a_caravan_through_open_oases_is_land_across_the_sahara() -> None:
    """EX-68 [L2814-2827] "a caravan route via Oases (controlled either by your Nation or that are Uncontrolled by
    any Nation)": Timbuctu to Tangiers through Arauane, Terhazza, Bir-el-Khazaim and Adrar is LTS (50%)."""
    g = sahara()
    traced = trace_land(g.rules, "rt", "tan")
    assert isinstance(traced, Trace)
    assert (traced.kind, traced.status) == ("L", "LTS")
    assert traced.path == ("Songhai", "Arauane", "Terhazza", "Bir-el-Khazaim", "Adrar", "Zirid")


def test_ex68_the_route_closes_when_an_oasis_falls_to_a_third_nation() -> None:
    """EX-68 [L2822-2827] "If any of those four oases should fall into the hands of the Senegalese ... the route
    would be Closed": the route opens, then lapses at the end of the turn Terhazza falls."""
    g = sahara()
    g.when(InitiateTradeRoute(line="r", partner="tan"), RT)
    g.when(TradeWithAnyone(line="any"), TAN)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    item = g.rules.adjudications["t1-rt-trade_route-rt~tan"]
    assert item.proposal == "open" and "LTS land route" in item.explanation
    settle(g)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    route = g.rules.routes["t1-rt-tan"]
    assert (route.status, route.traced, route.closed) == ("LTS", True, False)
    g.when(m.SetControlStatus(place="Terhazza", nation="sen", status="t", reason="the Blue Turbans take it"))
    assert isinstance(trace_land(g.rules, "rt", "tan"), NoRoute)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    settle(g)
    events = g.when(AdvancePhase())  # the adjudication phase closes: R8 re-traces
    lapsed = [e for e in events if isinstance(e, m.TradeRouteLapsed)]
    assert [e.route for e in lapsed] == ["t1-rt-tan"] and g.rules.routes["t1-rt-tan"].closed


def test_ex68_an_oasis_held_by_a_third_nation_refuses_the_initiation() -> None:
    """[L2818-2820] oases "controlled either by your Nation or ... Uncontrolled": a Senegalese oasis blocks it."""
    g = sahara()
    g.when(m.SetControlStatus(place="Adrar", nation="sen", status="nt", reason="Senegal holds Adrar"))
    rejected = g.rejects(InitiateTradeRoute(line="r", partner="tan"), RT)
    assert rejected.code == "lote.no_land_route" and "sea route" in rejected.message


def test_ex69_independent_silk_route_regions_give_land_along_the_silk_route() -> None:
    """EX-69 [L2829-2846] Persia holds Kara-Khitai; Kashgar and Tarim are independent on to Yanzhi (Lao): LTC."""
    traced = trace_land(silk_road().rules, "per", "lao")
    assert isinstance(traced, Trace) and traced.status == "LTC"
    assert traced.path == ("Fars", "Kara-Khitai", "Kashgar", "Tarim", "Yanzhi", "Laos")


def test_ex69_a_silk_route_region_held_by_anyone_else_breaks_the_route() -> None:
    """[L2834-2836] "uncontrolled by any player, save yourself and the Nation that you are trading with"."""
    g = silk_road(third="chn")
    assert isinstance(trace_land(g.rules, "per", "lao"), NoRoute)
    assert g.rejects(InitiateTradeRoute(line="r", partner="lao"), PER).code == "lote.no_land_route"


def test_ex70_a_nation_straddling_a_sea_zone_cannot_trade_over_land_across_it() -> None:
    """EX-70 [L3827-3838] England holds Normandy next to France, but London-Paris needs the English Channel, "the
    entire route is considered a Sea Trade route": the land line is refused, the sea line traces."""
    g = channel()
    rejected = g.rejects(InitiateTradeRoute(line="r", partner="fra"), ENG)
    assert rejected.code == "lote.no_land_route" and "name the ports" in rejected.message
    traced = trace_sea(g.rules, "eng", "fra", "London", "Rouen")
    assert isinstance(traced, Trace)
    assert (traced.kind, traced.status, traced.sea_zones, traced.msp_by) == ("S", "NST", 1, ("eng",))
    assert traced.path == ("Wessex", "English Channel", "Normandy", "Ile")
    g.when(InitiateTradeRoute(line="r", partner="fra", from_port="London", to_port="Rouen", sea_zones=1, msp=4,
                              fleet="home"), ENG)  # fmt: skip


def test_ex71_when_one_nation_holds_both_ports_only_it_may_assign_msp() -> None:
    """EX-71 [L3882-3893] London by sea to Calais (English), then overland through Vermandois and Hainaut to
    Champagne (Swiss) and Burgundy to Switzerland: "only they can assign MSP to the Route as a whole"."""
    g = channel()
    traced = trace_sea(g.rules, "eng", "swi", "London", "Calais")
    assert isinstance(traced, Trace) and traced.msp_by == ("eng",)
    assert traced.path[-5:] == ("Vermandois", "Hainaut", "Champagne", "Burgundy", "Switzerland")
    swiss = InitiateTradeRoute(line="r", partner="eng", from_port="Calais", to_port="London", sea_zones=1, msp=4,
                               fleet="swiss")  # fmt: skip
    assert g.rejects(swiss, SWI).code == "lote.msp_not_yours"
    g.when(InitiateTradeRoute(line="r", partner="swi", from_port="London", to_port="Calais", sea_zones=1, msp=4,
                              fleet="home"), ENG)  # fmt: skip
    g.when(TradeWithAnyone(line="any"), SWI)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assert "only eng may assign MSP" in g.rules.adjudications["t1-eng-trade_route-eng~swi"].explanation
    settle(g)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    route = g.rules.routes["t1-eng-swi"]
    assert (route.kind, route.status, route.sea_zones, route.msp_by, route.traced) == ("S", "NST", 1, ["eng"], True)


def test_a_sea_route_length_is_the_fewest_zones_and_must_be_stated_right() -> None:
    """EX-13 [L3997-4010] Hull to Kobenhaven is "three sea zones long, North Sea to Viking Bank to Skaggerak";
    [L2864-2868] the distance is "the minimum number of Sea Zones"; a wrong figure is refused with the right one."""
    g = channel()
    traced = trace_sea(g.rules, "eng", "den", "Hull", "Kobenhaven")
    assert isinstance(traced, Trace) and traced.sea_zones == 3 and traced.msp_by == ("den", "eng")
    wrong = InitiateTradeRoute(line="r", partner="den", from_port="Hull", to_port="Kobenhaven", sea_zones=2, msp=4,
                               fleet="home")  # fmt: skip
    rejected = g.rejects(wrong, ENG)
    assert rejected.code == "lote.wrong_distance" and "crosses 3 sea zone(s)" in rejected.message


def test_a_ports_trade_range_caps_the_sea_leg() -> None:
    """[L3851-3858] the sea zones "cannot exceed the Trade Range of nation providing the merchant shipping"
    (Table 5-1: Nomadic 1); a strong current counts 2 sea zones (digest §3.7, §4.6.3-4.6.4)."""
    g = channel()
    g.when(m.SetNationParameter(nation="eng", parameter="culture", value="N", reason="a nomad England"))
    line = InitiateTradeRoute(line="r", partner="den", from_port="Hull", to_port="Kobenhaven", sea_zones=3, msp=4,
                              fleet="home")  # fmt: skip
    assert g.rejects(line, ENG).code == "lote.out_of_trade_range"


def test_ex72_sicily_holding_latium_leaves_the_pope_only_a_route_to_sicily() -> None:
    """EX-72 [L7706-7712] "The Roman Pope controls the city of Rome. The Kingdom of Sicily controls the province of
    Latium. As Rome is not a port, the Kingdom of Sicily's control of Latium blocks all other trade routes besides a
    Pope to Sicily route." (Tracing uses regular control statuses or the Holy City, [L7706-7708].)"""
    from tests.domain.lote.helpers import city, game, nation, region, scenario

    setup = scenario(
        nations={"pope": nation("Papacy", capital="Rome", nation_type="primacy"),
                 "sic": nation("Sicily", capital="Palermo"), "tus": nation("Tuscany", capital="Florence")},
        regions={"Latium": region(3, statuses={"sic": "t"}), "Calabria": region(2, statuses={"sic": "hm"}),
                 "Tuscia": region(3, statuses={"tus": "hm"})},
        cities={"Rome": city("Latium", 5, codes=["h"], statuses={"pope": "hm"}),
                "Palermo": city("Calabria", 4, codes=["c"], statuses={"sic": "hm"}),
                "Florence": city("Tuscia", 4, codes=["c"], statuses={"tus": "hm"})},
        borders=[{"a": "Latium", "b": "Calabria"}, {"a": "Latium", "b": "Tuscia"}],
    )  # fmt: skip
    g = game(setup)
    traced = trace_land(g.rules, "pope", "sic")
    assert isinstance(traced, Trace) and traced.path == ("Latium", "Calabria")
    assert g.rejects(InitiateTradeRoute(line="r", partner="tus"), seat("pope")).code == "lote.no_land_route"


def test_a_sea_line_is_refused_with_the_reason_it_cannot_be_traced() -> None:
    """[L3842-3881] the ports must be joined by sea zones open to trade (`lote.no_sea_route`), and each must trace held
    land to its nation's capital (`lote.no_land_link`); [L5629-5636] with the campaign's `trade_blockade` "closed",
    no trade is traced by sea from a blockaded port (`lote.port_blockaded`)."""
    g = channel()
    line = InitiateTradeRoute(line="r", partner="den", from_port="Hull", to_port="Kobenhaven", sea_zones=3, msp=4,
                              fleet="home")  # fmt: skip
    g.when(m.SetSeaZoneClosed(sea_zone="Viking Bank", by="fra", reason="pirates"))
    assert g.rejects(line, ENG).code == "lote.no_sea_route"
    g.when(m.SetSeaZoneClosed(sea_zone="Viking Bank", reason="the pirates sailed home"))
    g.when(m.SetControlStatus(place="Anglia", nation="eng", status="c", reason="Anglia rose"))
    rejected = g.rejects(line, ENG)
    assert rejected.code == "lote.no_land_link" and "[L3877-3881]" in rejected.message
    closed = channel(Settings(trade_blockade="closed"))
    closed.when(m.SetBlockade(port="Kobenhaven", by="fra", reason="the French fleet"))
    assert closed.rejects(line, ENG).code == "lote.port_blockaded"
