"""Second Era events across eras: First-Era actions carried out [002:5] and the GM's changes to the map. Part of
the Second Era event union (events.py). Tags are permanent. Public, like the map (a god's `details` of a First-Era
action stay its own: views.redact)."""

from __future__ import annotations

from domain.rulesets.second_era.event_base import EventBase as _Event
from domain.rulesets.second_era.state import Land, Structure
from domain.rulesets.second_era.values import ZERO, Fauna, Resources


class FirstEraActPerformed(_Event, frozen=True, tag="FirstEraActPerformed"):
    """[002:5] a First-Era action carried out at its old cost: `mana` (paid by the `ManaSpent` before it) and
    `resources` from the tribe's stockpile. Its effect is the GM's ruling."""

    god: str
    tribe: str
    order_no: int
    act: str
    name: str
    mana: int
    resources: Resources = ZERO
    target: str | None = None
    details: str = ""
    effect: str = ""


class FaunaChanged(_Event, frozen=True, tag="FaunaChanged"):
    """GM: the Land's fauna are now `fauna`."""

    land: str
    fauna: tuple[Fauna, ...]
    reason: str


class LandAdded(_Event, frozen=True, tag="LandAdded"):
    land: Land
    reason: str


class LandAltered(_Event, frozen=True, tag="LandAltered"):
    land: str
    element: str
    habitat: str
    name: str
    reason: str


class LandsConnected(_Event, frozen=True, tag="LandsConnected"):
    a: str
    b: str
    reason: str


class LandsDisconnected(_Event, frozen=True, tag="LandsDisconnected"):
    a: str
    b: str
    reason: str


class StructurePlaced(_Event, frozen=True, tag="StructurePlaced"):
    structure: Structure
    reason: str


class StructureRemoved(_Event, frozen=True, tag="StructureRemoved"):
    structure: str
    land: str
    reason: str
