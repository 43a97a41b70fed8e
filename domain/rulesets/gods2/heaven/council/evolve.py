"""`evolve` for the Great Council and the Hall of Doom's records."""

from __future__ import annotations

import msgspec

from domain.engine.ids import counted
from domain.rulesets.gods2.heaven.council.events import (
    ArchetypeSucceeded,
    ArchetypeSuccessorNamed,
    CouncilConvened,
    CouncilDissolved,
    CouncilEvent,
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
from domain.rulesets.gods2.kernel.model import CouncilMeeting, CouncilSummons, Motion, Oath, ServiceContract, State

R = msgspec.structs.replace


def _change(state: State, character_id: str, **fields: object) -> State:
    c = state.characters.get(character_id)
    if c is None:
        return state
    return R(state, characters={**state.characters, c.id: R(c, **fields)})


def _motion(state: State, motion_id: str, **fields: object) -> State:
    council = state.council
    if council is None or motion_id not in council.motions:
        return state
    motions = {**council.motions, motion_id: R(council.motions[motion_id], **fields)}
    return R(state, council=R(council, motions=motions))


def _drop_motion(state: State, motion_id: str) -> State:
    council = state.council
    if council is None:
        return state
    return R(state, council=R(council, motions={k: v for k, v in council.motions.items() if k != motion_id}))


def evolve_council(state: State, event: CouncilEvent) -> State:
    match event:
        case CouncilSummoned():
            return R(state, summons=CouncilSummons(leader=event.leader, at=event.at, timer_id=event.timer_id))
        case CouncilConvened():
            meeting = CouncilMeeting(
                leader=event.leader,
                hall=event.hall,
                started_at=event.at,
                speech_until=event.speech_until,
                speech_timer=event.speech_timer,
                forfeited=tuple(event.forfeited),
            )
            return R(state, council=meeting, summons=None)
        case CouncilFailedToConvene():
            return R(state, summons=None)
        case LeaderSpeechEnded():
            return state if state.council is None else R(state, council=R(state.council, speech_until=event.at))
        case MotionProposed():
            if state.council is None:
                return state
            motion = Motion(
                id=event.motion_id,
                kind=event.kind,
                text=event.text,
                proposer=event.proposer,
                subject=event.subject,
                office=event.office,
                sphere=event.sphere,
                law=event.law,
            )
            meeting = R(state.council, motions={**state.council.motions, motion.id: motion})
            return R(state, council=meeting, serial=state.serial + 1)
        case VoteCast():
            current = state.council
            if current is None or event.motion_id not in current.motions:
                return state
            m = current.motions[event.motion_id]
            if event.yes:
                return _motion(state, m.id, yes=(*m.yes, event.voter))
            return _motion(state, m.id, no=(*m.no, event.voter))
        case MotionPassed() | MotionFailed():
            return _drop_motion(state, event.motion_id)
        case LawPassed():
            return R(state, laws=(*state.laws, event.text))
        case LawAmended():
            laws = list(state.laws)
            if 0 <= event.law < len(laws):
                laws[event.law] = event.text
            return R(state, laws=tuple(laws))
        case LawRescinded():
            return R(state, laws=tuple(t for i, t in enumerate(state.laws) if i != event.law))
        case OfficeAssigned():
            return R(state, offices={**state.offices, event.office: event.holder})
        case OfficeRevoked():
            return R(state, offices={k: v for k, v in state.offices.items() if k != event.office})
        case GreaterGodPromoted():
            c = state.characters.get(event.character)
            if c is None:
                return state
            vacancies = list(state.vacancies)
            for i, v in enumerate(vacancies):
                if v.seat_of == event.seat_of:
                    del vacancies[i]
                    break
            state = R(state, vacancies=tuple(vacancies))
            return _change(
                state,
                c.id,
                kind="greater_god",
                greater_spheres=(*c.greater_spheres, event.sphere),
                sources_waiting=(*c.sources_waiting, event.sphere),
                lords=(),
            )
        case ArchetypeSuccessorNamed():
            voted = tuple(
                R(v, votes={**v.votes, event.elector: event.candidate}) if v.seat_of == event.seat_of else v
                for v in state.vacancies
            )
            return R(state, vacancies=voted)
        case ArchetypeSucceeded():
            state = R(state, vacancies=tuple(v for v in state.vacancies if v.seat_of != event.seat_of))
            c = state.characters.get(event.character)
            if c is None:
                return state
            spheres = dict(c.spheres)
            if event.sphere is not None:
                spheres[event.sphere] = spheres.get(event.sphere, 0) + 5
            state = _change(state, c.id, kind="greater_god", archetype=True, spheres=spheres, lords=())
            for minion in event.minions:
                state = _change(state, minion, lords=(event.character,))
            return state
        case SupremeDeityChosen():
            return R(state, supreme_deity=event.character)
        case OutlawDeclared():
            return _change(state, event.character, outlaw=True)
        case CouncilDissolved():
            state = R(state, council=None)
            for shamed in event.forfeit_served:
                state = _change(state, shamed, shamed=False)
            return state
        case ServiceContractProposed():
            contract = ServiceContract(
                id=event.contract_id,
                proposer=event.proposer,
                parties=tuple(event.parties),
                terms=event.terms,
                signed=(event.proposer,),
            )
            return R(
                state, contracts={**state.contracts, contract.id: contract}, serials=counted(state.serials, contract.id)
            )
        case ServiceContractSigned():
            signing = state.contracts.get(event.contract_id)
            if signing is None:
                return state
            signed = R(signing, signed=(*signing.signed, event.party))
            return R(state, contracts={**state.contracts, signing.id: signed})
        case ServiceContractRecorded():
            posted = state.contracts.get(event.contract_id)
            if posted is None:
                return state
            return R(state, contracts={**state.contracts, posted.id: R(posted, recorded=True)})
        case DivineOathRecorded():
            return R(state, oaths=(*state.oaths, Oath(swearer=event.swearer, witness=event.witness, text=event.text)))
