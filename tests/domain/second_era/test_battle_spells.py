"""Instant spells in battle: Destruction, Healing, free slots and the counterspell surcharge ([002:54],
[002:67-68], [002:74-75])."""

from __future__ import annotations

from domain.rulesets.second_era import Settings
from domain.rulesets.second_era.commands import (
    CastInstant,
    CreateArtefact,
    MoveTribe,
    ResistTravel,
    RuleTravel,
    SetSpellOrders,
)
from domain.rulesets.second_era.events import (
    ArtefactCreated,
    BattleFought,
    BattleSpellCast,
    ClansHealed,
    InstantCast,
    OrderFailed,
    SpellsCast,
    SpellTaught,
    Transmuted,
    TravelBegun,
    TravelResolved,
)
from domain.rulesets.second_era.state import Artefact, Spell
from domain.rulesets.second_era.values import Effect
from domain.rulesets.second_era.views import redact
from tests.domain.harness import GM, Game
from tests.domain.second_era.world import ANN, BOB, new_game, of, resolve, stock, with_clans


def _teach(game: Game, tribe: str, *effects: Effect) -> str:
    god = game.rules.tribes[tribe].god
    spell = Spell(id=f"spell-{game.rules.next_id}", god=god, name="s", effects=effects)
    game.given(SpellTaught(god=god, tribe=tribe, spell=spell))
    return spell.id


def _battle(bob: dict[str, int], ann: dict[str, int]) -> Game:
    game = new_game(bob_land="w-sea")
    with_clans(game, "bobs", bob)
    with_clans(game, "anns", ann)
    return game


def test_destruction_adds_a_d6_to_the_war_score_paid_at_once() -> None:
    """[002:67] Destruction: +1d6 to the war score for a single battle; 6 mana, deducted immediately."""
    game = _battle({"war": 2, "mage": 1}, {"war": 3})
    stock(game, "bobs", mana=6)
    spell = _teach(game, "bobs", Effect(effect="destruction"))
    game.when(MoveTribe(to_land="w-plains"), BOB)
    game.dice(3, 3)  # the battle: Bob 2 + 3, Ann 3 + 3
    game.dice(4)  # Bob's Destruction
    events = resolve(game)
    assert BattleSpellCast(god="bob", tribe="bobs", spell=spell, land="w-plains", mana=6, war_bonus=4) in events
    battle = of(events, BattleFought)[0]
    assert (battle.attacker_spell_bonus, battle.outcome) == (4, "attacker")  # 9 to 6


def test_destruction_against_antimagic_costs_three_times_the_counterspell_level_more() -> None:
    """SE-04 [002:75] hostile spell against Counterspell 2: 6 + 6 = 12 mana."""
    game = _battle({"war": 2, "mage": 1}, {"war": 1, "mage": 2})
    stock(game, "bobs", mana=12)
    stock(game, "anns", mana=2)
    _teach(game, "anns", Effect(effect="antimagic", level=2))
    game.when(SetSpellOrders(spells=None), BOB)
    resolve(game)  # Ann's tribe casts Antimagic 2 (2 mana)
    assert game.rules.tribes["anns"].active
    _teach(game, "bobs", Effect(effect="destruction"))
    game.when(MoveTribe(to_land="w-plains"), BOB)
    game.dice(1, 1)
    events = resolve(game)
    assert of(events, BattleSpellCast)[0].mana == 12


def test_without_mana_for_the_surcharge_the_spell_is_not_cast() -> None:
    game = _battle({"war": 2, "mage": 1}, {"war": 1})
    stock(game, "bobs", mana=5)
    _teach(game, "bobs", Effect(effect="destruction"))
    game.when(MoveTribe(to_land="w-plains"), BOB)
    game.dice(1, 1)
    assert not of(resolve(game), BattleSpellCast)


def test_a_battle_spell_needs_a_free_slot() -> None:
    """[002:74] a spell slot must be free for the effect to be used."""
    game = _battle({"war": 3}, {"war": 1})
    stock(game, "bobs", mana=20)
    _teach(game, "bobs", Effect(effect="destruction"))
    game.when(MoveTribe(to_land="w-plains"), BOB)
    game.dice(1, 1)
    assert not of(resolve(game), BattleSpellCast)


def test_a_slot_is_used_once_per_battle() -> None:
    """[002:74] the same spell slot cannot be re-used in the same battle."""
    game = _battle({"war": 2, "mage": 1}, {"war": 3})
    stock(game, "bobs", mana=20)
    _teach(game, "bobs", Effect(effect="destruction"))
    _teach(game, "bobs", Effect(effect="destruction"))
    game.when(MoveTribe(to_land="w-plains"), BOB)
    game.dice(1, 1)
    assert len(of(resolve(game), BattleSpellCast)) == 1


def test_the_tribe_keeps_its_free_slot_for_battle() -> None:
    """[002:61] the slot left free for emergencies is used in battle."""
    game = _battle({"war": 1, "mage": 2}, {"war": 3})
    stock(game, "bobs", mana=30)
    _teach(game, "bobs", Effect(effect="farming"))
    _teach(game, "bobs", Effect(effect="destruction"))
    events = resolve(game)
    assert next(e for e in of(events, SpellsCast) if e.tribe == "bobs").spells  # farming takes 1 of 2 slots
    game.when(MoveTribe(to_land="w-plains"), BOB)
    game.dice(1, 1)
    assert len(of(resolve(game), BattleSpellCast)) == 1


def test_healing_brings_back_a_clan_killed_in_the_battle() -> None:
    """[002:68] Healing: after a battle, resurrects 1 lost Clan."""
    game = _battle({"war": 3}, {"war": 1, "mage": 1, "farmer": 1})
    stock(game, "anns", mana=10)
    _teach(game, "anns", Effect(effect="healing"))
    game.when(MoveTribe(to_land="w-plains"), BOB)
    game.dice(6, 1)  # Bob 9, Ann 2: Ann loses 3 clans
    events = resolve(game)
    assert ClansHealed(tribe="anns", clans={"war": 1}) in events
    assert game.rules.tribes["anns"].clan_count() == 1


def test_travel_teleports_the_tribe_to_another_land_of_the_world() -> None:
    """[002:69] Travel: teleports an entire Tribe to another Land on the same World; base cost 20."""
    game = new_game(ann_clans={"mage": 2, "farmer": 1})
    stock(game, "anns", mana=20)
    spell = _teach(game, "anns", Effect(effect="travel"))
    game.when(CastInstant(spell=spell, to_land="e-sea"), ANN)
    events = resolve(game)
    assert InstantCast(god="ann", tribe="anns", spell=spell, mana=20, to_land="e-sea") in events
    assert game.rules.tribes["anns"].land == "e-sea"


def test_travel_onto_an_occupied_land_invades_it() -> None:
    """[002:6] ending the turn on another tribe's Land forces a battle."""
    game = new_game(ann_clans={"mage": 2, "war": 1})
    stock(game, "anns", mana=20)
    spell = _teach(game, "anns", Effect(effect="travel"))
    game.when(CastInstant(spell=spell, to_land="e-plains"), ANN)
    game.dice(3, 3)
    battle = of(resolve(game), BattleFought)[0]
    assert (battle.attacker, battle.defender) == ("anns", "bobs")


def test_only_travel_and_sacrifice_are_cast_by_order() -> None:
    game = new_game(ann_clans={"mage": 2, "farmer": 1})
    spell = _teach(game, "anns", Effect(effect="destruction"))
    assert game.rejects(CastInstant(spell=spell), ANN).code == "second_era.not_castable"


def test_sacrifice_kills_a_clan_for_fifteen_mana_at_no_cost() -> None:
    """[002:70] Sacrifice: kills 1 Clan in exchange for 15 mana; base cost 0; own tribe only."""
    game = new_game(ann_clans={"mage": 1, "farmer": 2})
    spell = _teach(game, "anns", Effect(effect="sacrifice"))
    game.when(CastInstant(spell=spell, role="farmer"), ANN)
    events = resolve(game)
    cast = of(events, InstantCast)[0]
    assert (cast.mana, cast.clans, cast.mana_gained) == (0, 1, 15)
    assert game.rules.tribes["anns"].clans == {"mage": 1, "farmer": 1}


def test_an_instant_spell_needs_a_free_slot() -> None:
    """[002:74] a spell slot must be free for the effect to be used."""
    game = new_game(ann_clans={"farmer": 3})
    spell = _teach(game, "anns", Effect(effect="sacrifice"))
    game.when(CastInstant(spell=spell, role="farmer"), ANN)
    assert of(resolve(game), OrderFailed)[0].code == "second_era.no_free_slot"


def _hostile_travel_game(settings: Settings | None = None) -> tuple[Game, str]:
    game = new_game(settings, ann_clans={"mage": 2, "farmer": 1}, ann_mana=10, bob_mana=10)
    stock(game, "anns", mana=20)
    return game, _teach(game, "anns", Effect(effect="travel"))


def test_travel_on_a_rival_needs_a_bid_that_beats_its_resistance() -> None:
    """[002:69] if used against a rival Tribe, you must bid mana to overcome resistance (digest #27 bids)."""
    game, spell = _hostile_travel_game()
    assert game.rejects(CastInstant(spell=spell, to_land="e-sea", target="bobs"), ANN).code == "second_era.bad_bid"
    game.when(CastInstant(spell=spell, to_land="e-sea", target="bobs", bid=4), ANN)
    events = resolve(game)
    begun = of(events, TravelBegun)[0]
    assert redact(begun, BOB).travel.bid == 0  # type: ignore[union-attr]
    assert game.rules.tribes["anns"].land == "w-plains" and game.rules.gods["ann"].mana == 6
    game.when(ResistTravel(travel=begun.travel.id, bid=3), BOB)
    resolved = of(resolve(game), TravelResolved)[0]
    assert (resolved.succeeded, resolved.caster_bid, resolved.target_bid) == (True, 4, 3)
    assert game.rules.tribes["bobs"].land == "e-sea"


def test_an_equal_resistance_holds_the_tribe_in_place() -> None:
    game, spell = _hostile_travel_game()
    game.when(CastInstant(spell=spell, to_land="e-sea", target="bobs", bid=4), ANN)
    travel = of(resolve(game), TravelBegun)[0].travel.id
    game.when(ResistTravel(travel=travel, bid=4), BOB)
    assert of(resolve(game), TravelResolved)[0].succeeded is False
    assert game.rules.tribes["bobs"].land == "e-plains"


def test_with_gm_bids_the_gm_rules_on_a_hostile_travel() -> None:
    game, spell = _hostile_travel_game(Settings(raze_bids="gm"))
    game.when(CastInstant(spell=spell, to_land="e-sea", target="bobs", bid=4), ANN)
    travel = of(resolve(game), TravelBegun)[0].travel.id
    assert game.rejects(RuleTravel(travel=travel, succeeded=True, reason="x"), GM).code == (
        "second_era.travel_bids_pending"
    )
    resolve(game)
    ruled = game.when(RuleTravel(travel=travel, succeeded=True, reason="the winds obeyed"), GM)
    assert ruled[0].succeeded is True and game.rules.tribes["bobs"].land == "e-sea"


def _give_artefact(game: Game, tribe: str, *effects: Effect) -> str:
    god = game.rules.tribes[tribe].god
    artefact = Artefact(
        id=f"artefact-{game.rules.next_id}", god=god, name="a", holder=tribe, effects=effects, creation_cost=30
    )
    game.given(ArtefactCreated(artefact=artefact))
    return artefact.id


def test_a_destruction_artefact_adds_its_die_to_every_battle_for_free() -> None:
    """[002:78] the artefact produces its effect constantly and requires no additional mana (nor a slot)."""
    game = _battle({"war": 2}, {"war": 3})
    sword = _give_artefact(game, "bobs", Effect(effect="destruction"))
    game.when(MoveTribe(to_land="w-plains"), BOB)
    game.dice(3, 3)
    game.dice(5)
    events = resolve(game)
    cast = of(events, BattleSpellCast)[0]
    assert (cast.spell, cast.mana, cast.war_bonus, cast.by_artefact) == (sword, 0, 5, True)
    assert of(events, BattleFought)[0].outcome == "attacker"  # 2 + 3 + 5 against 3 + 3


def test_a_transmutation_artefact_converts_every_turn() -> None:
    """[002:71] [002:78] constant effect: 3 of one resource into 2 of another each turn."""
    game = new_game(ann_clans={"crafter": 3})
    _give_artefact(game, "anns", Effect(effect="transmutation", source="production", target="luxuries"))
    events = resolve(game)  # crafters make 6 production after the transmutation step: nothing to convert yet
    assert not of(events, Transmuted)
    events = resolve(game)
    assert of(events, Transmuted)[0].produced.luxuries == 2


def test_an_artefact_cannot_hold_travel_sacrifice_or_a_curse() -> None:
    """[002:78] constant effect at its location."""
    game = new_game(ann_mana=200)
    for effect in (Effect(effect="travel"), Effect(effect="sacrifice"), Effect(effect="farming", reverse=True)):
        assert game.rejects(CreateArtefact(name="x", effects=[effect]), ANN).code == "second_era.not_constant"
