"""Events of personal powers: casting, the pending stages, effects and the GM's rulings on them."""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain.rulesets.gods2.kernel.model import CastStage


class PowerCast(msgspec.Struct, frozen=True, tag="PowerCast", tag_field="type"):
    """A personal power was cast (and paid, unless `cost` is 0 for a gift or a pending announcement)."""

    cast_id: str
    caster: str
    power: str
    targets: list[str]
    cost: int
    at: datetime
    gift: str | None = None
    demesne: str | None = None
    persuasion: bool = False
    direct: bool = False
    loud: bool = False  # [003:223] a mass persuasion is announced in a loud voice, for everyone to hear


class CastPending(msgspec.Struct, frozen=True, tag="CastPending", tag_field="type"):
    """The cast waits: an announcement window, a willing target's consent, a demesne's five minutes or a
    persuasion's three-minute conversation."""

    cast_id: str
    caster: str
    power: str
    targets: list[str]
    stage: CastStage
    cost: int
    locale: str
    until: datetime | None = None
    timer_id: str | None = None
    gift: str | None = None
    demesne: str | None = None
    destination: str | None = None
    loud: bool = False  # [003:223] a mass persuasion's speech, heard by everyone


class CastFailed(msgspec.Struct, frozen=True, tag="CastFailed", tag_field="type"):
    """[003:229], [003:247] a pending power failed (no mana spent), or [003:239] a demesne casting was
    interrupted (its mana lost)."""

    cast_id: str
    reason: str
    mana_lost: int = 0


class CastCompleted(msgspec.Struct, frozen=True, tag="CastCompleted", tag_field="type"):
    cast_id: str
    targets: list[str]


class GiftGranted(msgspec.Struct, frozen=True, tag="GiftGranted", tag_field="type"):
    """[003:263] the target gets a one-use gift card."""

    gift_id: str
    holder: str
    power: str
    giver: str


class RulingRequested(msgspec.Struct, frozen=True, tag="RulingRequested", tag_field="type"):
    cast_id: str
    power: str
    caster: str
    targets: list[str]
    question: str


class PowerEffectRuled(msgspec.Struct, frozen=True, tag="PowerEffectRuled", tag_field="type"):
    """The GM's ruling; seen by the caster and the targets (like the request it answers)."""

    cast_id: str
    ruling: str
    reason: str
    caster: str = ""
    targets: list[str] = []


class MutilationsHealed(msgspec.Struct, frozen=True, tag="MutilationsHealed", tag_field="type"):
    character: str
    hit_points_restored: int


class DemesnePowerSet(msgspec.Struct, frozen=True, tag="DemesnePowerSet", tag_field="type"):
    demesne: str
    power: str
    lasts: str
    caster: str


class PowerConflictResolved(msgspec.Struct, frozen=True, tag="PowerConflictResolved", tag_field="type"):
    first: str
    second: str
    prevailing: str
    reason: str
    rule: str  # "common sense", "higher level" or "referee"


class PowerLent(msgspec.Struct, frozen=True, tag="PowerLent", tag_field="type"):
    """[003:55] the borrower now holds `power` as a borrowed power; the lender still knows it."""

    lender: str
    borrower: str
    power: str


class BorrowedPowerReturned(msgspec.Struct, frozen=True, tag="BorrowedPowerReturned", tag_field="type"):
    lender: str
    borrower: str
    power: str
    recalled: bool  # the lender took it back (else the borrower gave it back)


PowerEvent = (
    PowerCast
    | CastPending
    | CastFailed
    | CastCompleted
    | GiftGranted
    | RulingRequested
    | PowerEffectRuled
    | MutilationsHealed
    | DemesnePowerSet
    | PowerConflictResolved
    | PowerLent
    | BorrowedPowerReturned
)
