"""A whole Heaven session through the domain, as a GM would see it unfold, and what a bystander sees of it."""

from __future__ import annotations

from datetime import timedelta

import msgspec

from domain.engine.messages import FireDueTimers
from domain.rulesets.gods2.heaven.combat.events import CombatEnded
from domain.rulesets.gods2.heaven.commands import (
    AcceptSurrender,
    ChallengeDuel,
    ChooseCombatPower,
    ChooseGesture,
    MoveToLocale,
    NameDuelTime,
    OfferSurrender,
    ProposeMotion,
    RefuseToSurrender,
    SneakAttack,
    SummonGreatCouncil,
    TransferMana,
    Vote,
)
from domain.rulesets.gods2.heaven.council.events import LawPassed
from domain.rulesets.gods2.kernel.events import CharacterDied, CharacterRevived
from tests.domain.gods2.combat_helpers import knock_down
from tests.domain.gods2.heaven.council.test_council import G, council_game
from tests.domain.gods2.scenario import ARES, AZAZEL, HERA, ZEUS
from tests.domain.harness import T0


def test_a_session_moves_trades_duels_dies_revives_and_legislates() -> None:
    g = council_game()
    # moves and a transfer
    g.when(MoveToLocale(locale="feasts"), ZEUS)
    g.when(MoveToLocale(locale="feasts"), HERA)
    g.when(TransferMana(to="hera", amount=4), ZEUS)
    g.when(MoveToLocale(locale="hall"), ZEUS)
    g.when(MoveToLocale(locale="hall"), HERA)
    # a duel to surrender with terms
    duel = g.when(ChallengeDuel(target="hera"), ZEUS)[0]
    g.when(NameDuelTime(duel_id=duel.duel_id, minutes=10), HERA)
    g.advance(10)
    g.when(FireDueTimers())
    g.when(ChooseCombatPower(power="sword_of_fire"), ZEUS)
    g.when(ChooseCombatPower(power=None), HERA)
    g.when(ChooseGesture(gesture="trick"), ZEUS)
    g.when(ChooseGesture(gesture="rock"), HERA)
    knock_down(g, ZEUS, HERA, 4)
    g.when(OfferSurrender(), HERA)
    ended = g.when(AcceptSurrender(term="mana"), ZEUS)
    assert CombatEnded(combat_id="combat-2", outcome="surrender", winner="zeus", loser="hera") in ended
    # a death and its timer
    g.when(MoveToLocale(locale="city"), ARES)
    g.when(MoveToLocale(locale="city"), HERA)
    g.when(SneakAttack(target="ares"), HERA)
    g.now += timedelta(seconds=5)
    g.when(FireDueTimers())
    knock_down(g, HERA, ARES)
    died = next(e for e in g.when(RefuseToSurrender(), ARES) if isinstance(e, CharacterDied))
    death_at = died.at
    # a Council vote passing a law, while Ares is dead
    g.when(MoveToLocale(locale="hall"), HERA)
    g.when(SummonGreatCouncil(minutes=0), ZEUS)
    g.when(FireDueTimers())
    g.advance(3)
    g.when(FireDueTimers())
    motion = g.when(ProposeMotion(kind="pass_law", text="Thou shalt not attack Ares."), ZEUS)[0].motion_id
    passed = []
    for voter in [ZEUS, HERA, *list(G.values())[:5]]:
        passed = g.when(Vote(motion_id=motion, yes=True), voter)
    assert LawPassed(text="Thou shalt not attack Ares.") in passed
    assert g.rules.characters["ares"].life == "dead"
    g.now = death_at + timedelta(minutes=30)
    revived = g.when(FireDueTimers())
    assert isinstance(revived[1], CharacterRevived) and revived[1].at == death_at + timedelta(minutes=30)
    assert g.rules.characters["ares"].life == "alive"
    assert death_at > T0

    # What a bystander (the demon) may see of all this: no one else's mana, no sealed choice before its reveal.
    for event in g.events:
        shown = g.ruleset.redact(event, AZAZEL) if type(event).__module__.startswith("domain.rulesets") else event
        if shown is None:
            continue
        data = msgspec.to_builtins(shown, enc_hook=str)
        if data.get("type") in ("CombatPowerChosen",) and data.get("sealed"):
            assert data["power"] is None
        if data.get("type") == "GestureChosen":
            assert data["gesture"] is None
        assert data.get("type") not in ("ManaTransferred", "ManaSpent", "ManaCredited", "ManaCollected")
