"""The per-turn order limit of the engine (issue #16): checked in `decide` against the count the application
passes in `DecisionContext.orders_this_turn`; changed by the GM with `SetOrderLimit`."""

from __future__ import annotations

import dataclasses

from domain.engine import Rejected
from domain.engine import game as engine
from domain.engine.messages import DEFAULT_ORDER_LIMIT, OrderLimitSet, SetOrderLimit
from tests.domain.harness import GM, Game, seat
from tests.rulesets import sealed_bids
from tests.rulesets.sealed_bids import PlaceBid

ANN = seat("ann")


def _game() -> Game:
    return Game(sealed_bids.ruleset, sealed_bids.Setup(bidders=["ann", "bob"]), seats=["ann", "bob"])


def test_a_seat_at_the_limit_is_refused_and_one_below_it_is_not() -> None:
    game = _game()
    assert game.state.meta.max_orders_per_turn == DEFAULT_ORDER_LIMIT
    assert game.when(SetOrderLimit(limit=2, reason="flood")) == [OrderLimitSet(limit=2, reason="flood")]
    assert game.state.meta.max_orders_per_turn == 2
    below = dataclasses.replace(game.context(ANN), orders_this_turn=1)
    at = dataclasses.replace(game.context(ANN), orders_this_turn=2)
    assert engine.decide(game.ruleset, game.state, PlaceBid(amount=1), below)
    try:
        engine.decide(game.ruleset, game.state, PlaceBid(amount=1), at)
    except Rejected as refused:
        assert refused.code == "engine.too_many_orders" and refused.status == 409
    else:
        raise AssertionError("the seat at the limit was not refused")
    # the GM is never counted
    gm_at = dataclasses.replace(game.context(GM), orders_this_turn=2)
    assert engine.decide(game.ruleset, game.state, sealed_bids.GrantGold(bidder="ann", amount=1, reason="r"), gm_at)


def test_the_limit_needs_a_reason_and_only_the_gm_sets_it() -> None:
    game = _game()
    assert game.rejects(SetOrderLimit(limit=5, reason="  ")).code == "ruling.reason_required"
    assert game.rejects(SetOrderLimit(limit=5, reason="why"), ANN).code == "engine.forbidden"
    assert game.when(SetOrderLimit(limit=5, reason="why"), GM)
