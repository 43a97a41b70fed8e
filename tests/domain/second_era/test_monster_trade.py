"""Monsters trade with friendly tribes, other gods' included ([002:107]): on the monster's Land or a
neighbouring one, as the divine Trade ([002:13]) works, the tribe's god agreeing to it."""

from __future__ import annotations

from domain.rulesets.second_era.commands import AcceptTrade, OfferTrade
from domain.rulesets.second_era.events import MonsterMoved, MonsterSpawned, TradeCarriedOut, TradeFailed, TradeOffered
from domain.rulesets.second_era.state import Monster
from domain.rulesets.second_era.values import Resources
from tests.domain.harness import Game
from tests.domain.second_era.world import ANN, BOB, new_game, of, resolve, stock


def _monster(game: Game, land: str = "e-sea", god: str = "ann", **hoard: int) -> str:
    monster = Monster(
        id=f"m-{god}",
        god=god,
        sphere="fire",
        name="Wyrm",
        land=land,
        level=1,
        hp=3,
        max_hp=3,
        abilities=("might", "rage"),
        hoard=Resources(**hoard),
    )
    game.given(MonsterSpawned(monster=monster))
    return monster.id


def _offered(events: list[object]) -> str:
    offered = events[0]
    assert isinstance(offered, TradeOffered)
    return offered.trade.id


def test_a_monster_trades_its_hoard_with_another_gods_tribe_next_to_it() -> None:
    """[002:107] when adjacent to a friendly tribe the Monster may initiate trade with it; [002:13] both sides
    give what they desire, when the turn resolves."""
    game = new_game()
    monster = _monster(game, food=5, gold=6)
    stock(game, "bobs", food=10)
    trade = _offered(
        game.when(OfferTrade(to_god="bob", from_monster=monster, give={"gold": 6}, receive={"food": 5}), ANN)
    )
    game.when(AcceptTrade(trade=trade), BOB)
    events = resolve(game)
    carried = of(events, TradeCarriedOut)[0]
    assert (carried.from_monster, carried.to_tribe) == (monster, "bobs")
    assert game.rules.monsters[monster].hoard == Resources(food=9)  # 5 + 5, then 1 eaten [002:102]
    bobs = game.rules.tribes["bobs"].stockpile
    assert (bobs.food, bobs.gold) == (2, 9)  # 10 - 5 - 3 eaten; 6 traded + 3 mined
    assert game.rules.tribes["anns"].stockpile == Resources()  # Ann's tribe is not a side of it


def test_a_tribe_may_initiate_trade_with_another_gods_monster() -> None:
    """[002:107] the Monster may initiate trade with it (or have trade initiated with it)."""
    game = new_game()
    monster = _monster(game, land="e-sea", food=3, production=5)
    stock(game, "bobs", luxuries=4)
    offer = OfferTrade(to_god="ann", to_monster=monster, give={"luxuries": 4}, receive={"production": 5})
    trade = _offered(game.when(offer, BOB))
    game.when(AcceptTrade(trade=trade), ANN)
    resolve(game)
    assert game.rules.monsters[monster].hoard == Resources(food=2, luxuries=4)
    assert game.rules.tribes["bobs"].stockpile.luxuries == 0


def test_a_monster_trades_only_with_a_tribe_on_or_next_to_its_land() -> None:
    """[002:107] adjacent to or in the same Land; w-caves is neither (another continent, no connection)."""
    game = new_game()
    monster = _monster(game, land="w-caves", gold=6)
    rejected = game.rejects(OfferTrade(to_god="bob", from_monster=monster, give={"gold": 6}), ANN)
    assert rejected.code == "second_era.too_far"


def test_a_monster_does_not_trade_with_another_monster() -> None:
    """[002:107] a monster trades with a friendly tribe."""
    game = new_game()
    mine, theirs = _monster(game, gold=6), _monster(game, god="bob", food=6)
    offer = OfferTrade(to_god="bob", from_monster=mine, to_monster=theirs, give={"gold": 6})
    assert game.rejects(offer, ANN).code == "second_era.monster_pair"


def test_a_standing_trade_fails_once_the_monster_has_wandered_off() -> None:
    """[002:107] the trade needs the monster next to the tribe each time it is carried out."""
    game = new_game()
    monster = _monster(game, food=20, gold=12)
    offer = OfferTrade(to_god="bob", from_monster=monster, give={"gold": 3}, standing=True)
    trade = _offered(game.when(offer, ANN))
    game.when(AcceptTrade(trade=trade), BOB)
    assert of(resolve(game), TradeCarriedOut)
    game.given(MonsterMoved(monster=monster, to_land="w-caves"))
    failed = of(resolve(game), TradeFailed)
    assert [f.reason for f in failed] == ["the monster is no longer on or next to the tribe's Land"]
    assert trade in game.rules.trades  # a standing agreement stays for the next turn
