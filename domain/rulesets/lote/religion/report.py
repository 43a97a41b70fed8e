"""The religion lines of a nation's status report and of the Newsfax (registered from `reports/`).

The Newsfax always reports "Religious actions within your country" ([L3060-3061]) unless concealed by intel: a
place that changed religion (under each nation holding it), an excommunication or interdict laid or lifted, a
nation's conversion; and, as for intel ([L3056-3060]), an operation against a nation that the GM ruled it learned
of (`noticed`, `detected`, `blown`: under the target, naming the operator when `blown`; a `blown` one also under
the operator). A hidden operation prints nothing anywhere but in its operator's own report.
"""

from __future__ import annotations

from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.religion.events import (
    NationConverted,
    PlaceConverted,
    ReligionEvent,
    ReligiousOperationSettled,
    SanctionLaid,
    SanctionLifted,
)
from domain.rulesets.lote.religion.records import RelOp
from domain.rulesets.lote.religion.rules import NAMES

RESULTS = {"success": "succeeded", "failure": "failed", "not_run": "was never run"}
KNOWN_TO_TARGET = frozenset({"noticed", "detected", "blown"})
Line = tuple[str, str, str]  # (nation, news kind, text)


def _name(state: State, nid: str | None) -> str:
    nation = state.nations.get(nid or "")
    return nation.name if nation is not None else (nid or "")


def _what(code: str, target: str, location: str | None) -> str:
    at = f" at {location}" if location and location != target else ""
    return f"{NAMES.get(code, code)} ({code})" + (f" on {target}" if target else "") + at


def _sanction(state: State, event: SanctionLaid) -> str:
    s = event.sanction
    if s.kind == "interdict":
        where = f" on {', '.join(s.regions)}" if s.regions else ""
        return f"Interdict laid{where}: its people are held excommunicated."
    if s.leader:
        leader = state.leaders.get(s.leader)
        return f"{leader.name if leader is not None else s.leader} is excommunicated."
    return f"{_name(state, s.nation)} is excommunicated."


def news_lines(state: State, event: ReligionEvent) -> list[Line]:
    """The Newsfax lines a religion event drafts (the state is the one before the event)."""
    match event:
        case ReligiousOperationSettled() if event.detection in KNOWN_TO_TARGET:
            what, result = _what(event.code, event.target, event.location), RESULTS.get(event.result, event.result)
            lines: list[Line] = []
            if event.target_nation in state.nations and event.target_nation != event.nation:
                by = f" by {_name(state, event.nation)}" if event.detection == "blown" else ""
                lines.append((event.target_nation or "", "event", f"Religion: {what}{by} {result}."))
            if event.detection == "blown":
                lines.append((event.nation, "event", f"Religion: {what} {result}."))
            return lines
        case PlaceConverted():
            text = f"{event.place} turned from {event.former or 'its faith'} to {event.religion}."
            if event.how == "military_ruined":
                text = f"{event.place} repudiated its forced conversion and returned to {event.religion}."
            return [(h, "event", text) for h in event.holders if h in state.nations]
        case SanctionLaid() if event.sanction.nation in state.nations:
            return [(event.sanction.nation, "event", _sanction(state, event))]
        case SanctionLifted() if event.nation in state.nations:
            what = "interdict" if event.kind == "interdict" else "excommunication"
            who = state.leaders[event.leader].name if event.leader in state.leaders else _name(state, event.nation)
            return [(event.nation, "event", f"The {what} of {who} is lifted.")]
        case NationConverted() if event.nation in state.nations:
            return [
                (
                    event.nation,
                    "event",
                    f"{_name(state, event.nation)} converts from {event.former} to {event.religion}.",
                )
            ]
    return []


def _own_line(state: State, op: RelOp) -> str:
    against = f" / {_name(state, op.target_nation)}" if op.target_nation else ""
    status = RESULTS.get(op.result, "awaits the GM") if op.result else "awaits the GM"
    blown = " (blown)" if op.detection == "blown" else ""
    effect = f": {op.effect}" if op.effect else ""
    change = f" ({op.change})" if op.change else ""
    return (
        f"{op.line}: {_what(op.code, op.target, op.location)}{against} +{op.bonus} ROB {status}{change}{blown}{effect}"
    )


def _against_line(state: State, op: RelOp) -> str:
    by = f" by {_name(state, op.nation)}" if op.detection in ("detected", "blown") else " by unknown clergy"
    return f"Against us: {_what(op.code, op.target, op.location)}{by} {RESULTS.get(op.result, op.result)}"


def report_lines(state: State, nid: str, turn: int) -> list[str]:
    """The nation's faith, its operations of the turn and those against it it learned of, the minorities of its
    places and its converts abroad, its influence, the sanctions on it."""
    nation = state.nations[nid]
    rec = state.religion
    head = f"{nation.religion}: Religious Strength {nation.religious_strength}, ROC {nation.roc}, ROB {nation.rob}"
    head += f"; Primate influence {nation.primate_influence}" if nation.primate_influence else ""
    out = [head]
    out += [
        f"Sanction: {s.kind}"
        + (f" of {s.leader}" if s.leader else "")
        + (f" on {', '.join(s.regions)}" if s.regions else "")
        + f" since turn {s.since_turn}"
        for s in rec.sanctions.values()
        if s.nation == nid
    ]
    ops = sorted((o for o in rec.ops.values() if o.turn == turn), key=lambda o: o.item_id)
    out += [_own_line(state, o) for o in ops if o.nation == nid]
    out += [
        _against_line(state, o)
        for o in sorted(ops, key=lambda o: (o.code, o.target, o.result))
        if o.target_nation == nid and o.nation != nid and o.detection in KNOWN_TO_TARGET
    ]
    for place, found in sorted(rec.minorities.items()):
        record = state.cities.get(place) or state.regions.get(place)
        held = record is not None and record.statuses.get(nid) not in (None, "aw", "hs")
        for m in found:
            if held or m.nation == nid:
                share = f" {m.pct}%" if m.pct else ""
                out.append(f"Minority in {place}: {m.religion} ({m.origin}{share})")
    out += [f"Influence over {i.over}: {i.level} ({i.stage})" for i in rec.influence.values() if i.nation == nid]
    owed = rec.monument_rs.get(nid, 0)
    out += [f"Religious monuments: {owed} RS still to come, one a turn"] if owed else []
    return out
