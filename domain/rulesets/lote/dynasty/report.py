"""The status report's DYNASTY section (registered from `reports/reports.py`): the nation's regency, its leaders
wounded this turn, its Dynastic Failure under way, and the Spies it runs in other nations (the master's alone:
the Spy's own nation still reads him as its leader in its LEADERS section)."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.scenario import LeaderRecord

STEPS = {
    "leaders": "the GM checks every leader for revolt",
    "regions": "the regions choose between the nation and its successor states",
    "provinces": "the other provinces may revolt",
    "award": "the GM gives the strongest state to the player",
    "done": "settled",
}


def report_lines(state: State, nid: str, leader_line: Callable[[LeaderRecord], str]) -> list[str]:
    out = []
    held = state.dynasty.regencies.get(nid)
    if held is not None and held.king in state.leaders:
        king = state.leaders[held.king]
        regent = state.leaders.get(held.regent or "")
        by = f"the Regent {regent.name} (#{regent.army_no})" if regent is not None else "no Regent yet (the GM's)"
        out.append(f"Regency: {king.name} is King at {king.age}; {by} rules in his stead until he is 15")
    for lid, wound in sorted(state.dynasty.wounded.items()):
        leader = state.leaders.get(lid)
        if leader is not None and leader.nation == nid and wound.turn == state.turn:
            out.append(f"Wounded: {leader.name} (#{leader.army_no}), {wound.cause.replace('_', ' ')}")
    failure = state.dynasty.failures.get(nid)
    if failure is not None and failure.stage != "done":
        out.append(f"Dynastic Failure since turn {failure.turn}: {STEPS.get(failure.stage, failure.stage)}")
    if failure is not None and failure.successors:
        out.append(f"Successor states: {', '.join(failure.successors)}")
    for subject, spy in sorted(state.dynasty.spies.items()):
        if spy.master != nid:
            continue
        leader = state.leaders.get(subject)
        if leader is not None:
            line = leader_line(leader).replace(f" {leader.type}", " S", 1)
            out.append(f"Spy: {line} (serves {spy.victim} as {leader.type})")
        else:
            out.append(f"Spy: {subject.rpartition(':')[2]} of the royal family of {spy.victim}")
    return out
