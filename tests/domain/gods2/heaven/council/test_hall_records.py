"""Service contracts and divine oaths kept in the Hall of Doom's public records ([003:51], [003:55], [003:60])."""

from __future__ import annotations

from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.heaven.commands import (
    ProposeServiceContract,
    RecordDivineOath,
    SetClock,
    SignServiceContract,
)
from domain.rulesets.gods2.heaven.council.events import (
    DivineOathRecorded,
    ServiceContractProposed,
    ServiceContractRecorded,
    ServiceContractSigned,
)
from tests.domain.gods2.scenario import ARES, AZAZEL, HERA, IRIS, ZEUS, game
from tests.domain.harness import GM


def test_a_service_contract_is_posted_in_the_hall_of_doom_once_every_party_signed() -> None:
    """[003:60] the Hall of Doom is where current public records of Heaven are posted, such as ... Service
    Contracts; [003:55] service contracts made during the session."""
    g = game()
    (proposed,) = g.when(ProposeServiceContract(parties=["ares", "iris"], terms="Ares guards Olympus"), ZEUS)
    assert proposed == ServiceContractProposed(
        contract_id="contract-zeus-1", proposer="zeus", parties=["zeus", "ares", "iris"], terms="Ares guards Olympus"
    )
    assert g.when(SignServiceContract(contract_id="contract-zeus-1"), ARES) == [
        ServiceContractSigned(contract_id="contract-zeus-1", party="ares", parties=["zeus", "ares", "iris"])
    ]
    assert g.view(HERA).service_contracts == []
    signed = g.when(SignServiceContract(contract_id="contract-zeus-1"), IRIS)
    assert signed[1] == ServiceContractRecorded(
        contract_id="contract-zeus-1", parties=["zeus", "ares", "iris"], terms="Ares guards Olympus"
    )
    assert g.view(HERA).service_contracts == ["zeus, ares, iris: Ares guards Olympus"]
    assert g.view(AZAZEL).service_contracts == g.view(GM).service_contracts


def test_an_unposted_contract_is_seen_by_its_parties_only() -> None:
    """Until it is posted ([003:60]), a contract is its parties' business: outsiders see nothing of it, and a
    refusal does not tell them whether it exists."""
    g = game()
    proposed = g.when(ProposeServiceContract(parties=["ares"], terms="secret pact"), ZEUS)
    signed = g.when(SignServiceContract(contract_id="contract-zeus-1"), ARES)
    for event in [*proposed, signed[0]]:
        assert ruleset.redact(event, ARES) == event
        assert ruleset.redact(event, HERA) is None
    assert ruleset.redact(signed[1], HERA) == signed[1]  # posted: public
    g2 = game()
    g2.when(ProposeServiceContract(parties=["ares"], terms="secret pact"), ZEUS)
    hidden = g2.rejects(SignServiceContract(contract_id="contract-zeus-1"), HERA)
    absent = g2.rejects(SignServiceContract(contract_id="contract-zeus-9"), HERA)
    assert (
        (hidden.code, hidden.message)
        == (absent.code, absent.message)
        == (
            "gods2.unknown_contract",
            "You are party to no such contract.",
        )
    )


def test_a_contract_needs_terms_and_other_parties_each_signing_once() -> None:
    g = game()
    assert g.rejects(ProposeServiceContract(parties=["ares"], terms="  "), ZEUS).code == "gods2.no_terms"
    assert g.rejects(ProposeServiceContract(parties=[], terms="t"), ZEUS).code == "gods2.bad_parties"
    assert g.rejects(ProposeServiceContract(parties=["zeus"], terms="t"), ZEUS).code == "gods2.bad_parties"
    assert g.rejects(ProposeServiceContract(parties=["ares", "ares"], terms="t"), ZEUS).code == "gods2.bad_parties"
    assert g.rejects(ProposeServiceContract(parties=["nobody"], terms="t"), ZEUS).code == "gods2.unknown_character"
    g.when(ProposeServiceContract(parties=["ares"], terms="t"), ZEUS)
    assert g.rejects(SignServiceContract(contract_id="contract-zeus-1"), ZEUS).code == "gods2.already_signed"


def test_contracts_are_made_between_sessions_too() -> None:
    """[003:168] players deal with one another through the GMs in the transition phases."""
    g = game()
    g.when(SetClock(era="centrum", in_transition=True, reason="session ends"))
    g.when(ProposeServiceContract(parties=["ares"], terms="t"), ZEUS)
    assert isinstance(g.when(SignServiceContract(contract_id="contract-zeus-1"), ARES)[1], ServiceContractRecorded)


def test_the_gms_post_a_divine_oath_in_the_hall_of_doom() -> None:
    """[003:60] Divine Oaths are posted in the Hall of Doom; [003:51] players see them before each session."""
    g = game()
    oath = RecordDivineOath(swearer="ares", witness="zeus", text="Ares serves Zeus", reason="witnessed by a power")
    assert g.when(oath) == [
        DivineOathRecorded(swearer="ares", witness="zeus", text="Ares serves Zeus", reason="witnessed by a power")
    ]
    assert g.view(HERA).oaths == ["ares to zeus: Ares serves Zeus"]
    assert ruleset.redact(g.events[-1], HERA) == g.events[-1]
    assert g.rejects(RecordDivineOath(swearer="ares", witness="ares", text="t", reason="r")).code == (
        "gods2.bad_witness"
    )
    assert g.rejects(RecordDivineOath(swearer="ares", witness="zeus", text=" ", reason="r")).code == "gods2.no_text"
    assert g.rejects(oath, ZEUS).status == 403
