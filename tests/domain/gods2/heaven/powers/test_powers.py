"""Personal powers from the content pack and their casting rules ([003:197-269])."""

from __future__ import annotations

from datetime import timedelta

import msgspec

from domain.engine.messages import FireDueTimers, TimerCancelled
from domain.rulesets.gods2.heaven.commands import (
    CastPower,
    ConsentToPower,
    DebitMana,
    KillCharacter,
    MoveToLocale,
    ResolvePowerConflict,
    RulePowerEffect,
    SetClock,
    SneakAttack,
    TransferMana,
    TransmigrateCharacter,
    UseGift,
)
from domain.rulesets.gods2.heaven.locales.events import CharacterMoved, ProtectionGranted
from domain.rulesets.gods2.heaven.powers.events import (
    CastCompleted,
    CastFailed,
    GiftGranted,
    PowerCast,
    RulingRequested,
)
from domain.rulesets.gods2.kernel.content import ContentPack, sample_pack
from domain.rulesets.gods2.kernel.events import CharacterRevived, ManaSpent
from tests.domain.gods2.scenario import ARES, HERA, IRIS, ZEUS, game
from tests.domain.harness import GM, T0, Game

EXTRA = [
    "soul_sight",
    "blessing_of_strength",
    "silence",
    "darkness",
    "wall_of_thorns",
    "burning_gate",
    "storm_charge",
    "bless_land",
    "lovers_quarrel",
]


def gods() -> Game:
    return game(chars={"zeus": {"powers": ["sword_of_fire", "curse_of_clumsiness", "witness_oath", *EXTRA]}})


def test_personal_powers_do_not_work_in_a_transition_phase() -> None:
    """[003:199] any time except Era Null and, of course, during transition phases; [003:168] between sessions
    the players' only business in Heaven is transferring mana."""
    g = game(in_transition=True)
    assert g.rejects(CastPower(power="curse_of_clumsiness", targets=["hera"]), ZEUS).code == ("gods2.between_sessions")
    assert g.rejects(MoveToLocale(locale="feasts"), ZEUS).code == "gods2.between_sessions"


def test_the_target_must_be_in_the_casters_locale() -> None:
    """[003:201] the target must always be in the same locale as the caster."""
    g = game()
    g.when(MoveToLocale(locale="feasts"), HERA)
    assert g.rejects(CastPower(power="curse_of_clumsiness", targets=["hera"]), ZEUS).code == "gods2.not_same_locale"


def test_a_direct_effect_power_is_paid_and_opens_a_ruling_when_its_effect_needs_judgement() -> None:
    """[003:227] the effects occur immediately; untyped effects go to the GM."""
    g = game()
    events = g.when(CastPower(power="curse_of_clumsiness", targets=["hera"]), ZEUS)
    assert events[0] == ManaSpent(
        character="zeus", amount=3, from_held=3, from_pending=0, purpose="power: curse_of_clumsiness"
    )
    assert isinstance(events[1], PowerCast) and isinstance(events[2], RulingRequested)
    cast_id = events[1].cast_id
    assert g.view(GM).open_rulings == {cast_id: "What does the target drop?"}
    g.when(RulePowerEffect(cast_id=cast_id, ruling="Hera drops her fan", reason="Curse of Clumsiness"))
    assert g.rules.rulings == {}


def test_after_a_direct_effect_power_the_locale_may_react_first() -> None:
    """[003:227] you must allow all other players in the locale a chance to react with one action."""
    g = game()
    g.when(CastPower(power="curse_of_clumsiness", targets=["hera"]), ZEUS)
    assert g.rejects(CastPower(power="curse_of_clumsiness", targets=["ares"]), ZEUS).code == (
        "gods2.wait_for_reactions"
    )
    g.now += timedelta(seconds=10)
    g.when(CastPower(power="curse_of_clumsiness", targets=["ares"]), ZEUS)


def test_combat_powers_only_work_in_combat() -> None:
    """[003:207] these powers can only be used in combat unless they also fall within another category."""
    assert game().rejects(CastPower(power="sword_of_fire"), ZEUS).code == "gods2.combat_only"


def test_artifact_powers_work_only_inside_artifacts() -> None:
    """[003:255] artifact powers may only be imbedded inside of an artifact."""
    assert gods().rejects(CastPower(power="storm_charge"), ZEUS).code == "gods2.artifact_only"


def test_a_power_one_does_not_know_is_refused() -> None:
    assert game().rejects(CastPower(power="silence"), HERA).code == "gods2.not_your_power"


def test_a_debt_blocks_every_power() -> None:
    """[003:156] until the full amount is paid, the character may not use powers."""
    g = game()
    g.when(DebitMana(character="zeus", amount=25, reason="curse"))
    assert g.rejects(CastPower(power="curse_of_clumsiness", targets=["hera"]), ZEUS).code == "gods2.in_debt"


def test_the_dead_use_no_powers() -> None:
    """[003:424] restriction 3."""
    g = game()
    g.when(KillCharacter(character="hera", reason="test"))
    assert g.rejects(CastPower(power="wings_of_wind"), HERA).code == "gods2.dead"


def test_a_persuasion_is_cast_at_once_and_takes_effect_after_three_minutes() -> None:
    """[003:219] three minutes conversing, during which neither may leave or use powers."""
    g = game()
    events = g.when(CastPower(power="sweet_words", targets=["zeus"]), HERA)
    assert isinstance(events[1], PowerCast) and events[1].persuasion
    assert g.rejects(MoveToLocale(locale="feasts"), ZEUS).code == "gods2.in_conversation"
    assert g.rejects(CastPower(power="wings_of_wind"), HERA).code == "gods2.in_conversation"
    g.advance(3)
    fired = g.when(FireDueTimers())
    assert any(isinstance(e, RulingRequested) for e in fired) and any(isinstance(e, CastCompleted) for e in fired)
    g.when(MoveToLocale(locale="feasts"), ZEUS)


def test_the_parties_to_a_persuasion_are_immune_to_others_meanwhile() -> None:
    """[003:219] both parties are also immune to further persuasion powers during this period."""
    g = game(chars={"ares": {"powers": ["sweet_words"]}})
    g.when(CastPower(power="sweet_words", targets=["zeus"]), HERA)
    assert g.rejects(CastPower(power="sweet_words", targets=["zeus"]), ARES).code == "gods2.immune_while_conversing"


def test_no_two_persuasions_within_three_minutes() -> None:
    """[003:219] a player may not cast two persuasion powers within three minutes of each other."""
    g = game()
    g.given(PowerCast(cast_id="cast-0", caster="hera", power="sweet_words", targets=[], cost=0, at=T0, persuasion=True))
    g.advance(2)
    assert g.rejects(CastPower(power="sweet_words", targets=["ares"]), HERA).code == "gods2.persuasion_cooldown"
    g.advance(1)
    g.when(CastPower(power="sweet_words", targets=["ares"]), HERA)


def test_a_persuasion_costs_a_quarter_less_in_the_hall_of_feasts() -> None:
    """[003:64] persuasion powers cost 25% less than normal in this room (rounded up): 4 becomes 3."""
    g = game()
    g.when(MoveToLocale(locale="feasts"), HERA)
    g.when(MoveToLocale(locale="feasts"), ZEUS)
    assert g.when(CastPower(power="sweet_words", targets=["zeus"]), HERA)[0].amount == 3


def test_a_mass_persuasion_takes_everyone_eligible_in_the_locale() -> None:
    """[003:223] Pm affects all players in the locale who meet the criteria."""
    g = game()
    cast = g.when(CastPower(power="rousing_speech"), HERA)[1]
    assert cast.targets == ["ares", "iris", "zeus"]


def _with_targets(power_id: str, kinds: list[str]) -> ContentPack:
    pack = sample_pack()
    powers = [msgspec.structs.replace(p, target_kinds=kinds) if p.id == power_id else p for p in pack.powers]
    return msgspec.structs.replace(pack, powers=powers)


def test_a_mass_persuasion_takes_only_those_who_meet_its_criteria() -> None:
    """[003:223] Pm affects all players in the locale who meet the criteria for being a target (e.g., all gods)."""
    g = game(content=_with_targets("rousing_speech", ["greater_god", "lesser_god"]))
    cast = g.when(CastPower(power="rousing_speech"), HERA)[1]
    assert cast.targets == ["ares", "zeus"]


def test_a_power_refuses_a_target_outside_its_criteria() -> None:
    """[003:223] the criteria for being a target (e.g., all demons) bind every targeted power of the pack."""
    g = game(content=_with_targets("sweet_words", ["demon"]))
    assert g.rejects(CastPower(power="sweet_words", targets=["zeus"]), HERA).code == "gods2.not_a_valid_target"


def test_a_persuasion_costs_more_on_a_target_whose_ability_raises_it() -> None:
    """[003:221] if either of the targets has an ability which increases the mana cost of persuasion powers,
    then the cost is increased."""
    zeus = {"powers": ["sword_of_fire", *EXTRA], "persuasion_surcharge": 5}
    g = game(chars={"zeus": zeus, "hera": {"persuasion_surcharge": 2}, "ares": {"persuasion_surcharge": 1}})
    assert g.when(CastPower(power="sweet_words", targets=["ares"]), HERA)[0].amount == 4 + 1
    g.advance(3)
    g.when(FireDueTimers())  # the three minutes of conversation are over
    assert g.when(CastPower(power="lovers_quarrel", targets=["hera", "ares"]), ZEUS)[0].amount == 6 + 2 + 1
    seen_by_hera = {c.id: c.persuasion_surcharge for c in g.view(HERA).characters}
    assert (seen_by_hera["hera"], seen_by_hera["zeus"]) == (2, None)  # a sheet's abilities are private [003:53]


def test_a_mass_persuasion_leaves_a_target_with_a_higher_cost_unaffected_unless_paid_for() -> None:
    """[003:223] each such target is unaffected by the power unless the caster pays the increased cost for him."""
    g = game(chars={"zeus": {"persuasion_surcharge": 3}})
    spent, cast = g.when(CastPower(power="rousing_speech"), HERA)[:2]
    assert (spent.amount, cast.targets) == (8, ["ares", "iris"])
    g = game(chars={"zeus": {"persuasion_surcharge": 3}})
    spent, cast = g.when(CastPower(power="rousing_speech", pay_surcharge_for=["zeus"]), HERA)[:2]
    assert (spent.amount, cast.targets) == (8 + 3, ["ares", "iris", "zeus"])
    wrong = CastPower(power="rousing_speech", pay_surcharge_for=["ares"])
    assert game().rejects(wrong, HERA).code == "gods2.no_surcharge"


def test_a_two_target_persuasion_needs_two_targets() -> None:
    """[003:221] P2 powers have two targets."""
    g = gods()
    assert g.rejects(CastPower(power="lovers_quarrel", targets=["hera"]), ZEUS).code == "gods2.target_count"
    g.when(CastPower(power="lovers_quarrel", targets=["hera", "ares"]), ZEUS)


def test_a_persuasions_content_is_hidden_from_third_parties() -> None:
    """[003:195] the cause of a persuasion stays private; the conversation lock shows."""
    g = game()
    events = g.when(CastPower(power="sweet_words", targets=["zeus"]), HERA)
    assert g.ruleset.redact(events[1], ARES) is None and g.ruleset.redact(events[1], ZEUS) == events[1]
    assert g.ruleset.redact(events[2], ARES).power == ""


def test_a_mass_persuasion_is_announced_for_everyone_to_hear() -> None:
    """[003:223] the caster must announce his use of the power in a loud voice so that everyone will hear."""
    g = game()
    g.when(MoveToLocale(locale="feasts"), ARES)  # Ares, outside the Hall, is no target but hears of it
    events = g.when(CastPower(power="rousing_speech"), HERA)
    assert isinstance(events[1], PowerCast) and events[1].loud and "ares" not in events[1].targets
    assert g.ruleset.redact(events[1], ARES) == events[1] and g.ruleset.redact(events[2], ARES) == events[2]


def test_an_nt_power_fails_without_cost_if_the_target_leaves() -> None:
    """[003:229] if the target immediately leaves the locale, the power fails; no mana expended."""
    g = gods()
    g.when(CastPower(power="soul_sight", targets=["hera"]), ZEUS)
    g.when(MoveToLocale(locale="feasts"), HERA)
    g.now += timedelta(seconds=10)
    fired = g.when(FireDueTimers())
    assert isinstance(fired[1], CastFailed) and g.rules.characters["zeus"].mana == 20


def test_an_nt_power_succeeds_if_the_target_does_anything_else() -> None:
    g = gods()
    g.when(CastPower(power="soul_sight", targets=["hera"]), ZEUS)
    g.now += timedelta(seconds=10)
    fired = g.when(FireDueTimers())
    assert any(isinstance(e, PowerCast) for e in fired) and g.rules.characters["zeus"].mana == 17


def test_a_sneak_attack_on_a_locale_casters_stops_the_power_at_no_cost() -> None:
    """[003:247] if someone sneak attacks the caster, the power fails and the caster expends no mana."""
    g = gods()
    g.when(CastPower(power="silence"), ZEUS)
    events = g.when(SneakAttack(target="zeus"), HERA)
    assert any(isinstance(e, CastFailed) for e in events)
    assert g.rules.casts == {} and g.rules.characters["zeus"].mana == 20


def test_a_locale_power_hits_those_who_stayed() -> None:
    """[003:247] if someone immediately leaves the locale then she is not targeted."""
    g = gods()
    g.when(CastPower(power="silence"), ZEUS)
    g.when(MoveToLocale(locale="feasts"), HERA)
    g.now += timedelta(seconds=10)
    cast = next(e for e in g.when(FireDueTimers()) if isinstance(e, PowerCast))
    assert cast.targets == ["ares", "iris"]


def test_an_instant_locale_power_needs_no_announcement() -> None:
    """[003:249] Li: no one has a chance to avoid or stop the power."""
    g = gods()
    g.when(KillCharacter(character="hera", reason="x"))
    events = g.when(CastPower(power="darkness"), ZEUS)
    assert isinstance(events[1], PowerCast) and events[1].targets == ["ares", "iris"]


def test_an_nv_power_waits_for_its_willing_target() -> None:
    """[003:231] Nv powers can only be cast on a willing target."""
    g = gods()
    pending = g.when(CastPower(power="blessing_of_strength", targets=["hera"]), ZEUS)[0]
    assert g.rules.characters["zeus"].mana == 20
    assert g.rejects(ConsentToPower(cast_id=pending.cast_id), ARES).code == "gods2.nothing_to_consent"
    g.when(ConsentToPower(cast_id=pending.cast_id), HERA)
    assert g.rules.characters["zeus"].mana == 17 and g.rules.casts == {}


def test_an_ns_power_is_used_on_oneself_only() -> None:
    """[003:233]; Wings of Wind then lets Hera past the Guardian Beasts once."""
    g = game()
    assert g.rejects(CastPower(power="wings_of_wind", targets=["zeus"]), HERA).code == "gods2.self_only"
    events = g.when(CastPower(power="wings_of_wind"), HERA)
    assert ProtectionGranted(character="hera", against="guardian_beasts", reason="wings_of_wind") in events
    g.when(MoveToLocale(locale="wilds"), HERA)


def test_a_gift_is_a_one_use_card_for_another_character_at_no_cost() -> None:
    """[003:263-265] not on oneself; only the target may use it; no mana; discarded once used."""
    g = game()
    assert g.rejects(CastPower(power="gift_of_passage", targets=["hera"]), HERA).code == "gods2.no_self_gift"
    events = g.when(CastPower(power="gift_of_passage", targets=["zeus"]), HERA)
    gift = next(e for e in events if isinstance(e, GiftGranted))
    assert g.ruleset.redact(gift, ARES) is None
    mine = next(c for c in g.view(ZEUS).characters if c.id == "zeus")
    assert [x.gift_id for x in mine.gifts] == [gift.gift_id]
    g.when(UseGift(gift_id=gift.gift_id), ZEUS)
    assert g.rules.characters["zeus"].mana == 20 and "lost_in_void" in g.rules.characters["zeus"].protections
    assert g.rejects(UseGift(gift_id=gift.gift_id), ZEUS).code == "gods2.no_such_gift"
    assert not g.when(MoveToLocale(locale="void"), ZEUS)[0].lost_in_void


def test_a_demesne_power_takes_five_minutes_inside_the_demesne() -> None:
    """[003:237-239] cast from inside; five minutes; then on the demesne's card."""
    g = gods()
    g.when(MoveToLocale(locale="city"), ZEUS)
    assert g.rejects(CastPower(power="wall_of_thorns", demesne="olympus"), ZEUS).code == "gods2.not_inside"
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    g.when(CastPower(power="wall_of_thorns", demesne="olympus"), ZEUS)
    g.advance(5)
    g.when(FireDueTimers())
    assert [p.power for p in g.rules.demesnes["olympus"].powers] == ["wall_of_thorns"]
    g.advance(1)
    assert g.rejects(CastPower(power="wall_of_thorns", demesne="olympus"), ZEUS).code == "gods2.already_on_demesne"


def test_an_attack_interrupts_a_demesne_casting_and_the_mana_is_lost() -> None:
    """[003:239] interrupted (and the mana cost lost) if the caster is attacked during this period."""
    g = gods()
    g.when(MoveToLocale(locale="city"), ZEUS)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    g.when(MoveToLocale(locale="city"), ARES)
    g.when(MoveToLocale(locale="olympus"), ARES)
    g.when(CastPower(power="burning_gate", demesne="olympus"), ZEUS)
    events = g.when(SneakAttack(target="zeus"), ARES)
    failed = next(e for e in events if isinstance(e, CastFailed))
    assert failed.mana_lost == 4 and any(isinstance(e, TimerCancelled) for e in events)
    assert g.rules.characters["zeus"].mana == 16


def test_a_variable_power_costs_the_strength_chosen() -> None:
    """[003:414] a variable casting cost."""
    g = gods()
    assert g.rejects(CastPower(power="bless_land", strength=3), ZEUS).code == "gods2.too_weak"
    assert g.when(CastPower(power="bless_land", strength=6), ZEUS)[0].amount == 6


def test_release_from_death_brings_the_dead_back_early() -> None:
    """[003:429] powers from the sphere of Death override these restrictions."""
    g = game()
    g.when(KillCharacter(character="zeus", reason="test"))
    g.when(TransmigrateCharacter(character="hera", locale="underworld", reason="Descent"))
    events = g.when(CastPower(power="release_from_death", targets=["zeus"]), HERA)
    assert any(isinstance(e, TimerCancelled) for e in events)
    assert CharacterRevived(character="zeus", at=T0, cause="release_from_death") in events


def test_era_null_has_no_personal_powers() -> None:
    g = game()
    g.when(SetClock(era="null", in_transition=False, reason="before creation"))
    assert g.rejects(CastPower(power="wings_of_wind"), HERA).code == "gods2.no_personal_powers"


def test_a_third_partys_attack_ends_a_persuasion_conversation_and_its_effect_begins() -> None:
    """[003:219] once the conversation is over (either by time or by interruption) the effects begin."""
    g = game()
    g.when(CastPower(power="sweet_words", targets=["ares"]), HERA)
    events = g.when(SneakAttack(target="ares"), ZEUS)
    assert any(isinstance(e, RulingRequested) for e in events) and any(isinstance(e, CastCompleted) for e in events)
    assert any(isinstance(e, TimerCancelled) for e in events)
    assert g.rules.characters["hera"].conversation_until is None


def test_an_ally_behind_a_duelist_is_inside_the_bubble_until_the_end() -> None:
    """[003:332] the allies cannot leave, attack, be attacked, use powers, or have powers used on them."""
    from domain.rulesets.gods2.heaven.commands import ChallengeDuel, NameDuelTime, ProposeMutualEnd, SupportDuelist

    g = game(chars={"iris": {"powers": ["curse_of_clumsiness"]}})
    duel = g.when(ChallengeDuel(target="hera"), ZEUS)[0]
    g.when(NameDuelTime(duel_id=duel.duel_id, minutes=10), HERA)
    g.advance(10)
    combat = g.when(FireDueTimers())[1].combat_id
    g.when(SupportDuelist(combat_id=combat, duelist="zeus", power="battle_blessing"), ARES)
    assert g.rejects(MoveToLocale(locale="feasts"), ARES).code == "gods2.in_combat_bubble"
    cmd = CastPower(power="curse_of_clumsiness", targets=["ares"])
    assert g.rejects(cmd, IRIS).code == "gods2.target_in_combat"
    g.when(ProposeMutualEnd(), ZEUS)
    g.when(ProposeMutualEnd(), HERA)
    g.when(MoveToLocale(locale="feasts"), ARES)


def test_a_transmigration_power_ignores_the_guardian_beasts() -> None:
    """[003:96] transmigrating characters never worry about entrance restrictions."""
    g = game(chars={"hera": {"powers": ["spirit_walk"]}})
    assert g.rejects(CastPower(power="spirit_walk"), HERA).code == "gods2.name_the_destination"
    events = g.when(CastPower(power="spirit_walk", destination="wilds"), HERA)
    moved = next(e for e in events if isinstance(e, CharacterMoved))
    assert moved.transmigrated and g.rules.characters["hera"].locale == "wilds"


def test_targeting_a_demesne_caster_interrupts_the_casting() -> None:
    """[003:239] interrupted (and the mana cost lost) if the caster is made the target of another power."""
    g = game(chars={"zeus": {"powers": ["wall_of_thorns"]}, "ares": {"powers": ["curse_of_clumsiness"]}})
    for who in (ZEUS, ARES):
        g.when(MoveToLocale(locale="city"), who)
        g.when(MoveToLocale(locale="olympus"), who)
    g.when(CastPower(power="wall_of_thorns", demesne="olympus"), ZEUS)
    events = g.when(CastPower(power="curse_of_clumsiness", targets=["zeus"]), ARES)
    assert isinstance(events[0], CastFailed) and events[0].mana_lost == 5
    assert g.rules.casts == {} and g.rules.characters["zeus"].mana == 15


def test_between_sessions_mana_moves_by_telling_the_gms_still_tolled() -> None:
    """[003:168] during transition phases players transfer mana by informing the gamemasters; the toll applies."""
    g = game(in_transition=True)  # Zeus in the Hall, Azazel in the Void
    assert g.when(TransferMana(to="azazel", amount=6), ZEUS)[0].received == 3


def test_who_walks_into_a_mass_persuasion_must_stay_and_listen_but_is_not_persuaded() -> None:
    """[003:223] characters who enter the room after the speech has begun must stay and listen but are not
    otherwise influenced by the power's effects."""
    g = game()
    g.when(MoveToLocale(locale="feasts"), IRIS)
    speech = g.when(CastPower(power="rousing_speech"), HERA)[1]
    assert "iris" not in speech.targets
    g.advance(1)
    moved = g.when(MoveToLocale(locale="hall"), IRIS)[0]
    assert moved.listen_until == T0 + timedelta(minutes=3)
    assert g.rejects(MoveToLocale(locale="feasts"), IRIS).code == "gods2.in_conversation"
    g.advance(2)
    g.when(FireDueTimers())
    g.when(MoveToLocale(locale="feasts"), IRIS)


def test_in_a_conflict_the_higher_sphere_level_prevails_and_equal_levels_are_the_referees() -> None:
    """[003:179] the power with the higher sphere level takes precedence; celestial and demon powers count as
    first level; at equal levels a referee judges. Common sense may settle it first."""
    pack = msgspec.structs.replace(
        sample_pack(),
        powers=[msgspec.structs.replace(p, level=3) if p.id == "silence" else p for p in sample_pack().powers],
    )
    g = game(content=pack)
    lower = ResolvePowerConflict(first="silence", second="demon_claws", prevailing="demon_claws", reason="x")
    assert g.rejects(lower).code == "gods2.lower_level"
    assert g.when(msgspec.structs.replace(lower, prevailing="silence"))[0].rule == "higher level"
    assert g.when(msgspec.structs.replace(lower, by_common_sense=True))[0].rule == "common sense"
    equal = ResolvePowerConflict(first="darkness", second="demon_claws", prevailing="demon_claws", reason="x")
    assert g.when(equal)[0].rule == "referee"
