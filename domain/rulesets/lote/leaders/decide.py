"""The GM's leader commands: checked against the leader limits and types, then the dice."""

from __future__ import annotations

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.leaders.commands import GenerateLeader, PromoteLeader
from domain.rulesets.lote.leaders.events import LeaderGenerated, LeaderPromoted
from domain.rulesets.lote.leaders.generation import free_army_no, generate
from domain.rulesets.lote.leaders.limits import NAMES, RULERS, check_room
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.scenario.enums import LeaderType
from domain.rulesets.lote.scenario.tables import TABLES


def reason_of(reason: str) -> str:
    if not reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    return reason


def _nation(state: State, nid: str) -> Nation:
    if nid not in state.nations:
        raise Rejected("lote.unknown_nation", f"There is no nation {nid!r}.")
    return state.nations[nid]


def leader_nation(state: State, leader_id: str) -> Nation:
    leader = state.leaders.get(leader_id)
    if leader is None:
        raise Rejected("lote.unknown_leader", f"There is no leader {leader_id!r}.")
    return _nation(state, leader.nation)


def _army_no(state: State, command: GenerateLeader) -> str:
    taken = {x.army_no for x in state.leaders.values() if x.nation == command.nation}
    if command.army_no is None:
        return "1" if command.leader_type in RULERS else free_army_no(taken)
    if command.army_no in taken:
        raise Rejected(
            "lote.army_no_taken",
            f"Army number {command.army_no!r} is already used in {command.nation}: pick another or leave it out.",
        )
    return command.army_no


def decide_generate(state: State, command: GenerateLeader, ctx: DecisionContext) -> list[object]:
    reason = reason_of(command.reason)
    nation = _nation(state, command.nation)
    if command.leader_id in state.leaders:
        raise Rejected("lote.leader_exists", f"There is already a leader {command.leader_id!r}: choose a new id.")
    places = set(state.regions) | set(state.cities) | set(state.sea_zones)
    if command.location not in places:
        raise Rejected("lote.unknown_place", f"There is no region, city or sea zone {command.location!r}.")
    if command.home_region is not None and command.home_region not in state.regions:
        raise Rejected("lote.unknown_place", f"There is no region {command.home_region!r} to be the home province.")
    unknown = sorted(u for u in command.units if u not in TABLES.units.units)
    if unknown:
        raise Rejected("lote.unknown_unit", f"Unknown unit code(s) {', '.join(unknown)}: see Table 13-5.")
    check_room(state, nation, command.leader_type)
    army_no = _army_no(state, command)
    record = generate(
        ctx,
        leader_id=command.leader_id,
        nation=nation.id,
        leader_type=command.leader_type,
        name=command.name,
        age=command.age,
        location=command.location,
        army_no=army_no,
        home_region=command.home_region,
        units={u: n for u, n in command.units.items() if n},
    )
    return [LeaderGenerated(leader_id=command.leader_id, nation=nation.id, leader=record, reason=reason)]


def decide_promote(state: State, command: PromoteLeader) -> list[object]:
    reason = reason_of(command.reason)
    nation = leader_nation(state, command.leader_id)
    leader = state.leaders[command.leader_id]
    if leader.type == command.leader_type:
        raise Rejected(
            "lote.already_that_type", f"{leader.name} is already a {NAMES[command.leader_type]}.", status=409
        )
    check_room(state, nation, command.leader_type, without=command.leader_id)
    return [*promotion(state, command.leader_id, command.leader_type, reason)]


def promotion(state: State, leader_id: str, leader_type: LeaderType, reason: str) -> list[LeaderPromoted]:
    """A leader's new type; a new King takes army number 1 and whoever held it takes his old number."""
    leader = state.leaders[leader_id]
    army_no = "1" if leader_type in RULERS else leader.army_no
    out = [
        LeaderPromoted(
            leader_id=leader_id, nation=leader.nation, leader_type=leader_type, army_no=army_no, reason=reason
        )
    ]
    for lid, other in state.leaders.items():
        if army_no == "1" and other.army_no == "1" and other.nation == leader.nation and lid != leader_id:
            # [L2078-2085] number 01 is the King's: whoever held it takes the new King's old number
            swap = f"army number 1 passes to the new King; {other.name} takes #{leader.army_no}"
            out.append(
                LeaderPromoted(
                    leader_id=lid, nation=leader.nation, leader_type=other.type, army_no=leader.army_no, reason=swap
                )
            )
    return out


def decide_leader(state: State, command: GenerateLeader | PromoteLeader, ctx: DecisionContext) -> list[object]:
    """GenerateLeader and PromoteLeader; ConfirmLeaderDeath is `dynasty/deaths.py`'s (what a death sets off)."""
    match command:
        case GenerateLeader():
            return decide_generate(state, command, ctx)
        case PromoteLeader():
            return decide_promote(state, command)
