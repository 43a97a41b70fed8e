"""Gods II commands. A seat acts as the character it controls; GM rulings name their subject and a reason."""

from __future__ import annotations

from domain.rulesets.gods2.earth.commands import (
    EARTH_GM_COMMANDS,
    ApplyCult,
    ApplyEarthEffect,
    AttemptDiplomacy,
    CallTicket,
    CastHistoryPower,
    CloseActivityPhase,
    CreateRace,
    DeclareWar,
    EndCentury,
    EndModification,
    ExpelFromPantheon,
    FoundCity,
    OrderWars,
    PlacePopulation,
    ProposePantheonChange,
    RecordHistory,
    ResolveWar,
    SetMigration,
    SetPantheon,
    SignCoCasting,
    SignPantheonChange,
    StartCentury,
    StartReligiousTurmoil,
    TakeQueueTicket,
    TriggerModification,
    WithdrawCoCasting,
)
from domain.rulesets.gods2.heaven.commands import (
    AcceptSurrender,
    ActivateArtifact,
    AdmitToDemesne,
    ApproveMutilation,
    AttackDemesne,
    BuildDemesne,
    BuySphereCard,
    CastPower,
    ChallengeDuel,
    ChooseCombatArtifact,
    ChooseCombatPower,
    ChooseGesture,
    CloseMotion,
    CollectMana,
    ConsentToPower,
    CoordinateDemesneDefence,
    CreateArtifact,
    CreateDemon,
    CreditDemesneMana,
    CreditDemonPool,
    CreditMana,
    DebitMana,
    DeclareOutlaw,
    DefendCharacter,
    DepositInDemonPool,
    DisposeOfBody,
    DissolveCouncil,
    DropArtifact,
    ElectArchetypeSuccessor,
    EndCombatByRuling,
    EnterPrimevalWilds,
    GoOutOfGame,
    GrantPower,
    GrantProtection,
    IgnoreSurrender,
    JoinWildsParty,
    KillCharacter,
    LendPower,
    MoveToLocale,
    NameDuelTime,
    ObliterateCharacter,
    OfferSurrender,
    PayManaSource,
    PayWayOutOfVoid,
    PickUpArtifact,
    PlayDemesneDefence,
    ProposeMotion,
    ProposeMutualEnd,
    ProposeServiceContract,
    RecordDivineOath,
    RecordManaEvent,
    RecordSphereCardPurchase,
    RefuseToSurrender,
    ReleaseCharacterFromDeath,
    ReportSession,
    RequestAnnouncement,
    ResolvePowerConflict,
    ReturnBorrowedPower,
    ReturnToGame,
    RulePowerEffect,
    ScaleManaSources,
    SetClock,
    SignServiceContract,
    SneakAttack,
    SummonGreatCouncil,
    SupportDuelist,
    TransferMana,
    TransmigrateCharacter,
    UseEndOfCombatPower,
    UseGift,
    Vote,
    WithdrawFromDemonPool,
)

# --- seats ------------------------------------------------------------------------------------------------


# --- GM rulings -------------------------------------------------------------------------------------------


Command = (
    MoveToLocale
    | EnterPrimevalWilds
    | JoinWildsParty
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
    | BuildDemesne
    | AdmitToDemesne
    | AttackDemesne
    | CoordinateDemesneDefence
    | SummonGreatCouncil
    | ProposeMotion
    | Vote
    | CloseMotion
    | DissolveCouncil
    | ElectArchetypeSuccessor
    | DeclareOutlaw
    | CreateArtifact
    | ActivateArtifact
    | DisposeOfBody
    | UseEndOfCombatPower
    | DropArtifact
    | PickUpArtifact
    | CreditMana
    | RecordManaEvent
    | PayManaSource
    | CreditDemonPool
    | DebitMana
    | ScaleManaSources
    | KillCharacter
    | ReleaseCharacterFromDeath
    | ObliterateCharacter
    | CreateDemon
    | TransmigrateCharacter
    | GrantProtection
    | CastPower
    | UseGift
    | ConsentToPower
    | EndCombatByRuling
    | RulePowerEffect
    | PlayDemesneDefence
    | ApproveMutilation
    | ResolvePowerConflict
    | SetClock
    | CreditDemesneMana
    | ProposeServiceContract
    | SignServiceContract
    | RecordDivineOath
    | BuySphereCard
    | RecordSphereCardPurchase
    | GrantPower
    | LendPower
    | ReturnBorrowedPower
    | ReportSession
    # Earth (Era Centrum): domain/rulesets/gods2/earth/commands.py
    | StartCentury
    | CloseActivityPhase
    | EndCentury
    | PlacePopulation
    | SetMigration
    | DeclareWar
    | AttemptDiplomacy
    | ResolveWar
    | FoundCity
    | RecordHistory
    | CallTicket
    | TakeQueueTicket
    | ProposePantheonChange
    | SignPantheonChange
    | StartReligiousTurmoil
    | ExpelFromPantheon
    | CastHistoryPower
    | SignCoCasting
    | WithdrawCoCasting
    | ApplyEarthEffect
    | CreateRace
    | OrderWars
    | ApplyCult
    | EndModification
    | SetPantheon
    | TriggerModification
)

GM_COMMANDS = frozenset(
    {
        "CreditMana",
        "RecordManaEvent",
        "PayManaSource",
        "CreditDemonPool",
        "DebitMana",
        "ScaleManaSources",
        "KillCharacter",
        "ReleaseCharacterFromDeath",
        "ObliterateCharacter",
        "CreateDemon",
        "TransmigrateCharacter",
        "GrantProtection",
        "EndCombatByRuling",
        "RulePowerEffect",
        "PlayDemesneDefence",
        "ApproveMutilation",
        "ResolvePowerConflict",
        "SetClock",
        "CreditDemesneMana",
        "RecordDivineOath",
        "RecordSphereCardPurchase",
        "GrantPower",
    }
    | EARTH_GM_COMMANDS
)
