"""The GM's religion commands and rulings.

- `SettleReligiousOperation` settles a `religious_op` item (result, detection, change, reason) and applies what a
  success moves (`faith.py`); `ConfirmAdjudication` settles only what the rulebook settles (Maintain Influence
  "automatically succeeds", [L7559-7563]); `OverrideAdjudication` is refused there (the ruling has parts).
- The other religion items take `ConfirmAdjudication` (the engine's proposal) or `OverrideAdjudication` with one
  of their outcomes (`OUTCOMES`; a conversion's share is a whole percent, 0 to 100); a proposal of "ruling" is
  the GM's to rule.
- `Excommunicate`, `LiftExcommunication`, `LayInterdict`, `LiftInterdict`: `sanctions.py`.
"""

from __future__ import annotations

from domain.engine import Rejected
from domain.engine.bounds import whole_number
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.religion import sanctions
from domain.rulesets.lote.religion.check import known_religions
from domain.rulesets.lote.religion.commands import (
    ConvertPlace,
    Excommunicate,
    LayInterdict,
    LiftExcommunication,
    LiftInterdict,
    ReligionCommand,
    SettleReligiousOperation,
)
from domain.rulesets.lote.religion.events import (
    InfluenceChanged,
    LeaderConverted,
    MinoritiesSet,
    PlaceConverted,
    PrimateInfluenceChanged,
    ReligiousOperationSettled,
)
from domain.rulesets.lote.religion.faith import convert_share, holders_of, influence_change, rs_change
from domain.rulesets.lote.religion.records import RelOp
from domain.rulesets.lote.religion.rules import place_religion

KIND = "religious_op"
RULING = "ruling"
OUTCOMES: dict[str, tuple[str, ...]] = {
    "religious_revolt": ("holds", "revolts"),
    "colony_revolt": ("holds", "revolts"),
    "nation_conversion": ("converted", "coup", "failed"),
    "minority_conversion": ("unchanged", "converted"),
}
KINDS = frozenset({KIND, "religious_conversion", *OUTCOMES})
CHANGES = frozenset({"RS", "LS", "IR", "II", "DI", "MW"})  # the codes whose success moves a number
INFLUENCE_MAX = 10


def _reason(reason: str) -> str:
    if not reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    return reason


def _pending(state: State, item_id: str) -> RelOp:
    item = state.adjudications.get(item_id)
    op = state.religion.ops.get(item_id)
    if item is None or op is None or item.kind != KIND:
        raise Rejected("lote.unknown_item", f"There is no religious operation item {item_id!r}.")
    if item.outcome is not None:
        raise Rejected("lote.already_decided", f"Item {item_id!r} was decided: {item.outcome}.", status=409)
    return op


def _place(state: State, name: str) -> bool:
    return name in state.regions or name in state.cities


def decide_religion(state: State, command: ReligionCommand) -> list[object]:
    match command:
        case SettleReligiousOperation():
            return decide_settle(state, command)
        case Excommunicate():
            return sanctions.excommunicate(state, command.nation, _reason(command.reason), command.leader)
        case LiftExcommunication():
            return sanctions.lift_excommunication(state, command.nation, _reason(command.reason), command.leader)
        case LayInterdict():
            return sanctions.interdict(state, command.nation, _reason(command.reason), list(command.regions))
        case LiftInterdict():
            return sanctions.lift_interdict(state, command.nation, _reason(command.reason))
        case ConvertPlace():
            return decide_convert_place(state, command)


def decide_convert_place(state: State, command: ConvertPlace) -> list[object]:
    if not _place(state, command.place):
        raise Rejected("lote.unknown_place", f"There is no region or city {command.place!r}.")
    if command.religion not in known_religions(state):
        raise Rejected("lote.unknown_religion", f"There is no religion {command.religion!r} (Table 8-3).")
    former = place_religion(state, command.place)
    if former == command.religion:
        raise Rejected("lote.already_of_religion", f"{command.place} is of {former} already.")
    who = holders_of(state, command.place)
    reason = _reason(command.reason)
    return [
        PlaceConverted(
            place=command.place, religion=command.religion, former=former, how="gm", reason=reason, holders=who
        ),
        MinoritiesSet(place=command.place, minorities=(), cause=reason, holders=who),
    ]


def decide_settle(state: State, command: SettleReligiousOperation) -> list[object]:
    op = _pending(state, command.item_id)
    reason = _reason(command.reason)
    if command.change and (command.result != "success" or op.code not in CHANGES):
        raise Rejected(
            "lote.relop_no_change",
            f"Only a successful RS, LS, IR, II, DI or MW moves a number; {op.code} ruled {command.result} moves none.",
        )
    mw_place = op.code == "MW" and _place(state, op.target)
    if command.result == "success" and mw_place and not command.change:
        raise Rejected(
            "lote.relop_change_needed",
            f"Missionaries in {op.target}: name the share of it converted (change, in percent; 100 converts it).",
        )
    if command.result == "success" and op.code == "MW" and not mw_place:
        leader = state.leaders.get(op.target)
        if leader is None or leader.nation != op.target_nation:
            raise Rejected("lote.relop_no_such_leader", f"{op.target_nation} has no leader {op.target!r}: 'not_run'.")
    settled = ReligiousOperationSettled(
        item_id=op.item_id,
        turn=op.turn,
        nation=op.nation,
        code=op.code,
        result=command.result,
        detection=command.detection,
        reason=reason,
        target_nation=op.target_nation,
        target=op.target,
        location=op.location,
        change=command.change,
        effect=command.effect,
    )
    effects = success_effects(state, op, command.change) if command.result == "success" else []
    return [settled, *effects]


def success_effects(state: State, op: RelOp, change: int) -> list[object]:
    """What a success moves ([L7481-7607]): one step unless the GM names more."""
    nation = state.nations.get(op.nation)
    target = state.nations.get(op.target_nation or "")
    step = max(change, 1)
    cause = op.item_id
    if nation is None:
        return []
    match op.code:
        case "RS" if target is not None:
            return list(rs_change(state, target, step, cause))
        case "LS" if target is not None:
            return list(rs_change(state, target, -step, cause))
        case "IR":
            return list(influence_change(state, nation, op.target, step, cause))
        case "MI":
            inf = state.religion.influence.get(f"{nation.id}>{op.target}")
            if inf is None:
                return []
            return [
                InfluenceChanged(
                    nation=inf.nation,
                    religion=inf.religion,
                    over=inf.over,
                    level=inf.level,
                    stage=inf.stage,
                    maintained=True,
                    turn=state.turn,
                    cause=cause,
                )
            ]
        case "II" if target is not None:
            level = min(INFLUENCE_MAX, target.primate_influence + step)
            return [PrimateInfluenceChanged(nation=target.id, level=level, cause=cause)]
        case "DI" if target is not None:
            return [
                PrimateInfluenceChanged(nation=target.id, level=max(0, target.primate_influence - step), cause=cause)
            ]
        case "MW" if _place(state, op.target):
            return list(convert_share(state, op.target, op.religion, op.nation, change, "missionaries", cause))
        case "MW":
            leader = state.leaders[op.target]
            return [
                LeaderConverted(leader=op.target, nation=leader.nation, religion=op.religion, by=op.nation, cause=cause)
            ]
    return []


def confirm_op(state: State, item: Adjudication, reason: str) -> list[object]:
    op = _pending(state, item.item_id)
    if op.odds != "always":
        raise Rejected(
            "lote.religion_needs_ruling",
            f"Table 8-5 gives {op.code} only '{op.odds}' odds: settle it with SettleReligiousOperation (result, "
            "detection, change, reason).",
        )
    command = SettleReligiousOperation(
        item_id=item.item_id, result="success", detection="hidden", reason=reason or "the engine's proposal"
    )
    return decide_settle(state, command)


def check_ruling(item: Adjudication, outcome: str) -> None:
    """An OverrideAdjudication of a religion item: one of its outcomes (a conversion's share: 0 to 100)."""
    if item.kind == KIND:
        raise Rejected("lote.use_settle_religious", "An operation's ruling has parts: use SettleReligiousOperation.")
    if item.kind == "religious_conversion":
        if whole_number(outcome, 0, 100) is None:
            raise Rejected("lote.bad_outcome", "A conversion's outcome is the share converted: a whole 0 to 100.")
        return
    if outcome not in OUTCOMES[item.kind]:
        raise Rejected(
            "lote.bad_outcome", f"A {item.kind.replace('_', ' ')} outcome is {' or '.join(OUTCOMES[item.kind])}."
        )


def check_confirm(item: Adjudication) -> None:
    """A ConfirmAdjudication of an item whose proposal is the GM's to rule."""
    if item.proposal == RULING:
        raise Rejected(
            "lote.religion_needs_ruling",
            f"The rulebook does not settle {item.subject}: rule it with OverrideAdjudication "
            f"({' | '.join(OUTCOMES.get(item.kind, ()))}) and a reason.",
        )
