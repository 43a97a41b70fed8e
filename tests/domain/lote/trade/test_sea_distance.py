"""The length of a sea leg as the tracer counts it (§2.16.7 L2864-2868, §5.2.2 L3896-3906, §4.6.3-4.6.4
L3678-3694; digest EX-58): the port's own region is not counted, every zone entered counts 1 (an arrow is mapped
as a zone, so an inter-island arrow counts 1), a monsoon border 1, a strong current 2 whichever way it runs."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from domain.rulesets.lote.trade.trace import NoRoute, Trace, trace_sea
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario

ARROW = "island_arrow"


def _two_ports(zones: list[str], borders: list[dict[str, Any]]) -> Game:
    """West holds Westport on the first zone, East holds Eastport on the last; each port is its capital."""
    setup = scenario(
        nations={"wes": nation("West", capital="Westport"), "eas": nation("East", capital="Eastport")},
        regions={"Wr": region(3, coastal=True, statuses={"wes": "hm"}),
                 "Er": region(3, coastal=True, statuses={"eas": "hm"})},
        cities={"Westport": city("Wr", 3, codes=["c", "p"], statuses={"wes": "hm"}),
                "Eastport": city("Er", 3, codes=["c", "p"], statuses={"eas": "hm"})},
        sea_zones={z: {} for z in zones},
        coasts=[{"region": "Wr", "sea_zone": zones[0]}, {"region": "Er", "sea_zone": zones[-1]}],
        sea_borders=borders,
    )  # fmt: skip
    return game(setup)


def _length(g: Game, a: str = "wes", b: str = "eas", ports: tuple[str, str] = ("Westport", "Eastport")) -> int:
    traced = trace_sea(g.rules, a, b, *ports)
    assert isinstance(traced, Trace), traced
    return traced.sea_zones


def test_trading_through_a_single_sea_zone_counts_one() -> None:
    """[L2866-2868] "If a pair of nations are trading through a single Sea Zone, then this counts as a distance of
    one (1)"; [L3896-3898] "you do not count the ending/starting region for sea trade"."""
    assert _length(_two_ports(["Channel"], [])) == 1


def test_a_monsoon_border_counts_one_sea_zone() -> None:
    """[L3682-3684] "For trade routes, however, crossing a Monsoon Border counts one Sea Zone against its range"
    (not the half Action Point it costs a fleet)."""
    g = _two_ports(["Arabian Sea", "Bay of Bengal"], [{"a": "Arabian Sea", "b": "Bay of Bengal", "kind": "monsoon"}])
    assert _length(g) == 2


def test_a_strong_current_counts_two_whichever_way_it_runs() -> None:
    """[L3693-3694] "For Trade Routes, crossing a Strong Current Border counts 2 against its range" (against the
    arrow or with it: unlike a fleet's 2 or 1 AP, the trade rule names no direction)."""
    current = [{"a": "Black Sea", "b": "Aegean Sea", "kind": "current", "one_way": True}]
    g = _two_ports(["Black Sea", "Aegean Sea"], current)
    assert _length(g) == 3
    assert _length(g, "eas", "wes", ("Eastport", "Westport")) == 3


def test_ex58_maldives_to_chola_and_holland_to_iceland() -> None:
    """EX-58 [L3900-3906] "Maldives is trading with Chola. That is 1 SZ for the inter-island arrow, then 1 SZ for
    Gulf of Mannar. 2 SZ total"; "Holland to Iceland. 1 SZ for North Sea, 1 SZ for Viking Bank, 1 SZ for the
    Shetlands/Faeroes inter-island arrow, 1 SZ for the Faeroes/Iceland inter-island arrow. 4 SZ total"."""
    zones = ["Gulf of Mannar", "Mannar-Maldives", "North Sea", "Viking Bank", "Shetland-Faeroes", "Faeroes-Iceland"]
    ports = {
        "Male": ("Maldives", "Mannar-Maldives", "mal"),
        "Chola": ("Pandya", "Gulf of Mannar", "cho"),
        "Amsterdam": ("Holland", "North Sea", "hol"),
        "Reykjavik": ("Iceland", "Faeroes-Iceland", "ice"),
    }
    setup = scenario(
        nations={nid: nation(name, capital=name) for name, (_, _, nid) in ports.items()},
        regions={reg: region(2, coastal=True, statuses={nid: "hm"}) for reg, _, nid in ports.values()},
        cities={name: city(reg, 2, codes=["c", "p"], statuses={nid: "hm"}) for name, (reg, _, nid) in ports.items()},
        sea_zones={z: {} for z in zones},
        coasts=[{"region": reg, "sea_zone": zone} for reg, zone, _ in ports.values()],
        sea_borders=[{"a": "Gulf of Mannar", "b": "Mannar-Maldives", "kind": ARROW},
                     {"a": "North Sea", "b": "Viking Bank"},
                     {"a": "Viking Bank", "b": "Shetland-Faeroes", "kind": ARROW},
                     {"a": "Shetland-Faeroes", "b": "Faeroes-Iceland", "kind": ARROW}],
    )  # fmt: skip
    g = game(setup)
    assert _length(g, "mal", "cho", ("Male", "Chola")) == 2
    assert _length(g, "hol", "ice", ("Amsterdam", "Reykjavik")) == 4
    traced = trace_sea(g.rules, "hol", "ice", "Amsterdam", "Reykjavik")
    assert isinstance(traced, Trace)
    assert traced.path == ("Holland", "North Sea", "Viking Bank", "Shetland-Faeroes", "Faeroes-Iceland", "Iceland")


def test_a_one_way_arrow_gives_the_same_length_from_either_port() -> None:
    """[L3651-3666] a one-way arrow is sailed only its way; the trade runs both ways, so the leg is traced from
    whichever end sails it and a route does not depend on which partner's port is named first (a route opened
    from East's line is re-traced from West's port, the route's first nation, every turn)."""
    zones = ["Home Waters", "Trade Wind", "Far Shore"]
    borders = [{"a": "Home Waters", "b": "Trade Wind", "kind": "ocean_arrow", "one_way": True},
               {"a": "Trade Wind", "b": "Far Shore", "kind": "ocean_arrow", "one_way": True}]  # fmt: skip
    g = _two_ports(zones, borders)
    there = trace_sea(g.rules, "wes", "eas", "Westport", "Eastport")
    back = trace_sea(g.rules, "eas", "wes", "Eastport", "Westport")
    assert isinstance(there, Trace) and isinstance(back, Trace)
    assert there.sea_zones == back.sea_zones == 3
    assert there.path == ("Wr", *zones, "Er") and back.path == ("Er", *reversed(zones), "Wr")


def test_a_zone_with_no_way_through_leaves_no_sea_route() -> None:
    """[L3851-3853] the route is traced "through the intervening sea zones": ports on unconnected waters have none."""
    g = _two_ports(["Baltic Sea", "Black Sea"], [])
    traced = trace_sea(g.rules, "wes", "eas", "Westport", "Eastport")
    assert isinstance(traced, NoRoute) and traced.code == "no_sea_route"


def test_sea_leg_chain_runs_port_to_port() -> None:
    """The traced chain lists the places in order: a's capital, its port's zones, b's port and capital."""
    zones = ["A", "B", "C"]
    g = _two_ports(zones, [{"a": x, "b": y} for x, y in pairwise(zones)])
    traced = trace_sea(g.rules, "eas", "wes", "Westport", "Eastport")  # East's route, West's port named first
    assert isinstance(traced, Trace) and traced.path == ("Er", "C", "B", "A", "Wr") and traced.sea_zones == 3
