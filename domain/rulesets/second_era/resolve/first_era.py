"""First-Era actions carried out at their old cost [002:5], after the divine acts: the god's mana (its pool, then
its tribe's, as for every act) and the tribe's resources, at the costs of the game's catalogue. The effect is the
GM's ruling (the catalogue's `effect` says what the previous Era's rule did); the report shows what was paid."""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.second_era.era_commands import PerformFirstEraAct
from domain.rulesets.second_era.era_events import FirstEraActPerformed
from domain.rulesets.second_era.resolve.acts import orders_of, pay_mana, pay_stockpile
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.values import Resources


def resolve_first_era_acts(log: Log, ctx: DecisionContext) -> None:
    for god, no, order in orders_of(log, (PerformFirstEraAct,)):
        act = log.state.first_era_acts.get(order.act)
        if act is None:
            log.fail(god, no, "unknown_first_era_act", f"This game has no First-Era action {order.act!r}.")
            continue
        resources = Resources(**act.resources)
        purpose = f"{act.name} (a First-Era action)"
        if not pay_stockpile(log, god, no, resources, purpose):
            continue
        if act.mana and not pay_mana(log, god, no, act.mana, purpose):
            continue
        tribe = log.state.tribe_of(god)
        log.emit(
            FirstEraActPerformed(
                god=god,
                tribe=tribe.id,
                order_no=no,
                act=act.id,
                name=act.name,
                mana=act.mana,
                resources=resources,
                target=order.target,
                details=order.details,
                effect=act.effect,
            )
        )
