"""How many commands each seat has had accepted in its game's current turn (the order limit's count), kept in
memory so that a command does not count the turn's events again (that query grew with the turn: a turn was
quadratic in its orders).

A game's counts are valid for one version of its stream: this process moves them on when it appends the next
events itself. Anything else (another process's append, a new turn, an unknown seat) makes the handler count
from the store again, which is the truth."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from events.lru import Lru

GAMES = 4096


@dataclass
class _Counts:
    turn_started_at: datetime
    version: int
    seats: dict[str, int] = field(default_factory=dict)


class OrderCounts:
    def __init__(self, size: int = GAMES) -> None:
        self._games: Lru[str, _Counts] = Lru(size)

    def __len__(self) -> int:
        return len(self._games)

    def get(self, game_id: str, turn_started_at: datetime, version: int, seat_id: str) -> int | None:
        counts = self._games.get(game_id)
        if counts is None or counts.turn_started_at != turn_started_at or counts.version != version:
            return None
        return counts.seats.get(seat_id)

    def counted(self, game_id: str, turn_started_at: datetime, version: int, seat_id: str, count: int) -> None:
        """`count`, read from the store, is the seat's count at `version` (or later: then the append conflicts)."""
        counts = self._games.get(game_id)
        if counts is None or counts.turn_started_at != turn_started_at or counts.version != version:
            counts = _Counts(turn_started_at, version)
            self._games.put(game_id, counts)
        counts.seats[seat_id] = count

    def appended(self, game_id: str, before: int, after: int, seat_id: str | None) -> None:
        """This process appended versions `before + 1 .. after` for a command of `seat_id` (None: not a seat's)."""
        counts = self._games.get(game_id)
        if counts is None:
            return
        if counts.version != before:
            self._games.pop(game_id)
            return
        counts.version = after
        if seat_id is not None and seat_id in counts.seats:
            counts.seats[seat_id] += 1
