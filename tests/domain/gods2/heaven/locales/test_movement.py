"""Locales of Heaven and movement between them ([003:58-98], [003:108], [003:120])."""

from __future__ import annotations

from domain.rulesets.gods2.heaven.commands import (
    DepositInDemonPool,
    EnterPrimevalWilds,
    GoOutOfGame,
    GrantProtection,
    JoinWildsParty,
    MoveToLocale,
    PayWayOutOfVoid,
    ReturnToGame,
    SneakAttack,
    TransferMana,
    TransmigrateCharacter,
    WithdrawFromDemonPool,
)
from domain.rulesets.gods2.heaven.locales.events import CharacterMoved, GuardianBeastsDefeated, VoidExitBought
from domain.rulesets.gods2.kernel.events import ManaSpent
from tests.domain.gods2.scenario import ARES, AZAZEL, HERA, IRIS, ZEUS, game
from tests.domain.harness import GM


def test_a_character_walks_freely_between_the_open_locales() -> None:
    """[003:60-64] players are free to enter or leave the Hall of Doom, the Window and the Hall of Feasts."""
    g = game()
    events = g.when(MoveToLocale(locale="feasts"), ZEUS)
    assert events == [CharacterMoved(character="zeus", from_locale="hall", to_locale="feasts")]
    g.when(MoveToLocale(locale="window"), ZEUS)
    assert g.rules.characters["zeus"].locale == "window"


def test_an_unknown_locale_is_refused() -> None:
    assert game().rejects(MoveToLocale(locale="atlantis"), ZEUS).code == "gods2.unknown_locale"


def test_the_guardian_beasts_bar_the_wilds_to_a_plain_walk() -> None:
    """[003:66] anyone entering is automatically attacked by the Guardian Beasts unless a power prevents it."""
    assert game().rejects(MoveToLocale(locale="wilds"), ZEUS).code == "gods2.guardian_beasts"


def test_two_tricks_or_blocks_from_combat_powers_defeat_a_guardian_beast() -> None:
    """[003:82] expend mana for two tricks and/or blocks using your combat powers."""
    g = game()
    events = g.when(EnterPrimevalWilds(locale="wilds", powers=["shield_of_light"]), ZEUS)
    assert events[0] == ManaSpent(
        character="zeus", amount=2, from_held=2, from_pending=0, purpose="guardian beasts: shield_of_light"
    )
    assert GuardianBeastsDefeated(party=["zeus"], beasts=1, powers=["shield_of_light"]) in events
    assert g.rules.characters["zeus"].locale == "wilds"
    assert g.rules.characters["zeus"].mana == 18


def test_one_block_is_not_enough_for_a_guardian_beast() -> None:
    """[003:82] a Beast needs two tricks and/or blocks; Battle Blessing gives one block."""
    g = game()
    assert g.rejects(EnterPrimevalWilds(locale="wilds", powers=["battle_blessing"]), ZEUS).code == (
        "gods2.beast_not_defeated"
    )


def test_each_combat_power_serves_once_against_the_beasts() -> None:
    """[003:82] as with normal combat, each combat power may only be used once."""
    g = game()
    cmd = EnterPrimevalWilds(locale="wilds", powers=["battle_blessing", "battle_blessing"])
    assert g.rejects(cmd, ZEUS).code == "gods2.power_used_twice"


def test_a_protection_lets_one_walk_into_the_wilds_once() -> None:
    """[003:66] unless he uses (or has used on him) a power which prevents this attack."""
    g = game()
    g.when(GrantProtection(character="zeus", against="guardian_beasts", reason="Wings of Wind"))
    g.when(MoveToLocale(locale="wilds"), ZEUS)
    g.when(MoveToLocale(locale="city"), ZEUS)
    assert g.rejects(MoveToLocale(locale="wilds"), ZEUS).code == "gods2.guardian_beasts"


def test_the_living_may_not_walk_into_the_underworld() -> None:
    """[003:68] the Underworld may normally only be entered by dead gods or celestial spirits."""
    assert game().rejects(MoveToLocale(locale="underworld"), ZEUS).code == "gods2.underworld_closed"


def test_entering_the_void_loses_a_god_there() -> None:
    """[003:72] after entering, all characters become lost in the Void unless a power prevents this."""
    g = game()
    events = g.when(MoveToLocale(locale="void"), ZEUS)
    assert events[0].lost_in_void
    assert g.rejects(MoveToLocale(locale="hall"), ZEUS).code == "gods2.lost_in_void"


def test_a_demon_is_never_lost_in_the_void() -> None:
    g = game()
    g.when(MoveToLocale(locale="city"), AZAZEL)
    assert not g.when(MoveToLocale(locale="void"), AZAZEL)[0].lost_in_void


def test_a_demon_present_must_let_a_lost_god_out_for_five_mana_after_toll() -> None:
    """[003:72] a demon must let a character out if she gives him 5 mana (after toll): 10 leave her."""
    g = game()
    g.when(MoveToLocale(locale="void"), ZEUS)
    events = g.when(PayWayOutOfVoid(demon="azazel"), ZEUS)
    assert events[0] == VoidExitBought(
        character="zeus", demon="azazel", paid=10, arrived=5, from_held=10, from_pending=0
    )
    assert (g.rules.characters["zeus"].mana, g.rules.characters["azazel"].mana) == (10, 10)
    g.when(MoveToLocale(locale="hall"), ZEUS)


def test_with_no_demon_present_the_ransom_goes_into_the_demonic_pool() -> None:
    """[003:72] deposit 5 mana (after toll) in the demonic pool: the only time a non-demon may do so."""
    g = game()
    g.when(MoveToLocale(locale="city"), AZAZEL)
    g.when(MoveToLocale(locale="void"), ZEUS)
    g.when(PayWayOutOfVoid(), ZEUS)
    assert g.rules.demon_pool == 5 and g.rules.characters["zeus"].mana == 10


def test_the_pool_is_not_for_a_lost_god_while_a_demon_is_there() -> None:
    g = game()
    g.when(MoveToLocale(locale="void"), ZEUS)
    assert g.rejects(PayWayOutOfVoid(), ZEUS).code == "gods2.demon_present"


def test_a_lost_god_without_ten_mana_stays_in_the_void() -> None:
    """[003:72] if a character does not have sufficient mana ... she may be stuck in the Void."""
    g = game(chars={"zeus": {"mana": 9}})
    g.when(MoveToLocale(locale="void"), ZEUS)
    assert g.rejects(PayWayOutOfVoid(demon="azazel"), ZEUS).code == "gods2.not_enough_mana"


def test_only_a_demon_in_the_void_uses_the_pool_and_without_toll() -> None:
    """[003:70] a demon (and only a demon) may put in or take out any amount while in the Void."""
    g = game()
    g.when(DepositInDemonPool(amount=4), AZAZEL)
    assert (g.rules.demon_pool, g.rules.characters["azazel"].mana) == (4, 1)
    g.when(WithdrawFromDemonPool(amount=3), AZAZEL)
    assert (g.rules.demon_pool, g.rules.characters["azazel"].mana) == (1, 4)
    assert g.rejects(DepositInDemonPool(amount=1), ZEUS).code == "gods2.not_a_demon_in_the_void"


def test_only_owners_lords_and_minions_enter_a_demesne() -> None:
    """[003:120] a demesne may only be entered by its owners and the minions and/or lords of the owners."""
    g = game()
    for who in (ZEUS, ARES, HERA):
        g.when(MoveToLocale(locale="city"), who)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    g.when(MoveToLocale(locale="olympus"), ARES)  # Zeus's minion
    assert g.rejects(MoveToLocale(locale="olympus"), HERA).code == "gods2.demesne_closed"


def test_a_demesne_is_entered_from_its_parent_locale() -> None:
    assert game().rejects(MoveToLocale(locale="olympus"), ZEUS).code == "gods2.not_beside_demesne"


def test_transmigration_ignores_entry_restrictions() -> None:
    """[003:96] transmigrating characters never worry about entrance restrictions (Wilds, Underworld...)."""
    g = game()
    events = g.when(TransmigrateCharacter(character="zeus", locale="wilds", reason="Spirit Walk"))
    assert events[0].transmigrated and g.rules.characters["zeus"].locale == "wilds"


def test_players_interact_only_within_a_locale() -> None:
    """[003:108] a player may not talk with, attack, or use powers on a player in another locale."""
    g = game()
    g.when(MoveToLocale(locale="feasts"), HERA)
    assert g.rejects(TransferMana(to="hera", amount=2), ZEUS).code == "gods2.not_same_locale"
    assert g.rejects(SneakAttack(target="hera"), ZEUS).code == "gods2.not_same_locale"


def test_a_character_out_of_the_game_cannot_be_targeted() -> None:
    """[003:88] players in the restrooms may not be attacked or have powers used on them."""
    g = game()
    g.when(GoOutOfGame(), HERA)
    assert g.rejects(SneakAttack(target="hera"), ZEUS).code == "gods2.out_of_game"
    assert g.rejects(MoveToLocale(locale="feasts"), HERA).code == "gods2.out_of_game"
    g.when(ReturnToGame(), HERA)
    g.when(MoveToLocale(locale="feasts"), HERA)


def test_the_gm_may_not_transmigrate_without_a_reason() -> None:
    g = game()
    assert g.rejects(TransmigrateCharacter(character="zeus", locale="city", reason=" "), GM).code == (
        "gods2.reason_required"
    )


def test_a_party_faces_one_beast_per_unprotected_member_and_may_escort_the_weak() -> None:
    """[003:84] GODS-49: a party of 3 with 1 protected member meets 2 Beasts and needs 4 combined."""
    g = game()
    g.when(GrantProtection(character="ares", against="guardian_beasts", reason="Wings of Wind"))
    g.when(JoinWildsParty(leader="zeus"), IRIS)  # an escorted spirit offers nothing
    g.when(JoinWildsParty(leader="zeus", powers=["battle_blessing"]), ARES)
    too_few = EnterPrimevalWilds(locale="wilds", powers=["battle_blessing"])
    assert g.rejects(too_few, ZEUS).code == "gods2.beast_not_defeated"  # 1 block + Ares's 1 < 4
    events = g.when(EnterPrimevalWilds(locale="wilds", powers=["shield_of_light", "sword_of_fire"]), ZEUS)
    beaten = next(e for e in events if isinstance(e, GuardianBeastsDefeated))
    assert (beaten.party, beaten.beasts) == (["zeus", "ares", "iris"], 2)
    assert {c.id for c in g.rules.characters.values() if c.locale == "wilds"} == {"zeus", "ares", "iris"}
    assert g.rules.characters["ares"].mana == 8 and g.rules.characters["zeus"].mana == 15


def test_a_lone_entrant_needs_two_tricks_or_blocks() -> None:
    """[003:84] GODS-49: a solo entrant faces one Beast: two tricks or blocks."""
    g = game()
    events = g.when(EnterPrimevalWilds(locale="wilds", powers=["sword_of_fire"]), ARES)
    assert next(e for e in events if isinstance(e, GuardianBeastsDefeated)).beasts == 1
