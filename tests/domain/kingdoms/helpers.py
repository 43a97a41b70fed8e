"""Small kingdoms worlds for domain tests: builders for the scenario's records, and a game with a seat a kingdom."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from domain import rulesets
from domain.engine.messages import AdvancePhase
from domain.rulesets.kingdoms.scenario import Scenario
from tests.domain.harness import GM, Game, seat

ROOT = Path(__file__).resolve().parents[3]
RULESET = rulesets.get("kingdoms")


def kingdom(kid: str, king: str, home: str, alignment: str = "neutral", treasury: int = 0) -> dict[str, Any]:
    return {"id": kid, "name": kid.title(), "alignment": alignment, "king": king, "home_province": home,
            "treasury": treasury}  # fmt: skip


def province(pid: str, terrain: str = "plain", kingdom: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"id": pid, "name": pid.title(), "terrain": terrain, "kingdom": kingdom, **extra}


def character(cid: str, kingdom: str, location: str, **extra: Any) -> dict[str, Any]:
    base = {"alignment": "neutral", "temper": "brave", "hit_points": 20}
    return {"id": cid, "name": cid.title(), "kingdom": kingdom, "location": location, **base, **extra}


def unit(uid: str, kind: str, race: str | None = "human", quality: str = "green") -> dict[str, Any]:
    return {"id": uid, "type": kind, "race": race, "quality": quality}


def army(aid: str, kingdom: str, where: str, leader: str | None = None, front: Any = (), behind: Any = ()) -> Any:
    return {"id": aid, "kingdom": kingdom, "province": where, "leader": leader, "front": list(front),
            "behind": list(behind)}  # fmt: skip


def scenario(kingdoms: Any, provinces: Any, characters: Any, armies: Any = ()) -> Scenario:
    doc = {"title": "test", "kingdoms": list(kingdoms), "provinces": list(provinces),
           "characters": list(characters), "armies": list(armies)}  # fmt: skip
    return msgspec.convert(doc, Scenario)


def game(setup: Scenario) -> Game:
    return Game(RULESET, setup, seats=[k.id for k in setup.kingdoms])


def example() -> Scenario:
    doc = json.loads((ROOT / "examples/scenarios/kingdoms-three-kingdoms.json").read_text())
    return msgspec.convert(doc, Scenario)


def two_kingdoms(**extra: Any) -> Game:
    """North (a king and a general with an army at home, plain) and South (a king at home, hills next door)."""
    provinces = [
        province("north", "plain", "n", adjacent=["march"], tax_base=6),
        province("march", "plain", None, adjacent=["north", "south", "sea"]),
        province("south", "mountain", "s", adjacent=["march"], tax_base=5),
        province("sea", "sea", None, adjacent=["march"], tax_base=2),
    ]
    characters = [
        character("nking", "n", "north"),
        character("ngen", "n", "north", abilities={"tactical": 1, "march": 1}),
        character("sking", "s", "south"),
        character("sspy", "s", "south", alignment="good", abilities={"spy": 1}),  # no Spy aptitude: level 1
    ]
    armies = [army("narmy", "n", "north", "ngen", [unit("n1", "LE")])]
    kingdoms = [kingdom("n", "nking", "north", treasury=50), kingdom("s", "sking", "south", treasury=40)]
    return game(scenario(kingdoms, provinces, characters, extra.get("armies", armies)))


def process(g: Game) -> list[Any]:
    """Close the orders phase: the turn is processed."""
    return g.when(AdvancePhase(), GM)


N, S = seat("n"), seat("s")
__all__ = ["GM", "Game", "N", "S", "seat"]
