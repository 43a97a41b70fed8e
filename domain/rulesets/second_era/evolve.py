"""Folding Second Era events into the state. Total: never validates or rolls; stockpiles stay >= 0."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.engine.ids import counted
from domain.rulesets.second_era.era_events import (
    FaunaChanged,
    FirstEraActPerformed,
    LandAdded,
    LandAltered,
    LandsConnected,
    LandsDisconnected,
    StructurePlaced,
    StructureRemoved,
)
from domain.rulesets.second_era.eras import edifice_won
from domain.rulesets.second_era.events import (
    ArtefactCreated,
    ArtefactDestroyed,
    ArtefactTaken,
    BattleFought,
    BattleSpellCast,
    ChampionSet,
    ClanRolesSet,
    ClansAdded,
    ClansHealed,
    ClansLost,
    ClansRemoved,
    CursesCast,
    EdificeFallen,
    EdificeRaised,
    EraWon,
    Event,
    GodManaAdjusted,
    Harvested,
    HeroBorn,
    HeroKilled,
    HeroLevelled,
    HoardChanged,
    HoardTransmuted,
    InstantCast,
    ManaSpent,
    MonsterAte,
    MonsterCursesCast,
    MonsterDied,
    MonsterHealed,
    MonsterInstantCast,
    MonsterLevelled,
    MonsterManaTaken,
    MonsterMoved,
    MonsterRested,
    MonsterScavenged,
    MonsterSpawned,
    MonsterSpellCast,
    MonsterSpellOrdersSet,
    MonsterSpellsCast,
    MonsterSpellStolen,
    MonsterTraded,
    MonsterWounded,
    OrderCancelled,
    OrderFailed,
    OrderGiven,
    RazeBegun,
    RazeCountered,
    RazeResolved,
    ResourcesTaken,
    RetreatSet,
    SpellOrdersSet,
    SpellsCast,
    SpellStolen,
    SpellTaught,
    StockpileAdjusted,
    StructureBuilt,
    TradeAccepted,
    TradeCarriedOut,
    TradeEnded,
    TradeFailed,
    TradeOffered,
    Transmuted,
    TravelBegun,
    TravelResisted,
    TravelResolved,
    TribeDriven,
    TribeGrew,
    TribeMoved,
    TurnReported,
    TurnResolved,
    UpkeepPaid,
)
from domain.rulesets.second_era.evolve_monsters import evolve_monster
from domain.rulesets.second_era.fate_events import AdaptationUnpaid, TribeEmptied, TribeExtinct, TribeRelocated
from domain.rulesets.second_era.map_rulings import evolve_map
from domain.rulesets.second_era.state import QueuedOrder, State, Tribe
from domain.rulesets.second_era.values import RESOURCE_NAMES, Resources

R = msgspec.structs.replace


def _floor0(r: Resources) -> Resources:
    return Resources(**{n: max(0, r.get(n)) for n in RESOURCE_NAMES})


def _tribe(state: State, tribe_id: str, **changes: object) -> State:
    tribe = state.tribes.get(tribe_id)
    if tribe is None:
        return state
    return R(state, tribes={**state.tribes, tribe_id: R(tribe, **changes)})


def _stock(state: State, tribe_id: str, delta: Resources) -> State:
    tribe = state.tribes.get(tribe_id)
    if tribe is None:
        return state
    return _tribe(state, tribe_id, stockpile=_floor0(tribe.stockpile.plus(delta)))


def _clans(tribe: Tribe, role: str, delta: int) -> dict[str, int]:
    clans = {**tribe.clans, role: max(0, tribe.n(role) + delta)}
    return {k: v for k, v in clans.items() if v}


def evolve(state: State, event: Event) -> State:
    match event:
        case OrderGiven():
            queued = (
                *state.orders.get(event.god, ()),
                QueuedOrder(order_no=event.order_no, order=event.order),
            )
            return R(state, orders={**state.orders, event.god: queued})
        case OrderCancelled():
            kept = tuple(q for q in state.orders.get(event.god, ()) if q.order_no != event.order_no)
            return R(state, orders={**state.orders, event.god: kept})
        case OrderFailed() | BattleFought() | TurnReported() | TribeEmptied() | AdaptationUnpaid():
            return state
        case TribeExtinct():
            return _evolve_extinct(state, event)
        case TribeRelocated():
            return _tribe(state, event.tribe, land=event.to_land)
        case ManaSpent():
            return _evolve_mana_spent(state, event)
        case HeroBorn():
            heroes = {**state.heroes, event.hero.id: event.hero}
            return R(state, heroes=heroes, next_id=state.next_id + 1, serials=counted(state.serials, event.hero.id))
        case HeroLevelled():
            return _evolve_hero_levelled(state, event)
        case HeroKilled():
            return R(state, heroes={k: h for k, h in state.heroes.items() if k != event.hero})
        case MonsterSpawned():
            monster = event.monster
            serials = counted(state.serials, monster.id)
            return R(
                state, monsters={**state.monsters, monster.id: monster}, next_id=state.next_id + 1, serials=serials
            )
        case SpellTaught():
            spells = {**state.spells, event.spell.id: event.spell}
            state = R(state, spells=spells, next_id=state.next_id + 1, serials=counted(state.serials, event.spell.id))
            if event.monster is not None:
                pupil = state.monsters.get(event.monster)
                if pupil is None:
                    return state
                return R(state, monsters={**state.monsters, pupil.id: R(pupil, spells=(*pupil.spells, event.spell.id))})
            tribe = state.tribes.get(event.tribe)
            return state if tribe is None else _tribe(state, event.tribe, spells=(*tribe.spells, event.spell.id))
        case ArtefactCreated():
            artefact = event.artefact
            artefacts = {**state.artefacts, artefact.id: artefact}
            return R(state, artefacts=artefacts, next_id=state.next_id + 1, serials=counted(state.serials, artefact.id))
        case ArtefactDestroyed():
            god = state.gods.get(event.god)
            state = R(state, artefacts={k: v for k, v in state.artefacts.items() if k != event.artefact})
            return state if god is None else R(state, gods={**state.gods, god.id: R(god, mana=god.mana + event.refund)})
        case ArtefactTaken():
            taken = state.artefacts.get(event.artefact)
            if taken is None:
                return state
            return R(state, artefacts={**state.artefacts, taken.id: R(taken, holder=event.to_holder)})
        case SpellStolen():
            return _learn(state, event.tribe, (event.spell,))
        case TribeGrew():
            tribe = state.tribes.get(event.tribe)
            if tribe is None:
                return state
            state = _stock(state, event.tribe, Resources().minus(event.cost))
            return _tribe(state, event.tribe, clans=_clans(tribe, event.role, 1))
        case ChampionSet():
            return _tribe(state, event.tribe, champion=event.hero)
        case RetreatSet():
            return _tribe(state, event.tribe, retreat=event.to_land)
        case ClanRolesSet():
            return _tribe(state, event.tribe, clans={k: v for k, v in event.clans.items() if v})
        case SpellOrdersSet():
            return _tribe(state, event.tribe, cast=event.spells, curse_orders=dict(event.curses))
        case CursesCast():
            state = _stock(state, event.tribe, Resources(mana=-event.mana))
            return _tribe(state, event.tribe, cursing=event.curses)
        case StructureBuilt():
            s = event.structure
            state = _stock(state, s.tribe, Resources().minus(event.cost))
            serials = counted(state.serials, s.id)
            return R(state, structures={**state.structures, s.id: s}, next_id=state.next_id + 1, serials=serials)
        case TribeMoved():
            return _tribe(state, event.tribe, land=event.path[-1]) if event.path else state
        case TribeDriven():
            return _tribe(state, event.tribe, land=event.to_land)
        case BattleSpellCast():
            return _stock(state, event.tribe, Resources(mana=-event.mana))
        case InstantCast():
            state = _stock(state, event.tribe, Resources(mana=event.mana_gained - event.mana))
            tribe = state.tribes.get(event.tribe)
            if tribe is None:
                return state
            if event.role is not None:
                tribe = R(tribe, clans=_clans(tribe, event.role, -event.clans))
            if event.to_land is not None and event.target is None:
                tribe = R(tribe, land=event.to_land)
            return R(state, tribes={**state.tribes, tribe.id: tribe})
        case ClansHealed():
            tribe = state.tribes.get(event.tribe)
            if tribe is None:
                return state
            for role, n in event.clans.items():
                tribe = R(tribe, clans=_clans(tribe, role, n))
            return R(state, tribes={**state.tribes, tribe.id: tribe})
        case ClansLost():
            return _evolve_clans_lost(state, event)
        case ResourcesTaken():
            if event.from_tribe is not None:
                state = _stock(state, event.from_tribe, Resources().minus(event.resources))
            return _stock(state, event.to_tribe, event.resources)
        case SpellsCast():
            state = _stock(state, event.tribe, Resources(mana=-event.mana))
            return _tribe(state, event.tribe, active=event.spells)
        case Transmuted():
            return _stock(state, event.tribe, event.produced.minus(event.consumed))
        case Harvested():
            return _stock(state, event.tribe, event.gained)
        case UpkeepPaid():
            return _stock(state, event.tribe, Resources().minus(event.paid))
        case TurnResolved():
            tribes = {k: R(t, start_land=t.land) for k, t in state.tribes.items()}
            trades = {k: v for k, v in state.trades.items() if v.accepted}
            return R(state, tribes=tribes, orders={}, trades=trades, turn=event.turn + 1)
        case EdificeRaised():
            pending = {**state.pending_edifices, event.land: (event.kind, event.tribe)}
            return R(state, pending_edifices=pending)
        case EdificeFallen():
            return R(state, pending_edifices={k: v for k, v in state.pending_edifices.items() if k != event.land})
        case EraWon():
            won = edifice_won(state, event.god, event.tribe, event.land, event.edifice)
            return R(state, winner=event.god, won=(*state.won, won))
        case FirstEraActPerformed():
            return _stock(state, event.tribe, Resources().minus(event.resources))
        case (
            FaunaChanged()
            | LandAdded()
            | LandAltered()
            | LandsConnected()
            | LandsDisconnected()
            | StructurePlaced()
            | StructureRemoved()
        ):
            return evolve_map(state, event)
        case RazeBegun():
            razes = {**state.razes, event.raze.id: event.raze}
            return R(state, razes=razes, next_id=state.next_id + 1, serials=counted(state.serials, event.raze.id))
        case RazeCountered():
            raze = state.razes.get(event.raze)
            if raze is None:
                return state
            return R(state, razes={**state.razes, raze.id: R(raze, counter_bid=event.bid)})
        case TravelBegun():
            travels = {**state.travels, event.travel.id: event.travel}
            return R(state, travels=travels, next_id=state.next_id + 1, serials=counted(state.serials, event.travel.id))
        case TravelResisted():
            travel = state.travels.get(event.travel)
            if travel is None:
                return state
            return R(state, travels={**state.travels, travel.id: R(travel, counter_bid=event.bid)})
        case TravelResolved():
            state = R(state, travels={k: v for k, v in state.travels.items() if k != event.travel})
            return _tribe(state, event.target, land=event.to_land) if event.succeeded else state
        case RazeResolved():
            return _evolve_raze_resolved(state, event)
        case TradeOffered():
            trades = {**state.trades, event.trade.id: event.trade}
            return R(state, trades=trades, next_id=state.next_id + 1, serials=counted(state.serials, event.trade.id))
        case TradeAccepted():
            trade = state.trades.get(event.trade)
            return state if trade is None else R(state, trades={**state.trades, trade.id: R(trade, accepted=True)})
        case TradeEnded():
            return R(state, trades={k: v for k, v in state.trades.items() if k != event.trade})
        case TradeCarriedOut():
            return _evolve_trade_carried_out(state, event)
        case TradeFailed():
            trade = state.trades.get(event.trade)
            if trade is None or trade.standing:
                return state
            return R(state, trades={k: v for k, v in state.trades.items() if k != event.trade})
        case (
            MonsterMoved()
            | MonsterLevelled()
            | MonsterWounded()
            | MonsterRested()
            | MonsterDied()
            | HoardChanged()
            | MonsterScavenged()
            | MonsterAte()
            | MonsterTraded()
            | MonsterManaTaken()
            | MonsterSpellsCast()
            | MonsterSpellOrdersSet()
            | MonsterSpellCast()
            | MonsterHealed()
            | MonsterSpellStolen()
            | MonsterCursesCast()
            | MonsterInstantCast()
            | HoardTransmuted()
        ):
            return evolve_monster(state, event)
        case StockpileAdjusted():
            return _stock(state, event.tribe, event.delta)
        case ClansAdded():
            tribe = state.tribes.get(event.tribe)
            return state if tribe is None else _tribe(state, event.tribe, clans=_clans(tribe, event.role, event.count))
        case GodManaAdjusted():
            god = state.gods.get(event.god)
            if god is None:
                return state
            return R(state, gods={**state.gods, god.id: R(god, mana=max(0, god.mana + event.delta))})
        case ClansRemoved():
            tribe = state.tribes.get(event.tribe)
            return state if tribe is None else _tribe(state, event.tribe, clans=_clans(tribe, event.role, -event.count))
        case _:
            assert_never(event)


def _evolve_raze_resolved(state: State, event: RazeResolved) -> State:
    state = R(state, razes={k: v for k, v in state.razes.items() if k != event.raze})
    if not event.succeeded:
        return state
    state = R(state, structures={k: v for k, v in state.structures.items() if k != event.structure})
    return _stock(state, event.to_tribe, event.refund)


def _learn(state: State, tribe_id: str, spells: tuple[str, ...]) -> State:
    tribe = state.tribes.get(tribe_id)
    if tribe is None:
        return state
    return _tribe(state, tribe_id, spells=(*tribe.spells, *(s for s in spells if s not in tribe.spells)))


def _evolve_trade_carried_out(state: State, event: TradeCarriedOut) -> State:
    """Goods move between the two sides: each a tribe, or a monster ([002:107]) when named."""
    first = event.from_monster or event.from_tribe
    second = event.to_monster or event.to_tribe
    state = _side_stock(state, first, event.receive.minus(event.give))
    state = _side_stock(state, second, event.give.minus(event.receive))
    state = _side_learn(_side_learn(state, second, event.give_spells), first, event.receive_spells)
    moved = {a: second for a in event.give_artefacts} | {a: first for a in event.receive_artefacts}
    artefacts = {k: R(v, holder=moved[k]) if k in moved else v for k, v in state.artefacts.items()}
    state = R(state, artefacts=artefacts)
    trade = state.trades.get(event.trade)
    if trade is None or trade.standing:
        return state
    return R(state, trades={k: v for k, v in state.trades.items() if k != event.trade})


def _side_stock(state: State, holder: str, delta: Resources) -> State:
    monster = state.monsters.get(holder)
    if monster is None:
        return _stock(state, holder, delta)
    hoard = _floor0(monster.hoard.plus(delta))
    return R(state, monsters={**state.monsters, holder: R(monster, hoard=hoard)})


def _side_learn(state: State, holder: str, spells: tuple[str, ...]) -> State:
    monster = state.monsters.get(holder)
    if monster is None:
        return _learn(state, holder, spells)
    learnt = (*monster.spells, *(s for s in spells if s not in monster.spells))
    return R(state, monsters={**state.monsters, holder: R(monster, spells=learnt)})


def _evolve_mana_spent(state: State, event: ManaSpent) -> State:
    god = state.gods.get(event.god)
    if god is None:
        return state
    state = R(state, gods={**state.gods, god.id: R(god, mana=max(0, god.mana - event.from_god))})
    return _stock(state, god.tribe, Resources(mana=-event.from_tribe))


def _evolve_hero_levelled(state: State, event: HeroLevelled) -> State:
    hero = state.heroes.get(event.hero)
    if hero is None:
        return state
    if event.cause == "victory":
        hero = R(hero, level=hero.level + 1, unchosen=hero.unchosen + 1)
    elif event.cause == "chosen":
        hero = R(hero, abilities=(*hero.abilities, event.ability), unchosen=max(0, hero.unchosen - 1))
    else:
        hero = R(hero, level=hero.level + 1, abilities=(*hero.abilities, event.ability))
    state = _stock(state, hero.tribe, Resources().minus(event.cost))
    return R(state, heroes={**state.heroes, hero.id: hero})


def _evolve_clans_lost(state: State, event: ClansLost) -> State:
    tribe = state.tribes.get(event.tribe)
    if tribe is None:
        return state
    for role, n in event.clans.items():
        tribe = R(tribe, clans=_clans(tribe, role, -n))
    state = R(state, tribes={**state.tribes, tribe.id: tribe})
    winner = state.tribes.get(event.to_tribe or "")
    if winner is not None:
        for role, n in event.clans.items():
            winner = R(winner, clans=_clans(winner, role, n))
        state = R(state, tribes={**state.tribes, winner.id: winner})
    return state


def _evolve_extinct(state: State, event: TribeExtinct) -> State:
    """The tribe is gone: no clans, stockpile or spells cast; its heroes die and its artefacts are lost."""
    state = _tribe(
        state,
        event.tribe,
        extinct=True,
        clans={},
        stockpile=Resources(),
        active=(),
        cursing=(),
        curse_orders={},
    )
    heroes = {k: h for k, h in state.heroes.items() if h.tribe != event.tribe}
    artefacts = {k: a for k, a in state.artefacts.items() if a.holder != event.tribe}
    return R(state, heroes=heroes, artefacts=artefacts)
