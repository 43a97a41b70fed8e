"""Religion's resolution steps (`turn/cycle.py` calls them in order):

- R4 `r4_colonies` (after the builds): a populated region or city colonised in full "may revolt against the
  interlopers, or it may not" ([L4598-4630]): a `colony_revolt` item; if it holds and its religion is not the
  colonists', the colony's faith becomes the dominant one and the natives a minority (§8.4.1 [L7612-7620]);
- R5 `r5_operations` (after the intel operations): every religious operation line, re-checked, becomes a
  `religious_op` item with every input computed and a recorded 2d6 (Table 8-5 prints only qualitative odds);
- R6 `r6_conversions` (after the diplomacy attempts): each Diplomatic Conversion a `religious_conversion` item
  (the GM rules the share converted), each ConvertNation line a `nation_conversion` item;
- R6 `r6_checks` (with the end-of-turn checks): the revolt and defection checks of a sanction not yet checked
  (`religious_revolt` items), and a `minority_conversion` item for each colonial minority ("In time, the native
  (non-colony) religion will be slowly converted", [L7618-7620]);
- R7 `r7_faith` (at the close, after the GM's rulings took effect): a Military Conversion completes when its
  place is assimilated and is ruined when it revolts or another nation takes it ([L7622-7632]); Religious
  Monuments finished this turn owe RS, paid one point a turn ([L4933-4942]); influence not maintained this turn
  halves ([L7541-7543]).

A line that no longer holds at resolution is an `OrderFailed`, not a refusal.
"""

from __future__ import annotations

from math import floor
from typing import Any, Final, Literal, Protocol

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.model.events import AdjudicationRaised, ColonyPaid, MegalithCompleted, OrderFailed
from domain.rulesets.lote.model.orders import Order
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.religion import check, notes
from domain.rulesets.lote.religion.events import (
    InfluenceChanged,
    MinoritiesSet,
    MonumentCompleted,
    PlaceConverted,
    ReligiousCheckPending,
    ReligiousOperationRaised,
    SanctionChecked,
)
from domain.rulesets.lote.religion.faith import held_places, holders_of, rs_change, without
from domain.rulesets.lote.religion.orders import ConvertNation, DiplomaticConversion, ReligiousOperation
from domain.rulesets.lote.religion.records import RelOp, Sanction
from domain.rulesets.lote.religion.rules import PAGAN, TABLE_8_5, action_range, place_religion

KIND: Final[Literal["religious_op"]] = "religious_op"
MONUMENT = "religious_monument"  # the megalith kind of a Religious Monument (§5.8.9)


class Runner(Protocol):
    state: State
    ctx: DecisionContext
    events: list[Any]

    def emit(self, event: Any) -> None: ...


def lines(state: State, nid: str) -> list[Order]:
    form = state.forms.get(nid)
    return list(form.lines.values()) if form is not None else []


def item_id(turn: int, nation: str, line: str) -> str:
    return f"t{turn}-{nation}-relop-{line}"


def _valid(run: Runner, nid: str, order: Any) -> bool:
    try:
        check.check_line(run.state, run.state.nations[nid], order, lines(run.state, nid))
    except Rejected as failed:
        run.emit(OrderFailed(nation=nid, line=order.line, code=failed.code, message=failed.message))
        return False
    return True


def _item(
    ctx: DecisionContext, nid: str, kind: str, key: str, subject: str, proposal: str, why: str, rolls: tuple[int, ...]
) -> Adjudication:
    return Adjudication(
        item_id=f"t{ctx.turn}-{nid}-{'relop' if kind == KIND else kind}-{key}",
        turn=ctx.turn,
        nation=nid,
        kind=kind,  # type: ignore[arg-type]
        subject=subject,
        proposal=proposal,
        explanation=why,
        rolls=rolls,
    )


# --- R5: religious operations ------------------------------------------------------------------------


def build_op(state: State, nid: str, order: ReligiousOperation, rolls: tuple[int, ...]) -> RelOp:
    nation = state.nations[nid]
    base, cost = check.check_range(state, nation, order)
    target = state.nations.get(order.target_nation or "")
    return RelOp(
        item_id=item_id(state.turn, nid, order.line),
        turn=state.turn,
        nation=nid,
        line=order.line,
        code=order.code,
        bonus=order.bonus,
        odds=TABLE_8_5[order.code][0],
        religion=nation.religion,
        target_nation=order.target_nation,
        target=order.target,
        location=check.where(state, nation, order),
        detail=order.detail,
        base=base,
        distance=cost,
        action_range=action_range(state, nation),
        rs=nation.religious_strength,
        target_rs=target.religious_strength if target is not None else None,
        rolls=rolls,
    )


def proposal(op: RelOp) -> str:
    return "success/hidden" if op.odds == "always" else "ruling"


def r5_operations(run: Runner) -> None:
    """Every valid religious operation of every nation becomes a `religious_op` item (its dice the GM's)."""
    for nid in list(run.state.nations):
        for order in check.ops_of(lines(run.state, nid)):
            if not _valid(run, nid, order):
                continue
            rolls = tuple(run.ctx.dice.roll(f"relop:{nid}:{order.line}", 2, 6, visible_to=()))
            op = build_op(run.state, nid, order, rolls)
            run.emit(ReligiousOperationRaised(op=op))
            why = notes.explain_op(run.state, op)
            run.emit(
                AdjudicationRaised(item=_item(run.ctx, nid, KIND, order.line, order.line, proposal(op), why, rolls))
            )


# --- R6: conversions ------------------------------------------------------------------------------------


def r6_conversions(run: Runner, nid: str) -> None:
    """Each Diplomatic Conversion and ConvertNation line of the nation, re-checked, becomes the GM's item."""
    for order in lines(run.state, nid):
        if isinstance(order, DiplomaticConversion) and _valid(run, nid, order):
            rolls = tuple(run.ctx.dice.roll(f"conversion:{nid}:{order.target}", 2, 6, visible_to=()))
            why = notes.explain_conversion(run.state, run.state.nations[nid], order, rolls)
            run.emit(
                AdjudicationRaised(
                    item=_item(run.ctx, nid, "religious_conversion", order.line, order.target, "0", why, rolls)
                )
            )
        elif isinstance(order, ConvertNation) and _valid(run, nid, order):
            nation = run.state.nations[nid]
            rolls = tuple(run.ctx.dice.roll(f"nation-conversion:{nid}", 2, 6, visible_to=()))
            why = notes.explain_nation_conversion(run.state, nation, order.religion, rolls)
            pagan = nation.religion in PAGAN and order.religion not in PAGAN
            plain = pagan or nation.primate_influence == 0
            run.emit(
                AdjudicationRaised(
                    item=_item(
                        run.ctx,
                        nid,
                        "nation_conversion",
                        order.religion,
                        order.religion,
                        "converted" if plain else "ruling",
                        why,
                        rolls,
                    )
                )
            )


# --- R4: colonies -----------------------------------------------------------------------------------------


def r4_colonies(run: Runner, since: int) -> None:
    """The populated regions and cities colonised in full by the events emitted since `since`."""
    for event in list(run.events[since:]):
        if not isinstance(event, ColonyPaid) or event.status != "f":
            continue
        if event.kind not in ("populated_region", "populated_city"):
            continue
        kind = "city" if event.kind == "populated_city" else "region"
        nation = run.state.nations[event.nation]
        rolls = tuple(run.ctx.dice.roll(f"colony-revolt:{event.nation}:{event.target}", 2, 6, visible_to=()))
        why = notes.explain_colony(run.state, nation, kind, event.target, rolls)
        item = _item(
            run.ctx, event.nation, "colony_revolt", event.target, f"{kind}:{event.target}", "holds", why, rolls
        )
        run.emit(
            ReligiousCheckPending(item_id=item.item_id, cause="colony", nation=event.nation, religion=nation.religion)
        )
        run.emit(AdjudicationRaised(item=item))


# --- R6: sanctions and minorities ----------------------------------------------------------------------------


def sanction_subjects(state: State, sanction: Sanction) -> list[tuple[str, str]]:
    """(subject, why) of the checks a sanction calls for: the sanctioned nation's places of its own faith (those
    in the interdicted regions only, when regions were named) and, for an excommunication, its leaders at the
    head of troops ("revolts, insurrection, and the defection of Armies and Leaders", [L7905-7908])."""
    nation = state.nations.get(sanction.nation)
    if nation is None:
        return []
    if sanction.leader:
        return [(f"leader:{sanction.leader}", "an excommunicated leader [L7912-7913]")]
    out: list[tuple[str, str]] = []
    word = "excommunicated" if sanction.kind == "excommunication" else "interdicted"
    times = state.religion.excommunications.get(nation.id, 0)
    if sanction.kind == "excommunication" and times > 1:
        word += f" ({times} times so far: overuse dulls its effects, [L7910-7912])"
    for kind, name, region in held_places(state, nation.id):
        if place_religion(state, name) != nation.religion:
            continue
        if sanction.regions and region not in sanction.regions:
            continue
        out.append((f"{kind}:{name}", f"a {kind} of {nation.religion} held by an {word} nation [L7900-7936]"))
    if sanction.kind == "excommunication" or not sanction.regions:
        for lid, leader in sorted(state.leaders.items()):
            if leader.nation == nation.id and leader.units and leader.type not in ("K", "Q"):
                out.append((f"leader:{lid}", f"an army of an {word} nation: defection [L7905-7908] [L7932-7934]"))
    return out


def r6_checks(run: Runner) -> None:
    turn = run.ctx.turn
    for key, sanction in sorted(run.state.religion.sanctions.items()):
        if sanction.checked_turn:
            continue
        for subject, reason in sanction_subjects(run.state, sanction):
            raise_check(run, sanction.nation, sanction.kind, subject, reason, "holds")
        run.emit(SanctionChecked(key=key, nation=sanction.nation, turn=turn))
    for place, found in sorted(run.state.religion.minorities.items()):
        for m in found:
            if m.origin != "colonial" or m.since_turn >= turn or m.nation not in run.state.nations:
                continue
            rolls = tuple(run.ctx.dice.roll(f"minority:{m.nation}:{place}", 2, 6, visible_to=()))
            why = notes.explain_minority(run.state, place, m, rolls)
            run.emit(
                AdjudicationRaised(
                    item=_item(run.ctx, m.nation, "minority_conversion", place, place, "unchanged", why, rolls)
                )
            )


def raise_check(
    run: Runner, nid: str, cause: str, subject: str, reason: str, proposal: str, religion: str = ""
) -> None:
    """A `religious_revolt` item for `subject` (region:, city: or leader:) with its inputs and a GM-only 2d6."""
    name = subject.partition(":")[2]
    rolls = tuple(run.ctx.dice.roll(f"religious-revolt:{nid}:{name}", 2, 6, visible_to=()))
    why = notes.explain_check(run.state, nid, subject, reason, proposal, rolls)
    item = _item(run.ctx, nid, "religious_revolt", f"{cause}-{subject}", subject, proposal, why, rolls)
    run.emit(ReligiousCheckPending(item_id=item.item_id, cause=cause, nation=nid, religion=religion))
    run.emit(AdjudicationRaised(item=item))


# --- R7: Military Conversion, monuments, influence ----------------------------------------------------


def r7_faith(run: Runner, since: int) -> None:
    _military_conversions(run)
    _monuments(run, since)
    _influence(run)


def _military_conversions(run: Runner) -> None:
    """[L7625-7632] "the region will accept your religion once it is assimilated (that is, turn friendly status).
    If at any time the MC pacified region revolts or is conquered by someone else, then the MC is ruined"."""
    state = run.state
    for place, found in sorted(state.religion.minorities.items()):
        for m in found:
            if m.origin != "military":
                continue
            record = state.cities.get(place) or state.regions.get(place)
            if record is None:
                continue
            status = record.statuses.get(m.nation)
            others = any(n != m.nation and s in ("p", "pt", "f", "hm") for n, s in record.statuses.items())
            if status in ("f", "hm") and not others:
                why = f"[L7625-7628] {place} is assimilated: it accepts {place_religion(state, place)}"
                run.emit(
                    MinoritiesSet(
                        place=place, minorities=without(state, place, m), cause=why, holders=holders_of(state, place)
                    )
                )
            elif status not in ("p", "pt") or others:
                why = f"[L7628-7631] the Military Conversion of {place} is ruined: the converts repudiate it"
                run.emit(
                    PlaceConverted(
                        place=place,
                        religion=m.religion,
                        former=place_religion(state, place),
                        how="military_ruined",
                        nation=m.nation,
                        reason=why,
                        holders=holders_of(state, place),
                    )
                )
                run.emit(MinoritiesSet(place=place, minorities=(), cause=why, holders=holders_of(state, place)))


def _monuments(run: Runner, since: int) -> None:
    """[L4936-4941] "A Religious Monument adds one to the Religious Strength of the nation that builds it for each
    two Levels in size that it is. The maximum boost to Religious Strength is +1 per turn." Setting
    `p2c_monument_rs`: "spread" (the whole boost, one point a turn) or "once" (one point at most)."""
    for event in list(run.events[since:]):
        if isinstance(event, MegalithCompleted) and event.kind == MONUMENT and event.nation in run.state.nations:
            points = floor(event.levels / 2)
            if run.state.settings.p2c_monument_rs == "once":
                points = min(points, 1)
            if points:
                run.emit(
                    MonumentCompleted(
                        nation=event.nation, project=event.project, levels=floor(event.levels), points=points
                    )
                )
    for nid, owed in sorted(run.state.religion.monument_rs.items()):
        nation = run.state.nations.get(nid)
        if owed > 0 and nation is not None:
            for change in rs_change(run.state, nation, 1, "monument"):
                run.emit(change)


def _influence(run: Runner) -> None:
    """[L7541-7543] "For every turn the influence is not maintained, the influence is halved" (setting
    `p2c_influence_halving`: rounded down, or up)."""
    turn = run.state.turn
    for _, inf in sorted(run.state.religion.influence.items()):
        if inf.maintained_turn >= turn or inf.level <= 0:
            continue
        half = inf.level // 2 if run.state.settings.p2c_influence_halving == "floor" else (inf.level + 1) // 2
        run.emit(
            InfluenceChanged(
                nation=inf.nation,
                religion=inf.religion,
                over=inf.over,
                level=half,
                stage=inf.stage,
                turn=turn,
                cause=f"not maintained in turn {turn}",
            )
        )
