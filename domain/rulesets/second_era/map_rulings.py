"""The GM's typed changes to the map: fauna, Lands, connections and structures, each with a recorded reason.

The map is the First Era's legacy ([002:3], digest B8 #2); what changes it between or during turns (a god's
First-Era action, a ruling, a correction) is the GM's call. Each ruling is checked like the scenario: known
elements, habitats and fauna kinds (content/lands.json), connections only between Continents [002:6], one Land
per id; a Land that holds a tribe keeps a habitat its race can live on [002:47-51].
"""

from __future__ import annotations

from typing import assert_never

import msgspec

from domain.engine.ids import counted, owned_id
from domain.rulesets.second_era import content
from domain.rulesets.second_era.checks import reject, ruling_reason
from domain.rulesets.second_era.era_commands import (
    AddLand,
    AlterLand,
    ChangeFauna,
    ConnectLands,
    DisconnectLands,
    PlaceStructure,
    RemoveStructure,
)
from domain.rulesets.second_era.era_events import (
    FaunaChanged,
    LandAdded,
    LandAltered,
    LandsConnected,
    LandsDisconnected,
    StructurePlaced,
    StructureRemoved,
)
from domain.rulesets.second_era.magic import habitable
from domain.rulesets.second_era.state import Land, State, Structure
from domain.rulesets.second_era.values import Fauna

R = msgspec.structs.replace
MapRuling = ChangeFauna | AddLand | AlterLand | ConnectLands | DisconnectLands | PlaceStructure | RemoveStructure
MapEvent = (
    FaunaChanged | LandAdded | LandAltered | LandsConnected | LandsDisconnected | StructurePlaced | StructureRemoved
)


def decide_map_ruling(state: State, command: MapRuling, turn: int) -> list[object]:
    ruling_reason(command.reason)
    match command:
        case ChangeFauna():
            return [_change_fauna(state, command)]
        case AddLand():
            return [_add_land(state, command)]
        case AlterLand():
            return [_alter_land(state, command)]
        case ConnectLands():
            a, b = _pair(state, command.a, command.b)
            if b.id in a.connections:
                raise reject("already_connected", f"{a.id} and {b.id} are connected already.")
            if a.continent == b.continent:
                # [002:6] Lands of one Continent reach each other without a connection.
                raise reject("connection_within_continent", f"{a.id} and {b.id} share a Continent.")
            return [LandsConnected(a=a.id, b=b.id, reason=command.reason)]
        case DisconnectLands():
            a, b = _pair(state, command.a, command.b)
            if b.id not in a.connections:
                raise reject("not_connected", f"{a.id} and {b.id} are not connected.")
            return [LandsDisconnected(a=a.id, b=b.id, reason=command.reason)]
        case PlaceStructure():
            return [_place_structure(state, command, turn)]
        case RemoveStructure():
            structure = state.structures.get(command.structure)
            if structure is None:
                raise reject("unknown_structure", f"No structure {command.structure!r} stands.")
            return [StructureRemoved(structure=structure.id, land=structure.land, reason=command.reason)]
        case _:
            assert_never(command)


def _land(state: State, land_id: str) -> Land:
    land = state.lands.get(land_id)
    if land is None:
        raise reject("unknown_land", f"There is no Land {land_id!r}.")
    return land


def _pair(state: State, a: str, b: str) -> tuple[Land, Land]:
    if a == b:
        raise reject("same_land", "Name two different Lands.")
    return _land(state, a), _land(state, b)


def _check_fauna(fauna: list[Fauna]) -> None:
    kinds = content.lands().fauna_kinds
    for entry in fauna:
        if entry.kind not in kinds:
            # [002:29-35] the fauna kinds the farming lines name.
            raise reject("unknown_fauna_kind", f"Fauna {entry.name!r}: its kind must be one of {kinds}.")


def _change_fauna(state: State, command: ChangeFauna) -> FaunaChanged:
    land = _land(state, command.land)
    if not command.add and not command.remove:
        raise reject("no_change", "Add or remove at least one fauna entry.")
    names = [f.name for f in land.fauna]
    missing = sorted(set(command.remove) - set(names))
    if missing:
        raise reject("unknown_fauna", f"{land.id} has no fauna named {missing}; it has {names}.")
    _check_fauna(command.add)
    kept = tuple(f for f in land.fauna if f.name not in command.remove)
    return FaunaChanged(land=land.id, fauna=(*kept, *command.add), reason=command.reason)


def _check_terrain(element: str, habitat: str) -> None:
    table = content.lands()
    if element not in table.elements:
        raise reject("unknown_element", f"An element is one of {sorted(table.elements)} [002:23-28].")
    if habitat not in table.habitats:
        raise reject("unknown_habitat", f"A habitat is one of {sorted(table.habitats)} [002:47-51].")


def _add_land(state: State, command: AddLand) -> LandAdded:
    if command.land in state.lands:
        raise reject("land_exists", f"There is a Land {command.land!r} already.")
    world = next((land.world for land in state.lands.values() if land.continent == command.continent), None)
    if world is None:
        raise reject("unknown_continent", f"No Land lies on a Continent {command.continent!r}.")
    _check_terrain(command.element, command.habitat)
    _check_fauna(command.fauna)
    land = Land(
        id=command.land,
        name=command.name or command.land,
        continent=command.continent,
        world=world,
        element=command.element,
        habitat=command.habitat,
        fauna=tuple(command.fauna),
        connections=(),
    )
    return LandAdded(land=land, reason=command.reason)


def _alter_land(state: State, command: AlterLand) -> LandAltered:
    land = _land(state, command.land)
    if command.element is None and command.habitat is None and command.name is None:
        raise reject("no_change", "Give a new element, habitat or name.")
    element = command.element if command.element is not None else land.element
    habitat = command.habitat if command.habitat is not None else land.habitat
    _check_terrain(element, habitat)
    resident = state.tribe_on(land.id)
    if resident is not None and not habitable(
        R(state, lands={**state.lands, land.id: R(land, habitat=habitat)}), resident, land.id
    ):
        # [002:48-51] a tribe may only live where its Adaptation slots allow: move it first (RelocateTribe).
        raise reject(
            "uninhabitable", f"Tribe {resident.id} could not live on {land.id} as {habitat}; relocate it first."
        )
    name = command.name if command.name is not None else land.name
    return LandAltered(land=land.id, element=element, habitat=habitat, name=name, reason=command.reason)


def _place_structure(state: State, command: PlaceStructure, turn: int) -> StructurePlaced:
    land = _land(state, command.land)
    structures = content.acts().structures
    if command.kind not in structures:
        raise reject("unknown_structure_kind", f"A structure is one of {sorted(structures)} [002:125-129].")
    tribe = state.tribes.get(command.tribe)
    if tribe is None:
        raise reject("unknown_tribe", f"There is no tribe {command.tribe!r}.")
    structure = Structure(
        id=owned_id(state.serials, command.kind, tribe.god),
        kind=command.kind,
        land=land.id,
        tribe=tribe.id,
        built_turn=turn,
    )
    return StructurePlaced(structure=structure, reason=command.reason)


def evolve_map(state: State, event: MapEvent) -> State:
    match event:
        case FaunaChanged():
            land = state.lands.get(event.land)
            return state if land is None else _with_land(state, R(land, fauna=event.fauna))
        case LandAdded():
            return _with_land(state, event.land)
        case LandAltered():
            land = state.lands.get(event.land)
            if land is None:
                return state
            return _with_land(state, R(land, element=event.element, habitat=event.habitat, name=event.name))
        case LandsConnected() | LandsDisconnected():
            return _relink(state, event.a, event.b, isinstance(event, LandsConnected))
        case StructurePlaced():
            s = event.structure
            serials = counted(state.serials, s.id)
            return R(state, structures={**state.structures, s.id: s}, serials=serials)
        case StructureRemoved():
            return R(state, structures={k: v for k, v in state.structures.items() if k != event.structure})
        case _:
            assert_never(event)


def _with_land(state: State, land: Land) -> State:
    return R(state, lands={**state.lands, land.id: land})


def _relink(state: State, a: str, b: str, connected: bool) -> State:
    for here, there in ((a, b), (b, a)):
        land = state.lands.get(here)
        if land is None:
            continue
        links = set(land.connections) | {there} if connected else set(land.connections) - {there}
        state = _with_land(state, R(land, connections=tuple(sorted(links))))
    return state
