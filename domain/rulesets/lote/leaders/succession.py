"""The building blocks of a leader's death (§6.1.11 [L5205-5253]; digest §4 R27): the death itself, the eldest of
a type, and the rolled replacement of a Lieutenant, Bishop or Ally. What a death sets off (the King's succession,
the Dynastic Failure item, regencies, spies, allies' provinces) is `dynasty/deaths.py`'s.

- a Lieutenant or a Bishop: a new one, rolled, at the capital (or the Homeland) ([L5233-5236], [L5247-5250]);
- a Full or Feudal Ally: a new one, rolled, in his home province ([L5237-5246]).

A replacement keeps the dead leader's army number. The dead leader's troops stay where he died, as his
nation's garrison of that region or city ("troops left in the region without a leader", [L2408]; no unit moves
without a leader, [L4971-4975]); troops at sea are lost (the GM may restore them with `AdjustUnits`).
"""

from __future__ import annotations

import msgspec

from domain.engine import DecisionContext
from domain.rulesets.lote.leaders.events import DeathCause, LeaderDied, LeaderGenerated
from domain.rulesets.lote.leaders.generation import generate
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.scenario import LeaderRecord

REPLACED_AT_CAPITAL = frozenset({"L", "B"})
ALLIES = frozenset({"A", "F"})


def eldest(state: State, nation: str, leader_type: str, *, without: str) -> str | None:
    found = [
        (-x.age, x.army_no, lid)
        for lid, x in state.leaders.items()
        if x.nation == nation and x.type == leader_type and lid != without
    ]
    return min(found)[2] if found else None


def successor_id(state: State, leader_id: str, turn: int) -> str:
    base = f"{leader_id}-t{turn}"
    candidate, n = base, 2
    while candidate in state.leaders:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def seat_of(state: State, nation_id: str, fallback: str) -> str:
    """Where a new national leader appears: the capital, or the Homeland (the HBZ origin) if there is none."""
    nation = state.nations[nation_id]
    return nation.capital or nation.hbz_origin or fallback


def replacement(
    state: State, dead_id: str, dead: LeaderRecord, ctx: DecisionContext, name: str, age: int
) -> LeaderGenerated:
    new_id = successor_id(state, dead_id, ctx.turn)
    if dead.type in ALLIES:
        where = dead.home_city or dead.home_region or dead.location
    else:
        where = seat_of(state, dead.nation, dead.location)
    record = generate(
        ctx,
        leader_id=new_id,
        nation=dead.nation,
        leader_type=dead.type,
        name=name or f"Successor of #{dead.army_no}"[:20],
        age=age,
        location=where,
        army_no=dead.army_no,
        home_region=dead.home_region,
    )
    if dead.home_city is not None:
        record = msgspec.structs.replace(record, home_city=dead.home_city)
    why = f"[L5233-5250] replaces {dead.name} (#{dead.army_no})"
    return LeaderGenerated(leader_id=new_id, nation=dead.nation, leader=record, reason=why)


def died(
    state: State,
    leader_id: str,
    cause: DeathCause,
    reason: str,
    *,
    keep_troops: bool = True,
    espionage_lost: tuple[str, ...] = (),
) -> LeaderDied:
    """The death itself: his troops garrison the place he died (unless they go away: a Spy's, [L5171-5172])."""
    dead = state.leaders[leader_id]
    left_at = dead.location if dead.location in state.regions or dead.location in state.cities else None
    stays = keep_troops and left_at is not None and bool(dead.units)
    return LeaderDied(
        leader_id=leader_id,
        nation=dead.nation,
        cause=cause,
        reason=reason,
        left_at=left_at if stays else None,
        units=dict(dead.units) if stays else {},
        espionage_lost=espionage_lost,
    )
