"""Every Heaven event, with the shared kernel's: the events `heaven/evolve.py` folds.

The whole game's `Event` union (`domain/rulesets/gods2/events.py`) adds Earth's.
"""

from __future__ import annotations

from domain.rulesets.gods2.heaven.combat.events import (
    AnnouncementRequested,
    ArtifactClaimable,
    ArtifactCreated,
    ArtifactDropped,
    ArtifactHandedOver,
    ArtifactPickedUp,
    AttackAnnounced,
    AttackLapsed,
    BodyguardStepped,
    CombatArtifactChosen,
    CombatEnded,
    CombatPowerChosen,
    CombatPowersRevealed,
    CombatPowerTookEffect,
    CombatStarted,
    DemesneBuildProposed,
    DemesneBuilt,
    DemesneDefenceCoordinated,
    DemesneFell,
    Disengaged,
    DuelChallenged,
    DuelNoShow,
    DuelPostponed,
    DuelSupportCast,
    DuelTimeNamed,
    FighterFell,
    GestureChosen,
    KeepAwayEnded,
    LaborEnded,
    LaborImposed,
    MutilationApproved,
    MutilationInflicted,
    MutualEndProposed,
    RoundFought,
    SurrenderAccepted,
    SurrenderOffered,
    VisitorAdmitted,
)
from domain.rulesets.gods2.heaven.council.events import (
    ArchetypeSucceeded,
    ArchetypeSuccessorNamed,
    CouncilConvened,
    CouncilDissolved,
    CouncilFailedToConvene,
    CouncilSummoned,
    DivineOathRecorded,
    GreaterGodPromoted,
    LawAmended,
    LawPassed,
    LawRescinded,
    LeaderSpeechEnded,
    MotionFailed,
    MotionPassed,
    MotionProposed,
    OfficeAssigned,
    OfficeRevoked,
    OutlawDeclared,
    ServiceContractProposed,
    ServiceContractRecorded,
    ServiceContractSigned,
    SupremeDeityChosen,
    VoteCast,
)
from domain.rulesets.gods2.heaven.locales.events import (
    CharacterMoved,
    GuardianBeastsDefeated,
    ProtectionGranted,
    ReturnedToGame,
    VoidExitBought,
    WentOutOfGame,
    WildsPartyJoined,
)
from domain.rulesets.gods2.heaven.powers.events import (
    BorrowedPowerReturned,
    CastCompleted,
    CastFailed,
    CastPending,
    DemesnePowerSet,
    GiftGranted,
    MutilationsHealed,
    PowerCast,
    PowerConflictResolved,
    PowerEffectRuled,
    PowerLent,
    RulingRequested,
)
from domain.rulesets.gods2.heaven.transition.events import PowerGained, SessionReported, SphereCardBought
from domain.rulesets.gods2.kernel.events import (
    BodyDisposed,
    CharacterDied,
    CharacterObliterated,
    CharacterRevived,
    ClockSet,
    DemonBanished,
    DemonCreated,
    DemonFreed,
    DemonPoolCredited,
    DemonPoolDeposited,
    DemonPoolWithdrawn,
    ManaCollected,
    ManaCredited,
    ManaLost,
    ManaSourcesScaled,
    ManaSpent,
    ManaTransferred,
)

HeavenEvent = (
    CharacterMoved
    | GuardianBeastsDefeated
    | WildsPartyJoined
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
    | BodyDisposed
    | ClockSet
    | AttackAnnounced
    | AttackLapsed
    | BodyguardStepped
    | DuelChallenged
    | DuelTimeNamed
    | DuelSupportCast
    | DuelNoShow
    | DuelPostponed
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
    | MutilationApproved
    | LaborImposed
    | LaborEnded
    | CombatEnded
    | Disengaged
    | KeepAwayEnded
    | DemesneBuildProposed
    | DemesneBuilt
    | VisitorAdmitted
    | DemesneDefenceCoordinated
    | DemesneFell
    | ArtifactDropped
    | ArtifactClaimable
    | ArtifactCreated
    | ArtifactPickedUp
    | ArtifactHandedOver
    | PowerCast
    | CastPending
    | CastFailed
    | CastCompleted
    | GiftGranted
    | RulingRequested
    | PowerEffectRuled
    | MutilationsHealed
    | DemesnePowerSet
    | PowerConflictResolved
    | CouncilSummoned
    | CouncilConvened
    | CouncilFailedToConvene
    | LeaderSpeechEnded
    | MotionProposed
    | VoteCast
    | MotionPassed
    | MotionFailed
    | LawPassed
    | LawAmended
    | LawRescinded
    | OfficeAssigned
    | OfficeRevoked
    | GreaterGodPromoted
    | ArchetypeSuccessorNamed
    | ArchetypeSucceeded
    | SupremeDeityChosen
    | OutlawDeclared
    | CouncilDissolved
    | ServiceContractProposed
    | ServiceContractSigned
    | ServiceContractRecorded
    | DivineOathRecorded
    | PowerLent
    | BorrowedPowerReturned
    | SphereCardBought
    | PowerGained
    | SessionReported
)

HEAVEN_EVENTS = HeavenEvent.__args__
