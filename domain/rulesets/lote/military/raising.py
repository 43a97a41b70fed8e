"""R6's battles: each one joined (its inputs and the automatic resolver's proposal, with recorded dice) and
raised as one adjudication item per nation; settled at once when the campaign's `battle_resolution` is "auto".

Decision: every battle's inputs are computed from the state after the turn's moves, before any result applies,
so in "auto" a later battle does not see an earlier one's losses (the GM corrects by rollback and ResolveBattle
if that matters).
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.engine import DecisionContext
from domain.rulesets.lote.military import detect, resolver, results
from domain.rulesets.lote.military.events import BattleJoined
from domain.rulesets.lote.model.battles import Battle
from domain.rulesets.lote.model.events import AdjudicationRaised
from domain.rulesets.lote.model.state import Adjudication, State

R = msgspec.structs.replace


def replaced(item: Adjudication, places: set[tuple[str, tuple[int, int]]]) -> bool:
    """A contact item whose contact became a battle (its subject is `place@year.month:others`)."""
    head = item.subject.split(":", 1)[0]
    return item.kind == "contact" and any(head == f"{p}@{w[0]}.{w[1]}" for p, w in places)


def join(state: State, battle: Battle, ctx: DecisionContext) -> list[object]:
    items = detect.items_for(battle, state)
    proposal = resolver.propose(state, battle, ctx)
    control = results.default_control(state, battle, proposal)
    at_stake = results.treasury_at_stake(state, battle) if control != "none" else Fraction(0)
    proposal = R(proposal, control=control, treasury_captured=at_stake)
    joined = R(battle, items=tuple(i.item_id for i in items), proposal=proposal)
    return [BattleJoined(battle=joined), *(AdjudicationRaised(item=R(i, rolls=proposal.rolls)) for i in items)]


def settle(state: State, battle_id: str) -> list[object]:
    """The "auto" setting: the proposal is the result."""
    battle = state.battles[battle_id]
    assert battle.proposal is not None
    return results.effects(state, battle, battle.proposal)
