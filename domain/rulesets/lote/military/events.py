"""Events of battles, sieges and assaults (P1-G). A storage format: fields are only ever added, with defaults."""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.model.battles import Battle, BattleResult
from domain.rulesets.lote.scenario.enums import Exact


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class BattleJoined(_Event, frozen=True, tag="BattleJoined"):
    """R6: a battle, siege or assault with the inputs the engine computed (GM only: a participant receives its
    own side and the other side's nations; a third nation nothing)."""

    battle: Battle


class BattleResolved(_Event, frozen=True, tag="BattleResolved"):
    """The result, by the GM (`ResolveBattle`) or the automatic resolver; its effects follow as their own
    events (units lost, statuses set, a treasury captured)."""

    battle_id: str
    nations: tuple[str, ...]
    result: BattleResult
    attackers: tuple[str, ...] = ()  # the attacking nations
    own: dict[str, tuple[str, ...]] = {}  # per nation, the loss keys of its side (what it may read of the result)


class GarrisonDropped(_Event, frozen=True, tag="GarrisonDropped"):
    """[L5595-5600] the winning army leaves units behind as the garrison of the place it took."""

    nation: str
    army: str
    place: str
    units: dict[str, int]


class TreasuryCaptured(_Event, frozen=True, tag="TreasuryCaptured"):
    """§9.1.5 [L8423-8428] the saved GP of a treasury whose location fell pass to the captor."""

    nation: str
    captor: str
    place: str
    gp: Exact


class CapitalDestroyed(_Event, frozen=True, tag="CapitalDestroyed"):
    """§9.1.4 [L8388-8410] half (rounding up) of BL, Infrastructure, intel and religious capabilities lost; the
    nation's fa, a, t, nt, ea regions check for revolt (GM items)."""

    nation: str
    place: str
    bl: int
    infra: int
    oc: int
    ob: int
    ac: int
    ab: int
    roc: int
    rob: int


MilitaryEvent = BattleJoined | BattleResolved | GarrisonDropped | TreasuryCaptured | CapitalDestroyed
