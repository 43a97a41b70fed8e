"""Armies: what a leader's army is made of (Table 13-5 unit kinds) and its status (Table 2-21 [L1618-1640]).

The status sets the army's troop-support multiple (`economy/upkeep.py` charges it): Mutinous, Prisoner and
Sneaking Around x0, Administering and Normal x1, In Garrison x1.5, On Campaign, Besieging and Besieged x2. The
engine derives these statuses itself at the end of the turn:
- "On Campaign" for an army "that fought in any battle during the previous turn" ([L1636-1637]): an army in one of
  this turn's resolved battles is On Campaign from the end of this turn, so next turn's support (R2) counts it
  twice; besiegers of a city (an active or passive siege) are "Besieging A City" and the armies inside "Being
  Besieged" instead (readings: a siege is their battle; an assault is a battle, so On Campaign). Mutinous,
  Prisoner and Sneaking Around armies keep their status. At the end of the next turn without a battle the army is
  Normal again (or In Garrison). A status the GM set by hand is never reverted by the engine.
- "In Garrison" for a leader whose army is the only force of his nation in a region it holds as Pacified
  ([L1638-1640]), and "Normal" again once that stops being so.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

import msgspec

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.enums import ArmyStatus
from domain.rulesets.lote.scenario.scenario import LeaderRecord
from domain.rulesets.lote.scenario.tables import TABLES

ArmyKind = Literal["none", "land", "naval", "mixed"]
NAVAL = frozenset({"warship", "transport"})


class Composition(msgspec.Struct, frozen=True):
    """Unit counts by kind; `cargo` is the land units' size as cargo ([L15045] Table 13-5, by culture)."""

    cavalry: int = 0
    infantry: int = 0
    siege: int = 0
    forts: int = 0
    warships: int = 0
    transports: int = 0
    other: int = 0
    cargo: int = 0

    @property
    def kind(self) -> ArmyKind:
        land = self.cavalry + self.infantry + self.siege + self.forts
        naval = self.warships + self.transports
        return "mixed" if land and naval else "land" if land else "naval" if naval else "none"


FIELD = {"cav": "cavalry", "inf": "infantry", "siege": "siege", "fort": "forts", "warship": "warships"}


def composition(units: dict[str, int], culture: str) -> Composition:
    counts: dict[str, int] = {}
    cargo = 0
    for unit, n in units.items():
        row = TABLES.units.units.get(unit)
        kind = row.kind if row is not None else None
        name = "transports" if kind == "transport" else FIELD.get(kind or "", "other")
        counts[name] = counts.get(name, 0) + n
        cost = row.by_culture.get(culture) if row is not None else None  # type: ignore[call-overload]
        if cost is not None and cost.cargo is not None and kind not in NAVAL:
            cargo += n * cost.cargo
    return Composition(**counts, cargo=cargo)


def support_multiple(status: str) -> Fraction:
    """Table 2-21 [L1618-1630]."""
    return TABLES.support.army_status.values[status]


def _sole_force_in_pacified(state: State, leader_id: str, leader: LeaderRecord) -> bool:
    region = state.regions.get(leader.location)
    if region is None or region.statuses.get(leader.nation) != "p" or not leader.units:
        return False
    if any(region.garrison.get(leader.nation, {}).values()):
        return False
    return not any(
        other.nation == leader.nation and other.location == leader.location and other.units
        for lid, other in state.leaders.items()
        if lid != leader_id
    )


SIEGES = frozenset({"siege", "passive_siege"})
BATTLE_STATUSES = frozenset({"C", "S", "B"})
REPLACED_BY_BATTLE = frozenset({"N", "A", "G", "C", "S", "B"})  # not Mutinous, Prisoner or Sneaking Around


def battle_status(state: State, leader_id: str) -> ArmyStatus | None:
    """The status this turn's resolved battles give a leader's army ([L1636-1637]), or None if it fought none."""
    for battle in state.battles.values():
        if battle.result is None:
            continue
        if leader_id in battle.attacker.armies:
            return "S" if battle.kind in SIEGES else "C"
        if leader_id in battle.defender.armies:
            return "B" if battle.kind in SIEGES else "C"
    return None


def derived_status(state: State, leader_id: str) -> ArmyStatus | None:
    """The status the end of the turn gives a leader's army, or None to leave it as it is ([L1636-1640])."""
    leader = state.leaders[leader_id]
    sole = _sole_force_in_pacified(state, leader_id, leader)
    if leader.status in BATTLE_STATUSES and leader_id in state.battle_statuses:
        return "G" if sole else "N"  # the turn after its battle, and it fought none this turn
    if leader.status == "N" and sole:
        return "G"
    if leader.status == "G" and not sole:
        return "N"
    return None
