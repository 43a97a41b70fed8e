"""Itineraries (§6.3 L6519-6597; §6.2.4 L5406-6340; digest §3.19): each step priced, the total held to the AP the
army has for the turn (§6.2.1), with the impulse (Table 6-15) each step ends in.

Costs, exact (Fractions):
- `move` (land → land across a border): Table 4-9 entry (1 + terrain modifier; setting A2) + Table 6-25 border
  (mountains +1/+2, river +1 unless bridged, caravan +2) + 1 uncontrolled (destination below NT for the mover, or
  held by a nation in `guided_by`, §9.16 L9395-9402) + 1 Hostile Land (§4.5.11-12) + 1 for Secret Movement; the
  whole is halved along a Royal Road (L4770-4772).
- `sail`: entering a sea zone costs 1 (from a coast: leaving port, L6186-6189, plus loading, 1 in a port or 2 on an
  open coast, for an army that marched there first, §6.2.4.21), x 1/2 across a monsoon border,
  +1 against a strong current (§4.6.4), 1 along an arrow (L6178-6186); a one-way arrow or current is sailed
  only its way for arrows (§4.6.1 L3656-3666).
- `land`: from an arrow onto its island, 1 AP (L6186-6189); otherwise the region's entry cost (no border) + 1 to
  unload + 1 more without a port (L6166-6171, EX-56).
- `ferry`: ceil(cargo / ferry points) AP, at least 1 (§4.7.2 L3731-3750), to the arrow's other end.
- `evade` on a `move` or `land` step: +1 (§6.2.4.15, Table 6-21 "+1 to move").
- `act`: the action's base AP + "+" extra + Table 6-17 terrain modifier + 1 in Hostile Land (L6148-6154).
Fractions from a run of moves add up and are lost when any other action is performed (L6061-6067): the running
total is rounded up before an `act`, a `land` or a `ferry` step.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import NamedTuple

from domain.engine import Rejected
from domain.rulesets.lote.model.orders import GiveItinerary, Order, Step
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.movement import actions, ap
from domain.rulesets.lote.scenario.enums import at_least
from domain.rulesets.lote.scenario.tables import TABLES

MOVE = TABLES.movement
BORDER = MOVE.border_modifier.values
ONE = Fraction(1)
ARROWS = frozenset({"island_arrow", "ocean_arrow"})
# §6.2.4 base costs (digest §5.4 table); the actions that take from a place (BC, SC, LR, SE, EP, EVC, MC, RD) are
# priced by `movement/actions.py` from their target and the army's troops
BASE_AP: dict[str, int] = {
    "A": 3, "AT": 2, "AL": 1, "AS": 1, "S": 3, "B": 1, "BC": 1, "CC": 8, "CR": 8, "D": 1, "DP": 4, "ES": 8, "EX": 3,
    "HC": 1, "IL": 2, "IR": 6, "LR": 2, "PR": 3, "PS": 6, "R": 2, "RD": 1, "SC": 1, "SD": 6, "SE": 4, "SR": 3,
}  # fmt: skip


def refuse(order: Order, reason: str, message: str) -> Rejected:
    return Rejected(f"lote.{reason}", f"line {order.line!r} ({type(order).__name__}): {message}")


class Priced(NamedTuple):
    """One priced step: its AP, the running total, the impulse it ends in (1-based) and the year of the turn."""

    step: int
    cost: Fraction
    total: Fraction
    impulse: int
    year: int


class Plan(NamedTuple):
    ap_year: int
    ap_turn: int
    steps: list[Priced]

    @property
    def total(self) -> Fraction:
        return self.steps[-1].total if self.steps else Fraction(0)


class _Walk:
    """Where the army is while its steps are priced: a region (land) or a sea zone (sea)."""

    def __init__(self, state: State, nation: Nation, order: GiveItinerary, units: dict[str, int]) -> None:
        self.state, self.nation, self.order, self.units = state, nation, order, units
        self.at_sea = False
        self.via_arrow = False
        self.moved = False
        self.here = ""

    def port(self, region: str, zone: str) -> bool:
        """A port city of `region` opening on `zone`, or the region's Port Area (§5.7.5 L4723-4741)."""
        return self.state.regions[region].port_area or any(
            c.region == region and zone in c.port_sea_zones for c in self.state.cities.values()
        )

    def fail(self, index: int, reason: str, message: str) -> Rejected:
        return refuse(self.order, reason, f"step {index + 1}: {message}")

    def controlled(self, region: str) -> bool:
        statuses = self.state.regions[region].statuses
        if at_least(statuses.get(self.nation.id), "nt"):
            return True
        return any(at_least(statuses.get(g), "nt") for g in self.order.guided_by)

    def entry(self, region: str, secret: bool) -> Fraction:
        rec = self.state.regions[region]
        cost = MOVE.terrain_entry.values[rec.terrain][self.nation.culture] + (1 if secret else 0)
        if not self.controlled(region):
            cost += BORDER["uncontrolled"]
        if rec.hostile_land:
            cost += 1
        return cost

    def move(self, i: int, step: Step) -> Fraction:
        if self.at_sea:
            raise self.fail(i, "itinerary_at_sea", f"the army is at sea in {self.here!r}: 'land' first")
        border = next((b for b in self.state.borders if {b.a, b.b} == {self.here, step.to}), None)
        if step.to not in self.state.regions or border is None:
            raise self.fail(i, "itinerary_no_link", f"no land border joins {self.here!r} to {step.to!r}")
        extra = Fraction(0) if border.kind == "river" and border.bridged else BORDER[border.kind]
        cost = self.entry(step.to, step.secret) + extra
        return cost * BORDER["royal_road_multiple"] if border.royal_road else cost

    def sail(self, i: int, step: Step) -> Fraction:
        if step.to not in self.state.sea_zones:
            raise self.fail(i, "itinerary_no_link", f"{step.to!r} is not a sea zone")
        if not self.at_sea:
            if not any(c.region == self.here and c.sea_zone == step.to for c in self.state.coasts):
                raise self.fail(i, "itinerary_no_link", f"{self.here!r} has no coast on {step.to!r}")
            self._embark(i)
            self.via_arrow = False
            # §6.2.4.21: troops that start the turn in port with the fleet load free; troops that march to the
            # coast first load at 1 AP in a port, 2 on an open coast
            return ONE + (ap.load_ap(self.port(self.here, step.to)) if self.moved else 0)
        sb = next((b for b in self.state.sea_borders if {b.a, b.b} == {self.here, step.to}), None)
        if sb is None:
            raise self.fail(i, "itinerary_no_link", f"no sea border joins {self.here!r} to {step.to!r}")
        against = sb.one_way and sb.b == self.here
        self.via_arrow = sb.kind in ARROWS
        if against and self.via_arrow:
            raise self.fail(i, "itinerary_one_way", f"the arrow runs from {sb.a!r} to {sb.b!r} only")
        if sb.kind == "monsoon":
            return ONE * BORDER["monsoon_multiple"]
        return ONE + (BORDER["against_current"] if sb.kind == "current" and against else 0)

    def _embark(self, i: int) -> None:
        """An army puts to sea in its own ships, whose Table 13-5 capacity must hold its cargo (§4.6, §6.2.4.21);
        boarding another army's fleet is the GM's to arrange (MoveLeader)."""
        capacity = ap.ship_capacity(self.units, self.nation.culture)
        cargo = ap.cargo_of(self.units, self.nation.culture)
        if capacity is None:
            raise self.fail(i, "itinerary_no_ships", "the army has no warships or transports to sail in")
        if cargo > capacity:
            raise self.fail(
                i,
                "itinerary_over_capacity",
                f"the army's {cargo} cargo points need ships carrying {cargo}; its ships carry {capacity}",
            )

    def land(self, i: int, step: Step) -> Fraction:
        if not self.at_sea:
            raise self.fail(i, "itinerary_on_land", "the army is not at sea; 'move' overland instead")
        if not any(c.region == step.to and c.sea_zone == self.here for c in self.state.coasts):
            raise self.fail(i, "itinerary_no_link", f"{step.to!r} has no coast on {self.here!r}")
        if self.via_arrow:
            return ONE
        return self.entry(step.to, step.secret) + ap.load_ap(self.port(step.to, self.here))

    def ferry(self, i: int, step: Step) -> Fraction:
        arrow = self.state.ferries.get(step.to)
        if self.at_sea or arrow is None or self.here not in (arrow.a, arrow.b):
            raise self.fail(i, "itinerary_no_link", f"no ferry arrow {step.to!r} leaves {self.here!r}")
        cost = max(ap.ferry_ap(ap.cargo_of(self.units, self.nation.culture), arrow.points), 1)
        self.here = arrow.b if self.here == arrow.a else arrow.a
        return Fraction(cost)

    def act(self, i: int, step: Step) -> Fraction:
        if step.action == "Rule":
            return self.rule(i, step)
        base = self.pillage(i, step) if step.action in actions.PILLAGE else action_base(step.action)
        if base is None:
            raise self.fail(i, "itinerary_unknown_action", f"{step.action!r} is not an action code of §6.2.4")
        if self.at_sea:
            return Fraction(base + step.extra)
        rec = self.state.regions[self.here]
        terrain = MOVE.terrain_action.values[self.nation.culture].get(rec.terrain, Fraction(0))
        return base + step.extra + terrain + (1 if rec.hostile_land else 0)

    def pillage(self, i: int, step: Step) -> int:
        """The actions that take from a place (`movement/actions.py`): their target, troop minimum and cost."""
        target = actions.target_of(self.state, step.action, self.here, step.to)
        if isinstance(target, str):
            raise self.fail(i, "itinerary_bad_target", target)
        if step.action == "SE" and self.state.regions[target.region].terrain not in ("c", "c2"):
            raise self.fail(i, "itinerary_not_cultivated", "[L6406-6408] only a c or c2 region can be scorched")
        if step.action == "MC":
            leader = self.state.leaders[self.order.army]
            region = self.state.regions[target.region]
            religion = (self.state.cities[target.city].religion if target.city else "") or region.religion
            if leader.type not in actions.NATIONAL_LEADERS:
                raise self.fail(
                    i,
                    "itinerary_cannot_convert",
                    "[L6021-6024] a King, Heir, Prince, Lieutenant or "
                    "Bishop leads a Military Conversion, not a mercenary or an ally",
                )
            if religion == self.nation.religion:
                raise self.fail(
                    i,
                    "itinerary_cannot_convert",
                    f"{target.city or target.region} is already of the army's religion, {self.nation.religion}",
                )
        short = actions.shortfall(step.action, target, self.units)
        if short is not None:
            raise self.fail(i, "itinerary_too_few_troops", short)
        return actions.cost(step.action, target, self.units)

    def rule(self, i: int, step: Step) -> Fraction:
        """§6.2.4.30 L6379-6384: a King, Queen, Heir or Emperor Rules with at least 3/4 of his alone capacity for
        the turn, rounded up, whatever troops he leads; `extra` adds AP beyond the minimum."""
        leader = self.state.leaders[self.order.army]
        if leader.type not in RULERS:
            raise self.fail(i, "itinerary_cannot_rule", f"a leader of type {leader.type!r} cannot Rule (K, Q, H, E)")
        return Fraction(ap.rule_minimum(self.nation.culture, self.state.years_per_turn) + step.extra)


RULERS = frozenset({"K", "Q", "H", "E"})


def action_base(code: str) -> int | None:
    """Base AP of an action (the actions that take from a place are priced by `movement/actions.py`)."""
    return BASE_AP.get(code)


def one_line_per_army(order: GiveItinerary, form: list[Order]) -> None:
    """An army follows one itinerary a turn: a second line for it is refused (revise the first line instead)."""
    for other in form:
        if isinstance(other, GiveItinerary) and other.army == order.army and other.line != order.line:
            raise refuse(order, "itinerary_army_twice", f"line {other.line!r} already moves {order.army!r}; revise it")


def _start(state: State, location: str) -> tuple[str, bool]:
    if location in state.cities:
        return state.cities[location].region, False
    return location, location in state.sea_zones


def plan(state: State, nation: Nation, order: GiveItinerary, budget: int | None = None) -> Plan:
    """Price every step of `order`; refuse the first step that cannot be taken or that goes over the turn's AP
    (`budget` replaces the turn's AP when the army has only some left, as in EX-47)."""
    leader = state.leaders.get(order.army)
    if leader is None or leader.nation != nation.id:
        raise refuse(order, "itinerary_unknown_army", f"{nation.name} has no army {order.army!r}")
    walk = _Walk(state, nation, order, dict(leader.units))
    walk.here, walk.at_sea = _start(state, leader.location)
    ap_year = ap.ap_per_year(nation.culture, leader.combat, leader.units)
    ap_turn = ap_year * state.years_per_turn if budget is None else budget
    total, priced = Fraction(0), []
    for i, step in enumerate(order.steps):
        if step.kind in ("act", "land", "ferry"):
            total = Fraction(ceil(total))  # [L6061-6067] fractions are lost when another action is performed
        if step.evade and step.kind not in ("move", "land"):
            raise walk.fail(i, "itinerary_evade_not_moving", "[L5856] Evade adds +1 to a movement: 'move' or 'land'")
        cost = getattr(walk, step.kind)(i, step) + (1 if step.evade else 0)
        if step.kind in ("move", "sail", "land"):
            walk.here, walk.at_sea = step.to, step.kind == "sail"
        walk.moved = walk.moved or step.kind in ("move", "land", "ferry")
        total += cost
        if total > ap_turn:
            raise walk.fail(
                i,
                "itinerary_over_ap",
                f"{step.kind} {step.to or step.action!r} costs {cost} AP and brings the total to {total}, over the "
                f"{ap_turn} AP the army has this turn ({ap_year} a year, {state.years_per_turn} years a turn)",
            )
        impulse = ceil(total) if total > 0 else 1
        priced.append(Priced(i + 1, cost, total, impulse, (impulse - 1) // ap_year + 1))
    return Plan(ap_year, ap_turn, priced)


def check_port(state: State, nation: Nation, order: GiveItinerary) -> None:
    """[L6090-6096] "fleets must end the turn in a controlled Port" (or one a nation lets them base in: here a nation
    in `guided_by`); "not ... on either an Inter-Island Arrow or an Open-Ocean arrow or in a Coastal Sea Zone.
    Fleets that do so will be destroyed." An itinerary that puts to sea must end on land in such a port; one that
    ends at sea is refused here (a fleet stopped at sea by a contact and still there at the end of the turn is
    destroyed then, `military/endturn.py`).

    Decision: the engine's army carries its own ships and does not split them from the troops, so an army with
    troops may land them on any coast (the amphibious operation of [L6162-6175]; the ships ashore with them are the
    GM's to rule on); a fleet alone (ships, no cavalry or infantry) must end in a controlled or permitted port."""
    if not any(step.kind == "sail" for step in order.steps):
        return
    units = dict(state.leaders[order.army].units)
    walk = _Walk(state, nation, order, units)
    here = ""
    for step in order.steps:
        if step.kind in ("move", "sail", "land"):
            here = step.to
    last = len(order.steps)
    if here in state.sea_zones:
        raise refuse(
            order,
            "itinerary_ends_at_sea",
            f"step {last}: the fleet would end the turn in {here!r} and be "
            "destroyed [L6090-6096]; end it in a controlled port ('land')",
        )
    if actions.troops(units) > 0:
        return
    ports = [z for z in state.sea_zones if walk.port(here, z)] if here in state.regions else []
    owners = [nation.id, *order.guided_by]
    place = state.regions.get(here)
    held = place is not None and any(at_least(place.statuses.get(n), "nt") for n in owners)
    cities = [c for c in state.cities.values() if c.region == here and c.port_sea_zones]
    held = held or any(at_least(c.statuses.get(n), "nt") for c in cities for n in owners)
    if not ports or not held:
        raise refuse(
            order,
            "itinerary_fleet_not_in_port",
            f"step {last}: {here!r} is not a port the nation or a "
            "nation in guided_by controls; a fleet must end the turn in one [L6090-6096]",
        )
