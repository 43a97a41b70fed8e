"""Events of leaders, armies and garrisons (P1-E). A storage format: fields are only ever added, with defaults."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.lote.scenario.enums import ArmyStatus, LeaderType
from domain.rulesets.lote.scenario.scenario import LeaderRecord

# [L5205-5212] "wounds sustained in battle, ... sheer accident, ... old age, ... assassins, ... executed, ... prison"
DeathCause = Literal["old_age", "wounds", "accident", "assassination", "execution", "prison", "other"]


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class LeaderGenerated(_Event, frozen=True, tag="LeaderGenerated"):
    """A new leader with stats rolled 2d6-1 each ([L2093-2102]). `leader.hidden` is the GM's alone: a seat
    receives the event with `hidden` 0, which no rolled stat can be (they run 1 to 11)."""

    leader_id: str
    nation: str
    leader: LeaderRecord
    reason: str


class LeaderDied(_Event, frozen=True, tag="LeaderDied"):
    """A death the GM confirmed. The army's units stay behind as the garrison of `left_at` (none at sea).
    `espionage_lost`: this turn's intel operations (item ids) he was to run or back by his Espionage action,
    lost with him ([L6733-6737]) for the GM to settle as failed."""

    leader_id: str
    nation: str
    cause: DeathCause
    reason: str
    left_at: str | None = None
    units: dict[str, int] = {}
    espionage_lost: tuple[str, ...] = ()


class LeaderPromoted(_Event, frozen=True, tag="LeaderPromoted"):
    """A leader takes a new type (the Heir crowned, a Prince made Heir...) and perhaps a new army number."""

    leader_id: str
    nation: str
    leader_type: LeaderType
    army_no: str
    reason: str


class LeadersAged(_Event, frozen=True, tag="LeadersAged"):
    """R7: every leader and member of a royal family is older by the turn's years ([L2057-2058])."""

    years: int


class ArmyStatusChanged(_Event, frozen=True, tag="ArmyStatusChanged"):
    """Table 2-21: a status the engine derives at the end of the turn (In Garrison, On Campaign, Besieging, Being
    Besieged, or Normal again). `battle`: set by one of the turn's battles (the engine reverts it a turn later)."""

    leader_id: str
    nation: str
    status: ArmyStatus
    why: str
    battle: bool = False


class GarrisonRevolted(_Event, frozen=True, tag="GarrisonRevolted"):
    """[L2407-2413] a Pacified place whose garrison fell short revolts; the garrison is destroyed and the
    nation no longer holds it."""

    place: str
    nation: str
    units: dict[str, int]
    reason: str
    city: bool = False


class DynasticFailureBegan(_Event, frozen=True, tag="DynasticFailureBegan"):
    """[L8925-8965] the GM ruled a Dynastic Failure; its procedure (leaders' revolts, successor states, regions,
    provinces, the award) follows as items (`control/failure.py`)."""

    nation: str
    turn: int
    reason: str


LeaderEvent = (
    LeaderGenerated
    | LeaderDied
    | LeaderPromoted
    | LeadersAged
    | ArmyStatusChanged
    | GarrisonRevolted
    | DynasticFailureBegan
)
