"""Garrison requirements (§2.14.11 [L2407-2486], §2.14.16 [L2599-2629], §8.2.1 [L7378-7392]; digest §3.15).

Garrisons are required in every region or city a nation holds as Pacified (p) ([L2409-2410]); pacified
tributaries govern themselves ([L2268-2275]). A garrison must meet both the size and the unit-type requirement
([L2411-2413]):

- a region: size >= Modified RV = RV x Table 2-37 terrain multiple (by the occupier's culture) x Table 2-39
  religion modifier ([L2420-2436]); Infantry, Cavalry and Field Forts count; where Table 2-37 marks the
  terrain "c" the requirement is in Cavalry, or twice that in Infantry and/or Field Forts ([L2416-2421],
  [L2466-2470]). "Twice the Cavalry requirement in Infantry and/or Field Forts" is read as the cavalry and the
  rest each standing on their own: either suffices, they do not add up.
- a city: size >= city RV = floor(WP/2 + sqrt(GPv)), doubled for a hostile religion; Cavalry, Infantry and
  Siege Engineers count, wall points do not ([L2612-2623]). Setting A14: the "+1 for a road, port, holy city or
  university" is not part of the garrison (the Venice example, [L2625-2628]).

The religious relation is the campaign's (`faith_relation`): Table 13-7, with the pairs an Influence Religion made
tolerant, and a place of the nation's own faith counted Hostile while the nation (or the place's region) is
excommunicated or interdicted (§8.6.7.1-2; `religion/`). A city without a religion of its own has its region's.

The troops counted are the nation's garrison there and the armies of its leaders who are there (Table 2-21's
"In Garrison" leaders serve as the garrison, [L1636-1640]). Exact: the multiples are fractions, nothing rounds.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

import msgspec

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.scenario import CityRecord, RegionRecord
from domain.rulesets.lote.scenario.tables import TABLES

Relation = Literal["same", "tolerant", "hostile"]
REGION_KINDS = frozenset({"inf", "cav", "fort"})
CITY_KINDS = frozenset({"inf", "cav", "siege"})


class Requirement(msgspec.Struct, frozen=True):
    """What a place needs, what stands there, and whether it holds."""

    place: str
    city: bool
    nation: str
    needed: Fraction
    cavalry_terrain: bool
    cavalry: int
    other: int  # infantry and field forts in a region; infantry and siege engineers in a city
    met: bool
    explanation: str


def relation(nation_religion: str, place_religion: str) -> Relation:
    """Table 13-7 [L15222-15253]: how the occupier's religion ("You") meets the place's ("Them")."""
    if not place_religion or nation_religion == place_religion:
        return "same"
    cell = TABLES.control.religious_interactions.values.get(nation_religion, {}).get(place_religion)
    # a pair the table does not list (a pagan faith, a scenario's own code) counts as tolerant
    return "hostile" if cell == "H" else "same" if cell == "-" else "tolerant"


def sanctioned(state: State, nation: str, place: str) -> bool:
    """Whether a nation's co-religionists in `place` count as of a Hostile religion to it: the nation is
    excommunicated or under interdict (§8.6.7.1 [L7900-7908]: "considered of a Hostile religion by their
    populace"), or the place lies in an interdicted region ([L7932-7934]: "All leaders and inhabitants of an
    Interdicted region(s) are considered to be Excommunicated"). The records are `religion/`'s."""
    occupier = state.nations.get(nation)
    if occupier is None:
        return False
    if occupier.excommunicated or occupier.interdicted:
        return True
    region = state.cities[place].region if place in state.cities else place
    return any(s.kind == "interdict" and region in s.regions for s in state.religion.sanctions.values())


def faith_relation(state: State, nation: str, place_religion: str, place: str = "") -> Relation:
    """Table 13-7 as the campaign has amended it (§8.2-8.6; `religion/`): two religions an Influence Religion
    brought to 10 are tolerant of each other ([L7533-7536]); a place of the nation's own religion is Hostile to it
    while the nation (or the place's region) is excommunicated or interdicted (`sanctioned`)."""
    mine = state.nations[nation].religion
    rel = relation(mine, place_religion)
    if rel == "hostile" and "|".join(sorted((mine, place_religion))) in state.religion.tolerant:
        return "tolerant"
    if rel == "same" and sanctioned(state, nation, place):
        return "hostile"
    return rel


def unit_kind(unit: str) -> str | None:
    row = TABLES.units.units.get(unit)
    return row.kind if row is not None else None


def troops_at(state: State, place: str, nation: str) -> dict[str, int]:
    """The nation's garrison at `place` plus the armies of its leaders there."""
    record: RegionRecord | CityRecord | None = state.cities.get(place) or state.regions.get(place)
    out = dict(record.garrison.get(nation, {})) if record is not None else {}
    for leader in state.leaders.values():
        if leader.nation == nation and leader.location == place:
            for unit, n in leader.units.items():
                out[unit] = out.get(unit, 0) + n
    return out


def _split(troops: dict[str, int], kinds: frozenset[str]) -> tuple[int, int]:
    cavalry = sum(n for u, n in troops.items() if unit_kind(u) == "cav")
    other = sum(n for u, n in troops.items() if unit_kind(u) in kinds - {"cav"})
    return cavalry, other


def region_requirement(state: State, name: str, nation: str) -> Requirement:
    region = state.regions[name]
    occupier = state.nations[nation]
    cell = TABLES.control.garrison_terrain.values[occupier.culture][region.terrain]
    rel = faith_relation(state, nation, region.religion, name)
    religion = TABLES.control.religion_garrison.values[rel]
    needed = region.resistance * cell.multiple * religion
    cavalry, other = _split(troops_at(state, name, nation), REGION_KINDS)
    if cell.cavalry:
        met = cavalry >= needed or other >= 2 * needed
        how = f"{cavalry} cavalry, or {other} infantry and field forts against twice that"
    else:
        met = cavalry + other >= needed
        how = f"{cavalry + other} infantry, cavalry and field forts"
    why = (
        f"{name}: RV {region.resistance} x terrain {cell.multiple}{'c' if cell.cavalry else ''} "
        f"({region.terrain}, Table 2-37) x religion {religion} ({rel}, Table 2-39) = {needed}; present: {how}"
    )
    return Requirement(name, False, nation, needed, cell.cavalry, cavalry, other, met, why)


def city_rv(gpv: int, walls: int) -> int:
    """[L2599-2612] RV = WP/2 + sqrt(GPv), fractions dropped: the largest n with 2n - WP <= 2 sqrt(GPv), exactly."""
    n = 0
    while True:
        gap = 2 * (n + 1) - walls
        if gap > 0 and gap * gap > 4 * max(gpv, 0):
            return n
        n += 1


def city_requirement(state: State, name: str, nation: str) -> Requirement:
    city = state.cities[name]
    rv = city_rv(city.gpv, city.walls)
    region = state.regions.get(city.region)
    rel = faith_relation(state, nation, city.religion or (region.religion if region is not None else ""), name)
    needed = Fraction(rv * (2 if rel == "hostile" else 1))  # [L2618-2619]
    cavalry, other = _split(troops_at(state, name, nation), CITY_KINDS)
    why = (
        f"{name}: city RV floor({city.walls}/2 + sqrt {city.gpv}) = {rv}"
        f"{' x 2 (hostile religion)' if rel == 'hostile' else ''} = {needed}; present: {cavalry + other} "
        "cavalry, infantry and siege engineers (walls do not count)"
    )
    return Requirement(name, True, nation, needed, False, cavalry, other, cavalry + other >= needed, why)


def pacified_requirements(state: State) -> list[Requirement]:
    """Every region, then every city, that a nation holds as Pacified, by name."""
    out = [
        region_requirement(state, name, n)
        for name, r in sorted(state.regions.items())
        for n, s in sorted(r.statuses.items())
        if s == "p" and n in state.nations
    ]
    return out + [
        city_requirement(state, name, n)
        for name, c in sorted(state.cities.items())
        for n, s in sorted(c.statuses.items())
        if s == "p" and n in state.nations
    ]
