"""`lote`: Lords of the Earth (Basic Rulebook v5.7.1, Medieval era), the secular game: the scenario, the order form,
the turn cycle with its adjudication queue, the economy, construction, leaders, movement, battles, diplomacy and
control, trade routes, intelligence and religious operations, the dynasty and finance. The Primacy, secret
empires and development are still the GM's free-form orders.

The rulebook is `shared/rules/seeds/001_a502c40d34b0dea4.txt`; `shared/rules/lote.md` (the digest) organises it.
Line references in comments (`[L1656-1685]`) point into the rulebook. One folder per rule area, layered (the
import-linter contract in pyproject.toml keeps each folder from importing the ones above it):

- `turn/`: the turn cycle (`cycle.py` shows the phases and the order of the steps in one screen), the resolution
  context (`run.py`), the steps by phase (`resolve.py` R0-R3, `builds.py` R4, `close.py` R7-R8 and publication),
  the command handler (`decide.py`), the event fold (`evolve.py`) and the game's start (`setup.py`);
- `reports/`: the status report, the Newsfax, the GM's press edits, the derived figures and what each seat may
  see (`views.py`), kept apart from the truth;
- `diplomacy/`: diplomacy attempts, cession, sharing; `military/`: battles, sieges, assaults and pillage (P1-G);
- `control/`: command control, revolt checks, occupation, assimilation, seizures and the Dynastic Failure's
  procedure (P1-H, P2-D);
- `construction/`: costs and checks of the order lines (`construction.py`, `budget.py`);
- `religion/`: religious strength, religious operations, conversions, minorities, sanctions (P2-C);
- `intel/`: intelligence operations, counter-operations, infiltration and subversion, misinformation (P2-B);
- `dynasty/`: the royal family, regents, deaths and spies (P2-D); `finance/`: census, loans, transfers (P2-E);
- `trade/`: trade routes traced, classified and kept up; blockade, piracy, war (P2-A);
- `movement/`: action points, itineraries and their execution, reaction ranges, the HBZ;
- `economy/`: the §3 formulas (`economy.py`, `upkeep.py`, `holdings.py`);
- `leaders/`: leaders, armies, garrisons and succession;
- `model/`: the shape of the truth: `state.py`, the order form (`orders.py`), the GM commands and the events;
- `scenario/`: the reference tables (`tables.py` over `data/*.json`), the Appendix A switches (`settings.py`),
  the scenario document (`scenario.py`) and the shared enumerations.

`messages.py` gathers every command and event in one namespace; `dice_purposes.py` lists the rolls.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import Actor, Rejected, Ruleset
from domain.rulesets.lote import messages
from domain.rulesets.lote.dice_purposes import DICE_PURPOSES
from domain.rulesets.lote.messages import GM_COMMANDS, Command, Event
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.reports.views import View, redact, view_for
from domain.rulesets.lote.scenario.scenario import Setup
from domain.rulesets.lote.scenario.settings import Settings
from domain.rulesets.lote.turn.cycle import ORDER_COMMANDS, PHASES
from domain.rulesets.lote.turn.decide import decide
from domain.rulesets.lote.turn.evolve import evolve
from domain.rulesets.lote.turn.setup import initial_state

__all__ = [
    "GM_COMMANDS",
    "PHASES",
    "Command",
    "Event",
    "Settings",
    "Setup",
    "State",
    "View",
    "decide",
    "evolve",
    "initial_state",
    "messages",
    "redact",
    "ruleset",
    "view_for",
]


def available(state: State, actor: Actor) -> Sequence[str]:
    tags = sorted(GM_COMMANDS) if actor.is_gm else []
    if actor.controls in state.nations:
        tags += sorted(ORDER_COMMANDS)
    return tags


def validate_seat(state: State, controls: str | None) -> None:
    if controls not in state.nations:
        raise Rejected("lote.unknown_nation", f"A player seat must control one of {sorted(state.nations)}.")


ruleset = Ruleset(
    id="lote",
    version=1,
    title="Lords of the Earth (Basic Rulebook v5.7.1)",
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
    dice_purposes=DICE_PURPOSES,
    phases=PHASES,
)
