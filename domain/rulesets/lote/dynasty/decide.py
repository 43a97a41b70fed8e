"""The GM's dynasty commands (`ConfirmLeaderDeath`, `WoundLeader`, `RecordSpy`) and his rulings on the dynasty's
items: which outcomes each kind takes, and what a ruling does.

`leader_death` and `dynastic_failure` items take effect when the adjudication phase closes, as they always did;
the others (`succession`, `regency`, `wound`, `spy_loyalty`, `spy_revolt`, `spy_king`) at once, since what they
settle (a King, a Regent, a Spy) is wanted before the next orders.
"""

from __future__ import annotations

from typing import Any, get_args

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.dynasty import deaths, regency, spies
from domain.rulesets.lote.dynasty.commands import RecordSpy, WoundLeader
from domain.rulesets.lote.dynasty.events import LeaderWounded
from domain.rulesets.lote.leaders.commands import ConfirmLeaderDeath
from domain.rulesets.lote.leaders.decide import leader_nation, reason_of
from domain.rulesets.lote.leaders.events import DeathCause
from domain.rulesets.lote.model.events import AdjudicationRaised
from domain.rulesets.lote.model.state import Adjudication, State

CAUSES = frozenset(get_args(DeathCause))
AT_ONCE = frozenset({"succession", "regency", "wound", "spy_loyalty", "spy_revolt", "spy_king"})
AT_CLOSE = frozenset({"leader_death", "dynastic_failure"})
KINDS = AT_ONCE | AT_CLOSE


def decide_death(state: State, command: ConfirmLeaderDeath, ctx: DecisionContext) -> list[object]:
    reason = reason_of(command.reason)
    leader_nation(state, command.leader_id)
    return [
        *deaths.death(
            state,
            command.leader_id,
            ctx=ctx,
            cause=command.cause,
            reason=reason,
            replace_ally=command.replace_ally,
            successor_name=command.successor_name,
            successor_age=command.successor_age,
        )
    ]


def decide_wound(state: State, command: WoundLeader, ctx: DecisionContext) -> list[object]:
    reason = reason_of(command.reason)
    nation = leader_nation(state, command.leader_id)
    leader = state.leaders[command.leader_id]
    rolls = ctx.dice.roll(f"wound:{nation.id}:{command.leader_id}", 2, 6, visible_to=())  # GM-only
    item = Adjudication(
        item_id=deaths.item_id(state, ctx.turn, nation.id, "wound", command.leader_id),
        turn=ctx.turn,
        nation=nation.id,
        kind="wound",
        subject=command.leader_id,
        proposal=deaths.LIVES,
        explanation=(
            f"{leader.name} ({leader.type}, #{leader.army_no}, {leader.age}) was wounded ({command.cause}): "
            f'[L7028-7030] he "aborts all remaining actions in the turn and may still die from complications"; '
            f"2d6 = {sum(rolls)}. The rulebook gives no odds: rule {' | '.join(deaths.death_outcomes(leader))}."
        ),
        rolls=tuple(rolls),
    )
    return [
        LeaderWounded(leader_id=command.leader_id, nation=nation.id, cause=command.cause, turn=ctx.turn, reason=reason),
        AdjudicationRaised(item=item),
    ]


def decide_dynasty(
    state: State, command: ConfirmLeaderDeath | WoundLeader | RecordSpy, ctx: DecisionContext
) -> list[object]:
    match command:
        case ConfirmLeaderDeath():
            return decide_death(state, command, ctx)
        case WoundLeader():
            return decide_wound(state, command, ctx)
        case RecordSpy():
            return [
                *spies.decide_record(state, command.victim, command.master, command.subject, reason_of(command.reason))
            ]


def _choices(state: State, item: Adjudication) -> tuple[str, ...] | None:
    """The fixed outcomes of a kind (None: the kind checks its outcome itself)."""
    leader = state.leaders.get(item.subject)
    match item.kind:
        case "leader_death" | "wound":
            return deaths.death_outcomes(leader) if leader is not None else (deaths.LIVES, deaths.DIES)
        case "dynastic_failure":
            return (deaths.NONE, "failure")
        case "spy_loyalty":
            return (spies.FAILS, spies.HOLDS)
        case "spy_king":
            return (spies.NONE, spies.SEIZED)
    return None


def check_ruling(state: State, item: Adjudication, outcome: str) -> None:
    if item.kind == "regency":
        regency.check_ruling(state, item, outcome)
        return
    if item.kind == "spy_revolt":
        spies.check_revolt_ruling(state, item, outcome)
        return
    if item.kind == "succession":
        leader = state.leaders.get(outcome.partition(":")[2])
        if outcome != deaths.NONE and not (
            outcome.startswith("leader:") and leader is not None and leader.nation == item.nation
        ):
            raise Rejected("lote.bad_outcome", "A succession is 'leader:<id>' (a leader of the nation) or 'none'.")
        return
    choices = _choices(state, item)
    if choices is not None and outcome not in choices:
        raise Rejected("lote.bad_outcome", f"A {item.kind.replace('_', ' ')} outcome is {' or '.join(choices)}.")


def ruling_events(state: State, item: Adjudication, outcome: str, ctx: DecisionContext) -> list[Any]:
    """What a ruling of an at-once kind does (also a `leader_death` at the close of the adjudication phase)."""
    match item.kind:
        case "leader_death":
            return deaths.item_death(state, item, outcome, ctx, "old_age")
        case "wound":
            wound = state.dynasty.wounded.get(item.subject)
            cause = wound.cause if wound is not None and wound.cause in CAUSES else "wounds"
            return deaths.item_death(state, item, outcome, ctx, cause)  # type: ignore[arg-type]
        case "succession":
            return deaths.succession_outcome(state, item, outcome, ctx)
        case "regency":
            return regency.outcome_events(state, item, outcome, ctx)
        case "spy_loyalty":
            return spies.recruited(state, item, outcome)
        case "spy_revolt":
            return spies.revolt_outcome(state, item, outcome)
        case "spy_king":
            return spies.king_outcome(state, item, outcome)
    return []
