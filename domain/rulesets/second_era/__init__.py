"""`second-era`: the forum god game "The Second Era" (seed 002), organised in rules/second-era.md.

Each god guides one nomadic tribe of the race chosen in the First Era. A turn is one orders phase: gods give
up to 3 Actions and any free orders, sealed until the phase closes; then the turn is resolved in the order of
`resolve.RESOLUTION_ORDER`. Five Towns, Shrines or Floors standing on one Land through the end of the
following turn win the Era. Rules that are data live in `content/`; readings of ambiguous text are in
`settings.Settings` and the docstrings that cite the line they read.
"""

from __future__ import annotations

from datetime import timedelta

from domain.engine import Phase, Ruleset
from domain.rulesets.second_era import content
from domain.rulesets.second_era.commands import GM_COMMANDS, SEAT_COMMANDS, Command
from domain.rulesets.second_era.decide import decide
from domain.rulesets.second_era.events import Event
from domain.rulesets.second_era.evolve import evolve
from domain.rulesets.second_era.resolve import resolve_turn
from domain.rulesets.second_era.scenario import Setup, initial_state
from domain.rulesets.second_era.settings import Settings
from domain.rulesets.second_era.state import State
from domain.rulesets.second_era.views import View, available, redact, validate_seat, view_for

content.load_all()

ORDERS_DEADLINE = timedelta(days=2)

ruleset = Ruleset(
    id="second-era",
    version=1,
    title="The Second Era",
    description=__doc__ or "",
    command_type=Command,
    event_type=Event,
    setup_type=Setup,
    settings_type=Settings,
    state_type=State,
    view_type=View,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view_for=view_for,
    redact=redact,
    available=available,
    gm_commands=GM_COMMANDS,
    validate_seat=validate_seat,
    phases=(Phase("orders", commands=SEAT_COMMANDS, deadline=ORDERS_DEADLINE, resolver=resolve_turn),),
)

__all__ = ["Settings", "Setup", "State", "View", "ruleset"]
