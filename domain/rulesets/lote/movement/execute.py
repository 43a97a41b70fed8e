"""Simultaneous execution of the turn's itineraries (§6.2.3 L5363-5403; digest §1.4 R6) with contact detection.

Every army spends its AP month by month on the months Table 6-15 gives its yearly AP, so a step whose running
total reaches AP number n (rounded up) happens in year (n-1)//k + 1, month `impulse_months(k)[(n-1) % k]`. All
nations' armies are placed on one calendar; an army without an itinerary stays where it is all turn.

Contact: armies of different nations in the same region or sea zone in the same month (arrows count as sea zones
here; the rules forbid combat on them, §4.6.1, which the GM applies). The first contact of each army stops it
there: what follows (interception, battle, passage) is the GM's, raised as a `contact` adjudication item for each
nation involved. An army that meets nobody ends at its itinerary's last place. Decision: the item's subject (which
the seat sees) names the place, the date and the other nations met; the armies met are in the explanation, which
only the GM reads: secret movement stays secret until contact (digest §1.6).
"""

from __future__ import annotations

from math import ceil
from typing import NamedTuple

from domain.rulesets.lote.model.orders import GiveItinerary
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.movement import ap
from domain.rulesets.lote.movement.itinerary import plan


class Stop(NamedTuple):
    """Where an army is from `when` = (year, month) on."""

    when: tuple[int, int]
    place: str


class Contact(NamedTuple):
    """One contact: armies of two or more nations in one region or sea zone in one month (`when` = (year, month);
    (0, 0) is the start of the turn). `armies` are sorted; `movers` are the ones with an itinerary this turn."""

    place: str
    when: tuple[int, int]
    armies: tuple[str, ...]
    movers: tuple[str, ...] = ()


class Outcome(NamedTuple):
    ends: dict[str, str]  # army -> where it ends the turn (only armies that moved)
    items: list[Adjudication]
    contacts: tuple[Contact, ...] = ()  # every contact, in calendar order, for the battle code (`military/`)


def _place(state: State, location: str) -> str:
    return state.cities[location].region if location in state.cities else location


def timeline(state: State, army: str, order: GiveItinerary) -> list[Stop]:
    leader = state.leaders[army]
    priced = plan(state, state.nations[leader.nation], order)
    months = ap.impulse_months(priced.ap_year)
    stops = [Stop((0, 0), _place(state, leader.location))]
    here = stops[0].place
    for step, line in zip(priced.steps, order.steps, strict=True):
        n = max(ceil(step.total), 1)
        if line.kind == "ferry":
            arrow = state.ferries[line.to]
            here = arrow.b if here == arrow.a else arrow.a
        elif line.kind != "act":
            here = line.to
        year, index = divmod(n - 1, priced.ap_year)
        stops.append(Stop((year + 1, months[min(index, len(months) - 1)]), here))
    return stops


def _where(stops: list[Stop], when: tuple[int, int]) -> str:
    place = stops[0].place
    for stop in stops:
        if stop.when <= when:
            place = stop.place
    return place


def execute(state: State, orders: dict[str, GiveItinerary], turn: int) -> Outcome:
    """Run every army's itinerary (`orders` by army) on one calendar; stop each at its first contact."""
    lines = {army: timeline(state, army, order) for army, order in orders.items()}
    for army, leader in state.leaders.items():
        lines.setdefault(army, [Stop((0, 0), _place(state, leader.location))])
    moments = sorted({stop.when for stops in lines.values() for stop in stops} - {(0, 0)})
    stopped: dict[str, str] = {}
    items: list[Adjudication] = []
    contacts: list[Contact] = []
    for when in moments:
        present: dict[str, list[str]] = {}
        for army, stops in lines.items():
            present.setdefault(stopped.get(army) or _where(stops, when), []).append(army)
        for place, armies in sorted(present.items()):
            nations = {state.leaders[a].nation for a in armies}
            fresh = [a for a in armies if a not in stopped]
            if len(nations) < 2 or not fresh or not any(a in orders for a in armies):
                continue  # armies that stay put all turn (garrisons, allies side by side) make no contact
            for army in armies:
                stopped.setdefault(army, place)
            items += _contact_items(state, place, when, armies, turn)
            movers = tuple(sorted(a for a in armies if a in orders))
            contacts.append(Contact(place, when, tuple(sorted(armies)), movers))
    ends = {army: stopped.get(army) or stops[-1].place for army, stops in lines.items() if army in orders}
    return Outcome(ends, items, tuple(contacts))


def _contact_items(state: State, place: str, when: tuple[int, int], armies: list[str], turn: int) -> list[Adjudication]:
    nations = sorted({state.leaders[a].nation for a in armies})
    forces = "; ".join(f"{a} ({state.leaders[a].nation}: {state.leaders[a].units})" for a in sorted(armies))
    date = f"year {when[0]} month {when[1]}" if when[0] else "the start of the turn"
    items = []
    for nid in nations:
        others = "+".join(n for n in nations if n != nid)
        subject = f"{place}@{when[0]}.{when[1]}:{others}"
        items.append(
            Adjudication(
                item_id=f"t{turn}-{nid}-contact-{subject}",
                turn=turn,
                nation=nid,
                kind="contact",
                subject=subject,
                proposal="GM to resolve",
                explanation=f"contact in {place} at {date} (Table 6-15): {forces}; interception, battle or "
                "passage is the GM's (§6.2.4)",
            )
        )
    return items
