"""`evolve`: total, never validates, never rolls."""

from __future__ import annotations

from typing import Any, assert_never

import msgspec

from domain.engine.ids import counted
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms.messages import Event
from domain.rulesets.kingdoms.state import Army, Kingdom, MonsterState, State, Unit

R = msgspec.structs.replace


def _char(state: State, cid: str, **changes: Any) -> State:
    c = state.characters.get(cid)
    return state if c is None else R(state, characters={**state.characters, cid: R(c, **changes)})


def _tally(state: State, cid: str, counter: str, count: int) -> State:
    c = state.characters.get(cid)
    if c is None or not count:
        return state
    return _char(state, cid, tallies={**c.tallies, counter: c.tallies.get(counter, 0) + count})


def _kingdom(state: State, kid: str, **changes: Any) -> State:
    k = state.kingdoms.get(kid)
    return state if k is None else R(state, kingdoms={**state.kingdoms, kid: R(k, **changes)})


def _province(state: State, pid: str, **changes: Any) -> State:
    p = state.provinces.get(pid)
    return state if p is None else R(state, provinces={**state.provinces, pid: R(p, **changes)})


def _army(state: State, aid: str, **changes: Any) -> State:
    a = state.armies.get(aid)
    return state if a is None else R(state, armies={**state.armies, aid: R(a, **changes)})


def _map_units(state: State, change: Any) -> State:
    """Apply `change(unit) -> unit | None` to every unit; armies left empty disband."""
    armies: dict[str, Army] = {}
    for aid, army in state.armies.items():
        front = tuple(u for u in (change(x) for x in army.front) if u is not None)
        behind = tuple(u for u in (change(x) for x in army.behind) if u is not None)
        if front or behind:
            armies[aid] = R(army, front=front, behind=behind)
    return R(state, armies=armies)


def _treaty(k: Kingdom, other: str, make: bool) -> Kingdom:
    rest = tuple(t for t in k.treaties if t != other)
    return R(k, treaties=(*rest, other) if make else rest, offers=tuple(o for o in k.offers if o != other))


def _battle(state: State, event: e.BattleFought) -> State:
    destroyed, bitten = set(event.destroyed), set(event.bitten)
    state = _map_units(state, lambda u: None if u.id in destroyed else (R(u, bitten=True) if u.id in bitten else u))
    for aid, pid in event.retreats:
        state = _army(state, aid, province=pid)
        leader = state.armies[aid].leader if aid in state.armies else None
        if leader is not None:
            state = _char(state, leader, location=pid)
    for cid, counter, count in event.tallies:
        state = _tally(state, cid, counter, count)
    return state


def _moved(state: State, event: e.CharacterMoved) -> State:
    to = event.path[-1]
    state = _char(state, event.character, location=to)
    if event.army is not None:
        state = _army(state, event.army, province=to)
    return state


def _encounter(state: State, event: e.EncounterResolved) -> State:
    state = _char(state, event.character, hit_points=max(event.hit_points, 0), alive=event.outcome != "killed")
    counter = "monster_hp_neutralized" if event.outcome == "neutralized" else "monster_hp_slain"
    state = _tally(state, event.character, counter, event.counted)
    p = state.provinces[event.province]
    hostile = event.outcome != "neutralized"
    monsters = tuple(
        R(m, hit_points=event.monster_hit_points, hostile=hostile) if m.id == event.monster else m
        for m in p.monsters
        if m.id != event.monster or event.outcome != "slain"
    )
    if all(m.id != event.monster for m in p.monsters) and event.outcome != "slain":
        # a wandering monster met on the road stays in the province
        monsters = (*monsters, MonsterState(event.monster, event.kind, event.monster_hit_points, hostile))
        state = R(state, serials=counted(state.serials, event.monster))
    return _province(state, event.province, monsters=monsters)


def _explored(state: State, event: e.ProvinceExplored) -> State:
    p = state.provinces[event.province]
    features = tuple(
        R(f, found_by=(*f.found_by, event.kingdom), first=f.first if f.first or not event.first else event.character)
        if f.id == event.feature and event.kingdom not in f.found_by
        else f
        for f in p.features
    )
    state = _province(state, event.province, explored={**p.explored, event.kingdom: event.percent}, features=features)
    if event.first and event.feature is not None:
        kind = next((f.kind for f in p.features if f.id == event.feature), "feature")
        counter = "inventions_first" if kind == "invention" else "features_first"  # [004:278-281]
        state = _tally(state, event.character, counter, 1)
    return state


def evolve(state: State, event: Event) -> State:
    match event:
        case e.OrderGiven():
            return R(state, orders={**state.orders, event.order.character: event.order})
        case e.OrderCancelled():
            return R(state, orders={k: v for k, v in state.orders.items() if k != event.character})
        case e.EncounterPlanSet():
            return _char(state, event.character, encounter_plan=event.plan)
        case e.CommandAssigned():
            state = _army(state, event.army, leader=event.character)
            return R(state, druid_shortfall={**state.druid_shortfall, event.army: event.druid_shortfall})
        case e.TreatyOffered():
            k = state.kingdoms[event.kingdom]
            return _kingdom(state, event.kingdom, offers=(*k.offers, event.to))
        case e.TreatyBroken():
            a, b = state.kingdoms[event.kingdom], state.kingdoms[event.other]
            return R(state, kingdoms={**state.kingdoms, a.id: _treaty(a, b.id, False), b.id: _treaty(b, a.id, False)})
        case e.TreatyMade():
            a, b = (state.kingdoms[k] for k in event.kingdoms)
            return R(state, kingdoms={**state.kingdoms, a.id: _treaty(a, b.id, True), b.id: _treaty(b, a.id, True)})
        case e.TreasuryAdjusted():
            return _kingdom(state, event.kingdom, treasury=event.treasury)
        case e.UnitsRaised():
            old = state.armies.get(event.army) or Army(event.army, event.kingdom, event.province)
            army = R(old, behind=old.behind + event.units) if event.behind else R(old, front=old.front + event.units)
            serials = {**state.serials}
            for unit in event.units:
                serials = counted(serials, unit.id.replace(f"{event.army}-r", f"raised-{event.army}-", 1))
            return R(state, armies={**state.armies, event.army: army}, serials=serials)
        case e.ExploredSet():
            p = state.provinces[event.province]
            return _province(state, event.province, explored={**p.explored, event.kingdom: event.percent})
        case e.RandomEventRuled():
            return R(state, rulings=(*state.rulings, event.ruling))
        case e.AbilitySet():
            c = state.characters[event.character]
            return _char(state, event.character, abilities={**c.abilities, event.ability: event.level})
        case e.MeritAdjusted():
            return _tally(state, event.character, event.counter, event.count)
        case e.ItemGiven():
            c = state.characters[event.character]
            items = tuple(i for i in c.items if i != event.item) if event.take else (*c.items, event.item)
            return _char(state, event.character, items=items)
        case e.ForcePlaced():
            if event.character is not None:
                state = _char(state, event.character, location=event.province)
            return state if event.army is None else _army(state, event.army, province=event.province)
        case e.OfficesAwarded():
            return R(state, standings=event.standings, prizes=event.prizes)
        case e.CharacterMoved():
            return _moved(state, event)
        case e.OrderFailed() | e.RecruitRequested() | e.BattleReported() | e.ContingentsJoined():
            return state
        case e.ArmyTaken():
            return _army(state, event.army, leader=event.leader)
        case e.SpellCast():
            counter = next((s.merit_counter for s in state.content.spells if s.id == event.spell), None)
            return state if counter is None else _tally(state, event.character, counter, 1)  # [004:342]
        case e.EncounterResolved():
            return _encounter(state, event)
        case e.ProvinceExplored():
            return _explored(state, event)
        case e.BattleFought():
            return _battle(state, event)
        case e.SpyNoticed():
            return state
        case e.SpyReported():
            mine = state.spy_reports.get(event.kingdom, ())
            return R(state, spy_reports={**state.spy_reports, event.kingdom: (*mine, event.report)})
        case e.PursuitResolved():
            if event.trail or not event.succeeded or event.location is None:
                return state
            return _char(state, event.character, location=event.location)
        case e.MonsterNegotiated():
            if not event.neutralized:
                return state
            p = state.provinces[event.province]
            monsters = tuple(R(m, hostile=False) if m.id == event.monster else m for m in p.monsters)
            state = _province(state, event.province, monsters=monsters)
            return _tally(state, event.character, "monster_hp_neutralized", event.counted)
        case e.ExperienceGained():
            c = state.characters[event.character]
            return _char(state, event.character, abilities={**c.abilities, event.ability: event.level})
        case e.UnitsConverted():
            converted = set(event.units)

            def convert(u: Unit) -> Unit:
                return R(u, type="WE", race=None, bitten=False) if u.id in converted else u

            return _map_units(state, convert)
        case e.TrollsRegenerated():
            army = Army(event.army, None, event.province, front=event.units)
            return R(state, armies={**state.armies, event.army: army}, serials=counted(state.serials, event.army))
        case e.TurnReported():
            return R(state, reports={**state.reports, event.kingdom: event.lines})
        case e.TurnProcessed():
            kingdoms = {k: R(v, offers=()) for k, v in state.kingdoms.items()}
            return R(state, turn=event.turn + 1, orders={}, rulings=(), news=event.news, kingdoms=kingdoms)
        case _:
            assert_never(event)
