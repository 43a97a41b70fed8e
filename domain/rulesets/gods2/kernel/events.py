"""The shared kernel's events: the mana ledger and a character's life, which Heaven and Earth both emit or watch.

Gods II events: permanent storage names (`tag`), past tense, carrying every decided number.

`evolve` only applies what an event says; every draw from held or pending mana, every toll and debt payment is
decided in `decide` and written here, so a replay never recomputes a rule.
"""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain.rulesets.gods2.kernel.content import ExactFraction
from domain.rulesets.gods2.kernel.model import CharacterSetup, Era

# --- the demon pool -------------------------------------------------------------------------------------


class DemonPoolDeposited(msgspec.Struct, frozen=True, tag="DemonPoolDeposited", tag_field="type"):
    demon: str
    amount: int
    from_held: int
    from_pending: int


class DemonPoolWithdrawn(msgspec.Struct, frozen=True, tag="DemonPoolWithdrawn", tag_field="type"):
    demon: str
    amount: int
    debt_paid: int = 0


class DemonPoolCredited(msgspec.Struct, frozen=True, tag="DemonPoolCredited", tag_field="type"):
    """[003:70] all demons share one set of mana sources, paid into the demonic pool."""

    source: str
    amount: ExactFraction
    whole: int
    accumulator: ExactFraction
    reason: str = ""


# --- mana -------------------------------------------------------------------------------------------------


class ManaCredited(msgspec.Struct, frozen=True, tag="ManaCredited", tag_field="type"):
    """Income into the accumulator of `source`; `whole` mana left it, `debt_paid` of that paid the debt and the
    rest waits at the distribution points."""

    character: str
    source: str
    amount: ExactFraction
    whole: int
    debt_paid: int
    accumulator: ExactFraction
    reason: str = ""


class ManaCollected(msgspec.Struct, frozen=True, tag="ManaCollected", tag_field="type"):
    character: str
    amount: int


class ManaTransferred(msgspec.Struct, frozen=True, tag="ManaTransferred", tag_field="type"):
    giver: str
    receiver: str
    amount: int
    toll: int
    received: int
    from_held: int
    from_pending: int
    debt_paid: int
    purpose: str = "transfer"


class ManaSpent(msgspec.Struct, frozen=True, tag="ManaSpent", tag_field="type"):
    character: str
    amount: int
    from_held: int
    from_pending: int
    purpose: str


class ManaLost(msgspec.Struct, frozen=True, tag="ManaLost", tag_field="type"):
    """A forced loss ([003:156]): what could not be paid becomes debt."""

    character: str
    amount: int
    from_held: int
    from_pending: int
    debt_added: int
    reason: str


class ManaSourcesScaled(msgspec.Struct, frozen=True, tag="ManaSourcesScaled", tag_field="type"):
    factor: ExactFraction
    reason: str


# --- life and death ---------------------------------------------------------------------------------------


class CharacterDied(msgspec.Struct, frozen=True, tag="CharacterDied", tag_field="type"):
    """[003:420] dead for 30 minutes in the Underworld; `until` is None for permanent death ([003:280])."""

    character: str
    at: datetime
    until: datetime | None
    timer_id: str | None
    cause: str
    dropped: list[str] = []
    underworld: str = ""


class DemonBanished(msgspec.Struct, frozen=True, tag="DemonBanished", tag_field="type"):
    """[003:387-389] a killed demon drops its artifacts and is held in the Void for 30 minutes."""

    character: str
    at: datetime
    until: datetime
    timer_id: str
    killed_in_void: bool
    void: str
    dropped: list[str] = []


class CharacterRevived(msgspec.Struct, frozen=True, tag="CharacterRevived", tag_field="type"):
    character: str
    at: datetime
    cause: str


class DemonFreed(msgspec.Struct, frozen=True, tag="DemonFreed", tag_field="type"):
    character: str
    at: datetime


class CharacterObliterated(msgspec.Struct, frozen=True, tag="CharacterObliterated", tag_field="type"):
    """[003:435-447] the god is gone; a demon or celestial spirit is only killed ([003:445])."""

    character: str
    by: str | None
    reason: str
    dropped: list[str] = []
    archetypal_electors: list[str] = []


class DemonCreated(msgspec.Struct, frozen=True, tag="DemonCreated", tag_field="type"):
    """[003:447] the obliterated god's player starts a completely new demon character."""

    demon: CharacterSetup
    player_of: str | None
    reason: str


class BodyDisposed(msgspec.Struct, frozen=True, tag="BodyDisposed", tag_field="type"):
    body: str
    method: str
    by: str


class ClockSet(msgspec.Struct, frozen=True, tag="ClockSet", tag_field="type"):
    """`session_ended`: Ds demesne powers lapse ([003:243]); `era_ended`: De powers ([003:241]) and Surrender
    Earthly Influence bans ([003:290]) lapse."""

    era: Era
    in_transition: bool
    reason: str
    session_ended: bool = False
    era_ended: bool = False
    session_started: bool = False
