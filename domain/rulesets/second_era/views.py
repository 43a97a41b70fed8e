"""What each viewer may see (digest B6, house rules since the text is silent).

Public, as on the forum: the map, where tribes stand, their clans and heroes, monsters, artefacts' holders,
structures, edifices, moves and battles with their dice. Private to a god (and the GM): its orders until and
after resolution, its stockpile and mana, its spell designs, its harvest, upkeep and report.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.engine import Actor, Rejected
from domain.rulesets.second_era import content
from domain.rulesets.second_era.commands import (
    ACTION_ORDERS,
    FREE_ORDERS,
    GM_COMMANDS,
    MONSTER_ORDERS,
    SEAT_COMMANDS,
)
from domain.rulesets.second_era.era_events import FirstEraActPerformed
from domain.rulesets.second_era.era_values import Edifice, FirstEraAct
from domain.rulesets.second_era.events import (
    BattleSpellCast,
    ChampionSet,
    CursesCast,
    Event,
    Harvested,
    HoardChanged,
    HoardTransmuted,
    InstantCast,
    ManaSpent,
    MonsterAte,
    MonsterManaTaken,
    MonsterScavenged,
    MonsterSpellOrdersSet,
    MonsterSpellsCast,
    MonsterTraded,
    OrderCancelled,
    OrderFailed,
    OrderGiven,
    RazeBegun,
    RazeCountered,
    RetreatSet,
    SpellOrdersSet,
    SpellsCast,
    SpellTaught,
    StockpileAdjusted,
    TradeAccepted,
    TradeCarriedOut,
    TradeEnded,
    TradeFailed,
    TradeOffered,
    Transmuted,
    TravelBegun,
    TravelResisted,
    TurnReported,
    UpkeepPaid,
)
from domain.rulesets.second_era.magic import counterspell_level, free_slots, spell_slots
from domain.rulesets.second_era.state import (
    Artefact,
    Hero,
    HostileTravel,
    Land,
    Monster,
    QueuedOrder,
    Raze,
    Spell,
    State,
    Structure,
    Trade,
)
from domain.rulesets.second_era.values import Resources


class TribeView(msgspec.Struct, frozen=True):
    id: str
    god: str
    name: str
    land: str
    clans: dict[str, int]
    extinct: bool = False
    stockpile: Resources | None = None
    spells: list[str] | None = None
    cast: list[str] | None = None
    active: list[str] | None = None
    spell_slots: int | None = None
    free_slots: int | None = None
    counterspell_level: int | None = None


class GodView(msgspec.Struct, frozen=True):
    id: str
    name: str
    spheres: list[str]
    tribe: str
    mana: int | None = None
    orders: list[QueuedOrder] | None = None


class MonsterView(msgspec.Struct, frozen=True):
    """A monster as seen: its kind, Land, level, hitpoints and abilities are public; hoard and spells are its
    patron's."""

    id: str
    god: str
    sphere: str
    name: str
    land: str
    level: int
    hp: int
    max_hp: int
    abilities: list[str]
    hoard: Resources | None = None
    spells: list[str] | None = None
    unchosen: int | None = None


class View(msgspec.Struct, frozen=True):
    nature: str
    turn: int
    lands: list[Land]
    gods: list[GodView]
    tribes: list[TribeView]
    heroes: list[Hero]
    monsters: list[MonsterView]
    artefacts: list[Artefact]
    structures: list[Structure]
    spells: list[Spell]
    edifices_raised: dict[str, tuple[str, str]]
    razes: list[Raze]
    travels: list[HostileTravel]
    trades: list[Trade]
    winner: str | None = None
    # [002:123] edifices carried from the last era; [002:5] the First-Era actions and their costs here.
    edifices: list[Edifice] = []
    first_era_acts: list[FirstEraAct] = []
    won: list[Edifice] = []


def _sees_god(viewer: Actor, god: str) -> bool:
    return viewer.is_gm or viewer.controls == god


def _tribe_view(state: State, tribe_id: str, viewer: Actor) -> TribeView:
    t = state.tribes[tribe_id]
    public = TribeView(id=t.id, god=t.god, name=t.name, land=t.land, clans=dict(t.clans), extinct=t.extinct)
    if not _sees_god(viewer, t.god):
        return public
    return msgspec.structs.replace(
        public,
        stockpile=t.stockpile,
        spells=list(t.spells),
        cast=None if t.cast is None else list(t.cast),
        active=list(t.active),
        spell_slots=spell_slots(state, t),
        free_slots=free_slots(state, t),
        counterspell_level=counterspell_level(state, t),
    )


def _knows(state: State, viewer: Actor, spell: str) -> bool:
    """A spell design is seen by the GM and by the gods whose tribes know it (its creator's included)."""
    if viewer.is_gm:
        return True
    god = state.gods.get(viewer.controls or "")
    return god is not None and (spell in state.tribes[god.tribe].spells or state.spells[spell].god == god.id)


def _sees_trade(trade: Trade, viewer: Actor) -> bool:
    """Parties see their trades; everyone sees standing agreements once agreed (digest B6)."""
    return (
        viewer.is_gm or viewer.controls in (trade.offered_by, trade.offered_to) or (trade.standing and trade.accepted)
    )


def _monster_view(m: Monster, viewer: Actor) -> MonsterView:
    mine = _sees_god(viewer, m.god)
    return MonsterView(
        id=m.id,
        god=m.god,
        sphere=m.sphere,
        name=m.name,
        land=m.land,
        level=m.level,
        hp=m.hp,
        max_hp=m.max_hp,
        abilities=list(m.abilities),
        hoard=m.hoard if mine else None,
        spells=list(m.spells) if mine else None,
        unchosen=m.unchosen if mine else None,
    )


def view_for(state: State, viewer: Actor) -> View:
    gods = [
        GodView(
            id=g.id,
            name=g.name,
            spheres=list(g.spheres),
            tribe=g.tribe,
            mana=g.mana if _sees_god(viewer, g.id) else None,
            orders=list(state.orders.get(g.id, ())) if _sees_god(viewer, g.id) else None,
        )
        for g in state.gods.values()
    ]
    return View(
        nature=state.nature,
        turn=state.turn,
        lands=list(state.lands.values()),
        gods=gods,
        tribes=[_tribe_view(state, t, viewer) for t in state.tribes],
        heroes=list(state.heroes.values()),
        monsters=[_monster_view(m, viewer) for m in state.monsters.values()],
        artefacts=list(state.artefacts.values()),
        structures=list(state.structures.values()),
        spells=[s for s in state.spells.values() if _knows(state, viewer, s.id)],
        edifices_raised=dict(state.pending_edifices),
        trades=[t for t in state.trades.values() if _sees_trade(t, viewer)],
        travels=[
            t if _sees_god(viewer, t.god) else msgspec.structs.replace(t, bid=0, counter_bid=None)
            for t in state.travels.values()
        ],
        razes=[r if _sees_god(viewer, r.god) else _sealed(r) for r in state.razes.values()],
        winner=state.winner,
        edifices=list(state.edifices.values()),
        first_era_acts=list(state.first_era_acts.values()),
        won=list(state.won),
    )


_PRIVATE = (
    OrderGiven,
    OrderCancelled,
    OrderFailed,
    ManaSpent,
    TurnReported,
    SpellTaught,
    SpellOrdersSet,
    RetreatSet,
    ChampionSet,
    SpellsCast,
    Transmuted,
    Harvested,
    UpkeepPaid,
    StockpileAdjusted,
    RazeCountered,
    TravelResisted,
    MonsterScavenged,
    MonsterAte,
    MonsterTraded,
    MonsterManaTaken,
    MonsterSpellsCast,
    MonsterSpellOrdersSet,
    HoardTransmuted,
)


_BETWEEN_PARTIES = (TradeAccepted, TradeEnded, TradeCarriedOut, TradeFailed)


def redact(event: Event, viewer: Actor) -> Event | None:
    """Sealed orders (before and after resolution: the results are public, the orders are not), mana, spell
    designs and the economy are shown only to their god and the GM; everything else is public."""
    if viewer.is_gm:
        return event
    if isinstance(event, TravelBegun):
        if viewer.controls == event.travel.god:
            return event
        return msgspec.structs.replace(event, travel=msgspec.structs.replace(event.travel, bid=0, counter_bid=None))
    if isinstance(event, RazeBegun):
        # [002:14] the raze is announced, its bid sealed until it is resolved.
        return event if viewer.controls == event.raze.god else msgspec.structs.replace(event, raze=_sealed(event.raze))
    if isinstance(event, BattleSpellCast | InstantCast | CursesCast) and viewer.controls != event.god:
        # What a spell costs follows from its effects and their levels ([002:62]); the design is its god's
        # secret (taught, traded and stolen, [002:61]) and no line of the text makes the mana paid
        # public. Others see the spell's effect on the world (war bonus, healing, travel, the cursed tribe).
        return _without_mana(event)
    if isinstance(event, FirstEraActPerformed) and viewer.controls != event.god:
        # The act and its cost are news; what the god wrote in its order stays sealed, like the order.
        return msgspec.structs.replace(event, details="")
    if isinstance(event, TradeOffered):
        return event if viewer.controls in (event.trade.offered_by, event.trade.offered_to) else None
    if isinstance(event, TradeAccepted) and event.standing:
        return event
    if isinstance(event, _BETWEEN_PARTIES):
        return event if viewer.controls in event.parties else None
    if isinstance(event, HoardChanged):
        # Loot carried off is news; the rest of a hoard's life is its patron's business.
        plunder = event.from_tribe is not None or event.from_monster is not None
        return event if plunder or viewer.controls == event.god else None
    if not isinstance(event, _PRIVATE):
        return event
    return event if viewer.controls == event.god else None


def _without_mana(event: BattleSpellCast | InstantCast | CursesCast) -> Event:
    if isinstance(event, InstantCast):
        # A sacrifice's mana gained is 15 per clan killed [002:70]: the clans lost are public, the mana is not.
        return msgspec.structs.replace(event, mana=0, mana_gained=0)
    return msgspec.structs.replace(event, mana=0)


def _sealed(raze: Raze) -> Raze:
    return msgspec.structs.replace(raze, bid=0, counter_bid=None)


def available(state: State, actor: Actor) -> Sequence[str]:
    """GM rulings for the GM; for a god, its orders: Actions while it has some left this turn, monster
    orders while it has monsters; once its tribe is extinct, only its monsters' orders and trades."""
    tags: list[str] = sorted(GM_COMMANDS) if actor.is_gm else []
    god = actor.controls
    if god is None or god not in state.gods or state.winner is not None:
        return tags
    used = sum(1 for q in state.orders.get(god, ()) if q.order.__struct_config__.tag in ACTION_ORDERS)
    has_monsters = any(m.god == god for m in state.monsters.values())
    extinct = state.tribe_of(god).extinct
    for tag in sorted(SEAT_COMMANDS):
        if extinct and tag in ACTION_ORDERS | FREE_ORDERS:
            continue
        if tag in ACTION_ORDERS and used >= content.acts().actions_per_turn:
            continue
        if tag in MONSTER_ORDERS and not has_monsters:
            continue
        tags.append(tag)
    return tags


def validate_seat(state: State, controls: str | None) -> None:
    if controls not in state.gods:
        raise Rejected("second_era.unknown_god", f"A player seat must control one of the gods {sorted(state.gods)}.")
