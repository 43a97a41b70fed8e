"""Fold one Earth event into `State.earth`. Total: applies what the event says and never decides."""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.engine.ids import counted
from domain.rulesets.gods2.earth.events import (
    ActivityPhaseClosed,
    AggressionRolled,
    CenturyEnded,
    CenturyStarted,
    CityFounded,
    CivilizationLost,
    CoCastingProposed,
    CoCastingSigned,
    CoCastingWithdrawn,
    DiplomacyAttempted,
    DisasterStruck,
    EarthEvent,
    FeatureAdded,
    HistoryPowerCast,
    HistoryRecorded,
    KnowledgeLearned,
    LimitsReduced,
    MapSourcesCounted,
    MemberExpelled,
    MigrationSet,
    ModificationsEnded,
    PantheonChanged,
    PantheonChangeLapsed,
    PantheonChangeProposed,
    PantheonChangeSigned,
    PantheonChangeVetoed,
    PopulationGrew,
    PopulationPlaced,
    RaceCreated,
    RaceModified,
    TerrainChanged,
    TerrainSpread,
    TicketCalled,
    TicketTaken,
    TurmoilRolled,
    TurmoilStarted,
    WarDeclared,
    WarFought,
    WarsOrdered,
)
from domain.rulesets.gods2.kernel.earth_model import (
    City,
    CoCasting,
    Earth,
    HistoryEntry,
    Modification,
    PantheonOrder,
    Race,
    Ticket,
    War,
)

R = msgspec.structs.replace


def _race(earth: Earth, race_id: str, **fields: object) -> Earth:
    race = earth.races.get(race_id)
    if race is None:
        return earth
    return R(earth, races={**earth.races, race_id: R(race, **fields)})


def _distribute(earth: Earth, race_id: str, placement: dict[str, int]) -> Earth:
    """The race now holds exactly `placement`; squares it leaves are empty (a city there stays with the square
    only while units remain, so placements never empty a city square)."""
    squares = dict(earth.squares)
    for sid, sq in earth.squares.items():
        if sq.race == race_id and sid not in placement:
            squares[sid] = R(sq, race=None, units=0, city=None)
    for sid, units in placement.items():
        sq = squares[sid]
        squares[sid] = R(sq, race=race_id if units > 0 else None, units=units, city=sq.city if units > 0 else None)
    return R(earth, squares=squares)


def _war_fought(earth: Earth, e: WarFought) -> Earth:
    war = earth.wars[e.war]
    winner = {"attacker": war.defender, "defender": war.attacker}.get(e.loser or "")
    winner = war.attacker if e.loser == "defender" else war.defender if e.loser == "attacker" else None
    loser = war.defender if e.loser == "defender" else war.attacker if e.loser == "attacker" else None
    squares = dict(earth.squares)
    for sid, dead in e.losses.items():
        sq = squares[sid]
        left = max(0, sq.units - dead)
        squares[sid] = R(sq, units=left, race=sq.race if left else None, city=sq.city if left else None)
    for sid in e.vacated:
        squares[sid] = R(
            squares[sid], units=0, race=None, city=None if sid in e.cities_destroyed else squares[sid].city
        )
    for sid, units in e.retreats.items():
        sq = squares[sid]
        squares[sid] = R(sq, race=loser, units=sq.units + units)
    for sid, units in e.moved_from.items():
        squares[sid] = R(squares[sid], units=squares[sid].units - units)
    for sid, units in e.occupied.items():
        squares[sid] = R(squares[sid], race=winner, units=squares[sid].units + units)
    for sid, sq in squares.items():
        if sq.city is not None and (sq.units == 0 or sid in e.cities_destroyed):
            squares[sid] = R(sq, city=None)
    wars = {**earth.wars, e.war: R(war, fought=True)}
    return R(earth, squares=squares, wars=wars)


STARVATION = "earth.death.starvation"
WAR = "earth.death.war"


def _dead(earth: Earth, box: str, count: int) -> Earth:
    """The death worksheet ([000:208]): units dead this century, by box."""
    if count <= 0:
        return earth
    return R(earth, deaths={**earth.deaths, box: earth.deaths.get(box, 0) + count})


def _struck(earth: Earth, e: DisasterStruck) -> Earth:
    squares = dict(earth.squares)
    for sid, dead in e.losses.items():
        sq = squares[sid]
        left = max(0, sq.units - dead)
        squares[sid] = R(sq, units=left, race=sq.race if left else None, city=sq.city if left else None)
    for sid in e.cities_destroyed:
        squares[sid] = R(squares[sid], city=None)
    return R(earth, squares=squares)


def _century_ended(earth: Earth, e: CenturyEnded) -> Earth:
    races = {}
    for rid, race in earth.races.items():
        expired = set(e.expired.get(rid, []))
        mods = tuple(
            R(m, centuries_left=m.centuries_left - 1 if m.active and m.centuries_left is not None else m.centuries_left)
            for m in race.modifications
            if m.id not in expired
        )
        races[rid] = R(race, starved=False, turmoil_this_century=race.in_turmoil, modifications=mods, lowered={})
    return R(earth, races=races, stage="before", deaths={})


def evolve_earth(earth: Earth, event: EarthEvent) -> Earth:
    match event:
        case CenturyStarted():
            races = {
                rid: R(
                    r,
                    modifications=tuple(
                        R(m, active=True) if m.id in event.activated.get(rid, []) else m for m in r.modifications
                    ),
                )
                for rid, r in earth.races.items()
            }
            return R(
                earth,
                century=event.century,
                stage="activity",
                races=races,
                wars={},
                war_order=(),
                creation=event.creation,
            )
        case PopulationGrew():
            earth = _dead(_distribute(earth, event.race, event.placement), STARVATION, event.starved)
            return _race(earth, event.race, starved=True) if event.starved > 0 else earth
        case PopulationPlaced():
            return _dead(_distribute(earth, event.race, event.placement), STARVATION, event.starved)
        case MigrationSet():
            return _race(earth, event.race, migration=event.toward)
        case AggressionRolled():
            return earth
        case WarDeclared():
            war = War(
                event.war,
                event.attacker,
                event.defender,
                event.aggressive,
                event.century,
                instigator=event.instigator,
                declared_at=event.at,
            )
            return R(earth, wars={**earth.wars, event.war: war}, serial=earth.serial + 1)
        case WarsOrdered():
            return R(earth, war_order=tuple(event.order))
        case DiplomacyAttempted():
            if not event.averted or event.war not in earth.wars:
                return earth
            return R(earth, wars={**earth.wars, event.war: R(earth.wars[event.war], averted=True)})
        case WarFought():
            earth = _dead(_war_fought(earth, event), WAR, sum(event.losses.values()))
            return _dead(earth, STARVATION, event.starved)
        case CityFounded():
            sq = earth.squares[event.square]
            return R(earth, squares={**earth.squares, sq.id: R(sq, city=City(event.name, event.great))})
        case CivilizationLost():
            race = earth.races[event.race]
            kept = tuple(k for k in race.knowledges if k not in event.knowledges)
            return _race(earth, event.race, level="barbarian", knowledges=kept)
        case ActivityPhaseClosed():
            return R(earth, stage="calculation")
        case TurmoilRolled():
            return _race(earth, event.race, expeller=event.chooser) if event.chooser else earth
        case MemberExpelled():
            return _race(
                earth, event.race, pantheon=dict(event.shares), in_turmoil=not event.turmoil_ended, expeller=None
            )
        case TurmoilStarted():
            return _race(earth, event.race, in_turmoil=True, turmoil_this_century=True)
        case PantheonChangeProposed():
            order = PantheonOrder(event.order, event.race, dict(event.shares), (event.by,))
            # Orders are hidden from non-members: their ids are owned ids, and only old game-wide ones advance
            # the public serial (wars, castings), which folds old games as they were.
            legacy = event.order.removeprefix("order-").isdigit()
            serial = earth.serial + 1 if legacy else earth.serial
            orders = {**earth.orders, event.order: order}
            return R(earth, orders=orders, serial=serial, serials=counted(earth.serials, event.order))
        case PantheonChangeSigned():
            order = earth.orders[event.order]
            return R(earth, orders={**earth.orders, order.id: R(order, signed=(*order.signed, event.by))})
        case PantheonChanged():
            orders = {k: o for k, o in earth.orders.items() if k != event.order}
            earth = R(earth, orders=orders)
            if event.ends_turmoil:
                return _race(earth, event.race, pantheon=dict(event.shares), in_turmoil=False, expeller=None)
            return _race(earth, event.race, pantheon=dict(event.shares))
        case PantheonChangeVetoed() | PantheonChangeLapsed():
            return R(earth, orders={k: o for k, o in earth.orders.items() if k != event.order})
        case CenturyEnded():
            return _century_ended(earth, event)
        case RaceCreated():
            race = Race(
                id=event.race,
                name=event.name,
                level=event.level,  # type: ignore[arg-type]
                pantheon=dict(event.pantheon),
                attributes=tuple(event.attributes),
            )
            earth = R(earth, races={**earth.races, event.race: race})
            return _distribute(earth, event.race, event.placement)
        case MapSourcesCounted() | TerrainSpread():
            return earth  # records: the mana and the terrain changes are their own events
        case TicketTaken():
            return R(earth, queue=(*earth.queue, Ticket(event.number, event.holder)), next_ticket=event.number + 1)
        case TicketCalled():
            queue = tuple(t for t in earth.queue if t.number not in (earth.serving, event.skipped))
            # A combined casting waits on the number being served ([003:189]); the next call lapses it.
            return R(earth, queue=queue, serving=event.number, co_castings={})
        case HistoryRecorded():
            entry = HistoryEntry(event.century, event.text, dict(event.names), event.author, event.signed)
            # [000:124] names go directly on the map: squares and wars named in the history keep their names.
            squares = {k: R(sq, name=event.names[k]) if k in event.names else sq for k, sq in earth.squares.items()}
            wars = {k: R(w, name=event.names[k]) if k in event.names else w for k, w in earth.wars.items()}
            return R(earth, history=(*earth.history, entry), squares=squares, wars=wars)
        case HistoryPowerCast():
            queue = tuple(t for t in earth.queue if t.number not in event.tickets)
            serving = None if earth.serving in event.tickets else earth.serving
            return R(earth, queue=queue, serving=serving, serial=earth.serial + 1, co_castings={})
        case CoCastingProposed():
            casting = CoCasting(
                id=event.casting,
                by=event.by,
                power=event.power,
                race=event.race,
                squares=tuple(event.squares),
                payments=dict(event.payments),
                text=event.text,
                signed=event.signed,
                agreed=(event.by,),
            )
            return R(earth, co_castings={**earth.co_castings, casting.id: casting})
        case CoCastingSigned():
            found = earth.co_castings[event.casting]
            return R(earth, co_castings={**earth.co_castings, found.id: R(found, agreed=(*found.agreed, event.by))})
        case CoCastingWithdrawn():
            return R(earth, co_castings={k: c for k, c in earth.co_castings.items() if k != event.casting})
        case DisasterStruck():
            return _dead(_struck(earth, event), event.box, event.deaths)
        case KnowledgeLearned():
            race = earth.races[event.race]
            level = "civilized" if event.civilized else race.level
            return _race(earth, event.race, knowledges=(*race.knowledges, event.knowledge), level=level)
        case LimitsReduced():
            lowered = dict(earth.races[event.race].lowered)
            for terrain in event.terrains or ["*"]:
                lowered[terrain] = lowered.get(terrain, 0) + event.amount
            return _race(earth, event.race, lowered=lowered)
        case RaceModified():
            race = earth.races[event.race]
            mod = Modification(
                id=event.modification,
                power=event.power,
                kinds=tuple(event.kinds),  # type: ignore[arg-type]
                modifiers=event.modifiers,
                active=event.active,
                trigger=event.trigger,
                centuries_left=event.centuries,
            )
            return R(_race(earth, event.race, modifications=(*race.modifications, mod)), serial=earth.serial + 1)
        case ModificationsEnded():
            race = earth.races[event.race]
            mods = tuple(
                R(m, active=True) if m.id in event.fired else m for m in race.modifications if m.id not in event.ended
            )
            return _race(earth, event.race, modifications=mods)
        case TerrainChanged():
            squares = dict(earth.squares)
            for sid in event.squares:
                city = None if sid in event.cities_destroyed else squares[sid].city
                squares[sid] = R(squares[sid], terrain=event.to, city=city)
            return R(earth, squares=squares)
        case FeatureAdded():
            squares = dict(earth.squares)
            for sid in event.squares:
                squares[sid] = R(squares[sid], features=(*squares[sid].features, event.feature))
            return R(earth, squares=squares)
        case _:
            assert_never(event)
