"""What fleets and wars do to trade at R6, raised for the GM as adjudication items (§6.2.4.7, §6.2.4.26, §5.2):
every input computed, a 2d6 recorded, the engine's proposal stated with the rule it follows.

- Blockade Port (B, BAC 1+, [L5623-5640]): an `act B` step of a fleet at sea, `to` the port city (or the coastal
  region, its coastline) on a coast of the fleet's sea zone. "To be effective, a port must be Blockaded for more than
  75% of the turn, as measured in the executing Fleet's possible Actions": the engine proposes `effective` when the
  step's AP exceed three quarters of the fleet's AP for the turn, else `ineffective`; the GM may rule otherwise (the
  action's stat is Combat: a defending fleet, a storm). `effective` blockades the place at the close (`BlockadeSet`).
  A blockade standing from an earlier turn (the GM's `SetBlockade` or an item's) whose nation does not blockade the
  place again this turn is raised too (proposal `lifted`; `held` keeps it another turn): a blockade holds only
  while the fleet keeps to it. So is a sea zone closed by piracy in an earlier turn without a Piracy step of its
  pirates there this turn (a `sea_zone` item, proposal `reopened`; `closed` keeps it).
- Piracy (PR, BAC 3+, [L6250-6268]): an `act PR` step of a fleet at sea in one sea zone. "A random amount of GP,
  dependent on the amount of Inter-Nation trade passing through the Sea Zone", more "the more Actions expended", and
  the zone closed "if there are sufficient Warships committed": no table, so the item shows the AP, the warships,
  the routes through the zone with their GP this turn, and the dice, and proposes `none` (nothing taken, the zone
  open). The GM settles it with `RecordPiracy` naming the item (his take and whether the zone closes, with a reason)
  or confirms `none`.
- An act of war between trading partners ([L3810-3811] trade continues until "Either player undertakes an act of war
  against the other"; Table 2-47 WAR 10%): a battle this turn with the two partners on opposite sides raises a
  `trade_war` item for each open route between them, proposal `war` (`peace`: the GM rules it no act of war, e.g. a
  clash with a third nation's army in the partner's pay). `war` sets the route's condition at the close.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from domain.engine import Rejected
from domain.rulesets.lote.model.orders import GiveItinerary
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.movement import ap
from domain.rulesets.lote.movement.execute import Act
from domain.rulesets.lote.movement.itinerary import action_base
from domain.rulesets.lote.scenario.enums import at_least, dec
from domain.rulesets.lote.scenario.tables import TABLES
from domain.rulesets.lote.trade.check import refuse
from domain.rulesets.lote.trade.events import BlockadeSet, SeaZoneClosedSet, TradeConditionSet
from domain.rulesets.lote.trade.links import route_gp
from domain.rulesets.lote.trade.resolve import Runner
from domain.rulesets.lote.trade.trace import PORT_CODES

ITEM_KINDS = ("blockade", "piracy", "trade_war", "sea_zone")
OUTCOMES: dict[str, tuple[str, ...]] = {
    "blockade": ("effective", "ineffective", "lifted", "held"),
    "trade_war": ("war", "peace"),
    "sea_zone": ("reopened", "closed"),
}
UNITS = TABLES.units.units


def warships(units: dict[str, int]) -> int:
    return sum(n for code, n in units.items() if n > 0 and code in UNITS and UNITS[code].kind == "warship")


def holders(state: State, place: str) -> tuple[str, ...]:
    """The nations holding a port city or a coastal region at NT or better (who see a fleet off it)."""
    record = state.cities.get(place) or state.regions.get(place)
    statuses = record.statuses if record is not None else {}
    return tuple(sorted(n for n, status in statuses.items() if at_least(status, "nt")))


def _blockade_target(state: State, zone: str, place: str) -> str | None:
    """Why `place` cannot be blockaded from the sea zone `zone`, or None."""
    if zone not in state.sea_zones:
        return f"a Blockade is made by a fleet at sea: the army is in {zone!r}, not a sea zone"
    city = state.cities.get(place)
    if city is not None and PORT_CODES & set(city.codes):
        region = city.region
        on_coast = zone in city.port_sea_zones or (
            not city.port_sea_zones and any(c.region == region and c.sea_zone == zone for c in state.coasts)
        )
    elif place in state.regions:
        on_coast = any(c.region == place and c.sea_zone == zone for c in state.coasts)
    else:
        return f"{place!r} is neither a port city nor a coastal region ('to' names the port or the coast)"
    return None if on_coast else f"{place!r} has no coast on {zone!r}"


def fleet_ap(state: State, army: str) -> int:
    """[L5638-5640] "the executing Fleet's possible Actions": its AP for the turn (§6.2.1)."""
    leader = state.leaders[army]
    culture = state.nations[leader.nation].culture
    return ap.ap_per_year(culture, leader.combat, leader.units) * state.years_per_turn


def r6_fleet_actions(
    run: Runner, orders: dict[str, GiveItinerary], acts: Sequence[Act]
) -> list[tuple[str, str, Rejected]]:
    """R6: each Blockade and Piracy step reached becomes an item; a step that no longer holds is a failed line
    (returned as (nation, line, refusal), for the caller to record as a failed order)."""
    failed: list[tuple[str, str, Rejected]] = []
    blockaded: set[tuple[str, str]] = set()
    pirates: set[tuple[str, str]] = set()
    for act in acts:
        order = orders[act.army]
        step = order.steps[act.step]
        if step.action not in ("B", "PR"):
            continue
        leader = run.state.leaders[act.army]
        spent = (action_base(step.action) or 0) + step.extra
        if step.action == "B":
            why = _blockade_target(run.state, act.place, step.to)
            if why is not None:
                failed.append(
                    (leader.nation, order.line, refuse(order, "fleet_action_no_target", f"step {act.step + 1}: {why}"))
                )
                continue
            blockaded.add((step.to, leader.nation))
            _raise_blockade(run, act, step.to, spent)
        else:
            if act.place not in run.state.sea_zones:
                why = f"step {act.step + 1}: Piracy is done by a fleet at sea, not in {act.place!r}"
                failed.append((leader.nation, order.line, refuse(order, "fleet_action_no_target", why)))
                continue
            pirates.add((act.place, leader.nation))
            _raise_piracy(run, act, spent)
    _standing(run, blockaded, pirates)
    return failed


def _standing(run: Runner, blockaded: set[tuple[str, str]], pirates: set[tuple[str, str]]) -> None:
    """Blockades and closed sea zones from an earlier turn whose nation did not keep at them this turn."""
    trade = run.state.trade
    for zone, by in sorted(trade.closed_zones.items()):
        if (zone, by) not in pirates and trade.closed_zone_turns.get(zone, 0) < run.ctx.turn:
            why = (
                f"[L6263-6264] {by}'s pirates closed {zone} to International Trade; no Piracy step of {by} there this "
                "turn: 'reopened' (the pirates sailed away) or 'closed'"
            )
            run.raise_item(by, "sea_zone", f"reopen:{zone}", "reopened", why)
    for place, by in sorted(trade.blockades.items()):
        if (place, by) not in blockaded and run.state.trade.blockade_turns.get(place, 0) < run.ctx.turn:
            why = (
                f"[L5638-5640] {by}'s blockade of {place} holds only while its fleet keeps to it: no Blockade step of "
                f"{by} there this turn; 'lifted' or 'held'"
            )
            run.raise_item(by, "blockade", f"lift:{place}", "lifted", why)


def _raise_blockade(run: Runner, act: Act, place: str, spent: int) -> None:
    state = run.state
    leader = state.leaders[act.army]
    possible = fleet_ap(state, act.army)
    effective = 4 * spent > 3 * possible
    rolls = run.ctx.dice.roll(f"blockade:{leader.nation}:{place}", 2, 6, visible_to=())
    seen = ", ".join(holders(state, place)) or "no nation"
    why = (
        f"[L5623-5640] {act.army} blockades {place} from {act.place} with {spent} AP of the fleet's {possible} for the "
        f"turn ({dec(Fraction(100 * spent, max(possible, 1)))}%; 'more than 75% of the turn' needs more than "
        f"{dec(Fraction(3 * possible, 4))}); {warships(leader.units)} warships, Combat {leader.combat}; held by "
        f"{seen}; 2d6 = {sum(rolls)}; 'effective' or 'ineffective'"
    )
    proposal = "effective" if effective else "ineffective"
    run.raise_item(leader.nation, "blockade", f"{act.army}:{place}", proposal, why, rolls)


def _raise_piracy(run: Runner, act: Act, spent: int) -> None:
    state = run.state
    leader = state.leaders[act.army]
    zone = act.place
    gp = route_gp(state, zone)
    rolls = run.ctx.dice.roll(f"piracy:{leader.nation}:{zone}", 2, 6, visible_to=())
    routes = ", ".join(f"{rid} {dec(g)} GP" for rid, g in gp.items()) or "none"
    why = (
        f"[L6250-6268] {act.army} turns pirate in {zone} with {spent} AP and {warships(leader.units)} warships "
        f"(Combat {leader.combat}); the routes through it made {dec(sum(gp.values(), Fraction(0)))} GP this turn "
        f"({routes}); 2d6 = {sum(rolls)}. The rulebook gives no table: settle with RecordPiracy (the take, at most "
        "that trade, and whether the zone closes) or confirm 'none'"
    )
    run.raise_item(leader.nation, "piracy", f"{act.army}:{zone}", "none", why, rolls)


def r6_acts_of_war(run: Runner) -> None:
    """[L3810-3811] a battle this turn with two trading partners on opposite sides: a `trade_war` item per route."""
    state = run.state
    fights = [b for _, b in sorted(state.battles.items()) if b.turn == run.ctx.turn]
    for route_id, route in sorted(state.routes.items()):
        if route.closed or route.condition == "war":
            continue
        pair = {route.nation_a, route.nation_b}
        for battle in fights:
            sides = (set(battle.attacker.nations), set(battle.defender.nations))
            attacker = next((n for n in sorted(pair) if n in sides[0] and (pair - {n}) & sides[1]), None)
            if attacker is None:
                continue
            other = next(iter(pair - {attacker}))
            why = (
                f"[L3810-3811] {attacker} attacked {other} at {battle.region} ({battle.battle_id}): trade continues "
                f"until 'Either player undertakes an act of war against the other'; route {route_id} becomes Blocked "
                "by Warfare (WAR, 10%, Table 2-47); 'war' or 'peace'"
            )
            run.raise_item(attacker, "trade_war", route_id, "war", why)
            break


def check_ruling(kind: str, outcome: str) -> None:
    """A GM's override of one of these items; a piracy is settled by `RecordPiracy`."""
    if kind == "piracy":
        raise Rejected(
            "lote.use_record_piracy", "A piracy's take has parts: settle it with RecordPiracy naming the item."
        )
    if outcome not in OUTCOMES[kind]:
        raise Rejected("lote.bad_outcome", f"A {kind.replace('_', ' ')} outcome is {' or '.join(OUTCOMES[kind])}.")


def outcome_events(state: State, item: Adjudication) -> list[Any]:
    """A decided item takes effect at the close of the adjudication phase."""
    why = f"adjudication {item.item_id}"
    place = item.subject.split(":", 1)[-1]  # a blockade's subject is "<army>:<place>" or "lift:<place>"
    if item.kind == "blockade" and (
        item.outcome == "effective" or (item.outcome == "held" and state.trade.blockades.get(place) == item.nation)
    ):
        return [BlockadeSet(port=place, by=item.nation, reason=why, seen_by=holders(state, place))]
    if item.kind == "blockade" and item.outcome == "lifted" and state.trade.blockades.get(place) == item.nation:
        return [BlockadeSet(port=place, by=None, reason=why, seen_by=holders(state, place))]
    if item.kind == "sea_zone" and state.trade.closed_zones.get(place) == item.nation:
        return [SeaZoneClosedSet(sea_zone=place, by=None if item.outcome == "reopened" else item.nation, reason=why)]
    route = state.routes.get(item.subject)
    if item.kind == "trade_war" and item.outcome == "war" and route is not None and not route.closed:
        return [
            TradeConditionSet(
                route=item.subject, nation_a=route.nation_a, nation_b=route.nation_b, condition="war", reason=why
            )
        ]
    return []
