"""An intel line checked as it is entered (and again when it resolves): its code's target, the capacity and
bonus points the whole form allots against the nation's OC, OB, AC and AB (§7.1 [L6641-6653]), Special
Operation chains and leaders' Espionage.

A refusal never says whether a rival's leader, army, infiltration or secret place exists: those targets are
checked by the GM (the operation's item lists what the engine found), never at entry. Only what the seat itself
knows is checked here: its own leaders, its own form, its own infiltrations (an MI maintains one of them, RE and
RO need a subverted Government or Espionage Service), the infiltrations it has detected (the target of a Subvert
Infiltration), the nations' names and the operation's own shape.

Readings: a leader's Espionage stands in for "an Intel Operations point" or "an Intel Bonus point" ([L6727-6731]),
so it runs an Operations (OC) operation (or one either may run, as OC) and adds its bonus point to one run on OC
or by a leader, never to an Assassin operation; a Special Operation carries no bonus of its own ("Bonus points are
allocated on the sub-operation level", [L7140-7142]).
"""

from __future__ import annotations

from domain.engine import Rejected
from domain.rulesets.lote.intel.infiltration import key, mi_key, subverted
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.intel.rules import (
    ASSASSIN_BASE,
    ESPIONAGE_LEADERS,
    HOSTILE_TARGETS,
    INTEL_BASE,
    NEEDS_SUBVERTED,
    OPTIONAL,
    ORGANIZATIONS,
    SECTORS,
    SI_TARGETS,
    TABLE_7_1,
    capacity_of,
    kind_of,
)
from domain.rulesets.lote.model.orders import Order
from domain.rulesets.lote.model.state import Nation, State


def refuse(order: IntelOperation, reason: str, message: str) -> Rejected:
    return Rejected(f"lote.{reason}", f"line {order.line!r} (IntelOperation {order.code}): {message}")


def ops_of(form: list[Order]) -> list[IntelOperation]:
    return [o for o in form if isinstance(o, IntelOperation)]


def check_line(state: State, nation: Nation, order: IntelOperation, form: list[Order]) -> None:
    _check_shape(state, nation, order)
    _check_target(state, nation, order)
    _check_infiltration(state, nation, order)
    _check_leaders(state, nation, order, form)
    _check_chain(order, form)
    check_allotment(state, nation, order, form)


def _check_shape(state: State, nation: Nation, order: IntelOperation) -> None:
    code = order.code
    if code in OPTIONAL and not state.settings.p2b_rearrange_and_revise:
        raise refuse(order, "intel_optional_off", f"{code} is an optional rule ([L7082], [L7099]) this campaign omits")
    if order.capacity is not None and kind_of(state, code) not in ("either", order.capacity):
        kind = "Assassin (AC)" if kind_of(state, code) == "ac" else "Operations (OC)"
        raise refuse(order, "intel_wrong_capacity", f"{code} is an {kind} operation (Table 7-1, §7.3)")
    if order.held_in_hand and code != "CR":
        raise refuse(order, "intel_not_held", "only a Crush Revolt may be held in hand ([L6865-6870])")
    if code == "SO" and order.chain is not None:
        raise refuse(order, "intel_nested_chain", "a Special Operation chains operations, not another SO")
    if code == "SO" and order.bonus:
        raise refuse(order, "intel_so_bonus", "bonus points go on the chained operations, not the SO ([L7140-7142])")


def _nation_named(state: State, nation: Nation, order: IntelOperation, other: str | None) -> str:
    if other is None or not other:
        raise refuse(order, "intel_no_target_nation", f"{order.code} is aimed at another nation: name it")
    if other == nation.id:
        raise refuse(order, "intel_own_nation", f"{order.code} is aimed at another nation, not your own")
    if other not in state.nations:
        raise refuse(order, "intel_unknown_nation", f"there is no nation {other!r}")
    return other


def _own_leader(state: State, nation: Nation, order: IntelOperation, leader_id: str) -> None:
    leader = state.leaders.get(leader_id)
    if leader is None or leader.nation != nation.id:
        raise refuse(order, "intel_not_your_leader", f"{nation.name} has no leader {leader_id!r}")


def _check_target(state: State, nation: Nation, order: IntelOperation) -> None:
    target = TABLE_7_1[order.code][3]
    if target in HOSTILE_TARGETS or (order.code == "PI" and order.target_nation is not None):
        # a Purge may name the nation it suspects ([L7065-7080]); it need not
        _nation_named(state, nation, order, order.target_nation)
    elif order.target_nation is not None and order.code in ("BA", "CA", "CI", "CF", "SO"):
        raise refuse(order, "intel_no_target_nation_here", f"{order.code} protects or serves your own nation")
    allowed = {
        "enemy_sector": SECTORS + SI_TARGETS if order.code == "MI" else SECTORS,
        "own_sector": SECTORS,
        "enemy_infiltration": SECTORS,
        "organization": ORGANIZATIONS,
        "intel_base": INTEL_BASE,
        "assassin_base": ASSASSIN_BASE,
        "op_type": tuple(c for c in TABLE_7_1 if c != "CI"),
    }.get(target)
    if allowed is not None and order.target not in allowed:
        raise refuse(order, "intel_bad_target", f"{order.code}'s target is one of {', '.join(allowed)}")
    if target == "own_leader":
        _own_leader(state, nation, order, order.target)
    if target == "shipment":
        # [L7165-7170] "The two nations must be specified in the sub-descriptor"
        other = _nation_named(state, nation, order, order.target)
        if other == order.target_nation:
            raise refuse(order, "intel_bad_target", "SGS names the two nations between which the gold moves")
    if target in ("subverted",) and not order.detail.strip():
        # [L7093-7097] "The player issuing the order must specify where, exactly, the rearranged moneys are to go"
        raise refuse(order, "intel_no_detail", f"{order.code} must say exactly what is to change (`detail`)")
    free = target in ("chain", "subverted", "enemy_nation", "treasury", "captured_leader") or (
        target == "revolt" and order.held_in_hand
    )
    if not free and allowed is None and not order.target.strip():
        raise refuse(order, "intel_no_target", f"name {order.code}'s target ({target.replace('_', ' ')})")


def _check_infiltration(state: State, nation: Nation, order: IntelOperation) -> None:
    """The seat's own infiltrations: an MI maintains one it holds ([L7050-7054]); a Subvert Infiltration targets
    one it has detected ([L7216-7219] "Target: Detected infiltrations"); RE needs a subverted Government and RO a
    subverted Espionage Service ([L6952-6960], [L7086-7088])."""
    records, other = state.intel.infiltrations, order.target_nation or ""
    if order.code == "MI" and mi_key(nation.id, other, order.target) not in records:
        why = f"{nation.name} holds no infiltration {order.target!r} of {other} to maintain ([L7050-7054])"
        raise refuse(order, "intel_no_infiltration", why)
    if order.code == "SI":
        found = records.get(key(other, nation.id, order.target))
        if found is None or not found.detected:
            raise refuse(
                order,
                "intel_not_detected",
                f"{nation.name} has detected no infiltration of its {order.target} sector by {other} ([L7216-7219])",
            )
    if order.code in NEEDS_SUBVERTED:
        sector = NEEDS_SUBVERTED[order.code]
        held = records.get(key(nation.id, other, sector))
        if held is None or not subverted(held):
            raise refuse(
                order,
                "intel_not_subverted",
                f"{order.code} needs {other}'s {sector} sector subverted (infiltration 10 or more, [L6952-6960])",
            )


def _check_leaders(state: State, nation: Nation, order: IntelOperation, form: list[Order]) -> None:
    """[L6727-6737] an Heir, Prince, Lieutenant, Bishop or Full Allied leader acts as one Operations point or one
    bonus point by his Espionage action: one point per leader per turn (it is one action)."""
    mine = [x for x in (order.leader, *order.bonus_leaders) if x is not None]
    if mine and capacity_of(state, order.code, order.capacity) == "ac":
        why = "a leader's Espionage is an Intel Operations or Bonus point, not an Assassin one ([L6727-6731])"
        raise refuse(order, "intel_leader_not_assassin", why)
    for leader_id in mine:
        _own_leader(state, nation, order, leader_id)
        if state.leaders[leader_id].type not in ESPIONAGE_LEADERS:
            raise refuse(
                order, "intel_not_a_spy", "only an Heir, Prince, Lieutenant, Bishop or Full Ally spies ([L5830-5836])"
            )
    used = [x for o in ops_of(form) if o.line != order.line for x in (o.leader, *o.bonus_leaders) if x is not None]
    twice = sorted({x for x in mine if x in used or mine.count(x) > 1})
    if twice:
        raise refuse(order, "intel_leader_twice", f"{', '.join(twice)}: one Espionage action gives one point a turn")


def _check_chain(order: IntelOperation, form: list[Order]) -> None:
    if order.chain is None:
        return
    head = next((o for o in ops_of(form) if o.line == order.chain), None)
    if head is None or head.code != "SO":
        raise refuse(order, "intel_no_special_op", f"line {order.chain!r} is not a Special Operation (SO) line")


def check_allotment(state: State, nation: Nation, order: IntelOperation, form: list[Order]) -> None:
    """[L6641-6653] each operation takes at least one capacity point (OC, or AC for Assassin ops; a leader's
    Espionage stands in for it); bonus points (OB, AB) are discrete, each on one operation a turn."""
    used = {"oc": 0, "ob": 0, "ac": 0, "ab": 0}
    for op in ops_of(form):
        kind = capacity_of(state, op.code, op.capacity)
        if op.leader is None:
            used[kind] += 1
        used["ob" if kind == "oc" else "ab"] += op.bonus
    have = {"oc": nation.oc, "ob": nation.ob, "ac": nation.ac, "ab": nation.ab}
    over = [f"{k.upper()} {used[k]} > {have[k]}" for k in ("oc", "ob", "ac", "ab") if used[k] > have[k]]
    if over:
        raise refuse(
            order, "intel_over_capacity", f"the form allots {', '.join(over)} ({nation.name}'s ratings); [L6641-6653]"
        )
