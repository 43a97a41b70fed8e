"""What viewers see of the Earth (digest A6): the map, the races and their pantheons, posted war declarations,
the queue and the history of the world are public ([000:251], [003:51], [003:62]). The history's authors are
hidden unless they signed ([000:122]); the GM and the author always see them. Pending pantheon orders are seen
by the race's pantheon members and the GM."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

import msgspec

from domain.engine import Actor
from domain.rulesets.gods2.earth import stats
from domain.rulesets.gods2.earth.events import (
    HistoryPowerCast,
    HistoryRecorded,
    PantheonChangeLapsed,
    PantheonChangeProposed,
    PantheonChangeSigned,
)
from domain.rulesets.gods2.earth.wars import expected
from domain.rulesets.gods2.kernel.earth_model import Earth, HistoryEntry, War
from domain.rulesets.gods2.kernel.model import State


class SquareView(msgspec.Struct, frozen=True):
    id: str
    terrain: str
    neighbours: list[str]
    features: list[str]
    race: str | None
    units: int
    city: str | None
    great_city: bool
    name: str


class RaceView(msgspec.Struct, frozen=True):
    id: str
    name: str
    level: str
    population: int
    effective_population: int
    aggression: int
    military: int
    diplomacy: int
    wealth: int
    movement: int
    seafaring: int
    attributes: list[str]
    knowledges: list[str]
    modifications: list[str]
    resistances: list[str]
    pantheon: dict[str, str]
    in_turmoil: bool
    starved: bool


class WarView(msgspec.Struct, frozen=True):
    id: str
    attacker: str
    defender: str
    aggressive: bool
    averted: bool
    fought: bool
    declared_at: datetime | None = None
    name: str = ""
    # [000:266] as it would go now: each side's losses, and whether it stands to lose more than 15%
    attacker_losses: int = 0
    defender_losses: int = 0
    attacker_should_parley: bool = False
    defender_should_parley: bool = False


class HistoryView(msgspec.Struct, frozen=True):
    century: int
    text: str
    names: dict[str, str]
    author: str | None


class EarthView(msgspec.Struct, frozen=True):
    century: int
    stage: str
    squares: list[SquareView]
    races: list[RaceView]
    wars: list[WarView]
    queue: list[int]
    serving: int | None
    history: list[HistoryView]
    orders: dict[str, dict[str, str]]
    war_order: list[str] = []
    creation: bool = False
    # combined history powers awaiting signatures ([000:130]), shown to their parties: id -> payments
    co_castings: dict[str, dict[str, int]] = {}


def _fraction(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}" if f.denominator != 1 else str(f.numerator)


def _race_view(state: State, earth: Earth, race_id: str) -> RaceView:
    r, content = earth.races[race_id], state.pack.earth
    return RaceView(
        id=r.id,
        name=r.name,
        level=r.level,
        population=stats.base_population(earth, r.id),
        effective_population=stats.effective_population(earth, r.id),
        aggression=stats.aggression(earth, r, content),
        military=stats.military(earth, r, content),
        diplomacy=stats.diplomacy(earth, r, content),
        wealth=stats.wealth(earth, r, content),
        movement=stats.movement(earth, r, content),
        seafaring=stats.seafaring(earth, r, content),
        attributes=list(r.attributes),
        knowledges=list(r.knowledges),
        modifications=[m.power for m in r.modifications],
        resistances=[
            f"{x.category}{x.op}{'inf' if x.value is None else x.value}" for x in stats.resistances(earth, r, content)
        ],
        pantheon={m: _fraction(p) for m, p in r.pantheon.items()},
        in_turmoil=r.in_turmoil,
        starved=r.starved,
    )


def _war_view(state: State, earth: Earth, w: War) -> WarView:
    out = expected(state, earth, w)
    a, d = stats.effective_population(earth, w.attacker), stats.effective_population(earth, w.defender)
    return WarView(
        id=w.id,
        attacker=w.attacker,
        defender=w.defender,
        aggressive=w.aggressive,
        averted=w.averted,
        fought=w.fought,
        declared_at=w.declared_at,
        name=w.name,
        attacker_losses=out.attacker_losses,
        defender_losses=out.defender_losses,
        attacker_should_parley=100 * out.attacker_losses > 15 * a,
        defender_should_parley=100 * out.defender_losses > 15 * d,
    )


def _author(entry: HistoryEntry | HistoryRecorded, viewer: Actor) -> str | None:
    return entry.author if entry.signed or viewer.is_gm or viewer.controls == entry.author else None


def earth_view(state: State, viewer: Actor) -> EarthView | None:
    earth = state.earth
    if earth is None:
        return None
    orders = {
        o.id: {m: _fraction(p) for m, p in o.shares.items()}
        for o in earth.orders.values()
        if viewer.is_gm or viewer.controls in earth.races[o.race].pantheon
    }
    return EarthView(
        century=earth.century,
        stage=earth.stage,
        squares=[
            SquareView(
                id=s.id,
                terrain=s.terrain,
                neighbours=list(s.neighbours),
                features=list(s.features),
                race=s.race,
                units=s.units,
                city=s.city.name if s.city else None,
                great_city=bool(s.city and s.city.great),
                name=s.name,
            )
            for s in earth.squares.values()
        ],
        races=[_race_view(state, earth, r) for r in sorted(earth.races)],
        wars=[_war_view(state, earth, w) for w in earth.wars.values()],
        queue=[t.number for t in earth.queue],
        serving=earth.serving,
        history=[HistoryView(h.century, h.text, dict(h.names), _author(h, viewer)) for h in earth.history],
        orders=orders,
        war_order=list(earth.war_order),
        creation=earth.creation,
        co_castings={
            c.id: dict(c.payments)
            for c in earth.co_castings.values()
            if viewer.is_gm or viewer.controls == c.by or viewer.controls in c.payments
        },
    )


def redact_order(
    event: PantheonChangeProposed | PantheonChangeSigned | PantheonChangeLapsed, viewer: Actor
) -> PantheonChangeProposed | PantheonChangeSigned | PantheonChangeLapsed | None:
    """[000:78] a pending order is between the pantheon's members and the referees."""
    return event if viewer.controls in event.members else None


def redact_cast(event: HistoryPowerCast, viewer: Actor) -> HistoryPowerCast:
    """[000:122] and digest A6: others learn what an unsigned casting did, not who cast it or paid for it (the
    ticket numbers would name them too, since who holds a number is public)."""
    if event.signed or viewer.controls in event.casters:
        return event
    return msgspec.structs.replace(event, casters=[], payments={}, tickets=[])


def redact_history(event: HistoryRecorded, viewer: Actor) -> HistoryRecorded:
    return event if _author(event, viewer) == event.author else msgspec.structs.replace(event, author=None)
