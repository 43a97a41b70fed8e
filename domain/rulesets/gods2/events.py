"""Gods II events: permanent storage names (`tag`), past tense, carrying every decided number.

`evolve` only applies what an event says; every draw from held or pending mana, every toll and debt payment is
decided in `decide` and written here, so a replay never recomputes a rule.
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

import msgspec

from domain.rulesets.gods2.model import CharacterSetup, CombatKind, Era, Gesture, Mutilation


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


# --- whereabouts ----------------------------------------------------------------------------------------


class CharacterMoved(_Event, tag="CharacterMoved"):
    character: str
    from_locale: str
    to_locale: str
    lost_in_void: bool = False
    transmigrated: bool = False


class GuardianBeastsDefeated(_Event, tag="GuardianBeastsDefeated"):
    """[003:82-84] the party produced two tricks or blocks per Beast with combat powers."""

    party: list[str]
    beasts: int
    powers: list[str]


class VoidExitBought(_Event, tag="VoidExitBought"):
    """[003:72] 5 mana after toll to a demon present, or into the demonic pool when none is."""

    character: str
    demon: str | None
    paid: int
    arrived: int
    from_held: int
    from_pending: int
    debt_paid: int = 0


class DemonPoolDeposited(_Event, tag="DemonPoolDeposited"):
    demon: str
    amount: int
    from_held: int
    from_pending: int


class DemonPoolWithdrawn(_Event, tag="DemonPoolWithdrawn"):
    demon: str
    amount: int
    debt_paid: int = 0


class DemonPoolCredited(_Event, tag="DemonPoolCredited"):
    """[003:70] all demons share one set of mana sources, paid into the demonic pool."""

    source: str
    amount: Fraction
    whole: int
    accumulator: Fraction
    reason: str = ""


class WentOutOfGame(_Event, tag="WentOutOfGame"):
    character: str


class ReturnedToGame(_Event, tag="ReturnedToGame"):
    character: str


class ProtectionGranted(_Event, tag="ProtectionGranted"):
    character: str
    against: str
    reason: str


# --- mana -------------------------------------------------------------------------------------------------


class ManaCredited(_Event, tag="ManaCredited"):
    """Income into the accumulator of `source`; `whole` mana left it, `debt_paid` of that paid the debt and the
    rest waits at the distribution points."""

    character: str
    source: str
    amount: Fraction
    whole: int
    debt_paid: int
    accumulator: Fraction
    reason: str = ""


class ManaCollected(_Event, tag="ManaCollected"):
    character: str
    amount: int


class ManaTransferred(_Event, tag="ManaTransferred"):
    giver: str
    receiver: str
    amount: int
    toll: int
    received: int
    from_held: int
    from_pending: int
    debt_paid: int
    purpose: str = "transfer"


class ManaSpent(_Event, tag="ManaSpent"):
    character: str
    amount: int
    from_held: int
    from_pending: int
    purpose: str


class ManaLost(_Event, tag="ManaLost"):
    """A forced loss ([003:156]): what could not be paid becomes debt."""

    character: str
    amount: int
    from_held: int
    from_pending: int
    debt_added: int
    reason: str


class ManaSourcesScaled(_Event, tag="ManaSourcesScaled"):
    factor: Fraction
    reason: str


# --- life and death ---------------------------------------------------------------------------------------


class CharacterDied(_Event, tag="CharacterDied"):
    """[003:420] dead for 30 minutes in the Underworld; `until` is None for permanent death ([003:280])."""

    character: str
    at: datetime
    until: datetime | None
    timer_id: str | None
    cause: str
    dropped: list[str] = []
    underworld: str = ""


class DemonBanished(_Event, tag="DemonBanished"):
    """[003:387-389] a killed demon drops its artifacts and is held in the Void for 30 minutes."""

    character: str
    at: datetime
    until: datetime
    timer_id: str
    killed_in_void: bool
    void: str
    dropped: list[str] = []


class CharacterRevived(_Event, tag="CharacterRevived"):
    character: str
    at: datetime
    cause: str


class DemonFreed(_Event, tag="DemonFreed"):
    character: str
    at: datetime


class CharacterObliterated(_Event, tag="CharacterObliterated"):
    """[003:435-447] the god is gone; a demon or celestial spirit is only killed ([003:445])."""

    character: str
    by: str | None
    reason: str
    dropped: list[str] = []


class DemonCreated(_Event, tag="DemonCreated"):
    """[003:447] the obliterated god's player starts a completely new demon character."""

    demon: CharacterSetup
    player_of: str | None
    reason: str


class ClockSet(_Event, tag="ClockSet"):
    era: Era
    in_transition: bool
    reason: str


# --- combat -----------------------------------------------------------------------------------------------


class AttackAnnounced(_Event, tag="AttackAnnounced"):
    """[003:336] "I am attacking X": a window for bodyguards opens; `lawful` under the laws as they stand."""

    attack_id: str
    attacker: str
    target: str
    locale: str
    kind: CombatKind
    lawful: bool | None  # None: the default law is no longer in force, so the Judge reads the laws [003:490]
    window_ends: datetime
    timer_id: str


class AttackLapsed(_Event, tag="AttackLapsed"):
    """The window closed but the combat could not begin (someone left, died or is already fighting)."""

    attack_id: str
    reason: str


class BodyguardStepped(_Event, tag="BodyguardStepped"):
    attack_id: str
    bodyguard: str


class DuelChallenged(_Event, tag="DuelChallenged"):
    duel_id: str
    challenger: str
    challenged: str
    locale: str


class DuelTimeNamed(_Event, tag="DuelTimeNamed"):
    duel_id: str
    at: datetime
    timer_id: str


class DuelSupportCast(_Event, tag="DuelSupportCast"):
    """[003:332] an ally's combat-duel (Cd) power, cast on the duelist before the first round."""

    combat_id: str
    ally: str
    duelist: str
    power: str
    tricks: int = 0
    blocks: int = 0
    hit_points: int = 0


class DuelNoShow(_Event, tag="DuelNoShow"):
    """[003:330] who failed to appear, and who is shamed for it (a lesser god's lord)."""

    duel_id: str
    absent: list[str]
    shamed: list[str]


class CombatStarted(_Event, tag="CombatStarted"):
    combat_id: str
    kind: CombatKind
    locale: str
    attacker: str
    defender: str
    attacker_hp: int
    defender_hp: int
    defender_is_demesne: bool = False
    defender_blocks: int = 0


class CombatArtifactChosen(_Event, tag="CombatArtifactChosen"):
    combat_id: str
    fighter: str
    artifact: str


class AnnouncementRequested(_Event, tag="AnnouncementRequested"):
    combat_id: str
    round: int


class CombatPowerChosen(_Event, tag="CombatPowerChosen"):
    """Sealed: only the chooser (and the GM) sees `power` until `CombatPowersRevealed`, except that it is
    announced at once when the defender asked the attacker to announce first ([003:346])."""

    combat_id: str
    fighter: str
    power: str | None
    sealed: bool = True


class CombatPowersRevealed(_Event, tag="CombatPowersRevealed"):
    combat_id: str
    round: int
    attacker_power: str | None
    defender_power: str | None


class CombatPowerTookEffect(_Event, tag="CombatPowerTookEffect"):
    combat_id: str
    fighter: str
    power: str
    cost: int = 0
    artifact: str | None = None
    ruling: str = ""
    tricks: int = 0
    blocks: int = 0
    hit_points: int = 0
    damage: int = 0
    disengage: bool = False
    obliteration_weapon: bool = False


class GestureChosen(_Event, tag="GestureChosen"):
    """Sealed until `RoundFought`."""

    combat_id: str
    fighter: str
    gesture: Gesture | None


class RoundFought(_Event, tag="RoundFought"):
    combat_id: str
    round: int
    attacker_gesture: Gesture
    defender_gesture: Gesture
    attacker_damage: int
    defender_damage: int
    attacker_hp: int
    defender_hp: int


class FighterFell(_Event, tag="FighterFell"):
    """[003:278] at 0 hit points a fighter must surrender or die; two at once await a GM ruling."""

    combat_id: str
    fighters: list[str]


class MutualEndProposed(_Event, tag="MutualEndProposed"):
    combat_id: str
    fighter: str


class SurrenderOffered(_Event, tag="SurrenderOffered"):
    combat_id: str
    fighter: str


class SurrenderAccepted(_Event, tag="SurrenderAccepted"):
    combat_id: str
    winner: str
    loser: str
    term: str
    artifact: str | None = None
    race: str | None = None
    oath: str | None = None


class MutilationInflicted(_Event, tag="MutilationInflicted"):
    character: str
    mutilation: Mutilation
    by: str | None
    hit_points_lost: int = 0


class LaborImposed(_Event, tag="LaborImposed"):
    """[003:294] Surrender Labor: 30 minutes of menial service."""

    character: str
    master: str
    until: datetime
    timer_id: str


class LaborEnded(_Event, tag="LaborEnded"):
    character: str


class CombatEnded(_Event, tag="CombatEnded"):
    """`outcome` is mutual, disengage, surrender or death; all but mutual are reported ([003:358-368])."""

    combat_id: str
    outcome: str
    winner: str | None = None
    loser: str | None = None


class Disengaged(_Event, tag="Disengaged"):
    """[003:362] leave the locale and stay away 10 minutes; the former opponent may not attack meanwhile."""

    character: str
    opponent: str
    locale: str
    until: datetime
    timer_id: str


class KeepAwayEnded(_Event, tag="KeepAwayEnded"):
    character: str
    opponent: str


class ArtifactDropped(_Event, tag="ArtifactDropped"):
    artifact: str
    character: str
    locale: str


class ArtifactPickedUp(_Event, tag="ArtifactPickedUp"):
    artifact: str
    character: str


class ArtifactHandedOver(_Event, tag="ArtifactHandedOver"):
    artifact: str
    giver: str
    receiver: str


Event = (
    CharacterMoved
    | GuardianBeastsDefeated
    | VoidExitBought
    | DemonPoolDeposited
    | DemonPoolWithdrawn
    | DemonPoolCredited
    | WentOutOfGame
    | ReturnedToGame
    | ProtectionGranted
    | ManaCredited
    | ManaCollected
    | ManaTransferred
    | ManaSpent
    | ManaLost
    | ManaSourcesScaled
    | CharacterDied
    | DemonBanished
    | CharacterRevived
    | DemonFreed
    | CharacterObliterated
    | DemonCreated
    | ClockSet
    | AttackAnnounced
    | AttackLapsed
    | BodyguardStepped
    | DuelChallenged
    | DuelTimeNamed
    | DuelSupportCast
    | DuelNoShow
    | CombatStarted
    | CombatArtifactChosen
    | AnnouncementRequested
    | CombatPowerChosen
    | CombatPowersRevealed
    | CombatPowerTookEffect
    | GestureChosen
    | RoundFought
    | FighterFell
    | MutualEndProposed
    | SurrenderOffered
    | SurrenderAccepted
    | MutilationInflicted
    | LaborImposed
    | LaborEnded
    | CombatEnded
    | Disengaged
    | KeepAwayEnded
    | ArtifactDropped
    | ArtifactPickedUp
    | ArtifactHandedOver
)
