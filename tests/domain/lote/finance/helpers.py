"""A small world for the finance tests: Burgundy and Switzerland trading overland, the Turks beside them."""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king

BUR = {"tech_level": 7, "capital": "Dijon", "saved_gp": "300", "saved_nfp": "40"}


def bankers(route: bool = True, **extra: Any) -> Game:
    """`bur` (TL 7, WE, capital Dijon, 300 GP, 40 NFP) with King `bk` at Dijon, Lieutenant `blt` (10 infantry,
    4 transports) in Franche, Prince `bp` at Dijon and Lieutenant `bm` in Bern; `swi` (capital Zurich, 100 GP)
    with King `sk`; `tur` (Sunni, usury restricted, ME) with King `tk`. `bur` and `swi` trade over route R1
    unless `route` is False."""
    setup = scenario(
        nations={
            "bur": nation("Burgundy", **{**BUR, **extra.get("bur", {})}),
            "swi": nation("Switzerland", **{"capital": "Zurich", "saved_gp": "100", **extra.get("swi", {})}),
            "tur": nation(
                "Turks", religion="SU", geo_zone="ME", usury_restricted=True, capital="Konya", saved_gp="100"
            ),
        },
        regions={
            "Burgundy": region(3, statuses={"bur": "hm"}),
            "Franche": region(8, "c2", statuses={"bur": "f"}),
            "Bern": region(2, statuses={"swi": "hm"}),
            "Rum": region(2, statuses={"tur": "hm"}),
        },
        cities={
            "Dijon": city("Burgundy", 4, statuses={"bur": "f"}),
            "Zurich": city("Bern", 2, statuses={"swi": "hm"}),
            "Konya": city("Rum", 2, statuses={"tur": "hm"}),
        },
        leaders={
            "bk": king("bur", "Dijon"),
            "blt": king("bur", "Franche", type="L", army_no="2", units={"I": 10, "T": 4}),
            "bp": king("bur", "Dijon", type="P", army_no="3"),
            "sk": king("swi", "Zurich"),
            "tk": king("tur", "Konya"),
            "bm": king("bur", "Bern", type="L", army_no="4"),
        },
        trade_routes={"R1": {"kind": "L", "nation_a": "bur", "nation_b": "swi"}} if route else {},
        mercenary_pools={"we": {"world_region": "WE", "units": {"I": 20}}},
        sea_zones={"Lake": {}},
    )
    return game(setup)


def play(g: Game, forms: dict[str, list[Any]]) -> list[Any]:
    """One turn: the forms entered by their own seats, resolution, every item confirmed, close and publish."""
    start = len(g.events)
    for nid, lines in forms.items():
        for line in lines:
            g.when(line, seat(nid))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    return g.events[start:]
