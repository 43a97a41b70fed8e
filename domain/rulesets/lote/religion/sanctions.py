"""Excommunication and interdict (§8.6.7.1-2 [L7900-7936]) as one function each, for the GM's commands now and the
Primacy's powers later (P3-A calls the same with `by` naming the Primacy).

- An excommunicated nation is "considered of a Hostile religion by their populace": its places of its own faith
  need a double garrison and cap its maximum status at the Hostile column (`leaders/garrisons.faith_relation`),
  and "revolts, insurrection, and the defection of Armies and Leaders" follow: revolt checks for those places and
  defection checks for its armies, raised at the next resolution (`resolve.r6_checks`). A single leader may be
  excommunicated (his own defection check). "The misuse, or overuse, of this power will dull its effects": the
  items say how often the nation was excommunicated before.
- An interdict on a nation's regions of its faith (or the whole nation): "All leaders and inhabitants of an
  Interdicted region(s) are considered to be Excommunicated" and its armies "treated as of a Hostile religion":
  the same relation and checks. "cause all other nations of the same religion to cease trade with the Interdicted
  region(s)": trade with it is the GM's to stop (`SetTradeCondition`) until the tracer reads interdicts.
"""

from __future__ import annotations

from domain.engine import Rejected
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.religion.events import SanctionLaid, SanctionLifted
from domain.rulesets.lote.religion.records import Sanction
from domain.rulesets.lote.religion.rules import place_religion
from domain.rulesets.lote.scenario.enums import at_least


def _nation(state: State, nid: str) -> None:
    if nid not in state.nations:
        raise Rejected("lote.unknown_nation", f"There is no nation {nid!r}.")


def _leader(state: State, nid: str, leader: str | None) -> None:
    if leader is not None and (leader not in state.leaders or state.leaders[leader].nation != nid):
        raise Rejected("lote.religion_unknown_leader", f"{nid} has no leader {leader!r}.")


def exc_key(nid: str, leader: str | None = None) -> str:
    return f"exc:{nid}:{leader}" if leader else f"exc:{nid}"


def excommunicate(state: State, nid: str, reason: str, leader: str | None = None, by: str = "gm") -> list[object]:
    _nation(state, nid)
    _leader(state, nid, leader)
    key = exc_key(nid, leader)
    if key in state.religion.sanctions:
        raise Rejected("lote.already_excommunicated", f"{leader or nid} is excommunicated already.", status=409)
    sanction = Sanction(kind="excommunication", nation=nid, since_turn=state.turn, by=by, leader=leader or "")
    return [SanctionLaid(key=key, sanction=sanction, reason=reason)]


def lift_excommunication(state: State, nid: str, reason: str, leader: str | None = None) -> list[object]:
    _nation(state, nid)
    key = exc_key(nid, leader)
    if key not in state.religion.sanctions:
        raise Rejected("lote.not_excommunicated", f"{leader or nid} is not excommunicated.", status=409)
    return [SanctionLifted(key=key, nation=nid, kind="excommunication", reason=reason, leader=leader or "")]


def interdict(state: State, nid: str, reason: str, regions: list[str], by: str = "gm") -> list[object]:
    """[L7919-7921] "Interdict may be laid upon any region or group of regions of the same religion as the
    Primate": each region named must be the nation's (NT or better) and of its religion."""
    _nation(state, nid)
    key = f"int:{nid}"
    if key in state.religion.sanctions:
        raise Rejected("lote.already_interdicted", f"{nid} is under interdict already.", status=409)
    nation = state.nations[nid]
    for region in regions:
        if region not in state.regions:
            raise Rejected("lote.unknown_place", f"There is no region {region!r}.")
        if not at_least(state.regions[region].statuses.get(nid), "nt"):
            raise Rejected("lote.interdict_not_held", f"{region} is not {nation.name}'s: name its own regions.")
        if place_religion(state, region) != nation.religion:
            raise Rejected(
                "lote.interdict_other_religion",
                f"{region} is not of {nation.religion}: an interdict falls on regions of the Primate's religion "
                "[L7919-7921].",
            )
    sanction = Sanction(kind="interdict", nation=nid, since_turn=state.turn, by=by, regions=tuple(sorted(set(regions))))
    return [SanctionLaid(key=key, sanction=sanction, reason=reason)]


def lift_interdict(state: State, nid: str, reason: str) -> list[object]:
    _nation(state, nid)
    key = f"int:{nid}"
    if key not in state.religion.sanctions:
        raise Rejected("lote.not_interdicted", f"{nid} is not under interdict.", status=409)
    return [SanctionLifted(key=key, nation=nid, kind="interdict", reason=reason)]
