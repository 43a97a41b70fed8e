"""The context a decision gets (`CommandHandler.context`): its seats are the game's seats now, a seat added a
moment ago included, and a decision cannot change them."""

from __future__ import annotations

import msgspec
import pytest

from domain.engine import Actor
from domain.engine.messages import AddSeat
from events.handler import Accepted, CommandHandler
from events.memory import InMemoryEventStore
from events.secrets import InMemorySecretStore
from projections.snapshots import InMemorySnapshotStore
from projections.state import GameStates
from tests.rulesets import sealed_bids

GM = Actor(principal="gm", role="gm", token_id="gm-token")


async def test_the_seats_a_decision_sees_follow_the_game() -> None:
    store = InMemoryEventStore()
    handler = CommandHandler(store, GameStates(store, InMemorySnapshotStore()), InMemorySecretStore())
    setup = msgspec.json.encode(sealed_bids.Setup(bidders=["ann", "bob"], points_to_win=10))
    game_id, _ = await handler.create_game(sealed_bids.ruleset, "g", setup, b"{}", GM)

    async def seats() -> dict[str, str | None]:
        version, state, _ = await handler.states.latest(game_id)
        context = await handler.context(state, GM, version)
        return {seat_id: info.controls for seat_id, info in context.seats.items()}

    assert await seats() == {}
    for name in ("ann", "bob"):
        seat = AddSeat(seat_id=f"s-{name}", name=name, role="player", token_id=f"t-{name}", controls=name)
        assert isinstance(await handler.add_seat(game_id, seat, GM), Accepted)
        assert (await seats())[f"s-{name}"] == name
    assert await seats() == {"s-ann": "ann", "s-bob": "bob"}
    version, state, _ = await handler.states.latest(game_id)
    context = await handler.context(state, GM, version)
    with pytest.raises(TypeError):
        context.seats["s-cid"] = context.seats["s-ann"]  # type: ignore[index]
    handler.states.forget(game_id)  # a state folded again (another process, a restart): the same seats
    assert await seats() == {"s-ann": "ann", "s-bob": "bob"}
