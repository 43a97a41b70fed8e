"""Folding the intel events into the state. Total: an event naming what is gone changes nothing."""

from __future__ import annotations

from fractions import Fraction
from typing import assert_never

import msgspec

from domain.rulesets.lote.intel import infiltration
from domain.rulesets.lote.intel.events import (
    FactConcealed,
    InfiltrationDecayed,
    IntelEvent,
    IntelOperationRaised,
    IntelOperationSettled,
    IntelReportCopied,
    MisinformationFed,
    MisinformationPlanted,
    UniversityTechPointGained,
)
from domain.rulesets.lote.model.state import State

R = msgspec.structs.replace


def _decided(state: State, item_id: str, outcome: str, reason: str) -> State:
    item = state.adjudications.get(item_id)
    if item is None:
        return state
    items = {**state.adjudications, item_id: R(item, outcome=outcome, overridden=True, reason=reason)}
    return R(state, adjudications=items)


def evolve_intel(state: State, event: IntelEvent) -> State:
    intel = state.intel
    match event:
        case IntelOperationRaised():
            op = event.op
            # this turn's and the last turn's operations are kept, for the status reports
            kept = {k: v for k, v in intel.ops.items() if v.turn >= op.turn - 1}
            return R(state, intel=R(intel, ops={**kept, op.item_id: op}))
        case IntelOperationSettled():
            ops = dict(intel.ops)
            if event.item_id in ops:
                ops[event.item_id] = R(
                    ops[event.item_id],
                    result=event.result,
                    detection=event.detection,
                    levels=event.levels,
                    effect=event.effect,
                    revolt=event.revolt,
                    misinformation=event.misinformation,
                )
            infiltrations = infiltration.settled(state, event)
            state = R(state, intel=R(intel, ops=ops, infiltrations=infiltrations))
            return _decided(state, event.item_id, event.result, event.reason)
        case InfiltrationDecayed():
            state = R(state, intel=R(intel, infiltrations=infiltration.decayed(state, event)))
            return _decided(state, event.item_id, f"-{event.levels}", event.reason)
        case IntelReportCopied():
            got = event.received
            mine = {**intel.copies.get(event.nation, {}), got.nation: got}
            # this turn's misinformation went into the copy; what was fed on earlier turns is spent too
            feeds = {k: v for k, v in intel.feeds.items() if k.partition(":")[0] == f"t{got.turn + 1}"}
            return R(state, intel=R(intel, copies={**intel.copies, event.nation: mine}, feeds=feeds))
        case UniversityTechPointGained():
            nation = state.nations.get(event.nation)
            if nation is None:
                return state
            nations = {**state.nations, event.nation: R(nation, tech_points=nation.tech_points + Fraction(1))}
            return R(state, nations=nations)
        case FactConcealed():
            item = state.press.items.get(event.news_item)
            if item is None:
                return state
            items = {**state.press.items, event.news_item: R(item, concealed=True)}
            return R(state, press=R(state.press, items=items))
        case MisinformationPlanted():
            press = state.press
            if event.news is not None:
                press = R(press, items={**press.items, event.news.item_id: event.news})
            if event.msi is not None and event.nation is not None:
                faked = {**press.ranking_amendments.get(event.nation, {}), "msi": event.msi}
                press = R(press, ranking_amendments={**press.ranking_amendments, event.nation: faked})
            return R(state, press=press)
        case MisinformationFed():
            pair = f"t{state.turn}:{event.recipient}>{event.nation}"
            feeds = {**intel.feeds, pair: {**intel.feeds.get(pair, {}), event.key: event.text}}
            return R(state, intel=R(intel, feeds=feeds))
        case _:
            assert_never(event)
