"""Combat: sneak attacks, duels, sealed rounds, hit points, the end of combat ([003:320-368])."""

from __future__ import annotations

from datetime import timedelta

import msgspec

from domain.engine.messages import FireDueTimers
from domain.rulesets.gods2.heaven.combat.events import (
    AttackAnnounced,
    CombatEnded,
    CombatPowerChosen,
    CombatStarted,
    DuelNoShow,
    FighterFell,
    GestureChosen,
    MutilationInflicted,
    RoundFought,
    SurrenderAccepted,
)
from domain.rulesets.gods2.heaven.commands import (
    AcceptSurrender,
    ApproveMutilation,
    AttackDemesne,
    ChallengeDuel,
    ChooseCombatArtifact,
    ChooseCombatPower,
    ChooseGesture,
    DefendCharacter,
    IgnoreSurrender,
    KillCharacter,
    MoveToLocale,
    NameDuelTime,
    OfferSurrender,
    PlayDemesneDefence,
    ProposeMutualEnd,
    RefuseToSurrender,
    ReleaseCharacterFromDeath,
    RequestAnnouncement,
    SetClock,
    SneakAttack,
    SupportDuelist,
    TransferMana,
    TransmigrateCharacter,
    UseEndOfCombatPower,
)
from domain.rulesets.gods2.kernel.events import CharacterDied, ManaCredited
from tests.domain.gods2.combat_helpers import knock_down, play, sneak
from tests.domain.gods2.scenario import ARES, AZAZEL, HERA, IRIS, ZEUS, game
from tests.domain.harness import GM, T0


def test_a_sneak_attack_opens_a_five_second_window_then_combat_begins() -> None:
    """[003:336-338] any other player has five seconds to step forward; then combat commences."""
    g = game()
    announced = g.when(SneakAttack(target="hera"), ZEUS)[0]
    assert isinstance(announced, AttackAnnounced)
    assert announced.window_ends == T0 + timedelta(seconds=5)
    assert g.rules.combats == {}
    g.now += timedelta(seconds=5)
    started = g.when(FireDueTimers())[1]
    assert isinstance(started, CombatStarted) and (started.attacker, started.defender) == ("zeus", "hera")
    assert (started.attacker_hp, started.defender_hp) == (5, 5)


def test_no_one_may_run_away_during_the_window() -> None:
    """[003:336] the pause cannot be used to cast powers or run away."""
    g = game()
    g.when(SneakAttack(target="hera"), ZEUS)
    assert g.rejects(MoveToLocale(locale="feasts"), HERA).code == "gods2.attack_window"


def test_a_bodyguard_takes_the_defenders_place() -> None:
    """[003:336] "I will defend [name]"; the first to step forward defends (chosen reading)."""
    g = game()
    attack = g.when(SneakAttack(target="hera"), ZEUS)[0]
    g.when(DefendCharacter(attack_id=attack.attack_id), ARES)
    assert g.rejects(DefendCharacter(attack_id=attack.attack_id), IRIS).code == "gods2.already_defended"
    g.now += timedelta(seconds=5)
    assert g.when(FireDueTimers())[1].defender == "ares"


def test_a_bodyguard_too_late_is_refused() -> None:
    g = game()
    attack = g.when(SneakAttack(target="hera"), ZEUS)[0]
    g.now += timedelta(seconds=5)
    assert g.rejects(DefendCharacter(attack_id=attack.attack_id), ARES).code == "gods2.no_open_window"


def test_a_sneak_attack_outside_the_void_or_a_demesne_breaks_the_default_law() -> None:
    """[003:340], [003:494] unlawful, yet it happens: laws only guide the Judge ([003:490])."""
    g = game()
    assert g.when(SneakAttack(target="hera"), ZEUS)[0].lawful is False


def test_a_sneak_attack_in_the_void_is_lawful() -> None:
    """[003:494] the default law does not apply if the defender is in the Void."""
    g = game(chars={"zeus": {"locale": "void"}})
    assert g.when(SneakAttack(target="azazel"), ZEUS)[0].lawful is True


def test_no_combat_in_the_hall_of_feasts() -> None:
    """[003:64] players may not sneak attack or make duel challenges in the Hall of Feasts."""
    g = game()
    g.when(MoveToLocale(locale="feasts"), ZEUS)
    g.when(MoveToLocale(locale="feasts"), HERA)
    g.when(MoveToLocale(locale="feasts"), ARES)
    assert g.rejects(SneakAttack(target="hera"), ZEUS).code == "gods2.no_combat_in_feasts"
    assert g.rejects(ChallengeDuel(target="hera"), ZEUS).code == "gods2.no_combat_in_feasts"


def test_a_duel_challenge_needs_a_third_party_present() -> None:
    """[003:330] publicly: there must be at least one third party present."""
    g = game()
    g.when(MoveToLocale(locale="city"), ZEUS)
    g.when(MoveToLocale(locale="city"), HERA)
    assert g.rejects(ChallengeDuel(target="hera"), ZEUS).code == "gods2.no_witness"
    g.when(MoveToLocale(locale="city"), ARES)
    g.when(ChallengeDuel(target="hera"), ZEUS)


def test_the_challenged_names_a_time_ten_to_thirty_minutes_ahead() -> None:
    """[003:330] a time between ten and thirty minutes in the future."""
    g = game()
    duel = g.when(ChallengeDuel(target="hera"), ZEUS)[0]
    assert g.rejects(NameDuelTime(duel_id=duel.duel_id, minutes=9), HERA).code == "gods2.bad_duel_time"
    assert g.rejects(NameDuelTime(duel_id=duel.duel_id, minutes=31), HERA).code == "gods2.bad_duel_time"
    assert g.rejects(NameDuelTime(duel_id=duel.duel_id, minutes=15), ZEUS).code == "gods2.not_your_duel"
    g.when(NameDuelTime(duel_id=duel.duel_id, minutes=15), HERA)
    g.advance(15)
    started = g.when(FireDueTimers())[1]
    assert isinstance(started, CombatStarted) and started.kind == "duel" and started.locale == "hall"


def test_a_lesser_god_who_misses_a_duel_shames_his_lord() -> None:
    """[003:330] if the person who failed to appear was a lesser god, then his lord is shamed."""
    g = game()
    duel = g.when(ChallengeDuel(target="ares"), HERA)[0]
    g.when(NameDuelTime(duel_id=duel.duel_id, minutes=10), ARES)
    g.when(MoveToLocale(locale="city"), ARES)
    g.advance(10)
    no_show = g.when(FireDueTimers())[1]
    assert no_show == DuelNoShow(duel_id=duel.duel_id, absent=["ares"], shamed=["zeus"])
    assert g.rules.characters["zeus"].shamed and not g.rules.characters["ares"].shamed


def test_a_celestial_spirit_loses_nothing_by_missing_a_duel() -> None:
    """[003:330] celestial spirits and demons lose nothing by declining a duel."""
    g = game()
    duel = g.when(ChallengeDuel(target="iris"), HERA)[0]
    g.when(NameDuelTime(duel_id=duel.duel_id, minutes=10), IRIS)
    g.when(MoveToLocale(locale="city"), IRIS)
    g.advance(10)
    assert g.when(FireDueTimers())[1].shamed == []


def test_an_ally_casts_one_combat_duel_power_before_the_first_round() -> None:
    """[003:332] allies may cast Cd powers on you at the very beginning of the duel, one each."""
    g = game()
    duel = g.when(ChallengeDuel(target="hera"), ZEUS)[0]
    g.when(NameDuelTime(duel_id=duel.duel_id, minutes=10), HERA)
    g.advance(10)
    combat = g.when(FireDueTimers())[1].combat_id
    g.when(SupportDuelist(combat_id=combat, duelist="zeus", power="battle_blessing"), ARES)
    fighter = g.rules.combats[combat].attacker
    assert (fighter.hp, fighter.blocks) == (6, 1)
    assert g.rules.characters["ares"].mana == 8
    again = SupportDuelist(combat_id=combat, duelist="zeus", power="battle_blessing")
    assert g.rejects(again, ARES).code == "gods2.already_supported"
    g.when(ChooseCombatPower(power=None), ZEUS)
    late = SupportDuelist(combat_id=combat, duelist="hera", power="battle_blessing")
    assert g.rejects(late, IRIS).code == "gods2.round_begun"


def test_round_choices_are_sealed_until_both_have_chosen() -> None:
    """[003:346] simultaneous: the opponent sees only that a choice was made."""
    g = game()
    sneak(g, ZEUS, "hera")
    chosen = g.when(ChooseCombatPower(power="sword_of_fire"), ZEUS)
    assert chosen == [CombatPowerChosen(combat_id="combat-2", fighter="zeus", power="sword_of_fire")]
    assert g.ruleset.redact(chosen[0], HERA).power is None
    assert g.view(HERA).combats[0].attacker.power is None and g.view(HERA).combats[0].attacker.power_chosen
    revealed = g.when(ChooseCombatPower(power="shield_of_light"), HERA)
    assert revealed[1].attacker_power == "sword_of_fire" and revealed[1].defender_power == "shield_of_light"
    gesture = g.when(ChooseGesture(gesture="trick"), ZEUS)[0]
    assert isinstance(gesture, GestureChosen) and g.ruleset.redact(gesture, HERA).gesture is None


def test_powers_cost_their_mana_and_grant_tricks_and_blocks() -> None:
    """[003:346], [003:352] each player expends the mana; tricks and blocks come only from powers."""
    g = game()
    combat = sneak(g, ZEUS, "hera")
    g.when(ChooseCombatPower(power="sword_of_fire"), ZEUS)
    g.when(ChooseCombatPower(power="shield_of_light"), HERA)
    zeus, hera = g.rules.combats[combat].attacker, g.rules.combats[combat].defender
    assert (zeus.tricks, hera.blocks) == (2, 2)
    assert (g.rules.characters["zeus"].mana, g.rules.characters["hera"].mana) == (17, 18)


def test_a_trick_or_block_is_spent_when_used_and_none_may_be_shown_without_one() -> None:
    """[003:352] once you have used a trick or block it's gone."""
    g = game()
    combat = sneak(g, ZEUS, "hera")
    g.when(ChooseCombatPower(power=None), ZEUS)
    g.when(ChooseCombatPower(power="shield_of_light"), HERA)
    assert g.rejects(ChooseGesture(gesture="trick"), ZEUS).code == "gods2.none_left"
    g.when(ChooseGesture(gesture="rock"), ZEUS)
    fought = g.when(ChooseGesture(gesture="block"), HERA)[-1]
    assert isinstance(fought, RoundFought) and (fought.attacker_damage, fought.defender_damage) == (0, 0)
    assert g.rules.combats[combat].defender.blocks == 1


def test_a_power_may_be_used_only_once_per_combat() -> None:
    """[003:346] GODS-52: Sword of Fire in round 1, again in round 3: refused."""
    g = game()
    sneak(g, ZEUS, "hera")
    play(g, ZEUS, HERA, "rock", "rock", pa="sword_of_fire")
    play(g, ZEUS, HERA, "paper", "paper")
    assert g.rejects(ChooseCombatPower(power="sword_of_fire"), ZEUS).code == "gods2.power_used"


def test_a_non_combat_power_may_not_be_used_in_combat() -> None:
    """[003:207] combat powers are the only powers which may be used during combat."""
    g = game()
    sneak(g, ZEUS, "hera")
    assert g.rejects(ChooseCombatPower(power="witness_oath"), ZEUS).code == "gods2.not_a_combat_power"


def test_the_defender_may_hear_the_attackers_power_first() -> None:
    """[003:346] the defender may request that the opponent announce his power first."""
    g = game()
    sneak(g, ZEUS, "hera")
    assert g.rejects(RequestAnnouncement(), ZEUS).code == "gods2.not_the_defender"
    g.when(RequestAnnouncement(), HERA)
    assert g.rejects(ChooseCombatPower(power=None), HERA).code == "gods2.wait_for_announcement"
    announced = g.when(ChooseCombatPower(power="sword_of_fire"), ZEUS)[0]
    assert not announced.sealed and g.ruleset.redact(announced, HERA).power == "sword_of_fire"


def test_an_artifact_is_chosen_before_the_first_round_and_its_power_activated() -> None:
    """[003:408] one artifact per combat, chosen before the first round; [003:412] A powers' own cost."""
    g = game()
    combat = sneak(g, ZEUS, "hera")
    g.when(ChooseCombatArtifact(artifact="aegis"), ZEUS)
    play(g, ZEUS, HERA, "rock", "rock", pa="spark_of_battle")
    assert g.rules.characters["zeus"].mana == 19  # activation cost 1, not the casting cost 4
    assert g.rules.combats[combat].attacker.tricks == 1
    assert g.rejects(ChooseCombatArtifact(artifact="aegis"), ZEUS).code == "gods2.round_begun"


def test_a_mutilated_fighter_may_not_show_the_lost_gesture() -> None:
    """[003:302] Lame: you may never use the rock gesture in combat."""
    g = game()
    g.given(MutilationInflicted(character="zeus", mutilation="lame", by=None))
    sneak(g, ZEUS, "hera")
    g.when(ChooseCombatPower(power=None), ZEUS)
    g.when(ChooseCombatPower(power=None), HERA)
    assert g.rejects(ChooseGesture(gesture="rock"), ZEUS).code == "gods2.mutilated"


def test_at_zero_hit_points_a_fighter_must_surrender_or_die() -> None:
    """[003:278] when your character reaches 0 hit points you must either surrender or die."""
    g = game()
    combat = sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA, 4)
    last = play(g, ZEUS, HERA, "rock", "scissors")
    assert last[-1] == FighterFell(combat_id=combat, fighters=["hera"])
    assert g.rejects(ChooseCombatPower(power=None), ZEUS).code == "gods2.not_choosing_powers"


def test_choosing_death_kills_and_pays_the_death_sources() -> None:
    """[003:366] not surrendering means death; [003:368] reported deaths feed event mana sources."""
    g = game()
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    events = g.when(RefuseToSurrender(), HERA)
    assert CombatEnded(combat_id="combat-2", outcome="death", winner="zeus", loser="hera") in events
    assert any(isinstance(e, CharacterDied) and e.character == "hera" for e in events)
    assert any(isinstance(e, ManaCredited) and e.source == "war-deaths" for e in events)
    assert g.rules.characters["hera"].locale == "underworld" and g.rules.combats == {}


def test_a_god_must_accept_a_surrender_outside_era_omega() -> None:
    """[003:364] during Eras Aleph and Centrum, gods and celestial spirits must accept a surrender."""
    g = game()
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    g.when(OfferSurrender(), HERA)
    assert g.rejects(IgnoreSurrender(), ZEUS).code == "gods2.must_accept"


def test_in_era_omega_a_surrender_may_be_ignored() -> None:
    g = game()
    g.when(SetClock(era="omega", in_transition=False, reason="Era Omega begins"))
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    g.when(OfferSurrender(), HERA)
    assert g.when(IgnoreSurrender(), ZEUS)[0].outcome == "death"


def test_surrender_mana_moves_three_after_toll() -> None:
    """[003:288] GODS-46: the loser holding 20 pays 6, the winner receives 3."""
    g = game()
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    g.when(OfferSurrender(), HERA)
    g.when(AcceptSurrender(term="mana"), ZEUS)
    assert (g.rules.characters["zeus"].mana, g.rules.characters["hera"].mana) == (23, 14)
    assert g.rules.combats == {} and g.rules.characters["hera"].life == "alive"


def test_surrender_terms_are_known_to_both_parties_only() -> None:
    """[003:290] the winner names a race; digest A6: surrender terms are known to both parties, while an item, an
    oath or labor show themselves ([003:286], [003:292], [003:294])."""
    g = game()
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    g.when(OfferSurrender(), HERA)
    accepted = g.when(AcceptSurrender(term="earthly_influence", race="elves"), ZEUS)[0]
    assert isinstance(accepted, SurrenderAccepted) and accepted.race == "elves"
    assert g.ruleset.redact(accepted, HERA) == accepted
    assert (g.ruleset.redact(accepted, IRIS).term, g.ruleset.redact(accepted, IRIS).race) == ("", None)
    labor = msgspec.structs.replace(accepted, term="labor", race=None)
    assert g.ruleset.redact(labor, IRIS) == labor


def test_surrender_item_hands_over_an_artifact_of_the_winners_choice() -> None:
    """[003:286] your opponent must give you one artifact that is in her possession."""
    g = game()
    sneak(g, HERA, "zeus")
    knock_down(g, HERA, ZEUS)
    g.when(OfferSurrender(), ZEUS)
    g.when(AcceptSurrender(term="item", artifact="aegis"), HERA)
    assert g.rules.artifacts["aegis"].holder == "hera"


def test_surrender_labor_binds_for_thirty_minutes() -> None:
    """[003:294] for the next 30 minutes he may not move about Heaven except with your permission."""
    g = game()
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    g.when(OfferSurrender(), HERA)
    g.when(AcceptSurrender(term="labor"), ZEUS)
    assert g.rejects(MoveToLocale(locale="feasts"), HERA).code == "gods2.in_labor"
    g.advance(30)
    g.when(FireDueTimers())
    g.when(MoveToLocale(locale="feasts"), HERA)


def test_surrender_will_needs_the_ability_to_witness_an_oath() -> None:
    """[003:292] only characters able to witness a divine oath; the winner pays the witness cost."""
    g = game()
    sneak(g, HERA, "zeus")
    knock_down(g, HERA, ZEUS)
    g.when(OfferSurrender(), ZEUS)
    assert g.rejects(AcceptSurrender(term="will", oath="serve Hera"), HERA).code == "gods2.cannot_witness"


def test_a_surrender_to_a_weapon_of_obliteration_costs_a_mutilation() -> None:
    """[003:300], [003:308] Internal Weakness: two permanent hit points."""
    g = game()
    sneak(g, ZEUS, "hera")
    play(g, ZEUS, HERA, "rock", "scissors", pa="blade_of_ending")
    knock_down(g, ZEUS, HERA, 4)
    g.when(OfferSurrender(), HERA)
    assert g.rejects(AcceptSurrender(term="mana"), ZEUS).code == "gods2.choose_mutilation"
    g.when(AcceptSurrender(term="mana", mutilation="internal_weakness"), ZEUS)
    hera = g.rules.characters["hera"]
    assert (hera.mutilations, hera.permanent_hp) == (("internal_weakness",), 3)


def test_a_mutual_end_is_not_reported_and_pays_no_mana() -> None:
    """[003:360] the combat is ignored; no one receives mana for it."""
    g = game()
    sneak(g, ZEUS, "hera")
    g.when(ProposeMutualEnd(), ZEUS)
    events = g.when(ProposeMutualEnd(), HERA)
    assert events[-1] == CombatEnded(combat_id="combat-2", outcome="mutual")
    assert not any(isinstance(e, ManaCredited) for e in events)


def test_disengaging_fights_the_round_then_keeps_away_ten_minutes() -> None:
    """[003:362] disengagement occurs at the end of a round; stay away ten minutes; no re-attack."""
    g = game()
    sneak(g, ZEUS, "hera")
    events = play(g, ZEUS, HERA, "rock", "paper", pa="mist_step")
    fought = next(e for e in events if isinstance(e, RoundFought))
    assert fought.attacker_damage == 1  # the round is still fought
    assert CombatEnded(combat_id="combat-2", outcome="disengage", winner="hera", loser="zeus") in events
    g.when(MoveToLocale(locale="city"), ZEUS)
    assert g.rejects(MoveToLocale(locale="hall"), ZEUS).code == "gods2.keep_away"
    g.when(MoveToLocale(locale="city"), HERA)
    assert g.rejects(SneakAttack(target="zeus"), HERA).code == "gods2.disengaged"
    g.advance(10)
    g.when(FireDueTimers())
    g.when(MoveToLocale(locale="hall"), ZEUS)


def test_combatants_are_in_a_bubble() -> None:
    """[003:324] unable to affect or be affected by the outside world until the combat is over."""
    g = game()
    sneak(g, ZEUS, "hera")
    assert g.rejects(TransferMana(to="zeus", amount=2), ARES).code == "gods2.in_combat"
    assert g.rejects(SneakAttack(target="zeus"), ARES).code == "gods2.target_in_combat"
    assert g.rejects(MoveToLocale(locale="feasts"), ZEUS).code == "gods2.in_combat"


def test_the_gm_sees_sealed_choices() -> None:
    g = game()
    sneak(g, ZEUS, "hera")
    g.when(ChooseCombatPower(power="sword_of_fire"), ZEUS)
    assert g.view(GM).combats[0].attacker.power == "sword_of_fire"
    assert g.view(AZAZEL).combats[0].attacker.power is None


def test_an_end_of_combat_power_waits_for_the_end_and_goes_to_the_gm() -> None:
    """[003:211] Cs powers may only be used at the end of a combat, just before it is complete."""
    g = game(chars={"zeus": {"powers": ["mercy_of_war"]}})
    sneak(g, ZEUS, "hera")
    assert g.rejects(UseEndOfCombatPower(power="mercy_of_war"), ZEUS).code == "gods2.not_the_end"
    assert g.rejects(ChooseCombatPower(power="mercy_of_war"), ZEUS).code == "gods2.end_of_combat_power"
    knock_down(g, ZEUS, HERA)
    events = g.when(UseEndOfCombatPower(power="mercy_of_war"), ZEUS)
    assert g.rules.characters["zeus"].mana == 18 and "combat-2:mercy_of_war" in g.rules.rulings
    assert events[1].ruling == "Which term does the surrender take?"


def test_an_other_mutilation_needs_the_gms_approval_in_advance() -> None:
    """[003:310] Other mutilations must be proposed to and approved by the gamemasters in advance."""
    g = game()
    sneak(g, ZEUS, "hera")
    play(g, ZEUS, HERA, "rock", "scissors", pa="blade_of_ending")
    knock_down(g, ZEUS, HERA, 4)
    g.when(OfferSurrender(), HERA)
    cmd = AcceptSurrender(term="mana", mutilation="other")
    assert g.rejects(cmd, ZEUS).code == "gods2.not_approved"
    g.when(ApproveMutilation(character="zeus", description="Branded brow", reason="approved before the session"))
    events = g.when(cmd, ZEUS)
    inflicted = next(e for e in events if isinstance(e, MutilationInflicted))
    assert (inflicted.mutilation, inflicted.description) == ("other", "Branded brow")


def test_an_old_labor_timer_does_not_end_a_new_labor() -> None:
    """[003:294] the 30 minutes run from each surrender: a stale timer changes nothing."""
    g = game()
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    g.when(OfferSurrender(), HERA)
    g.when(AcceptSurrender(term="labor"), ZEUS)
    g.when(KillCharacter(character="hera", reason="struck down"))  # death ends her service
    g.when(ReleaseCharacterFromDeath(character="hera", reason="Release from Death"))
    g.when(TransmigrateCharacter(character="hera", locale="hall", reason="walks back"))
    g.advance(10)
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    g.when(OfferSurrender(), HERA)
    g.when(AcceptSurrender(term="labor"), ZEUS)
    g.advance(20)  # the first labor's timer is due now
    g.when(FireDueTimers())
    assert g.rules.characters["hera"].labor_master == "zeus"
    g.advance(10)
    g.when(FireDueTimers())
    assert g.rules.characters["hera"].labor_master is None


def test_a_power_may_force_the_opponent_to_disengage() -> None:
    """[003:362] you may only disengage if given the ability by a power, or forced to by an opponent's power."""
    g = game(chars={"zeus": {"powers": ["banishing_wind"]}})
    sneak(g, ZEUS, "hera")
    events = play(g, ZEUS, HERA, "rock", "rock", pa="banishing_wind")
    assert CombatEnded(combat_id="combat-2", outcome="disengage", winner="zeus", loser="hera") in events
    assert g.rules.characters["hera"].keep_away[0].opponent == "zeus"


def test_a_power_may_force_a_referee_played_demesne_to_end_the_combat() -> None:
    """[003:374] a referee playing a demesne may not agree to end combat unless forced by the attacker's power."""
    g = game(chars={"hera": {"powers": ["hearth_peace"], "locale": "city"}})
    g.when(AttackDemesne(demesne="olympus"), HERA)
    g.now += timedelta(seconds=5)
    combat = g.when(FireDueTimers())[1].combat_id
    g.when(ChooseCombatPower(power="hearth_peace"), HERA)
    g.when(PlayDemesneDefence(combat_id=combat))
    g.when(ChooseGesture(gesture="rock"), HERA)
    events = g.when(PlayDemesneDefence(combat_id=combat, gesture="block"))
    assert events[-1] == CombatEnded(combat_id=combat, outcome="mutual")
    assert not any(isinstance(e, ManaCredited) for e in events)
