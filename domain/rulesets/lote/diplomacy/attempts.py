"""Diplomacy (DP, §6.2.4.11 [L5721-5771]) and Secret Diplomacy (SD, §6.2.4.33 [L6420-6428]) attempts.

An attempt is an order line: the leader, the helpers, the region or city, the Action Points spent. It is checked
when given (`check_attempt`), and when the validation phase closes it becomes a GM adjudication item
(`attempt_item`) whose explanation carries every input the rulebook names, computed by the engine:

- the leader's Diplomacy rating, and each helper at "one-half of their Diplomacy rating, rounded down"
  ([L5746-5748]);
- the Action Points spent ("spend time in the region", [L5739-5742]; BAC 4+ for DP, 6+ for SD);
- the place's resistance (a region's RV; a city's `floor(WP/2 + sqrt GPv)`, plus 1 for a road, port, holy city
  or university per setting A14 [L2616-2617]), terrain, religion and the religious relation (Table 13-7);
- the maximum status (§2.14.12 [L2487-2522], digest §3.14): the lower of Table 2-41 (religious strength x
  relation) and Table 2-43 (terrain x culture), and never better than Economic Ally against a hostile religion
  ([L7370-7373]);
- the leader slots: an "Allied" result without an Ally slot drops to Economic Ally, a "Feudal Allied" one
  without a Feudal Ally slot to Non-Paying Tributary ([L5750-5754]).

The rulebook prints no table turning these into a result ("the receptiveness of the other party ... among other
things", [L5725-5731]), so the engine proposes no change and records a 2d6 roll for the GM (purpose
`diplomacy:<nation>:<place>`); the GM rules the new status with OverrideAdjudication (a reason is required) or
confirms "unchanged". A ruling above the maximum status is refused; the slot rule applies when the outcome takes
effect. In a province shared by agreement (§9.17, `sharing.py`) a ruling above the share limit lowers the other
sharers. Gold spent on an attempt is not an order field yet: the GM weighs it from the free-form lines.
"""

from __future__ import annotations

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.construction.construction import refuse
from domain.rulesets.lote.control.events import SharingRecorded
from domain.rulesets.lote.diplomacy.sharing import share_note, sharing_events
from domain.rulesets.lote.intel.subversion import diplomacy_notes
from domain.rulesets.lote.leaders.garrisons import city_rv, faith_relation
from domain.rulesets.lote.leaders.limits import check_room
from domain.rulesets.lote.model.events import ControlStatusSet
from domain.rulesets.lote.model.orders import Diplomacy, Order, SecretDiplomacy
from domain.rulesets.lote.model.state import Adjudication, Nation, State
from domain.rulesets.lote.scenario.enums import STATUS_RANK
from domain.rulesets.lote.scenario.tables import TABLES

Attempt = Diplomacy | SecretDiplomacy
KINDS = ("diplomacy", "secret_diplomacy")
UNCHANGED = "unchanged"
BAC = {"Diplomacy": 4, "SecretDiplomacy": 6}  # [L5723] DP 4+; [L6422] SD 6+
NO_EFFECT = ("p", "f", "hm")  # [L5735-5736] "no effect upon regions of Pacified, Friendly, or Homeland status"
# what a GM may rule: the statuses a region can hold towards a nation, short of conquest (Pacified, Homeland)
RESULTS = ("aw", "hs", "n", "c", "nt", "fa", "t", "pt", "ea", "a", "f")
ROAD_PORT_HOLY_UNIVERSITY = ("r", "p", "h", "u")


def _place(state: State, name: str) -> tuple[str, int, str, str, dict[str, str]] | None:
    """(kind, RV, terrain, religion, statuses) of a region or city, or None."""
    if name in state.regions:
        r = state.regions[name]
        return "region", r.resistance, r.terrain, r.religion, dict(r.statuses)
    if name in state.cities:
        c = state.cities[name]
        region = state.regions.get(c.region)
        terrain = region.terrain if region is not None else "c"
        religion = c.religion or (region.religion if region is not None else "")
        bonus = [code for code in c.codes if code in ROAD_PORT_HOLY_UNIVERSITY]
        extra = len(bonus) if state.settings.a14_city_rv_bonus == "per_attribute" else min(len(bonus), 1)
        return "city", city_rv(c.gpv, c.walls) + extra, terrain, religion, dict(c.statuses)
    return None


def religion_band(strength: int) -> str:
    """The row of Table 2-41 [L2493-2505] for a religious strength."""
    for band in TABLES.control.max_status_religion.values:
        low, _, high = band.partition("-")
        if int(low) <= strength <= int(high or low):
            return band
    return "10" if strength > 10 else "1"


def max_status(state: State, nation: Nation, place: str) -> str:
    """§2.14.12 [L2487-2491]: "the lower of the two statuses" of Tables 2-41 and 2-43; against a hostile religion
    diplomacy never gets "any better than Economic Ally" ([L7370-7373]). Table 2-41's "P/PT" is PT here:
    diplomacy does not pacify. The relation is the campaign's (`faith_relation`): an excommunicated or interdicted
    nation's own faithful count as Hostile ([L7900-7908]), religions an Influence Religion reconciled as tolerant."""
    found = _place(state, place)
    assert found is not None
    _, _, terrain, religion, _ = found
    rel = faith_relation(state, nation.id, religion, place)
    by_religion = TABLES.control.max_status_religion.values[religion_band(nation.religious_strength)][rel]
    by_religion = "pt" if by_religion == "p/pt" else by_religion
    by_terrain = TABLES.control.max_status_terrain.values[terrain][nation.culture]
    caps = [by_religion, by_terrain] + (["ea"] if rel == "hostile" else [])
    return min(caps, key=lambda s: STATUS_RANK[s])


def has_slot(state: State, nation: Nation, leader_type: str) -> bool:
    """Whether the nation has room for one more leader of the type (the leader limits of `leaders/limits.py`)."""
    try:
        check_room(state, nation, leader_type)
    except Rejected:
        return False
    return True


def check_attempt(state: State, nation: Nation, order: Order, form: list[Order]) -> None:
    """The checks of an attempt when it is given."""
    if not isinstance(order, Diplomacy | SecretDiplomacy):
        return
    found = _place(state, order.target)
    if found is None:
        raise refuse(order, "diplomacy_unknown_target", f"there is no region or city {order.target!r}")
    for lid in (order.leader, *order.helpers):
        leader = state.leaders.get(lid)
        if leader is None or leader.nation != nation.id:
            raise refuse(order, "diplomacy_unknown_leader", f"{nation.name} has no leader {lid!r}")
        if leader.type == "F":  # digest Table 6-21: DP by any leader except a Feudal Ally
            raise refuse(order, "diplomacy_leader_type", f"{lid!r} is a Feudal Ally, who does not conduct diplomacy")
    if order.leader in order.helpers or len(set(order.helpers)) != len(order.helpers):
        raise refuse(order, "diplomacy_unknown_leader", "name each leader once: the leader, then the helpers")
    status = found[4].get(nation.id)
    if status in NO_EFFECT:
        raise refuse(
            order,
            "diplomacy_no_effect",
            f"{order.target} is {status} to you; [L5735-5736] diplomacy has no effect on Pacified, Friendly or "
            "Homeland places",
        )
    bac = BAC[type(order).__name__]
    if order.ap < bac:
        raise refuse(order, "diplomacy_too_few_ap", f"{type(order).__name__} costs at least {bac} Action Points")
    others = [o for o in form if isinstance(o, Diplomacy | SecretDiplomacy) and o.line != order.line]
    if any(o.target == order.target for o in others):
        raise refuse(
            order,
            "diplomacy_one_attempt",
            f"[L5744-5745] only one Diplomacy attempt per region or city per turn: another line targets {order.target}",
        )
    busy = {lid for o in others for lid in (o.leader, *o.helpers)}
    if busy & {order.leader, *order.helpers}:
        raise refuse(order, "diplomacy_leader_busy", "a leader takes part in one diplomacy attempt per turn")


def attempt_item(state: State, nation: Nation, order: Attempt, ctx: DecisionContext) -> Adjudication:
    """The GM's item for one attempt, with every input the rulebook names and the recorded 2d6."""
    found = _place(state, order.target)
    assert found is not None
    kind, rv, terrain, religion, statuses = found
    leader = state.leaders[order.leader]
    helpers = [(lid, state.leaders[lid].diplomacy // 2) for lid in order.helpers if lid in state.leaders]
    rating = leader.diplomacy + sum(h for _, h in helpers)
    cap = max_status(state, nation, order.target)
    rolls = ctx.dice.roll(f"diplomacy:{nation.id}:{order.target}", 2, 6, visible_to=())  # GM-only
    secret = isinstance(order, SecretDiplomacy)
    helper_text = ", ".join(f"{lid} {state.leaders[lid].diplomacy}//2 = {h}" for lid, h in helpers) or "none"
    slots = f"Ally slot {'yes' if has_slot(state, nation, 'A') else 'no (a -> ea)'}, Feudal Ally slot " + (
        "yes" if has_slot(state, nation, "F") else "no (fa -> nt)"
    )
    explanation = (
        f"{'Secret ' if secret else ''}Diplomacy by {leader.name} ({order.leader}, Diplomacy {leader.diplomacy}) "
        f"in the {kind} {order.target}: helpers {helper_text} [L5746-5748]; total rating {rating}; {order.ap} AP "
        f"(BAC {BAC[type(order).__name__]}); RV {rv}; terrain {terrain}; religion {religion or '-'} "
        f"({faith_relation(state, nation.id, religion, order.target)} to {nation.religion}); present status "
        f"{statuses.get(nation.id, 'none')}; maximum status {cap} [L2487-2522] [L7370-7373]; {slots} "
        f"[L5750-5754]{share_note(state, nation.id, order.target)}"
        f"{diplomacy_notes(state, nation.id, order.target, statuses)}; 2d6 = {sum(rolls)}. The rulebook prints no "
        "result table: rule the new status "
        f"({', '.join(RESULTS)}, at most {cap}) or confirm 'unchanged'."
    )
    return Adjudication(
        item_id=f"t{ctx.turn}-{nation.id}-{'secret_' if secret else ''}diplomacy-{order.target}",
        turn=ctx.turn,
        nation=nation.id,
        kind="secret_diplomacy" if secret else "diplomacy",
        subject=order.target,
        proposal=UNCHANGED,
        explanation=explanation,
        rolls=tuple(rolls),
    )


def check_ruling(state: State, item: Adjudication, outcome: str) -> None:
    """A GM's override of a diplomacy item: a status, never above the place's maximum status."""
    if outcome == UNCHANGED:
        return
    if outcome not in RESULTS:
        raise Rejected("lote.bad_outcome", f"A diplomacy outcome is 'unchanged' or one of {', '.join(RESULTS)}.")
    nation = state.nations.get(item.nation)
    if nation is None or _place(state, item.subject) is None:
        return
    cap = max_status(state, nation, item.subject)
    if STATUS_RANK[outcome] > STATUS_RANK[cap]:
        raise Rejected(
            "lote.above_max_status",
            f"{item.subject} can be at most {cap} to {nation.name} (§2.14.12 [L2487-2522]); rule {cap} or lower.",
        )


def outcome_events(state: State, item: Adjudication) -> list[ControlStatusSet | SharingRecorded]:
    """A decided attempt: the place's status towards the nation, after the slot rule of [L5750-5754]. A public
    Diplomacy result is marked for the Newsfax's diplomacy line; a Secret Diplomacy one is not ([L6424-6427])."""
    nation = state.nations.get(item.nation)
    if item.outcome in (None, UNCHANGED) or nation is None or _place(state, item.subject) is None:
        return []
    status = item.outcome
    why = f"adjudication {item.item_id}"
    if status == "a" and not has_slot(state, nation, "A"):
        status, why = "ea", f"{why}; no Ally slot: Allied drops to Economic Ally [L5750-5752]"
    elif status == "fa" and not has_slot(state, nation, "F"):
        status, why = "nt", f"{why}; no Feudal Ally slot: Feudal Allied drops to Non-Paying Tributary [L5752-5754]"
    cap = max_status(state, nation, item.subject)
    if STATUS_RANK[status] > STATUS_RANK[cap]:
        status = cap  # the place changed since the ruling (a GM edit): never above the cap
    changed = ControlStatusSet(
        place=item.subject,
        nation=item.nation,
        status=status,  # type: ignore[arg-type]
        reason=why,
        diplomacy=item.kind == "diplomacy",
    )
    return [changed, *sharing_events(state, item.nation, item.subject, status)]
