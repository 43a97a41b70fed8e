"""Private dice streams and never-reused roll indices (DESIGN.md §3, issue #17).

Rolls that not every seat may see come from a stream keyed by the epoch's private seed, so revealing the public
seed exposes none of them; every (epoch, stream, index) is used at most once on any timeline, so a reverted
roll says nothing about the rolls to come; a same-dice re-adjudication replays recorded rolls as `replay`.
"""

from __future__ import annotations

import msgspec

from domain.engine import game as engine
from domain.engine import timeline
from domain.engine.dice import (
    Dice,
    DiceRolled,
    EpochSeed,
    Replay,
    commitment,
    derive_roll,
    seeded_deriver,
    stream_for,
    stream_key,
)
from domain.engine.messages import AdvancePhase, GameCreated, RerollOrdered, RevealDice, TimelineReverted
from domain.rulesets.second_era import ruleset as second_era
from domain.rulesets.second_era.commands import MoveTribe
from events.codec import encode
from tests.domain.harness import GM, SEED
from tests.domain.second_era.world import BOB as BOB_GOD
from tests.domain.second_era.world import new_game as new_world
from tests.domain.second_era.world import with_clans
from tests.domain.test_dice_epochs import ANN, BOB, PRIVATE, SEEDS, context_for, new_game, server_rolls, tie
from tests.rulesets import sealed_bids as bids
from tests.rulesets.sealed_bids import PlaceBid

GAME = "game-1"


def dice(**extra: object) -> Dice:
    seed = EpochSeed(SEEDS[0], commitment(SEEDS[1]), PRIVATE[0], commitment(PRIVATE[1]))
    return Dice(game_id=GAME, epoch=0, derive=seeded_deriver(seed, GAME), private_seeds={0: PRIVATE[0]}, **extra)  # type: ignore[arg-type]


def test_streams_are_named_by_who_may_see_the_roll() -> None:
    assert stream_for(None) == "public"
    assert stream_for(()) == "gm"
    assert stream_for(("seat-b", "seat-a", "seat-b")) == "seats:seat-a,seat-b"


def test_a_gm_only_roll_comes_from_its_own_stream_keyed_by_the_private_seed() -> None:
    rolling = dice(turn=3)
    public_before = rolling.roll("tie-break", 1, 6)
    hidden = rolling.roll("investment:fr:bl", 2, 6, visible_to=())
    mine = rolling.roll("spy-report:ann", 1, 10, visible_to=("seat-ann",))
    public_after = rolling.roll("tie-break", 1, 6)

    first, gm_roll, ann_roll, second = rolling.rolled
    # Each stream counts its own rolls: the public stream's indices say nothing of how many private rolls happened.
    assert [(r.stream, r.roll_index) for r in rolling.rolled] == [
        ("public", 0),
        ("gm", 0),
        ("seats:seat-ann", 0),
        ("public", 1),
    ]
    assert first.results == public_before == derive_roll(SEEDS[0], GAME, 0, 1, 6)
    assert second.results == public_after == derive_roll(SEEDS[0], GAME, 1, 1, 6)
    gm_key = stream_key(PRIVATE[0], GAME, "gm")
    assert hidden == derive_roll(gm_key, GAME, 0, 2, 6, "gm") and gm_roll.key_commitment == commitment(gm_key)
    ann_key = stream_key(PRIVATE[0], GAME, "seats:seat-ann")
    assert mine == derive_roll(ann_key, GAME, 0, 1, 10, "seats:seat-ann")
    assert ann_roll.key_commitment == commitment(ann_key) != gm_roll.key_commitment
    assert {r.turn for r in rolling.rolled} == {3} and {r.source for r in rolling.rolled} == {"server"}


def test_an_epoch_without_a_published_private_commitment_keeps_the_old_single_stream() -> None:
    """A game created before private streams: its private rolls come from the public seed until its next epoch."""
    legacy = Dice(game_id=GAME, epoch=0, derive=seeded_deriver(SEEDS[0], GAME))
    assert legacy.roll("investment:fr:bl", 2, 6, visible_to=()) == derive_roll(SEEDS[0], GAME, 0, 2, 6)
    assert legacy.rolled[0].stream == "public" and legacy.rolled[0].key_commitment is None


def test_recorded_rolls_are_replayed_first_and_marked_as_replays_taking_a_fresh_index() -> None:
    replays = (Replay(version=12, purpose="tie-break:ann", count=1, sides=6, results=(4,)),)
    rolling = dice(replays=replays, next_indices={"public": 7})

    assert rolling.roll("tie-break:bob", 1, 6) == derive_roll(SEEDS[0], GAME, 7, 1, 6)  # not the replay's purpose
    assert rolling.roll("tie-break:ann", 1, 6) == (4,)
    assert rolling.replays_left == ()
    replayed = rolling.rolled[1]
    assert (replayed.source, replayed.replay_of, replayed.roll_index) == ("replay", 12, 8)


def test_old_events_still_decode_with_the_new_fields_defaulted() -> None:
    old_roll = b'{"type":"DiceRolled","purpose":"p","count":1,"sides":6,"results":[3],"roll_index":4,"source":"gm"}'
    roll = msgspec.json.decode(old_roll, type=DiceRolled)
    assert (roll.stream, roll.turn, roll.replay_of, roll.epoch) == ("public", None, None, 0)
    created = new_game().events[0]
    assert isinstance(created, GameCreated)
    raw = msgspec.json.decode(encode(created))
    del raw["private_dice_commitment"]
    assert msgspec.json.decode(msgspec.json.encode(raw), type=GameCreated).private_dice_commitment == ""


def test_after_a_rollback_rolls_continue_past_the_highest_index_ever_used() -> None:
    """The issue's case: a seat read the reverted roll at index 0, ordered again, and must not meet it again."""
    game = new_game()
    game.when(PlaceBid(amount=2), ANN)
    game.when(PlaceBid(amount=2), BOB)
    target = len(game.events)
    reverted_rolls = server_rolls(game.when(AdvancePhase()))  # seats read these tie-break dice
    used = {r.roll_index for r in reverted_rolls}

    revert = TimelineReverted(to_version=target, reason="a bid was entered wrong")
    history = [*enumerate(game.events, start=1), (len(game.events) + 1, revert)]
    state = timeline.fold_with_reverts(bids.ruleset, history)
    assert state is not None and state.rules.bids == {"ann": 2, "bob": 2}
    assert state.meta.next_roll_index == max(used) + 1

    rerolled = server_rolls(engine.decide(bids.ruleset, state, AdvancePhase(), context_for(state)))

    assert rerolled and min(r.roll_index for r in rerolled) == max(used) + 1
    # Nothing a seat read before the rollback is a roll to come: the (epoch, stream, index) pairs differ.
    assert not {(r.epoch, r.stream, r.roll_index) for r in rerolled} & {
        (r.epoch, r.stream, r.roll_index) for r in reverted_rolls
    }


def test_a_reroll_names_only_the_public_streams_next_index() -> None:
    game = new_game()
    tie(game)
    reroll = RerollOrdered(next_roll_index=game.state.meta.next_roll_index, reason="bad orders")
    game.given(reroll)
    assert game.state.meta.next_roll_index == reroll.next_roll_index


def test_a_public_reveal_publishes_nothing_of_the_private_seed() -> None:
    game = new_game()
    tie(game)
    events = game.when(RevealDice(reason="dispute"))
    blob = b"".join(encode(e) for e in game.events)
    assert SEEDS[0].hex().encode() in blob
    assert PRIVATE[0].hex().encode() not in blob
    assert [type(e).__name__ for e in events] == ["DiceSeedRevealed", "DiceEpochStarted"]
    assert events[1].private_commitment == commitment(PRIVATE[1])
    assert game.state.meta.private_commitment == commitment(PRIVATE[1])


def test_a_second_era_seat_that_read_a_reverted_battle_roll_cannot_know_the_next_one() -> None:
    """The issue's case: Bob read the battle roll of a reverted turn, ordered again, and must not meet those dice
    again: the new battle takes a fresh index, so what he read predicts nothing."""
    game = new_world(bob_land="w-sea")
    with_clans(game, "bobs", {"war": 3})
    with_clans(game, "anns", {"war": 1, "farmer": 2})
    target = len(game.events)
    game.when(MoveTribe(to_land="w-plains", loot=[]), BOB_GOD)
    read = [e for e in game.when(AdvancePhase()) if isinstance(e, DiceRolled) and e.purpose.startswith("battle:")]
    assert read and read[0].visible_to is None  # every seat read it

    revert = TimelineReverted(to_version=target, reason="Bob's order was entered wrong")
    state = timeline.fold_with_reverts(second_era, [*enumerate(game.events, start=1), (len(game.events) + 1, revert)])
    assert state is not None
    game.state = state
    ordered = engine.decide(second_era, state, MoveTribe(to_land="w-plains", loot=["food"]), game.context(BOB_GOD))
    game.state = engine.fold(second_era, ordered, state)
    again = [
        e
        for e in engine.decide(second_era, game.state, AdvancePhase(), game.context(GM))
        if isinstance(e, DiceRolled) and e.purpose.startswith("battle:")
    ]

    assert again and again[0].roll_index > max(r.roll_index for r in read)
    assert again[0].results == derive_roll(SEED, game.game_id, again[0].roll_index, 2, 6)


def test_a_rollback_keeps_every_private_streams_next_index_too() -> None:
    game = new_game()
    target = len(game.events)
    hidden = DiceRolled(purpose="p", count=1, sides=6, results=(2,), roll_index=0, source="server", stream="gm")
    game.given(hidden, msgspec.structs.replace(hidden, roll_index=1))
    assert game.state.meta.stream_indices == {"gm": 2}
    revert = TimelineReverted(to_version=target, reason="undo")
    state = timeline.fold_with_reverts(bids.ruleset, [*enumerate(game.events, start=1), (len(game.events) + 1, revert)])
    assert state is not None and state.meta.stream_indices == {"gm": 2}
    rolling = context_for(state).dice
    rolling.roll("p", 1, 6, visible_to=())
    assert (rolling.rolled[0].stream, rolling.rolled[0].roll_index) == ("gm", 2)
