"""The processing of a turn (C2), one step a row, in the documented order:

| step | what | rule |
|---|---|---|
| actions | treaties, picking up / leaving armies, recruiting and hiring requests, action spells | [004:125-128] |
| movement | characters and armies along their paths (invasions too) | [004:38], [004:226-234] |
| encounters | random encounters on Move/Pursue/Trail/Explore/Search, then exploring | [004:107-116] |
| negotiation | talking to known monsters | [004:243-248], [004:369] |
| unification | contingent unification of invading leaders | [004:218-236] |
| battles | battle line, fanaticism, elephants, nemesis, random events, strength, escape | [004:40-98] |
| spying | spying and pursuit / trailing | [004:198-212] |
| experience | one roll per action taken | [004:119-137] |
| post-turn | werebeast conversions, trolls regenerating as mercenaries | [004:71], [004:73] |
| reports | each kingdom's report, the public news | [004:61], [004:371] |
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.engine import DecisionContext
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms.state import State
from domain.rulesets.kingdoms.turn.actions import actions
from domain.rulesets.kingdoms.turn.battles import battles, unification
from domain.rulesets.kingdoms.turn.context import Turn
from domain.rulesets.kingdoms.turn.encounters import encounters, negotiation
from domain.rulesets.kingdoms.turn.experience import experience
from domain.rulesets.kingdoms.turn.moving import movement
from domain.rulesets.kingdoms.turn.post_turn import post_turn
from domain.rulesets.kingdoms.turn.spying import spying

STEPS: tuple[tuple[str, Callable[[Turn], None]], ...] = (
    ("actions", actions),
    ("movement", movement),
    ("encounters", encounters),
    ("negotiation", negotiation),
    ("unification", unification),
    ("battles", battles),
    ("spying", spying),
    ("experience", experience),
    ("post-turn", post_turn),
)


def process_turn(state: State, ctx: DecisionContext) -> Sequence[object]:
    """The resolver of the `orders` phase: every order, in the order of `STEPS`, then the reports."""
    turn = Turn(state, ctx)
    for _, step in STEPS:
        step(turn)
    for kingdom in sorted(turn.state.kingdoms):
        lines = turn.lines.get(kingdom) or ["A quiet turn: nothing to report."]
        turn.emit(e.TurnReported(kingdom, state.turn, tuple(lines)))
    turn.emit(e.TurnProcessed(state.turn, tuple(turn.news)))
    return turn.events
