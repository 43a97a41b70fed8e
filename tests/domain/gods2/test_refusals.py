"""Refusals that no rule test reaches otherwise, each with its stable code (see tests/test_rejection_codes.py)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.engine import Actor
from domain.rulesets.gods2.commands import (
    AdmitToDemesne,
    AttackDemesne,
    CloseMotion,
    DepositInDemonPool,
    EndCombatByRuling,
    EnterPrimevalWilds,
    JoinWildsParty,
    MoveToLocale,
    ObliterateCharacter,
    PayWayOutOfVoid,
    ReleaseCharacterFromDeath,
    ReturnToGame,
    RulePowerEffect,
    SneakAttack,
    TransferMana,
    Vote,
)
from domain.rulesets.gods2.earth.commands import (
    CastHistoryPower,
    DeclareWar,
    RecordHistory,
    ResolveWar,
    SetPantheon,
    SignCoCasting,
    WithdrawCoCasting,
)
from domain.rulesets.gods2.earth.model import EarthSetup
from tests.domain.gods2.earth.scenario import earth, earth_game, fill, race, sq
from tests.domain.gods2.scenario import ARES, HERA, ZEUS, game
from tests.domain.harness import GM, Game, seat

HEAVEN: list[tuple[str, Any, Actor]] = [
    ("gods2.already_there", MoveToLocale(locale="hall"), ZEUS),
    ("gods2.self_transfer", TransferMana(to="zeus", amount=1), ZEUS),
    ("gods2.bad_amount", DepositInDemonPool(amount=0), seat("azazel")),
    ("gods2.not_out", ReturnToGame(), ZEUS),
    ("gods2.not_lost", PayWayOutOfVoid(demon=None), ZEUS),
    ("gods2.not_dead", ReleaseCharacterFromDeath(character="hera", reason="ruling"), GM),
    ("gods2.self_attack", SneakAttack(target="zeus"), ZEUS),
    ("gods2.unknown_demesne", AttackDemesne(demesne="atlantis"), ARES),
    ("gods2.no_such_combat", EndCombatByRuling(combat_id="combat-none", dead=[], reason="ruling"), GM),
    ("gods2.not_the_wilds", EnterPrimevalWilds(locale="hall", powers=[]), ZEUS),
    ("gods2.own_party", JoinWildsParty(leader="zeus", powers=[]), ZEUS),
    ("gods2.no_council", Vote(motion_id="motion-1", yes=True), ZEUS),
    ("gods2.no_council", CloseMotion(motion_id="motion-1"), ZEUS),
    ("gods2.no_open_ruling", RulePowerEffect(cast_id="cast-1", ruling="it burns", reason="ruling"), GM),
]


@pytest.mark.parametrize(("code", "command", "actor"), HEAVEN, ids=[f"{c[0]}:{type(c[1]).__name__}" for c in HEAVEN])
def test_each_heaven_refusal_has_its_code(code: str, command: Any, actor: Actor) -> None:
    assert game().rejects(command, actor).code == code


def test_an_obliterated_character_cannot_be_obliterated_again() -> None:
    g = game()
    g.when(ObliterateCharacter(character="ares", reason="ruling"))
    assert g.rejects(ObliterateCharacter(character="ares", reason="again"), GM).code == "gods2.gone"


def test_a_visitor_must_wait_outside_the_demesne() -> None:
    """[003:120] anyone inside may admit anyone outside; Hera is not at Olympus's door."""
    g = game()
    g.when(MoveToLocale(locale="city"), ZEUS)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    assert g.rejects(AdmitToDemesne(visitor="hera"), ZEUS).code == "gods2.not_at_the_door"


def _earth() -> EarthSetup:
    return earth(
        [race("r", pantheon={"zeus": "100"}, aggression=-20), race("s", aggression=-20)],
        {**fill("r", [sq(0, 0), sq(1, 0)], 2), sq(0, 1): ("s", 2)},
    )


EARTH: list[tuple[str, Any, Actor]] = [
    ("gods2.unknown_race", DeclareWar(attacker="r", defender="elves", reason="ruling"), GM),
    ("gods2.unknown_war", ResolveWar(war="war-9", reason="ruling"), GM),
    ("gods2.empty_history", RecordHistory(text=" "), ZEUS),
    ("gods2.unknown_deity", SetPantheon(race="r", shares={"poseidon": "100"}, reason="ruling"), GM),
    ("gods2.unknown_casting", SignCoCasting(casting="cocast-1"), HERA),
    ("gods2.unknown_casting", WithdrawCoCasting(casting="cocast-1"), HERA),
]


@pytest.mark.parametrize(("code", "command", "actor"), EARTH, ids=[f"{c[0]}:{type(c[1]).__name__}" for c in EARTH])
def test_each_earth_refusal_has_its_code(code: str, command: Any, actor: Actor) -> None:
    g: Game = earth_game(_earth(), chars={"zeus": {"locale": "window"}, "hera": {"locale": "window"}})
    assert g.rejects(command, actor).code == code


def test_a_history_power_names_a_known_power_and_squares_of_the_map() -> None:
    from domain.rulesets.gods2.earth.commands import CallTicket, TakeQueueTicket

    g = earth_game(_earth(), chars={"zeus": {"locale": "window"}})
    g.when(TakeQueueTicket(), ZEUS)
    g.when(CallTicket())
    assert g.rejects(CastHistoryPower(power="no_such_power"), ZEUS).code == "gods2.unknown_power"
    wrong = CastHistoryPower(power="earthquake", squares=["nowhere"])
    assert g.rejects(wrong, ZEUS).code in ("gods2.unknown_square", "gods2.no_cards")


def test_a_game_without_an_earth_has_no_earth_commands() -> None:
    assert game().rejects(RecordHistory(text="x"), ZEUS).code == "gods2.no_earth"
