"""The cost and troop minimum of the actions that take from a place (§6.2.4; digest §3.20), priced when an
itinerary is given and checked again when it runs (`military/pillage.py`).

"Points of troops" are the army's cavalry and infantry units (Table 13-5 kinds `cav`, `inf`); a Raid may also be
made by warships alone ([L6273-6276]). An `act` step's `to` names the city acted on (Burn, Sack, Evacuate, and
Enslave or Military Conversion of a city) or the region raided; empty, the action is on the region the army is in.

- Burn City (BC, [L5642-5664]): 5 troop points burn one city GPv per action: ceil(5 x GPv / troops) actions at
  BAC 1 each (EX-51: Rome 12 GPv, 30 troops: 2).
- Sack City (SC, [L6386-6402]): the same 5 points per city GPv per action, BAC "at least 1".
- Loot Region (LR, [L5995-6010]): BAC 2; 10 troop points per regional GPv must be present.
- Scorched Earth (SE, [L6404-6418]): 10 troop points scorch one GPv per action, BAC "at least 4" per action; only on
  a c or c2 region.
- Enslave Population (EP, [L5795-5817]): 3 x GPv of a region, 1 x GPv of a city; the troops keep a 1 to 10 ratio to
  the slave NFP raised (15 x GPv of a region, 5 x GPv of a city).
- Evacuate City (EVC, [L5867-5889]): 4 actions per city GPv per 5 units of cavalry or infantry, at least 1. The
  source's example prints (10 x 4) / (12 / 5) = 16.67 as **16** (EX-52): the printed floor is what is applied.
- Military Conversion (MC, [L6012-6044]): 4 + GPv of a region (Table 6-21 and EX-53; the text's "4 per GPv" is not
  what the example computes), 1 per GPv of a city; 10 troop points per regional GPv throughout.
- Raid (RD, [L6270-6289]): BAC 1, no AP to enter the target region, which borders the army's place (or is the
  coast of its sea zone, or is the army's own region).
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor
from typing import NamedTuple

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.tables import TABLES

UNITS = TABLES.units.units
CITY_ACTIONS = frozenset({"BC", "SC", "EVC"})
PILLAGE = frozenset({"BC", "SC", "LR", "SE", "EP", "EVC", "MC", "RD"})
NATIONAL_LEADERS = frozenset({"K", "Q", "H", "E", "P", "L", "B"})  # [L6021-6024] + a Bishop


class Target(NamedTuple):
    """What an action works on: the region, the city (if any) and its GPv."""

    region: str
    city: str | None
    gpv: int


def troops(units: dict[str, int], warships: bool = False) -> int:
    """Points of troops: cavalry and infantry units (and warships, for a Raid)."""
    kinds = {"cav", "inf", "warship"} if warships else {"cav", "inf"}
    return sum(n for code, n in units.items() if n > 0 and code in UNITS and UNITS[code].kind in kinds)


def target_of(state: State, code: str, here: str, to: str) -> Target | str:
    """The place an action works on, or why it cannot be named."""
    if code == "RD":
        region = to or here
        if region not in state.regions:
            return f"{region!r} is not a region to raid"
        near = region == here or any({b.a, b.b} == {here, region} for b in state.borders)
        near = near or any(c.region == region and c.sea_zone == here for c in state.coasts)
        return Target(region, None, state.regions[region].gpv) if near else f"{region!r} does not border {here!r}"
    if to:
        city = state.cities.get(to)
        if city is None or city.region != here or code not in CITY_ACTIONS | {"EP", "MC"}:
            return (
                f"{to!r} is not a city of {here!r} to act on"
                if code in CITY_ACTIONS | {"EP", "MC"}
                else (f"{code} acts on the region the army is in: leave 'to' empty")
            )
        return Target(here, to, max(city.gpv, 0))
    if code in CITY_ACTIONS:
        return f"{code} needs the city ('to') it acts on"
    if here not in state.regions:
        return f"{code} is done in a region, not at sea"
    return Target(here, None, max(state.regions[here].gpv, 0))


def cost(code: str, target: Target, units: dict[str, int]) -> int:
    """The action's AP before the terrain modifier and the "+" extra."""
    gpv, points = target.gpv, troops(units)
    per_action = max(ceil(Fraction(5 * gpv, points)), 1) if points else 1
    if code in ("BC", "SC"):
        return per_action  # BAC 1 per action
    if code == "SE":
        return 4 * (max(ceil(Fraction(10 * gpv, points)), 1) if points else 1)
    if code == "EP":
        return gpv if target.city else 3 * gpv
    if code == "MC":
        return gpv if target.city else 4 + gpv
    if code == "EVC":
        movers = points
        return max(floor(Fraction(4 * gpv * 5, movers)), 1) if movers else 1
    return {"LR": 2, "RD": 1}[code]


def slaves(target: Target) -> int:
    """[L5806-5809] slave NFP: 15 x GPv of a region, 5 x GPv of a city."""
    return (5 if target.city else 15) * target.gpv


def shortfall(code: str, target: Target, units: dict[str, int]) -> str | None:
    """Why the army has too few troops for the action, or None."""
    points = troops(units, warships=code == "RD")
    need = {
        "LR": 10 * target.gpv,  # [L6006-6008]
        "MC": 10 * target.gpv,  # [L6033-6035]
        "EP": ceil(Fraction(slaves(target), 10)),  # [L5815-5817]
    }.get(code, 1)
    if points >= need:
        return None
    return f"{code} on {target.city or target.region} needs at least {need} troop points; the army has {points}"
