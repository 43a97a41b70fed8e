"""The GM's control commands: sharing agreements, occupation and liberation, successor states."""

from __future__ import annotations

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.control.commands import (
    LiberatePlace,
    OccupyPlace,
    RecordSharing,
    RecordSuccessorStates,
)
from domain.rulesets.lote.control.events import (
    PlaceLiberated,
    PlaceOccupied,
    SharingRecorded,
    SuccessorStatesRecorded,
)
from domain.rulesets.lote.model.state import State

SHAREABLE = ("t", "nt")  # [L9405-9410] Tributary and Non-Paying Tributary places can be shared
OCCUPIABLE = ("f", "hm")  # [L2371-2373] "Occupied regions are Friendly or Homeland regions ... seized"


def _reason(reason: str) -> str:
    if not reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    return reason


def _nation(state: State, nid: str) -> None:
    if nid not in state.nations:
        raise Rejected("lote.unknown_nation", f"There is no nation {nid!r}.")


def _statuses(state: State, place: str) -> dict[str, str]:
    record = state.cities.get(place) or state.regions.get(place)
    if record is None:
        raise Rejected("lote.unknown_place", f"There is no region or city {place!r}.")
    return dict(record.statuses)


def decide_sharing(state: State, command: RecordSharing) -> list[object]:
    """[L9405-9413] any number of nations may share at Non-Paying Tributary, two at Tributary; each sharer must
    hold the place at T or NT already, or be about to try Diplomacy there (no status yet)."""
    reason = _reason(command.reason)
    statuses = _statuses(state, command.place)
    nations = tuple(dict.fromkeys(command.nations))
    for nid in nations:
        _nation(state, nid)
        held = statuses.get(nid)
        if held is not None and held not in (*SHAREABLE, "c", "un", "n"):
            raise Rejected(
                "lote.share_status",
                f"{nid} holds {command.place} at {held}; [L9405-9410] only Tributary and Non-Paying Tributary "
                "places are shared",
            )
    if len(nations) == 1:
        raise Rejected("lote.share_alone", "Name at least two nations sharing the place (none to end the agreement).")
    tributaries = [n for n in nations if statuses.get(n) == "t"]
    if len(tributaries) > 2 or (tributaries and len(nations) > 2):
        raise Rejected(
            "lote.share_tributary",
            "[L9408-9410] two nations may share a Tributary place; three or more share at Non-Paying Tributary",
        )
    return [SharingRecorded(place=command.place, nations=nations, reason=reason)]


def decide_occupy(state: State, command: OccupyPlace) -> list[object]:
    reason = _reason(command.reason)
    _nation(state, command.owner)
    _nation(state, command.occupier)
    statuses = _statuses(state, command.place)
    if command.owner == command.occupier:
        raise Rejected("lote.occupy_self", "A nation does not occupy its own place: name the occupier.")
    previous = statuses.get(command.owner)
    if previous not in OCCUPIABLE:
        raise Rejected(
            "lote.occupy_status",
            f"{command.place} is {previous or 'not held'} to {command.owner}; [L2371-2373] only Friendly or "
            "Homeland places are occupied (use SetControlStatus otherwise)",
        )
    return [
        PlaceOccupied(
            place=command.place,
            owner=command.owner,
            occupier=command.occupier,
            previous=previous,  # type: ignore[arg-type]
            status=command.status,
            reason=reason,
        )
    ]


def decide_liberate(state: State, command: LiberatePlace) -> list[object]:
    reason = _reason(command.reason)
    held = state.control.occupations.get(command.place)
    if held is None:
        raise Rejected("lote.not_occupied", f"{command.place!r} is not an occupied place.")
    return [
        PlaceLiberated(
            place=command.place,
            owner=held.owner,
            occupier=held.occupier,
            status=held.previous,  # type: ignore[arg-type]
            reason=reason,
        )
    ]


def decide_successors(state: State, command: RecordSuccessorStates, ctx: DecisionContext) -> list[object]:
    reason = _reason(command.reason)
    successors = tuple(dict.fromkeys(command.successors))
    for nid in successors:
        _nation(state, nid)
    if len(successors) < 2:
        raise Rejected("lote.successors_too_few", "Name at least two successor states (the original may be one).")
    # [L8966-8970] only "the turn immediately following" the Dynastic Failure or Civil War: the turn after the
    # one the GM ruled it, or, while its turn is still being settled, the next; once the orders are open, this one
    failed = state.nations[command.original].dynastic_failure_turn if command.original in state.nations else None
    if failed is not None:
        seize_turn = failed + 1
    else:
        seize_turn = ctx.turn if ctx.phase in ("orders", "validation") else ctx.turn + 1
    return [
        SuccessorStatesRecorded(original=command.original, successors=successors, seize_turn=seize_turn, reason=reason)
    ]


def decide_control(
    state: State, command: RecordSharing | OccupyPlace | LiberatePlace | RecordSuccessorStates, ctx: DecisionContext
) -> list[object]:
    """The control commands but `FoundSuccessorState` (`failure.py`, through `turn/dynasty_steps.py`)."""
    match command:
        case RecordSharing():
            return decide_sharing(state, command)
        case OccupyPlace():
            return decide_occupy(state, command)
        case LiberatePlace():
            return decide_liberate(state, command)
        case RecordSuccessorStates():
            return decide_successors(state, command, ctx)
