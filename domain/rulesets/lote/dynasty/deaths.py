"""A leader's death and what it sets off (§6.1.11 [L5205-5253]; §6.1.8 [L5168-5172]; §6.1.10 [L5192-5194];
§9.8.1 [L8925-8935]; digest §4 R27, R29, R34).

A death comes from the GM's `ConfirmLeaderDeath` (a battle's wounds, an assassin's blade, an execution: rulings of
other areas reach the leaders this way), or from an item the GM rules "dies": `leader_death` (old age) or
`wound` (complications, [L7026-7030]). Then:

- the King (or Queen): his Heir is crowned and takes army number 1 ([L5216-5218], [L2078-2085]), and the eldest
  Prince becomes the new Heir. Without an Heir among the leaders, the Heir is the eldest son of the King's
  children ([L5064-5068]; setting `p2d_heir`: the eldest child, Table 6-1) even under age ([L5038-5041] "an Heir
  ... who may or may not be of Leader age"): he is crowned (stats rolled) and, under 15, a Regent is to rule in
  his stead (`regency.py`). Without any Heir, "the 'Crown' Prince may replace the King, if he has married the
  King's eldest daughter" ([L5218-5220]): a `succession` item proposes him (or "none": the throne is vacant; the
  GM may crown anyone with `PromoteLeader`). The King's unmarried daughters leave the royal family
  ([L5192-5194]). Whether a Dynastic Failure follows is a `dynastic_failure` item with a recorded 2d6, proposed
  "none" when a successor took the throne and "failure" when none could ([L5218-5224]; [L8926-8935]), except in a
  democracy, which has no dynasty to fail ([L2133-2135]);
- the Heir: the eldest Prince replaces him ([L5225-5226]); without one the King may name a Lieutenant or an Ally
  (`PromoteLeader`, [L5226-5228]);
- a Prince, a Regent, a Mercenary commander: not replaced ([L5229-5232]); a dead Regent leaves his King's regency
  to be filled again (a new `regency` item);
- a Lieutenant or a Bishop: a new one, rolled, at the capital ([L5233-5236], [L5247-5250]);
- a Full or Feudal Ally: a new one, rolled, at home; or, as the GM rules, his province degrades to Tributary
  (a Full Ally's only) or rebels ([L5237-5246]): `ConfirmLeaderDeath` `replace_ally`, or the outcomes
  `dies:tributary` / `dies:rebels` of a `leader_death` or `wound` item;
- a Spy (`spies.py`): his master loses the Spy and half (setting `p2d_spy_death`) of the subversion he stands for;
  "any troops he may have will go away" ([L5171-5172]) instead of staying as a garrison.

In every case the troops of the dead stay where he died as his nation's garrison ([L2408]), and the intel
operations he was to run or back by his Espionage action this turn are lost with him ([L6733-6737]), listed on
the `LeaderDied` event for the GM to settle as failed.
"""

from __future__ import annotations

from typing import Any

from domain.engine import DecisionContext
from domain.rulesets.lote.dynasty import regency, spies
from domain.rulesets.lote.dynasty.check import COMING_OF_AGE
from domain.rulesets.lote.dynasty.events import ChildPromoted, FamilyLeft
from domain.rulesets.lote.leaders.decide import promotion
from domain.rulesets.lote.leaders.events import DeathCause, LeaderPromoted
from domain.rulesets.lote.leaders.generation import generate
from domain.rulesets.lote.leaders.limits import allowed_types
from domain.rulesets.lote.leaders.succession import ALLIES, REPLACED_AT_CAPITAL, died, eldest, replacement, seat_of
from domain.rulesets.lote.model.events import AdjudicationRaised, ControlStatusSet
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.scenario.enums import Status
from domain.rulesets.lote.scenario.scenario import FamilyMember, LeaderRecord

RULER = frozenset({"K", "Q"})
SONS = frozenset({"m", "M", "male"})
ELECTED = frozenset({"democracy", "federal_democracy"})
LIVES, DIES = "lives", "dies"
PROVINCE_FATES = ("tributary", "rebels")  # [L5237-5246] besides a rolled replacement
NONE = "none"


def item_id(state: State, turn: int, nation: str, kind: str, subject: str) -> str:
    """A new item's id; a second item of the same kind and subject in one turn gets a number."""
    base = f"t{turn}-{nation}-{kind}-{subject}"
    candidate, n = base, 2
    while candidate in state.adjudications:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def death_outcomes(leader: LeaderRecord) -> tuple[str, ...]:
    """The outcomes of an item that may end in a leader's death: a dead Ally's province may also degrade or rebel."""
    if leader.type == "A":
        return (LIVES, DIES, *(f"{DIES}:{fate}" for fate in PROVINCE_FATES))
    if leader.type == "F":
        return (LIVES, DIES, f"{DIES}:rebels")  # [L5242-5244] a Feudal Ally's province may rebel, not degrade
    return (LIVES, DIES)


def _espionage(state: State, leader_id: str) -> tuple[str, ...]:
    """This turn's operations not yet settled that the leader runs or backs by his Espionage ([L6733-6737])."""
    return tuple(
        sorted(
            op.item_id
            for op in state.intel.ops.values()
            if op.turn == state.turn and not op.result and leader_id in (op.leader, *op.bonus_leaders)
        )
    )


def _children(state: State, nation: str, king: LeaderRecord) -> list[FamilyMember]:
    """The King's children at home: his royal family less his spouse and those another parent is named for."""
    return [
        f
        for f in state.royal_family
        if f.nation == nation and not f.married_to_nation and f.spouse != king.name and f.parent in ("", king.name)
    ]


def child_heir(state: State, nation: str, king: LeaderRecord) -> FamilyMember | None:
    """[L5064-5068] the eldest son of the King's children (setting `p2d_heir`: the eldest child, Table 6-1)."""
    children = _children(state, nation, king)
    if state.settings.p2d_heir == "eldest_son":
        children = [f for f in children if f.gender in SONS]
    return max(children, key=lambda f: (f.age, f.name)) if children else None


def crown_prince(state: State, nation: str, king: LeaderRecord) -> str | None:
    """[L5218-5220] the Prince married to the King's eldest daughter."""
    daughters = [f for f in _children(state, nation, king) if f.gender not in SONS]
    if not daughters:
        return None
    eldest_daughter = max(daughters, key=lambda f: (f.age, f.name))
    return next(
        (
            lid
            for lid, x in sorted(state.leaders.items())
            if x.nation == nation and x.type == "P" and eldest_daughter.spouse == x.name
        ),
        None,
    )


def _crown_child(state: State, dead: LeaderRecord, child: FamilyMember, ctx: DecisionContext) -> list[Any]:
    nation = state.nations[dead.nation]
    leader_id, n = f"{nation.id}-k-t{ctx.turn}", 2
    while leader_id in state.leaders:
        leader_id, n = f"{nation.id}-k-t{ctx.turn}-{n}", n + 1
    record = generate(
        ctx,
        leader_id=leader_id,
        nation=nation.id,
        leader_type="Q" if child.gender not in SONS else "K",
        name=child.name[:20],
        age=child.age,
        location=seat_of(state, nation.id, dead.location),
        army_no="1",
    )
    why = f"[L5064-5068; L5216-5218] the Heir, {child.name} ({child.age}), succeeds {dead.name}"
    out: list[Any] = [ChildPromoted(nation=nation.id, child=child.name, leader_id=leader_id, leader=record, reason=why)]
    out += spies.crowned(state, nation.id, leader_id, child.name, ctx.turn)
    if child.age < COMING_OF_AGE:
        out += regency.begin(state, nation.id, leader_id, record, ctx.turn)
    return out


def _succession_item(state: State, dead_id: str, dead: LeaderRecord, proposal: str, turn: int) -> Adjudication:
    others = [
        f"{lid} ({x.type} {x.name}, Charisma {x.charisma}, Loyalty {x.hidden})"
        for lid, x in sorted(state.leaders.items())
        if x.nation == dead.nation and lid != dead_id and x.type in ("P", "L", "A")
    ]
    crown = state.leaders[proposal.partition(":")[2]].name if proposal != NONE else ""
    found = f"the Crown Prince {crown}, married to the King's eldest daughter" if crown else "no Crown Prince"
    return Adjudication(
        item_id=item_id(state, turn, dead.nation, "succession", dead_id),
        turn=turn,
        nation=dead.nation,
        kind="succession",
        subject=dead_id,
        proposal=proposal,
        explanation=(
            f"{dead.name} died without an Heir: {found}. [L5218-5220] \"the 'Crown' Prince may replace the King, if "
            f"he has married the King's eldest daughter\". Other leaders: {', '.join(others) or 'none'}. Rule "
            f"'leader:<id>' to crown one (army number 1), or 'none' (the throne stays vacant)."
        ),
    )


def dynastic_item(state: State, dead_id: str, dead: LeaderRecord, successor: str, ctx: DecisionContext) -> Adjudication:
    """The Dynastic Failure check ([L8926-8935]; [L7312-7316]) with its inputs and a GM-only 2d6."""
    nation = state.nations[dead.nation]
    rolls = ctx.dice.roll(f"dynastic-failure:{nation.id}", 2, 6, visible_to=())  # GM-only
    princes = sorted(
        (x for x in state.leaders.values() if x.nation == nation.id and x.type == "P"), key=lambda x: -x.charisma
    )
    sons = ", ".join(f"{p.name} (Charisma {p.charisma})" for p in princes) or "none"
    young = [f"{f.name} ({f.age})" for f in _children(state, nation.id, dead) if f.gender in SONS]
    exposed = ""
    if nation.nation_type == "primacy" and nation.imperial_size > 1:
        exposed = f" A Primacy of Imperial Size {nation.imperial_size}: much more exposed ([L7312-7316])."
    elected = nation.government in ELECTED
    if elected:
        # [L2133-2135] democracies "do not have to worry about having children and maintaining family lineages"
        successor = f"a {nation.government.replace('_', ' ')} elects the successor (PromoteLeader or GenerateLeader)"
    return Adjudication(
        item_id=item_id(state, ctx.turn, nation.id, "dynastic_failure", dead_id),
        turn=ctx.turn,
        nation=nation.id,
        kind="dynastic_failure",
        subject=dead_id,
        proposal=NONE if successor or elected else "failure",
        explanation=(
            f"{dead.name} is dead; {successor or 'there is no Heir and no clear line of descent'}; Princes: {sons}; "
            f"sons in the royal family: {', '.join(young) or 'none'}; government {nation.government}; 2d6 = "
            f"{sum(rolls)}. [L8926-8935] the chance of a Dynastic Failure is usually small, quite high without an "
            f"heir, or with several sons none markedly stronger (Charisma).{exposed} Outcomes: none | failure."
        ),
        rolls=tuple(rolls),
    )


def _king(state: State, dead_id: str, dead: LeaderRecord, ctx: DecisionContext) -> list[Any]:
    nation = state.nations[dead.nation]
    out: list[Any] = []
    held = state.dynasty.regencies.get(nation.id)
    if held is not None and held.king == dead_id:
        out += regency.end(state, nation.id, f"[L5030-5032] the young King {dead.name} died")
    heir = eldest(state, nation.id, "H", without=dead_id)
    child = child_heir(state, nation.id, dead) if heir is None and "H" in allowed_types(state, nation) else None
    successor = ""
    if heir is not None:
        out.append(
            LeaderPromoted(
                leader_id=heir, nation=nation.id, leader_type="K", army_no="1",
                reason=f"[L5216-5218] the Heir succeeds {dead.name}",
            )
        )  # fmt: skip
        successor = f"the Heir {state.leaders[heir].name} takes the throne"
        out += spies.crowned(state, nation.id, heir, "", ctx.turn)
    elif child is not None:
        out += _crown_child(state, dead, child, ctx)
        successor = f"the Heir {child.name}, {child.age}, takes the throne"
    if heir is not None or child is not None:
        prince = eldest(state, nation.id, "P", without=dead_id)
        if prince is not None:
            out.append(
                LeaderPromoted(
                    leader_id=prince, nation=nation.id, leader_type="H", army_no=state.leaders[prince].army_no,
                    reason="[L5225-5226] the next ranking Prince becomes the Heir",
                )
            )  # fmt: skip
    elif nation.government not in ELECTED:
        crown = crown_prince(state, nation.id, dead)
        out.append(
            AdjudicationRaised(
                item=_succession_item(state, dead_id, dead, f"leader:{crown}" if crown else NONE, ctx.turn)
            )
        )
        if crown is not None:
            successor = f"the Crown Prince {state.leaders[crown].name} may take the throne (a `succession` item)"
    daughters = tuple(
        f.name
        for f in state.royal_family
        if f.nation == nation.id and f.parent == dead.name and f.gender not in SONS and not f.spouse
        and not f.married_to_nation and (child is None or f.name != child.name)
    )  # fmt: skip
    if daughters:
        out.append(
            FamilyLeft(nation=nation.id, names=daughters, reason=f"[L5192-5194] unmarried daughters of {dead.name}")
        )
    out.append(AdjudicationRaised(item=dynastic_item(state, dead_id, dead, successor, ctx)))
    return out


def death(
    state: State,
    leader_id: str,
    *,
    ctx: DecisionContext,
    cause: DeathCause,
    reason: str,
    replace_ally: bool = True,
    successor_name: str = "",
    successor_age: int = 25,
    province: str = "",
) -> list[Any]:
    """Every event of a leader's death. `province`: a dead Ally's province "tributary" or "rebels" (no successor)."""
    dead = state.leaders[leader_id]
    spy = state.dynasty.spies.get(leader_id)
    out: list[Any] = [
        died(state, leader_id, cause, reason, keep_troops=spy is None, espionage_lost=_espionage(state, leader_id))
    ]
    if spy is not None:
        out += spies.lost_by_death(state, spy)
    if dead.type in RULER:
        out += _king(state, leader_id, dead, ctx)
    if dead.type == "H":
        prince = eldest(state, dead.nation, "P", without=leader_id)
        if prince is not None:
            out += promotion(state, prince, "H", "[L5225-5226] the next ranking Prince becomes the Heir")
    if dead.type == "E":
        out += regency.regent_died(state, dead.nation, leader_id, ctx.turn)
    if dead.type in REPLACED_AT_CAPITAL or (dead.type in ALLIES and replace_ally and not province):
        out.append(replacement(state, leader_id, dead, ctx, successor_name, successor_age))
    elif dead.type in ALLIES and province:
        home = dead.home_city or dead.home_region
        if home is not None and (home in state.regions or home in state.cities):
            status: Status | None = "t" if province == "tributary" else None
            why = f"[L5237-5246] the province of {dead.name}, dead without a successor, {province}"
            out.append(ControlStatusSet(place=home, nation=dead.nation, status=status, reason=why))
    return out


def item_death(state: State, item: Adjudication, outcome: str, ctx: DecisionContext, cause: DeathCause) -> list[Any]:
    """A `leader_death` or `wound` item ruled `dies` (or `dies:tributary`, `dies:rebels` for an Ally)."""
    if not outcome.startswith(DIES) or item.subject not in state.leaders:
        return []
    province = outcome.partition(":")[2]
    return death(state, item.subject, ctx=ctx, cause=cause, reason=f"adjudication {item.item_id}", province=province)


def succession_outcome(state: State, item: Adjudication, outcome: str, ctx: DecisionContext) -> list[Any]:
    """A `succession` item: `leader:<id>` is crowned (army number 1), `none` leaves the throne vacant."""
    chosen = outcome.partition(":")[2]
    leader = state.leaders.get(chosen)
    if not outcome.startswith("leader:") or leader is None or leader.nation != item.nation:
        return []
    out: list[Any] = promotion(state, chosen, "K", f"adjudication {item.item_id}: [L5218-5220] crowned")
    out += spies.crowned(state, item.nation, chosen, "", ctx.turn)
    if leader.type == "H":
        prince = eldest(state, item.nation, "P", without=chosen)
        if prince is not None:
            out += promotion(state, prince, "H", "[L5225-5226] the next ranking Prince becomes the Heir")
    return out
