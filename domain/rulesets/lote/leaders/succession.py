"""A leader's death and what follows it (§6.1.11 [L5205-5253]; §9.8.1 [L8925-8935]; digest §4 R27, R29).

- the King: his Heir is crowned and takes army number 1 ([L5216-5218], [L2078-2085]), and the eldest Prince
  becomes the new Heir, as when an Heir dies. Whether a Dynastic Failure follows is the GM's: an adjudication
  item, proposed "none" when an Heir took the throne and "failure" when none could ([L5218-5224]: "If there
  is no clear line of descent, then it is quite possible that a Dynastic Failure will ensue"; [L8926-8935]),
  except in a democracy, which has no dynasty to fail ([L2133-2135]);
- the Heir: the next ranking (the eldest) Prince replaces him; without one, the King may declare a Lieutenant
  or an Ally his Heir, or not ([L5225-5228]: `PromoteLeader`);
- a Prince, a Spy, a Regent or a Mercenary commander: not replaced ([L5229-5232], [L5251-5253]);
- a Lieutenant or a Bishop: a new one, rolled, at the capital (or the Homeland) ([L5233-5236], [L5247-5250]);
- a Full or Feudal Ally: a new one, rolled, in his home province, or (the GM's choice) none ([L5237-5246]).

A replacement keeps the dead leader's army number. The dead leader's troops stay where he died, as his
nation's garrison of that region or city; troops at sea are lost (the GM may restore them with `AdjustUnits`).
"""

from __future__ import annotations

import msgspec

from domain.engine import DecisionContext
from domain.rulesets.lote.leaders.events import DeathCause, LeaderDied, LeaderEvent, LeaderGenerated, LeaderPromoted
from domain.rulesets.lote.leaders.generation import generate
from domain.rulesets.lote.model.events import AdjudicationRaised
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.scenario.scenario import LeaderRecord

REPLACED_AT_CAPITAL = frozenset({"L", "B"})
ALLIES = frozenset({"A", "F"})
ELECTED = frozenset({"democracy", "federal_democracy"})


def eldest(state: State, nation: str, leader_type: str, *, without: str) -> str | None:
    found = [
        (-x.age, x.army_no, lid)
        for lid, x in state.leaders.items()
        if x.nation == nation and x.type == leader_type and lid != without
    ]
    return min(found)[2] if found else None


def successor_id(state: State, leader_id: str, turn: int) -> str:
    base = f"{leader_id}-t{turn}"
    candidate, n = base, 2
    while candidate in state.leaders:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def _seat(state: State, dead: LeaderRecord) -> str:
    """Where a replacement appears: the capital, or the Homeland (the HBZ origin) if there is none."""
    nation = state.nations[dead.nation]
    return nation.capital or nation.hbz_origin or dead.location


def _replacement(
    state: State, dead_id: str, dead: LeaderRecord, ctx: DecisionContext, name: str, age: int
) -> LeaderGenerated:
    new_id = successor_id(state, dead_id, ctx.turn)
    if dead.type in ALLIES:
        where = dead.home_city or dead.home_region or dead.location
    else:
        where = _seat(state, dead)
    record = generate(
        ctx,
        leader_id=new_id,
        nation=dead.nation,
        leader_type=dead.type,
        name=name or f"Successor of #{dead.army_no}"[:20],
        age=age,
        location=where,
        army_no=dead.army_no,
        home_region=dead.home_region,
    )
    if dead.home_city is not None:
        record = msgspec.structs.replace(record, home_city=dead.home_city)
    why = f"[L5233-5250] replaces {dead.name} (#{dead.army_no})"
    return LeaderGenerated(leader_id=new_id, nation=dead.nation, leader=record, reason=why)


def _dynastic_item(state: State, dead_id: str, dead: LeaderRecord, heir: str | None, turn: int) -> Adjudication:
    princes = [x for x in state.leaders.values() if x.nation == dead.nation and x.type == "P"]
    heir_text = f"the Heir {state.leaders[heir].name} takes the throne" if heir else "there is no Heir"
    sons = ", ".join(f"{p.name} (Charisma {p.charisma})" for p in princes) or "none"
    nation = state.nations[dead.nation]
    primacy = " It is a Primacy: more exposed ([L7312-7316])." if nation.nation_type == "primacy" else ""
    # [L2133-2135] democracies "do not have to worry about having children and maintaining family lineages"
    elected = nation.government in ELECTED
    if elected:
        heir_text = f"a {nation.government.replace('_', ' ')} elects the successor (PromoteLeader or GenerateLeader)"
    return Adjudication(
        item_id=f"t{turn}-{dead.nation}-dynastic_failure-{dead_id}",
        turn=turn,
        nation=dead.nation,
        kind="dynastic_failure",
        subject=dead_id,
        proposal="none" if heir or elected else "failure",
        explanation=(
            f"{dead.name} is dead and {heir_text}; princes: {sons}. [L8926-8935] the chance of a Dynastic Failure "
            "is usually small, quite high without an heir, or with several sons none markedly stronger (Charisma)."
            f"{primacy} Outcomes: none | failure."
        ),
    )


def death_events(
    state: State,
    leader_id: str,
    *,
    ctx: DecisionContext,
    cause: DeathCause,
    reason: str,
    replace_ally: bool = True,
    successor_name: str = "",
    successor_age: int = 25,
) -> list[LeaderEvent | AdjudicationRaised]:
    dead = state.leaders[leader_id]
    nation = dead.nation
    left_at = dead.location if dead.location in state.regions or dead.location in state.cities else None
    out: list[LeaderEvent | AdjudicationRaised] = [
        LeaderDied(
            leader_id=leader_id,
            nation=nation,
            cause=cause,
            reason=reason,
            left_at=left_at if dead.units else None,
            units=dict(dead.units) if left_at else {},
        )
    ]
    heir_vacant = dead.type == "H"
    if dead.type in ("K", "Q"):
        heir = eldest(state, nation, "H", without=leader_id)
        if heir is not None:
            why = f"[L5216-5218] the Heir succeeds {dead.name}"
            out.append(LeaderPromoted(leader_id=heir, nation=nation, leader_type="K", army_no="1", reason=why))
            heir_vacant = True
        out.append(AdjudicationRaised(item=_dynastic_item(state, leader_id, dead, heir, ctx.turn)))
    if heir_vacant:
        prince = eldest(state, nation, "P", without=leader_id)
        if prince is not None:
            why = "[L5225-5226] the next ranking Prince becomes the Heir"
            army_no = state.leaders[prince].army_no
            out.append(LeaderPromoted(leader_id=prince, nation=nation, leader_type="H", army_no=army_no, reason=why))
    if dead.type in REPLACED_AT_CAPITAL or (dead.type in ALLIES and replace_ally):
        out.append(_replacement(state, leader_id, dead, ctx, successor_name, successor_age))
    return out
