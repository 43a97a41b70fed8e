"""The GM settles an operation's item: `SettleIntelOperation` (his result and detection, with a reason), or
`ConfirmAdjudication` where the engine's proposal stands on the rulebook (an operation that always succeeds, or
one met by a counter-operation the GM has already ruled a success). `OverrideAdjudication` is refused: the
ruling has parts (result, detection, levels), so it is the typed command.
"""

from __future__ import annotations

from domain.engine import Rejected
from domain.rulesets.lote.intel.commands import SettleIntelOperation
from domain.rulesets.lote.intel.events import IntelOperationSettled
from domain.rulesets.lote.intel.records import IntelOp
from domain.rulesets.lote.model.state import Adjudication, State

KIND = "intel_op"
BLOCKERS = frozenset({"CI", "CA", "CR"})  # the counter-operations ([L6802-6870])


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
    if command.levels and op.code not in ("IE", "MI", "SI", "PI"):
        raise Rejected("lote.intel_no_levels", "Only IE, MI, SI and PI move an infiltration's level (§7.3.11).")
    failed = tuple(command.espionage_failed)
    return [_settled(op, command.result, command.detection, reason, command.levels, command.effect, failed)]


def proposal_outcome(state: State, op: IntelOp, proposal: str) -> tuple[str, str] | None:
    """The (result, detection) of the engine's proposal, if the rulebook settles it; None if it is the GM's."""
    result, _, detection = proposal.partition("/")
    if result == "success" and op.odds == "always":
        return (result, detection)  # [L6713] MI, [L6718] SO: "always"
    if result == "blocked":
        ruled = [state.intel.ops.get(c) for c in op.counters]
        if any(c is not None and c.result == "success" for c in ruled):
            return (result, detection)  # a counter-operation the GM ruled a success blocks it ([L6813-6834])
    return None


def confirm(state: State, item: Adjudication, reason: str) -> list[object]:
    _, op = _pending(state, item.item_id)
    settled = proposal_outcome(state, op, item.proposal)
    if settled is None:
        raise Rejected(
            "lote.intel_needs_ruling",
            f"Table 7-1 gives {op.code} only '{op.odds}' odds: settle it with SettleIntelOperation (result, "
            "detection, reason); a blocked operation needs its counter-operation ruled a success first.",
        )
    return [_settled(op, settled[0], settled[1], reason or "the engine's proposal")]
