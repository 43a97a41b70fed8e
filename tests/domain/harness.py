"""Given events, when a command, then events or a rejection: the harness every domain test uses.

Each `when` also checks the house invariants: every event round-trips through the codec, and folding all
events from scratch equals the incremental fold.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec

from domain.engine import Actor, DecisionContext, Rejected, Ruleset
from domain.engine import game as engine
from domain.engine.dice import Dice, seeded_deriver
from domain.engine.messages import AddSeat, CreateGame, DiceEntered, StartGame
from events.codec import codec_for, encode, tag_of

GM = Actor(principal="gm", role="gm")
T0 = datetime(2026, 1, 1, tzinfo=UTC)
SEED = b"test-seed-0123456789abcdef"


def seat(controls: str, role: str = "player") -> Actor:
    return Actor(principal=f"seat:{controls}", role=role, seat_id=f"seat-{controls}", controls=controls)  # type: ignore[arg-type]


class Game:
    """A game in memory. `events` is the whole history; `state` its fold."""

    private_commitment = ""  # a subclass that holds private dice seeds publishes epoch 0's commitment here

    def __init__(
        self,
        ruleset: Ruleset,
        setup: Any,
        *,
        settings: Any = None,
        seats: list[str] | dict[str, str] = (),  # type: ignore[assignment]
        start: bool = True,
        game_id: str = "game-1",
        now: datetime = T0,
    ) -> None:
        self.ruleset = ruleset
        self.codec = codec_for(ruleset)
        self.game_id = game_id
        self.now = now
        self.events: list[Any] = []
        self.state: Any = None
        create = CreateGame(
            game_id=game_id,
            name="test",
            ruleset_id=ruleset.id,
            ruleset_version=ruleset.version,
            setup=msgspec.Raw(encode(setup)),
            settings=msgspec.Raw(encode(settings if settings is not None else ruleset.settings_type())),
            dice_commitment="0" * 64,
            private_dice_commitment=self.private_commitment,
        )
        self._apply(engine.decide_create(ruleset, create, now, "gm"))
        roles = seats if isinstance(seats, dict) else dict.fromkeys(seats, "player")
        for controls, role in roles.items():
            add = AddSeat(
                seat_id=f"seat-{controls}",
                name=controls,
                role=role,
                token_id=f"t-{controls}",  # type: ignore[arg-type]
                controls=controls,
            )
            self._apply(engine.decide_add_seat(ruleset, self.state, add))
        if start:
            self.when(StartGame())

    def given(self, *events: Any) -> Game:
        self._apply(list(events))
        return self

    def dice(self, *results: int, sides: int = 6, purpose: str | None = None) -> Game:
        """Force the next roll of `len(results)` dice with `sides` sides (GM physical dice)."""
        return self.given(DiceEntered(sides=sides, results=tuple(results), purpose=purpose))

    def context(self, actor: Actor) -> DecisionContext:
        meta = self.state.meta
        dice = Dice(
            game_id=self.game_id,
            epoch=meta.dice_epoch,
            next_index=meta.next_roll_index,
            pending=meta.pending_dice,
            derive=seeded_deriver(SEED, self.game_id),
        )
        return DecisionContext(
            actor=actor,
            now=self.now,
            dice=dice,
            game_id=self.game_id,
            turn=meta.turn,
            phase=meta.phase,
            seats={k: s.info() for k, s in meta.seats.items()},
        )

    def when(self, command: Any, actor: Actor = GM) -> list[Any]:
        """Decide and apply; returns the new events (dice rolls included)."""
        events = engine.decide(self.ruleset, self.state, command, self.context(actor))
        self._apply(events)
        return events

    def rejects(self, command: Any, actor: Actor = GM) -> Rejected:
        """Decide a command that must be refused; returns the `Rejected` and leaves the game unchanged."""
        before = len(self.events)
        try:
            engine.decide(self.ruleset, self.state, command, self.context(actor))
        except Rejected as rejected:
            assert len(self.events) == before
            return rejected
        raise AssertionError(f"{tag_of(command)} was accepted")

    def advance(self, minutes: float = 0, *, seconds: float = 0) -> Game:
        self.now += timedelta(minutes=minutes, seconds=seconds)
        return self

    def view(self, actor: Actor) -> Any:
        return self.ruleset.view_for(self.state.rules, actor)

    @property
    def rules(self) -> Any:
        return self.state.rules

    def _apply(self, events: list[Any]) -> None:
        for event in events:
            # The codec round-trip: what is stored must decode to the same event.
            assert self.codec.decode_event(tag_of(event), encode(event)) == event, event
            self.state = engine.evolve(self.ruleset, self.state, event)
            self.events.append(event)
        # Folding everything from scratch equals the incremental fold.
        assert engine.fold(self.ruleset, self.events) == self.state
