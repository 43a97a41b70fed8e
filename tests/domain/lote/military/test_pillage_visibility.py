"""Visibility of the pillage, fleet and Feudal Ally events (digest §1.6): the acting nation sees its own event; a
nation that held a status in the place sees that it happened, without the army, the order line or the other
victims; every other seat sees nothing; the GM sees all."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from domain.engine import Actor
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from tests.domain.harness import GM
from tests.domain.lote.helpers import seat

OBSERVER = Actor(principal="observer", role="observer")
COMMON: dict[str, Any] = {"nation": "byz", "army": "byz-1", "line": "p1", "victims": ("kip", "dan")}
TO_VICTIMS = [
    m.RegionLooted(region="Bulgaria", gp=Fraction(6), pwb_lost=0, turn=1, **COMMON),
    m.TerrainReverted(region="Thrace", terrain="c", **COMMON),
    m.CitySacked(city="Nicaea", gp=Fraction(30), gpv_lost=3, pwb_lost=0, **COMMON),
    m.CityBurned(city="Nicaea", gpv_lost=1, pwb_left=0, **COMMON),
    m.CityDestroyed(city="Nicaea", region="Bithynia", **COMMON),
    m.PopulationEnslaved(place="Bulgaria", sfp=Fraction(45), gpv_lost=3, **COMMON),
    m.MilitaryConversionBegun(region="Bulgaria", religion="EO", **COMMON),
]
OWN_ONLY = [
    m.CityEvacuated(nation="byz", army="byz-1", city="Nicaea", gp=Fraction(30), nfp=Fraction(30), gpv_lost=3),
    m.RegionConverted(nation="byz", region="Bulgaria", religion="EO", reason="adjudication t1-byz-x"),
    m.FleetLost(nation="byz", army="byz-1", place="Black Sea", units={"T": 3}, reason="at sea"),
    m.FeudalAllyReturned(nation="byz", army="byz-3", home="Bulgaria", came_from="Thrace"),
]


@pytest.mark.parametrize("event", TO_VICTIMS, ids=lambda e: type(e).__name__)
def test_a_victim_sees_the_deed_but_not_the_army_and_a_bystander_sees_nothing(event: Any) -> None:
    assert redact(event, GM) == event
    assert redact(event, seat("byz")) == event
    seen = redact(event, seat("kip"))
    assert seen is not None and (seen.army, seen.line, seen.victims) == ("", "", ())
    assert "byz-1" not in repr(seen)
    assert redact(event, seat("rus")) is None
    assert redact(event, OBSERVER) is None


@pytest.mark.parametrize("event", OWN_ONLY, ids=lambda e: type(e).__name__)
def test_the_nations_own_events_stay_its_own(event: Any) -> None:
    assert redact(event, GM) == event
    mine = redact(event, seat("byz"))
    assert mine is not None and getattr(mine, "reason", "") == ""
    for other in ("kip", "rus", "dan"):
        assert redact(event, seat(other)) is None
