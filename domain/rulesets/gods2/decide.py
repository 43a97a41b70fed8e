"""`decide`: one `match` over the command union, each case delegating to its area's `decide_*` function.

Heaven is real time: every command is decided at once in the single `session` phase; timed rules schedule
engine timers, and `on_timer` turns each fired timer into the events it causes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from domain.engine import Actor, DecisionContext, Rejected, Timer
from domain.rulesets.gods2.commands import GM_COMMANDS, Command
from domain.rulesets.gods2.earth.commands import (
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
from domain.rulesets.gods2.earth.decide import decide_earth
from domain.rulesets.gods2.earth.religion import earth_follows
from domain.rulesets.gods2.heaven import life, mana
from domain.rulesets.gods2.heaven.combat import demesne, end, fighters, rounds, start
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
from domain.rulesets.gods2.heaven.council import meetings, records, succession
from domain.rulesets.gods2.heaven.locales import demesnes, movement, wilds
from domain.rulesets.gods2.heaven.powers import artifacts, casting, effects, lending
from domain.rulesets.gods2.heaven.transition import decide as transition
from domain.rulesets.gods2.kernel.model import State

# [003:168] between sessions the players' only business in Heaven is mana: they transfer by telling the GMs.
# [000:78] pantheon change orders are handed to the GMs during transition phases.
# [003:55], [003:168]: what players still do between sessions (through the GMs, in the live game).
BETWEEN_SESSIONS = frozenset(
    {
        "TransferMana",
        "CollectMana",
        "ProposePantheonChange",
        "SignPantheonChange",
        "BuySphereCard",
        "ReportSession",
        "LendPower",
        "ReturnBorrowedPower",
        "ProposeServiceContract",
        "SignServiceContract",
    }
)


TRANSITION_ONLY = frozenset({"BuySphereCard", "ReportSession"})  # [003:55] at a session's end, not during it


def decide(state: State, command: Command, ctx: DecisionContext) -> Sequence[object]:
    tag = command.__struct_config__.tag
    if state.in_transition and tag not in GM_COMMANDS and tag not in BETWEEN_SESSIONS:
        raise Rejected(
            "gods2.between_sessions",
            "Heaven is closed between sessions: only mana transfers, sphere card purchases, end-of-session reports,"
            " loans of powers, contracts and pantheon orders happen now [003:55], [003:168].",
            status=409,
        )
    events = meetings.quorum_check(state, list(_decide(state, command, ctx)))
    return earth_follows(state, start.resume_postponed_duels(state, events, ctx.now))


def _decide(state: State, command: Command, ctx: DecisionContext) -> Sequence[object]:
    match command:
        case MoveToLocale():
            return movement.decide_move_to_locale(state, command, ctx)
        case EnterPrimevalWilds():
            return wilds.decide_enter_primeval_wilds(state, command, ctx)
        case JoinWildsParty():
            return wilds.decide_join_wilds_party(state, command, ctx)
        case PayWayOutOfVoid():
            return movement.decide_pay_way_out_of_void(state, command, ctx)
        case DepositInDemonPool():
            return movement.decide_deposit_in_demon_pool(state, command, ctx)
        case WithdrawFromDemonPool():
            return movement.decide_withdraw_from_demon_pool(state, command, ctx)
        case GoOutOfGame():
            return movement.decide_go_out_of_game(state, command, ctx)
        case ReturnToGame():
            return movement.decide_return_to_game(state, command, ctx)
        case TransferMana():
            return mana.decide_transfer_mana(state, command, ctx)
        case CollectMana():
            return mana.decide_collect_mana(state, command, ctx)
        case SneakAttack():
            return start.decide_sneak_attack(state, command, ctx)
        case DefendCharacter():
            return start.decide_defend_character(state, command, ctx)
        case ChallengeDuel():
            return start.decide_challenge_duel(state, command, ctx)
        case NameDuelTime():
            return start.decide_name_duel_time(state, command, ctx)
        case SupportDuelist():
            return rounds.decide_support_duelist(state, command, ctx)
        case ChooseCombatArtifact():
            return rounds.decide_choose_combat_artifact(state, command, ctx)
        case RequestAnnouncement():
            return rounds.decide_request_announcement(state, command, ctx)
        case ChooseCombatPower():
            return rounds.decide_choose_combat_power(state, command, ctx)
        case ChooseGesture():
            return rounds.decide_choose_gesture(state, command, ctx)
        case ProposeMutualEnd():
            return end.decide_propose_mutual_end(state, command, ctx)
        case OfferSurrender():
            return end.decide_offer_surrender(state, command, ctx)
        case RefuseToSurrender():
            return end.decide_refuse_to_surrender(state, command, ctx)
        case AcceptSurrender():
            return end.decide_accept_surrender(state, command, ctx)
        case IgnoreSurrender():
            return end.decide_ignore_surrender(state, command, ctx)
        case BuildDemesne():
            return demesnes.decide_build_demesne(state, command, ctx)
        case AdmitToDemesne():
            return demesnes.decide_admit_to_demesne(state, command, ctx)
        case AttackDemesne():
            return demesne.decide_attack_demesne(state, command, ctx)
        case CoordinateDemesneDefence():
            return demesne.decide_coordinate_defence(state, command, ctx)
        case PlayDemesneDefence():
            return demesne.decide_play_demesne_defence(state, command, ctx)
        case SummonGreatCouncil():
            return meetings.decide_summon(state, command, ctx)
        case ProposeMotion():
            return meetings.decide_propose_motion(state, command, ctx)
        case Vote():
            return meetings.decide_vote(state, command, ctx)
        case CloseMotion():
            return meetings.decide_close_motion(state, command, ctx)
        case DissolveCouncil():
            return meetings.decide_dissolve(state, command, ctx)
        case ElectArchetypeSuccessor():
            return succession.decide_elect_successor(state, command, ctx)
        case DeclareOutlaw():
            return meetings.decide_declare_outlaw(state, command, ctx)
        case CreateArtifact():
            return artifacts.decide_create_artifact(state, command, ctx)
        case ActivateArtifact():
            return artifacts.decide_activate_artifact(state, command, ctx)
        case DisposeOfBody():
            return life.decide_dispose_of_body(state, command, ctx)
        case UseEndOfCombatPower():
            return end.decide_use_end_of_combat_power(state, command, ctx)
        case DropArtifact():
            return artifacts.decide_drop_artifact(state, command, ctx)
        case PickUpArtifact():
            return artifacts.decide_pick_up_artifact(state, command, ctx)
        case CastPower():
            return casting.decide_cast_power(state, command, ctx)
        case UseGift():
            return casting.decide_use_gift(state, command, ctx)
        case ConsentToPower():
            return casting.decide_consent_to_power(state, command, ctx)
        case RulePowerEffect():
            return casting.decide_rule_power_effect(state, command, ctx)
        case CreditMana():
            return mana.decide_credit_mana(state, command, ctx)
        case RecordManaEvent():
            return mana.decide_record_mana_event(state, command, ctx)
        case CreditDemonPool():
            return mana.decide_credit_demon_pool(state, command, ctx)
        case PayManaSource():
            return mana.decide_pay_mana_source(state, command, ctx)
        case DebitMana():
            return mana.decide_debit_mana(state, command, ctx)
        case ScaleManaSources():
            return mana.decide_scale_mana_sources(state, command, ctx)
        case KillCharacter():
            return life.decide_kill_character(state, command, ctx)
        case ReleaseCharacterFromDeath():
            return life.decide_release_from_death(state, command, ctx)
        case ObliterateCharacter():
            return life.decide_obliterate(state, command, ctx)
        case CreateDemon():
            return life.decide_create_demon(state, command, ctx)
        case TransmigrateCharacter():
            return life.decide_transmigrate(state, command, ctx)
        case GrantProtection():
            return life.decide_grant_protection(state, command, ctx)
        case EndCombatByRuling():
            return end.decide_end_combat_by_ruling(state, command, ctx)
        case ApproveMutilation():
            return life.decide_approve_mutilation(state, command, ctx)
        case ResolvePowerConflict():
            return casting.decide_resolve_conflict(state, command, ctx)
        case SetClock():
            return life.decide_set_clock(state, command, ctx)
        case CreditDemesneMana():
            return demesnes.decide_credit_demesne_mana(state, command, ctx)
        case ProposeServiceContract():
            return records.decide_propose_service_contract(state, command, ctx)
        case SignServiceContract():
            return records.decide_sign_service_contract(state, command, ctx)
        case RecordDivineOath():
            return records.decide_record_divine_oath(state, command, ctx)
        case BuySphereCard():
            return transition.decide_buy_sphere_card(state, command, ctx)
        case RecordSphereCardPurchase():
            return transition.decide_record_sphere_card_purchase(state, command, ctx)
        case GrantPower():
            return transition.decide_grant_power(state, command, ctx)
        case ReportSession():
            return transition.decide_report_session(state, command, ctx)
        case LendPower():
            return lending.decide_lend_power(state, command, ctx)
        case ReturnBorrowedPower():
            return lending.decide_return_borrowed_power(state, command, ctx)
        case (
            AttemptDiplomacy()
            | ApplyEarthEffect()
            | CreateRace()
            | OrderWars()
            | ApplyCult()
            | EndModification()
            | SetPantheon()
            | TriggerModification()
            | CastHistoryPower()
            | SignCoCasting()
            | WithdrawCoCasting()
            | CallTicket()
            | CloseActivityPhase()
            | DeclareWar()
            | EndCentury()
            | ExpelFromPantheon()
            | FoundCity()
            | PlacePopulation()
            | ProposePantheonChange()
            | RecordHistory()
            | ResolveWar()
            | SetMigration()
            | SignPantheonChange()
            | StartCentury()
            | StartReligiousTurmoil()
            | TakeQueueTicket()
        ):
            return decide_earth(state, command, ctx)
        case _:
            assert_never(command)


def on_timer(state: State, timer: Timer, ctx: DecisionContext) -> Sequence[object]:
    """The events a fired timer causes, dated at the timer's own time so history shows who was dead when."""
    events = meetings.quorum_check(state, list(_on_timer(state, timer)))
    return earth_follows(state, start.resume_postponed_duels(state, events, timer.fire_at))


def _on_timer(state: State, timer: Timer) -> Sequence[object]:
    match timer.purpose:
        case fighters.ATTACK_WINDOW:
            return start.on_attack_window(state, timer)
        case start.DUEL:
            return start.on_duel_time(state, timer)
        case effects.CAST_TIMER:
            return effects.on_cast_timer(state, timer)
        case meetings.COUNCIL:
            return meetings.on_council_timer(state, timer)
        case meetings.SPEECH:
            return meetings.on_speech_timer(state, timer)
        case _:
            return life.on_life_timer(state, timer)


PLAYER_COMMANDS = tuple(tag for tag in (m.__struct_config__.tag for m in Command.__args__) if tag not in GM_COMMANDS)


COMBAT_COMMANDS = frozenset(
    {
        "ChooseCombatArtifact",
        "RequestAnnouncement",
        "ChooseCombatPower",
        "ChooseGesture",
        "ProposeMutualEnd",
        "OfferSurrender",
        "RefuseToSurrender",
        "AcceptSurrender",
        "IgnoreSurrender",
        "UseEndOfCombatPower",
        "DropArtifact",
    }
)
DEAD_COMMANDS = ("CollectMana", "TransferMana", "GoOutOfGame", "ReturnToGame", "ElectArchetypeSuccessor")


def available(state: State, actor: Actor) -> Sequence[str]:
    """What the actor may sensibly try now: combat commands in combat, little while dead, the rest otherwise.
    (Each command still checks its own rules when decided.)"""
    tags: list[str] = sorted(GM_COMMANDS) if actor.is_gm else []
    c = state.characters.get(actor.controls or "")
    if c is None or c.life == "obliterated":
        return tags
    if state.in_transition:
        return [*tags, *sorted(BETWEEN_SESSIONS)]
    if c.combat is not None or any(cb.coordinator == c.id for cb in state.combats.values()):
        return tags + sorted(COMBAT_COMMANDS)
    if c.life != "alive" or c.void_dead:
        return [*tags, *DEAD_COMMANDS]
    return tags + [
        t for t in PLAYER_COMMANDS if (t not in COMBAT_COMMANDS or t == "DropArtifact") and t not in TRANSITION_ONLY
    ]


def validate_seat(state: State, controls: str | None) -> None:
    if controls not in state.characters:
        raise Rejected(
            "gods2.unknown_character",
            f"A player seat must play one of the characters: {sorted(state.characters)}.",
        )
