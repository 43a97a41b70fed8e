"""One resolution step's events, folded as they are emitted so later steps see earlier ones."""

from __future__ import annotations

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.construction import budget
from domain.rulesets.lote.construction.construction import Cost
from domain.rulesets.lote.messages import (
    AdjudicationRaised,
    Event,
    OrderFailed,
)
from domain.rulesets.lote.model.orders import (
    AssignFleet,
    BuildHeavyTransports,
    BuildWallPoints,
    CeaseTrade,
    ConvertShipsToMSP,
    InitiateTradeRoute,
    MoveTreasury,
    Order,
    SetTaxRate,
    TradeWithAnyone,
    WithdrawShips,
)
from domain.rulesets.lote.model.state import Adjudication, Nation, State
from domain.rulesets.lote.turn.evolve import evolve

# the start-of-turn declarations (digest §1.4 R0)
R0_ORDERS = (
    SetTaxRate,
    MoveTreasury,
    AssignFleet,
    ConvertShipsToMSP,
    BuildHeavyTransports,
    WithdrawShips,
    InitiateTradeRoute,
    TradeWithAnyone,
    CeaseTrade,
)


class Run:
    """The events of one resolution step, folded as they are emitted so later steps see earlier ones."""

    def __init__(self, state: State, ctx: DecisionContext) -> None:
        self.opening = state  # the state the forms were validated against
        self.state = state
        self.ctx = ctx
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def nation(self, nid: str) -> Nation:
        return self.state.nations[nid]

    def still_valid(self, nid: str, order: Order) -> Cost | None:
        """A line re-checked at resolution; one that no longer holds is a failed order (an event), not a refusal."""
        # A wall line is checked as validation checked it: against the opening state plus the whole form, since
        # the form's earlier fortress and wall lines, already folded into `state`, are counted from the form.
        state = self.opening if isinstance(order, BuildWallPoints) else self.state
        try:
            return budget.check_line(state, state.nations[nid], order, lines_of(state, nid))
        except Rejected as failed:
            self.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))
            return None

    def raise_item(
        self, nation: str, kind: str, subject: str, proposal: str, why: str, rolls: tuple[int, ...] = ()
    ) -> None:
        item_id = f"t{self.ctx.turn}-{nation}-{kind}-{subject}"
        item = Adjudication(
            item_id=item_id,
            turn=self.ctx.turn,
            nation=nation,
            kind=kind,  # type: ignore[arg-type]
            subject=subject,
            proposal=proposal,
            explanation=why,
            rolls=rolls,
        )
        self.emit(AdjudicationRaised(item=item))


def lines_of(state: State, nid: str) -> list[Order]:
    form = state.forms.get(nid)
    return list(form.lines.values()) if form is not None else []
