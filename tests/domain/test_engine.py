"""The generic lifecycle, exercised with the sealed-bids test ruleset."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.engine import Actor
from domain.engine.dice import DiceRolled, commitment, derive_roll
from domain.engine.messages import (
    AdvancePhase,
    EndGame,
    EnterDice,
    FireDueTimers,
    GameEnded,
    PhaseStarted,
    SetDeadline,
    StartGame,
    TimerFired,
    TurnStarted,
)
from tests.domain.harness import GM, SEED, T0, Game, seat
from tests.rulesets import sealed_bids as bids
from tests.rulesets.sealed_bids import AuctionWon, BidPlaced, GrantGold, PlaceBid, Setup, StartHourglass

ANN, BOB = seat("ann"), seat("bob")


def new_game(**kw: object) -> Game:
    return Game(bids.ruleset, Setup(bidders=["ann", "bob"]), seats=["ann", "bob"], **kw)  # type: ignore[arg-type]


def test_start_opens_turn_one_with_the_first_phase_and_its_deadline() -> None:
    game = new_game(start=False)
    events = game.when(StartGame())
    assert [type(e).__name__ for e in events] == ["GameStarted", "TurnStarted", "PhaseStarted"]
    assert events[2] == PhaseStarted(turn=1, phase="bidding", at=T0, deadline=T0 + timedelta(days=1))
    assert game.state.meta.status == "running"


def test_commands_before_the_start_are_refused() -> None:
    game = new_game(start=False)
    assert game.rejects(PlaceBid(amount=1), ANN).code == "engine.game_not_started"


def test_only_the_gm_may_start_or_advance() -> None:
    game = new_game(start=False)
    assert game.rejects(StartGame(), ANN).code == "engine.forbidden"
    game.when(StartGame())
    assert game.rejects(AdvancePhase(), BOB).code == "engine.forbidden"


def test_a_command_outside_its_phase_is_refused() -> None:
    game = new_game()
    game.when(AdvancePhase())  # bidding -> talk
    assert game.state.meta.phase == "talk"
    assert game.rejects(PlaceBid(amount=1), ANN).code == "engine.not_in_this_phase"


def test_advancing_past_the_last_phase_opens_the_next_turn() -> None:
    game = new_game()
    game.when(AdvancePhase())
    events = game.when(AdvancePhase(turn=1, phase="talk"))
    assert TurnStarted(turn=2, at=T0) in events
    assert (game.state.meta.turn, game.state.meta.phase) == (2, "bidding")


def test_advance_naming_a_stale_phase_is_refused_so_retries_are_safe() -> None:
    game = new_game()
    game.when(AdvancePhase(turn=1, phase="bidding"))
    assert game.rejects(AdvancePhase(turn=1, phase="bidding")).code == "engine.phase_mismatch"


def test_the_resolver_runs_when_its_phase_closes() -> None:
    game = new_game()
    game.when(PlaceBid(amount=4), ANN)
    game.when(PlaceBid(amount=2), BOB)
    events = game.when(AdvancePhase())
    assert AuctionWon(bidder="ann", amount=4) in events
    assert game.rules.gold["ann"] == 6


def test_a_tie_is_broken_by_gm_entered_dice_consumed_in_order() -> None:
    game = new_game()
    game.when(PlaceBid(amount=3), ANN)
    game.when(PlaceBid(amount=3), BOB)
    game.dice(2).dice(5)
    events = game.when(AdvancePhase())
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [(r.results, r.source, r.roll_index) for r in rolls] == [((2,), "gm", 0), ((5,), "gm", 1)]
    assert AuctionWon(bidder="bob", amount=3) in events
    assert game.state.meta.pending_dice == ()


def test_server_rolls_follow_the_published_derivation() -> None:
    game = new_game()
    game.when(PlaceBid(amount=3), ANN)
    game.when(PlaceBid(amount=3), BOB)
    rolls = [e for e in game.when(AdvancePhase()) if isinstance(e, DiceRolled)]
    assert rolls and all(r.source == "server" for r in rolls)
    for r in rolls:
        assert r.results == derive_roll(SEED, "game-1", r.roll_index, r.count, r.sides)


def test_gm_dice_for_another_purpose_wait_for_a_matching_roll() -> None:
    game = new_game()
    game.when(EnterDice(sides=6, results=[6], purpose="something-else"))
    game.when(PlaceBid(amount=3), ANN)
    game.when(PlaceBid(amount=3), BOB)
    rolls = [e for e in game.when(AdvancePhase()) if isinstance(e, DiceRolled)]
    assert all(r.source == "server" for r in rolls)
    assert len(game.state.meta.pending_dice) == 1


def test_entered_dice_must_fit_their_sides() -> None:
    game = new_game()
    assert game.rejects(EnterDice(sides=6, results=[7])).code == "dice.bad_result"
    assert game.rejects(EnterDice(sides=6, results=[0])).code == "dice.bad_result"  # a die shows 1 to its sides
    assert game.rejects(EnterDice(sides=6, results=[3, -1])).code == "dice.bad_result"
    game.when(EnterDice(sides=6, results=[1, 6]))  # both ends of the range are faces
    assert game.rejects(EnterDice(sides=1, results=[1])).code == "dice.bad_sides"


def test_a_resolver_may_end_the_game() -> None:
    game = Game(bids.ruleset, Setup(bidders=["ann"], points_to_win=1), seats=["ann"])
    game.when(PlaceBid(amount=1), seat("ann"))
    events = game.when(AdvancePhase())
    assert isinstance(events[-2], GameEnded)
    assert game.state.meta.status == "ended"
    assert game.rejects(PlaceBid(amount=1), seat("ann")).code == "engine.game_ended"


def test_gm_rulings_are_gm_only_and_need_a_reason() -> None:
    game = new_game()
    assert game.rejects(GrantGold(bidder="ann", amount=5, reason="x"), ANN).code == "engine.forbidden"
    assert game.rejects(GrantGold(bidder="ann", amount=5, reason=" ")).code == "ruling.reason_required"


def test_observers_watch_but_do_not_act() -> None:
    game = Game(bids.ruleset, Setup(bidders=["ann"]), seats={"ann": "observer"})
    watcher = seat("ann", "observer")
    assert game.rejects(PlaceBid(amount=1), watcher).code == "engine.forbidden"


def test_set_deadline_and_end_game() -> None:
    game = new_game()
    game.when(SetDeadline(deadline=T0 + timedelta(hours=3), reason="holiday"))
    assert game.state.meta.deadline == T0 + timedelta(hours=3)
    game.when(EndGame(reason="GM called it"))
    assert game.state.meta.status == "ended"


def test_timers_fire_once_in_order_when_due() -> None:
    game = new_game()
    game.when(StartHourglass(timer_id="h2", minutes=20))
    game.when(StartHourglass(timer_id="h1", minutes=10))
    assert [e for e in game.when(FireDueTimers()) if isinstance(e, TimerFired)] == []
    game.advance(30)
    fired = [e.timer_id for e in game.when(FireDueTimers()) if isinstance(e, TimerFired)]
    assert fired == ["h1", "h2"]
    assert game.state.meta.timers == {}


def test_secret_bids_are_hidden_from_other_seats() -> None:
    game = new_game()
    game.when(PlaceBid(amount=4), ANN)
    assert bids.redact(BidPlaced(bidder="ann", amount=4), BOB) is None
    bob_view = {b.name: b for b in game.view(BOB).bidders}
    assert bob_view["ann"].bid is None and bob_view["ann"].gold is None and bob_view["ann"].has_bid
    assert {b.name: b for b in game.view(GM).bidders}["ann"].bid == 4


def test_commitment_is_sha256_of_the_seed() -> None:
    assert commitment(b"abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


@given(
    seed=st.binary(min_size=1, max_size=64),
    index=st.integers(min_value=0, max_value=10**6),
    count=st.integers(min_value=1, max_value=20),
    sides=st.integers(min_value=2, max_value=1000),
)
def test_derived_rolls_are_deterministic_and_in_range(seed: bytes, index: int, count: int, sides: int) -> None:
    roll = derive_roll(seed, "g", index, count, sides)
    assert roll == derive_roll(seed, "g", index, count, sides)
    assert len(roll) == count and all(1 <= r <= sides for r in roll)


def test_derived_d6_is_roughly_uniform() -> None:
    faces = [derive_roll(b"seed", "g", i, 1, 6)[0] for i in range(6000)]
    for face in range(1, 7):
        assert 850 < faces.count(face) < 1150


@pytest.mark.parametrize("actor", [Actor(principal="x", role="observer"), ANN])
def test_available_commands_follow_role_and_phase(actor: Actor) -> None:
    from domain.engine.game import available_commands

    game = new_game()
    tags = available_commands(bids.ruleset, game.state, actor)
    assert "StartGame" not in tags and "AdvancePhase" not in tags
    assert ("PlaceBid" in tags) == (actor is ANN)
    assert "AdvancePhase" in available_commands(bids.ruleset, game.state, GM)


def test_a_timer_cancelled_by_an_earlier_timer_of_the_same_batch_does_not_fire() -> None:
    from domain.engine.messages import TimerCancelled

    game = new_game()
    game.when(StartHourglass(timer_id="first", minutes=1))
    game.when(StartHourglass(timer_id="second", minutes=2))
    original = bids.ruleset.on_timer

    def cancelling(state: object, timer: object, ctx: object) -> list[object]:
        return [TimerCancelled(timer_id="second")] if getattr(timer, "timer_id", "") == "first" else []

    object.__setattr__(bids.ruleset, "on_timer", cancelling)
    try:
        game.advance(seconds=150)
        fired = [e.timer_id for e in game.when(FireDueTimers()) if isinstance(e, TimerFired)]
    finally:
        object.__setattr__(bids.ruleset, "on_timer", original)
    assert fired == ["first"]
    assert game.state.meta.timers == {}


class ManaPool(msgspec.Struct):
    mana: Fraction


def test_fractions_have_a_json_schema() -> None:
    from events.codec import json_schema

    assert json_schema(ManaPool)["$defs"]["ManaPool"]["properties"]["mana"]["type"] == "string"


def test_dice_shapes_seat_ids_and_rolls_without_a_seed_are_refused() -> None:
    """A roll of no dice, a seat id taken twice, and a decision that must roll when the server holds no seed
    (an imported game) are refusals with stable codes."""
    from domain.engine import game as engine
    from domain.engine.dice import Dice, check_dice_shape
    from domain.engine.errors import Rejected
    from domain.engine.messages import AddSeat

    with pytest.raises(Rejected) as none:
        check_dice_shape(0, 6)
    assert none.value.code == "dice.bad_count"
    with pytest.raises(Rejected) as seedless:
        Dice(game_id="g", epoch=0, next_index=0, pending=(), derive=None).roll("battle", 1, 6)
    assert seedless.value.code == "dice.unavailable"
    game = new_game()
    again = AddSeat(seat_id="seat-ann", name="ann", role="player", token_id="t-2", controls="ann")  # type: ignore[arg-type]
    with pytest.raises(Rejected) as taken:
        engine.decide_add_seat(bids.ruleset, game.state, again)
    assert taken.value.code == "engine.seat_exists"
