"""What becomes of a tribe when the text falls silent: left with no Clans, or unable to pay its Adaptation.
Part of the Second Era event union (events.py). Tags are permanent. All public: the forum would see it."""

from __future__ import annotations

from domain.rulesets.second_era.event_base import EventBase as _Event


class TribeEmptied(_Event, frozen=True, tag="TribeEmptied"):
    """At the end of a turn the tribe has no Clans left; the GM rules its fate (`DeclareTribeExtinct`, or
    `AddClans`). Recorded every turn until the GM has ruled."""

    tribe: str
    god: str


class TribeExtinct(_Event, frozen=True, tag="TribeExtinct"):
    """A ruling: the tribe is gone (see `DeclareTribeExtinct`)."""

    tribe: str
    god: str
    reason: str


class AdaptationUnpaid(_Event, frozen=True, tag="AdaptationUnpaid"):
    """[002:48-50] the tribe could not pay the mana of its Adaptation this turn; what follows is a GM ruling
    (`RelocateTribe`, `RemoveClans`, or none)."""

    tribe: str
    god: str
    land: str
    unpaid: int


class TribeRelocated(_Event, frozen=True, tag="TribeRelocated"):
    """A ruling: the tribe is moved to `to_land` (see `RelocateTribe`)."""

    tribe: str
    to_land: str
    reason: str
