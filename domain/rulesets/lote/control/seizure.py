"""Successor-state seizures (§9.8.1.1 [L8966-8999]; EX-46) as GM items.

"On the turn immediately following the initiation of a Dynastic Failure or Civil War, the successor states to the
original nation may seize Friendly regions held by another successor state ... a national army (not mercenaries
or foreign adventurers) of the successor state doing the seizing, comprised of at least as many troop points as
the Garrison value (that is, the modified Resistance Value) of the region, must move through it. If, in turn, a
national army of the other successor state counter-moves through it later in the turn then control goes to them
instead."

The GM records the successor states (`RecordSuccessorStates`); on their seizure turn the engine follows every
successor's itineraries as they were given (`movement.execute.timeline`, month by month), keeps the passes of
national armies (not Mercenary leaders, not loaned troops) whose land troops (infantry, cavalry, siege) reach the
region's garrison value for that nation (`leaders.garrisons.region_requirement`), and for each region Friendly to
one successor whose last such pass is another successor's, raises a `seizure` item for the seizer proposing
"seize"; the GM confirms, or rules "refuse" (an army stopped by a contact before it got there, a region that was
not Friendly to the original nation). The holder's own later pass keeps the region (EX-46 Verona).
"""

from __future__ import annotations

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.control.events import RegionSeized
from domain.rulesets.lote.leaders.garrisons import CITY_KINDS, region_requirement, unit_kind
from domain.rulesets.lote.model.orders import GiveItinerary
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.movement.execute import timeline

SEIZE, REFUSE = "seize", "refuse"
OUTCOMES = (SEIZE, REFUSE)
Pass = tuple[tuple[int, int], int, str, str, int]  # (when, step, nation, army, troops)


def _passes(state: State, successors: tuple[str, ...]) -> dict[str, list[Pass]]:
    out: dict[str, list[Pass]] = {}
    for nid in successors:
        form = state.forms.get(nid)
        for order in form.lines.values() if form is not None else ():
            leader = state.leaders.get(order.army) if isinstance(order, GiveItinerary) else None
            if leader is None or leader.nation != nid or leader.type == "M" or leader.loaned_from is not None:
                continue
            assert isinstance(order, GiveItinerary)
            try:
                stops = timeline(state, order.army, order)
            except Rejected:
                continue  # an itinerary that no longer holds moved nobody
            troops = sum(n for u, n in leader.units.items() if unit_kind(u) in CITY_KINDS)
            for step, stop in enumerate(stops[1:]):
                if stop.place in state.regions:
                    out.setdefault(stop.place, []).append((stop.when, step, nid, order.army, troops))
    return out


def seizure_items(state: State, ctx: DecisionContext) -> list[Adjudication]:
    items = []
    for original, (successors, turn) in sorted(state.control.successors.items()):
        if turn != ctx.turn:
            continue
        for region, passes in sorted(_passes(state, successors).items()):
            statuses = state.regions[region].statuses
            holder = next((n for n in successors if statuses.get(n) == "f"), None)
            if holder is None:
                continue
            qualified = [p for p in passes if p[4] >= region_requirement(state, region, p[2]).needed]
            if not qualified:
                continue
            when, _, seizer, army, troops = max(qualified)
            if seizer == holder:
                continue
            needed = region_requirement(state, region, seizer).needed
            explanation = (
                f"Successor states of {original}: {', '.join(successors)} (seizures on turn {turn} only [L8966-8981]). "
                f"{region} is Friendly to {holder}; {seizer}'s national army {army} ({troops} troop points against a "
                f"garrison value of {needed}) is the last to move through it, in year {when[0]} month {when[1]} "
                f"(passes: {', '.join(f'{p[2]}/{p[3]} y{p[0][0]}m{p[0][1]} {p[4]}tp' for p in sorted(passes))}). "
                f"It becomes Friendly to {seizer} [L8975-8981]: confirm '{SEIZE}', or rule '{REFUSE}' (the army was "
                f"stopped first, or {region} was not Friendly to {original})."
            )
            items.append(
                Adjudication(
                    item_id=f"t{ctx.turn}-{seizer}-seizure-{region}",
                    turn=ctx.turn,
                    nation=seizer,
                    kind="seizure",
                    subject=region,
                    proposal=SEIZE,
                    explanation=explanation,
                )
            )
    return items


def seizure_outcome(state: State, item: Adjudication) -> list[RegionSeized]:
    region = state.regions.get(item.subject)
    if item.outcome != SEIZE or region is None:
        return []
    holder = next((n for n, s in sorted(region.statuses.items()) if s == "f" and n != item.nation), None)
    if holder is None:
        return []
    why = f"adjudication {item.item_id}"
    return [RegionSeized(place=item.subject, nation=item.nation, previous=holder, reason=why)]
