"""`kingdoms`: the fantasy kingdoms play-by-mail game of seed 004 (only its tables and army-strength notes survive).

Player-Kings give their characters one order each a turn, sealed until the turn is processed in the documented
order (`turn.resolve`): movement, random encounters, contingent unification, battles, spying and pursuit,
experience, then werebeasts and trolls, then the reports. Army strength is exact (`armies`); characters, tempers
and monsters are in `characters`; spy reports in `spies`; the Imperial Offices at the end in `offices`. What the
text leaves to the referee is a typed GM ruling with its reason (`commands`). Line references ([004:NN]) point into
`shared/rules/seeds/004_f5528d8f07c30e69.txt`.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import Actor, Phase, Rejected, Ruleset
from domain.rulesets.kingdoms.decide import decide
from domain.rulesets.kingdoms.dice_purposes import DICE_PURPOSES
from domain.rulesets.kingdoms.evolve import evolve
from domain.rulesets.kingdoms.messages import GM_COMMANDS, Command, Event
from domain.rulesets.kingdoms.orders import ORDER_TAGS
from domain.rulesets.kingdoms.scenario import Scenario
from domain.rulesets.kingdoms.setup import initial_state
from domain.rulesets.kingdoms.state import State
from domain.rulesets.kingdoms.turn.resolve import process_turn
from domain.rulesets.kingdoms.views import View, redact, view_for

SEAT_COMMANDS = ORDER_TAGS | {"CancelOrder", "SetEncounterPlan", "AssignCommand", "OfferTreaty", "BreakTreaty"}


def available(state: State, actor: Actor) -> Sequence[str]:
    tags = sorted(GM_COMMANDS) if actor.is_gm else []
    if actor.controls in state.kingdoms or actor.is_gm:
        tags += sorted(SEAT_COMMANDS)
    return tags


def validate_seat(state: State, controls: str | None) -> None:
    if controls not in state.kingdoms:
        raise Rejected("kingdoms.unknown_kingdom", f"A player seat must control one of {sorted(state.kingdoms)}.")


# One phase a turn: orders are open, then the turn is processed (C2) and the next turn's orders open.
PHASES = (Phase("orders", commands=frozenset(SEAT_COMMANDS), resolver=process_turn),)

ruleset = Ruleset(
    id="kingdoms",
    version=1,
    title="Fantasy kingdoms PBM (seed 004)",
    description=__doc__ or "",
    command_type=Command,
    event_type=Event,
    setup_type=Scenario,
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
    dice_purposes=DICE_PURPOSES,
    phases=PHASES,
)
