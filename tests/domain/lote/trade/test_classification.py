"""The Table 2-47 status of a land route (§2.16.4 L2782-2846) and where a route starts (§5.2.1 L3817-3826, §5.2.2
L3877-3881, §8.6.1 L7706-7712): the worst element of the best chain, the capitals' own regions included."""

from __future__ import annotations

from typing import Any

from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import InitiateTradeRoute
from domain.rulesets.lote.trade.trace import NoRoute, Trace, trace_land, trace_sea
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario, seat
from tests.domain.lote.trade.maps import sahara, silk_road


def _line(
    middle: str = "c",
    border: str = "normal",
    ferry: bool = False,
    roads: bool = False,
    home: str = "c",
    **extra: object,
) -> Game:
    """A capital, one region between, the other capital: West (wes) - Mid - East (eas), all held by the partners;
    `home` is the terrain of West's capital region."""
    road = {"royal_road": True} if roads else {}
    codes = ["*"] if roads else ["c"]
    gpv = int(str(extra.pop("gpv", 2)))
    setup = scenario(
        nations={"wes": nation("West", capital="Wcity"), "eas": nation("East", capital="Ecity")},
        regions={"Wr": region(3, home, statuses={"wes": "hm"}),
                 "Mid": region(gpv, middle, statuses={"wes": "t"}, **extra),
                 "Er": region(3, statuses={"eas": "hm"})},
        cities={"Wcity": city("Wr", 3, codes=codes, statuses={"wes": "hm"}),
                "Ecity": city("Er", 3, codes=codes, statuses={"eas": "hm"})},
        borders=[{"a": "Wr", "b": "Mid", "kind": border, **road}]
        + ([] if ferry else [{"a": "Mid", "b": "Er", **road}]),
        ferries={"F1": {"a": "Mid", "b": "Er"}} if ferry else {},
    )  # fmt: skip
    return game(setup)


def _status(g: Game) -> str:
    traced = trace_land(g.rules, "wes", "eas")
    assert isinstance(traced, Trace), traced
    return traced.status


def test_land_route_statuses_follow_the_worst_terrain_on_the_chain() -> None:
    """[L2787-2810] LTO: "continuous cultivated or steppe land regions ... with no ferry points used"; LTH: "one or
    more wilderness or jungle regions, a type-one mountain range, or a ferry arrow"; LTD: "one or more desert or
    tundra regions, a type-two mountain range or a Hostile or Unsettled region"; LTR: 75% of each nation's cities
    on Royal Roads and a Royal Road network joining the capitals."""
    assert _status(_line("c")) == "LTO" and _status(_line("s")) == "LTO" and _status(_line("c2")) == "LTO"
    assert _status(_line("w")) == "LTH" and _status(_line("j")) == "LTH"
    assert _status(_line("c", border="mountain1")) == "LTH" and _status(_line("c", ferry=True)) == "LTH"
    assert _status(_line("d")) == "LTD" and _status(_line("t")) == "LTD"
    assert _status(_line("c", border="mountain2")) == "LTD" and _status(_line("c", hostile_land=True)) == "LTD"
    assert _status(_line("c", roads=True)) == "LTR"


def test_the_capitals_own_region_counts_toward_the_status() -> None:
    """[L2787-2796] the route "between the two capitals" is composed of its regions, the capitals' included: a
    capital in the desert makes the route Land by Dangerous Terrain, in the wilderness Difficult."""
    assert _status(_line("c", home="d")) == "LTD"
    assert _status(_line("c", home="w")) == "LTH"


def test_hostile_and_unsettled_regions_make_a_route_dangerous() -> None:
    """[L2794-2796] LTD "contains ... a Hostile or Unsettled region": a Hostile Land Region (`H`, [L3609-3619]), a
    region of the Hostile spacer code (`h`, Table 2-35), a depopulated region, or a Colonizable Region that has no
    GPv yet ("until a CR is colonized", [L3620-3630])."""
    assert _status(_line("c", spacer="h")) == "LTD"
    assert _status(_line("c", depopulated=True)) == "LTD"
    assert _status(_line("w", colonizable=True, gpv=0)) == "LTD"
    settled = _line("w", colonizable=True)  # a colonized CR (it has a GPv) is wilderness like any other
    assert _status(settled) == "LTH"


def test_a_route_takes_the_best_chain_there_is() -> None:
    """[L2782-2784] the status is the GM's "assessment of the kind of route": of two chains, the one through open
    terrain (LTO 85%) and not the one through the desert (LTD 70%), even when the desert one is shorter."""
    setup = scenario(
        nations={"wes": nation("West", capital="Wcity"), "eas": nation("East", capital="Ecity")},
        regions={"Wr": region(3, statuses={"wes": "hm"}), "Desert": region(1, "d", statuses={"wes": "t"}),
                 "Fields": region(2, statuses={"wes": "t"}), "Meadows": region(2, "s", statuses={"eas": "nt"}),
                 "Er": region(3, statuses={"eas": "hm"})},
        cities={"Wcity": city("Wr", 3, codes=["c"], statuses={"wes": "hm"}),
                "Ecity": city("Er", 3, codes=["c"], statuses={"eas": "hm"})},
        borders=[{"a": "Wr", "b": "Desert"}, {"a": "Desert", "b": "Er"}, {"a": "Wr", "b": "Fields"},
                 {"a": "Fields", "b": "Meadows"}, {"a": "Meadows", "b": "Er"}],
    )  # fmt: skip
    traced = trace_land(game(setup).rules, "wes", "eas")
    assert isinstance(traced, Trace) and (traced.status, traced.path) == ("LTO", ("Wr", "Fields", "Meadows", "Er"))


def test_land_by_road_needs_three_quarters_of_each_nations_cities_on_royal_roads() -> None:
    """[L2806-2810] LTR "if the majority (75% or more) of the cities in each nation are connected by Royal Roads
    ... and the two nations share a Royal Road network which connects both Capitals": with a second, roadless
    city West has 1 of 2 on a road (50%) and the road route is only Open Terrain."""
    assert _status(_line("c", roads=True)) == "LTR"
    g = _line("c", roads=True)
    g.given(m.CityFounded(nation="wes", region="Mid", name="Wtown", port_sea_zones=(), status="f"))
    assert "Wtown" in g.rules.cities and _status(g) == "LTO"


def test_a_region_held_below_non_paying_tributary_breaks_a_land_chain() -> None:
    """[L3822-3824] "All the land regions forming the Trade Route must be controlled (at Non-Paying Tributary or
    better status) by one or the other of the two trade partners"."""
    g = _line("c")
    g.when(m.SetControlStatus(place="Mid", nation="wes", status="c", reason="only claimed now"))
    assert g.rejects(InitiateTradeRoute(line="r", partner="eas"), seat("wes")).code == "lote.no_land_route"
    g.when(m.SetControlStatus(place="Mid", nation="eas", status="nt", reason="East's tributary"))
    assert _status(g) == "LTO"


def test_a_nation_without_a_capital_trades_from_its_homeland() -> None:
    """[L3817-3821] a land route runs capital to capital; a horde without a capital traces from its Homeland regions
    (the rulebook's stand-in for a missing capital, [L1982-1984] agro "at the Capital (or homeland, if there is no
    Capital)"); a nation with neither has no route to trace."""
    setup = scenario(
        nations={"kip": nation("Kipchaks", culture="N"), "rus": nation("Kiev", capital="Kiev")},
        regions={"Steppe": region(2, "s", statuses={"kip": "hm"}), "Kiev": region(3, statuses={"rus": "hm"})},
        cities={"Kiev": city("Kiev", 3, codes=["c"], statuses={"rus": "hm"})},
        borders=[{"a": "Steppe", "b": "Kiev"}],
    )  # fmt: skip
    g = game(setup)
    traced = trace_land(g.rules, "kip", "rus")
    assert isinstance(traced, Trace) and traced.path == ("Steppe", "Kiev") and traced.status == "LTO"
    g.when(m.SetControlStatus(place="Steppe", nation="kip", status="f", reason="the horde moved on"))
    gone = trace_land(g.rules, "kip", "rus")
    assert isinstance(gone, NoRoute) and gone.code == "no_capital"
    assert g.rejects(InitiateTradeRoute(line="r", partner="rus"), seat("kip")).code == "lote.no_capital"


def test_ex72_the_pope_could_trade_by_sea_were_rome_a_port() -> None:
    """EX-72 [L7706-7712] "As Rome is not a port, the Kingdom of Sicily's control of Latium blocks all other trade
    routes besides a Pope to Sicily route": over land, Latium (Sicily's) is the Pope's first region; a capital that
    is itself a port needs no land link to the sea ([L3877-3881] the port traces "to the Capital"), so a Roman
    port would open the sea to the Pope."""
    nations = {"pope": nation("Papacy", capital="Rome", nation_type="primacy"),
               "sic": nation("Sicily", capital="Palermo"), "tus": nation("Tuscany", capital="Pisa")}  # fmt: skip
    regions = {"Latium": region(3, coastal=True, statuses={"sic": "t"}), "Calabria": region(2, statuses={"sic": "hm"}),
               "Tuscia": region(3, coastal=True, statuses={"tus": "hm"})}  # fmt: skip
    sea: dict[str, Any] = {
        "sea_zones": {"Tyrrhenian Sea": {}},
        "coasts": [
            {"region": "Latium", "sea_zone": "Tyrrhenian Sea"},
            {"region": "Tuscia", "sea_zone": "Tyrrhenian Sea"},
        ],
        "borders": [{"a": "Latium", "b": "Calabria"}, {"a": "Latium", "b": "Tuscia"}],
    }
    for codes, tuscany in ((["h"], False), (["h", "p"], True)):
        setup = scenario(
            nations=nations, regions=regions,
            cities={"Rome": city("Latium", 5, codes=codes, statuses={"pope": "hm"}),
                    "Palermo": city("Calabria", 4, codes=["c"], statuses={"sic": "hm"}),
                    "Pisa": city("Tuscia", 4, codes=["c", "p"], statuses={"tus": "hm"})},
            **sea,
        )  # fmt: skip
        g = game(setup)
        by_land = trace_land(g.rules, "pope", "sic")
        assert isinstance(by_land, Trace) and by_land.path == ("Latium", "Calabria")
        assert isinstance(trace_land(g.rules, "pope", "tus"), NoRoute)
        by_sea = trace_sea(g.rules, "pope", "tus", "Rome", "Pisa")
        assert isinstance(by_sea, Trace) is tuscany, by_sea


def test_oases_of_a_partner_still_make_a_sahara_route_and_held_silk_regions_count_by_their_terrain() -> None:
    """[L2814-2821] LTS through oases "controlled either by your Nation or that are Uncontrolled by any Nation": an
    oasis the Red Turbans hold keeps the route LTS; [L2829-2841] LTC runs "via Silk Route regions (uncontrolled by
    any player, save yourself and the Nation that you are trading with)": with Kashgar and Tarim now Persian, the
    whole chain is held and classified by its terrain (the deserts: LTD), no longer along the Silk Route; once the
    Silk Route has ended, unheld Silk Route regions carry nothing ([L3308-3311])."""
    g = sahara()
    g.when(m.SetControlStatus(place="Terhazza", nation="rt", status="nt", reason="a Red Turban garrison"))
    traced = trace_land(g.rules, "rt", "tan")
    assert isinstance(traced, Trace) and traced.status == "LTS"
    silk = silk_road()
    for place in ("Kashgar", "Tarim"):
        silk.when(m.SetControlStatus(place=place, nation="per", status="t", reason="Persian conquest"))
    held = trace_land(silk.rules, "per", "lao")
    assert isinstance(held, Trace) and held.status == "LTD"
    ended = silk_road()
    ended.given(m.SilkRouteEnded(route="", nations=("per", "chn")))
    gone = trace_land(ended.rules, "per", "lao")
    assert isinstance(gone, NoRoute) and gone.code == "no_land_route"
