"""Trade: a free action between tribes of one World, resources (never mana) and spells, one-off or standing
([002:13])."""

from __future__ import annotations

from domain.rulesets.second_era.commands import AcceptTrade, EndTrade, OfferTrade
from domain.rulesets.second_era.events import ArtefactCreated, SpellTaught, TradeCarriedOut, TradeFailed, TradeOffered
from domain.rulesets.second_era.state import Artefact, Spell
from domain.rulesets.second_era.values import Effect, Resources
from domain.rulesets.second_era.views import redact, view_for
from tests.domain.harness import Game, seat
from tests.domain.second_era.world import ANN, BOB, new_game, of, resolve, stock

CAL = seat("cal")


def _offer(game: Game, **kw: object) -> str:
    event = game.when(OfferTrade(to_god="bob", **kw), ANN)[0]  # type: ignore[arg-type]
    assert isinstance(event, TradeOffered)
    return event.trade.id


def test_an_accepted_trade_swaps_the_goods_when_the_turn_resolves() -> None:
    """[002:13] both sides give the other as many or as few resources as they desire."""
    game = new_game()
    stock(game, "anns", food=10)
    stock(game, "bobs", gold=4)
    trade = _offer(game, give={"food": 6}, receive={"gold": 3})
    game.when(AcceptTrade(trade=trade), BOB)
    assert game.rules.tribes["anns"].stockpile.food == 10  # nothing moves before the turn resolves
    events = resolve(game)
    assert of(events, TradeCarriedOut)[0].give == Resources(food=6)
    # Ann: 10 - 6 food, then 3 eaten; +3 gold. Bob: 4 - 3 + 3 mined gold; +6 food, then 3 eaten.
    assert game.rules.tribes["anns"].stockpile == Resources(food=1, gold=3)
    assert (game.rules.tribes["bobs"].stockpile.gold, game.rules.tribes["bobs"].stockpile.food) == (4, 3)
    assert trade not in game.rules.trades


def test_trades_use_no_action() -> None:
    """[002:13] Trade is a free action."""
    game = new_game()
    stock(game, "anns", food=10)
    for _ in range(4):
        _offer(game, give={"food": 1})


def test_mana_cannot_be_traded() -> None:
    """[002:13] resources excluding mana."""
    game = new_game()
    assert game.rejects(OfferTrade(to_god="bob", give={"mana": 1}), ANN).code == "second_era.no_mana_trade"


def test_spell_knowledge_can_be_traded() -> None:
    """[002:13] they may also trade knowledge of spells."""
    game = new_game()
    spell = Spell(id="spell-1", god="ann", name="Green", effects=(Effect(effect="farming"),))
    game.given(SpellTaught(god="ann", tribe="anns", spell=spell))
    assert game.rejects(OfferTrade(to_god="bob", give_spells=["spell-9"]), ANN).code == "second_era.unknown_spell"
    trade = _offer(game, give_spells=["spell-1"])
    game.when(AcceptTrade(trade=trade), BOB)
    resolve(game)
    assert game.rules.tribes["bobs"].spells == ("spell-1",)


def test_an_offer_not_accepted_lapses_at_the_end_of_the_turn() -> None:
    game = new_game()
    stock(game, "anns", food=10)
    _offer(game, give={"food": 1})
    resolve(game)
    assert game.rules.trades == {}


def test_a_trade_a_side_cannot_pay_fails_and_moves_nothing() -> None:
    game = new_game()
    stock(game, "anns", food=2)
    trade = _offer(game, give={"food": 6})
    game.when(AcceptTrade(trade=trade), BOB)
    events = resolve(game)
    assert of(events, TradeFailed)[0].trade == trade
    assert not of(events, TradeCarriedOut)


def test_a_standing_agreement_repeats_every_turn_until_ended() -> None:
    """[002:13] you can set up a standing trade agreement as well."""
    game = new_game(ann_clans={"crafter": 3})
    trade = _offer(game, give={"gold": 1}, standing=True)
    game.when(AcceptTrade(trade=trade), BOB)
    resolve(game)  # ann's crafters make 3 gold this turn, after the trade fails for lack of gold
    events = resolve(game)
    assert of(events, TradeCarriedOut)[0].give == Resources(gold=1)
    game.when(EndTrade(trade=trade), BOB)
    assert not of(resolve(game), TradeCarriedOut)


def test_only_the_god_offered_the_trade_may_accept_it() -> None:
    game = new_game()
    stock(game, "anns", food=1)
    trade = _offer(game, give={"food": 1})
    assert game.rejects(AcceptTrade(trade=trade), ANN).code == "second_era.not_your_trade"


def test_a_trade_is_seen_only_by_its_parties() -> None:
    game = new_game()
    stock(game, "anns", food=1)
    offered = game.when(OfferTrade(to_god="bob", give={"food": 1}), ANN)[0]
    assert redact(offered, BOB) == offered and redact(offered, CAL) is None


def test_artefacts_can_be_traded_and_serve_their_new_owner() -> None:
    """[002:80] the artefact can be traded, after which its bonuses apply to its new owner."""
    game = new_game()
    pick = Artefact(
        id="artefact-1", god="ann", name="Pick", holder="anns", effects=(Effect(effect="mining"),), creation_cost=20
    )
    game.given(ArtefactCreated(artefact=pick))
    assert game.rejects(OfferTrade(to_god="bob", give_artefacts=["artefact-9"]), ANN).code == (
        "second_era.unknown_artefact"
    )
    trade = _offer(game, give_artefacts=["artefact-1"])
    game.when(AcceptTrade(trade=trade), BOB)
    resolve(game)
    assert game.rules.artefacts["artefact-1"].holder == "bobs"


def test_a_standing_agreement_is_public_once_agreed() -> None:
    """Digest B6: trades marked as standing agreements are public; one-off trades stay private."""
    game = new_game()
    stock(game, "anns", food=2)
    standing = _offer(game, give={"food": 1}, standing=True)
    accepted = game.when(AcceptTrade(trade=standing), BOB)[0]
    assert redact(accepted, CAL) == accepted
    assert [t.id for t in view_for(game.rules, CAL).trades] == [standing]
    one_off = _offer(game, give={"food": 1})
    assert redact(game.when(AcceptTrade(trade=one_off), BOB)[0], CAL) is None
