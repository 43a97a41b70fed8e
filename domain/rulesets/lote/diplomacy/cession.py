"""Ceding regions (§9.18 [L9428-9450]) and creating satrapies (§9.1.7 [L8469-8480]): order lines applied at the
start of the turn (R0), with the status changes the rulebook lists and a GM item where it leaves the outcome open.

Cession ([L9432-9443]): Friendly becomes Pacified, Allied Economic Ally, Economic Ally Tributary, Feudal Allied
Non-Paying Tributary; Tributary, Non-Paying Tributary, Claimed, Pacified and Pacified Tributary stay. Readings:
- the Homeland is not in the list: it is ceded as Friendly is (Pacified); an Occupied place cannot be ceded
  (the nation does not control it), nor a place held below Claimed;
- a nation that already holds the place better than the ceded status keeps its own status;
- the ceding nation's status there ends; its garrison stays where it is, its own to move ("Pacified regions,
  obviously, will need a new garrison", [L9445-9446]: the new owner's garrison check follows at the end of the
  turn);
- "Revolt checks may be required for the new owner ..., particularly if he is of a different religion" and a
  status above the new owner's maximum status (§3.14) brings "further downgrading or revolt" ([L9444-9450]): in
  either case a `cession` item goes to the GM, proposing the maximum status (above the cap) or "holds"; he may
  rule "holds", "revolts" or a lower status.

Satrapy ([L8469-8480]): a Pacified place becomes Pacified Tributary at the start of the turn; if its garrison is
still there at the end of the turn it reverts to Pacified (`SatrapyEnded`).
"""

from __future__ import annotations

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.construction.construction import refuse
from domain.rulesets.lote.control.events import PlaceCeded, PlaceRevolted, SatrapyEnded, SatrapyGranted
from domain.rulesets.lote.diplomacy.attempts import max_status
from domain.rulesets.lote.diplomacy.control import garrison_present
from domain.rulesets.lote.leaders.garrisons import relation
from domain.rulesets.lote.model.events import ControlStatusSet
from domain.rulesets.lote.model.orders import CedePlace, GrantSatrapy, Order, ReduceControlStatus
from domain.rulesets.lote.model.state import Adjudication, Nation, State
from domain.rulesets.lote.scenario.enums import STATUS_RANK

# [L9432-9443] the status the new owner receives (hm: read as f)
CEDED = {
    "hm": "p", "f": "p", "a": "ea", "ea": "t", "t": "t", "fa": "nt", "nt": "nt", "c": "c", "p": "p", "pt": "pt",
}  # fmt: skip
HOLDS, REVOLTS = "holds", "revolts"
LOWER = ("c", "nt", "fa", "t", "pt", "ea", "a", "p", "f")


def _record_statuses(state: State, place: str) -> dict[str, str] | None:
    record = state.cities.get(place) or state.regions.get(place)
    return None if record is None else dict(record.statuses)


def check_cession(state: State, nation: Nation, order: Order, form: list[Order]) -> None:
    """The checks of a cession or a satrapy when it is given (and of a reduction of the same place)."""
    if isinstance(order, ReduceControlStatus):
        twice = [o for o in form if isinstance(o, CedePlace | GrantSatrapy) and o.place == order.place]
        if twice:
            raise refuse(order, "cede_place_twice", f"line {twice[0].line!r} already changes your status there")
        return
    if not isinstance(order, CedePlace | GrantSatrapy):
        return
    statuses = _record_statuses(state, order.place)
    if statuses is None:
        raise refuse(order, "cede_unknown_place", f"there is no region or city {order.place!r}")
    held = statuses.get(nation.id)
    changes = [o for o in form if isinstance(o, CedePlace | GrantSatrapy | ReduceControlStatus)]
    others = [o for o in changes if o.line != order.line and o.place == order.place]
    if others:
        raise refuse(order, "cede_place_twice", f"line {others[0].line!r} already changes your status in {order.place}")
    if isinstance(order, GrantSatrapy):
        if held != "p":
            raise refuse(
                order, "satrapy_not_pacified", f"[L8469-8471] only a Pacified place becomes a satrapy; {order.place} "
                f"is {held or 'not held'} to you",
            )  # fmt: skip
        return
    if held not in CEDED:
        raise refuse(
            order,
            "cede_not_held",
            f"[L9428-9429] you cede only what you control; {order.place} is {held or 'not held'} to you",
        )
    if order.to not in state.nations or order.to == nation.id:
        raise refuse(order, "cede_unknown_nation", f"there is no other nation {order.to!r} to cede {order.place} to")


def ceded_status(state: State, order: CedePlace, nation: str) -> str:
    statuses = _record_statuses(state, order.place) or {}
    status = CEDED[statuses[nation]]
    present = statuses.get(order.to)
    if present is not None and present != "oc" and STATUS_RANK[present] > STATUS_RANK[status]:
        return present
    return status


def cession_events(state: State, nid: str, order: CedePlace | GrantSatrapy) -> list[object]:
    """R0: the status changes of a cession or satrapy line that still holds (`check_cession` first)."""
    if isinstance(order, GrantSatrapy):
        return [SatrapyGranted(place=order.place, nation=nid, line=order.line)]
    statuses = _record_statuses(state, order.place) or {}
    return [
        PlaceCeded(
            place=order.place,
            nation=nid,
            to=order.to,
            ceded=statuses[nid],  # type: ignore[arg-type]
            status=ceded_status(state, order, nid),  # type: ignore[arg-type]
            line=order.line,
            city=order.place in state.cities,
        )
    ]


def cession_item(state: State, event: PlaceCeded, ctx: DecisionContext) -> Adjudication | None:
    """The new owner's check after a cession ([L9444-9450]), or None when neither condition applies."""
    receiver = state.nations[event.to]
    cap = max_status(state, receiver, event.place)
    record = state.cities.get(event.place) or state.regions[event.place]
    religion = record.religion or (state.regions[state.cities[event.place].region].religion if event.city else "")
    rel = relation(receiver.religion, religion)
    above = STATUS_RANK[event.status] > STATUS_RANK[cap]
    if not above and rel == "same":
        return None
    rolls = ctx.dice.roll(f"revolt:{event.to}:{event.place}", 2, 6, visible_to=())
    explanation = (
        f"{event.place} ceded by {event.nation} to {event.to} (order line {event.line}): {event.ceded} became "
        f"{event.status} [L9432-9443]; {receiver.name}'s maximum status there is {cap} [L2487-2522] "
        f"({'above it' if above else 'within it'}); religion {religion or '-'} is {rel} to {receiver.religion}; "
        f"RV {getattr(record, 'resistance', '-')}; 2d6 = {sum(rolls)}. [L9444-9450] revolt checks may be required, "
        "particularly for a different religion; a status above the maximum brings further downgrading or revolt: "
        f"rule '{HOLDS}', '{REVOLTS}' or a lower status."
    )
    return Adjudication(
        item_id=f"t{ctx.turn}-{event.to}-cession-{event.place}",
        turn=ctx.turn,
        nation=event.to,
        kind="cession",
        subject=event.place,
        proposal=cap if above else HOLDS,
        explanation=explanation,
        rolls=tuple(rolls),
    )


def check_cession_ruling(state: State, item: Adjudication, outcome: str) -> None:
    if outcome in (HOLDS, REVOLTS):
        return
    statuses = _record_statuses(state, item.subject) or {}
    now = statuses.get(item.nation)
    if outcome not in LOWER or now is None or STATUS_RANK[outcome] >= STATUS_RANK.get(now, 0):
        raise Rejected(
            "lote.bad_outcome",
            f"A cession outcome is '{HOLDS}', '{REVOLTS}' or a status below the present {now or 'none'}.",
        )


def cession_outcome(state: State, item: Adjudication) -> list[object]:
    """A decided cession item: a lower status, or a revolt (status and garrison gone)."""
    statuses = _record_statuses(state, item.subject) or {}
    if item.outcome in (None, HOLDS) or item.nation not in statuses:
        return []
    why = f"adjudication {item.item_id}"
    if item.outcome == REVOLTS:
        record = state.cities.get(item.subject) or state.regions[item.subject]
        units = dict(record.garrison.get(item.nation, {}))
        return [
            PlaceRevolted(
                place=item.subject, nation=item.nation, units=units, reason=why, city=item.subject in state.cities
            )
        ]
    return [ControlStatusSet(place=item.subject, nation=item.nation, status=item.outcome, reason=why)]  # type: ignore[arg-type]


def satrapy_endings(state: State) -> list[SatrapyEnded]:
    """R7 [L8474-8476]: a satrapy whose garrison is still there reverts to Pacified."""
    out = []
    for place, nid in sorted(state.control.satrapies.items()):
        record = state.cities.get(place) or state.regions.get(place)
        if record is None or record.statuses.get(nid) != "pt":
            out.append(SatrapyEnded(place=place, nation=nid, reverted=False))
            continue
        out.append(SatrapyEnded(place=place, nation=nid, reverted=garrison_present(state, nid, place)))
    return out
