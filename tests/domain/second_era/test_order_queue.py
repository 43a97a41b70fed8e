"""A turn is linear in its orders: queueing a free order does not look through the orders already queued, and
an Action looks through them once ([002:5] "3 Actions per turn": at most 3 are accepted, so a turn of n orders
costs O(n), not O(n^2)). Counted structurally, with queues that record (or forbid) being iterated; no timing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from domain.engine.errors import Rejected
from domain.rulesets.second_era.commands import CancelOrder, GrowTribe, SetRetreat
from domain.rulesets.second_era.decide import decide
from domain.rulesets.second_era.events import OrderGiven
from domain.rulesets.second_era.state import QueuedOrder
from tests.domain.second_era.world import ANN, new_game


class NoScan(tuple):  # type: ignore[type-arg]
    """A queue that may be asked for its length and its last order, never walked through."""

    def __iter__(self) -> Iterator[Any]:
        raise AssertionError("the queue was walked through")


class Counted(tuple):  # type: ignore[type-arg]
    """A queue that counts the orders handed out while it is walked through."""

    seen = 0

    def __iter__(self) -> Iterator[Any]:
        for item in super().__iter__():
            Counted.seen += 1
            yield item


def queued_retreats(n: int) -> list[QueuedOrder]:
    return [QueuedOrder(order_no=i, order=SetRetreat(to_land=None)) for i in range(1, n + 1)]


@pytest.mark.parametrize("n", [0, 1, 300, 3000])
def test_a_free_order_never_walks_through_the_queue(n: int) -> None:
    game = new_game()
    rules = msgspec.structs.replace(game.rules, orders={"ann": NoScan(queued_retreats(n))})
    (given,) = decide(rules, SetRetreat(to_land=None), game.context(ANN))
    assert isinstance(given, OrderGiven) and given.order_no == n + 1


@pytest.mark.parametrize("n", [10, 300, 3000])
def test_an_action_walks_through_the_queue_once(n: int) -> None:
    """[002:5] the Action count is taken from the queue: one pass over it."""
    game = new_game()
    rules = msgspec.structs.replace(game.rules, orders={"ann": Counted(queued_retreats(n))})
    Counted.seen = 0
    (given,) = decide(rules, GrowTribe(role="farmer"), game.context(ANN))
    assert isinstance(given, OrderGiven) and given.order_no == n + 1
    assert Counted.seen == n


def test_numbers_follow_the_highest_queued_after_a_cancel_and_the_fourth_action_is_refused() -> None:
    """[002:5] 3 Actions per turn, free orders aside; the next number follows the highest still queued."""
    game = new_game()
    for _ in range(5):
        game.when(SetRetreat(to_land=None), ANN)
    game.when(CancelOrder(order_no=3), ANN)
    game.when(CancelOrder(order_no=5), ANN)
    numbers = [e.order_no for e in game.when(SetRetreat(to_land=None), ANN)]
    assert numbers == [5]  # 4 is the highest queued once 5 is cancelled (as `max + 1` gave before)
    for role in ("farmer", "miner", "war"):
        game.when(GrowTribe(role=role), ANN)
    with pytest.raises(Rejected) as refused:
        decide(game.rules, GrowTribe(role="mage"), game.context(ANN))
    assert refused.value.code == "second_era.no_actions_left"
    assert [q.order_no for q in game.rules.orders["ann"]] == [1, 2, 4, 5, 6, 7, 8]
