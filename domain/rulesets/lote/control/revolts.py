"""End-of-turn revolt checks (digest §1.4 R7) raised for the GM, with their inputs computed and 2d6 recorded
(purpose `revolt:<nation>:<place>`). The rulebook prints no revolt table, so the engine proposes "holds" and
the GM rules "holds" or "revolts" (OverrideAdjudication, with his reason).

Triggers, one item per nation and place listing each that applies:
- `ccr`: a region or city the nation holds at Non-Paying Tributary or better (Claimed is not control, [L2276-2282];
  Occupied is not held) or one of its leaders lies beyond the Command Control Radius ([L8289-8291], [L8915-8918]);
- `loc`: a controlled region with no line of communication to the capital: "an extra revolt check"
  ([L8918-8923]); a city is checked with its region;
- `hostile_city` (§9.15 [L9357-9380]): a Pacified region the nation occupies that holds a city of the nation to
  whom the region is Occupied; if the city is under passive siege the GM confirms "holds" ([L9374-9375]);
- `capital_destroyed` (§9.1.4 item 3 [L8404-8405]): in the turn the nation's capital is destroyed, "all of your
  Feudal Ally, Full Ally, Tributary, Non-Paying Tributary and Economic Ally regions will check for revolt".
A place whose region the map graph does not link at all (no border, coast or ferry arrow touches it: a scenario
without a map, or with only part of one) has nothing to trace: no CCR or line-of-communication check is raised
for it (the GM traces by hand, as in phase 1).

Who sees a check: the GM alone until it revolts. The CCR counts the ruling King's Administration, his hidden
stat "which the owner never sees" ([L2111-2117]); a seat that saw which of its places are checked (or that a
check held) could work that stat out from its own BL and the courier costs. So a seat sees neither the item
nor its ruling unless the place (or leader) revolts, which it learns from the ruling and the revolt itself.

A region that revolts is lost with its garrison (`PlaceRevolted`); an occupied region that revolts is liberated,
"returning to its previous status to the former owner" ([L9369-9370]). A leader's revolt ("form their own
nation", [L8915-8917]) is left to the GM's commands: the ruling is recorded, nothing changes by itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import ceil

import msgspec

from domain.engine import DecisionContext
from domain.rulesets.lote.control.events import PlaceLiberated, PlaceRevolted
from domain.rulesets.lote.control.occupation import current_occupations
from domain.rulesets.lote.control.tracing import (
    LOC_SEA_ZONES,
    ccr,
    ccr_costs,
    in_range,
    loc_sea_zones,
    origin,
    place_node,
)
from domain.rulesets.lote.leaders.garrisons import city_rv, faith_relation, troops_at
from domain.rulesets.lote.model.state import Adjudication, Nation, State
from domain.rulesets.lote.scenario.enums import at_least

HOLDS, REVOLTS = "holds", "revolts"
ITEM_MARK = "-revolt_check-"  # in every revolt check's item id: t{turn}-{nation}-revolt_check-{subject}


def seat_sees(item_id: str, outcome: str | None) -> bool:
    """Whether the owner's seat sees this adjudication item or its ruling: a revolt check only once it revolted."""
    return ITEM_MARK not in item_id or outcome == REVOLTS


CAPITAL_LOSS_CHECKS = frozenset({"fa", "a", "t", "nt", "ea"})  # §9.1.4 item 3 [L8404-8405]
OUTCOMES = (HOLDS, REVOLTS)


class Check(msgspec.Struct, frozen=True):
    nation: str
    subject: str  # region:<name>, city:<name> or leader:<id>
    reasons: tuple[str, ...]


def _held(statuses: Mapping[str, str], nid: str) -> bool:
    return at_least(statuses.get(nid), "nt") and statuses.get(nid) != "oc"


def _cost_text(cost: Fraction | None) -> str:
    return "unreachable" if cost is None else f"{cost} AP (rounded up {ceil(cost)})"


def nation_checks(state: State, nation: Nation) -> list[Check]:
    """The checks of one nation: beyond the CCR, without a line of communication, hostile city."""
    if origin(state, nation) is None:
        return []
    mapped = on_map(state)
    radius, ccr_text = ccr(state, nation)
    costs = ccr_costs(state, nation)
    seas = loc_sea_zones(state, nation)
    home = origin(state, nation)
    out: list[Check] = []
    for name, r in sorted(state.regions.items()):
        if not _held(r.statuses, nation.id) or name == home:
            continue
        reasons = []
        if name in mapped and not in_range(costs.get(name), radius):
            reasons.append(f"ccr: courier cost {_cost_text(costs.get(name))} against {ccr_text} [L8305-8311]")
        zones = seas.get(name)
        if name in mapped and (zones is None or zones > LOC_SEA_ZONES):
            found = "none" if zones is None else f"{zones} sea zones"
            reasons.append(f"loc: no line of communication within {LOC_SEA_ZONES} sea zones ({found}) [L8918-8923]")
        reasons += _hostile_city(state, nation, name)
        if nation.capital_destroyed_turn == state.turn and r.statuses.get(nation.id) in CAPITAL_LOSS_CHECKS:
            status = r.statuses[nation.id]
            reasons.append(f"capital_destroyed: a {status} region of a nation whose capital fell [L8404-8405]")
        if reasons:
            out.append(Check(nation.id, f"region:{name}", tuple(reasons)))
    for name, c in sorted(state.cities.items()):
        if (
            c.region in mapped
            and _held(c.statuses, nation.id)
            and c.region != home
            and not in_range(costs.get(c.region), radius)
        ):
            text = f"ccr: courier cost {_cost_text(costs.get(c.region))} against {ccr_text} [L8289-8291]"
            out.append(Check(nation.id, f"city:{name}", (text,)))
    for lid, leader in sorted(state.leaders.items()):
        if leader.nation != nation.id or leader.type in ("K", "Q"):
            continue
        node = place_node(state, leader.location)
        cost = costs.get(node)
        if node in mapped and not in_range(cost, radius):
            text = f"ccr: leader at {leader.location}, courier cost {_cost_text(cost)} against {ccr_text} [L8915-8917]"
            out.append(Check(nation.id, f"leader:{lid}", (text,)))
    return out


def on_map(state: State) -> set[str]:
    """The regions and sea zones the map graph links to something."""
    linked = {x for b in state.borders for x in (b.a, b.b)} | {x for f in state.ferries.values() for x in (f.a, f.b)}
    linked |= {x for c in state.coasts for x in (c.region, c.sea_zone)}
    return linked | {x for b in state.sea_borders for x in (b.a, b.b)}


def _hostile_city(state: State, nation: Nation, region: str) -> list[str]:
    held = current_occupations(state).get(region)
    if held is None or held.occupier != nation.id or state.regions[region].statuses.get(nation.id) != "p":
        return []
    cities = [n for n, c in sorted(state.cities.items()) if c.region == region and _held(c.statuses, held.owner)]
    if not cities:
        return []
    return [
        f"hostile_city: {', '.join(cities)} of {held.owner} (to whom {region} is Occupied) is neither captured nor "
        "isolated; confirm 'holds' if under passive siege [L9362-9368]"
    ]


def _inputs(state: State, nation: Nation, subject: str) -> str:
    kind, _, name = subject.partition(":")
    if kind == "leader":
        leader = state.leaders[name]
        return f"leader {leader.name} (#{leader.army_no}, {leader.type}), Loyalty {leader.hidden}, units {leader.units}"
    record = state.cities[name] if kind == "city" else state.regions[name]
    region = state.regions.get(state.cities[name].region) if kind == "city" else state.regions[name]
    religion = record.religion or (region.religion if region is not None else "")
    rv = city_rv(state.cities[name].gpv, state.cities[name].walls) if kind == "city" else state.regions[name].resistance
    yfc = f"; Years from Conquest {region.years_from_conquest}" if kind == "region" and region is not None else ""
    return (
        f"{kind} {name}: status {record.statuses.get(nation.id)}; RV {rv}; religion {religion or '-'} "
        f"({faith_relation(state, nation.id, religion, name)} to {nation.religion}); language {record.language or '-'} "
        f"(the nation's {nation.language or '-'}); troops there {troops_at(state, name, nation.id) or 'none'}{yfc}"
    )


def revolt_items(state: State, ctx: DecisionContext) -> list[Adjudication]:
    items = []
    for nid, nation in sorted(state.nations.items()):
        for check in nation_checks(state, nation):
            name = check.subject.partition(":")[2]
            rolls = ctx.dice.roll(f"revolt:{nid}:{name}", 2, 6, visible_to=())  # GM-only
            explanation = (
                f"Revolt check. {'; '.join(check.reasons)}. Inputs: {_inputs(state, nation, check.subject)}; "
                f"2d6 = {sum(rolls)}. The rulebook prints no revolt table: rule '{HOLDS}' or '{REVOLTS}'."
            )
            items.append(
                Adjudication(
                    item_id=f"t{ctx.turn}-{nid}{ITEM_MARK}{check.subject}",
                    turn=ctx.turn,
                    nation=nid,
                    kind="revolt_check",
                    subject=check.subject,
                    proposal=HOLDS,
                    explanation=explanation,
                    rolls=tuple(rolls),
                )
            )
    return items


def revolt_outcome(state: State, item: Adjudication) -> list[object]:
    """A region or city that revolts: liberated if occupied ([L9369-9370]), else lost with its garrison."""
    kind, _, name = item.subject.partition(":")
    if item.outcome != REVOLTS or kind == "leader":
        return []
    record = state.cities.get(name) if kind == "city" else state.regions.get(name)
    if record is None or not _held(dict(record.statuses), item.nation):
        return []
    why = f"adjudication {item.item_id}"
    held = current_occupations(state).get(name)
    if held is not None and held.occupier == item.nation:
        return [PlaceLiberated(place=name, owner=held.owner, occupier=held.occupier, status=held.previous, reason=why)]  # type: ignore[arg-type]
    units = dict(record.garrison.get(item.nation, {}))
    return [PlaceRevolted(place=name, nation=item.nation, units=units, reason=why, city=kind == "city")]
