"""Newsfax and status-report lines for control: diplomacy results, cessions, revolts, liberations, seizures
(registered from `reports/newsfax.py` and `reports/reports.py`).

Newsfax (§3.5 [L3027-3061]): "the Diplomacy line ... the name of the region ... followed by the new Control Status
that resulted (in parentheses)" (`Diplomacy: Hupei(f), Tsingdao(t)`); the rest are the GM's narrative lines, and
"Rebellions and Civil War" and "Hostile Military Actions" are always reported. Readings: a cession is a diplomatic
result, printed on the receiver's Diplomacy line as `Place(status)` with a line for the ceding nation; a revolt
is a rebellion, printed for the nation that lost the place; a liberation for the owner, a seizure (civil war)
for the seizer; a Dynastic Failure's successor states and the regions that declare for them ("Rebellions and Civil
War") for the nation that failed. Secret Diplomacy prints nothing ([L6420-6428]); a revolt check that holds
prints nothing (it is the owner's and the GM's, [L2227-2230] and digest §1.6). The GM conceals or rewrites any
of them (`ConcealNews`).

Status report: a "DIPLOMACY AND CONTROL" section lists the turn's results for the nation in the same
`Place(status)` form, its own secret ones included.
"""

from __future__ import annotations

from domain.rulesets.lote.control.events import (
    ControlEvent,
    PlaceCeded,
    PlaceLiberated,
    PlaceOccupied,
    PlaceRevolted,
    RegionAccreted,
    RegionSeized,
    SuccessorStateFounded,
)
from domain.rulesets.lote.control.revolts import seat_sees
from domain.rulesets.lote.model.orders import CedePlace
from domain.rulesets.lote.model.state import State

Line = tuple[str, str, str]  # (nation, news kind, text)


def _name(state: State, nid: str) -> str:
    nation = state.nations.get(nid)
    return nation.name if nation is not None else nid


def news_lines(state: State, event: ControlEvent) -> list[Line]:
    """The Newsfax lines an event drafts (the state is the one before the event)."""
    match event:
        case PlaceCeded():
            return [
                (event.to, "diplomacy", f"{event.place}({event.status})"),
                (event.nation, "event", f"Ceded {event.place} to {_name(state, event.to)}."),
            ]
        case PlaceRevolted():
            text = f"Rebellion in {event.place}: it threw off the rule of {_name(state, event.nation)}"
            return [(event.nation, "event", text + (" and the garrison was put to the sword." if event.units else "."))]
        case PlaceLiberated() if _status_now(state, event.place, event.owner) == "oc":
            by = f" from {_name(state, event.occupier)}" if event.occupier else ""
            return [(event.owner, "event", f"{event.place} was liberated{by}.")]
        case PlaceOccupied():
            return [(event.occupier, "event", f"Occupied {event.place} of {_name(state, event.owner)}.")]
        case RegionSeized():
            return [(event.nation, "event", f"Seized {event.place} from {_name(state, event.previous)}.")]
        case SuccessorStateFounded():
            founder = state.leaders.get(event.founder)
            who = founder.name if founder is not None else event.founder
            text = f"Civil war: {who} proclaimed the independent realm of {event.name}."
            return [(event.original, "event", text)]
        case RegionAccreted():
            return [(event.original, "event", f"{event.place} declared for {_name(state, event.nation)}.")]
        case _:
            return []


SHOWN = {
    "diplomacy": "Diplomacy",
    "secret_diplomacy": "Secret Diplomacy",
    "cession": "Cession",
    "revolt_check": "Revolt check",
    "assimilation": "Assimilation",
    "seizure": "Seizure",
}


def _status_now(state: State, place: str, nid: str) -> str:
    record = state.cities.get(place) or state.regions.get(place)
    status = record.statuses.get(nid) if record is not None else None
    return status or "un"


def report_lines(state: State, nid: str) -> list[str]:
    """The turn's diplomacy and control results of one nation, for its status report."""
    out = []
    for item in sorted(state.adjudications.values(), key=lambda i: i.item_id):
        if item.nation != nid or item.kind not in SHOWN or item.outcome is None or item.turn != state.turn:
            continue
        if not seat_sees(item.item_id, item.outcome):
            continue  # a check that held is the GM's alone (`control/revolts.py`)
        place = item.subject.partition(":")[2] if ":" in item.subject else item.subject
        if item.kind in ("diplomacy", "secret_diplomacy"):
            out.append(f"{SHOWN[item.kind]}: {place}({_status_now(state, place, nid)})")
        elif item.kind == "revolt_check" and item.subject.startswith("leader:"):
            out.append(f"{SHOWN[item.kind]}: leader {place} {item.outcome}")
        elif item.outcome not in ("unchanged", "refuse"):
            out.append(f"{SHOWN[item.kind]}: {place}({_status_now(state, place, nid)}) {item.outcome}")
    for other, form in sorted(state.forms.items()):
        for order in form.lines.values():
            if isinstance(order, CedePlace) and nid in (other, order.to):
                if other == nid and _status_now(state, order.place, nid) == "un":
                    out.append(f"Ceded: {order.place} to {_name(state, order.to)}")
                elif other != nid and _status_now(state, order.place, other) == "un":
                    out.append(
                        f"Received: {order.place}({_status_now(state, order.place, nid)}) from {_name(state, other)}"
                    )
    return out
