"""R5, the covert operations (`turn/cycle.py` runs it after the musters, before the itineraries): every intel line
of every form, re-checked, becomes an `intel_op` adjudication item with every input computed and a recorded 2d6.

Table 7-1 gives only qualitative odds (always, high, medium, low: [L6694-6726]), modified by the bonus points
([L6648-6653]), the action range ([L6739-6761]), a missing target location ([L6678-6683]) and the target's
counter-operations; the engine computes those and the GM rules (`intel/decide.py`). It proposes a result only
where the rulebook gives one: `success` for an operation that always succeeds (MI, SO), `blocked` for one met by
a counter-operation in force (confirmable once the GM rules that counter-operation a success).

Proposals: an operation met by a counter-operation in force is proposed `blocked`, and `detected` (the target learns
what was tried and by whom: a Conceal Fact "in concert" is what keeps "the target nation" from figuring "who,
exactly, is behind" it, [L6908-6913], [L6922-6925]) or `noticed` when a Conceal Fact is chained with it in the
same Special Operation. A Crush Revolt (held in hand or aimed at a place or leader) is proposed `not_run`: it is
"used" on a revolt of the turn the GM names when he settles it ([L6865-6870]). Every unmaintained infiltration
gets its decay item here too (`intel/infiltration.py`).

Resolution-time checks (an `OrderFailed`, not a refusal): a leader named for Espionage must have an `act ES` step
in his itinerary on the same form ([L5830-5852]); a Special Operation must chain at least one operation, and runs
on AC only if one of them is an Assassin operation ([L7142-7146]).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final, Literal, Protocol

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.intel import check, infiltration
from domain.rulesets.lote.intel.events import IntelOperationRaised
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.intel.records import IntelOp
from domain.rulesets.lote.intel.rules import (
    ASSASSIN_TARGETS,
    CA_COUNTERS,
    CR_COUNTERS,
    HOSTILE_TARGETS,
    ROYAL,
    TABLE_7_1,
    action_range,
    capacity_of,
)
from domain.rulesets.lote.intel.trace import EXTRA, bases, distance
from domain.rulesets.lote.model.events import AdjudicationRaised, OrderFailed
from domain.rulesets.lote.model.orders import GiveItinerary, Order
from domain.rulesets.lote.model.places import region_of
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.scenario.enums import dec

KIND: Final[Literal["intel_op"]] = "intel_op"
PLACE_TARGETS = frozenset({"enemy_place", "location", "diplomacy_place", "revolt"})
LEADER_TARGETS = frozenset({"enemy_leader", "enemy_ruler", "enemy_army", "captured_leader", "own_leader"})
OUTCOMES = "result success | failure | blocked | not_run; detection hidden | noticed | detected | blown"


class Runner(Protocol):
    state: State
    ctx: DecisionContext

    def emit(self, event: Any) -> None: ...


def item_id(turn: int, nation: str, line: str) -> str:
    return f"t{turn}-{nation}-intel-{line}"


def _lines(state: State, nid: str) -> list[Order]:
    form = state.forms.get(nid)
    return list(form.lines.values()) if form is not None else []


def espionage_step(state: State, nid: str, leader_id: str) -> tuple[str | None, int] | None:
    """Where the leader's itinerary on the form performs its Espionage action (`act ES`) and the AP it adds to the
    base 8 (`ES+16`, [L5846-5849]); None if it has none."""
    leader = state.leaders.get(leader_id)
    plan = next((o for o in _lines(state, nid) if isinstance(o, GiveItinerary) and o.army == leader_id), None)
    if leader is None or plan is None:
        return None
    here = region_of(state, leader.location)
    for step in plan.steps:
        if step.kind in ("move", "sail", "land"):
            here = region_of(state, step.to) or here
        elif step.kind == "act" and step.action == "ES":
            return here, step.extra
    return None


def espionage_place(state: State, nid: str, leader_id: str) -> str | None:
    found = espionage_step(state, nid, leader_id)
    return None if found is None else found[0]


def _fail(run: Runner, nid: str, order: IntelOperation, reason: str, message: str) -> None:
    failed = check.refuse(order, reason, message)
    run.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))


def _valid(run: Runner, nid: str, order: IntelOperation) -> bool:
    state = run.state
    try:
        check.check_line(state, state.nations[nid], order, _lines(state, nid))
    except Rejected as failed:
        run.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))
        return False
    for leader in (order.leader, *order.bonus_leaders):
        if leader is not None and espionage_step(state, nid, leader) is None:
            why = f"{leader} has no `act ES` step in his itinerary: no Espionage action ([L5830-5852])"
            _fail(run, nid, order, "intel_no_espionage", why)
            return False
    if order.code == "SO":
        chained = [o for o in check.ops_of(_lines(state, nid)) if o.chain == order.line]
        if not chained:
            _fail(run, nid, order, "intel_empty_chain", "a Special Operation chains other operations ([L7132-7146])")
            return False
        assassin = any(capacity_of(state, o.code, o.capacity) == "ac" for o in chained)
        if capacity_of(state, "SO", order.capacity) == "ac" and not assassin:
            why = "an SO runs on AC only if it includes an Assassin operation ([L7144-7146])"
            _fail(run, nid, order, "intel_so_needs_assassin", why)
            return False
    return True


def _traced_to(state: State, order: IntelOperation) -> str | None:
    """The place the range is traced to: the place named, or the target's own (GM-known) whereabouts."""
    target = TABLE_7_1[order.code][3]
    if order.location is not None:
        return region_of(state, order.location)
    if target in PLACE_TARGETS:
        return region_of(state, order.target)
    if target in LEADER_TARGETS and order.target in state.leaders:
        return region_of(state, state.leaders[order.target].location)
    if target == "treasury" and order.target_nation in state.nations:
        nation = state.nations[order.target_nation]
        return region_of(state, nation.treasury or nation.capital)
    return None


def counters_of(state: State, order: IntelOperation, counter_ops: list[tuple[str, IntelOperation]]) -> tuple[str, ...]:
    """The target nation's counter-operations in force against `order`: a CI of its type ([L6813-6834]), a CA on
    the leader it strikes ([L6802-6811], [L7012-7048]), a CR against Cause Mutiny or Cause Unrest ([L6872-6900])."""
    found = []
    for nid, c in counter_ops:
        if nid != order.target_nation:
            continue
        if c.code == "CI" and c.target == order.code:
            found.append(item_id(state.turn, nid, c.line))
        elif c.code == "CA" and order.code in CA_COUNTERS and c.target == order.target:
            found.append(item_id(state.turn, nid, c.line))
        elif c.code == "CR" and order.code in CR_COUNTERS and (c.held_in_hand or c.target == order.target):
            found.append(item_id(state.turn, nid, c.line))
    return tuple(found)


def build_op(
    state: State, nid: str, order: IntelOperation, counters: tuple[str, ...], rolls: tuple[int, ...]
) -> IntelOp:
    nation = state.nations[nid]
    code, target = order.code, TABLE_7_1[order.code][3]
    ar = action_range(state, nation)
    traced = _traced_to(state, order) if target in HOSTILE_TARGETS | PLACE_TARGETS else None
    starts = bases(state, nation)
    step = espionage_step(state, nid, order.leader) if order.leader is not None else None
    if step is not None and step[0] is not None:
        starts |= {step[0]}
    cost = distance(state, nation.culture, starts, traced, Fraction(ar + EXTRA)) if traced else None
    return IntelOp(
        item_id=item_id(state.turn, nid, order.line),
        turn=state.turn,
        nation=nid,
        line=order.line,
        code=code,
        capacity="leader" if order.leader is not None else capacity_of(state, code, order.capacity),
        bonus=order.bonus,
        odds=TABLE_7_1[code][2],
        target_nation=order.target_nation,
        target=order.target,
        sector=order.target if target in ("enemy_sector", "own_sector", "enemy_infiltration") else None,
        location=order.location,
        detail=order.detail,
        leader=order.leader,
        bonus_leaders=tuple(order.bonus_leaders),
        chain=item_id(state.turn, nid, order.chain) if order.chain is not None else None,
        held_in_hand=order.held_in_hand,
        base=None,
        range_ap=cost,
        action_range=ar,
        in_range=None if traced is None else (cost is not None and cost <= ar),
        location_known=order.location is not None or target not in ASSASSIN_TARGETS,
        counters=counters,
        rolls=rolls,
        espionage_extra=step[1] if step is not None else 0,
    )


def proposal(op: IntelOp, concealed: bool = False) -> str:
    """The engine's proposal: `result/detection` where the rulebook gives it, else `ruling` (the module docstring)."""
    if op.code == "CR":
        return "not_run/hidden"
    if op.counters:
        return "blocked/noticed" if concealed else "blocked/detected"
    return "success/hidden" if op.odds == "always" else "ruling"


def explain(state: State, op: IntelOp) -> str:
    nation = state.nations[op.nation]
    kind = {"oc": "1 OC", "ac": "1 AC", "leader": f"{op.leader}'s Espionage"}[op.capacity]
    points = "OB" if TABLE_7_1[op.code][0] != "ac" and op.capacity != "ac" else "AB"
    parts = [
        f"[Table 7-1] {op.code}, odds {op.odds}: {nation.name} (TL {nation.tech_level}; OC {nation.oc}, OB "
        f"{nation.ob}, AC {nation.ac}, AB {nation.ab}) runs it on {kind} + {op.bonus} {points}"
        + (
            f" + {len(op.bonus_leaders)} leader bonus point(s) ({', '.join(op.bonus_leaders)})"
            if op.bonus_leaders
            else ""
        ),
        f"target: {op.target_nation or '-'} / {op.target or '-'}" + (f" : {op.detail}" if op.detail else ""),
    ]
    for leader_id in (op.leader, *op.bonus_leaders):
        if leader_id is not None and leader_id in state.leaders:
            x = state.leaders[leader_id]
            place, extra = espionage_step(state, op.nation, leader_id) or (None, 0)
            parts.append(
                f"Espionage [L5830-5852]: {x.name} ({x.type}, Charisma {x.charisma}) at {place}, ES+{extra} "
                f"({8 + extra} AP)"
            )
    parts.append(_range_note(op))
    parts += _target_notes(state, op)
    if op.counters:
        parts.append(f"counter-operations in force: {', '.join(op.counters)} (blocked if the GM rules them a success)")
    if op.chain:
        parts.append(f"chained in the Special Operation {op.chain} [L7132-7159]")
        parts += _chain_notes(state, op)
    parts += _counter_notes(state, op)
    parts += infiltration.notes(state, op)
    parts.append(f"2d6 = {sum(op.rolls)} (Table 7-1 prints no numbers: the GM reads it against these inputs)")
    parts.append(f"rule: {OUTCOMES}")
    return "; ".join(p for p in parts if p)


def _range_note(op: IntelOp) -> str:
    if op.in_range is None:
        return "range: nothing to trace to"
    if op.range_ap is None:
        return f"range: more than {op.action_range + EXTRA} AP from any base, beyond Action Range {op.action_range}"
    where = "within" if op.in_range else "beyond (a lower chance, [L1509-1519])"
    return f"range [L6739-6761]: {dec(op.range_ap)} AP from the nearest base, {where} Action Range {op.action_range}"


def _target_notes(state: State, op: IntelOp) -> list[str]:
    notes = []
    target = TABLE_7_1[op.code][3]
    if target in ("enemy_leader", "enemy_ruler", "enemy_army"):
        x = state.leaders.get(op.target)
        if x is None or x.nation != op.target_nation:
            notes.append(f"{op.target_nation} has no leader {op.target!r}: the operation finds no one")
        else:
            notes.append(f"the target {x.name} ({x.type}) is at {x.location}")
            if op.code == "KL" and x.type in ROYAL:
                notes.append("KL takes non-royal leaders; a King or Heir is KK's ([L7022-7048])")
            if op.code == "KK" and x.type not in ROYAL:
                notes.append("KK takes a King or Heir ([L7036-7048])")
    if not op.location_known:
        notes.append("no location named: a negative modifier ([L6678-6683])")
    if op.code == "ST" and op.location is None:
        notes.append("the treasury's location must be known for ST to work ([L7210-7212])")
    if op.code == "SK" and op.target_nation in state.nations:
        theirs = state.nations[op.target_nation].tech_level
        if theirs <= state.nations[op.nation].tech_level:
            notes.append(f"{op.target_nation}'s TL {theirs} is not higher: nothing to steal ([L7190-7200])")
    return notes


def _chain_notes(state: State, op: IntelOp) -> list[str]:
    """[L6678-6683] an RF chained before an assassination "so as to first locate the target, and then terminate";
    [L6908-6913] a Conceal Fact "in concert" hides who is behind it."""
    mates = [
        o for o in check.ops_of(_lines(state, op.nation))
        if o.chain is not None and item_id(state.turn, op.nation, o.chain) == op.chain and o.line != op.line
    ]  # fmt: skip
    notes = []
    if not op.location_known and any(o.code == "RF" for o in mates):
        notes.append("a Reveal Fact in the same Special Operation may locate the target first ([L6678-6683])")
    if any(o.code == "CF" for o in mates):
        notes.append("a Conceal Fact in the same Special Operation: if detected, the target need not learn by whom")
    return notes


def _counter_notes(state: State, op: IntelOp) -> list[str]:
    """Concealments a Reveal Fact meets ([L6840-6843]); what a Crush Revolt may be used on ([L6865-6870])."""
    if op.code == "RF":
        hidden = [
            item_id(state.turn, nid, o.line) for nid in sorted(state.nations) for o in check.ops_of(_lines(state, nid))
            if o.code == "CF" and nid != op.nation and op.target_nation in (None, nid)
        ]  # fmt: skip
        if hidden:
            listed = ", ".join(hidden)
            return [f"Conceal Fact(s) in force ({listed}): a datum they protect is not revealed ([L6840-6843])"]
    if op.code == "CR":
        aim = "held in hand for any revolt" if op.held_in_hand else f"against a revolt of {op.target}"
        return [
            f"Crush Revolt {aim} this turn: one CR suppresses one revolt ([L6865-6870]); settle it naming the revolt "
            "(`revolt`: a revolt check's item, or a Cause Unrest / Cause Mutiny against the nation) or not_run"
        ]
    return []


def _concealed(state: State, nid: str, order: IntelOperation, valid: list[tuple[str, IntelOperation]]) -> bool:
    """Whether a Conceal Fact is chained in the same Special Operation as the line ([L6908-6913])."""
    return order.chain is not None and any(
        n == nid and o.code == "CF" and o.chain == order.chain and o.line != order.line for n, o in valid
    )


def r5_decay(run: Runner, valid: list[tuple[str, IntelOperation]]) -> None:
    """[L7054-7058] an infiltration no MI line names this turn degrades: an item for the GM, with 2d6 recorded."""
    state = run.state
    named = [infiltration.mi_key(nid, o.target_nation, o.target) for nid, o in valid if o.code == "MI"]
    for x in infiltration.unmaintained(state, named):
        key = infiltration.key_of(x)
        rolls = run.ctx.dice.roll(f"infiltration:{key}", 2, 6, visible_to=())  # GM-only
        item = Adjudication(
            item_id=infiltration.decay_item_id(state.turn, x),
            turn=state.turn,
            nation=x.owner,
            kind=infiltration.DECAY_KIND,
            subject=key,
            proposal="1/hidden",
            explanation=infiltration.decay_explanation(state, x) + f"; 2d6 = {sum(rolls)}",
            rolls=tuple(rolls),
        )
        run.emit(AdjudicationRaised(item=item))


def r5_operations(run: Runner) -> None:
    """Every valid intel line of every nation becomes an `intel_op` item (SO lines before the ones they chain)."""
    state = run.state
    valid: list[tuple[str, IntelOperation]] = []
    for nid in state.nations:
        for order in check.ops_of(_lines(state, nid)):
            if _valid(run, nid, order):
                valid.append((nid, order))
    r5_decay(run, valid)
    counter_ops = [(nid, o) for nid, o in valid if o.code in ("CI", "CA", "CR")]
    for nid, order in sorted(valid, key=lambda x: (x[0], x[1].code != "SO", x[1].line)):
        rolls = run.ctx.dice.roll(f"intel:{nid}:{order.line}", 2, 6, visible_to=())  # GM-only
        op = build_op(run.state, nid, order, counters_of(run.state, order, counter_ops), tuple(rolls))
        run.emit(IntelOperationRaised(op=op))
        item = Adjudication(
            item_id=op.item_id,
            turn=op.turn,
            nation=nid,
            kind=KIND,
            subject=order.line,
            proposal=proposal(op, _concealed(run.state, nid, order, valid)),
            explanation=explain(run.state, op),
            rolls=op.rolls,
        )
        run.emit(AdjudicationRaised(item=item))
