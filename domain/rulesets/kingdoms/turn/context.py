"""The state of a turn being processed: every event is applied as it is emitted, so each step sees the last.

Every roll of processing is GM-only (`visible_to=GM_ONLY`): players do not see random rolls (C6); each call names
its purpose literally so that `dice_purposes` documents it."""

from __future__ import annotations

from collections.abc import Iterable

from domain.engine import DecisionContext
from domain.rulesets.kingdoms.evolve import evolve
from domain.rulesets.kingdoms.state import State, Unit

GM_ONLY: tuple[str, ...] = ()  # the rolls of processing are hidden from players (C6): GM stream


class Turn:
    def __init__(self, state: State, ctx: DecisionContext) -> None:
        self.state = state
        self.ctx = ctx
        self.events: list[object] = []
        self.experience: list[tuple[str, str, str | None, bool]] = []  # (character, action, magic, at sea)
        self.spells: list[tuple[str, str, str, int, str | None]] = []  # (kingdom, province, spell, level, illusion)
        self.lines: dict[str, list[str]] = {}  # kingdom -> report lines
        self.news: list[str] = []
        self.exposed: list[tuple[str, str]] = []  # (character, action) open to random encounters [004:116]
        self.invasions: list[tuple[str, str, str]] = []  # (army, origin, province)
        self.regenerating: list[tuple[Unit, str]] = []  # dead Trolls and where they fell [004:73]
        self.forces: list[tuple[str, list[str], list[str]]] = []  # (province, armies, their origins) after unifying

    def emit(self, *events: object) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)  # type: ignore[arg-type]

    def report(self, kingdom: str | None, *lines: str) -> None:
        if kingdom is not None:
            self.lines.setdefault(kingdom, []).extend(lines)

    def gain(self, character: str, action: str, magic: str | None = None, at_sea: bool = False) -> None:
        """An action that may improve an ability (an action of the content's experience table [004:119-137])."""
        self.experience.append((character, action, magic, at_sea))

    def publish(self, lines: Iterable[str]) -> None:
        self.news.extend(lines)
