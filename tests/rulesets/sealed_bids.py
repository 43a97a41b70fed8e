"""`test-bids`: a tiny sealed-bid auction used only to exercise the engine, the store and the API.

Each seat controls a bidder with secret gold and a secret note. During `bidding` bidders place sealed bids;
closing the phase resolves the auction: the highest bid wins a point and pays its bid, ties are broken by a d6
per tied bidder (rerolled until one is highest). The first bidder to reach `points_to_win` ends the game.
The GM may grant gold by a ruling with a reason. Bids and notes are secret to their bidder and the GM.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Annotated, Literal, assert_never

import msgspec

from domain.engine import Actor, DecisionContext, Phase, Rejected, Ruleset
from domain.engine.bounds import Count, Delta, Name, Quantity, Reason, Rows, Text
from domain.engine.messages import GameEnded, TimerScheduled

R = msgspec.structs.replace


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    bidders: Rows[Name]
    starting_gold: Quantity = 10
    points_to_win: Count = 3


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    tie_break: Literal["dice", "nobody"] = "dice"


class State(msgspec.Struct, frozen=True):
    gold: dict[str, int]
    points: dict[str, int]
    bids: dict[str, int]
    notes: dict[str, str]
    points_to_win: int
    tie_break: str
    rounds: int = 0


class BidderView(msgspec.Struct, frozen=True):
    name: str
    points: int
    gold: int | None = None
    bid: int | None = None
    note: str | None = None
    has_bid: bool = False


class View(msgspec.Struct, frozen=True):
    bidders: list[BidderView]
    rounds: int


# commands
class PlaceBid(msgspec.Struct, frozen=True, tag="PlaceBid", tag_field="type", forbid_unknown_fields=True):
    amount: Quantity


class WriteNote(msgspec.Struct, frozen=True, tag="WriteNote", tag_field="type", forbid_unknown_fields=True):
    text: Text


class GrantGold(msgspec.Struct, frozen=True, tag="GrantGold", tag_field="type", forbid_unknown_fields=True):
    bidder: Name
    amount: Delta
    reason: Reason


class StartHourglass(msgspec.Struct, frozen=True, tag="StartHourglass", tag_field="type", forbid_unknown_fields=True):
    timer_id: Name
    minutes: Annotated[int, msgspec.Meta(ge=0, le=525_600)]  # at most a year
    seconds: Annotated[int, msgspec.Meta(ge=0, le=3_600)] = 0  # for scheduler tests that cannot wait minutes


Command = PlaceBid | WriteNote | GrantGold | StartHourglass


# events
class BidPlaced(msgspec.Struct, frozen=True, tag="BidPlaced", tag_field="type"):
    bidder: str
    amount: int


class NoteWritten(msgspec.Struct, frozen=True, tag="NoteWritten", tag_field="type"):
    bidder: str
    text: str


class AuctionWon(msgspec.Struct, frozen=True, tag="AuctionWon", tag_field="type"):
    bidder: str | None
    amount: int


class GoldGranted(msgspec.Struct, frozen=True, tag="GoldGranted", tag_field="type"):
    bidder: str
    amount: int
    reason: str


class HourglassEmptied(msgspec.Struct, frozen=True, tag="HourglassEmptied", tag_field="type"):
    timer_id: str


Event = BidPlaced | NoteWritten | AuctionWon | GoldGranted | HourglassEmptied


def initial_state(setup: Setup, settings: Settings) -> State:
    if len(set(setup.bidders)) != len(setup.bidders) or not setup.bidders:
        raise Rejected("bids.bad_bidders", "List at least one bidder, each name once.")
    return State(
        gold=dict.fromkeys(setup.bidders, setup.starting_gold),
        points=dict.fromkeys(setup.bidders, 0),
        bids={},
        notes={},
        points_to_win=setup.points_to_win,
        tie_break=settings.tie_break,
    )


def _bidder(state: State, ctx: DecisionContext) -> str:
    bidder = ctx.actor.controls
    if bidder is None or bidder not in state.gold:
        raise Rejected("bids.no_bidder", "Only a seat that controls a bidder may do this.", status=403)
    return bidder


def decide(state: State, command: Command, ctx: DecisionContext) -> Sequence[object]:
    match command:
        case PlaceBid():
            bidder = _bidder(state, ctx)
            if command.amount < 0:
                raise Rejected("bids.negative", "A bid cannot be negative.")
            if command.amount > state.gold[bidder]:
                raise Rejected("bids.not_enough_gold", f"You have {state.gold[bidder]} gold; bid at most that much.")
            return [BidPlaced(bidder=bidder, amount=command.amount)]
        case WriteNote():
            return [NoteWritten(bidder=_bidder(state, ctx), text=command.text)]
        case GrantGold():
            if command.bidder not in state.gold:
                raise Rejected("bids.unknown_bidder", f"There is no bidder {command.bidder!r}.")
            if not command.reason.strip():
                raise Rejected("ruling.reason_required", "A ruling needs a reason.")
            return [GoldGranted(bidder=command.bidder, amount=command.amount, reason=command.reason)]
        case StartHourglass():
            return [
                TimerScheduled(
                    timer_id=command.timer_id,
                    fire_at=ctx.now + timedelta(minutes=command.minutes, seconds=command.seconds),
                    purpose="hourglass",
                )
            ]
        case _:
            assert_never(command)


def resolve_auction(state: State, ctx: DecisionContext) -> Sequence[object]:
    if not state.bids:
        return [AuctionWon(bidder=None, amount=0)]
    top = max(state.bids.values())
    tied = sorted(b for b, a in state.bids.items() if a == top)
    while len(tied) > 1 and state.tie_break == "dice":
        rolls = {b: ctx.dice.d6(f"tie-break:{b}") for b in tied}
        best = max(rolls.values())
        tied = [b for b in tied if rolls[b] == best]
    winner = tied[0] if len(tied) == 1 else None
    events: list[object] = [AuctionWon(bidder=winner, amount=top if winner else 0)]
    if winner is not None and state.points[winner] + 1 >= state.points_to_win:
        events.append(GameEnded(reason=f"{winner} won {state.points_to_win} auctions"))
    return events


def evolve(state: State, event: Event) -> State:
    match event:
        case BidPlaced():
            return R(state, bids={**state.bids, event.bidder: event.amount})
        case NoteWritten():
            return R(state, notes={**state.notes, event.bidder: event.text})
        case AuctionWon():
            if event.bidder is None:
                return R(state, bids={}, rounds=state.rounds + 1)
            return R(
                state,
                bids={},
                rounds=state.rounds + 1,
                gold={**state.gold, event.bidder: state.gold[event.bidder] - event.amount},
                points={**state.points, event.bidder: state.points[event.bidder] + 1},
            )
        case GoldGranted():
            return R(state, gold={**state.gold, event.bidder: state.gold.get(event.bidder, 0) + event.amount})
        case HourglassEmptied():
            return state
        case _:
            assert_never(event)


def view_for(state: State, viewer: Actor) -> View:
    rows = []
    for name in state.gold:
        mine = viewer.is_gm or viewer.controls == name
        rows.append(
            BidderView(
                name=name,
                points=state.points[name],
                gold=state.gold[name] if mine else None,
                bid=state.bids.get(name) if mine else None,
                note=state.notes.get(name) if mine else None,
                has_bid=name in state.bids,
            )
        )
    return View(bidders=rows, rounds=state.rounds)


def redact(event: Event, viewer: Actor) -> Event | None:
    match event:
        case BidPlaced() | NoteWritten():
            return event if viewer.controls == event.bidder else None
        case _:
            return event


def available(state: State, actor: Actor) -> Sequence[str]:
    tags = ["GrantGold", "StartHourglass"] if actor.is_gm else []
    if actor.controls in state.gold:
        tags += ["PlaceBid", "WriteNote"]
    return tags


def validate_seat(state: State, controls: str | None) -> None:
    if controls not in state.gold:
        raise Rejected("bids.unknown_bidder", f"A player seat must control one of {sorted(state.gold)}.")


def on_timer(state: State, timer: object, ctx: DecisionContext) -> Sequence[object]:
    return [HourglassEmptied(timer_id=getattr(timer, "timer_id", ""))]


ruleset = Ruleset(
    id="test-bids",
    version=1,
    title="Sealed bids (engine test ruleset)",
    command_type=Command,
    event_type=Event,
    setup_type=Setup,
    settings_type=Settings,
    state_type=State,
    view_type=View,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view_for=view_for,
    redact=redact,
    available=available,
    gm_commands=frozenset({"GrantGold", "StartHourglass"}),
    validate_seat=validate_seat,
    on_timer=on_timer,
    phases=(
        Phase(
            "bidding",
            commands=frozenset({"PlaceBid", "WriteNote"}),
            deadline=timedelta(days=1),
            resolver=resolve_auction,
        ),
        Phase("talk", commands=frozenset({"WriteNote"})),
    ),
)
