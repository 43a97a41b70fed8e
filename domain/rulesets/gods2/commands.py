"""Gods II commands. A seat acts as the character it controls; GM rulings name their subject and a reason."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.gods2.content import FractionText
from domain.rulesets.gods2.model import CharacterSetup, Era, Gesture, Mutilation


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


# --- seats ------------------------------------------------------------------------------------------------


class MoveToLocale(_Command, tag="MoveToLocale"):
    locale: str


class EnterPrimevalWilds(_Command, tag="EnterPrimevalWilds"):
    """Defeat the Guardian Beasts with combat powers (each used once) and enter ([003:82])."""

    locale: str
    powers: list[str] = []


class PayWayOutOfVoid(_Command, tag="PayWayOutOfVoid"):
    """Pay a demon present (or, with none present, the demonic pool) 5 mana after toll ([003:72])."""

    demon: str | None = None


class DepositInDemonPool(_Command, tag="DepositInDemonPool"):
    amount: int


class WithdrawFromDemonPool(_Command, tag="WithdrawFromDemonPool"):
    amount: int


class GoOutOfGame(_Command, tag="GoOutOfGame"):
    """Restrooms are outside the game ([003:88])."""


class ReturnToGame(_Command, tag="ReturnToGame"):
    pass


class TransferMana(_Command, tag="TransferMana"):
    to: str
    amount: int


class CollectMana(_Command, tag="CollectMana"):
    """Pick up the mana waiting at the distribution points ([003:148])."""


class SneakAttack(_Command, tag="SneakAttack"):
    target: str


class DefendCharacter(_Command, tag="DefendCharacter"):
    """"I will defend X" within the five-second window ([003:336])."""

    attack_id: str


class ChallengeDuel(_Command, tag="ChallengeDuel"):
    target: str


class NameDuelTime(_Command, tag="NameDuelTime"):
    duel_id: str
    minutes: int


class SupportDuelist(_Command, tag="SupportDuelist"):
    """An ally casts one combat-duel (Cd) power on a duelist before round one ([003:332])."""

    combat_id: str
    duelist: str
    power: str


class ChooseCombatArtifact(_Command, tag="ChooseCombatArtifact"):
    artifact: str


class RequestAnnouncement(_Command, tag="RequestAnnouncement"):
    """The defender asks the attacker to announce this round's power first ([003:346])."""


class ChooseCombatPower(_Command, tag="ChooseCombatPower"):
    """Sealed: a combat power of one's own or of the chosen artifact, or none."""

    power: str | None = None


class ChooseGesture(_Command, tag="ChooseGesture"):
    gesture: Gesture


class ProposeMutualEnd(_Command, tag="ProposeMutualEnd"):
    pass


class OfferSurrender(_Command, tag="OfferSurrender"):
    pass


class RefuseToSurrender(_Command, tag="RefuseToSurrender"):
    """At 0 hit points, choose death ([003:366])."""


SurrenderTerm = Literal["item", "mana", "earthly_influence", "will", "labor"]


class AcceptSurrender(_Command, tag="AcceptSurrender"):
    """Impose one of the five terms ([003:284-294]); a mutilation too after a weapon of obliteration ([003:300])."""

    term: SurrenderTerm
    artifact: str | None = None
    race: str | None = None
    oath: str | None = None
    mutilation: Mutilation | None = None


class IgnoreSurrender(_Command, tag="IgnoreSurrender"):
    """Only in Era Omega, or by a demon ([003:364]): the loser dies."""


class DropArtifact(_Command, tag="DropArtifact"):
    artifact: str


class PickUpArtifact(_Command, tag="PickUpArtifact"):
    artifact: str


# --- GM rulings -------------------------------------------------------------------------------------------


class CreditMana(_Command, tag="CreditMana"):
    """Century-end, era-end or any other income the GM computes, in exact fractions."""

    character: str
    amount: FractionText
    source: str
    reason: str


class RecordManaEvent(_Command, tag="RecordManaEvent"):
    """An event on a worksheet occurred `count` times: every event source naming it pays ([003:142])."""

    event: str
    reason: str
    count: int = 1


class DebitMana(_Command, tag="DebitMana"):
    """A forced loss from a power or effect; what cannot be paid becomes debt ([003:156])."""

    character: str
    amount: int
    reason: str


class ScaleManaSources(_Command, tag="ScaleManaSources"):
    """Between sessions: halve or quarter all mana sources ([003:146])."""

    factor: Literal["1", "1/2", "1/4"]
    reason: str


class KillCharacter(_Command, tag="KillCharacter"):
    character: str
    reason: str


class ReleaseCharacterFromDeath(_Command, tag="ReleaseCharacterFromDeath"):
    character: str
    reason: str


class ObliterateCharacter(_Command, tag="ObliterateCharacter"):
    """The text never says how obliteration happens ([003:300]); the GM records it."""

    character: str
    reason: str
    by: str | None = None


class CreateDemon(_Command, tag="CreateDemon"):
    demon: CharacterSetup
    reason: str
    player_of: str | None = None


class TransmigrateCharacter(_Command, tag="TransmigrateCharacter"):
    character: str
    locale: str
    reason: str


class GrantProtection(_Command, tag="GrantProtection"):
    character: str
    against: Literal["guardian_beasts", "lost_in_void", "underworld_entry"]
    reason: str


class EndCombatByRuling(_Command, tag="EndCombatByRuling"):
    """A referee settles a combat the rules do not (both fighters at 0 hit points at once, disputes)."""

    combat_id: str
    dead: list[str]
    reason: str


class SetClock(_Command, tag="SetClock"):
    era: Era
    in_transition: bool
    reason: str


Command = (
    MoveToLocale
    | EnterPrimevalWilds
    | PayWayOutOfVoid
    | DepositInDemonPool
    | WithdrawFromDemonPool
    | GoOutOfGame
    | ReturnToGame
    | TransferMana
    | CollectMana
    | SneakAttack
    | DefendCharacter
    | ChallengeDuel
    | NameDuelTime
    | SupportDuelist
    | ChooseCombatArtifact
    | RequestAnnouncement
    | ChooseCombatPower
    | ChooseGesture
    | ProposeMutualEnd
    | OfferSurrender
    | RefuseToSurrender
    | AcceptSurrender
    | IgnoreSurrender
    | DropArtifact
    | PickUpArtifact
    | CreditMana
    | RecordManaEvent
    | DebitMana
    | ScaleManaSources
    | KillCharacter
    | ReleaseCharacterFromDeath
    | ObliterateCharacter
    | CreateDemon
    | TransmigrateCharacter
    | GrantProtection
    | EndCombatByRuling
    | SetClock
)

GM_COMMANDS = frozenset(
    {
        "CreditMana",
        "RecordManaEvent",
        "DebitMana",
        "ScaleManaSources",
        "KillCharacter",
        "ReleaseCharacterFromDeath",
        "ObliterateCharacter",
        "CreateDemon",
        "TransmigrateCharacter",
        "GrantProtection",
        "EndCombatByRuling",
        "SetClock",
    }
)
