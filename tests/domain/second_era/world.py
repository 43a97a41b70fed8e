"""A small Second Era world for the tests, built with the harness.

Continent `west`: w-plains (earth, plains), w-sea (water, seas), w-sky (air, sky), w-caves (void, caves),
w-volcano (fire, volcano). Continent `east`: e-plains (earth, plains), e-sea (water, seas), e-abyss (void,
abyss).
One connection: w-sea <-> e-sea. Gods `ann` (spheres life, fire) and `bob` (earth), tribes `anns` on
w-plains and `bobs` on e-plains, a terrestrial race.
"""

from __future__ import annotations

from typing import Any

from domain.engine import Actor
from domain.engine.messages import AdvancePhase
from domain.rulesets.second_era import Settings, Setup, ruleset
from domain.rulesets.second_era.events import ClanRolesSet, StockpileAdjusted, TribeGrew, TribeMoved
from domain.rulesets.second_era.scenario import (
    ConnectionSpec,
    ContinentSpec,
    GodSpec,
    LandSpec,
    TribeSpec,
    WorldSpec,
)
from domain.rulesets.second_era.values import Fauna, Resources
from tests.domain.harness import Game, seat

ANN, BOB = seat("ann"), seat("bob")


def land(id: str, continent: str, element: str, habitat: str, *fauna: Fauna) -> LandSpec:
    return LandSpec(id=id, continent=continent, element=element, habitat=habitat, fauna=list(fauna))


def fauna(kind: str, tier: int) -> Fauna:
    return Fauna(name=f"{kind}-{tier}", kind=kind, tier=tier)


def make_setup(
    *,
    nature: str = "terrestrial",
    ann_land: str = "w-plains",
    bob_land: str = "e-plains",
    ann_clans: dict[str, int] | None = None,
    bob_clans: dict[str, int] | None = None,
    fauna_on: dict[str, list[Fauna]] | None = None,
    ann_mana: int = 0,
    bob_mana: int = 0,
) -> Setup:
    fauna_on = fauna_on or {}
    lands = [
        land("w-plains", "west", "earth", "plains"),
        land("w-sea", "west", "water", "seas"),
        land("w-sky", "west", "air", "sky"),
        land("w-caves", "west", "void", "caves"),
        land("w-volcano", "west", "fire", "volcano"),
        land("e-plains", "east", "earth", "plains"),
        land("e-sea", "east", "water", "seas"),
        land("e-abyss", "east", "void", "abyss"),
    ]
    lands = [LandSpec(**{**_fields(spec), "fauna": fauna_on.get(spec.id, [])}) for spec in lands]
    return Setup(
        nature=nature,  # type: ignore[arg-type]
        worlds=[WorldSpec(id="midgard")],
        continents=[ContinentSpec(id="west", world="midgard"), ContinentSpec(id="east", world="midgard")],
        lands=lands,
        connections=[ConnectionSpec(a="w-sea", b="e-sea")],
        gods=[
            GodSpec(id="ann", spheres=["life", "fire"], mana=ann_mana),
            GodSpec(id="bob", spheres=["earth"], mana=bob_mana),
        ],
        tribes=[
            TribeSpec(id="anns", god="ann", land=ann_land, clans=ann_clans or {"farmer": 3}),
            TribeSpec(id="bobs", god="bob", land=bob_land, clans=bob_clans or {"miner": 3}),
        ],
    )


def _fields(spec: Any) -> dict[str, Any]:
    return {f: getattr(spec, f) for f in spec.__struct_fields__}


def new_game(settings: Settings | None = None, **kw: Any) -> Game:
    return Game(ruleset, make_setup(**kw), settings=settings, seats=["ann", "bob"])


def with_clans(game: Game, tribe: str, clans: dict[str, int]) -> Game:
    """Give a tribe exactly these clans (as grown clans, then the roles set)."""
    extra = sum(clans.values()) - game.rules.tribes[tribe].clan_count()
    for _ in range(max(0, extra)):
        game.given(TribeGrew(tribe=tribe, role="pioneer", cost=Resources()))
    return game.given(ClanRolesSet(tribe=tribe, clans=clans))


def stock(game: Game, tribe: str, **amounts: int) -> Game:
    god = game.rules.tribes[tribe].god
    return game.given(StockpileAdjusted(god=god, tribe=tribe, delta=Resources(**amounts), reason="test"))


def resolve(game: Game) -> list[Any]:
    """Close the orders phase: the turn resolves; returns the new events."""
    return game.when(AdvancePhase())


def of(events: list[Any], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def god_seat(name: str) -> Actor:
    return seat(name)


def move_to(game: Game, tribe: str, land: str) -> Game:
    """Put a tribe on a Land directly (as if it had moved there in an earlier turn)."""
    return game.given(TribeMoved(tribe=tribe, path=(land,)))
