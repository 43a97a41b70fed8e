"""The dynasty steps of the turn (`turn/cycle.py` runs them):

- R0: Princes demoted to their fiefs ([L5073-5075]); Spies set to revolt by their masters (`spies.py`);
- R6, with the other leader actions: each Have Children (`act HC` in an itinerary, [L5921-5943]) becomes a `birth`
  item for the GM with its inputs and a recorded 2d6: the rulebook prints no chance of a child, so the engine
  proposes "none" and the GM rules `son` or `daughter` (optionally `son:Name`);
- R7, after the ageing: regencies whose King came of age end (`regency.py`); the Subvert Leader operations the GM
  settled a success call for the target's Loyalty check (`spies.py`); births the GM ruled, Princes promoted,
  marriages, then the eldest son who came of age this turn made Heir when there is none ([L5064-5068]).
"""

from __future__ import annotations

from typing import Any, Protocol

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.dynasty import check, regency, spies
from domain.rulesets.lote.dynasty.events import ChildBorn, ChildPromoted, MarriedAbroad, MarriedToAlly, PrinceDemoted
from domain.rulesets.lote.dynasty.orders import (
    AcceptMarriage,
    DemotePrince,
    DynastyOrder,
    MarryAlly,
    PromotePrince,
    ProposeMarriage,
    RaiseSpyRevolt,
)
from domain.rulesets.lote.leaders.events import LeaderPromoted
from domain.rulesets.lote.leaders.generation import free_army_no, generate
from domain.rulesets.lote.leaders.limits import allowed_types
from domain.rulesets.lote.model.events import AdjudicationRaised, ControlStatusSet, OrderFailed
from domain.rulesets.lote.model.orders import GiveItinerary, Order
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.scenario.scenario import FamilyMember

HAVE_CHILDREN = frozenset({"K", "Q", "H", "P"})  # [L5031-5043; L5938-5940] others only if the GM allows
SONS = frozenset({"m", "M", "male"})
BIRTHS = ("son", "daughter")


class Runner(Protocol):
    state: State
    ctx: DecisionContext
    opening: State

    def emit(self, event: Any) -> None: ...


def _lines(state: State, nid: str) -> list[Order]:
    form = state.forms.get(nid)
    return list(form.lines.values()) if form is not None else []


def _valid(run: Runner, nid: str, order: DynastyOrder) -> bool:
    try:
        check.check_line(run.state, run.state.nations[nid], order, [])
    except Rejected as failed:
        run.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))
        return False
    return True


def r0_demotions(run: Runner, nid: str) -> None:
    for order in _lines(run.state, nid):
        if isinstance(order, DemotePrince) and _valid(run, nid, order):
            leader = run.state.leaders[order.prince]
            here = (
                leader.location if leader.location in run.state.regions or leader.location in run.state.cities else None
            )
            run.emit(
                PrinceDemoted(
                    nation=nid,
                    leader_id=order.prince,
                    fief=order.fief,
                    left_at=here if leader.units else None,
                    units=dict(leader.units) if here else {},
                )
            )
            why = f"[L5073-5075] the fief of {leader.name}, demoted"
            run.emit(ControlStatusSet(place=order.fief, nation=nid, status="nt", reason=why))


def r0_spy_revolts(run: Runner, nid: str) -> None:
    """[L7240-7245] each `RaiseSpyRevolt` line still valid: a `spy_revolt` item for the GM."""
    orders = [o for o in _lines(run.state, nid) if isinstance(o, RaiseSpyRevolt) and _valid(run, nid, o)]
    for item in spies.revolt_items(run.state, nid, orders, run.ctx.turn):
        run.emit(AdjudicationRaised(item=item))


def r6_births(run: Runner, nid: str) -> None:
    """Each army whose itinerary has the HC action: a `birth` item with the leader's inputs and a 2d6."""
    for order in _lines(run.state, nid):
        if not isinstance(order, GiveItinerary) or not any(s.kind == "act" and s.action == "HC" for s in order.steps):
            continue
        leader = run.state.leaders.get(order.army)
        if leader is None or leader.nation != nid:
            continue
        rolls = run.ctx.dice.roll(f"birth:{nid}:{order.army}", 2, 6, visible_to=())  # GM-only
        spouse = next((f.name for f in run.state.royal_family if f.nation == nid and f.spouse == leader.name), "")
        others = "" if leader.type in HAVE_CHILDREN else " Not a King, Queen, Heir or Prince: only if the GM allows."
        item = Adjudication(
            item_id=f"t{run.ctx.turn}-{nid}-birth-{order.army}",
            turn=run.ctx.turn,
            nation=nid,
            kind="birth",
            subject=order.army,
            proposal="none",
            explanation=(
                f"[L5921-5943] {leader.name} ({leader.type}, age {leader.age}, Diplomacy {leader.diplomacy}) had "
                f"children at {leader.location}; spouse: {spouse or 'none listed'}; 2d6 = {sum(rolls)}. The rulebook "
                f"prints no chance of a child: rule none | son | daughter (son:Name to name him).{others}"
            ),
            rolls=tuple(rolls),
        )
        run.emit(AdjudicationRaised(item=item))


def birth_outcome(outcome: str) -> tuple[str, str] | None:
    """`none`, `son`, `daughter`, or `son:Name` / `daughter:Name` (a name of 1 to 20 characters); None if not."""
    kind, sep, name = outcome.partition(":")
    name = name.strip()
    if kind == "none" and not sep:
        return ("none", "")
    if kind in BIRTHS and (not sep or 1 <= len(name) <= 20):
        return (kind, name)
    return None


def r7_family(run: Runner) -> None:
    for ended in regency.r7_of_age(run.state):
        run.emit(ended)
    for item in spies.loyalty_items(run.state, run.ctx):
        run.emit(AdjudicationRaised(item=item))
    _births(run)
    for nid in list(run.state.nations):
        for order in _lines(run.state, nid):
            if isinstance(order, PromotePrince) and _valid(run, nid, order):
                _promote(run, nid, order.child, "P", f"line {order.line}: [L5068-5070] promoted Prince")
            elif isinstance(order, MarryAlly) and _valid(run, nid, order):
                _marry_ally(run, nid, order)
            elif isinstance(order, ProposeMarriage) and _valid(run, nid, order):
                _marry_abroad(run, nid, order)
    for nid in list(run.state.nations):
        _heir_of_age(run, nid)


def _births(run: Runner) -> None:
    for item in run.opening.adjudications.values():
        if item.kind != "birth" or item.outcome is None or item.turn != run.ctx.turn:
            continue
        ruled = birth_outcome(item.outcome)
        parent = run.state.leaders.get(item.subject)
        if ruled is None or ruled[0] == "none" or parent is None:
            continue
        kind, name = ruled
        name = name or f"{'Son' if kind == 'son' else 'Daughter'} of {parent.name}"[:20]
        child = FamilyMember(
            nation=item.nation, name=name, gender="m" if kind == "son" else "f", age=0, parent=parent.name
        )
        run.emit(ChildBorn(nation=item.nation, child=child, reason=f"adjudication {item.item_id}"))


def _promote(run: Runner, nid: str, child: str, leader_type: str, why: str) -> None:
    nation = run.state.nations[nid]
    found = check.member(run.state, nid, child)
    if found is None:
        return
    taken = {x.army_no for x in run.state.leaders.values() if x.nation == nid}
    leader_id, n = f"{nid}-{leader_type.lower()}-t{run.ctx.turn}", 2
    while leader_id in run.state.leaders:
        leader_id, n = f"{nid}-{leader_type.lower()}-t{run.ctx.turn}-{n}", n + 1
    record = generate(
        run.ctx,
        leader_id=leader_id,
        nation=nid,
        leader_type=leader_type,  # type: ignore[arg-type]
        name=found.name[:20],
        age=found.age,
        location=nation.capital or nation.hbz_origin or next(iter(run.state.regions)),
        army_no=free_army_no(taken),
    )
    run.emit(ChildPromoted(nation=nid, child=child, leader_id=leader_id, leader=record, reason=why))


def _marry_ally(run: Runner, nid: str, order: MarryAlly) -> None:
    ally = run.state.leaders[order.ally]
    run.emit(MarriedToAlly(nation=nid, child=order.child, ally=order.ally))
    why = f"[L5183-5187] married {order.child}"
    run.emit(LeaderPromoted(leader_id=order.ally, nation=nid, leader_type="P", army_no=ally.army_no, reason=why))
    home = ally.home_city or ally.home_region
    if home is not None and (home in run.state.regions or home in run.state.cities):
        run.emit(ControlStatusSet(place=home, nation=nid, status="f", reason=why))


def _marry_abroad(run: Runner, nid: str, order: ProposeMarriage) -> None:
    accepted = next(
        (
            o
            for o in _lines(run.state, order.to)
            if isinstance(o, AcceptMarriage)
            and o.from_nation == nid
            and o.child == order.child
            and o.partner == order.partner
        ),
        None,
    )
    if accepted is None or not _valid(run, order.to, accepted):
        message = f"line {order.line!r}: {order.to} did not agree"
        run.emit(OrderFailed(nation=nid, line=order.line, code="lote.not_agreed", message=message))
        return
    partner = check.partner_name(run.state, order.to, order.partner) or order.partner
    run.emit(MarriedAbroad(nation=nid, to=order.to, child=order.child, partner=partner))


def _heir_of_age(run: Runner, nid: str) -> None:
    """[L5064-5068] "the eldest son of the King's children will always be the Imperial Heir and will be
    automatically promoted to this status on the turn that they come of age" (when the nation has no Heir)."""
    nation = run.state.nations[nid]
    if "H" not in allowed_types(run.state, nation):
        return
    if any(x.nation == nid and x.type == "H" for x in run.state.leaders.values()):
        return
    years = run.state.years_per_turn
    sons = [
        f
        for f in run.state.royal_family
        if f.nation == nid and not f.married_to_nation and f.gender in SONS
        and f.age >= check.COMING_OF_AGE > f.age - years
    ]  # fmt: skip
    if sons:
        eldest = max(sons, key=lambda f: (f.age, f.name))
        _promote(run, nid, eldest.name, "H", "[L5064-5068] the eldest son came of age: the Imperial Heir")
