"""A religion line checked as it is entered (and again when it resolves).

Religious operations (§8.3 [L7434-7450]): each takes one ROC point and its ROB bonus points, the whole form within
the nation's ROC and ROB; the place it is attempted in must lie within the Action Range of a province the nation
holds at Tributary or better. Diplomatic Conversion ([L5772-5793]) and the conversion of the nation (§8.5).

A refusal never says whether a rival's leader exists or where it is: a Missionaries operation on a leader is
checked by the GM (its item says what the engine found). Only what the seat itself knows is checked here: its
own provinces, leaders and form, the map (public), the nations' names and religions, and its own ratings.
"""

from __future__ import annotations

from fractions import Fraction

from domain.engine import Rejected
from domain.rulesets.lote.model.orders import Order
from domain.rulesets.lote.model.places import region_of
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.religion.orders import ConvertNation, DiplomaticConversion, ReligionOrder, ReligiousOperation
from domain.rulesets.lote.religion.rules import (
    CRUSADE_RS,
    HOSTILE_CONVERSION_RS,
    NATION_TARGETS,
    PAGAN,
    TABLE_8_5,
    TOLERANT_CONVERSION_RS,
    action_range,
    bases,
    distance,
    place_religion,
    table_relation,
)
from domain.rulesets.lote.scenario.tables import TABLES

NOT_CONVERTERS = frozenset({"M", "F"})  # [L5789-5790] not a Mercenary or Feudal Allied leader


def refuse(order: ReligionOrder, reason: str, message: str) -> Rejected:
    return Rejected(f"lote.{reason}", f"line {order.line!r} ({type(order).__name__}): {message}")


def ops_of(form: list[Order]) -> list[ReligiousOperation]:
    return [o for o in form if isinstance(o, ReligiousOperation)]


def known_religions(state: State) -> set[str]:
    """Table 8-3's codes (Table 13-7's rows and the Pagan faiths) and every religion the campaign's map holds."""
    known = set(TABLES.control.religious_interactions.values) | PAGAN
    known |= {r.religion for r in state.regions.values()} | {c.religion for c in state.cities.values() if c.religion}
    return known | {n.religion for n in state.nations.values()}


def check_line(state: State, nation: Nation, order: ReligionOrder, form: list[Order]) -> None:
    match order:
        case ReligiousOperation():
            _check_target(state, nation, order)
            check_range(state, nation, order)
            check_allotment(nation, order, form)
        case DiplomaticConversion():
            _check_conversion(state, nation, order, form)
        case ConvertNation():
            _check_nation(state, nation, order, form)


def own_target(nation: Nation, order: ReligiousOperation) -> bool:
    """An operation on the nation itself or its own religion (attempted at home when no place is named)."""
    kind = TABLE_8_5[order.code][1]
    if kind in NATION_TARGETS:
        return order.target_nation == nation.id
    return kind == "own_religion" or (kind in ("religion", "influenced_religion") and order.target == nation.religion)


def _nation_named(state: State, order: ReligiousOperation) -> None:
    if not order.target_nation:
        raise refuse(order, "relop_no_target_nation", f"{order.code} acts on a nation: name it in target_nation")
    if order.target_nation not in state.nations:
        raise refuse(order, "relop_unknown_nation", f"there is no nation {order.target_nation!r}")


def _check_target(state: State, nation: Nation, order: ReligiousOperation) -> None:
    code, kind = order.code, TABLE_8_5[order.code][1]
    if code == "II" and nation.nation_type != "primacy":
        raise refuse(
            order,
            "relop_primacy_only",
            "Influence is a power of the Primate Religious Authority alone (Table 8-1 [L7333-7358]; [L7517-7527])",
        )
    if kind in NATION_TARGETS:
        _nation_named(state, order)
        return
    if kind == "place_or_leader":
        _check_missionaries(state, nation, order)
        return
    target = order.target.strip()
    if kind == "own_religion":
        if target and target != nation.religion:
            raise refuse(order, "relop_own_religion", f"{code} reforms your own religion, {nation.religion}")
        return
    if not target:
        raise refuse(order, "relop_no_target", f"name the religion {code} acts on (target)")
    if kind in ("religion", "influenced_religion", "hostile_religion") and target not in known_religions(state):
        raise refuse(order, "relop_unknown_religion", f"there is no religion {target!r} (Table 8-3)")
    if kind == "influenced_religion" and f"{nation.id}>{target}" not in state.religion.influence:
        raise refuse(
            order,
            "relop_nothing_to_maintain",
            f"you have no influence over {target} to maintain (Influence Religion first, [L7554-7563])",
        )
    if kind == "hostile_religion":
        if table_relation(state, nation.religion, target) != "hostile":
            raise refuse(
                order,
                "relop_not_hostile",
                f"a Holy War is against a Hostile religion; {target} is not hostile to {nation.religion}",
            )
        if nation.nation_type != "primacy" and nation.religious_strength < CRUSADE_RS:
            raise refuse(
                order,
                "relop_crusade_rs",
                f"without the Primate, monarchs of RS {CRUSADE_RS} or more call "
                f"a Crusade ([L7509-7513]); your RS is {nation.religious_strength}",
            )


def _check_missionaries(state: State, nation: Nation, order: ReligiousOperation) -> None:
    """[L7578-7586] a region or city, or a leader named with his nation."""
    target = order.target.strip()
    if not target:
        raise refuse(order, "relop_no_target", "name the region, city or leader the Missionaries convert (target)")
    if target in state.regions or target in state.cities:
        if place_religion(state, target) == nation.religion:
            raise refuse(order, "relop_same_religion", f"{target} is already of your religion, {nation.religion}")
        return
    _nation_named(state, order)  # a leader: the GM finds him (the item says whether he exists and where)


def where(state: State, nation: Nation, order: ReligiousOperation) -> str | None:
    """The place the operation is attempted in: the place named; a Missionaries' target place; the capital (or
    homeland) for an operation on the nation itself or its religion."""
    if order.location is not None:
        return order.location
    if order.code == "MW" and (order.target in state.regions or order.target in state.cities):
        return order.target
    if own_target(nation, order):
        return nation.capital or nation.hbz_origin or min(bases(state, nation), default=None)
    return None


def check_range(state: State, nation: Nation, order: ReligiousOperation) -> tuple[str, Fraction]:
    """[L7447-7450] "A religious action can only be attempted in a region that is within (Action Range) regions or
    Sea Zones of a province or Holy Site controlled (at Tributary or better status) by the nation"."""
    place = where(state, nation, order)
    if place is None:
        raise refuse(order, "relop_no_location", f"name the region or city where {order.code} is attempted (location)")
    target = region_of(state, place)
    if target is None or target in state.sea_zones:
        raise refuse(order, "relop_unknown_place", f"there is no region or city {place!r}")
    ar = action_range(state, nation)
    found = distance(state, nation, target, Fraction(ar))
    if found is None:
        metric = "regions or sea zones" if state.settings.a10_action_range_metric == "regions" else "AP"
        raise refuse(
            order,
            "relop_out_of_range",
            f"{place} lies beyond your Action Range of {ar} {metric} from "
            "every province you hold at Tributary or better ([L7447-7450])",
        )
    return found


def check_allotment(nation: Nation, order: ReligiousOperation, form: list[Order]) -> None:
    """[L7434-7439] each operation takes one ROC point; ROB points are spread over them, each used once."""
    ops = ops_of(form)
    roc, rob = len(ops), sum(o.bonus for o in ops)
    over = [
        f"{k} {used} > {have}" for k, used, have in (("ROC", roc, nation.roc), ("ROB", rob, nation.rob)) if used > have
    ]
    if over:
        raise refuse(
            order, "relop_over_capacity", f"the form allots {', '.join(over)} ({nation.name}'s ratings; [L1495-1507])"
        )


def _own_leader(state: State, nation: Nation, order: DiplomaticConversion, leader_id: str) -> None:
    leader = state.leaders.get(leader_id)
    if leader is None or leader.nation != nation.id:
        raise refuse(order, "conversion_unknown_leader", f"{nation.name} has no leader {leader_id!r}")
    if leader.type in NOT_CONVERTERS:
        raise refuse(
            order,
            "conversion_leader_type",
            f"{leader_id!r} is a Mercenary or Feudal Ally, who cannot convert ([L5789-5790])",
        )


def _check_conversion(state: State, nation: Nation, order: DiplomaticConversion, form: list[Order]) -> None:
    if order.target not in state.regions and order.target not in state.cities:
        raise refuse(order, "conversion_unknown_target", f"there is no region or city {order.target!r}")
    if place_religion(state, order.target) == nation.religion:
        raise refuse(order, "conversion_same_religion", f"{order.target} is already of your religion")
    leaders = [order.leader, *order.helpers]
    if len(set(leaders)) != len(leaders):
        raise refuse(order, "conversion_unknown_leader", "name each leader once: the leader, then the helpers")
    for leader_id in leaders:
        _own_leader(state, nation, order, leader_id)
    if order.ap < 4:
        raise refuse(
            order,
            "conversion_too_few_ap",
            "a Religious Conversion costs at least 4 Action Points ([L5772-5775] BAC 4+)",
        )
    busy = {
        x for o in form if isinstance(o, DiplomaticConversion) and o.line != order.line for x in (o.leader, *o.helpers)
    }
    if busy & set(leaders):
        raise refuse(order, "conversion_leader_busy", "a leader takes part in one conversion attempt a turn")


def _check_nation(state: State, nation: Nation, order: ConvertNation, form: list[Order]) -> None:
    """§8.5 [L7653-7662]: a tolerant faith at RS 4 or less, a hostile one at RS 2 or less; §8.5.1 [L7664-7668]
    a Pagan or Amerind nation adopts an organized religion "relatively easily" (at any RS)."""
    new, rs = order.religion, nation.religious_strength
    if new not in known_religions(state):
        raise refuse(order, "conversion_unknown_religion", f"there is no religion {new!r} (Table 8-3)")
    if new == nation.religion:
        raise refuse(order, "conversion_same_religion", f"{nation.name} is already of {new}")
    if any(isinstance(o, ConvertNation) and o.line != order.line for o in form):
        raise refuse(order, "conversion_one_line", "a nation converts to one religion a turn: one ConvertNation line")
    if nation.religion in PAGAN and new not in PAGAN:
        return
    rel = table_relation(state, nation.religion, new)
    cap = HOSTILE_CONVERSION_RS if rel == "hostile" else TOLERANT_CONVERSION_RS
    if rs > cap:
        raise refuse(
            order,
            "conversion_rs_too_high",
            f"{new} is {rel} to {nation.religion}: a nation converts to a "
            f"{rel} faith only at RS {cap} or less; yours is {rs} ([L7653-7662])",
        )
