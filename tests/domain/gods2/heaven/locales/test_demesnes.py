"""Demesnes: building, entry, attacks from outside and inside, defence ([003:112-126], [003:312-318],
[003:370-382])."""

from __future__ import annotations

from datetime import timedelta

from domain.engine.messages import FireDueTimers
from domain.rulesets.gods2.heaven.combat.events import CombatStarted, DemesneBuilt, DemesneFell
from domain.rulesets.gods2.heaven.commands import (
    AdmitToDemesne,
    AttackDemesne,
    BuildDemesne,
    CastPower,
    ChooseCombatPower,
    ChooseGesture,
    CoordinateDemesneDefence,
    DefendCharacter,
    MoveToLocale,
    PlayDemesneDefence,
)
from domain.rulesets.gods2.heaven.powers.events import CastFailed
from tests.domain.gods2.scenario import ARES, HERA, IRIS, ZEUS, game
from tests.domain.harness import GM, Game


def in_city(g: Game, *who: object) -> None:
    for actor in who:
        g.when(MoveToLocale(locale="city"), actor)  # type: ignore[arg-type]


def test_a_god_builds_one_demesne_in_the_silver_city() -> None:
    """[003:116-118] each god may only build one demesne."""
    g = game()
    in_city(g, HERA)
    events = g.when(BuildDemesne(demesne="heraion", name="Heraion", contributions={"hera": 10}), HERA)
    assert events[-1] == DemesneBuilt(demesne="heraion", name="Heraion", parent="city", owners=["hera"])
    assert g.rules.characters["hera"].mana == 10
    again = BuildDemesne(demesne="second", name="Second", contributions={"hera": 10})
    assert g.rejects(again, HERA).code == "gods2.already_built"


def test_no_demesne_may_be_built_in_the_corridors_of_time() -> None:
    """[003:74], [003:116]."""
    g = game()
    g.when(MoveToLocale(locale="corridor"), HERA)
    cmd = BuildDemesne(demesne="heraion", name="Heraion", contributions={"hera": 10})
    assert g.rejects(cmd, HERA).code == "gods2.no_demesne_here"


def test_joint_builders_split_the_cost_and_own_equally() -> None:
    """[003:118] two or more gods may build jointly, splitting the cost in any way they choose."""
    g = game()
    in_city(g, HERA, ARES)
    cmd = BuildDemesne(demesne="garden", name="Garden", contributions={"hera": 7, "ares": 3})
    assert len(g.when(cmd, HERA)) == 1 and "garden" not in g.rules.demesnes
    other = BuildDemesne(demesne="garden", name="Garden", contributions={"hera": 5, "ares": 5})
    assert g.rejects(other, ARES).code == "gods2.different_terms"
    g.when(cmd, ARES)
    assert g.rules.demesnes["garden"].owners == ("ares", "hera")
    assert (g.rules.characters["hera"].mana, g.rules.characters["ares"].mana) == (13, 7)
    assert g.rules.characters["ares"].built_demesne


def test_the_shares_must_pay_the_whole_cost() -> None:
    g = game()
    in_city(g, HERA)
    cmd = BuildDemesne(demesne="heraion", name="Heraion", contributions={"hera": 9})
    assert g.rejects(cmd, HERA).code == "gods2.bad_split"


def test_only_gods_build_demesnes() -> None:
    g = game(chars={"iris": {"mana": 20}})
    in_city(g, IRIS)
    cmd = BuildDemesne(demesne="rainbow", name="Rainbow", contributions={"iris": 10})
    assert g.rejects(cmd, IRIS).code == "gods2.not_a_god"


def test_someone_inside_may_admit_a_visitor_once() -> None:
    """[003:120] anyone already inside the demesne can allow anyone outside to enter."""
    g = game()
    in_city(g, ZEUS, HERA)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    g.when(AdmitToDemesne(visitor="hera"), ZEUS)
    g.when(MoveToLocale(locale="olympus"), HERA)
    g.when(MoveToLocale(locale="city"), HERA)
    assert g.rejects(MoveToLocale(locale="olympus"), HERA).code == "gods2.demesne_closed"


def attack(g: Game, attacker: object) -> str:
    g.when(AttackDemesne(demesne="olympus"), attacker)  # type: ignore[arg-type]
    g.now += timedelta(seconds=5)
    started = g.when(FireDueTimers())[1]
    assert isinstance(started, CombatStarted)
    return started.combat_id


def test_a_demesne_fights_with_ten_hit_points_and_five_blocks() -> None:
    """[003:374] each demesne begins the combat with 10 hit points and 5 blocks."""
    g = game()
    in_city(g, HERA)
    combat = attack(g, HERA)
    defender = g.rules.combats[combat].defender
    assert (defender.hp, defender.blocks, defender.demesne) == (10, 5, True)


def test_powers_on_the_demesnes_card_strengthen_it() -> None:
    """[003:374] in addition to any other combat abilities added by demesne powers cast on it."""
    g = game(chars={"zeus": {"powers": ["wall_of_thorns", "burning_gate"]}})
    in_city(g, ZEUS, HERA)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    g.when(CastPower(power="wall_of_thorns", demesne="olympus"), ZEUS)
    g.advance(5)
    g.when(FireDueTimers())
    g.when(CastPower(power="burning_gate", demesne="olympus"), ZEUS)
    g.advance(5)
    g.when(FireDueTimers())
    combat = attack(g, HERA)
    defender = g.rules.combats[combat].defender
    assert (defender.hp, defender.blocks) == (12, 7)


def beat_the_demesne(g: Game, attacker: object, combat: str) -> list[object]:
    events: list[object] = []
    while combat in g.rules.combats:
        g.when(ChooseCombatPower(power=None), attacker)  # type: ignore[arg-type]
        g.when(PlayDemesneDefence(combat_id=combat))
        g.when(ChooseGesture(gesture="rock"), attacker)  # type: ignore[arg-type]
        events = g.when(PlayDemesneDefence(combat_id=combat, gesture="scissors"))
    return events


def test_a_demesne_beaten_from_outside_lets_the_attacker_in() -> None:
    """[003:376] if the attack came from the outside, the attacker enters the demesne."""
    g = game()
    in_city(g, HERA)
    combat = attack(g, HERA)
    events = beat_the_demesne(g, HERA, combat)
    assert any(isinstance(e, DemesneFell) and not e.from_inside for e in events)
    assert g.rules.characters["hera"].locale == "olympus"
    assert g.rules.demesnes["olympus"].owners == ("zeus",)


def test_a_demesne_beaten_from_inside_changes_owner() -> None:
    """[003:376] the attacker becomes the owner; all former owners lose that status."""
    g = game()
    in_city(g, ARES)
    g.when(MoveToLocale(locale="olympus"), ARES)
    combat = attack(g, ARES)
    beat_the_demesne(g, ARES, combat)
    assert g.rules.demesnes["olympus"].owners == ("ares",)


def test_a_bodyguard_turns_a_demesne_attack_into_a_duel_of_characters() -> None:
    """[003:382] if someone intervenes, the two of you enter combat as if it were a sneak attack."""
    g = game()
    in_city(g, HERA, ARES)
    announced = g.when(AttackDemesne(demesne="olympus"), HERA)[0]
    g.when(DefendCharacter(attack_id=announced.attack_id), ARES)
    g.now += timedelta(seconds=5)
    started = g.when(FireDueTimers())[1]
    assert (started.defender, started.defender_is_demesne) == ("ares", False)


def test_an_owner_coordinates_at_normal_cost_and_outranks_others() -> None:
    """[003:314], [003:318] owners pay the normal cost; others twice; an owner takes precedence."""
    g = game()
    in_city(g, ZEUS, ARES, HERA)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    g.when(MoveToLocale(locale="olympus"), ARES)
    combat = attack(g, HERA)
    g.when(CoordinateDemesneDefence(combat_id=combat), ARES)
    g.when(ChooseCombatPower(power=None), HERA)
    g.when(ChooseCombatPower(power="shield_of_light"), ARES)  # a non-owner pays double: 4
    assert g.rules.characters["ares"].mana == 6
    g.when(CoordinateDemesneDefence(combat_id=combat), ZEUS)
    assert g.rules.combats[combat].coordinator == "zeus"
    assert g.rejects(CoordinateDemesneDefence(combat_id=combat), ARES).code == "gods2.already_coordinated"
    g.when(ChooseGesture(gesture="rock"), HERA)
    g.when(ChooseGesture(gesture="block"), ZEUS)
    g.when(ChooseCombatPower(power=None), HERA)
    g.when(ChooseCombatPower(power="sword_of_fire"), ZEUS)
    assert g.rules.characters["zeus"].mana == 17  # an owner pays the normal 3
    assert g.rules.combats[combat].defender.tricks == 2


def test_a_referee_played_demesne_uses_no_powers() -> None:
    g = game()
    in_city(g, HERA)
    combat = attack(g, HERA)
    g.when(ChooseCombatPower(power=None), HERA)
    g.when(PlayDemesneDefence(combat_id=combat))
    assert g.rejects(PlayDemesneDefence(combat_id=combat)).code == "gods2.name_the_gesture"


def test_an_attack_on_the_demesne_interrupts_a_demesne_casting() -> None:
    """[003:239] interrupted (and the mana lost) if the demesne is attacked during the five minutes."""
    g = game(chars={"zeus": {"powers": ["wall_of_thorns"]}})
    in_city(g, ZEUS, HERA)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    g.when(CastPower(power="wall_of_thorns", demesne="olympus"), ZEUS)
    events = g.when(AttackDemesne(demesne="olympus"), HERA)
    assert any(isinstance(e, CastFailed) and e.mana_lost == 5 for e in events)


def test_a_coordinator_cannot_make_a_demesne_disengage() -> None:
    """[003:374] demesnes cannot disengage or surrender: the coordinator's Mist Step (a disengage power) is
    refused for the demesne, and its combat goes on."""
    g = game()
    in_city(g, ZEUS, HERA)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    combat = attack(g, HERA)
    g.when(CoordinateDemesneDefence(combat_id=combat), ZEUS)
    g.when(ChooseCombatPower(power=None), HERA)
    refused = g.rejects(ChooseCombatPower(power="mist_step"), ZEUS)
    assert refused.code == "gods2.demesne_cannot_disengage"
    assert combat in g.rules.combats and not g.rules.combats[combat].defender.disengaging


def test_a_referee_plays_only_an_uncoordinated_demesne_combat() -> None:
    """[003:374] the referee plays a demesne no one coordinates; a coordinated one is the coordinator's; only a
    demesne under attack is coordinated or played; a demesne does not surrender [003:374]."""
    from domain.rulesets.gods2.heaven.commands import OfferSurrender

    g = game()
    in_city(g, ZEUS, HERA)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    assert g.rejects(PlayDemesneDefence(combat_id="combat-none"), GM).code == "gods2.no_demesne_combat"
    assert g.rejects(CoordinateDemesneDefence(combat_id="combat-none"), ZEUS).code == "gods2.no_demesne_combat"
    combat = attack(g, HERA)
    g.when(CoordinateDemesneDefence(combat_id=combat), ZEUS)
    assert g.rejects(PlayDemesneDefence(combat_id=combat), GM).code == "gods2.coordinated"
    assert g.rejects(OfferSurrender(), ZEUS).code == "gods2.demesnes_do_not_surrender"
