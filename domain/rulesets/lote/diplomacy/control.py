"""Reducing control status (§9.1.8 [L8481-8497]), declared as an order line and applied at the start of the turn.

"Any number of control levels may be reduced" ([L8484-8485]); "Pacified regions or cities can only be degraded to
Pacified Tributary or Uncontrolled status" and not "without actually removing the garrison" ([L8489-8495]);
"Pacified Tributary regions can only be degraded to Uncontrolled status" ([L8496-8497]). `un` (or `n`) removes the
nation's status. Decision: a Pacified place whose garrison is still there when the turn resolves keeps its status
and the line fails (`lote.reduce_garrison_present`); the player declares it again once a leader has taken the
garrison away. Reducing an Allied place does not yet remove the Allied leader ([L8486-8487]): the GM does it.
"""

from __future__ import annotations

from domain.rulesets.lote.construction.construction import refuse
from domain.rulesets.lote.model.events import ControlStatusSet
from domain.rulesets.lote.model.orders import Order, ReduceControlStatus
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.scenario.enums import STATUS_RANK

GIVE_UP = ("un", "n")


def check_reduction(state: State, nation: Nation, order: Order) -> None:
    """The checks of a reduction when it is given."""
    if not isinstance(order, ReduceControlStatus):
        return
    record = state.regions.get(order.place) or state.cities.get(order.place)
    if record is None:
        raise refuse(order, "reduce_unknown_place", f"there is no region or city {order.place!r}")
    now = record.statuses.get(nation.id)
    if now is None or now in GIVE_UP:
        raise refuse(order, "reduce_not_held", f"you hold no status in {order.place}")
    if order.to not in GIVE_UP and STATUS_RANK[order.to] >= STATUS_RANK[now]:
        raise refuse(order, "reduce_not_lower", f"{order.to} is not below your present status {now} in {order.place}")
    allowed = {"p": ("pt", *GIVE_UP), "pt": GIVE_UP}.get(now)
    if allowed is not None and order.to not in allowed:
        raise refuse(
            order,
            "reduce_not_allowed",
            f"[L8489-8497] a {now} place can only be degraded to {' or '.join(allowed[:-1])}",
        )


def garrison_present(state: State, nation: str, place: str) -> bool:
    record = state.regions.get(place) or state.cities.get(place)
    if record is not None and any(record.garrison.get(nation, {}).values()):
        return True
    return any(x.nation == nation and x.location == place and any(x.units.values()) for x in state.leaders.values())


def reduction_event(state: State, nation: str, order: ReduceControlStatus) -> ControlStatusSet:
    status = None if order.to in GIVE_UP else order.to
    reason = f"order line {order.line}: status reduced (§9.1.8 [L8481-8497])"
    return ControlStatusSet(place=order.place, nation=nation, status=status, reason=reason)
