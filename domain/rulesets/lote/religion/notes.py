"""The explanations of religion's adjudication items: every input the rulebook names, computed, and the dice.
The rulebook prints no odds as numbers (Table 8-5: always, high, medium, low), so the GM reads the 2d6 against
these inputs; each note cites the text it comes from."""

from __future__ import annotations

from domain.rulesets.lote.leaders.garrisons import city_rv, faith_relation, troops_at
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.movement.hbz import in_hbz
from domain.rulesets.lote.religion.orders import DiplomaticConversion
from domain.rulesets.lote.religion.records import Minority, RelOp
from domain.rulesets.lote.religion.rules import (
    CRUSADE_RS,
    NAMES,
    PAGAN,
    SUCCESS_RS,
    TABLE_8_5,
    converts,
    minorities,
    place_religion,
    table_relation,
)
from domain.rulesets.lote.scenario.enums import dec

OP_OUTCOMES = (
    "rule with SettleReligiousOperation: result success | failure | not_run; detection hidden | noticed | "
    "detected | blown; change (RS and LS points, IR/II/DI levels, MW the share converted in %)"
)


def _name(state: State, nid: str | None) -> str:
    nation = state.nations.get(nid or "")
    return nation.name if nation is not None else (nid or "-")


def _minorities(state: State, place: str) -> str:
    found = minorities(state, place)
    if not found:
        return "no minority"
    return ", ".join(f"{m.religion} {m.origin}" + (f" {m.pct}%" if m.pct else "") for m in found)


def populace_share(state: State, nid: str, religion: str) -> tuple[int, int]:
    """(GPv of `religion`, all GPv) of the regions and cities the nation holds at NT or better: the "majority of
    its populace" of [L7524-7527], counted by value."""
    from domain.rulesets.lote.religion.faith import held_places

    of, total = 0, 0
    for kind, name, _ in held_places(state, nid):
        gpv = max(state.cities[name].gpv if kind == "city" else state.regions[name].gpv, 0)
        total += gpv
        of += gpv if place_religion(state, name) == religion else 0
    return of, total


def explain_op(state: State, op: RelOp) -> str:
    nation = state.nations[op.nation]
    metric = "regions/sea zones" if state.settings.a10_action_range_metric == "regions" else "AP"
    parts = [
        f"[Table 8-5] {op.code} ({NAMES[op.code]}, {TABLE_8_5[op.code][2]}), odds {op.odds}: {nation.name} "
        f"({op.religion}, RS {op.rs}, ROC {nation.roc}, ROB {nation.rob}) runs it on 1 ROC + {op.bonus} ROB",
        f"target: {_name(state, op.target_nation) if op.target_nation else '-'} / {op.target or '-'}"
        + (f" : {op.detail}" if op.detail else ""),
        f"attempted in {op.location}: {dec(op.distance) if op.distance is not None else '?'} {metric} from "
        f"{op.base}, within Action Range {op.action_range} [L7447-7450]",
    ]
    if op.rs < SUCCESS_RS:
        parts.append(f"RS {op.rs} is below {SUCCESS_RS}: little chance of success in many operations [L7440-7444]")
    parts += _where_notes(state, op)
    parts += _code_notes(state, op, nation)
    parts.append(f"2d6 = {sum(op.rolls)} (Table 8-5 prints no numbers: the GM reads it against these inputs)")
    parts.append(OP_OUTCOMES)
    return "; ".join(p for p in parts if p)


def _where_notes(state: State, op: RelOp) -> list[str]:
    """Whether the target nation holds the place the operation is attempted in (checked here, never at entry: a
    seat does not see a rival's holdings)."""
    target = state.nations.get(op.target_nation or "")
    if target is None or target.id == op.nation or op.location is None:
        return []
    record = state.cities.get(op.location) or state.regions.get(op.location)
    status = record.statuses.get(target.id) if record is not None else None
    if status is None:
        return [f"{target.name} holds nothing at {op.location}: its populace is not there"]
    return [f"{target.name} holds {op.location} at {status}"]


def _code_notes(state: State, op: RelOp, nation: Nation) -> list[str]:
    target = state.nations.get(op.target_nation or "")
    own = target is not None and target.id == nation.id
    match op.code:
        case "LS" if own:
            return [f"lowering your own RS ({op.rs}): the higher it is, the harder [L7570-7573]"]
        case "LS" if target is not None:
            return [
                f"against {target.name} (RS {target.religious_strength}): easier if your RS ({op.rs}) is "
                "higher [L7573-7576]"
            ]
        case "RS" if own:
            return [f"raising your own RS ({op.rs}): the higher it is, the easier [L7592-7596]; one point a turn"]
        case "RS" if target is not None:
            return [f"{target.name}'s RS is {target.religious_strength}"]
        case "II" | "DI" if target is not None:
            of, total = populace_share(state, target.id, nation.religion)
            return [
                f"{target.name} ({target.religion}): Primate influence {target.primate_influence}; {of} of "
                f"{total} GPv of its lands are {nation.religion} (II needs its religion, or a majority of its "
                "populace, to be the Primacy's [L7524-7527])"
            ]
        case "IR" | "MI":
            inf = state.religion.influence.get(f"{nation.id}>{op.target}")
            level = f"{inf.level} ({inf.stage})" if inf is not None else "0"
            rel = table_relation(state, nation.religion, op.target)
            extra = " automatically succeeds [L7559-7563]" if op.code == "MI" else ""
            return [
                f"influence over {op.target}: {level}; {op.target} is {rel} to {nation.religion} [L7529-7553]" + extra
            ]
        case "MW":
            return _missionary_notes(state, op, nation)
        case "IW":
            callers = sorted(
                o.nation
                for o in state.religion.ops.values()
                if o.turn == op.turn
                and o.code == "IW"
                and o.target == op.target
                and state.nations[o.nation].religion == nation.religion
                and o.rs >= CRUSADE_RS
            )
            return [
                f"a reason must exist (pretext: {op.detail or 'none given'}) [L7492-7496]; nations of "
                f"{nation.religion} with RS {CRUSADE_RS}+ calling one against {op.target} this turn: "
                f"{', '.join(callers) or 'none yet'} (three or more call it without the Primate, "
                "[L7509-7513])"
            ]
        case "CH":
            return [
                "a good chance the same or next turn a heresy forms; if it fails, the heresy becomes a "
                "hostile religion [L7470-7479]"
            ]
        case "RR":
            return ["a very difficult operation [L7603-7607]"]
    return []


def _missionary_notes(state: State, op: RelOp, nation: Nation) -> list[str]:
    place = op.target
    if place in state.regions or place in state.cities:
        religion = place_religion(state, place)
        rel = table_relation(state, nation.religion, religion)
        return [
            f"{place} is {religion or '-'} ({rel} to {nation.religion}; a hostile religion is twice as hard to "
            f"convert [L7382-7386]); {_minorities(state, place)}; {converts(state, place, nation.religion)}% "
            "converted so far; monasteries nearby help [L7583-7586]"
        ]
    leader = state.leaders.get(place)
    if leader is None or leader.nation != op.target_nation:
        return [f"{_name(state, op.target_nation)} has no leader {place!r}: rule not_run"]
    return [f"the leader {leader.name} ({leader.type}, Charisma {leader.charisma}) is at {leader.location}"]


def explain_conversion(state: State, nation: Nation, order: DiplomaticConversion, rolls: tuple[int, ...]) -> str:
    leader = state.leaders[order.leader]
    helpers = [(lid, state.leaders[lid].charisma) for lid in order.helpers if lid in state.leaders]
    rating = leader.charisma + sum(c for _, c in helpers)
    religion = place_religion(state, order.target)
    rel = table_relation(state, nation.religion, religion)
    record = state.cities.get(order.target) or state.regions[order.target]
    rv = (
        city_rv(state.cities[order.target].gpv, state.cities[order.target].walls)
        if order.target in state.cities
        else state.regions[order.target].resistance
    )
    done = converts(state, order.target, nation.religion)
    return (
        f"Religious Conversion by {leader.name} ({order.leader}, Charisma {leader.charisma}) at {leader.location} in "
        f"{order.target}: helpers at full Charisma {', '.join(f'{h} {c}' for h, c in helpers) or 'none'} "
        f"[L5790-5793]; total {rating}; {order.ap} AP (BAC 4+); {order.target} is {religion or '-'}, {rel} to "
        f"{nation.religion} (a hostile religion is twice as hard [L7382-7386]); RV {rv}; statuses "
        f"{dict(record.statuses) or 'none'}; {_minorities(state, order.target)}; {done}% converted so far (100% "
        f"converts it; above 50% a Cause Unrest or Incite Rebellion may turn it [L7634-7643]); 2d6 = {sum(rolls)}. "
        "The rulebook prints no table: rule the share converted this turn, 0 to 100 (percent), or confirm '0'."
    )


def explain_nation_conversion(state: State, nation: Nation, religion: str, rolls: tuple[int, ...]) -> str:
    rs = nation.religious_strength
    if nation.religion in PAGAN and religion not in PAGAN:
        return (
            f"Pagan adoption [L7664-7681]: {nation.name} ({nation.religion}) adopts {religion}; it needs some sort of "
            "contact with it. Converted: the royal family, the government and every Friendly region in the Homeland "
            "Build Zone convert at once; every other region of the old faith checks for revolt (holds: converts; "
            f"revolts: keeps it); regions hostile to {religion} rebel, tolerant ones stay, those of {religion} gain a "
            f"bonus to a Diplomacy this turn. 2d6 = {sum(rolls)}. Rule 'converted' (or confirm) or 'failed' (no "
            "contact)."
        )
    rel = table_relation(state, nation.religion, religion)
    rebellion = (
        "no widespread rebellions (RS 2 or less)"
        if rs <= 2 and rel != "hostile"
        else "rebellions it must suffer"
        if rel == "hostile"
        else "widespread rebellions (RS 3-4)"
    )
    return (
        f"Conversion of a nation [L7653-7662]: {nation.name} ({nation.religion}, RS {rs}) converts to {religion}, "
        f"{rel} to it: {rebellion}. Its Primate's influence there is {nation.primate_influence}: the conversion to a "
        "tolerant sect must fail the influence check of the original Primate; if the influence holds, the royal "
        f"family is deposed in a coup and the nation keeps {nation.religion}. 2d6 = {sum(rolls)}. Rule 'converted', "
        "'coup' (the influence held) or 'failed'."
    )


def explain_colony(state: State, nation: Nation, kind: str, place: str, rolls: tuple[int, ...]) -> str:
    religion = place_religion(state, place)
    record = state.cities.get(place) or state.regions[place]
    rv = (
        city_rv(state.cities[place].gpv, state.cities[place].walls)
        if kind == "city"
        else state.regions[place].resistance
    )
    converting = (
        (
            f"if it holds, {nation.religion} becomes its dominant religion and the natives' {religion} a "
            "minority [L7612-7620]"
        )
        if religion and religion != nation.religion
        else "same religion"
    )
    return (
        f"Colony of {nation.name} in the populated {kind} {place} paid in full [L4598-4630]: it may revolt against "
        f"the interlopers, or it may not (a successful revolt loses the colony); RV {rv}; GPv {record.gpv}; religion "
        f"{religion or '-'} ({table_relation(state, nation.religion, religion)} to {nation.religion}): {converting}; "
        f"troops there {troops_at(state, place, nation.id) or 'none'}; 2d6 = {sum(rolls)}. The rulebook prints no "
        "revolt table: confirm 'holds' or rule 'revolts'."
    )


def explain_minority(state: State, place: str, m: Minority, rolls: tuple[int, ...]) -> str:
    return (
        f"The {m.religion} natives of {place}, a minority since turn {m.since_turn} under {_name(state, m.nation)}'s "
        f'colony of {place_religion(state, place)}: "In time, the native (non-colony) religion will be slowly '
        f"converted\" [L7618-7620]; 2d6 = {sum(rolls)}. No rate is printed: confirm 'unchanged' or rule 'converted'."
    )


def explain_check(state: State, nid: str, subject: str, reason: str, proposal: str, rolls: tuple[int, ...]) -> str:
    nation = state.nations[nid]
    kind, _, name = subject.partition(":")
    if kind == "leader":
        leader = state.leaders.get(name)
        what = (
            f"leader {leader.name} ({leader.type}), Loyalty {leader.hidden}, Charisma {leader.charisma}, units "
            f"{dict(leader.units) or 'none'}"
            if leader is not None
            else f"leader {name}"
        )
        outcomes = "'holds' or 'revolts' (the leader defects; apply it with the leader commands)"
    else:
        religion = place_religion(state, name)
        record = state.cities.get(name) or state.regions[name]
        rv = (
            city_rv(state.cities[name].gpv, state.cities[name].walls)
            if kind == "city"
            else state.regions[name].resistance
        )
        region = state.cities[name].region if kind == "city" else name
        hbz = f"; in the Homeland Build Zone: {'yes' if in_hbz(state, nation, region) else 'no'}"
        what = (
            f"{kind} {name}: status {record.statuses.get(nid)}; RV {rv}; religion {religion or '-'} "
            f"({faith_relation(state, nid, religion, name)} to {nation.religion}); troops "
            f"{troops_at(state, name, nid) or 'none'}{hbz}"
        )
        outcomes = "'holds' or 'revolts' (the place is lost with its garrison)"
    return (
        f"Religious revolt check: {reason}. Inputs: {what}; 2d6 = {sum(rolls)}. The rulebook prints no revolt table; "
        f"the engine proposes '{proposal}': rule {outcomes}."
    )
