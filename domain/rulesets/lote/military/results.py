"""What a battle's result does (§6.2.4.1-6.2.4.6, §2.14.6.13, §2.14.11, §9.1.4-9.1.5): units lost, armies
retreating, the place's control status, the garrison the winner drops off, the walls, a captured treasury, a
destroyed capital. Each effect is an event of its own, so a seat sees the ones that concern it.

Control, when the attacker wins and the result's control is not "none" (the default follows the action):
- A (Attack to Pacify, [L5583-5605]): Pacified, if the surviving troops meet the garrison requirement; else
  Pacified Tributary ("converted into an AT action"). S, AS, PS ([L5524-5527]): the city Pacified (the GM may
  rule "pt", the player's note). AT ([L5565-5581]): Pacified Tributary. AL ([L5607-5621]): liberation.
- The former holders: a Friendly or Homeland place becomes Occupied for them ([L2371-2377]); any other status
  they had there is gone. Liberation gives the liberator back Homeland (its capital, the capital's region or its
  HBZ origin) or Friendly, and the occupier's status there is gone.
- For "p" the winning army drops off the garrison: the fewest units (infantry first, cheapest first) meeting
  the requirement (`leaders/garrisons.py`), unless the GM names them.
- The loser's treasury, when it stood at the place (§9.1.5 [L8423-8428]: "the GP are captured as well").
- Walls: an Active Siege destroys all wall points unless the city surrendered ([L5512-5516]); an Assault
  "destroy[s] one-half of the city's City Points" ([L5551-5553], read as its wall points, rounding the loss down).
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from domain.rulesets.lote.leaders.garrisons import city_requirement, region_requirement, unit_kind
from domain.rulesets.lote.military.events import BattleResolved, CapitalDestroyed, GarrisonDropped, TreasuryCaptured
from domain.rulesets.lote.military.visibility import own_keys
from domain.rulesets.lote.model.battles import Battle, BattleResult, ControlResult
from domain.rulesets.lote.model.events import (
    AdjudicationDecided,
    ControlStatusSet,
    LeaderMoved,
    PlaceAdjusted,
    UnitsAdjusted,
)
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.enums import Status
from domain.rulesets.lote.scenario.tables import TABLES

R_OCCUPIED_FROM = frozenset({"f", "hm"})


def action_of(battle: Battle) -> str:
    codes = [c for c in battle.attacker.actions if c in ("AL", "AT", "A", "S", "AS", "PS")]
    return codes[0] if codes else ""


def _survivors(state: State, battle: Battle, result: BattleResult) -> dict[str, dict[str, int]]:
    out = {}
    for army in battle.attacker.armies:
        leader = state.leaders.get(army)
        if leader is None:
            continue
        lost = result.losses.get(army, {})
        out[army] = {u: n - lost.get(u, 0) for u, n in leader.units.items() if n - lost.get(u, 0) > 0}
    return out


def _cost(unit: str, culture: str) -> Fraction:
    row = TABLES.units.units.get(unit)
    cost = row.by_culture.get(culture) if row is not None else None  # type: ignore[call-overload]
    return cost.gp if cost is not None else Fraction(0)


def propose_garrison(state: State, battle: Battle, result: BattleResult) -> dict[str, dict[str, int]] | None:
    """The fewest surviving units (by army) meeting the place's requirement for the attacker, or None."""
    nation = battle.attacker.nations[0]
    place = battle.city or battle.region
    if place in state.cities:
        req = city_requirement(state, place, nation)
        kinds: tuple[str, ...] = ("inf", "cav", "siege")
    elif place in state.regions:
        req = region_requirement(state, place, nation)
        kinds = ("cav",) if req.cavalry_terrain else ("inf", "fort", "cav")
    else:
        return None
    need = ceil(req.needed)
    culture = state.nations[nation].culture
    pool = sorted(
        (
            (kinds.index(unit_kind(u) or ""), _cost(u, culture), army, u, n)
            for army, units in _survivors(state, battle, result).items()
            for u, n in units.items()
            if unit_kind(u) in kinds
        ),
    )
    if req.cavalry_terrain and sum(x[4] for x in pool) < need:
        need *= 2  # [L2416-2421] twice the cavalry requirement in infantry and/or field forts
        pool = sorted(
            (0, _cost(u, culture), army, u, n)
            for army, units in _survivors(state, battle, result).items()
            for u, n in units.items()
            if unit_kind(u) in ("inf", "fort")
        )
    out: dict[str, dict[str, int]] = {}
    for _, _, army, unit, n in pool:
        if need <= 0:
            break
        take = min(n, need)
        out.setdefault(army, {})[unit] = take
        need -= take
    return out if need <= 0 else None


def default_control(state: State, battle: Battle, result: BattleResult) -> ControlResult:
    if result.winner != "attacker":
        return "none"
    code = action_of(battle)
    if code == "AT":
        return "pt"
    if code == "AL":
        return "liberate"
    if code in ("A", "S", "AS", "PS"):
        return "p" if propose_garrison(state, battle, result) is not None else "pt"
    return "none"


def _status_events(state: State, battle: Battle, control: ControlResult, why: str) -> list[object]:
    place = battle.city or battle.region
    record = state.cities.get(place) or state.regions.get(place)
    if record is None or control == "none":
        return []
    nation = battle.attacker.nations[0]
    out: list[object] = []
    if control == "liberate":
        n = state.nations[nation]
        capital = n.capital
        home = place in (capital, n.hbz_origin) or (capital in state.cities and state.cities[capital].region == place)
        out.append(ControlStatusSet(place=place, nation=nation, status="hm" if home else "f", reason=why))
    else:
        out.append(ControlStatusSet(place=place, nation=nation, status=control, reason=why))
    for other, status in sorted(record.statuses.items()):
        if other == nation or other not in battle.defender.nations:
            continue
        new: Status | None = "oc" if status in R_OCCUPIED_FROM and control != "liberate" else None
        out.append(ControlStatusSet(place=place, nation=other, status=new, reason=why))
    return out


def capital_of(state: State, nid: str) -> str | None:
    """[L8388-8392] the Capital is in a city or, without one, in the Homeland."""
    nation = state.nations.get(nid)
    if nation is None:
        return None
    return nation.capital or next((r for r, x in sorted(state.regions.items()) if x.statuses.get(nid) == "hm"), None)


def _treasury(state: State, battle: Battle) -> list[object]:
    place = battle.city or battle.region
    out: list[object] = []
    for nid in battle.defender.nations:
        loser = state.nations.get(nid)
        if loser is None or loser.gp <= 0:
            continue
        where = loser.treasury or capital_of(state, nid)
        if where == place:
            out.append(TreasuryCaptured(nation=nid, captor=battle.attacker.nations[0], place=place, gp=loser.gp))
    return out


def treasury_at_stake(state: State, battle: Battle) -> Fraction:
    """The saved GP of the defenders whose treasury stands at the place (§9.1.5)."""
    return sum((e.gp for e in _treasury(state, battle) if isinstance(e, TreasuryCaptured)), Fraction(0))


def _capital(state: State, battle: Battle) -> list[object]:
    out: list[object] = []
    for nid in battle.defender.nations:
        n = state.nations[nid]
        if capital_of(state, nid) not in (battle.city, battle.region):
            continue
        half = {
            k: getattr(n, k) - ceil(getattr(n, k) / 2) for k in ("bl", "infra", "oc", "ob", "ac", "ab", "roc", "rob")
        }
        out.append(CapitalDestroyed(nation=nid, place=battle.city or battle.region, **half))
    return out


def effects(state: State, battle: Battle, result: BattleResult, overridden: bool = False) -> list[object]:
    """BattleResolved, then every effect, then the decision of each of the battle's items (`overridden` when the
    GM gave his own result rather than the proposal)."""
    why = f"{battle.kind} {battle.battle_id}"
    place = battle.city or battle.region
    resolved = BattleResolved(
        battle_id=battle.battle_id,
        nations=battle.nations,
        result=result,
        attackers=battle.attacker.nations,
        own=own_keys(battle),
    )
    out: list[object] = [resolved]
    for key, units in sorted(result.losses.items()):
        if key in state.leaders:
            lost = {u: -n for u, n in units.items() if n}
            out.append(UnitsAdjusted(nation=state.leaders[key].nation, units=lost, reason=why, army=key))
        else:
            out += _garrison_losses(state, battle, key, units, why)
    for army, to in sorted(result.retreats.items()):
        out.append(LeaderMoved(leader=army, nation=state.leaders[army].nation, location=to, reason=f"retreat: {why}"))
    if result.winner == "attacker" and result.control != "none":
        out += _status_events(state, battle, result.control, why)
        for army, units in sorted(_dropped(state, battle, result).items()):
            out.append(GarrisonDropped(nation=state.leaders[army].nation, army=army, place=place, units=units))
        if result.treasury_captured > 0:
            out += _treasury(state, battle)
    if result.walls_left is not None and battle.city is not None:
        out.append(PlaceAdjusted(place=battle.city, reason=why, walls=result.walls_left))
    if result.capital_destroyed:
        out += _capital(state, battle)
    outcome = f"{result.winner}: {result.control}" if result.winner == "attacker" else result.winner
    for item_id in battle.items:
        item = state.adjudications.get(item_id)
        if item is not None and item.outcome is None:
            out.append(
                AdjudicationDecided(
                    item_id=item_id,
                    nation=item.nation,
                    outcome=outcome,
                    overridden=overridden,
                    reason=result.reason,
                )
            )
    return out


def _dropped(state: State, battle: Battle, result: BattleResult) -> dict[str, dict[str, int]]:
    if result.control != "p":
        return {}
    if result.garrison:
        army = battle.attacker.armies[0]
        return {army: dict(result.garrison)}
    return propose_garrison(state, battle, result) or {}


def _garrison_losses(state: State, battle: Battle, place: str, units: dict[str, int], why: str) -> list[object]:
    record = state.cities.get(place) or state.regions.get(place)
    if record is None:
        return []
    out: list[object] = []
    left = dict(units)
    for nid in battle.nations:
        held = record.garrison.get(nid, {})
        lost = {u: min(held.get(u, 0), n) for u, n in left.items() if min(held.get(u, 0), n) > 0}
        if lost:
            out.append(UnitsAdjusted(nation=nid, units={u: -n for u, n in lost.items()}, reason=why, place=place))
            left = {u: n - lost.get(u, 0) for u, n in left.items()}
    return out
