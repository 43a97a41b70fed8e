"""`decide_earth`: one `match` over the Earth commands, each delegating to its area's `decide_*` function."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import century, cities, creation, history, religion, rulings, wars, window
from domain.rulesets.gods2.earth.commands import (
    ApplyCult,
    ApplyEarthEffect,
    AttemptDiplomacy,
    CallTicket,
    CastHistoryPower,
    CloseActivityPhase,
    CreateRace,
    DeclareWar,
    EarthCommand,
    EndCentury,
    EndModification,
    ExpelFromPantheon,
    FoundCity,
    OrderWars,
    PlacePopulation,
    ProposePantheonChange,
    RecordHistory,
    ResolveWar,
    SetMigration,
    SetPantheon,
    SignCoCasting,
    SignPantheonChange,
    StartCentury,
    StartReligiousTurmoil,
    TakeQueueTicket,
    TriggerModification,
    WithdrawCoCasting,
)
from domain.rulesets.gods2.earth.common import earth_of, race_of, require_activity
from domain.rulesets.gods2.earth.events import MigrationSet, PopulationPlaced
from domain.rulesets.gods2.earth.population import placement_problems
from domain.rulesets.gods2.kernel.common import reject, require_reason
from domain.rulesets.gods2.kernel.model import State


def decide_earth(state: State, command: EarthCommand, ctx: DecisionContext) -> Sequence[object]:
    match command:
        case CreateRace():
            return creation.decide_create_race(state, command, ctx)
        case StartCentury():
            return century.decide_start_century(state, command, ctx)
        case CloseActivityPhase():
            return century.decide_close_activity(state, command, ctx)
        case EndCentury():
            return century.decide_end_century(state, command, ctx)
        case PlacePopulation():
            return decide_place_population(state, command, ctx)
        case SetMigration():
            return decide_set_migration(state, command, ctx)
        case DeclareWar():
            return wars.decide_declare_war(state, command, ctx)
        case AttemptDiplomacy():
            return wars.decide_attempt_diplomacy(state, command, ctx)
        case ResolveWar():
            return wars.decide_resolve_war(state, command, ctx)
        case OrderWars():
            return wars.decide_order_wars(state, command, ctx)
        case FoundCity():
            return cities.decide_found_city(state, command, ctx)
        case RecordHistory():
            return window.decide_record_history(state, command, ctx)
        case CallTicket():
            return window.decide_call_ticket(state, command, ctx)
        case TakeQueueTicket():
            return window.decide_take_ticket(state, command, ctx)
        case ProposePantheonChange():
            return religion.decide_propose(state, command, ctx)
        case SignPantheonChange():
            return religion.decide_sign(state, command, ctx)
        case StartReligiousTurmoil():
            return religion.decide_start_turmoil(state, command, ctx)
        case ExpelFromPantheon():
            return religion.decide_expel(state, command, ctx)
        case CastHistoryPower():
            return history.decide_cast_history_power(state, command, ctx)
        case SignCoCasting():
            return history.decide_sign_co_casting(state, command, ctx)
        case WithdrawCoCasting():
            return history.decide_withdraw_co_casting(state, command, ctx)
        case TriggerModification():
            return rulings.decide_trigger(state, command, ctx)
        case EndModification():
            return rulings.decide_end_modification(state, command, ctx)
        case ApplyCult():
            return rulings.decide_apply_cult(state, command, ctx)
        case ApplyEarthEffect():
            return history.decide_apply_effect(state, command, ctx)
        case SetPantheon():
            return rulings.decide_set_pantheon(state, command, ctx)
        case _:
            assert_never(command)


def decide_place_population(state: State, command: PlacePopulation, ctx: DecisionContext) -> Sequence[object]:
    """A referee's placement replaces the engine's ([000:228]); it must keep to the rules it adjusts."""
    require_reason(command.reason)
    earth = earth_of(state)
    require_activity(earth)
    race = race_of(earth, command.race)
    problems = placement_problems(earth, race, state.pack.earth, command.squares)
    if problems:
        raise reject("bad_placement", "; ".join(problems))
    placement = {k: v for k, v in command.squares.items() if v > 0}
    return [PopulationPlaced(race=race.id, placement=placement, reason=command.reason)]


def decide_set_migration(state: State, command: SetMigration, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    earth = earth_of(state)
    race = race_of(earth, command.race)
    if command.toward is not None and command.toward not in earth.squares:
        raise reject("unknown_square", f"There is no square {command.toward!r}.")
    return [MigrationSet(race=race.id, toward=command.toward, reason=command.reason)]
