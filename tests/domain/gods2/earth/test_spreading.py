"""Spreading terrain at the start of each century, applied by the engine ([000:255], [000:188], [000:107],
[000:228]; earth/spreading.py). The sample pack's `spreading_desert`: a square with shifting dunes turns one
neighbouring plains or forest square into desert each century."""

from __future__ import annotations

from msgspec.structs import replace

from domain.engine.dice import DiceRolled
from domain.rulesets.gods2.earth.commands import StartCentury
from domain.rulesets.gods2.earth.events import PopulationGrew, PopulationPlaced, TerrainChanged, TerrainSpread
from domain.rulesets.gods2.kernel.content import sample_pack
from domain.rulesets.gods2.kernel.earth_content import SpreadDef
from domain.rulesets.gods2.kernel.earth_model import CitySetup
from tests.domain.gods2.earth.scenario import earth, earth_game, race, sq
from tests.domain.harness import Game

CORNER_SEAS = {sq(0, 1): "water", sq(1, 1): "water", sq(2, 0): "water"}


def dunes(at: str, units: dict[str, tuple[str, int]] | None = None, **kw: object) -> Game:
    e = earth([race("r", aggression=-20)], units or {sq(5, 5): ("r", 1)}, features={at: ["dunes"]}, **kw)  # type: ignore[arg-type]
    return earth_game(e, activity=False)


def test_a_spreading_desert_turns_a_neighbour_drawn_by_dice_into_desert() -> None:
    """[000:255] "Miscellaneous Activities ... events which can occur at the beginning of each century, usually
    dependent on special types of terrain ... Some examples: spreading deserts and glaciers": four plains
    neighbours of 2,2 (1,2 2,1 2,3 3,2 in that order); a 3 on the d4 picks 2,3."""
    g = dunes(sq(2, 2)).dice(3, sides=4, purpose="spread:2,2")
    events = g.when(StartCentury())
    assert TerrainSpread(spread="spreading_desert", square=sq(2, 2), squares=[sq(2, 3)], feature="dunes") in events
    assert TerrainChanged(power="spreading_desert", squares=[sq(2, 3)], to="desert") in events
    assert g.rules.earth.squares[sq(2, 3)].terrain == "desert"
    assert g.rules.earth.squares[sq(2, 2)].features == ("dunes",) and not g.rules.earth.squares[sq(2, 3)].features


def test_terrain_spreads_neither_over_resistant_features_nor_over_other_terrains() -> None:
    """[000:188] "base terrain powers will not work on squares which contains resistant terrain features"; the
    pack's desert spreads over plains and forest only: of 0,0's neighbours 0,1 is sea and 1,0 has a volcano."""
    e = earth(
        [race("r", aggression=-20)],
        {sq(5, 5): ("r", 1)},
        terrain={sq(0, 1): "water"},
        features={sq(0, 0): ["dunes"], sq(1, 0): ["volcano"]},
    )
    events = earth_game(e, activity=False).when(StartCentury())
    assert not [e for e in events if isinstance(e, TerrainSpread | TerrainChanged)]


def test_with_no_more_neighbours_than_it_reaches_no_die_is_rolled() -> None:
    """[000:255]: 1,0 is the only land neighbour of 0,0 (0,1 is sea), so it becomes desert without a roll."""
    g = dunes(sq(0, 0), terrain=CORNER_SEAS)
    events = g.when(StartCentury())
    assert TerrainChanged(power="spreading_desert", squares=[sq(1, 0)], to="desert") in events
    assert not [e for e in events if isinstance(e, DiceRolled) and e.purpose.startswith("spread:")]


def test_units_over_the_deserts_lower_limit_spread_out_again_after_growth() -> None:
    """[000:228] "each race's population growth at the beginning of the century must occur before any other
    event which may impact that race"; [000:107] "If population limits are somehow reduced in the middle of the
    century a race will spread out again, but only population units which would otherwise starve will move":
    five civilized units on plains (limit 5) whose square becomes desert (limit 3)."""
    g = dunes(sq(0, 0), {sq(1, 0): ("r", 5)}, terrain=CORNER_SEAS)
    events = g.when(StartCentury())
    kinds = [type(e) for e in events]
    assert kinds.index(PopulationGrew) < kinds.index(TerrainSpread) < kinds.index(PopulationPlaced)
    placed = next(e for e in events if isinstance(e, PopulationPlaced))
    assert placed.reason == "spreading_desert changed the terrain" and placed.placement[sq(1, 0)] == 3


def test_a_spreading_glacier_destroys_the_city_it_covers_and_drives_the_units_out() -> None:
    """[000:196] city features "are destroyed if the base terrain ever changes to water or ice"; [000:107] the
    civilized units of the square (ice supports none of them) spread out again or starve."""
    pack = sample_pack()
    glacier = SpreadDef(id="spreading_glacier", feature="dunes", to="ice", over=["plains"])
    content = replace(pack, earth=replace(pack.earth, spreading=[glacier]))
    e = earth(
        [race("r", aggression=-20, knowledges=["agriculture", "civilization"])],
        {sq(1, 0): ("r", 2)},
        terrain=CORNER_SEAS,
        features={sq(0, 0): ["dunes"]},
        cities={sq(1, 0): CitySetup(name="Thule")},
    )
    g = earth_game(e, activity=False, content=content)
    events = g.when(StartCentury())
    assert (
        TerrainChanged(power="spreading_glacier", squares=[sq(1, 0)], to="ice", cities_destroyed=[sq(1, 0)]) in events
    )
    assert g.rules.earth.squares[sq(1, 0)].city is None and g.rules.earth.squares[sq(1, 0)].units == 0
