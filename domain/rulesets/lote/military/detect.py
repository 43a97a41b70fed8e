"""Which contacts and leader actions of R6 are fights (§6.2.4.1-6.2.4.6, §6.2.4.25; digest §1.4 R6), and the
`Battle` each one is, with its inputs (`inputs.py`) and one adjudication item per nation involved.

Decisions (the rulebook leaves "when combat happens" to the GM, [L11578-11583]):
- An army's attack actions are the `act` steps A, AT, AL (a region), S, AS, PS (a city) of its itinerary that it
  reaches: the steps before its first contact, and those at the contact's place right after it arrives there.
- A contact is a battle when an army in it attacks at that place (A, AT, AL, S, AS or PS), or when two of the
  nations met are at war: one of them holds a region or city whose status for the other is "aw" (§2.14.6).
  Other contacts (passage, friends, hostile-but-not-at-war) stay `contact` items for the GM.
- A contact where an army on React intercepted a mover (`Contact.reactors`, §6.2.4.28 [L6288-6340]) is a battle
  too, unless an evader is in it (the GM rules first whether it slipped by, §6.2.4.15).
- The attackers are the nations attacking there (or, at war or intercepted, those that moved in); the defenders
  everyone else there, with the garrison of the defending nations.
- A contact where one side besieges a city of the region (S, AS, PS) and the other side's armies are all inside
  a city is no field battle: the siege is the fight, and the armies inside are its defenders.
- An A, AT or AL reached without a contact is a battle against the region's holders and their garrison (a
  garrison fight, or none at all: the GM still rules, the garrison requirement decides p or pt). S, AS and PS are
  a siege, an assault and a passive siege of the city named by the step's `to` (or the region's only city held by
  another nation), against its holders, its garrison and walls, and the armies inside.
"""

from __future__ import annotations

from typing import NamedTuple

from domain.rulesets.lote.military.inputs import build_side, passive_siege_allowed
from domain.rulesets.lote.model.battles import Battle, BattleKind, Side
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.movement.execute import Contact, Stop, timeline
from domain.rulesets.lote.scenario.enums import at_least

REGION_ATTACKS = frozenset({"A", "AT", "AL"})
CITY_ATTACKS: dict[str, BattleKind] = {"S": "siege", "AS": "assault", "PS": "passive_siege"}
ATTACKS = REGION_ATTACKS | set(CITY_ATTACKS)


class Act(NamedTuple):
    army: str
    when: tuple[int, int]
    place: str
    step: Step
    came_from: str  # where the army was before it came to `place`


def acts_of(state: State, army: str, order: GiveItinerary, stop: Contact | None) -> list[Act]:
    """The `act` steps the army reaches (before its first contact, or at that contact's place right after)."""
    stops: list[Stop] = timeline(state, army, order)
    out: list[Act] = []
    came_from = stops[0].place
    for i, step in enumerate(order.steps):
        at = stops[i + 1]
        if step.kind != "act":
            if stop is not None and at.when > stop.when:
                break
            came_from = stops[i].place
            continue
        if stop is not None and at.when > stop.when and at.place != stop.place:
            break
        out.append(Act(army, at.when, at.place, step, came_from))
    return out


def at_war(state: State, a: str, b: str) -> bool:
    """One of the two holds a region or city whose status for the other is At War (§2.14.6)."""
    statuses = [r.statuses for r in state.regions.values()] + [c.statuses for c in state.cities.values()]
    for s in statuses:
        if (at_least(s.get(a), "nt") and s.get(b) == "aw") or (at_least(s.get(b), "nt") and s.get(a) == "aw"):
            return True
    return False


def holders(state: State, place: str) -> list[str]:
    record = state.cities.get(place) or state.regions.get(place)
    if record is None:
        return []
    return sorted(n for n, s in record.statuses.items() if n in state.nations and at_least(s, "nt"))


def great_wall_between(state: State, a: str, b: str) -> bool:
    return any({x.a, x.b} == {a, b} and x.kind == "great_wall" for x in state.borders)


def _defend_ap(order: GiveItinerary | None) -> int:
    if order is None:
        return 0
    return sum(1 + s.extra for s in order.steps if s.kind == "act" and s.action == "D")


def _actions(order: GiveItinerary | None, codes: frozenset[str] = frozenset(ATTACKS | {"D"})) -> tuple[str, ...]:
    if order is None:
        return ()
    return tuple(dict.fromkeys(s.action for s in order.steps if s.kind == "act" and s.action in codes))


def make_battle(
    state: State,
    orders: dict[str, GiveItinerary],
    *,
    kind: BattleKind,
    region: str,
    when: tuple[int, int],
    attackers: list[str],
    defenders: list[str],
    defender_nations: list[str],
    city: str | None,
    came_from: str,
    turn: int,
) -> Battle:
    att_nations = tuple(dict.fromkeys(state.leaders[a].nation for a in attackers))
    def_nations = tuple(dict.fromkeys([*(state.leaders[a].nation for a in defenders), *defender_nations]))
    place = city or region
    record = state.cities.get(place) or state.regions.get(place)
    garrison: dict[str, int] = {}
    for nid in def_nations:
        for unit, n in (record.garrison.get(nid, {}) if record is not None else {}).items():
            garrison[unit] = garrison.get(unit, 0) + n
    walls = state.cities[city].walls if city is not None else 0
    siege = kind != "battle"
    attacker = build_side(
        state,
        nations=att_nations,
        armies=tuple(attackers),
        garrison={},
        region=region,
        actions=tuple(dict.fromkeys(c for a in attackers for c in _actions(orders.get(a)))),
        siege=siege,
    )
    defender = (
        build_side(
            state,
            nations=def_nations,
            armies=tuple(defenders),
            garrison=garrison,
            region=region,
            actions=tuple(dict.fromkeys(c for a in defenders for c in _actions(orders.get(a)))),
            defend_ap=max((_defend_ap(orders.get(a)) for a in defenders), default=0),
            defending=True,
            wall_points=walls,
            great_wall=great_wall_between(state, came_from, region),
            siege=siege,
        )
        if def_nations
        else build_side_empty()
    )
    subject = f"{place}@{when[0]}.{when[1]}"
    notes = []
    if region in state.sea_zones:
        notes.append("at sea: a fleet battle; no combat on inter-island or ocean arrows [§4.6.1]")
    if kind in ("siege", "assault") and any(state.leaders[a].location != city for a in defenders):
        notes.append("a defending field army in the region may have to be cleared first [L5509-5511]")
    return Battle(
        battle_id=f"t{turn}-{kind}-{subject}",
        turn=turn,
        kind=kind,
        region=region,
        when=when,
        attacker=attacker,
        defender=defender,
        city=city,
        attacker_from=came_from,
        terrain=state.regions[region].terrain if region in state.regions else "",
        at_sea=region in state.sea_zones,
        passive_siege_allowed=(
            passive_siege_allowed(attacker.passive_siege_value, defender.passive_siege_value)
            if kind == "passive_siege"
            else None
        ),
        notes=tuple(notes),
    )


def build_side_empty() -> Side:
    return Side(nations=(), leadership=0, leadership_why="no defender: an uncontrolled or ungarrisoned place")


def items_for(battle: Battle, state: State) -> list[Adjudication]:
    """One item per nation involved: the subject (place, month, the other side's nations) is what the seat sees;
    the explanation (every input) is the GM's."""
    out = []
    for nid in battle.nations:
        if not nid:
            continue
        others = battle.defender.nations if nid in battle.attacker.nations else battle.attacker.nations
        place = battle.city or battle.region
        subject = f"{place}@{battle.when[0]}.{battle.when[1]}:{'+'.join(n for n in others if n) or '-'}"
        out.append(
            Adjudication(
                item_id=f"t{battle.turn}-{nid}-{battle.kind}-{subject}",
                turn=battle.turn,
                nation=nid,
                kind=battle.kind,
                subject=subject,
                proposal=f"ResolveBattle {battle.battle_id}",
                explanation=explain(battle),
            )
        )
    return out


def explain(battle: Battle) -> str:
    def side(name: str, s: Side) -> str:
        units = ", ".join(f"{n} {u}" for u, n in sorted(s.units.items())) or "no units"
        return (
            f"{name} {'+'.join(s.nations) or '-'}: {units}; leadership {s.leadership} ({s.leadership_why}); "
            f"QR C{s.cav_qr} I{s.inf_qr} W{s.warship_qr} S{s.siege_qr}; PSV {s.passive_siege_value}; "
            f"strength {float(s.strength):.2f} {' '.join(s.modifiers)}"
        )

    ratio = "" if battle.passive_siege_allowed is None else f"; passive siege allowed: {battle.passive_siege_allowed}"
    return (
        f"{battle.kind} in {battle.city or battle.region}: {side('attacker', battle.attacker)} | "
        + side("defender", battle.defender)
        + ratio
    )


def find_battles(
    state: State, orders: dict[str, GiveItinerary], contacts: tuple[Contact, ...], turn: int
) -> tuple[list[Battle], set[tuple[str, tuple[int, int]]]]:
    """The turn's battles in calendar order, and the (place, month) of the contacts they replace."""
    first: dict[str, Contact] = {}
    for contact in contacts:
        for army in contact.armies:
            first.setdefault(army, contact)
    acts = {army: acts_of(state, army, order, first.get(army)) for army, order in orders.items()}
    battles: list[Battle] = []
    replaced: set[tuple[str, tuple[int, int]]] = set()
    used: set[tuple[str, int]] = set()
    for contact in contacts:
        if _besieged_inside(state, contact, acts):
            replaced.add((contact.place, contact.when))  # the siege's own item covers the armies in the city
            continue
        battle = _contact_battle(state, orders, contact, acts, used, turn)
        if battle is not None:
            battles.append(battle)
            replaced.add((contact.place, contact.when))
    for army in sorted(acts):
        for i, act in enumerate(acts[army]):
            if (army, i) in used or act.step.action not in ATTACKS:
                continue
            battle = _action_battle(state, orders, act, turn)
            if battle is not None:
                battles.append(battle)
    battles.sort(key=lambda b: (b.when, b.battle_id))
    unique = {b.battle_id: b for b in battles}
    return list(unique.values()), replaced


def _besieged_inside(state: State, contact: Contact, acts: dict[str, list[Act]]) -> bool:
    """Armies besieging, assaulting or passively besieging a city of the contact's region, and every army of the
    other nations there inside that city: no field battle, the siege is the fight ([L5509-5511])."""
    sieging = {
        a for a in contact.armies for x in acts.get(a, []) if x.place == contact.place and x.step.action in CITY_ATTACKS
    }
    if not sieging:
        return False
    nations = {state.leaders[a].nation for a in sieging}
    others = [a for a in contact.armies if state.leaders[a].nation not in nations]
    return all(state.leaders[a].location in state.cities for a in others)


def _contact_battle(
    state: State,
    orders: dict[str, GiveItinerary],
    contact: Contact,
    acts: dict[str, list[Act]],
    used: set[tuple[str, int]],
    turn: int,
) -> Battle | None:
    attacking: list[str] = []
    came_from = contact.place
    for army in contact.armies:
        for i, act in enumerate(acts.get(army, [])):
            if act.place == contact.place and act.step.action in REGION_ATTACKS and act.when >= contact.when:
                attacking.append(army)
                used.add((army, i))
                came_from = act.came_from
                break
    nations = sorted({state.leaders[a].nation for a in contact.armies})
    war = any(at_war(state, a, b) for a in nations for b in nations if a < b)
    reacted = bool(contact.reactors) and not contact.evaders  # an evader's escape is the GM's to rule first
    if not attacking and not war and not reacted:
        return None
    if not attacking:
        # at war, or intercepted (§6.2.4.28): the armies that came into the place attack, the reacting or
        # standing armies defend it
        held = set(holders(state, contact.place)) | {state.leaders[a].nation for a in contact.reactors}
        movers = [a for a in contact.movers if a not in contact.reactors]
        attacking = [a for a in movers if state.leaders[a].nation not in held] or movers[:1] or list(contact.movers[:1])
        came_from = next((x.came_from for a in attacking for x in acts.get(a, [])), contact.place)
    side = {state.leaders[a].nation for a in attacking}
    attackers = [a for a in contact.armies if state.leaders[a].nation in side]
    defenders = [a for a in contact.armies if state.leaders[a].nation not in side]
    return make_battle(
        state,
        orders,
        kind="battle",
        region=contact.place,
        when=contact.when,
        attackers=attackers,
        defenders=defenders,
        defender_nations=[],
        city=None,
        came_from=came_from,
        turn=turn,
    )


def _target_city(state: State, act: Act, nation: str) -> str | None:
    if act.step.to in state.cities and state.cities[act.step.to].region == act.place:
        return act.step.to
    cities = [c for c, r in sorted(state.cities.items()) if r.region == act.place and nation not in r.statuses]
    return cities[0] if len(cities) == 1 else None


def _action_battle(state: State, orders: dict[str, GiveItinerary], act: Act, turn: int) -> Battle | None:
    nation = state.leaders[act.army].nation
    code = act.step.action
    if code in REGION_ATTACKS:
        place, city, kind = act.place, None, "battle"
    else:
        city = _target_city(state, act, nation)
        if city is None:
            return None  # no city to besiege: the step names none and the region has none (or several)
        place, kind = city, CITY_ATTACKS[code]
    others = [n for n in holders(state, place) if n != nation]
    defenders = [a for a, x in sorted(state.leaders.items()) if x.nation in others and x.location in (place, act.place)]
    if city is not None:
        defenders = [a for a in defenders if state.leaders[a].location == city]
    return make_battle(
        state,
        orders,
        kind=kind,  # type: ignore[arg-type]
        region=act.place,
        when=act.when,
        attackers=[act.army],
        defenders=defenders,
        defender_nations=others,
        city=city,
        came_from=act.came_from,
        turn=turn,
    )
