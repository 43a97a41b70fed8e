"""Small scenarios for the `lote` tests, built as documents and started through the harness."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import ruleset
from domain.rulesets.lote.scenario.scenario import Setup
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import Game, seat

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "scenarios" / "lote-four-nations.json"


def nation(name: str, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": name,
        "culture": "C",
        "government": "imperial",
        "geo_zone": "WE",
        "tech_level": 5,
        "religion": "RC",
    }
    return {**base, **fields}


def region(gpv: int, terrain: str = "c", **fields: Any) -> dict[str, Any]:
    return {"gpv": gpv, "terrain": terrain, "resistance": 5, "religion": "RC", "geo_zone": "WE", **fields}


def city(region_name: str, gpv: int, **fields: Any) -> dict[str, Any]:
    return {"region": region_name, "gpv": gpv, **fields}


def scenario(**parts: Any) -> Setup:
    doc = {"name": "test", "start_year": 1000, **parts}
    return msgspec.json.decode(msgspec.json.encode(doc), type=Setup)


def game(setup: Setup, settings: Settings | None = None, seats: list[str] | None = None) -> Game:
    return Game(ruleset, setup, settings=settings, seats=seats if seats is not None else list(setup.nations))


# the end-of-turn control items (`control/`): revolt checks, assimilation, seizures, cessions
CONTROL_KINDS = frozenset({"revolt_check", "assimilation", "seizure", "cession"})


def settle_control(g: Game) -> None:
    """The GM confirms every pending control item (its proposal: the place holds, nothing assimilates)."""
    from domain.rulesets.lote import messages as m

    for item in list(g.rules.adjudications.values()):
        if item.outcome is None and item.kind in CONTROL_KINDS:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))


def example_setup() -> Setup:
    return msgspec.json.decode(EXAMPLE.read_bytes(), type=Setup)


__all__ = [
    "CONTROL_KINDS",
    "EXAMPLE",
    "city",
    "example_setup",
    "game",
    "nation",
    "region",
    "scenario",
    "seat",
    "settle_control",
]


def resolve(g: Game, forms: dict[str, list[Any]]) -> list[Any]:
    """The forms entered by their own seats, then the deadline and resolution (the items await the GM)."""
    start = len(g.events)
    for nid, lines in forms.items():
        for line in lines:
            g.when(line, seat(nid))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    return g.events[start:]


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
