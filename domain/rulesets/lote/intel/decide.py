"""The GM settles an operation's item: `SettleIntelOperation` (his result and detection, with a reason), or
`ConfirmAdjudication` where the engine's proposal stands on the rulebook (an operation that always succeeds, one
met by a counter-operation the GM has already ruled a success, a Crush Revolt with no revolt to crush).
`OverrideAdjudication` is refused: the ruling has parts (result, detection, levels), so it is the typed command.
An unmaintained infiltration's item is ruled with `RuleInfiltrationDecay` (or confirmed: one level, unnoticed).

What a ruling must hold, by operation:
- levels ([L6933-6936], [L7054-7058]): an IE or SI ruled a success raises its infiltration by 1 or more levels;
  an MI ruled anything but a success degrades its infiltration by 1 or more (`levels` -1 or less); a PI ruled a
  success takes 0 or more off; nothing else moves a level;
- a Crush Revolt ruled a success or a failure names the revolt it was used on (`revolt`): a revolt check or a
  garrison revolt of its nation this turn, or a Cause Unrest / Cause Mutiny it counters; one CR, one revolt, and
  a revolt takes one CR ([L6865-6870]); a CR aimed at a place or leader only at that one's revolt;
- an operation chained in a Special Operation the GM ruled `not_run` was never run ([L7132-7146]);
- `misinformation` (the effect he wrote is false) only on a Reveal Fact ([L7124-7127]).
"""

from __future__ import annotations

from typing import assert_never

from domain.engine import Rejected
from domain.rulesets.lote.intel import misinformation
from domain.rulesets.lote.intel.commands import (
    ConcealFact,
    FeedMisinformation,
    IntelCommand,
    PlantMisinformation,
    RuleInfiltrationDecay,
    SettleIntelOperation,
)
from domain.rulesets.lote.intel.events import InfiltrationDecayed, IntelOperationSettled
from domain.rulesets.lote.intel.infiltration import DECAY_KIND
from domain.rulesets.lote.intel.records import IntelOp
from domain.rulesets.lote.model.state import Adjudication, State

KIND = "intel_op"
KINDS = frozenset({KIND, DECAY_KIND})
BLOCKERS = frozenset({"CI", "CA", "CR"})  # the counter-operations ([L6802-6870])
# the revolts a Crush Revolt may meet ([L6865-6870]): adjudication kinds and the outcome that is a revolt
REVOLT_ITEMS = {"revolt_check": "revolts", "garrison": "revolt"}


def _reason(reason: str) -> str:
    if not reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    return reason


def _pending(state: State, item_id: str) -> tuple[Adjudication, IntelOp]:
    item = state.adjudications.get(item_id)
    op = state.intel.ops.get(item_id)
    if item is None or op is None or item.kind != KIND:
        raise Rejected("lote.unknown_item", f"There is no intel operation item {item_id!r}.")
    if item.outcome is not None:
        raise Rejected("lote.already_decided", f"Item {item_id!r} was decided: {item.outcome}.", status=409)
    return item, op


def _settled(
    op: IntelOp,
    result: str,
    detection: str,
    reason: str,
    levels: int = 0,
    effect: str = "",
    failed: tuple[str, ...] = (),
    revolt: str = "",
    misinformation: bool = False,
) -> IntelOperationSettled:
    return IntelOperationSettled(
        item_id=op.item_id,
        turn=op.turn,
        nation=op.nation,
        code=op.code,
        result=result,
        detection=detection,
        reason=reason,
        target_nation=op.target_nation,
        target=op.target,
        sector=op.sector,
        location=op.location,
        levels=levels,
        effect=effect,
        espionage_failed=failed,
        revolt=revolt,
        misinformation=misinformation,
    )


def revolts_for(state: State, cr: IntelOp, pending: bool = False) -> dict[str, str]:
    """The revolts of the turn a Crush Revolt may be used on (item id -> what revolts): the nation's revolt checks
    and garrison revolts the GM ruled revolts (with `pending`, also those not ruled yet), and the Cause Unrest /
    Cause Mutiny operations it counters. A CR aimed at a place or leader meets only that one's revolt; one held in
    hand, any ([L6865-6870]). A check must revolt before a CR meets it: a seat never sees a revolt check that held
    (`control/revolts.py`), so its CR may not name one."""
    found: dict[str, str] = {}
    for item in state.adjudications.values():
        revolts = REVOLT_ITEMS.get(item.kind)
        if revolts is None or item.nation != cr.nation or item.turn != cr.turn:
            continue
        if item.outcome != revolts and not (pending and item.outcome is None):
            continue
        if cr.held_in_hand or item.subject.partition(":")[2] == cr.target:
            found[item.item_id] = item.subject
    for op in state.intel.ops.values():
        if op.turn == cr.turn and cr.item_id in op.counters:
            found[op.item_id] = f"{op.code} against {op.target}"
    return found


def crushed(state: State, revolt_id: str) -> bool:
    """Whether a Crush Revolt ruled a success was used on this revolt: it keeps the place's old status, or the
    leader arrested and his army from mutiny ([L6855-6862]); the revolt's own effects do not apply."""
    return any(o.code == "CR" and o.result == "success" and o.revolt == revolt_id for o in state.intel.ops.values())


def _taken(state: State, cr: IntelOp, revolt_id: str) -> str | None:
    for o in state.intel.ops.values():
        if o.code == "CR" and o.item_id != cr.item_id and o.revolt == revolt_id and o.result:
            return o.item_id
    return None


def _check_revolt(state: State, op: IntelOp, command: SettleIntelOperation) -> None:
    if op.code != "CR" or command.result not in ("success", "failure"):
        if command.revolt:
            raise Rejected(
                "lote.intel_revolt",
                "Only a Crush Revolt ruled a success or a failure was used on a revolt; leave `revolt` empty.",
            )
        return
    candidates = revolts_for(state, op)
    listed = "; ".join(f"{k} ({v})" for k, v in sorted(candidates.items())) or "none"
    if not command.revolt:
        raise Rejected(
            "lote.intel_cr_needs_revolt",
            f"A Crush Revolt that ran was used on one revolt ([L6865-6870]): name it in `revolt` (this turn: {listed})"
            ", or rule it not_run.",
        )
    if command.revolt not in candidates:
        raise Rejected(
            "lote.intel_no_such_revolt",
            f"{command.revolt!r} is not a revolt {op.item_id} can meet this turn (they are: {listed}).",
        )
    other = _taken(state, op, command.revolt)
    if other is not None:
        raise Rejected(
            "lote.intel_revolt_taken",
            f"{other} was already used on {command.revolt}: one running CR suppresses one revolt ([L6865-6870]).",
        )


def _check_levels(op: IntelOp, command: SettleIntelOperation) -> None:
    levels, ok = command.levels, command.result == "success"
    if op.code not in ("IE", "MI", "SI", "PI"):
        if levels:
            raise Rejected("lote.intel_no_levels", "Only IE, MI, SI and PI move an infiltration's level (§7.3.11).")
        return
    if op.code in ("IE", "SI") and ok and levels < 1:
        raise Rejected(
            "lote.intel_levels_needed",
            f"A successful {op.code} raises the infiltration: give the levels it gains (1 or more, [L6933-6936]).",
        )
    if op.code == "MI" and not ok and levels > -1:
        raise Rejected(
            "lote.intel_levels_needed",
            "An infiltration its MI did not support 'degrades one or more levels' ([L7054-7058]): levels -1 or less.",
        )
    wrong = (
        (op.code in ("IE", "SI") and not ok and levels != 0)
        or (op.code == "MI" and ok and levels != 0)
        or (op.code == "PI" and (levels > 0 or (not ok and levels != 0)))
    )
    if wrong:
        raise Rejected(
            "lote.intel_bad_levels",
            f"{op.code} ruled {command.result} moves no level that way: IE and SI gain levels on a success, an MI "
            "that fails loses them, a successful PI takes them off (levels 0 or less).",
        )


def decide_settle(state: State, command: SettleIntelOperation) -> list[object]:
    _, op = _pending(state, command.item_id)
    reason = _reason(command.reason)
    if command.result == "blocked" and not op.counters:
        raise Rejected(
            "lote.intel_nothing_blocks",
            f"No counter-operation of {op.target_nation or 'the target'} was in force against {op.code} this turn "
            "(CI of its type [L6813-6834], CA on the leader [L6802-6811], CR [L6865-6870]): it is not 'blocked'.",
        )
    helpers = {x for x in (op.leader, *op.bonus_leaders) if x is not None}
    strangers = sorted(set(command.espionage_failed) - helpers)
    if strangers:
        raise Rejected(
            "lote.intel_not_a_helper",
            f"{', '.join(strangers)} did not run an Espionage action for {op.item_id} ([L6727-6737]).",
        )
    if op.leader is not None and op.leader in command.espionage_failed and command.result != "not_run":
        raise Rejected(
            "lote.intel_espionage_failed",
            f"{op.leader}'s Espionage failed, so the operation he was to run is lost ([L6733-6737]): 'not_run'.",
        )
    head = state.intel.ops.get(op.chain or "")
    if head is not None and head.result == "not_run" and command.result != "not_run":
        raise Rejected(
            "lote.intel_chain_not_run",
            f"The Special Operation {head.item_id} was never run, nor were the operations it chains: 'not_run'.",
        )
    if command.misinformation and op.code != "RF":
        raise Rejected(
            "lote.intel_misinformation_rf",
            "Only a Reveal Fact returns false information to its operator ([L7124-7127]); a Conceal Fact's "
            "misinformation is PlantMisinformation or FeedMisinformation.",
        )
    _check_levels(op, command)
    _check_revolt(state, op, command)
    failed = tuple(command.espionage_failed)
    return [
        _settled(
            op,
            command.result,
            command.detection,
            reason,
            command.levels,
            command.effect,
            failed,
            command.revolt,
            command.misinformation,
        )
    ]


def _blocks(counter: IntelOp | None, op: IntelOp) -> bool:
    """A counter-operation the GM ruled a success blocks the operation; a Crush Revolt only the one it was used on."""
    if counter is None or counter.result != "success":
        return False
    return counter.code != "CR" or counter.revolt == op.item_id


def proposal_outcome(state: State, op: IntelOp, proposal: str) -> tuple[str, str] | None:
    """The (result, detection) of the engine's proposal, if the rulebook settles it; None if it is the GM's."""
    result, _, detection = proposal.partition("/")
    if result == "success" and op.odds == "always":
        return (result, detection)  # [L6713] MI, [L6718] SO: "always"
    if result == "blocked" and any(_blocks(state.intel.ops.get(c), op) for c in op.counters):
        return (result, detection)  # a counter-operation the GM ruled a success blocks it ([L6813-6834])
    if result == "not_run" and op.code == "CR":
        return (result, detection)  # checked by `confirm`: no revolt this turn for it to meet
    return None


def confirm(state: State, item: Adjudication, reason: str) -> list[object]:
    if item.kind == DECAY_KIND:
        return [_decayed(state, item, 1, "hidden", reason or "the engine's proposal: one level, unnoticed")]
    _, op = _pending(state, item.item_id)
    settled = proposal_outcome(state, op, item.proposal)
    if settled is None:
        raise Rejected(
            "lote.intel_needs_ruling",
            f"Table 7-1 gives {op.code} only '{op.odds}' odds: settle it with SettleIntelOperation (result, "
            "detection, reason); a blocked operation needs its counter-operation ruled a success first.",
        )
    if op.code == "CR":
        open_revolts = [k for k in revolts_for(state, op, pending=True) if _taken(state, op, k) is None]
        if open_revolts:
            raise Rejected(
                "lote.intel_revolt_to_crush",
                f"{op.item_id} is in force and these revolts may call on it: {', '.join(sorted(open_revolts))} "
                "([L6865-6870]): settle it with SettleIntelOperation naming the one it met (`revolt`).",
            )
    head = state.intel.ops.get(op.chain or "")
    if head is not None and head.result == "not_run" and settled[0] != "not_run":
        raise Rejected("lote.intel_chain_not_run", f"The Special Operation {head.item_id} was never run.")
    return [_settled(op, settled[0], settled[1], reason or "the engine's proposal")]


def _decayed(state: State, item: Adjudication, levels: int, detection: str, reason: str) -> InfiltrationDecayed:
    owner, _, rest = item.subject.partition(">")
    target, _, sector = rest.partition(":")
    sector, _, kind = sector.partition(":")
    return InfiltrationDecayed(
        item_id=item.item_id,
        turn=item.turn,
        key=item.subject,
        owner=owner,
        target=target,
        sector=sector,
        levels=levels,
        detection=detection,
        reason=reason,
        kind="si" if kind == "si" else "ie",
    )


def decide_decay(state: State, command: RuleInfiltrationDecay) -> list[object]:
    item = state.adjudications.get(command.item_id)
    if item is None or item.kind != DECAY_KIND:
        raise Rejected("lote.unknown_item", f"There is no infiltration decay item {command.item_id!r}.")
    if item.outcome is not None:
        raise Rejected("lote.already_decided", f"Item {command.item_id!r} was decided: {item.outcome}.", status=409)
    return [_decayed(state, item, command.levels, command.detection, _reason(command.reason))]


def decide_intel(state: State, command: IntelCommand) -> list[object]:
    """The GM's intel commands."""
    match command:
        case SettleIntelOperation():
            return decide_settle(state, command)
        case RuleInfiltrationDecay():
            return decide_decay(state, command)
        case ConcealFact():
            return misinformation.decide_conceal(state, command)
        case PlantMisinformation():
            return misinformation.decide_plant(state, command)
        case FeedMisinformation():
            return misinformation.decide_feed(state, command)
        case _:
            assert_never(command)
