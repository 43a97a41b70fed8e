"""Events of the Great Council and the Hall of Doom's records: meetings, motions, votes, laws, offices,
promotions and outlaws. All public: they are posted in the Hall of Doom ([003:60])."""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain.rulesets.gods2.kernel.model import MotionKind


class CouncilSummoned(msgspec.Struct, frozen=True, tag="CouncilSummoned", tag_field="type"):
    leader: str
    at: datetime
    timer_id: str


class CouncilConvened(msgspec.Struct, frozen=True, tag="CouncilConvened", tag_field="type"):
    """[003:482] the summoner leads and may speak for three minutes, uninterrupted."""

    leader: str
    hall: str
    at: datetime
    speech_until: datetime
    speech_timer: str
    forfeited: list[str] = []


class CouncilFailedToConvene(msgspec.Struct, frozen=True, tag="CouncilFailedToConvene", tag_field="type"):
    leader: str
    reason: str


class LeaderSpeechEnded(msgspec.Struct, frozen=True, tag="LeaderSpeechEnded", tag_field="type"):
    at: datetime


class MotionProposed(msgspec.Struct, frozen=True, tag="MotionProposed", tag_field="type"):
    motion_id: str
    kind: MotionKind
    text: str
    proposer: str
    subject: str | None = None
    office: str | None = None
    sphere: str | None = None
    law: int | None = None


class VoteCast(msgspec.Struct, frozen=True, tag="VoteCast", tag_field="type"):
    motion_id: str
    voter: str
    yes: bool


class MotionPassed(msgspec.Struct, frozen=True, tag="MotionPassed", tag_field="type"):
    motion_id: str
    yes: int


class MotionFailed(msgspec.Struct, frozen=True, tag="MotionFailed", tag_field="type"):
    motion_id: str
    yes: int


class LawPassed(msgspec.Struct, frozen=True, tag="LawPassed", tag_field="type"):
    text: str


class LawAmended(msgspec.Struct, frozen=True, tag="LawAmended", tag_field="type"):
    law: int
    text: str


class LawRescinded(msgspec.Struct, frozen=True, tag="LawRescinded", tag_field="type"):
    law: int


class OfficeAssigned(msgspec.Struct, frozen=True, tag="OfficeAssigned", tag_field="type"):
    """[003:504] the former holder loses the office's powers and the new one gains them at the same instant."""

    office: str
    holder: str
    previous: str | None = None


class OfficeRevoked(msgspec.Struct, frozen=True, tag="OfficeRevoked", tag_field="type"):
    office: str
    holder: str


class GreaterGodPromoted(msgspec.Struct, frozen=True, tag="GreaterGodPromoted", tag_field="type"):
    """[003:500] one greater sphere card; no longer anyone's minion; its mana sources from the next session."""

    character: str
    sphere: str
    seat_of: str


class ArchetypeSuccessorNamed(msgspec.Struct, frozen=True, tag="ArchetypeSuccessorNamed", tag_field="type"):
    seat_of: str
    elector: str
    candidate: str


class ArchetypeSucceeded(msgspec.Struct, frozen=True, tag="ArchetypeSucceeded", tag_field="type"):
    """[003:441] elected unanimously by the former archetypal lesser gods: a greater god and archetype with five
    more cards in the archetypal sphere; the other electors become his minions."""

    seat_of: str
    character: str
    sphere: str | None
    minions: list[str]


class SupremeDeityChosen(msgspec.Struct, frozen=True, tag="SupremeDeityChosen", tag_field="type"):
    character: str


class OutlawDeclared(msgspec.Struct, frozen=True, tag="OutlawDeclared", tag_field="type"):
    """[003:490-492] by the Judge of Heaven; an outlaw remains one until he dies."""

    character: str
    by: str
    reason: str


class CouncilDissolved(msgspec.Struct, frozen=True, tag="CouncilDissolved", tag_field="type"):
    """[003:480] by the leader, or when fewer than seven greater gods are present; the shamed have now served
    their forfeit ([003:330])."""

    reason: str
    forfeit_served: list[str] = []


class ServiceContractProposed(msgspec.Struct, frozen=True, tag="ServiceContractProposed", tag_field="type"):
    """Seen by its parties until every one has signed."""

    contract_id: str
    proposer: str
    parties: list[str]
    terms: str


class ServiceContractSigned(msgspec.Struct, frozen=True, tag="ServiceContractSigned", tag_field="type"):
    contract_id: str
    party: str
    parties: list[str]  # every party, who alone see the signature


class ServiceContractRecorded(msgspec.Struct, frozen=True, tag="ServiceContractRecorded", tag_field="type"):
    """Every party signed: the contract is posted in the Hall of Doom for all to read ([003:60])."""

    contract_id: str
    parties: list[str]
    terms: str


class DivineOathRecorded(msgspec.Struct, frozen=True, tag="DivineOathRecorded", tag_field="type"):
    """A divine oath posted in the Hall of Doom ([003:60]) by the GMs."""

    swearer: str
    witness: str
    text: str
    reason: str


CouncilEvent = (
    CouncilSummoned
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
)
