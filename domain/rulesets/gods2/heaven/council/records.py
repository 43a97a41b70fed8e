"""The Hall of Doom's public records beyond the Council's own ([003:51], [003:60]): service contracts and divine
oaths, posted for everyone to read.

Chosen readings: a contract is posted once every party has signed it (until then only its parties see it); the
parties sign from anywhere, as they would hand a signed paper to the referees. Surrender Will posts its oath
itself ([003:292]); the GMs post an oath sworn through a power the engine does not model (`RecordDivineOath`).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.engine.ids import owned_id
from domain.rulesets.gods2.heaven.commands import ProposeServiceContract, RecordDivineOath, SignServiceContract
from domain.rulesets.gods2.heaven.council.events import (
    DivineOathRecorded,
    ServiceContractProposed,
    ServiceContractRecorded,
    ServiceContractSigned,
)
from domain.rulesets.gods2.kernel.common import character, me, reject, require_reason
from domain.rulesets.gods2.kernel.model import State


def decide_propose_service_contract(
    state: State, command: ProposeServiceContract, ctx: DecisionContext
) -> Sequence[object]:
    c = me(state, ctx)
    if not command.terms.strip():
        raise reject("no_terms", "Write the contract's terms.")
    others = list(command.parties)
    if not others or c.id in others or len(set(others)) != len(others):
        raise reject("bad_parties", "Name each other party once; you are a party yourself.")
    for party in others:
        if character(state, party).life == "obliterated":
            raise reject("gone", f"{party} has been obliterated.")
    return [
        ServiceContractProposed(
            contract_id=owned_id(state.serials, "contract", c.id),
            proposer=c.id,
            parties=[c.id, *others],
            terms=command.terms,
        )
    ]


def decide_sign_service_contract(state: State, command: SignServiceContract, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    contract = state.contracts.get(command.contract_id)
    if contract is None or c.id not in contract.parties:
        # Same answer whether the contract exists or not: a contract is its parties' business until posted.
        raise reject("unknown_contract", "You are party to no such contract.")
    if c.id in contract.signed:
        raise reject("already_signed", "You have signed this contract already.")
    signed: list[object] = [ServiceContractSigned(contract_id=contract.id, party=c.id, parties=list(contract.parties))]
    if set(contract.parties) <= {*contract.signed, c.id}:
        signed.append(
            ServiceContractRecorded(contract_id=contract.id, parties=list(contract.parties), terms=contract.terms)
        )
    return signed


def decide_record_divine_oath(state: State, command: RecordDivineOath, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    swearer, witness = character(state, command.swearer), character(state, command.witness)
    if swearer.id == witness.id:
        raise reject("bad_witness", "An oath is sworn before another character.")
    if not command.text.strip():
        raise reject("no_text", "Write the oath.")
    return [DivineOathRecorded(swearer=swearer.id, witness=witness.id, text=command.text, reason=command.reason)]
