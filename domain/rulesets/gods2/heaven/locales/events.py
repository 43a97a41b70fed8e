"""Heaven's whereabouts events: movement, the Void, the primeval wilds, going out of the game, protections.

Gods II events: permanent storage names (`tag`), past tense, carrying every decided number.

`evolve` only applies what an event says; every draw from held or pending mana, every toll and debt payment is
decided in `decide` and written here, so a replay never recomputes a rule.
"""

from __future__ import annotations

from datetime import datetime

import msgspec

# --- whereabouts ----------------------------------------------------------------------------------------


class CharacterMoved(msgspec.Struct, frozen=True, tag="CharacterMoved", tag_field="type"):
    """`listen_until`: arriving during a mass persuasion's speech, one must stay and listen ([003:223])."""

    character: str
    from_locale: str
    to_locale: str
    lost_in_void: bool = False
    transmigrated: bool = False
    listen_until: datetime | None = None


class GuardianBeastsDefeated(msgspec.Struct, frozen=True, tag="GuardianBeastsDefeated", tag_field="type"):
    """[003:82-84] the party produced two tricks or blocks per Beast with combat powers."""

    party: list[str]
    beasts: int
    powers: list[str]


class WildsPartyJoined(msgspec.Struct, frozen=True, tag="WildsPartyJoined", tag_field="type"):
    character: str
    leader: str
    powers: list[str]


class VoidExitBought(msgspec.Struct, frozen=True, tag="VoidExitBought", tag_field="type"):
    """[003:72] 5 mana after toll to a demon present, or into the demonic pool when none is."""

    character: str
    demon: str | None
    paid: int
    arrived: int
    from_held: int
    from_pending: int
    debt_paid: int = 0


class WentOutOfGame(msgspec.Struct, frozen=True, tag="WentOutOfGame", tag_field="type"):
    character: str


class ReturnedToGame(msgspec.Struct, frozen=True, tag="ReturnedToGame", tag_field="type"):
    character: str


class ProtectionGranted(msgspec.Struct, frozen=True, tag="ProtectionGranted", tag_field="type"):
    character: str
    against: str
    reason: str
