"""Refusals that no rule test reaches otherwise, each with its stable code (see tests/test_rejection_codes.py)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.engine import Actor
from domain.rulesets.gods2.earth.commands import (
    ApplyCult,
    ApplyEarthEffect,
    CallTicket,
    CastHistoryPower,
    DeclareWar,
    EndModification,
    RecordHistory,
    ResolveWar,
    SetPantheon,
    SignCoCasting,
    StartReligiousTurmoil,
    TriggerModification,
    WithdrawCoCasting,
)
from domain.rulesets.gods2.heaven.commands import (
    ActivateArtifact,
    AdmitToDemesne,
    ApproveMutilation,
    AttackDemesne,
    BuildDemesne,
    CastPower,
    ChooseGesture,
    CloseMotion,
    CreateArtifact,
    CreateDemon,
    DepositInDemonPool,
    ElectArchetypeSuccessor,
    EndCombatByRuling,
    EnterPrimevalWilds,
    GoOutOfGame,
    JoinWildsParty,
    MoveToLocale,
    ObliterateCharacter,
    PayWayOutOfVoid,
    RecordManaEvent,
    ReleaseCharacterFromDeath,
    ReturnToGame,
    RulePowerEffect,
    SneakAttack,
    SummonGreatCouncil,
    TransferMana,
    Vote,
)
from domain.rulesets.gods2.kernel.earth_model import EarthSetup
from tests.domain.gods2.earth.scenario import earth, earth_game, fill, race, sq
from tests.domain.gods2.scenario import ARES, HERA, IRIS, ZEUS, game
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
    ("gods2.nobody_called", CallTicket(skip_current=True), GM),
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


def _city_game() -> Game:
    g = game()
    for who in (ZEUS, HERA):
        g.when(MoveToLocale(locale="city"), who)
    return g


MORE_HEAVEN: list[tuple[str, Any, Actor]] = [
    ("gods2.bad_count", RecordManaEvent(event="combat.disengage", reason="ruling", count=0), GM),
    ("gods2.cannot_summon", SummonGreatCouncil(minutes=5), HERA),
    ("gods2.describe_it", ApproveMutilation(character="zeus", description=" ", reason="ruling"), GM),
    ("gods2.not_in_artifact", ActivateArtifact(artifact="aegis", power="thunderbolt"), ZEUS),
    ("gods2.duplicate_target", CastPower(power="curse_of_clumsiness", targets=["hera", "hera"]), ZEUS),
    ("gods2.not_a_mass_persuasion", CastPower(power="sweet_words", targets=["ares"], pay_surcharge_for=["ares"]),
     HERA),
    ("gods2.not_at_the_demesne", AttackDemesne(demesne="olympus"), ARES),
    ("gods2.no_archetype_seat", ElectArchetypeSuccessor(seat_of="zeus", candidate="ares"), HERA),
    ("gods2.not_in_combat", ChooseGesture(gesture="rock"), ZEUS),
    # [003:84] the party beats the Guardian Beasts with combat powers its members know
    ("gods2.not_your_combat_power", EnterPrimevalWilds(locale="wilds", powers=["thunderbolt"]), HERA),
]  # fmt: skip


@pytest.mark.parametrize(("code", "command", "actor"), MORE_HEAVEN, ids=[f"{c[0]}" for c in MORE_HEAVEN])
def test_more_heaven_refusals_have_their_codes(code: str, command: Any, actor: Actor) -> None:
    assert game().rejects(command, actor).code == code


def test_building_a_demesne_names_a_free_id_oneself_and_builders_who_are_here() -> None:
    """[003:116] a demesne in the Silver City; the builders agree on the split and must be present."""
    g = _city_game()
    taken = BuildDemesne(demesne="olympus", name="Olympus", contributions={"zeus": 10})
    assert g.rejects(taken, ZEUS).code == "gods2.demesne_exists"
    not_me = BuildDemesne(demesne="new", name="New", contributions={"hera": 10})
    assert g.rejects(not_me, ZEUS).code == "gods2.not_a_builder"
    absent = BuildDemesne(demesne="new", name="New", contributions={"zeus": 5, "ares": 5})
    assert g.rejects(absent, ZEUS).code == "gods2.builder_absent"


def test_a_new_demon_is_a_demon_with_a_free_id() -> None:
    from domain.rulesets.gods2.kernel.model import CharacterSetup

    twin = CharacterSetup(id="zeus", name="Zeus II", kind="demon", locale="void")
    assert game().rejects(CreateDemon(demon=twin, reason="ruling"), GM).code == "gods2.character_exists"
    god = CharacterSetup(id="moloch", name="Moloch", kind="greater_god", locale="void")
    assert game().rejects(CreateDemon(demon=god, reason="ruling"), GM).code == "gods2.not_a_demon"


def test_going_out_of_the_game_twice_is_refused() -> None:
    g = game()
    g.when(GoOutOfGame(), ZEUS)
    assert g.rejects(GoOutOfGame(), ZEUS).code == "gods2.already_out"


MORE_EARTH: list[tuple[str, Any, Actor]] = [
    ("gods2.same_race", DeclareWar(attacker="r", defender="r", reason="ruling"), GM),
    ("gods2.bad_points", ApplyCult(race="r", deity="zeus", points="0", reason="ruling"), GM),
    ("gods2.unknown_modification", EndModification(race="r", modification="mod-9", reason="ruling"), GM),
    ("gods2.nothing_triggered", TriggerModification(race="r", trigger="famine", reason="ruling"), GM),
    ("gods2.target_race", ApplyEarthEffect(power="teach_bronze", reason="ruling"), GM),
]


@pytest.mark.parametrize(("code", "command", "actor"), MORE_EARTH, ids=[c[0] for c in MORE_EARTH])
def test_more_earth_refusals_have_their_codes(code: str, command: Any, actor: Actor) -> None:
    g: Game = earth_game(_earth(), chars={"zeus": {"locale": "window"}, "hera": {"locale": "window"}})
    assert g.rejects(command, actor).code == code


def test_turmoil_cannot_start_twice() -> None:
    """[000:84] a member starts religious turmoil at will; a race already in turmoil cannot start it again."""
    g = earth_game(_earth(), chars={"zeus": {"locale": "window"}})
    g.when(StartReligiousTurmoil(race="r"), ZEUS)
    assert g.rejects(StartReligiousTurmoil(race="r"), ZEUS).code == "gods2.already_in_turmoil"


def test_history_powers_belong_to_eras_centrum_and_omega() -> None:
    """[000:128] history powers are used in Eras Centrum and Omega."""
    g = earth_game(_earth(), chars={"zeus": {"locale": "window"}}, era="aleph")
    assert g.rejects(CastHistoryPower(power="teach_bronze", race="r"), ZEUS).code == "gods2.wrong_era"


def test_a_combined_casting_is_proposed_once_and_signed_once() -> None:
    from domain.rulesets.gods2.earth.commands import CallTicket, TakeQueueTicket

    e = earth([race("r", pantheon={"zeus": "100"}, aggression=-20, knowledges=["agriculture", "civilization"])],
              fill("r", [sq(0, 0), sq(1, 0)], 2))  # fmt: skip
    g = earth_game(e, chars={"zeus": {"locale": "window"}, "hera": {"locale": "window"}, "ares": {"locale": "hall"}})
    g.when(TakeQueueTicket(), ZEUS)
    g.when(TakeQueueTicket(), HERA)
    g.when(CallTicket())
    cast = CastHistoryPower(power="found_city", race="r", payments={"zeus": 5, "hera": 5})
    g.when(cast, ZEUS)
    assert g.rejects(cast, ZEUS).code == "gods2.already_proposed"
    assert g.rejects(SignCoCasting(casting="cocast-1"), ZEUS).code == "gods2.already_signed"
    absent = CastHistoryPower(power="found_city", race="r", payments={"zeus": 5, "ares": 5})
    g.when(WithdrawCoCasting(casting="cocast-1"), HERA)
    assert g.rejects(absent, ZEUS).code == "gods2.co_caster_absent"


def test_a_new_artifact_takes_a_free_id_and_embeds_powers() -> None:
    """[003:255] artifacts are made in a Craft Hall with the maker's powers embedded."""
    from tests.domain.gods2.heaven.powers.test_artifacts import smith

    g = smith()
    taken = CreateArtifact(artifact="aegis", name="Aegis II", powers=["sword_of_fire"])
    assert g.rejects(taken, ZEUS).code == "gods2.artifact_exists"
    assert g.rejects(CreateArtifact(artifact="new", name="Nothing", powers=[]), ZEUS).code == "gods2.bad_powers"


def test_surrender_answers_are_refused_out_of_turn_or_incomplete() -> None:
    """[003:364] at 0 hit points a fighter offers surrender; the winner answers with complete terms: an artifact
    the loser holds [003:286], a race [003:290], an oath [003:292]; a mutilation only after a weapon of
    obliteration [003:298]."""
    from domain.rulesets.gods2.heaven.commands import AcceptSurrender, OfferSurrender, UseEndOfCombatPower
    from tests.domain.gods2.combat_helpers import knock_down, sneak

    g = game()
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    assert g.rejects(OfferSurrender(), ZEUS).code == "gods2.not_at_zero"
    assert g.rejects(AcceptSurrender(term="mana"), HERA).code == "gods2.nothing_to_answer"
    assert g.rejects(AcceptSurrender(term="mana"), ZEUS).code == "gods2.not_offered"
    g.when(OfferSurrender(), HERA)
    assert g.rejects(OfferSurrender(), HERA).code == "gods2.already_offered"
    assert g.rejects(AcceptSurrender(term="item", artifact="aegis"), ZEUS).code == "gods2.not_their_artifact"
    assert g.rejects(AcceptSurrender(term="earthly_influence"), ZEUS).code == "gods2.name_a_race"
    assert g.rejects(AcceptSurrender(term="will"), ZEUS).code == "gods2.name_the_oath"
    assert g.rejects(AcceptSurrender(term="mana", mutilation="lame"), ZEUS).code == "gods2.no_mutilation"
    # at the end of the combat, only Cs powers ([003:211]): Sword of Fire is not one
    assert g.rejects(UseEndOfCombatPower(power="sword_of_fire"), ZEUS).code == "gods2.not_an_end_power"


def test_combat_choices_out_of_turn_are_refused() -> None:
    """[003:346] the defender asks the attacker to announce before choosing; [003:408] one artifact per combat;
    gestures follow the powers; [003:211] only Cs powers at the end."""
    from domain.rulesets.gods2.heaven.commands import (
        ChooseCombatArtifact,
        ChooseCombatPower,
        RequestAnnouncement,
        UseEndOfCombatPower,
    )
    from tests.domain.gods2.combat_helpers import sneak

    g = game()
    sneak(g, ZEUS, "hera")
    assert g.rejects(ChooseGesture(gesture="rock"), ZEUS).code == "gods2.not_choosing_gestures"
    g.when(ChooseCombatArtifact(artifact="aegis"), ZEUS)
    assert g.rejects(ChooseCombatArtifact(artifact="aegis"), ZEUS).code == "gods2.artifact_chosen"
    g.when(ChooseCombatPower(power=None), HERA)
    assert g.rejects(RequestAnnouncement(), HERA).code == "gods2.too_late"
    assert g.rejects(UseEndOfCombatPower(power="sword_of_fire"), ZEUS).code == "gods2.not_the_end"


def test_more_refusals_in_heaven_name_their_codes() -> None:
    """A defender steps forward from the same locale [003:382]; a duel's time is named once [003:330]; fixed-
    cost powers take no strength; the GM's rulings name fighters of the combat and powers in conflict."""
    from domain.rulesets.gods2.heaven.commands import (
        ChallengeDuel,
        DefendCharacter,
        KillCharacter,
        NameDuelTime,
        ResolvePowerConflict,
        SupportDuelist,
    )
    from tests.domain.gods2.combat_helpers import sneak

    g = game()
    g.when(MoveToLocale(locale="feasts"), ARES)
    attack = g.when(SneakAttack(target="hera"), ZEUS)[0].attack_id
    assert g.rejects(DefendCharacter(attack_id=attack), ARES).code == "gods2.cannot_defend"
    g2 = game()
    combat = sneak(g2, ZEUS, "hera")
    dead = EndCombatByRuling(combat_id=combat, dead=["ares"], reason="ruling")
    assert g2.rejects(dead, GM).code == "gods2.not_a_fighter"
    g3 = game()
    g3.when(ChallengeDuel(target="hera"), ZEUS)
    duel = next(iter(g3.rules.duels))
    g3.when(NameDuelTime(duel_id=duel, minutes=15), HERA)
    assert g3.rejects(NameDuelTime(duel_id=duel, minutes=16), HERA).code == "gods2.time_named"
    support = SupportDuelist(combat_id="combat-none", duelist="zeus", power="battle_blessing")
    assert g3.rejects(support, ARES).code == "gods2.not_a_duel"
    fixed = CastPower(power="curse_of_clumsiness", targets=["hera"], strength=3)
    assert game().rejects(fixed, ZEUS).code == "gods2.fixed_cost"
    conflict = ResolvePowerConflict(
        first="sword_of_fire", second="shield_of_light", prevailing="thunderbolt", reason="ruling", by_common_sense=True
    )
    assert game().rejects(conflict, GM).code == "gods2.not_in_conflict"
    g4 = game()
    g4.when(KillCharacter(character="ares", reason="ruling"))
    assert g4.rejects(KillCharacter(character="ares", reason="again"), GM).code == "gods2.not_alive"


def test_more_refusals_on_earth_name_their_codes() -> None:
    """[000:282] a side brings at most its effective population; a cult names its deity ([000:182]); a new
    city goes in the race's most populous square ([000:112])."""
    from domain.rulesets.gods2.earth.commands import FoundCity

    g = earth_game(_earth(), chars={"zeus": {"locale": "window"}})
    war = g.when(DeclareWar(attacker="r", defender="s", reason="ruling"))[0].war
    too_many = ResolveWar(war=war, reason="ruling", attacker_population=999, at_once=True)
    assert g.rejects(too_many, GM).code == "gods2.bad_population"
    assert g.rejects(ApplyEarthEffect(power="cult_of_love", race="r", reason="ruling"), GM).code == "gods2.no_deity"
    e = earth([race("r", pantheon={"zeus": "100"}, aggression=-20, knowledges=["agriculture", "civilization"])],
              {sq(0, 0): ("r", 4), sq(1, 0): ("r", 2)})  # fmt: skip
    g2 = earth_game(e)
    wrong = FoundCity(race="r", name="Ilion", reason="ruling", square=sq(1, 0))
    assert g2.rejects(wrong, GM).code == "gods2.wrong_city_square"


def test_casting_refusals_name_their_codes() -> None:
    """A demesne power names its demesne; a persuasion needs someone to persuade; the GM transmigrates only a
    living character outside combat; a GM's power ruling says what the power did."""
    from domain.rulesets.gods2.heaven.commands import TransmigrateCharacter
    from tests.domain.gods2.combat_helpers import sneak

    g = game(chars={"zeus": {"powers": ["wall_of_thorns"], "mana": 20}, "hera": {"locale": "feasts"}})
    assert g.rejects(CastPower(power="wall_of_thorns"), ZEUS).code == "gods2.name_the_demesne"
    assert g.rejects(CastPower(power="rousing_speech"), HERA).code == "gods2.no_targets"
    g2 = game()
    sneak(g2, ZEUS, "hera")
    moved = TransmigrateCharacter(character="hera", locale="feasts", reason="ruling")
    assert g2.rejects(moved, GM).code == "gods2.not_free"


def test_an_outlaw_is_declared_once() -> None:
    """[003:490] the Judge of Heaven declares an outlaw; one already outlawed cannot be declared again."""
    from domain.rulesets.gods2.heaven.commands import DeclareOutlaw

    g = game()
    g.when(DeclareOutlaw(character="ares", reason="dealt with demons"), IRIS)
    assert g.rejects(DeclareOutlaw(character="ares", reason="again"), IRIS).code == "gods2.cannot_outlaw"


def test_a_race_is_taught_a_knowledge_once() -> None:
    """[000:155] a knowledge power teaches a race a knowledge for good; Bronze Working twice is refused."""
    g = earth_game(_earth())
    g.when(ApplyEarthEffect(power="teach_bronze", race="r", reason="ruling"))
    again = ApplyEarthEffect(power="teach_bronze", race="r", reason="again")
    assert g.rejects(again, GM).code == "gods2.already_known"


def test_only_a_seat_that_plays_a_character_acts_as_one() -> None:
    """A referee plays no character: moving is a character's act."""
    assert game().rejects(MoveToLocale(locale="feasts"), GM).code == "gods2.no_character"


def test_a_power_ruling_says_what_the_power_did() -> None:
    """[003:227] the effects occur immediately; an effect left to the GM is ruled in words."""
    g = game()
    cast_id = g.when(CastPower(power="curse_of_clumsiness", targets=["hera"]), ZEUS)[1].cast_id
    blank = RulePowerEffect(cast_id=cast_id, ruling="  ", reason="Curse of Clumsiness")
    assert g.rejects(blank, GM).code == "gods2.empty_ruling"


def test_a_lost_god_pays_a_demon_present_in_the_void() -> None:
    """[003:72] a demon present must let a lost character out for 5 mana: Iris is no demon, nor in the Void."""
    g = game()
    g.when(MoveToLocale(locale="void"), ZEUS)
    assert g.rejects(PayWayOutOfVoid(demon="iris"), ZEUS).code == "gods2.no_such_demon_here"


def test_an_ally_supports_a_duelist_only_with_a_combat_duel_power() -> None:
    """[003:332] allies may cast Cd powers on you at the very beginning of the duel: Sword of Fire is no Cd
    power."""
    from domain.engine.messages import FireDueTimers
    from domain.rulesets.gods2.heaven.commands import ChallengeDuel, NameDuelTime, SupportDuelist

    g = game()
    duel = g.when(ChallengeDuel(target="hera"), ZEUS)[0]
    g.when(NameDuelTime(duel_id=duel.duel_id, minutes=10), HERA)
    g.advance(10)
    combat = g.when(FireDueTimers())[1].combat_id
    support = SupportDuelist(combat_id=combat, duelist="zeus", power="sword_of_fire")
    assert g.rejects(support, ARES).code == "gods2.not_a_duel_power"


def test_internal_weakness_is_not_received_twice_unless_healed() -> None:
    """[003:308] Internal Weakness cannot be received again unless it is healed first."""
    from domain.rulesets.gods2.heaven.combat.events import MutilationInflicted
    from domain.rulesets.gods2.heaven.commands import AcceptSurrender, OfferSurrender
    from tests.domain.gods2.combat_helpers import knock_down, play, sneak

    g = game(chars={"hera": {"permanent_hp": 4}})
    g.given(MutilationInflicted(character="hera", mutilation="internal_weakness", by=None, hit_points_lost=2))
    sneak(g, ZEUS, "hera")
    play(g, ZEUS, HERA, "rock", "scissors", pa="blade_of_ending")
    knock_down(g, ZEUS, HERA, 1)
    g.when(OfferSurrender(), HERA)
    again = AcceptSurrender(term="mana", mutilation="internal_weakness")
    assert g.rejects(again, ZEUS).code == "gods2.already_weakened"


def test_a_surrender_to_a_demesne_is_the_referee_s_to_settle() -> None:
    """[003:374] demesnes do not surrender, and the terms a demesne would win are settled by the referee: its
    coordinator answers no surrender."""
    from domain.rulesets.gods2.heaven.commands import AcceptSurrender, CoordinateDemesneDefence
    from tests.domain.gods2.heaven.locales.test_demesnes import attack, in_city

    g = game()
    in_city(g, ZEUS, HERA)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    combat = attack(g, HERA)
    g.when(CoordinateDemesneDefence(combat_id=combat), ZEUS)
    assert g.rejects(AcceptSurrender(term="mana"), ZEUS).code == "gods2.demesne_surrender"


def test_the_chosen_god_expels_another_member_of_the_pantheon() -> None:
    """[000:90-92] on a 5-6 the chosen god names a member of the pantheon to kick out: not himself, not an
    outsider."""
    from domain.rulesets.gods2.earth.commands import EndCentury, ExpelFromPantheon
    from tests.domain.gods2.earth.test_pantheon import turmoil_game

    g = turmoil_game({"zeus": "50", "hera": "30", "ares": "20"})
    g.dice(5)
    g.dice(3, sides=3)  # ares, hera, zeus -> zeus chooses
    g.when(EndCentury())
    assert g.rejects(ExpelFromPantheon(race="r", member="zeus"), ZEUS).code == "gods2.bad_member"
    assert g.rejects(ExpelFromPantheon(race="r", member="iris"), ZEUS).code == "gods2.bad_member"


def test_the_referee_chooses_vacated_squares_among_the_loser_s() -> None:
    """[000:278] the Low Elves lose and vacate 2 squares: squares of theirs, two of them."""
    from tests.domain.gods2.earth.test_war import dwarves_and_elves

    g = earth_game(dwarves_and_elves())
    war = g.when(DeclareWar(attacker="dwarves", defender="elves", reason="r"))[0].war
    g.advance(5)
    dwarf = ResolveWar(war=war, vacated=[sq(0, 0), sq(1, 0)])
    assert g.rejects(dwarf, GM).code == "gods2.bad_vacated"
    one = ResolveWar(war=war, vacated=[sq(0, 2)])
    assert g.rejects(one, GM).code == "gods2.bad_vacated"


def test_a_history_power_with_a_wealth_prerequisite_needs_a_wealthy_race() -> None:
    """[000:43] a history power may require a Wealth: Bronze Working made to need Wealth 1 is refused for a
    race of Wealth 0."""
    from msgspec.structs import replace

    from domain.rulesets.gods2.earth.commands import CallTicket, TakeQueueTicket
    from domain.rulesets.gods2.kernel.content import sample_pack

    pack = sample_pack()
    powers = [replace(p, min_wealth=1) if p.id == "teach_bronze" else p for p in pack.earth.history_powers]
    rich = replace(pack, earth=replace(pack.earth, history_powers=powers))
    g = earth_game(_earth(), chars={"zeus": {"locale": "window"}}, content=rich)
    g.when(TakeQueueTicket(), ZEUS)
    g.when(CallTicket())
    assert g.rejects(CastHistoryPower(power="teach_bronze", race="r"), ZEUS).code == "gods2.too_poor"
