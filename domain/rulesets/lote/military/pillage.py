"""The actions that take from a place, applied when the itinerary step is reached in R6 (§6.2.4; digest §3.20).

The step was priced and its troop minimum checked when the itinerary was given (`movement/actions.py`); here the
state of the month it runs in decides, and the yields are applied:

- Loot Region (LR, [L5995-6010]): in a region the army's nation controls (NT or better): 2 x GPv + 2 x regional
  PWB gold, the regional PWB destroyed, no regional income or agro on the next turn (`State.looted`); "may provoke
  a regional rebellion": a GM item `pillage_revolt` with a recorded 2d6. A Jungle turned Cultivated reverts to Jungle
  when Looted or Scorched ([L3555-3557]).
- Scorched Earth (SE, [L6404-6418]): on a c or c2 region the army occupies: c2 becomes c ([L3492-3493]), c its
  `original_terrain` (s, j or w; unknown, it stays c and the GM sets it); the region is also Looted.
- Sack City (SC, [L6386-6402]): a controlled city: 10 x GPv + 2 x PWB gold; GPv to 0; PWB destroyed.
- Burn City (BC, [L5642-5664]): a controlled city: 1 GPv less and only min(10, PWB / 2) PWB left (rounded down: the
  city keeps whole works). A city both Sacked and Burned this turn, in either order, is destroyed.
- Enslave Population (EP, [L5795-5817]): a controlled region (or city): 15 x GPv (5 x GPv) slave NFP; the place is
  left at 0 GPv, a region depopulated ([L4591-4596], [L9353-9355]).
- Evacuate City (EVC, [L5867-5889]): a city of the nation's own (NT or better): 10 GP and 10 NFP per GPv, kept as
  refugee GP/NFP for building or increasing a city or settling; the city is left at 0 GPv.
- Military Conversion (MC, [L6012-6044]): the region revolts: the conversion is a GM item `military_conversion`
  ("converted" once the rebels are crushed, or "failed"); converted, the place takes the army's religion under a
  Military Conversion pacification, its former faith kept as a minority until it is assimilated (§8.4.2
  [L7622-7632]; `religion/`).
- Raid (RD, [L6270-6289]): aborted when the defenders' units in the region are at least as many as the raiders';
  otherwise a GM item `raid` (gold is "a variable number ... based on the value of the region": proposed 2 x GPv;
  the GM may rule another amount or "botched", with a recorded 2d6), the region counting as Looted once decided.

A step on a place the nation does not control, after an attack or siege step there (in the same run of `act` steps,
with no movement between), waits for that battle: a GM item `pillage` whose outcome "apply" or "cancel" the GM
rules once the battle is decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.military import pillage_events as pe
from domain.rulesets.lote.model.events import AdjudicationRaised
from domain.rulesets.lote.model.orders import GiveItinerary
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.movement import actions
from domain.rulesets.lote.movement.actions import Target
from domain.rulesets.lote.movement.execute import Act
from domain.rulesets.lote.religion.events import MinoritiesSet
from domain.rulesets.lote.religion.faith import holders_of
from domain.rulesets.lote.religion.records import Minority
from domain.rulesets.lote.religion.rules import minorities, place_religion
from domain.rulesets.lote.scenario.enums import at_least

Out = list[pe.PillageEvent | AdjudicationRaised | MinoritiesSet]
KINDS = ("raid", "military_conversion", "pillage_revolt", "pillage")
OUTCOMES: dict[str, tuple[str, ...]] = {
    "military_conversion": ("converted", "failed"),
    "pillage_revolt": ("calm", "revolt"),
    "pillage": ("apply", "cancel"),
}
FIGHTS = frozenset({"A", "AT", "AL", "S", "AS", "PS"})  # the attack and siege codes `military/detect.py` fights
NEEDS_CONTROL = frozenset({"LR", "SC", "BC", "EP", "EVC"})
GM_ONLY = frozenset({"aw", "hs"})


def _fail(order: GiveItinerary, step: int, reason: str, message: str) -> Rejected:
    return Rejected(f"lote.{reason}", f"line {order.line!r} (GiveItinerary): step {step + 1}: {message}")


def victims(state: State, place: str, nation: str) -> tuple[str, ...]:
    record = state.cities.get(place) or state.regions.get(place)
    statuses = record.statuses if record is not None else {}
    return tuple(sorted(n for n, s in statuses.items() if n != nation and s not in GM_ONLY))


def _item(
    ctx: DecisionContext, nation: str, kind: str, subject: str, proposal: str, why: str, rolls: Sequence[int] = ()
) -> AdjudicationRaised:
    return AdjudicationRaised(
        item=Adjudication(
            item_id=f"t{ctx.turn}-{nation}-{kind}-{subject}",
            turn=ctx.turn,
            nation=nation,
            kind=kind,  # type: ignore[arg-type]
            subject=subject,
            proposal=proposal,
            explanation=why,
            rolls=tuple(rolls),
        )
    )


def run_act(state: State, order: GiveItinerary, act: Act, ctx: DecisionContext, done: set[tuple[str, str]]) -> Out:
    """The events of one reached `act` step (none for the actions this module does not apply); a step that no
    longer holds raises `Rejected` naming the step and the reason."""
    step = order.steps[act.step]
    if step.action not in actions.PILLAGE:
        return []
    leader = state.leaders[act.army]
    target = actions.target_of(state, step.action, act.place, step.to)
    if isinstance(target, str):
        raise _fail(order, act.step, "pillage_no_target", target)
    short = actions.shortfall(step.action, target, leader.units)
    if short is not None:
        raise _fail(order, act.step, "pillage_too_few_troops", short)
    place = target.city or target.region
    if step.action in NEEDS_CONTROL and not controls(state, leader.nation, place):
        if not _fought_here(order, act.step):
            raise _fail(order, act.step, "pillage_not_controlled", f"{leader.nation} does not control {place}")
        why = (
            f"{act.army}'s {step.action} on {place} (step {act.step + 1} of line {order.line}) follows an attack "
            f"there; 'apply' once the battle gave {leader.nation} control, else 'cancel'"
        )
        return [_item(ctx, leader.nation, "pillage", f"{order.line}.{act.step + 1}@{act.place}", "apply", why)]
    return effects(state, order, act, target, ctx, done)


def _fought_here(order: GiveItinerary, index: int) -> bool:
    """Whether an attack or siege step comes before step `index` in the run of `act` steps it belongs to (the same
    place: no movement in between)."""
    for step in reversed(order.steps[:index]):
        if step.kind != "act":
            return False
        if step.action in FIGHTS:
            return True
    return False


def controls(state: State, nation: str, place: str) -> bool:
    record = state.cities.get(place) or state.regions.get(place)
    return record is not None and at_least(record.statuses.get(nation), "nt")


def effects(
    state: State, order: GiveItinerary, act: Act, target: Target, ctx: DecisionContext, done: set[tuple[str, str]]
) -> Out:
    step = order.steps[act.step]
    nid = state.leaders[act.army].nation
    place = target.city or target.region
    common: dict[str, Any] = {
        "nation": nid,
        "army": act.army,
        "line": order.line,
        "victims": victims(state, place, nid),
    }
    code = step.action
    if code in ("LR", "SE"):
        return _loot(state, act.army, target.region, ctx, common, scorch=code == "SE")
    if code == "RD":
        return _raid(state, order, act, target, ctx)
    if code == "MC":
        religion = state.nations[nid].religion
        why = (
            f"[L6025-6035] {place} revolts against {act.army}'s Military Conversion to {religion}: the rebels "
            f"must be crushed (2 AP a combat round, {10 * target.gpv} troop points kept); 'converted' or 'failed'"
        )
        return [
            pe.MilitaryConversionBegun(region=place, religion=religion, **common),
            _item(ctx, nid, "military_conversion", place, "converted", why),
        ]
    if code == "EP":
        return [pe.PopulationEnslaved(place=place, sfp=Fraction(actions.slaves(target)), gpv_lost=target.gpv, **common)]
    assert target.city is not None
    city = state.cities[target.city]
    if code == "EVC":
        del common["victims"]
        return [
            pe.CityEvacuated(
                city=target.city,
                gp=Fraction(10 * target.gpv),
                nfp=Fraction(10 * target.gpv),
                gpv_lost=target.gpv,
                **common,
            )
        ]
    out: Out = []
    if code == "SC":
        gp = Fraction(10 * target.gpv + 2 * city.pwb)
        out.append(pe.CitySacked(city=target.city, gp=gp, gpv_lost=target.gpv, pwb_lost=city.pwb, **common))
    else:
        out.append(
            pe.CityBurned(city=target.city, gpv_lost=min(1, target.gpv), pwb_left=min(10, city.pwb // 2), **common)
        )
    other = "BC" if code == "SC" else "SC"
    done.add((code, target.city))
    if (other, target.city) in done:
        out.append(pe.CityDestroyed(city=target.city, region=city.region, **common))
    return out


def _loot(state: State, army: str, region: str, ctx: DecisionContext, common: dict[str, Any], scorch: bool) -> Out:
    rec = state.regions[region]
    gp = Fraction(2 * max(rec.gpv, 0) + 2 * rec.pwb)
    out: Out = []
    if scorch:
        back = "c" if rec.terrain == "c2" else rec.original_terrain
        if back is not None and back != rec.terrain:
            out.append(pe.TerrainReverted(region=region, terrain=back, **common))
    elif rec.terrain == "c" and rec.original_terrain == "j":
        out.append(pe.TerrainReverted(region=region, terrain="j", **common))
    out.append(
        pe.RegionLooted(
            region=region, gp=gp, pwb_lost=rec.pwb, turn=ctx.turn, how="scorch" if scorch else "loot", **common
        )
    )
    rolls = ctx.dice.roll(f"pillage-revolt:{region}", 2, 6, visible_to=())
    why = (
        f"[L6008-6010] the looting of {region} by {army} may provoke a regional rebellion (2d6 = {sum(rolls)}, "
        f"RV {rec.resistance}); 'calm' or 'revolt' (the rebel army is the GM's to place)"
    )
    out.append(_item(ctx, common["nation"], "pillage_revolt", region, "calm", why, rolls))
    return out


def _raid(state: State, order: GiveItinerary, act: Act, target: Target, ctx: DecisionContext) -> Out:
    leader = state.leaders[act.army]
    raiders = actions.troops(leader.units, warships=True)
    defenders = defending_units(state, target.region, leader.nation)
    if defenders >= raiders:
        raise _fail(
            order,
            act.step,
            "raid_aborted",
            f"[L6277-6279] {defenders} defending units in {target.region} "
            f"meet the {raiders} raiders: the raid is aborted",
        )
    rolls = ctx.dice.roll(f"raid:{leader.nation}:{target.region}", 2, 6, visible_to=())
    why = (
        f"[L6279-6283] {act.army} raids {target.region} (GPv {target.gpv}) with {raiders} units against "
        f"{defenders}: gold 'a variable number based on the value of the region', proposed 2 x GPv; 2d6 = "
        f"{sum(rolls)} for a botch; rule the gold (a number) or 'botched'"
    )
    return [
        _item(
            ctx, leader.nation, "raid", f"{order.line}.{act.step + 1}:{target.region}", str(2 * target.gpv), why, rolls
        )
    ]


def defending_units(state: State, region: str, raider: str) -> int:
    """Units of other nations in the region: its garrisons, its cities' garrisons and the armies standing there."""
    total = sum(sum(u.values()) for n, u in state.regions[region].garrison.items() if n != raider)
    for city in state.cities.values():
        if city.region == region:
            total += sum(sum(u.values()) for n, u in city.garrison.items() if n != raider)
    for leader in state.leaders.values():
        at = state.cities[leader.location].region if leader.location in state.cities else leader.location
        if leader.nation != raider and at == region:
            total += sum(leader.units.values())
    return total


def check_ruling(kind: str, outcome: str) -> None:
    """A GM's override of one of these items: a raid's gold (a whole number) or 'botched'; else the listed words."""
    if kind == "raid":
        if outcome == "botched" or (outcome.isdigit() and len(outcome) <= 6):
            return
        raise Rejected(
            "lote.bad_outcome", "A raid outcome is the gold taken (a whole number, 0 to 999999) or 'botched'."
        )
    if outcome not in OUTCOMES[kind]:
        raise Rejected("lote.bad_outcome", f"A {kind.replace('_', ' ')} outcome is {' or '.join(OUTCOMES[kind])}.")


def outcome_events(state: State, item: Adjudication, ctx: DecisionContext, orders: dict[str, GiveItinerary]) -> Out:
    """A decided item takes effect at the close of the adjudication phase."""
    nid, why = item.nation, f"adjudication {item.item_id}"
    place = item.subject
    if (
        item.kind == "military_conversion"
        and item.outcome == "converted"
        and (place in state.regions or place in state.cities)
    ):
        religion = state.nations[nid].religion
        # [L7622-7632] the place is "under a Military Conversion pacification" until assimilated: its former faith
        # is kept as a minority of origin `military` (`religion/resolve.py` completes or ruins it at R7)
        former = Minority(religion=place_religion(state, place), origin="military", nation=nid, since_turn=state.turn)
        found = (*minorities(state, place), former)
        return [
            pe.RegionConverted(nation=nid, region=item.subject, religion=religion, reason=why),
            MinoritiesSet(place=place, minorities=found, cause=why, holders=holders_of(state, place)),
        ]
    if item.kind == "raid" and item.outcome is not None and item.outcome.isdigit():
        region = item.subject.rsplit(":", 1)[-1]
        rec = state.regions.get(region)
        if rec is None:
            return []
        return [
            pe.RegionLooted(
                nation=nid,
                army="",
                region=region,
                gp=Fraction(int(item.outcome)),
                pwb_lost=rec.pwb,
                turn=item.turn,
                how="raid",
                victims=victims(state, region, nid),
            )
        ]
    if item.kind == "pillage" and item.outcome == "apply":
        ref, place = item.subject.split("@", 1)
        line, number = ref.rsplit(".", 1)
        order = orders.get(line)
        if order is None or order.army not in state.leaders:
            return []
        act = Act(order.army, int(number) - 1, (0, 0), place)
        target = actions.target_of(state, order.steps[act.step].action, place, order.steps[act.step].to)
        if isinstance(target, str):
            return []
        return effects(state, order, act, target, ctx, set())  # a looting's revolt item waits for the next turn's
    return []
