"""A small world for the religion tests: the Balkans around 1050.

`byz` (Eastern Orthodox, TL 6 so Action Range 3, RS 6, ROC 2, ROB 2) holds Thrace (homeland, capital
Constantinople), Macedonia (Friendly), Bulgaria (Pacified, Roman Catholic, 10 infantry) and Anatolia (Pacified,
Sunni, 10 infantry). King `byz-k` at Constantinople, Lieutenant `byz-l` (Charisma 8, 5 infantry) in Macedonia,
Mercenary `byz-m` in Thrace. `hun` (Roman Catholic, TL 6, RS 5, ROC 1, ROB 1) holds Pannonia (homeland, capital
Buda) and Transylvania; King `hun-k`, Lieutenant `hun-l` in Transylvania with 6 infantry. `kip` (Asiatic Pagan,
Barbarian, TL 4, RS 2, BL 2) holds the Steppe (homeland), Moldavia and Cumania (Friendly) and Wallachia
(Tributary); King `kip-k` in the Steppe. Serbia (Eastern Orthodox, mountains) belongs to no one.
"""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king

BYZ, HUN, KIP = seat("byz"), seat("hun"), seat("kip")
BYZANTIUM = {
    "religion": "EO",
    "tech_level": 6,
    "religious_strength": 6,
    "roc": 2,
    "rob": 2,
    "capital": "Constantinople",
    "saved_gp": "500",
}
HUNGARY = {
    "religion": "RC",
    "tech_level": 6,
    "religious_strength": 5,
    "roc": 1,
    "rob": 1,
    "capital": "Buda",
    "saved_gp": "500",
}
KIPCHAKS = {
    "religion": "AP",
    "culture": "B",
    "tech_level": 4,
    "religious_strength": 2,
    "bl": 2,
    "hbz_origin": "Steppe",
    "government": "tribal",
    "saved_gp": "200",
}


def balkans(settings: Settings | None = None, **extra: Any) -> Game:
    regions = {
        "Thrace": region(3, religion="EO", statuses={"byz": "hm"}),
        "Macedonia": region(2, religion="EO", statuses={"byz": "f"}),
        "Bulgaria": region(2, religion="RC", statuses={"byz": "p"}, garrison={"byz": {"I": 10}}),
        "Anatolia": region(2, religion="SN", statuses={"byz": "p"}, garrison={"byz": {"I": 10}}),
        "Serbia": region(1, "m", religion="EO"),
        "Wallachia": region(1, religion="AP", statuses={"kip": "t"}),
        "Steppe": region(1, "s", religion="AP", statuses={"kip": "hm"}),
        "Moldavia": region(1, "s", religion="AP", statuses={"kip": "f"}),
        "Cumania": region(1, "s", religion="AP", statuses={"kip": "f"}),
        "Transylvania": region(2, "w", religion="RC", statuses={"hun": "f"}),
        "Pannonia": region(3, religion="RC", statuses={"hun": "hm"}),
    }
    for name, fields in extra.pop("regions", {}).items():
        regions[name] = {**regions[name], **fields}
    pairs = [
        ("Thrace", "Macedonia"),
        ("Thrace", "Bulgaria"),
        ("Macedonia", "Bulgaria"),
        ("Thrace", "Anatolia"),
        ("Macedonia", "Serbia"),
        ("Bulgaria", "Serbia"),
        ("Bulgaria", "Wallachia"),
        ("Wallachia", "Steppe"),
        ("Steppe", "Moldavia"),
        ("Moldavia", "Cumania"),
        ("Wallachia", "Transylvania"),
        ("Transylvania", "Pannonia"),
        ("Serbia", "Pannonia"),
    ]
    setup = scenario(
        nations={
            "byz": nation("Byzantium", **{**BYZANTIUM, **extra.get("byz", {})}),
            "hun": nation("Hungary", **{**HUNGARY, **extra.get("hun", {})}),
            "kip": nation("Kipchaks", **{**KIPCHAKS, **extra.get("kip", {})}),
        },
        regions=regions,
        cities={
            "Constantinople": city("Thrace", 5, religion="EO", statuses={"byz": "hm"}),
            "Buda": city("Pannonia", 2, religion="RC", statuses={"hun": "hm"}),
        },
        borders=[{"a": a, "b": b} for a, b in pairs],
        leaders={
            "byz-k": king("byz", "Constantinople"),
            "byz-l": king("byz", "Macedonia", type="L", army_no="2", charisma=8, units={"I": 5}),
            "byz-m": king("byz", "Thrace", type="M", army_no="3"),
            "hun-k": king("hun", "Buda"),
            "hun-l": king("hun", "Transylvania", type="L", army_no="2", units={"I": 6}),
            "kip-k": king("kip", "Steppe"),
        },
    )
    return game(setup, settings)


def items(g: Game, kind: str) -> list[Any]:
    return sorted((i for i in g.rules.adjudications.values() if i.kind == kind), key=lambda i: i.item_id)


def confirm_the_rest(g: Game, but: frozenset[str] = frozenset({"religious_op"})) -> None:
    """The GM confirms every pending item whose kind is not in `but` (revolt checks, garrisons...)."""
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None and item.kind not in but and item.proposal != "ruling":
            g.when(m.ConfirmAdjudication(item_id=item.item_id, reason="as proposed"))


def close(g: Game) -> list[Any]:
    """The adjudication phase closes (every item decided): outcomes, R7, R8."""
    start = len(g.events)
    g.when(AdvancePhase())
    return g.events[start:]
