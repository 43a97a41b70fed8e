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

Interception (§6.2.4.28 Reaction [L6291-6340]): an army whose itinerary has a React step (`act R`, BAC 2+) is on
React in the months that step's AP fall in. When a hostile army enters a region the reacting nation holds (NT or
better) within the react range (Table 6-29 by the AP spent on React and the army's slowest column; the distance
traced as for an action range, `ranges.reach`), the reacting army goes there in the same month and the two make
contact there (an interception): both stop, and the GM resolves it like any contact. Decisions: an army that holds
a guided passage from the reacting nation (§9.16) is not hostile to it; a Secret Movement step is not seen, so it
draws no reaction (its contact, if it meets an army, is made as before); a reacting army intercepts once in this
run, its further reactions after the fight being the GM's ("may continue to React", [L6297-6299]).

Evade (§6.2.4.15 [L5854-5865]): a `move` or `land` step with `evade` costs 1 AP more and tries "to slip through
an uncontrolled or enemy region without attracting undue attention"; the rulebook gives no odds ("the more units
..., the lower your chances"), so an evading step draws no reaction, and a contact it makes is still raised and
stops the army, its item naming the evader and its unit count for the GM, who lets it through (MoveLeader) or not.

Actions: every `act` step an army reaches is listed in `Outcome.acts` with its month and place, for the rules applied
at execution (`military/pillage.py`): the steps up to its first contact and those at the contact's place right after
it (the fight there comes first), as `military/detect.py` counts attacks.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import ceil
from typing import NamedTuple

from domain.rulesets.lote.model.orders import GiveItinerary
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.movement import ap
from domain.rulesets.lote.movement.itinerary import plan
from domain.rulesets.lote.movement.ranges import reach
from domain.rulesets.lote.scenario.enums import at_least
from domain.rulesets.lote.scenario.tables import TABLES


class Stop(NamedTuple):
    """Where an army is from `when` = (year, month) on; `step` is the itinerary step (0-based) that put it there,
    -1 for where it starts; `first` is the month the step's first AP falls in."""

    when: tuple[int, int]
    place: str
    step: int = -1
    first: tuple[int, int] = (0, 0)


class Act(NamedTuple):
    """An `act` step an army reached: its step index (0-based) in the itinerary, the month and the place."""

    army: str
    step: int
    when: tuple[int, int]
    place: str


class Interception(NamedTuple):
    """A reacting army that went to meet a hostile army entering `place` in `when`."""

    reactor: str
    invader: str
    place: str
    when: tuple[int, int]


class Contact(NamedTuple):
    """One contact: armies of two or more nations in one region or sea zone in one month (`when` = (year, month);
    (0, 0) is the start of the turn). `armies` are sorted; `movers` are the ones with an itinerary this turn."""

    place: str
    when: tuple[int, int]
    armies: tuple[str, ...]
    movers: tuple[str, ...] = ()
    reactors: tuple[str, ...] = ()  # armies on React that intercepted a mover here (§6.2.4.28)
    evaders: tuple[str, ...] = ()  # armies that came in on an Evade step (§6.2.4.15): the GM rules if they slipped by


class Outcome(NamedTuple):
    ends: dict[str, str]  # army -> where it ends the turn (only armies that moved)
    items: list[Adjudication]
    contacts: tuple[Contact, ...] = ()  # every contact, in calendar order, for the battle code (`military/`)
    acts: tuple[Act, ...] = ()  # the act steps reached, in calendar order
    interceptions: tuple[Interception, ...] = ()


def _place(state: State, location: str) -> str:
    return state.cities[location].region if location in state.cities else location


def timeline(state: State, army: str, order: GiveItinerary) -> list[Stop]:
    leader = state.leaders[army]
    priced = plan(state, state.nations[leader.nation], order)
    months = ap.impulse_months(priced.ap_year)
    stops = [Stop((0, 0), _place(state, leader.location))]
    here = stops[0].place

    def month(n: int) -> tuple[int, int]:
        year, index = divmod(max(n, 1) - 1, priced.ap_year)
        return year + 1, months[min(index, len(months) - 1)]

    for i, (step, line) in enumerate(zip(priced.steps, order.steps, strict=True)):
        if line.kind == "ferry":
            arrow = state.ferries[line.to]
            here = arrow.b if here == arrow.a else arrow.a
        elif line.kind != "act":
            here = line.to
        stops.append(Stop(month(ceil(step.total)), here, i, month(int(step.total - step.cost) + 1)))
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
    stopped: dict[str, tuple[str, tuple[int, int]]] = {}
    items: list[Adjudication] = []
    caught: list[Interception] = []
    contacts: list[Contact] = []
    for when in moments:
        for hit in _reactions(state, orders, lines, stopped, when):
            stopped[hit.reactor] = (hit.place, when)
            caught.append(hit)
        present: dict[str, list[str]] = {}
        for army, stops in lines.items():
            present.setdefault(stopped[army][0] if army in stopped else _where(stops, when), []).append(army)
        for place, armies in sorted(present.items()):
            nations = {state.leaders[a].nation for a in armies}
            fresh = [a for a in armies if a not in stopped or stopped[a][1] == when]
            if len(nations) < 2 or not fresh or not any(a in orders for a in armies):
                continue  # armies that stay put all turn (garrisons, allies side by side) make no contact
            for army in armies:
                stopped.setdefault(army, (place, when))
            why = [h for h in caught if h.place == place and h.when == when]
            evading = [a for a in sorted(armies) if a in orders and _evading(orders[a], lines[a], when)]
            items += _contact_items(state, place, when, armies, turn, why, evading)
            movers = tuple(sorted(a for a in armies if a in orders))
            reactors = tuple(sorted(h.reactor for h in why))
            contacts.append(Contact(place, when, tuple(sorted(armies)), movers, reactors, tuple(evading)))
    ends = {army: stopped[army][0] if army in stopped else stops[-1].place for army, stops in lines.items()}
    acts = sorted((a for army, order in orders.items() for a in _acts(army, order, lines[army], stopped.get(army))),
                  key=lambda a: (a.when, a.army, a.step))  # fmt: skip
    mine = {a: p for a, p in ends.items() if a in orders}
    return Outcome(mine, items, tuple(contacts), tuple(acts), tuple(caught))


def _acts(army: str, order: GiveItinerary, stops: list[Stop], stop: tuple[str, tuple[int, int]] | None) -> list[Act]:
    """The `act` steps the army reaches: all of them if it is never stopped; else those up to its contact, and those
    at the contact's place right after it (as `military/detect.py` counts attacks), until a step that would move."""
    out: list[Act] = []
    for at in stops[1:]:
        kind = order.steps[at.step].kind
        if stop is not None and at.when > stop[1] and (kind != "act" or at.place != stop[0]):
            break
        if kind == "act":
            out.append(Act(army, at.step, at.when, at.place))
    return out


REACT_COLUMN = {"cav": "cav", "inf": "inf", "warship": "war"}


def _reactors(
    state: State, orders: dict[str, GiveItinerary], lines: dict[str, list[Stop]], when: tuple[int, int]
) -> Iterator[tuple[str, int]]:
    """(army, AP range) of every army on React in `when` (Table 6-29 by the AP spent on React)."""
    for army, order in sorted(orders.items()):
        for stop in lines[army][1:]:
            step = order.steps[stop.step]
            if step.kind == "act" and step.action == "R" and stop.first <= when <= stop.when:
                units = state.leaders[army].units
                kinds = {REACT_COLUMN[k] for c, n in units.items() if n > 0 and (k := _kind(c)) in REACT_COLUMN}
                yield army, ap.reaction_range(kinds, 2 + step.extra)


def _kind(code: str) -> str:
    row = TABLES.units.units.get(code)
    return row.kind if row is not None else ""


def _reactions(
    state: State,
    orders: dict[str, GiveItinerary],
    lines: dict[str, list[Stop]],
    stopped: dict[str, tuple[str, tuple[int, int]]],
    when: tuple[int, int],
) -> list[Interception]:
    """The interceptions of `when`: each reacting army meets the first hostile army entering a region its nation
    holds within its react range."""
    hits: list[Interception] = []
    for army, limit in _reactors(state, orders, lines, when):
        if army in stopped:
            continue
        mine = state.leaders[army]
        culture = state.nations[mine.nation].culture
        here = _where(lines[army], when)
        near = reach(state, culture, here, Fraction(limit))
        for invader, order in sorted(orders.items()):
            other = state.leaders[invader]
            if other.nation == mine.nation or invader in stopped or mine.nation in order.guided_by:
                continue
            entry = next((s for s in lines[invader][1:] if s.when == when), None)
            if entry is None or order.steps[entry.step].kind not in ("move", "land", "ferry"):
                continue
            unseen = order.steps[entry.step].secret or order.steps[entry.step].evade
            if unseen or entry.place not in near or entry.place not in state.regions:
                continue
            if at_least(state.regions[entry.place].statuses.get(mine.nation), "nt"):
                hits.append(Interception(army, invader, entry.place, when))
                stopped[invader] = (entry.place, when)
                break
    return hits


def _evading(order: GiveItinerary, stops: list[Stop], when: tuple[int, int]) -> bool:
    """Whether the army is where it is in `when` by an Evade step."""
    arrived = [stop for stop in stops[1:] if stop.when <= when and order.steps[stop.step].kind != "act"]
    return bool(arrived) and order.steps[arrived[-1].step].evade


def _contact_items(
    state: State,
    place: str,
    when: tuple[int, int],
    armies: list[str],
    turn: int,
    caught: list[Interception],
    evading: list[str],
) -> list[Adjudication]:
    nations = sorted({state.leaders[a].nation for a in armies})
    forces = "; ".join(f"{a} ({state.leaders[a].nation}: {state.leaders[a].units})" for a in sorted(armies))
    forces += "".join(f"; {h.reactor} on React intercepted {h.invader} (§6.2.4.28)" for h in caught)
    forces += "".join(
        f"; {a} is evading with {sum(state.leaders[a].units.values())} units: whether it slips past is the GM's "
        "(§6.2.4.15 [L5858-5863]: the more units, the lower the chance)"
        for a in evading
    )
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
