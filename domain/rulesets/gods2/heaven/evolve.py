"""`evolve`: fold one Gods II event into the state. Total; never validates, rolls or reads the clock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never, cast

import msgspec

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
from domain.rulesets.gods2.heaven.combat.evolve import evolve_combat
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
from domain.rulesets.gods2.heaven.council.evolve import evolve_council
from domain.rulesets.gods2.heaven.events import HEAVEN_EVENTS, HeavenEvent
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
from domain.rulesets.gods2.heaven.powers.evolve import evolve_powers
from domain.rulesets.gods2.heaven.transition.events import PowerGained, SessionReported, SphereCardBought
from domain.rulesets.gods2.heaven.transition.evolve import evolve_transition
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
from domain.rulesets.gods2.kernel.model import Character, State, Vacancy
from domain.rulesets.gods2.kernel.setup import character_from_setup

R = msgspec.structs.replace


def put(state: State, c: Character) -> State:
    return R(state, characters={**state.characters, c.id: c})


def change(state: State, character_id: str, **fields: object) -> State:
    c = state.characters.get(character_id)
    if c is None:
        return state
    return put(state, R(c, **fields))


def pay_out(state: State, character_id: str, from_held: int, from_pending: int) -> State:
    c = state.characters.get(character_id)
    if c is None:
        return state
    return put(state, R(c, mana=c.mana - from_held, pending=c.pending - from_pending))


def receive(state: State, character_id: str, amount: int, debt_paid: int) -> State:
    """Income pays the debt first; the rest is held (handed over in person)."""
    c = state.characters.get(character_id)
    if c is None:
        return state
    return put(state, R(c, mana=c.mana + amount - debt_paid, debt=c.debt - debt_paid))


def drop_all(state: State, names: list[str], locale: str) -> State:
    artifacts = dict(state.artifacts)
    for name in names:
        if name in artifacts:
            artifacts[name] = R(artifacts[name], holder=None, locale=locale)
    return R(state, artifacts=artifacts)


def evolve_heaven(state: State, event: HeavenEvent) -> State:
    """Fold one Heaven (or shared kernel) event; Earth's events are folded by `earth.evolve`."""
    match event:
        case CharacterMoved():
            return _moved(state, event)
        case GuardianBeastsDefeated():
            return state
        case WildsPartyJoined():
            return change(state, event.character, wilds_leader=event.leader, wilds_powers=tuple(event.powers))
        case VoidExitBought():
            state = pay_out(state, event.character, event.from_held, event.from_pending)
            state = change(state, event.character, lost_in_void=False)
            if event.demon is None:
                return R(state, demon_pool=state.demon_pool + event.arrived)
            return receive(state, event.demon, event.arrived, event.debt_paid)
        case DemonPoolDeposited():
            state = pay_out(state, event.demon, event.from_held, event.from_pending)
            return R(state, demon_pool=state.demon_pool + event.amount)
        case DemonPoolWithdrawn():
            state = receive(state, event.demon, event.amount, event.debt_paid)
            return R(state, demon_pool=state.demon_pool - event.amount)
        case DemonPoolCredited():
            pool = {**state.pool_accumulators, event.source: event.accumulator}
            return R(state, demon_pool=state.demon_pool + event.whole, pool_accumulators=pool)
        case WentOutOfGame():
            return change(state, event.character, out_of_game=True)
        case ReturnedToGame():
            return change(state, event.character, out_of_game=False)
        case ProtectionGranted():
            c = state.characters.get(event.character)
            if c is None or event.against in c.protections:
                return state
            return put(state, R(c, protections=(*c.protections, event.against)))
        case ManaCredited():
            c = state.characters.get(event.character)
            if c is None:
                return state
            accumulators = {**c.accumulators, event.source: event.accumulator}
            return put(
                state,
                R(
                    c,
                    accumulators=accumulators,
                    pending=c.pending + event.whole - event.debt_paid,
                    debt=c.debt - event.debt_paid,
                ),
            )
        case ManaCollected():
            c = state.characters.get(event.character)
            if c is None:
                return state
            return put(state, R(c, mana=c.mana + event.amount, pending=c.pending - event.amount))
        case ManaTransferred():
            state = pay_out(state, event.giver, event.from_held, event.from_pending)
            return receive(state, event.receiver, event.received, event.debt_paid)
        case ManaSpent():
            return pay_out(state, event.character, event.from_held, event.from_pending)
        case ManaLost():
            state = pay_out(state, event.character, event.from_held, event.from_pending)
            c = state.characters.get(event.character)
            return state if c is None else put(state, R(c, debt=c.debt + event.debt_added))
        case ManaSourcesScaled():
            return R(state, source_scale=state.source_scale * event.factor)
        case CharacterDied():
            return _died(state, event)
        case DemonBanished():
            state = drop_all(state, event.dropped, state.characters[event.character].locale)
            return change(
                state,
                event.character,
                locale=event.void,
                void_confined_until=event.until,
                void_dead=event.killed_in_void,
                life_timer=event.timer_id,
                lost_in_void=False,
                outlaw=False,
                combat=None,
            )
        case CharacterRevived():
            return change(state, event.character, life="alive", dead_until=None, life_timer=None)
        case DemonFreed():
            return change(state, event.character, void_confined_until=None, void_dead=False, life_timer=None)
        case CharacterObliterated():
            return _obliterated(state, event)
        case DemonCreated():
            return put(state, character_from_setup(event.demon))
        case ClockSet():
            return _clock(state, event)
        case BodyDisposed():
            return R(state, bodies={k: v for k, v in state.bodies.items() if k != event.body})
        case (
            AttackAnnounced()
            | AttackLapsed()
            | BodyguardStepped()
            | DuelChallenged()
            | DuelTimeNamed()
            | DuelSupportCast()
            | DuelNoShow()
            | DuelPostponed()
            | CombatStarted()
            | CombatArtifactChosen()
            | AnnouncementRequested()
            | CombatPowerChosen()
            | CombatPowersRevealed()
            | CombatPowerTookEffect()
            | GestureChosen()
            | RoundFought()
            | FighterFell()
            | MutualEndProposed()
            | SurrenderOffered()
            | SurrenderAccepted()
            | MutilationInflicted()
            | MutilationApproved()
            | LaborImposed()
            | LaborEnded()
            | CombatEnded()
            | Disengaged()
            | KeepAwayEnded()
            | DemesneBuildProposed()
            | DemesneBuilt()
            | VisitorAdmitted()
            | DemesneDefenceCoordinated()
            | DemesneFell()
            | ArtifactDropped()
            | ArtifactClaimable()
            | ArtifactCreated()
            | ArtifactPickedUp()
            | ArtifactHandedOver()
        ):
            return evolve_combat(state, event)
        case (
            PowerCast()
            | CastPending()
            | CastFailed()
            | CastCompleted()
            | GiftGranted()
            | RulingRequested()
            | PowerEffectRuled()
            | MutilationsHealed()
            | DemesnePowerSet()
            | PowerConflictResolved()
            | PowerLent()
            | BorrowedPowerReturned()
        ):
            return evolve_powers(state, event)
        case (
            CouncilSummoned()
            | CouncilConvened()
            | CouncilFailedToConvene()
            | LeaderSpeechEnded()
            | MotionProposed()
            | VoteCast()
            | MotionPassed()
            | MotionFailed()
            | LawPassed()
            | LawAmended()
            | LawRescinded()
            | OfficeAssigned()
            | OfficeRevoked()
            | GreaterGodPromoted()
            | ArchetypeSuccessorNamed()
            | ArchetypeSucceeded()
            | SupremeDeityChosen()
            | OutlawDeclared()
            | CouncilDissolved()
            | ServiceContractProposed()
            | ServiceContractSigned()
            | ServiceContractRecorded()
            | DivineOathRecorded()
        ):
            return evolve_council(state, event)
        case SphereCardBought() | PowerGained() | SessionReported():
            return evolve_transition(state, event)
        case _:
            assert_never(event)


def _moved(state: State, event: CharacterMoved) -> State:
    c = state.characters.get(event.character)
    if c is None:
        return state
    kind, came_from = _kind(state, event.to_locale), _kind(state, event.from_locale)
    used = {
        "void": "lost_in_void",
        "primeval_wilds": "guardian_beasts",
        "underworld": "underworld_entry",
    }.get(kind)
    protections = c.protections
    if used in protections and came_from != kind:
        protections = tuple(p for p in protections if p != used)  # a protection serves one entry
    demesne = state.demesnes.get(event.to_locale)
    if demesne is not None and c.id in demesne.admitted:
        admitted = tuple(v for v in demesne.admitted if v != c.id)  # an admission serves one entry
        state = R(state, demesnes={**state.demesnes, demesne.id: R(demesne, admitted=admitted)})
    moved = R(c, locale=event.to_locale, lost_in_void=event.lost_in_void, protections=protections)
    if event.listen_until is not None:
        moved = R(moved, conversation_until=event.listen_until)
    return put(state, R(moved, wilds_leader=None, wilds_powers=()))


def _kind(state: State, place: str) -> str:
    demesne = state.demesnes.get(place)
    if demesne is not None:
        place = demesne.parent
    locale = state.locales.get(place)
    return "" if locale is None else locale.kind


def _died(state: State, event: CharacterDied) -> State:
    c = state.characters.get(event.character)
    if c is None:
        return state
    state = drop_all(state, event.dropped, c.locale)
    life = "dead" if event.until is not None else "permanently_dead"
    # [003:492] death wipes the outlaw's slate clean.
    return put(
        state,
        R(
            c,
            life=life,
            dead_until=event.until,
            life_timer=event.timer_id,
            locale=event.underworld or c.locale,
            outlaw=False,
            lost_in_void=False,
            combat=None,
            conversation_until=None,
            labor_master=None,
            labor_until=None,
        ),
    )


def _obliterated(state: State, event: CharacterObliterated) -> State:
    """[003:435] sphere cards return to the pool; demesnes are no longer hers; offices fall vacant."""
    c = state.characters.get(event.character)
    if c is None:
        return state
    state = drop_all(state, event.dropped, c.locale)
    demesnes = {k: R(d, owners=tuple(o for o in d.owners if o != c.id)) for k, d in state.demesnes.items()}
    offices = {office: holder for office, holder in state.offices.items() if holder != c.id}
    vacancies = state.vacancies
    if c.kind == "greater_god" and not c.primal_being:
        # [003:439] her seat becomes vacant; [003:443] a primal being's seat may never be filled again.
        # [003:441] with no archetypal lesser gods left, the seat is filled by election like any other.
        electors = tuple(event.archetypal_electors)
        sphere = c.greater_spheres[0] if c.greater_spheres else None
        vacancies = (*vacancies, Vacancy(seat_of=c.id, archetype=bool(electors), sphere=sphere, electors=electors))
    gone = R(
        c,
        life="obliterated",
        spheres={},
        greater_spheres=(),
        dead_until=None,
        life_timer=None,
        combat=None,
        outlaw=False,
    )
    bodies = {**state.bodies, c.id: event.by} if event.by else state.bodies
    state = R(put(state, gone), demesnes=demesnes, offices=offices, vacancies=vacancies, bodies=bodies)
    # [003:437-439] lords and lesser gods lose all privileges connected with her.
    characters = {
        k: R(x, lords=tuple(lord for lord in x.lords if lord != c.id)) if c.id in x.lords else x
        for k, x in state.characters.items()
    }
    return R(state, characters=characters)


def _clock(state: State, event: ClockSet) -> State:
    lapsed = ({"session"} if event.session_ended else set()) | ({"era"} if event.era_ended else set())
    demesnes = {k: R(d, powers=tuple(p for p in d.powers if p.lasts not in lapsed)) for k, d in state.demesnes.items()}
    characters = state.characters
    if event.era_ended:
        characters = {k: R(c, earthly_bans=()) for k, c in characters.items()}
    if event.session_started:
        characters = {k: R(c, sources_waiting=()) for k, c in characters.items()}
    session = state.session + 1 if event.session_started else state.session
    return R(
        state,
        era=event.era,
        in_transition=event.in_transition,
        demesnes=demesnes,
        characters=characters,
        session=session,
    )


def folded(state: State, events: Sequence[object]) -> State:
    """The state after `events` (a decision's own output, folded to compute what follows from it)."""
    for event in events:
        if isinstance(event, HEAVEN_EVENTS):
            state = evolve_heaven(state, cast(HeavenEvent, event))
    return state
