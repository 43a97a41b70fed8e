"""Secrets ([002:13] trades between their parties, [002:61-62] spell designs, [002:14] and [002:69] sealed bids):
what a refusal, an id or a public event tells a god that is not a party."""

from __future__ import annotations

import msgspec

from domain.rulesets.second_era import ruleset
from domain.rulesets.second_era.commands import AcceptTrade, BirthHero, EndTrade, OfferTrade, TeachSpell
from domain.rulesets.second_era.events import BattleSpellCast, CursesCast, HeroBorn, InstantCast, TravelBegun
from domain.rulesets.second_era.scenario import GodSpec, TribeSpec
from domain.rulesets.second_era.state import HostileTravel
from domain.rulesets.second_era.values import Effect
from domain.rulesets.second_era.views import redact, view_for
from tests.domain.harness import GM, Game, seat
from tests.domain.second_era.world import ANN, BOB, make_setup, new_game, of, resolve, stock

CAL = seat("cal")


def _three_gods() -> Game:
    setup = make_setup(ann_mana=60, bob_mana=60)
    setup = msgspec.structs.replace(
        setup,
        gods=[*setup.gods, GodSpec(id="cal", spheres=["water"], mana=0)],
        tribes=[*setup.tribes, TribeSpec(id="cals", god="cal", land="w-sea", clans={"farmer": 3})],
    )
    return Game(ruleset, setup, seats=["ann", "bob", "cal"])


def test_a_god_outside_a_trade_gets_the_answer_for_a_trade_that_does_not_exist() -> None:
    """[002:13] a trade is between its two tribes: a third god cannot confirm that an id names a real offer."""
    game = _three_gods()
    stock(game, "anns", food=2)
    trade = game.when(OfferTrade(to_god="bob", give={"food": 1}), ANN)[0].trade.id
    for command in (AcceptTrade, EndTrade):
        real, absent = game.rejects(command(trade=trade), CAL), game.rejects(command(trade="trade-x"), CAL)
        assert (real.code, real.status) == (absent.code, absent.status) == ("second_era.unknown_trade", 422)
        assert real.message.replace(trade, "trade-x") == absent.message


def test_a_secret_spell_does_not_shift_the_id_of_a_rivals_next_hero() -> None:
    """[002:12] a spell taught is its god's secret; a game-wide counter would show it in Bob's next hero id."""

    def bobs_hero(ann_teaches: bool) -> str:
        game = new_game(ann_mana=60, bob_mana=60)
        if ann_teaches:
            game.when(TeachSpell(name="Green", effects=[Effect(effect="farming")]), ANN)
        game.when(BirthHero(name="Hector", ability="warrior"), BOB)
        return str(of(resolve(game), HeroBorn)[0].hero.id)

    assert bobs_hero(ann_teaches=True) == bobs_hero(ann_teaches=False) == "hero-bob-1"


def test_the_mana_a_rival_pays_for_a_spell_is_not_public() -> None:
    """[002:62] a spell's cost follows from its effects' levels, the design its god's secret; no line makes the
    mana public. The caster and the GM see it; the other god sees the effect only."""
    cast = BattleSpellCast(god="bob", tribe="bobs", spell="spell-bob-1", land="w-plains", mana=24, war_bonus=4)
    seen = redact(cast, ANN)
    assert isinstance(seen, BattleSpellCast) and (seen.mana, seen.war_bonus) == (0, 4)
    assert redact(cast, BOB) == cast and redact(cast, GM) == cast
    sacrifice = InstantCast(god="bob", tribe="bobs", spell="s", mana=0, role="farmer", clans=2, mana_gained=30)
    assert redact(sacrifice, ANN) == msgspec.structs.replace(sacrifice, mana=0, mana_gained=0)
    curse = CursesCast(god="bob", tribe="bobs", curses=(("spell-bob-2", "anns"),), mana=16)
    assert redact(curse, ANN) == msgspec.structs.replace(curse, mana=0)


def test_a_sealed_hostile_travel_bid_is_not_in_the_targets_view() -> None:
    """[002:69] a hostile Travel's bid is sealed until it is resolved: neither the target's state view nor the
    event shows it; the caster's does."""
    game = new_game()
    travel = HostileTravel(id="travel-ann-1", god="ann", tribe="anns", target="bobs", to_land="w-sky", bid=7, turn=1)
    game.given(TravelBegun(travel=travel))
    assert [t.bid for t in view_for(game.state.rules, BOB).travels] == [0]
    assert [t.bid for t in view_for(game.state.rules, ANN).travels] == [7]
    seen = redact(TravelBegun(travel=travel), BOB)
    assert isinstance(seen, TravelBegun) and seen.travel.bid == 0
