"""Dice seed epochs (DESIGN.md §3): reveals publish the epoch's seed and commit to a new one in the same append,
automatic reveals at a turn's or the game's end, and a rollback never brings a revealed seed back."""

from __future__ import annotations

import hashlib
from typing import Any

from domain.engine import Actor, DecisionContext, timeline
from domain.engine import game as engine
from domain.engine.dice import (
    Dice,
    DiceEpochStarted,
    DicePrivateSeedRevealed,
    DiceRolled,
    DiceSeedRevealed,
    EpochSeed,
    commitment,
    derive_roll,
    seeded_deriver,
)
from domain.engine.messages import (
    AdvancePhase,
    DiceRevealModeSet,
    EndGame,
    RevealDice,
    SetDiceReveal,
    TimelineReverted,
    TurnEnded,
)
from tests.domain.harness import GM, T0, Game, seat
from tests.rulesets import sealed_bids as bids
from tests.rulesets.sealed_bids import PlaceBid, Setup

ANN, BOB = seat("ann"), seat("bob")
SEEDS = {epoch: hashlib.sha256(f"epoch {epoch}".encode()).digest() for epoch in range(20)}
PRIVATE = {epoch: hashlib.sha256(f"private {epoch}".encode()).digest() for epoch in range(20)}


def context_for(state: Any, actor: Actor = GM) -> DecisionContext:
    """What the handler builds: the current epoch's seeds, carrying the next epoch's commitments, and every
    epoch's private seed (the handler gives earlier ones only when they may be revealed)."""
    meta = state.meta
    epoch = meta.dice_epoch
    seed = EpochSeed(SEEDS[epoch], commitment(SEEDS[epoch + 1]), PRIVATE[epoch], commitment(PRIVATE[epoch + 1]))
    dice = Dice(
        game_id=meta.game_id,
        epoch=epoch,
        next_index=meta.next_roll_index,
        next_indices=meta.stream_indices,
        pending=meta.pending_dice,
        derive=seeded_deriver(seed, meta.game_id),
        turn=meta.turn,
        private_seeds={e: PRIVATE[e] for e in range(epoch + 1)},
    )
    seats = {k: s.info() for k, s in meta.seats.items()}
    return DecisionContext(
        actor=actor, now=T0, dice=dice, game_id=meta.game_id, turn=meta.turn, phase=meta.phase, seats=seats
    )


class EpochGame(Game):
    private_commitment = commitment(PRIVATE[0])

    def context(self, actor: Actor) -> DecisionContext:
        return context_for(self.state, actor)


def new_game(cls: type[Game] = EpochGame) -> Game:
    return cls(bids.ruleset, Setup(bidders=["ann", "bob"], points_to_win=50), seats=["ann", "bob"])


def tie(game: Game) -> list[Any]:
    """Both bid the same: closing the bidding phase breaks the tie with server dice."""
    game.when(PlaceBid(amount=1), ANN)
    game.when(PlaceBid(amount=1), BOB)
    return game.when(AdvancePhase())


def server_rolls(events: list[Any]) -> list[DiceRolled]:
    return [e for e in events if isinstance(e, DiceRolled) and e.source == "server"]


def test_a_reveal_publishes_the_seed_and_commits_to_the_next_epoch_in_one_decision() -> None:
    game = new_game()
    before = server_rolls(tie(game))
    assert before and {r.epoch for r in before} == {0}

    events = game.when(RevealDice(reason="turn 1 disputed"))

    assert events == [
        DiceSeedRevealed(epoch=0, seed=SEEDS[0].hex(), commitment=commitment(SEEDS[0]), reason="turn 1 disputed"),
        DiceEpochStarted(
            epoch=1,
            commitment=commitment(SEEDS[1]),
            private_commitment=commitment(PRIVATE[1]),
            reason="seed of epoch 0 revealed: turn 1 disputed",
        ),
    ]
    assert game.state.meta.dice_epoch == 1 and game.state.meta.dice_commitment == commitment(SEEDS[1])
    # Anyone holding the revealed seed recomputes every roll of its epoch.
    for roll in before:
        assert roll.results == derive_roll(SEEDS[0], game.game_id, roll.roll_index, roll.count, roll.sides)
    # Later rolls belong to the new epoch and come from its own seed; roll indices keep counting.
    game.when(AdvancePhase())
    after = server_rolls(tie(game))
    assert after and {r.epoch for r in after} == {1}
    assert after[0].roll_index == before[-1].roll_index + 1
    for roll in after:
        assert roll.results == derive_roll(SEEDS[1], game.game_id, roll.roll_index, roll.count, roll.sides)


def test_a_reveal_needs_the_gm_a_reason_and_the_seed() -> None:
    game = new_game()
    assert game.rejects(RevealDice(reason="why not"), ANN).code == "engine.forbidden"
    assert game.rejects(RevealDice(reason="  ")).code == "dice.reason_required"
    # Without the epoch's keys (an imported game: its seed stayed with the origin server) there is nothing to reveal.
    assert new_game(Game).rejects(RevealDice(reason="end")).code == "dice.seed_unavailable"


def test_turn_end_mode_reveals_right_after_each_turn_ends() -> None:
    game = new_game()
    assert game.when(SetDiceReveal(mode="turn_end")) == [DiceRevealModeSet(mode="turn_end")]
    rolls = server_rolls(tie(game))
    assert "DiceSeedRevealed" not in [type(e).__name__ for e in game.events]  # the turn is not over yet

    events = game.when(AdvancePhase())  # talk -> turn 2

    names = [type(e).__name__ for e in events]
    assert names == [
        "PhaseEnded",
        "TurnEnded",
        "DiceSeedRevealed",
        "DiceEpochStarted",
        "TurnStarted",
        "PhaseStarted",
    ]
    assert events[2] == DiceSeedRevealed(
        epoch=0, seed=SEEDS[0].hex(), commitment=commitment(SEEDS[0]), reason="automatic: end of turn 1"
    )
    assert all(r.epoch == 0 for r in rolls) and game.state.meta.dice_epoch == 1
    # The next turn's end reveals epoch 1, and so on: one epoch per turn.
    tie(game)
    events = game.when(AdvancePhase())
    assert [e.epoch for e in events if isinstance(e, DiceSeedRevealed)] == [1]


def test_game_end_mode_reveals_only_when_the_game_ends() -> None:
    game = new_game()
    game.when(SetDiceReveal(mode="game_end"))
    tie(game)
    turn_end = game.when(AdvancePhase())
    assert any(isinstance(e, TurnEnded) for e in turn_end)
    assert not any(isinstance(e, DiceSeedRevealed) for e in turn_end)

    events = game.when(EndGame(reason="the players agreed"))

    # The game is over: the private seed is revealed with the public one (every private roll is now checkable).
    assert [type(e).__name__ for e in events] == [
        "GameEnded",
        "DiceSeedRevealed",
        "DicePrivateSeedRevealed",
        "DiceEpochStarted",
    ]
    assert events[1].reason == "automatic: end of the game"
    assert events[2] == DicePrivateSeedRevealed(
        epoch=0, seed=PRIVATE[0].hex(), commitment=commitment(PRIVATE[0]), reason="automatic: end of the game"
    )
    # After the end the GM may still reveal the last epoch by hand (its private seed, never used, with it).
    archived = game.when(RevealDice(reason="archive"))
    assert [(type(e).__name__, e.epoch) for e in archived] == [
        ("DiceSeedRevealed", 1),
        ("DicePrivateSeedRevealed", 1),
        ("DiceEpochStarted", 2),
    ]


def test_a_rollback_past_a_reveal_keeps_the_new_epoch_so_the_revealed_seed_never_rolls_again() -> None:
    game = new_game()
    game.when(PlaceBid(amount=2), ANN)
    game.when(PlaceBid(amount=2), BOB)
    target = len(game.events)  # bids placed, auction not resolved, epoch 0 still secret
    game.when(AdvancePhase())  # the tie is broken with epoch-0 dice
    game.when(RevealDice(reason="a seat disputes the tie-break"))
    assert game.state.meta.dice_epoch == 1

    # The GM rolls back to before the auction (and before the reveal) to resolve it again.
    revert = TimelineReverted(to_version=target, reason="re-resolve the auction")
    history = [*enumerate(game.events, start=1), (len(game.events) + 1, revert)]
    state = timeline.fold_with_reverts(bids.ruleset, history)
    assert state is not None
    assert state.rules.bids == {"ann": 2, "bob": 2}  # the timeline is back before the auction...
    assert state.meta.dice_epoch == 1  # ...but not the dice epoch
    assert state.meta.dice_commitment == commitment(SEEDS[1])

    events = engine.decide(bids.ruleset, state, AdvancePhase(), context_for(state))

    rerolled = server_rolls(events)
    assert rerolled and {r.epoch for r in rerolled} == {1}
    for roll in rerolled:
        assert roll.results == derive_roll(SEEDS[1], game.game_id, roll.roll_index, roll.count, roll.sides)
    # What the revealed seed would have given at these indices is not what was rolled.
    revealed = [derive_roll(SEEDS[0], game.game_id, r.roll_index, r.count, r.sides) for r in rerolled]
    assert revealed != [r.results for r in rerolled]
    # And the next reveal publishes epoch 1, never epoch 0 again.
    after = engine.fold(bids.ruleset, events, state)
    reveal = engine.decide(bids.ruleset, after, RevealDice(reason="again"), context_for(after))
    assert [(type(e).__name__, e.epoch) for e in reveal] == [("DiceSeedRevealed", 1), ("DiceEpochStarted", 2)]


def test_reveal_events_round_trip_and_are_public() -> None:
    game = new_game()
    game.when(SetDiceReveal(mode="turn_end", reason="house rule"))
    events = game.when(RevealDice(reason="start of the campaign"))  # the harness round-trips every event
    for event in events:
        assert engine.redact(bids.ruleset, event, ANN) == event
    view = engine.meta_view(game.state.meta, ANN)
    assert view.dice_epoch == 1 and game.state.meta.dice_reveal == "turn_end"
