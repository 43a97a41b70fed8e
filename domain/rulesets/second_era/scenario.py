"""The scenario document (worlds, continents, lands, connections, the race's nature, gods and their tribes)
and the initial state built from it. `initial_state` refuses a well-formed scenario that breaks the rules.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from domain.engine import Rejected
from domain.engine.bounds import Catalog, Name, Quantity, Rows, Text
from domain.rulesets.second_era import content
from domain.rulesets.second_era.era_values import Edifice, FirstEraAct
from domain.rulesets.second_era.settings import Settings
from domain.rulesets.second_era.state import God, Land, State, Tribe
from domain.rulesets.second_era.values import Fauna, Nature, Resources


class _Doc(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class WorldSpec(_Doc, frozen=True):
    id: Name
    name: Text = ""


class ContinentSpec(_Doc, frozen=True):
    id: Name
    world: Name
    name: Text = ""


class LandSpec(_Doc, frozen=True):
    """A Land: its `element` decides what Miners extract [002:23-28], its `habitat` who may live there
    [002:47-51], its `fauna` what Farmers harvest [002:29-35]."""

    id: Name
    continent: Name
    element: Name
    habitat: Name
    fauna: Rows[Fauna] = []
    name: Text = ""


class ConnectionSpec(_Doc, frozen=True):
    """A connection between two Lands of different Continents [002:6]; connections run both ways."""

    a: Name
    b: Name


class GodSpec(_Doc, frozen=True):
    id: Name
    spheres: Rows[Name]
    name: Text = ""
    mana: Quantity = 0


class StockpileSpec(_Doc, frozen=True):
    """A tribe's starting resources [002:17-22]: none is negative."""

    food: Quantity = 0
    production: Quantity = 0
    gold: Quantity = 0
    luxuries: Quantity = 0
    mana: Quantity = 0

    def resources(self) -> Resources:
        return Resources(**msgspec.structs.asdict(self))


class TribeSpec(_Doc, frozen=True):
    """A starting tribe: 3 Clans [002:38] on a Land fit for the race's nature [002:47]."""

    id: Name
    god: Name
    land: Name
    clans: Catalog[Name, Quantity]
    name: Text = ""
    stockpile: StockpileSpec = msgspec.field(default_factory=lambda: StockpileSpec())


class Setup(_Doc, frozen=True):
    """`edifices`: those the previous era's winners start this one with [002:123] (a successor game carries them
    over); `first_era_acts`: the actions of the previous Era and their old costs [002:5] (or a content pack)."""

    nature: Nature
    worlds: Rows[WorldSpec]
    continents: Rows[ContinentSpec]
    lands: Rows[LandSpec]
    gods: Rows[GodSpec]
    tribes: Rows[TribeSpec]
    connections: Rows[ConnectionSpec] = []
    title: Text = ""
    edifices: Rows[Edifice] = []
    first_era_acts: Rows[FirstEraAct] = []


def _bad(reason: str, message: str) -> Rejected:
    return Rejected(f"second_era.scenario.{reason}", message)


def _unique(kind: str, ids: list[str]) -> None:
    twice = sorted(i for i, n in Counter(ids).items() if n > 1)
    if twice:
        raise _bad("duplicate_id", f"Each {kind} id must be unique; repeated: {twice}.")


def _lands(setup: Setup) -> dict[str, Land]:
    worlds = {w.id for w in setup.worlds}
    continents = {c.id: c for c in setup.continents}
    _unique("world", [w.id for w in setup.worlds])
    _unique("continent", [c.id for c in setup.continents])
    _unique("land", [land.id for land in setup.lands])
    for c in setup.continents:
        if c.world not in worlds:
            raise _bad("unknown_world", f"Continent {c.id} names world {c.world!r}; declare it in `worlds`.")
    table = content.lands()
    links: dict[str, list[str]] = {spec.id: [] for spec in setup.lands}
    for link in setup.connections:
        for end in (link.a, link.b):
            if end not in links:
                raise _bad("unknown_land", f"Connection {link.a}-{link.b} names unknown land {end!r}.")
        links[link.a].append(link.b)
        links[link.b].append(link.a)
    lands: dict[str, Land] = {}
    for spec in setup.lands:
        if spec.continent not in continents:
            raise _bad("unknown_continent", f"Land {spec.id} names continent {spec.continent!r}.")
        if spec.element not in table.elements:
            raise _bad("unknown_element", f"Land {spec.id}: element must be one of {sorted(table.elements)}.")
        if spec.habitat not in table.habitats:
            raise _bad("unknown_habitat", f"Land {spec.id}: habitat must be one of {sorted(table.habitats)}.")
        for fauna in spec.fauna:
            if fauna.kind not in table.fauna_kinds or not 1 <= fauna.tier <= 4:
                raise _bad(
                    "bad_fauna",
                    f"Land {spec.id}: fauna {fauna.name!r} needs a kind in {table.fauna_kinds}, tier 1-4.",
                )
        lands[spec.id] = Land(
            id=spec.id,
            name=spec.name or spec.id,
            continent=spec.continent,
            world=continents[spec.continent].world,
            element=spec.element,
            habitat=spec.habitat,
            fauna=tuple(spec.fauna),
            connections=tuple(sorted(set(links[spec.id]))),
        )
    for link in setup.connections:
        if lands[link.a].continent == lands[link.b].continent:
            raise _bad(
                "connection_within_continent",
                f"{link.a} and {link.b} share a continent; Lands of one Continent are reachable without one.",
            )
    return lands


def _tribe(spec: TribeSpec, setup: Setup, lands: dict[str, Land]) -> Tribe:
    roles = content.clans()
    if spec.land not in lands:
        raise _bad("unknown_land", f"Tribe {spec.id} starts on unknown land {spec.land!r}.")
    unknown = sorted(set(spec.clans) - set(roles.roles))
    if unknown or any(n < 0 for n in spec.clans.values()):
        raise _bad("bad_clans", f"Tribe {spec.id}: clan roles must be among {sorted(roles.roles)}, counts >= 0.")
    if sum(spec.clans.values()) != roles.start_clans:
        # [002:38] each tribe consists of 3 Clans at game start.
        raise _bad("start_clans", f"Tribe {spec.id} must start with {roles.start_clans} clans.")
    habitat = lands[spec.land].habitat
    if not content.lands().habitats[habitat][setup.nature].start:
        # [002:47] tribes must start on Lands appropriate to their nature.
        raise _bad("start_habitat", f"A {setup.nature} race cannot start on {habitat} ({spec.land}).")
    return Tribe(
        id=spec.id,
        god=spec.god,
        name=spec.name or spec.id,
        land=spec.land,
        start_land=spec.land,
        clans={role: n for role, n in spec.clans.items() if n},
        stockpile=spec.stockpile.resources(),
    )


def initial_state(setup: Setup, settings: Settings) -> State:
    lands = _lands(setup)
    _unique("god", [g.id for g in setup.gods])
    _unique("tribe", [t.id for t in setup.tribes])
    gods = {g.id for g in setup.gods}
    tribes: dict[str, Tribe] = {}
    for spec in setup.tribes:
        if spec.god not in gods:
            raise _bad("unknown_god", f"Tribe {spec.id} names unknown god {spec.god!r}.")
        tribes[spec.id] = _tribe(spec, setup, lands)
    # [002:3] each god guides a single tribe; only one tribe may sit on any given Land.
    _unique("tribe's god (one tribe per god)", [t.god for t in setup.tribes])
    _unique("tribe's starting land (one tribe per land)", [t.land for t in setup.tribes])
    missing = sorted(gods - {t.god for t in setup.tribes})
    if missing:
        raise _bad("god_without_tribe", f"Every god guides a tribe [002:3]; give one to {missing}.")
    by_god = {t.god: t.id for t in tribes.values()}
    _unique("first-era act", [a.id for a in setup.first_era_acts])
    return State(
        title=setup.title,
        edifices=_edifices(setup, lands, by_god),
        first_era_acts={a.id: a for a in setup.first_era_acts},
        nature=setup.nature,
        lands=lands,
        gods={
            g.id: God(id=g.id, name=g.name or g.id, spheres=tuple(g.spheres), mana=g.mana, tribe=by_god[g.id])
            for g in setup.gods
        },
        tribes=tribes,
        settings=settings,
    )


def _edifices(setup: Setup, lands: dict[str, Land], by_god: dict[str, str]) -> dict[str, Edifice]:
    """[002:123] the edifices carried from the previous era: one per Land, of a known kind, owned by a god."""
    _unique("edifice land", [e.land for e in setup.edifices])
    structures = content.acts().structures
    out: dict[str, Edifice] = {}
    for edifice in setup.edifices:
        if edifice.land not in lands:
            raise _bad("unknown_land", f"Edifice {edifice.edifice} stands on unknown land {edifice.land!r}.")
        if edifice.god not in by_god:
            raise _bad("unknown_god", f"Edifice on {edifice.land} names unknown god {edifice.god!r}.")
        rule = structures.get(edifice.kind)
        if rule is None or rule.edifice != edifice.edifice:
            pairs = sorted(f"{r.edifice} of {k}s" for k, r in structures.items())
            raise _bad("bad_edifice", f"Edifice on {edifice.land}: an edifice is one of {pairs}.")
        out[edifice.land] = msgspec.structs.replace(edifice, tribe=edifice.tribe or by_god[edifice.god])
    return out
