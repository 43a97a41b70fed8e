"""Visibility (C6): a kingdom sees its own figures exactly (its kingdom, provinces' tax base, characters, armies,
orders, explored %, features it found) and others only through its spy reports (perturbed) and public news. The
GM sees the truth. Every event reaches its own kingdom only, except the public ones (treaties, the turn's news,
the offices) and the GM-only ones (the truth of a battle, the GM's random events, regenerated mercenaries)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import Actor
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms.orders import Order
from domain.rulesets.kingdoms.rules.offices import Award
from domain.rulesets.kingdoms.state import (
    Army,
    Character,
    Feature,
    Kingdom,
    MonsterState,
    SpyReport,
    State,
)


class ProvinceView(msgspec.Struct, frozen=True):
    id: str
    name: str
    terrain: str
    kingdom: str | None
    adjacent: tuple[str, ...]
    tax_base: int | None = None  # own provinces only
    explored: int = 0  # the viewer's own %
    features: tuple[Feature, ...] = ()  # those the viewer found
    monsters: tuple[MonsterState, ...] = ()  # where the viewer has a character


class View(msgspec.Struct, frozen=True):
    title: str
    turn: int
    kingdoms: dict[str, str]  # id -> name
    provinces: dict[str, ProvinceView]
    kingdom: Kingdom | None = None  # the viewer's own
    characters: dict[str, Character] = {}
    armies: dict[str, Army] = {}
    orders: dict[str, Order] = {}
    spy_reports: tuple[SpyReport, ...] = ()
    report: tuple[str, ...] = ()
    news: tuple[str, ...] = ()
    standings: tuple[Award, ...] = ()
    prizes: dict[str, int] = {}
    truth: State | None = None  # the GM's


def _province(state: State, pid: str, mine: str | None, seen: set[str]) -> ProvinceView:
    p = state.provinces[pid]
    return ProvinceView(
        id=p.id,
        name=p.name,
        terrain=p.terrain,
        kingdom=p.kingdom,
        adjacent=p.adjacent,
        tax_base=p.tax_base if mine is not None and p.kingdom == mine else None,
        explored=p.explored.get(mine or "", 0),
        features=tuple(f for f in p.features if mine in f.found_by),
        monsters=p.monsters if pid in seen else (),
    )


def view_for(state: State, viewer: Actor) -> View:
    mine = viewer.controls if viewer.controls in state.kingdoms and not viewer.is_gm else None
    characters = {k: c for k, c in state.characters.items() if c.kingdom == mine}
    seen = {c.location for c in characters.values()}
    return View(
        title=state.title,
        turn=state.turn,
        kingdoms={k: v.name for k, v in state.kingdoms.items()},
        provinces={pid: _province(state, pid, mine, seen) for pid in state.provinces},
        kingdom=state.kingdoms.get(mine or ""),
        characters=characters,
        armies={k: a for k, a in state.armies.items() if a.kingdom == mine and mine is not None},
        orders={k: o for k, o in state.orders.items() if k in characters},
        spy_reports=state.spy_reports.get(mine or "", ()),
        report=state.reports.get(mine or "", ()),
        news=state.news,
        standings=state.standings,
        prizes=state.prizes,
        truth=state if viewer.is_gm else None,
    )


PUBLIC = (e.TreatyBroken, e.TreatyMade, e.OfficesAwarded, e.TurnProcessed)
GM_ONLY = (e.BattleFought, e.RandomEventRuled, e.TrollsRegenerated)


def audience(event: Any) -> frozenset[str] | None:
    """The kingdoms that see `event` (None: everyone; empty: the GM only)."""
    if isinstance(event, PUBLIC):
        return None
    if isinstance(event, GM_ONLY):
        return frozenset()
    if isinstance(event, e.TreatyOffered):
        return frozenset({event.kingdom, event.to})
    return frozenset({event.kingdom})


def redact(event: Any, viewer: Actor) -> Any:
    if viewer.is_gm:
        return event
    seen_by = audience(event)
    if seen_by is None or (viewer.controls is not None and viewer.controls in seen_by):
        return event
    return None
