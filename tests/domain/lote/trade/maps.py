"""Small maps for the trade tests, after the rulebook's own examples (§2.16.4, §5.2.1-5.2.2)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from domain.rulesets.lote import messages as m
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario


def _borders(*chain: str, kind: str = "normal") -> list[dict[str, Any]]:
    return [{"a": a, "b": b, "kind": kind} for a, b in pairwise(chain)]


def sahara() -> Game:
    """EX-68 [L2822-2827]: Songhai (Timbuctu) - Arauane - Terhazza - Bir-el-Khazaim - Adrar - Zirid (Tangiers)."""
    oases = ["Arauane", "Terhazza", "Bir-el-Khazaim", "Adrar"]
    setup = scenario(
        nations={"rt": nation("Red Turbans", geo_zone="WA", capital="Timbuctu"),
                 "tan": nation("Tangiers", geo_zone="NA", capital="Tangiers"),
                 "sen": nation("Senegal", geo_zone="WA", capital="Dakar")},
        regions={"Songhai": region(3, "s", statuses={"rt": "hm"}), "Zirid": region(3, "c", statuses={"tan": "hm"}),
                 "Jolof": region(2, "s", statuses={"sen": "hm"}),
                 **{o: region(0, "o") for o in oases}},
        cities={"Timbuctu": city("Songhai", 3, codes=["c"], statuses={"rt": "hm"}),
                "Tangiers": city("Zirid", 3, codes=["c"], statuses={"tan": "hm"}),
                "Dakar": city("Jolof", 2, codes=["c"], statuses={"sen": "hm"})},
        borders=_borders("Songhai", *oases, "Zirid") + _borders("Jolof", "Arauane"),
    )  # fmt: skip
    return game(setup)


def silk_road(third: str | None = None, sea: bool = False) -> Game:
    """EX-69 [L2842-2846]: Persia holds Kara-Khitai on the Silk Route; the Silk Route regions on to Yanzhi (Lao)
    are independent (`third` holds Kashgar at Tributary instead). With `sea`, Hormuz (Persia) and Canton (China)
    are ports three sea zones apart, and Persia has a merchant fleet."""
    silk = {"s": "s"}
    kashgar = region(1, "d", spacer="s", statuses={third: "t"} if third else {})
    setup = scenario(
        nations={"per": nation("Persia", geo_zone="ME", capital="Isfahan"),
                 "lao": nation("Pathet Lao", geo_zone="CH", capital="Vientiane"),
                 "chn": nation("China", geo_zone="CH", capital="Kaifeng")},
        regions={"Fars": region(4, "c", coastal=sea, statuses={"per": "hm"}),
                 "Kara-Khitai": region(1, "s", spacer=silk["s"], statuses={"per": "t"}),
                 "Kashgar": kashgar, "Tarim": region(1, "d", spacer="s"),
                 "Yanzhi": region(2, "s", spacer="s", statuses={"lao": "t"}),
                 "Laos": region(3, "j", statuses={"lao": "hm"}),
                 "Henan": region(5, "c", coastal=sea, statuses={"chn": "hm"})},
        cities={"Isfahan": city("Fars", 4, codes=["c"], statuses={"per": "hm"}),
                "Vientiane": city("Laos", 3, codes=["c"], statuses={"lao": "hm"}),
                "Kaifeng": city("Henan", 5, codes=["c"], statuses={"chn": "hm"}),
                "Hormuz": city("Fars", 2, codes=["p"], statuses={"per": "hm"}),
                "Canton": city("Henan", 4, codes=["p"], statuses={"chn": "hm"})},
        borders=_borders("Fars", "Kara-Khitai", "Kashgar", "Tarim", "Yanzhi", "Laos"),
        **(_silk_sea() if sea else {}),
    )  # fmt: skip
    return game(setup)


def _silk_sea() -> dict[str, Any]:
    zones = ["Arabian Sea", "Bay of Bengal", "South China Sea"]
    return {
        "sea_zones": {z: {} for z in zones},
        "sea_borders": [{"a": a, "b": b} for a, b in pairwise(zones)],
        "coasts": [{"region": "Fars", "sea_zone": "Arabian Sea"}, {"region": "Henan", "sea_zone": "South China Sea"}],
        "fleets": {"dhows": {"nation": "per", "base_port": "Hormuz", "activity": "internal", "msp": 20}},
    }


def channel(settings: Settings | None = None) -> Game:
    """EX-70 [L3832-3838] and EX-71 [L3888-3893]: England holds Wessex (London) and, across the Channel, Flanders
    (Calais) and Normandy (Rouen), Vermandois and Hainaut; France holds the Ile de France (Paris) next to
    Normandy; the Swiss hold Champagne and Burgundy up to Switzerland (Bern). Denmark (Kobenhaven) lies three sea
    zones from Hull (EX-13: North Sea, Viking Bank, Skaggerak)."""
    setup = scenario(
        nations={"eng": nation("England", capital="London"), "fra": nation("France", capital="Paris"),
                 "swi": nation("Switzerland", capital="Bern"),
                 "den": nation("Denmark", culture="S", capital="Kobenhaven")},
        regions={"Wessex": region(4, coastal=True, statuses={"eng": "hm"}),
                 "Anglia": region(3, coastal=True, statuses={"eng": "hm"}),
                 "Normandy": region(3, coastal=True, statuses={"eng": "f"}),
                 "Flanders": region(3, coastal=True, statuses={"eng": "t"}),
                 "Vermandois": region(2, statuses={"eng": "nt"}), "Hainaut": region(2, "w", statuses={"eng": "nt"}),
                 "Ile": region(5, statuses={"fra": "hm"}), "Champagne": region(3, statuses={"swi": "t"}),
                 "Burgundy": region(3, statuses={"swi": "f"}), "Switzerland": region(2, "m", statuses={"swi": "hm"}),
                 "Zealand": region(3, coastal=True, statuses={"den": "hm"})},
        cities={"London": city("Wessex", 6, codes=["c", "p"], statuses={"eng": "hm"}),
                "Hull": city("Anglia", 3, codes=["p"], statuses={"eng": "hm"}),
                "Rouen": city("Normandy", 3, codes=["p"], statuses={"eng": "f"}),
                "Calais": city("Flanders", 2, codes=["p"], statuses={"eng": "t"}),
                "Paris": city("Ile", 6, codes=["c"], statuses={"fra": "hm"}),
                "Bern": city("Switzerland", 2, codes=["c"], statuses={"swi": "hm"}),
                "Kobenhaven": city("Zealand", 5, codes=["c", "p"], statuses={"den": "hm"})},
        sea_zones={"English Channel": {}, "North Sea": {}, "Viking Bank": {}, "Skaggerak": {}},
        coasts=[{"region": "Wessex", "sea_zone": "English Channel"},
                {"region": "Normandy", "sea_zone": "English Channel"},
                {"region": "Flanders", "sea_zone": "English Channel"},
                {"region": "Anglia", "sea_zone": "North Sea"}, {"region": "Zealand", "sea_zone": "Skaggerak"}],
        sea_borders=[{"a": "English Channel", "b": "North Sea"}, {"a": "North Sea", "b": "Viking Bank"},
                     {"a": "Viking Bank", "b": "Skaggerak"}],
        borders=_borders("Wessex", "Anglia") + _borders("Normandy", "Ile") + _borders("Normandy", "Flanders")
        + _borders("Flanders", "Vermandois", "Hainaut", "Champagne", "Burgundy", "Switzerland"),
        fleets={"home": {"nation": "eng", "base_port": "London", "activity": "internal", "msp": 40},
                "swiss": {"nation": "swi", "base_port": "Bern", "activity": "internal", "msp": 10},
                "danes": {"nation": "den", "base_port": "Kobenhaven", "activity": "internal", "msp": 30}},
    )  # fmt: skip
    return game(setup, settings)


def settle(g: Game) -> None:
    """The GM confirms every pending item."""
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
