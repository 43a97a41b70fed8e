"""Death, its 30 minutes and six restrictions, demons' banishment, obliteration ([003:385-449])."""

from __future__ import annotations

from datetime import timedelta

import pytest

from domain.engine import game as engine
from domain.engine.messages import FireDueTimers, TimerCancelled, TimerFired, TimerScheduled
from domain.rulesets.gods2.heaven.combat.events import MutilationInflicted
from domain.rulesets.gods2.heaven.commands import (
    AcceptSurrender,
    CastPower,
    CreateDemon,
    DisposeOfBody,
    KillCharacter,
    MoveToLocale,
    ObliterateCharacter,
    OfferSurrender,
    PickUpArtifact,
    ReleaseCharacterFromDeath,
    SneakAttack,
    TransferMana,
    TransmigrateCharacter,
)
from domain.rulesets.gods2.kernel.events import CharacterDied, CharacterRevived, DemonBanished, ManaCredited, ManaLost
from domain.rulesets.gods2.kernel.model import CharacterSetup, Settings
from tests.domain.gods2.combat_helpers import knock_down, play, sneak
from tests.domain.gods2.scenario import ARES, AZAZEL, HERA, ZEUS, game
from tests.domain.harness import T0, seat


def test_a_dead_god_goes_to_the_underworld_for_thirty_minutes_on_a_timer() -> None:
    """[003:420] drop your artifacts, transmigrate to the Underworld, remain dead for 30 minutes."""
    g = game()
    events = g.when(KillCharacter(character="zeus", reason="struck by Thunderbolt"))
    until = T0 + timedelta(minutes=30)
    assert events == [
        CharacterDied(
            character="zeus",
            at=T0,
            until=until,
            timer_id=f"revive:zeus:{T0.isoformat()}",
            cause="struck by Thunderbolt",
            dropped=["aegis"],
            underworld="underworld",
        ),
        TimerScheduled(timer_id=f"revive:zeus:{T0.isoformat()}", fire_at=until, purpose="revive", subject="zeus"),
    ]
    zeus = g.rules.characters["zeus"]
    assert (zeus.life, zeus.locale, zeus.dead_until) == ("dead", "underworld", until)


def test_a_shortened_rules_minute_shortens_the_thirty_minutes_dead() -> None:
    """[003:420] 30 minutes dead; `Settings.minute_seconds` lets a rehearsal run the same 30 rule-minutes faster."""
    g = game(settings=Settings(minute_seconds=2))
    died = g.when(KillCharacter(character="zeus", reason="test"))[0]
    assert isinstance(died, CharacterDied) and died.until == T0 + timedelta(seconds=60)
    g.now += timedelta(seconds=59)
    assert g.when(FireDueTimers()) == []
    g.now += timedelta(seconds=1)
    assert isinstance(g.when(FireDueTimers())[1], CharacterRevived)
    assert g.rules.characters["zeus"].life == "alive"


def test_the_dead_drop_their_artifacts_where_they_died() -> None:
    """[003:420] you must immediately drop any artifacts; restriction 5: you may not possess artifacts."""
    g = game()
    g.when(KillCharacter(character="zeus", reason="test"))
    aegis = g.rules.artifacts["aegis"]
    assert (aegis.holder, aegis.locale) == (None, "hall")


def test_the_dead_return_to_life_when_the_thirty_minutes_are_up() -> None:
    g = game()
    g.when(KillCharacter(character="zeus", reason="test"))
    g.advance(29)
    assert g.when(FireDueTimers()) == []
    g.advance(1)
    events = g.when(FireDueTimers())
    assert events == [
        TimerFired(timer_id=f"revive:zeus:{T0.isoformat()}", at=T0 + timedelta(minutes=30)),
        CharacterRevived(
            character="zeus", at=T0 + timedelta(minutes=30), cause="30 minutes in the Underworld [003:420]"
        ),
    ]
    assert g.rules.characters["zeus"].life == "alive"
    g.when(MoveToLocale(locale="hall"), ZEUS)  # the living may exit the Underworld at any time [003:68]


def test_a_late_timer_revives_at_its_own_time_not_the_firing_time() -> None:
    """Time travel shows who was dead when: the revival is dated when the 30 minutes ended."""
    g = game()
    g.when(KillCharacter(character="zeus", reason="test"))
    g.advance(45)
    revived = g.when(FireDueTimers())[1]
    assert revived.at == T0 + timedelta(minutes=30)


def test_the_dead_may_not_leave_the_underworld() -> None:
    """[003:422] restriction 1."""
    g = game()
    g.when(KillCharacter(character="zeus", reason="test"))
    assert g.rejects(MoveToLocale(locale="hall"), ZEUS).code == "gods2.dead_may_not_leave"


def test_the_dead_may_not_attack_or_be_attacked() -> None:
    """[003:425] restriction 4."""
    g = game()
    g.when(KillCharacter(character="zeus", reason="test"))
    g.when(KillCharacter(character="hera", reason="test"))
    assert g.rejects(SneakAttack(target="hera"), ZEUS).code == "gods2.dead"


def test_the_living_may_not_attack_the_dead() -> None:
    g = game()
    g.when(KillCharacter(character="hera", reason="test"))
    g.when(TransmigrateCharacter(character="zeus", locale="underworld", reason="Descent"))
    assert g.rejects(SneakAttack(target="hera"), ZEUS).code == "gods2.target_not_alive"


def test_the_dead_may_not_pick_up_artifacts() -> None:
    """[003:426] restriction 5."""
    g = game()
    g.when(KillCharacter(character="zeus", reason="test"))
    g.when(KillCharacter(character="ares", reason="test"))
    # Ares died in the Hall, where the Aegis lies, but the dead are in the Underworld and may not hold it.
    assert g.rejects(PickUpArtifact(artifact="aegis"), ARES).code == "gods2.dead"


def test_a_release_from_death_cancels_the_timer() -> None:
    """[003:429] powers of the sphere of Death override these restrictions."""
    g = game()
    g.when(KillCharacter(character="zeus", reason="test"))
    events = g.when(ReleaseCharacterFromDeath(character="zeus", reason="Hera cast Release from Death"))
    assert events[0] == TimerCancelled(timer_id=f"revive:zeus:{T0.isoformat()}")
    g.advance(31)
    assert g.when(FireDueTimers()) == []


def test_at_zero_permanent_hit_points_death_is_permanent() -> None:
    """[003:280] GODS-55: permanently dead; a release alone does not help."""
    g = game(chars={"zeus": {"permanent_hp": 0}})
    events = g.when(KillCharacter(character="zeus", reason="test"))
    assert events[0].until is None and len(events) == 1
    assert g.rules.characters["zeus"].life == "permanently_dead"
    assert g.rejects(ReleaseCharacterFromDeath(character="zeus", reason="try")).code == "gods2.permanently_dead"


def test_a_demon_killed_outside_the_void_is_held_there_thirty_minutes_but_alive() -> None:
    """[003:387] drop artifacts, transmigrate to the Void, remain 30 minutes; alive for all rules purposes."""
    g = game()
    g.when(MoveToLocale(locale="city"), AZAZEL)
    events = g.when(KillCharacter(character="azazel", reason="test"))
    assert isinstance(events[0], DemonBanished) and not events[0].killed_in_void
    demon = g.rules.characters["azazel"]
    assert (demon.life, demon.locale) == ("alive", "void")
    assert g.rejects(MoveToLocale(locale="city"), AZAZEL).code == "gods2.confined_to_void"
    g.advance(30)
    g.when(FireDueTimers())
    g.when(MoveToLocale(locale="city"), AZAZEL)


def test_a_demon_killed_in_the_void_exchanges_no_mana() -> None:
    """[003:389] nor use powers, fight, or possess artifacts for 30 minutes."""
    g = game()
    g.when(
        CreateDemon(
            demon=CharacterSetup(id="belial", name="Belial", kind="demon", locale="void", mana=5),
            reason="a second demon",
        )
    )
    g.when(KillCharacter(character="azazel", reason="test"))
    assert g.rules.characters["azazel"].void_dead
    assert g.rejects(TransferMana(to="azazel", amount=2), seat("belial")).code == "gods2.dead_and_living"


def test_a_lesser_gods_obliteration_costs_each_lord_half_or_ten() -> None:
    """[003:437] GODS-58: lord holding 30 / 12 / 4 loses 15 / 10 / 10, the last with a debt of 6."""
    for held, lost, debt in ((30, 15, 0), (12, 10, 0), (4, 4, 6)):
        g = game(chars={"zeus": {"mana": held}})
        events = g.when(ObliterateCharacter(character="ares", reason="weapon of obliteration", by="hera"))
        loss = next(e for e in events if isinstance(e, ManaLost))
        assert (loss.from_held, loss.debt_added) == (lost, debt)


def test_an_obliterated_god_loses_demesnes_cards_and_office() -> None:
    """[003:435] sphere cards return to the pool; she ceases to own any demesnes."""
    g = game()
    g.when(ObliterateCharacter(character="zeus", reason="weapon of obliteration"))
    assert g.rules.characters["zeus"].life == "obliterated"
    assert g.rules.characters["zeus"].spheres == {}
    assert g.rules.demesnes["olympus"].owners == ()


def test_an_obliterated_celestial_spirit_is_only_killed() -> None:
    """[003:445] only gods can be truly obliterated; a celestial spirit is simply killed."""
    g = game()
    events = g.when(ObliterateCharacter(character="iris", reason="weapon of obliteration"))
    assert isinstance(events[0], CharacterDied)
    assert g.rules.characters["iris"].life == "dead"
    assert g.rules.offices == {"judge_of_heaven": "iris"}


def test_an_obliterated_player_starts_a_new_demon_in_the_void() -> None:
    """[003:447] you become a demon: a completely new character."""
    g = game()
    g.when(ObliterateCharacter(character="ares", reason="weapon of obliteration"))
    g.when(
        CreateDemon(
            demon=CharacterSetup(id="moloch", name="Moloch", kind="demon", locale="void"),
            player_of="ares",
            reason="demon pack",
        )
    )
    assert g.rules.characters["moloch"].kind == "demon"


@pytest.mark.parametrize("where", ["hall", "city"])
def test_a_new_demon_starts_only_in_the_void(where: str) -> None:
    g = game()
    cmd = CreateDemon(demon=CharacterSetup(id="moloch", name="Moloch", kind="demon", locale=where), reason="x")
    assert g.rejects(cmd).code == "gods2.demons_start_in_the_void"


def test_the_obliterator_disposes_of_the_body_and_an_elemental_sphere_gains() -> None:
    """[003:393-400] burn, sea, ice or animals: mana to one of the elemental spheres."""
    g = game(chars={"iris": {"spheres": {"fire": 2}}})
    g.when(ObliterateCharacter(character="ares", reason="weapon of obliteration", by="hera"))
    assert g.rejects(DisposeOfBody(body="ares", method="burn"), ZEUS).code == "gods2.not_your_deed"
    events = g.when(DisposeOfBody(body="ares", method="burn"), HERA)
    credit = next(e for e in events if isinstance(e, ManaCredited))
    assert (credit.character, credit.amount) == ("iris", 4)
    assert g.rules.bodies == {}


def test_release_and_healing_together_lift_permanent_death() -> None:
    """[003:280] until a release-from-death and a heal-mutilation power are cast on you simultaneously."""
    g = game(chars={"zeus": {"permanent_hp": 0}})
    g.when(KillCharacter(character="zeus", reason="test"))
    g.when(ReleaseCharacterFromDeath(character="zeus", reason="Hera and Ares together", with_healing=True))
    zeus = g.rules.characters["zeus"]
    assert (zeus.life, zeus.permanent_hp) == ("alive", 5)


def test_healing_restores_lost_permanent_hit_points() -> None:
    """[003:280] lost permanent hit points are generally a mutilation, healed by powers that cure them."""
    g = game()
    g.given(MutilationInflicted(character="zeus", mutilation="internal_weakness", by=None, hit_points_lost=2))
    assert g.rules.characters["zeus"].permanent_hp == 3
    g.when(CastPower(power="heal_wounds", targets=["zeus"]), HERA)
    zeus = g.rules.characters["zeus"]
    assert (zeus.permanent_hp, zeus.mutilations) == (5, ())


def test_internal_weakness_that_leaves_no_permanent_hit_points_is_permanent_death() -> None:
    """[003:280], [003:308] reaching 0 permanent hit points is permanent death."""

    g = game(chars={"hera": {"permanent_hp": 2}})
    sneak(g, ZEUS, "hera")
    play(g, ZEUS, HERA, "rock", "scissors", pa="blade_of_ending")
    knock_down(g, ZEUS, HERA, 1)
    g.when(OfferSurrender(), HERA)
    g.when(AcceptSurrender(term="mana", mutilation="internal_weakness"), ZEUS)
    hera = g.rules.characters["hera"]
    assert (hera.permanent_hp, hera.life, hera.locale) == (0, "permanently_dead", "underworld")


def test_time_travel_shows_who_was_dead_when() -> None:
    """The death and the revival are events, the 30 minutes a fired timer: folding history to any point tells
    whether Zeus was dead then."""
    g = game()
    g.when(KillCharacter(character="zeus", reason="struck down"))
    g.advance(30)
    g.when(FireDueTimers())
    died = next(i for i, e in enumerate(g.events) if isinstance(e, CharacterDied))
    revived = next(i for i, e in enumerate(g.events) if isinstance(e, CharacterRevived))
    assert engine.fold(g.ruleset, g.events[: died + 1]).rules.characters["zeus"].life == "dead"
    assert engine.fold(g.ruleset, g.events[:revived]).rules.characters["zeus"].life == "dead"
    assert engine.fold(g.ruleset, g.events[: revived + 1]).rules.characters["zeus"].life == "alive"
