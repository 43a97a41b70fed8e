"""A dynasty line checked as it is entered and again when it resolves."""

from __future__ import annotations

from domain.engine import Rejected
from domain.rulesets.lote.dynasty.orders import (
    AcceptMarriage,
    DemotePrince,
    DynastyOrder,
    MarryAlly,
    PromotePrince,
    ProposeMarriage,
    RaiseSpyRevolt,
)
from domain.rulesets.lote.leaders.limits import allowed_types, caps, counts
from domain.rulesets.lote.model.orders import GiveItinerary, Order
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.scenario.scenario import FamilyMember

COMING_OF_AGE = 15  # [L5064-5065] "Come of Age (the turn they become 15 years of age)"; [L5177-5178] marriage too
# a King under age neither Rules ([L5030-5032]: the Regent rules "in the stead of a King or Queen that is
# under-age") nor Has Children
MINOR_KING_BARRED = frozenset({"Rule", "HC"})


def refuse(order: DynastyOrder, reason: str, message: str) -> Rejected:
    return Rejected(f"lote.{reason}", f"line {order.line!r} ({type(order).__name__}): {message}")


def member(state: State, nation: str, name: str) -> FamilyMember | None:
    """A member of the nation's royal family still at home (not married abroad)."""
    return next(
        (f for f in state.royal_family if f.nation == nation and f.name == name and not f.married_to_nation), None
    )


def _child(state: State, nation: Nation, order: DynastyOrder, name: str) -> FamilyMember:
    found = member(state, nation.id, name)
    if found is None:
        raise refuse(order, "unknown_child", f"{nation.name}'s royal family has no {name!r} at home")
    if found.age < COMING_OF_AGE:
        raise refuse(order, "not_of_age", f"{name} is {found.age}: royal children come of age at 15 ([L5064-5065])")
    return found


def prince_room(state: State, nation: Nation, order: DynastyOrder, form: list[Order]) -> None:
    """[L5075-5077] "as many Princes in national service as one-half your BL, rounding fractions up"; Table 6-3."""
    if "P" not in allowed_types(state, nation):
        raise refuse(order, "no_princes", f"a {nation.government.replace('_', ' ')} has no Princes (Table 6-3)")
    new = sum(1 for o in form if isinstance(o, PromotePrince | MarryAlly))
    if counts(state, nation.id).get("P", 0) + new > caps(state, nation).get("P", 0):
        raise refuse(order, "prince_limit", f"{nation.name} may have {caps(state, nation).get('P', 0)} Princes")


def check_line(state: State, nation: Nation, order: DynastyOrder, form: list[Order]) -> None:
    match order:
        case PromotePrince():
            _child(state, nation, order, order.child)
            prince_room(state, nation, order, form)
        case DemotePrince():
            leader = state.leaders.get(order.prince)
            if leader is None or leader.nation != nation.id or leader.type != "P":
                raise refuse(order, "not_a_prince", f"{nation.name} has no Prince {order.prince!r}")
            record = state.regions.get(order.fief) or state.cities.get(order.fief)
            if record is None or record.statuses.get(nation.id) != "f":
                raise refuse(order, "fief_not_friendly", f"{order.fief!r} is not a Friendly region or city of yours")
        case MarryAlly():
            found = _child(state, nation, order, order.child)
            if found.spouse:
                raise refuse(order, "already_married", f"{order.child} is married to {found.spouse}")
            ally = state.leaders.get(order.ally)
            if ally is None or ally.nation != nation.id or ally.type != "A":
                raise refuse(order, "not_an_ally", f"{nation.name} has no Full Ally {order.ally!r}")
            prince_room(state, nation, order, form)
        case ProposeMarriage():
            found = _child(state, nation, order, order.child)
            if found.spouse:
                raise refuse(order, "already_married", f"{order.child} is married to {found.spouse}")
            if order.to == nation.id or order.to not in state.nations:
                raise refuse(order, "dynasty_unknown_nation", f"there is no other nation {order.to!r}")
        case RaiseSpyRevolt():
            spy = state.dynasty.spies.get(order.spy)
            if spy is None or spy.master != nation.id or spy.family or order.spy not in state.leaders:
                # the same words whoever the leader is: a refusal never says whose leader or spy he is
                raise refuse(order, "not_your_spy", f"{nation.name} has no Spy leader {order.spy!r}")
        case AcceptMarriage():
            if order.from_nation == nation.id or order.from_nation not in state.nations:
                raise refuse(order, "dynasty_unknown_nation", f"there is no other nation {order.from_nation!r}")
            if partner_name(state, nation.id, order.partner) is None:
                raise refuse(order, "unknown_partner", f"{nation.name} has no leader or royal {order.partner!r}")


def partner_name(state: State, nation: str, partner: str) -> str | None:
    """The spouse-to-be on the accepting side: one of its leaders (by id) or a member of its royal family."""
    leader = state.leaders.get(partner)
    if leader is not None and leader.nation == nation:
        return leader.name
    found = member(state, nation, partner)
    return found.name if found is not None else None


def check_itinerary(state: State, nation: Nation, order: GiveItinerary) -> None:
    """A King under age (15) has a Regent to rule for him ([L5030-5032]): his itinerary may not Rule nor Have
    Children (the Regent's may Rule)."""
    leader = state.leaders.get(order.army)
    if leader is None or leader.nation != nation.id or leader.type not in ("K", "Q") or leader.age >= COMING_OF_AGE:
        return
    barred = [s.action for s in order.steps if s.kind == "act" and s.action in MINOR_KING_BARRED]
    if barred:
        raise Rejected(
            "lote.minor_king",
            f"line {order.line!r} (GiveItinerary): {leader.name} is {leader.age}, under age; his Regent rules in "
            f"his stead ([L5030-5032]): remove {', '.join(sorted(set(barred)))}",
        )
