"""Deadlines, pauses, timers and late orders in the engine, exercised with the sealed-bids test ruleset.

The scheduler (`server/scheduler.py`) acts as the `system` actor; these tests play its part by hand.
"""

from __future__ import annotations

from datetime import timedelta

from domain.engine import SYSTEM
from domain.engine import game as engine
from domain.engine.messages import (
    AcceptLateOrders,
    AdvancePhase,
    DeadlineChanged,
    ExtendDeadline,
    FireDueTimers,
    GamePaused,
    GameResumed,
    LateOrdersAccepted,
    PauseGame,
    PhaseEnded,
    ResumeGame,
    SetDeadline,
    TimerFired,
    TimerScheduled,
)
from tests.domain.harness import GM, T0, Game, seat
from tests.rulesets import sealed_bids as bids
from tests.rulesets.sealed_bids import GrantGold, HourglassEmptied, PlaceBid, Setup, StartHourglass, WriteNote

ANN, BOB = seat("ann"), seat("bob")
DAY = timedelta(days=1)


def new_game() -> Game:
    return Game(bids.ruleset, Setup(bidders=["ann", "bob"]), seats=["ann", "bob"])


def test_extend_deadline_moves_it_later_by_the_duration() -> None:
    game = new_game()
    events = game.when(ExtendDeadline(by=timedelta(hours=2), reason="storm"))
    assert events == [DeadlineChanged(turn=1, phase="bidding", deadline=T0 + DAY + timedelta(hours=2), reason="storm")]
    assert game.state.meta.deadline == T0 + DAY + timedelta(hours=2)


def test_extend_needs_a_deadline_and_a_positive_duration() -> None:
    game = new_game()
    assert game.rejects(ExtendDeadline(by=timedelta(0))).code == "engine.bad_duration"
    assert game.rejects(ExtendDeadline(by=timedelta(days=999_999_999))).code == "engine.bad_duration"
    assert game.rejects(ExtendDeadline(by=timedelta(hours=1)), ANN).code == "engine.forbidden"
    game.when(SetDeadline(deadline=None, reason="open-ended"))
    assert game.rejects(ExtendDeadline(by=timedelta(hours=1))).code == "engine.no_deadline"


def test_a_deadline_without_a_time_zone_is_refused() -> None:
    game = new_game()
    naive = (T0 + DAY).replace(tzinfo=None)
    assert game.rejects(SetDeadline(deadline=naive)).code == "engine.bad_deadline"


def test_orders_after_the_deadline_are_refused_but_gm_rulings_are_not() -> None:
    game = new_game()
    game.advance(minutes=24 * 60 - 1)
    game.when(PlaceBid(amount=1), ANN)  # a minute before the deadline
    game.advance(minutes=1)
    refused = game.rejects(PlaceBid(amount=2), ANN)
    assert (refused.code, refused.status) == ("engine.deadline_passed", 409)
    assert game.rejects(WriteNote(text="late"), BOB).code == "engine.deadline_passed"
    game.when(GrantGold(bidder="bob", amount=1, reason="compensation"))
    assert game.rules.bids == {"ann": 1}


def test_the_gm_accepts_one_seats_late_orders_until_a_time_with_a_reason() -> None:
    game = new_game()
    until = T0 + DAY + timedelta(hours=3)
    events = game.when(AcceptLateOrders(seat_id="seat-bob", until=until, reason="bob's mail was lost"))
    assert events == [
        LateOrdersAccepted(seat_id="seat-bob", turn=1, phase="bidding", until=until, reason="bob's mail was lost")
    ]
    game.advance(minutes=24 * 60 + 60)
    game.when(PlaceBid(amount=3), BOB)  # late, accepted
    assert game.rejects(PlaceBid(amount=3), ANN).code == "engine.deadline_passed"  # only bob
    game.advance(minutes=120)
    assert game.rejects(PlaceBid(amount=4), BOB).code == "engine.deadline_passed"  # past `until`
    assert game.rules.bids == {"bob": 3}


def test_late_orders_need_a_reason_a_player_seat_and_a_time_zone() -> None:
    game = new_game()
    until = T0 + DAY * 2
    assert game.rejects(AcceptLateOrders(seat_id="seat-bob", until=until, reason=" ")).code == "ruling.reason_required"
    assert game.rejects(AcceptLateOrders(seat_id="seat-zed", until=until, reason="x")).code == "engine.unknown_seat"
    naive = until.replace(tzinfo=None)
    assert game.rejects(AcceptLateOrders(seat_id="seat-bob", until=naive, reason="x")).code == "engine.bad_deadline"
    assert game.rejects(AcceptLateOrders(seat_id="seat-bob", until=until, reason="x"), BOB).code == "engine.forbidden"


def test_late_orders_near_the_end_of_the_calendar_are_refused_so_a_pause_can_always_end() -> None:
    # A pause moves every late-order time later when it ends; 9999-12-31 plus the pause used to crash `evolve`.
    game = new_game()
    game.when(SetDeadline(deadline=T0 + DAY))
    far = T0.replace(year=9999, month=12, day=31)
    assert game.rejects(AcceptLateOrders(seat_id="seat-bob", until=far, reason="x")).code == "engine.bad_deadline"
    game.when(AcceptLateOrders(seat_id="seat-bob", until=T0.replace(year=9000), reason="for good"))
    game.when(PauseGame())
    game.advance(60 * 24 * 400)
    assert any(isinstance(e, GameResumed) for e in game.when(ResumeGame()))


def test_a_late_acceptance_ends_with_its_phase() -> None:
    game = new_game()
    game.when(AcceptLateOrders(seat_id="seat-bob", until=T0 + DAY * 30, reason="holiday"))
    game.when(AdvancePhase())
    game.when(AdvancePhase())  # turn 2 bidding, deadline one day from now
    assert game.state.meta.late_orders == {}
    game.advance(minutes=24 * 60)
    assert game.rejects(PlaceBid(amount=1), BOB).code == "engine.deadline_passed"


def test_the_scheduler_closes_a_phase_only_once_it_is_due() -> None:
    game = new_game()
    close = AdvancePhase(turn=1, phase="bidding")
    game.advance(minutes=60)
    assert game.rejects(close, SYSTEM).code == "engine.not_due"
    game.when(AcceptLateOrders(seat_id="seat-ann", until=T0 + DAY + timedelta(hours=1), reason="travel"))
    assert engine.phase_due_at(game.state.meta) == T0 + DAY + timedelta(hours=1)
    game.advance(minutes=24 * 60 - 60)  # the deadline itself: ann's late orders keep the phase open
    assert game.rejects(close, SYSTEM).code == "engine.not_due"
    game.advance(minutes=60)
    events = game.when(close, SYSTEM)
    assert PhaseEnded(turn=1, phase="bidding", at=game.now) in events
    assert game.rejects(close, SYSTEM).code == "engine.phase_mismatch"  # a second firing is harmless
    game.when(SetDeadline(deadline=None))
    assert game.rejects(AdvancePhase(turn=1, phase="talk"), SYSTEM).code == "engine.not_due"  # no deadline


def test_timers_fire_in_order_and_only_up_to_until() -> None:
    game = new_game()
    game.when(StartHourglass(timer_id="b", minutes=2))
    game.when(StartHourglass(timer_id="a", minutes=1))
    game.when(StartHourglass(timer_id="c", minutes=3))
    game.advance(minutes=5)
    first = game.when(FireDueTimers(until=T0 + timedelta(minutes=2)), SYSTEM)
    assert first == [
        TimerFired(timer_id="a", at=T0 + timedelta(minutes=1)),
        HourglassEmptied(timer_id="a"),
        TimerFired(timer_id="b", at=T0 + timedelta(minutes=2)),
        HourglassEmptied(timer_id="b"),
    ]
    assert game.when(FireDueTimers(), SYSTEM) == [
        TimerFired(timer_id="c", at=T0 + timedelta(minutes=3)),
        HourglassEmptied(timer_id="c"),
    ]
    assert game.state.meta.timers == {}


def test_a_pause_stops_seats_and_the_scheduler_but_not_the_gm() -> None:
    game = new_game()
    game.when(StartHourglass(timer_id="h", minutes=1))
    assert game.when(PauseGame(reason="server move")) == [GamePaused(at=T0, reason="server move")]
    assert game.rejects(PauseGame()).code == "engine.already_paused"
    refused = game.rejects(PlaceBid(amount=1), ANN)
    assert (refused.code, refused.status) == ("engine.paused", 409)
    game.advance(minutes=3 * 24 * 60)
    assert game.rejects(AdvancePhase(turn=1, phase="bidding"), SYSTEM).code == "engine.paused"
    assert game.rejects(FireDueTimers(), SYSTEM).code == "engine.paused"
    assert game.rejects(PauseGame(), ANN).code == "engine.forbidden"
    game.when(GrantGold(bidder="ann", amount=1, reason="sorry for the pause"))  # rulings still work
    assert "ResumeGame" in engine.available_commands(bids.ruleset, game.state, GM)
    assert engine.available_commands(bids.ruleset, game.state, ANN) == []
    assert game.state.meta.paused_at == T0


def test_resume_moves_the_deadline_and_timers_by_the_pause() -> None:
    game = new_game()
    game.when(StartHourglass(timer_id="h", minutes=30))
    game.advance(minutes=10)
    game.when(AcceptLateOrders(seat_id="seat-bob", until=T0 + DAY + timedelta(hours=1), reason="travel"))
    game.when(PauseGame())
    game.advance(minutes=120)
    pause = timedelta(minutes=120)
    events = game.when(ResumeGame(reason="back"))
    assert events == [
        GameResumed(at=game.now, paused_seconds=pause.total_seconds(), reason="back"),
        DeadlineChanged(turn=1, phase="bidding", deadline=T0 + DAY + pause, reason="moved by the pause"),
        TimerScheduled(timer_id="h", fire_at=T0 + timedelta(minutes=30) + pause, purpose="hourglass"),
    ]
    meta = game.state.meta
    assert meta.paused_at is None and meta.late_orders == {"seat-bob": T0 + DAY + timedelta(hours=1) + pause}
    assert game.rejects(ResumeGame()).code == "engine.not_paused"
    # The hourglass still had 20 minutes to run when paused: it has them after the pause.
    game.advance(minutes=19)
    assert game.when(FireDueTimers(), SYSTEM) == []
    game.advance(minutes=1)
    assert [type(e) for e in game.when(FireDueTimers(), SYSTEM)] == [TimerFired, HourglassEmptied]
    game.when(PlaceBid(amount=1), ANN)  # the clock runs again for seats


def test_available_commands_follow_the_deadline_and_late_acceptances() -> None:
    game = new_game()
    after = T0 + DAY
    assert engine.available_commands(bids.ruleset, game.state, ANN, T0) == ["PlaceBid", "WriteNote"]
    assert engine.available_commands(bids.ruleset, game.state, ANN, after) == []
    game.when(AcceptLateOrders(seat_id="seat-ann", until=after + timedelta(hours=1), reason="ill"))
    assert engine.available_commands(bids.ruleset, game.state, ANN, after) == ["PlaceBid", "WriteNote"]
    assert engine.available_commands(bids.ruleset, game.state, BOB, after) == []
    assert "GrantGold" in engine.available_commands(bids.ruleset, game.state, GM, after)
