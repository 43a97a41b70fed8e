"""Sharing a province (§9.17 [L9405-9427]) as it bears on diplomacy.

"The nations must agree amongst themselves to share control of the province, informing the GM ... If this is not
done, then any Diplomacy attempts in the province will be "hostile" to one another. If an agreement is reached,
each Nation may perform Diplomacy in the region until an NT or T status is achieved. If one of the sharing nations
attempts to raise their control above NT (if 3 or more nations are sharing the province) or above T (if 2 nations
are sharing the province), then this is considered "hostile" diplomacy and the other nation's control status will
be reduced by the amount which the Diplomacy would have raised the initiating nations' status."

The agreement is the GM's record (`RecordSharing`). A diplomacy item names the other nations holding the place and
whether the attempt is hostile to them; a ruling above the share limit lowers every other sharer by as many levels
of the control order ([L2222-2236]) as the initiator rose, down to Uncontrolled (no status), and ends the
agreement. Without an agreement the GM weighs the hostility himself (the rules give no figure).
"""

from __future__ import annotations

from domain.rulesets.lote.control.events import SharingRecorded
from domain.rulesets.lote.model.events import ControlStatusSet
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.enums import STATUS_RANK

# one status per level of the control order; level 2 (Uncontrolled) means no status at all
LEVELS = {0: "aw", 1: "hs", 3: "c", 4: "nt", 5: "fa", 6: "t", 7: "ea", 8: "a", 9: "f", 10: "hm"}
SHAREABLE = ("t", "nt")


def _statuses(state: State, place: str) -> dict[str, str]:
    record = state.cities.get(place) or state.regions.get(place)
    return {} if record is None else dict(record.statuses)


def share_limit(sharers: int) -> str:
    """[L9421-9424] above NT with three or more sharers, above T with two, is hostile."""
    return "nt" if sharers >= 3 else "t"


def share_note(state: State, nation: str, place: str) -> str:
    """The item's words on the other nations holding the place at T or NT."""
    others = {n: s for n, s in _statuses(state, place).items() if n != nation and s in SHAREABLE}
    if not others:
        return ""
    held = ", ".join(f"{n} {s}" for n, s in sorted(others.items()))
    agreed = state.control.shares.get(place, ())
    if nation in agreed and set(others) <= set(agreed):
        limit = share_limit(len(agreed))
        return (
            f"; shared by agreement with {held}: up to {limit} is friendly, above it hostile and the others fall as "
            "many levels [L9419-9427]"
        )
    return f"; also held by {held} without a sharing agreement: this diplomacy is hostile to them [L9414-9418]"


def sharing_events(state: State, nation: str, place: str, new: str) -> list[ControlStatusSet | SharingRecorded]:
    """A ruling above the share limit in a shared place: the other sharers fall, the agreement ends."""
    agreed = state.control.shares.get(place, ())
    statuses = _statuses(state, place)
    if nation not in agreed or STATUS_RANK[new] <= STATUS_RANK[share_limit(len(agreed))]:
        return []
    rise = STATUS_RANK[new] - STATUS_RANK.get(statuses.get(nation, "un"), 2)
    out: list[ControlStatusSet | SharingRecorded] = []
    why = f"hostile diplomacy by {nation} in a shared province: down {rise} level(s) [L9421-9427]"
    for other in agreed:
        now = statuses.get(other)
        if other == nation or now is None or rise <= 0:
            continue
        level = max(STATUS_RANK[now] - rise, 2)
        out.append(ControlStatusSet(place=place, nation=other, status=LEVELS.get(level), reason=why))  # type: ignore[arg-type]
    out.append(SharingRecorded(place=place, nations=(), reason=why))
    return out
