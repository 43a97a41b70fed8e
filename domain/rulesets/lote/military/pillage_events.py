"""Events of the army actions that take from a place (§6.2.4 Loot, Sack, Burn, Raid, Enslave, Scorched Earth,
Evacuate, Military Conversion) and of the end-of-turn rules for fleets and Feudal Allies. A storage format: fields
are only ever added, with defaults.

`nation` is the nation whose army acted (a seat sees the event when it is its own); `victims` are the nations that
held a status in the place and see that it happened (without the army's id or the acting line).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.lote.scenario.enums import Exact, Terrain

LootKind = Literal["loot", "scorch", "raid"]


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class RegionLooted(_Event, frozen=True, tag="RegionLooted"):
    """[L5995-6010] a Looted region (also by Scorched Earth [L6404-6418] or a Raid [L6270-6289]): `gp` to the
    looter, the regional Public Works destroyed, no regional income or agro on the next turn."""

    nation: str
    army: str
    region: str
    gp: Exact
    pwb_lost: int
    turn: int
    how: LootKind = "loot"
    line: str = ""
    victims: tuple[str, ...] = ()


class TerrainReverted(_Event, frozen=True, tag="TerrainReverted"):
    """[L6404-6418] Scorched Earth: a Cultivated region returns to the terrain it had before (c2 to c, [L3492-3493])."""

    nation: str
    army: str
    region: str
    terrain: Terrain
    line: str = ""
    victims: tuple[str, ...] = ()


class CitySacked(_Event, frozen=True, tag="CitySacked"):
    """[L6386-6402] 10 x GPv + 2 x PWB gold to the sacker; the city falls to 0 GPv and loses its Public Works."""

    nation: str
    army: str
    city: str
    gp: Exact
    gpv_lost: int
    pwb_lost: int
    line: str = ""
    victims: tuple[str, ...] = ()


class CityBurned(_Event, frozen=True, tag="CityBurned"):
    """[L5642-5657] without a Sack: 1 GPv less and only min(10, PWB/2) Public Works left."""

    nation: str
    army: str
    city: str
    gpv_lost: int
    pwb_left: int
    line: str = ""
    victims: tuple[str, ...] = ()


class CityDestroyed(_Event, frozen=True, tag="CityDestroyed"):
    """[L5651-5653] Burn with a Sack: the city is totally destroyed (removed from the map; leaders in it stand in
    its region; a capital or treasury there is no longer set)."""

    nation: str
    army: str
    city: str
    region: str
    line: str = ""
    victims: tuple[str, ...] = ()


class PopulationEnslaved(_Event, frozen=True, tag="PopulationEnslaved"):
    """[L5795-5817] 15 x GPv slave NFP from a region (5 x GPv from a city) to the enslaver; the place is left
    depopulated at 0 GPv ([L4591-4596])."""

    nation: str
    army: str
    place: str
    sfp: Exact
    gpv_lost: int
    line: str = ""
    victims: tuple[str, ...] = ()


class CityEvacuated(_Event, frozen=True, tag="CityEvacuated"):
    """[L5867-5889] 10 GP in goods and 10 NFP in refugees per city GPv, usable only to build or increase a city or
    settle a province (kept apart as `refugee_gp` / `refugee_nfp`); the city is left at 0 GPv."""

    nation: str
    army: str
    city: str
    gp: Exact
    nfp: Exact
    gpv_lost: int
    line: str = ""


class MilitaryConversionBegun(_Event, frozen=True, tag="MilitaryConversionBegun"):
    """[L6012-6044] an army of the converting religion begins a Military Conversion: the region revolts; the
    conversion takes effect when the GM rules the rebels crushed (item `military_conversion`)."""

    nation: str
    army: str
    region: str
    religion: str
    line: str = ""
    victims: tuple[str, ...] = ()


class RegionConverted(_Event, frozen=True, tag="RegionConverted"):
    """The GM ruled a Military Conversion effective: the region (or city: `region` names it) takes the converting
    religion."""

    nation: str
    region: str
    religion: str
    reason: str = ""


class FleetLost(_Event, frozen=True, tag="FleetLost"):
    """[L6090-6096] a fleet that ends the turn at sea (on an arrow or in a coastal sea zone) is destroyed, with the
    troops it carries; the leader's fate is the GM's."""

    nation: str
    army: str
    place: str
    units: dict[str, int]
    reason: str = ""


class FeudalAllyReturned(_Event, frozen=True, tag="FeudalAllyReturned"):
    """[L2322-2333] a Feudal Ally army returns to its home region at the end of the turn, whatever the situation."""

    nation: str
    army: str
    home: str
    came_from: str


PillageEvent = (
    RegionLooted
    | TerrainReverted
    | CitySacked
    | CityBurned
    | CityDestroyed
    | PopulationEnslaved
    | CityEvacuated
    | MilitaryConversionBegun
    | RegionConverted
    | FleetLost
    | FeudalAllyReturned
)
