"""`evolve`: fold one Gods II event into the state. Total; never validates, rolls or reads the clock.

Earth's events change `State.earth` (`earth/evolve.py`); every other event is Heaven's or the shared kernel's
(`heaven/evolve.py`).
"""

from __future__ import annotations

import msgspec

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
from domain.rulesets.gods2.earth.evolve import evolve_earth
from domain.rulesets.gods2.events import Event
from domain.rulesets.gods2.heaven.evolve import evolve_heaven
from domain.rulesets.gods2.kernel.model import State


def evolve(state: State, event: Event) -> State:
    match event:
        case (
            ActivityPhaseClosed()
            | AggressionRolled()
            | CenturyEnded()
            | MapSourcesCounted()
            | RaceCreated()
            | TerrainSpread()
            | CenturyStarted()
            | CityFounded()
            | CivilizationLost()
            | DiplomacyAttempted()
            | HistoryRecorded()
            | MemberExpelled()
            | MigrationSet()
            | PantheonChanged()
            | PantheonChangeProposed()
            | PantheonChangeSigned()
            | PantheonChangeVetoed()
            | PantheonChangeLapsed()
            | PopulationGrew()
            | PopulationPlaced()
            | TicketCalled()
            | TicketTaken()
            | TurmoilRolled()
            | TurmoilStarted()
            | WarDeclared()
            | WarFought()
            | DisasterStruck()
            | FeatureAdded()
            | HistoryPowerCast()
            | CoCastingProposed()
            | CoCastingSigned()
            | CoCastingWithdrawn()
            | KnowledgeLearned()
            | RaceModified()
            | TerrainChanged()
            | WarsOrdered()
            | LimitsReduced()
            | ModificationsEnded()
        ):
            return (
                state if state.earth is None else msgspec.structs.replace(state, earth=evolve_earth(state.earth, event))
            )
        case _:
            return evolve_heaven(state, event)
