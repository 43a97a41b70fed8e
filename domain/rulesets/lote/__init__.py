"""`lote`: Lords of the Earth (Basic Rulebook v5.7.1, Medieval era), phase-1 core: the scenario, the order form,
the turn cycle with its adjudication queue, the economy kernel and construction.

The rulebook is `shared/rules/seeds/001_a502c40d34b0dea4.txt`; `shared/rules/lote.md` (the digest) organises it.
Line references in comments (`[L1656-1685]`) point into the rulebook. Modules:
`tables` (reference tables from `data/*.json`), `settings` (Appendix A switches), `scenario`/`setup` (the scenario
document and its import), `state`, `orders` (the order form), `commands` and `events` (`messages` joins them),
`holdings`, `economy` and `upkeep` (the §3 formulas), `hbz`, `construction` and `budget` (costs and checks), `decide`,
the resolution by phase (`run`, `resolve` R0-R3, `builds` R4, `close` R7-R8 and publication), `evolve`, `views`;
the report layer (`report_types`, `reports` for the status report, `newsfax`, `press` for the GM's edits,
`report_events`), kept apart from the truth.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import Actor, Phase, Rejected, Ruleset
from domain.rulesets.lote.close import ORDERS_DEADLINE, close_turn, publish
from domain.rulesets.lote.decide import decide
from domain.rulesets.lote.dice_purposes import DICE_PURPOSES
from domain.rulesets.lote.evolve import evolve
from domain.rulesets.lote.messages import GM_COMMANDS, Command, Event
from domain.rulesets.lote.orders import ORDER_TAGS
from domain.rulesets.lote.resolve import lock_orders, resolve_orders
from domain.rulesets.lote.scenario import Setup
from domain.rulesets.lote.settings import Settings
from domain.rulesets.lote.setup import initial_state
from domain.rulesets.lote.state import State
from domain.rulesets.lote.views import View, redact, view_for

ORDER_COMMANDS = ORDER_TAGS | {"WithdrawOrder", "SubmitOrders"}


def available(state: State, actor: Actor) -> Sequence[str]:
    tags = sorted(GM_COMMANDS) if actor.is_gm else []
    if actor.controls in state.nations:
        tags += sorted(ORDER_COMMANDS)
    return tags


def validate_seat(state: State, controls: str | None) -> None:
    if controls not in state.nations:
        raise Rejected("lote.unknown_nation", f"A player seat must control one of {sorted(state.nations)}.")


# The turn cycle of §1.2: ORDERS_OPEN -> (deadline) ORDERS_LOCKED/VALIDATION -> RESOLVING (R0..R4) ->
# ADJUDICATION_PENDING -> (R7, R8) REPORTS_DRAFTED -> PUBLISHED, which opens the next turn's orders.
PHASES = (
    Phase("orders", commands=ORDER_COMMANDS, deadline=ORDERS_DEADLINE, resolver=lock_orders),
    Phase("validation", commands=ORDER_COMMANDS, resolver=resolve_orders),
    Phase("adjudication", commands=frozenset(), resolver=close_turn),
    Phase("reports", commands=frozenset(), resolver=publish),
)

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
