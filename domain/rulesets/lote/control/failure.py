"""The Dynastic Failure procedure (§9.8.1 [L8925-8965]; §9.8.1.1 [L8966-8999]; §8.1.1 [L7312-7318]; Table 9-3
[L8700-8712]; Table 13-9 [L15255-15308]; digest §4 R29-R32).

The check itself is the `dynastic_failure` item a King's death raises (`dynasty/deaths.py`). Once the GM rules
"failure" (at the end of that turn, `DynasticFailureBegan`), the text's three steps follow, each an item per
subject with every input and (where chance is involved) a GM-only 2d6; each step's items are raised when the
last of the step before is ruled, and every ruling takes effect at once, so that the GM can run the whole
procedure before the next turn's orders close (the successor states may seize regions on that turn only):

1. `df_leader`, one per leader of the nation but its King ([L8936-8941] "The GM checks all of your Leaders for
   Revolt and if a Leader does revolt and his situation warrants it, he may attempt to form an independent state
   wherever he is"): inputs Loyalty, Charisma, place, troops; proposal `loyal`; the GM rules `revolts` (he leaves
   with his troops, `LeaderRebelled`) or, with `FoundSuccessorState`, founds a successor state (a new nation, with
   him as King).
   Then `df_region`, one per region of the nation that a founder stands in or borders ("in that area", the
   reading here) ([L8941-8944] "Regions ... will accrete to this new nation if his Charisma is strong, or if there
   is not another loyal leader to counter-act the effects of this rebellion in that area"): inputs the founders
   near with their Charisma and the loyal leaders near; proposal the strongest founder near when his Charisma is
   at least the setting `p2d_strong_charisma` (9) or no loyal leader is near, else `stays`. A region that goes
   takes with it the cities in it that the nation held (`RegionAccreted`, at the same statuses).
2. `df_province`, one per region the nation still holds at Non-Paying Tributary or better ([L8945-8951] "it is very
   likely that Pacified Tributary, Pacified, Non-Paying Tributary, Feudal Ally and Economic Allies will revolt. It
   is still possible, though much less likely, that Full Allies and Friendly regions will revolt"; Tributary and
   Homeland are not named): proposal `revolts` where the text says "very likely", `holds` elsewhere.
3. `df_award` when successor states were founded ([L8952-8956] "the GM will determine which of the successor states
   (or the source Nation) is the strongest and will give that Nation to the original player"): the engine proposes
   the largest by the GPv of the regions and cities it holds at NT or better (ties: the source nation); the
   over-mighty general's case ([L8958-8962]: "you do not get the general's position") is the GM's ruling.

With the founding of a successor state the civil war is recorded as successor states (`SuccessorStatesRecorded`:
the source nation and its successors), which may seize each other's Friendly regions "on the turn immediately
following" ([L8966-8981], `seizure.py`). The Census ends ([L8446-8449], `finance/`).

Transformations "instant after a DF" (Table 9-1 code `d`, [L8608-8609]) raise items at once: `df_society` when
Table 9-3 lets the society become Feudal (Caste: `dG(once)`, 20 GP x Imperial Size paid once; Open: `d`), proposed
`unchanged`; `df_government` where Table 13-9 makes a DF the condition of a change (a Centralized Monarchy
"usually" becomes Feudal, proposed; the others `unchanged`). Changes that need a DF *roll* after years of payments
(code `D`) are transformation projects, not this.

Who sees: the Newsfax prints the Dynastic Failure, each successor state founded, each leader's revolt, each region
that declares for a successor and each province that rebels ([L3050-3061] "Rebellions and Civil War"); the items,
their inputs and dice are the GM's (a leader's check is seen by his nation only if he revolted: his Loyalty is
hidden, [L2111-2117]); a successor state sees its own founding and what it gained.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.control.commands import FoundSuccessorState
from domain.rulesets.lote.control.events import (
    DynasticFailureAdvanced,
    DynastyAwarded,
    PlaceRevolted,
    RegionAccreted,
    SuccessorStateFounded,
    SuccessorStatesRecorded,
)
from domain.rulesets.lote.dynasty.events import LeaderRebelled
from domain.rulesets.lote.model.events import (
    AdjudicationDecided,
    AdjudicationRaised,
    NationParameterSet,
    TreasuryAdjusted,
)
from domain.rulesets.lote.model.state import Adjudication, Failure, Nation, State
from domain.rulesets.lote.scenario.enums import at_least

KINDS = frozenset({"df_leader", "df_region", "df_province", "df_award", "df_society", "df_government"})
STAGE_KIND = {"leaders": "df_leader", "regions": "df_region", "provinces": "df_province", "award": "df_award"}
NEXT = {"leaders": "regions", "regions": "provinces", "provinces": "award", "award": "done"}
LOYAL, REVOLTS, SECEDES = "loyal", "revolts", "secedes"
STAYS, HOLDS, UNCHANGED = "stays", "holds", "unchanged"
VERY_LIKELY = frozenset({"pt", "p", "nt", "fa", "ea"})  # [L8947-8949]
LESS_LIKELY = frozenset({"a", "f"})  # [L8949-8951]
LEADER_MARK = "-df_leader-"
# Table 9-3 [L8700-8712]: society -> (becomes Feudal at once after a DF, paying High Gold once?)
SOCIETY_AFTER_DF = {"caste": True, "open": False}
HIGH_GOLD = 20  # Table 9-1: G = 20 GP (x Imperial Size)
# Table 13-9 [L15255-15308]: the changes a DF brings about, by government, with their condition
GOVERNMENT_AFTER_DF: dict[str, tuple[tuple[str, str], ...]] = {
    "centralized_monarchy": (
        ("feudal_monarchy", "Dynastic Strife ... usually any one of the four will turn [it] into a Feudal one"),
        ("constitutional_monarchy", "after the country has suffered a DF and has the king as a figurehead"),
        ("dictatorship", "after a DF and civil war caused by religious, cultural, ethnic, social or economic cause"),
    ),
    "imperial": (
        ("centralized_monarchy", "the natural regression after a DF and a short time (five years) of anarchy"),
        ("constitutional_monarchy", "at one time was either Constitutional Monarchy or a Republic and a DF occurs"),
        ("dictatorship", "DF with a civil war caused by religious, cultural, ethnic, social, or economic means"),
    ),
    "federal_democracy": (
        ("imperial", "DF and the King (president) becomes a figurehead"),
        ("dictatorship", "DF and the King seizes single power"),
    ),
    "oligarchy": (("centralized_monarchy", "DF and a single family gains control and forms a kingdom"),),
}  # fmt: skip
REBEL_PIECE = frozenset({"constitutional_monarchy", "imperial"})  # Table 13-9: "Oligarchy: the rebelling piece"


def seat_sees(item_id: str, outcome: str | None) -> bool:
    """A leader's check is seen by his nation only once he revolted (whether he held tells of his Loyalty)."""
    return LEADER_MARK not in item_id or outcome in (REVOLTS, SECEDES)


def _item(
    state: State, nation: str, kind: str, subject: str, proposal: str, why: str, rolls: tuple[int, ...] = ()
) -> Adjudication:
    base = f"t{state.turn}-{nation}-{kind}-{subject}"
    item_id, n = base, 2
    while item_id in state.adjudications:
        item_id, n = f"{base}-{n}", n + 1
    return Adjudication(
        item_id=item_id, turn=state.turn, nation=nation, kind=kind,  # type: ignore[arg-type]
        subject=subject, proposal=proposal, explanation=why, rolls=rolls,
    )  # fmt: skip


def _place_region(state: State, place: str) -> str:
    return state.cities[place].region if place in state.cities else place


def _area(state: State, region: str) -> set[str]:
    """A region and the regions bordering it (the reading of "in that area", [L8941-8944])."""
    near = {region}
    for border in state.borders:
        if region in (border.a, border.b):
            near |= {border.a, border.b}
    return near


def _held(state: State, nation: str) -> Iterator[tuple[str, str]]:
    for name, region in sorted(state.regions.items()):
        status = region.statuses.get(nation)
        if at_least(status, "nt") and status != "oc":
            yield name, status  # type: ignore[misc]


# --- the start: leaders' checks and the instant transformations ----------------------------------------


def begin(state: State, nation_id: str, ctx: DecisionContext) -> list[Any]:
    """The events that start the procedure, on the state where `DynasticFailureBegan` is folded."""
    nation = state.nations[nation_id]
    out: list[Any] = [
        DynasticFailureAdvanced(nation=nation_id, turn=ctx.turn, stage="leaders", reason="[L8936-8941] step 1")
    ]
    rebel_piece = (
        " Table 13-9: the rebelling piece of a Constitutional Monarchy or an Imperial government may become an "
        "Oligarchy."
        if nation.government in REBEL_PIECE
        else ""
    )
    for lid, leader in sorted(state.leaders.items()):
        if leader.nation != nation_id or leader.type in ("K", "Q"):
            continue
        rolls = ctx.dice.roll(f"df-leader:{nation_id}:{lid}", 2, 6, visible_to=())  # GM-only
        why = (
            f"[L8936-8941] Dynastic Failure of {nation.name}: {leader.name} ({leader.type}, #{leader.army_no}) at "
            f"{leader.location}, Loyalty {leader.hidden}, Charisma {leader.charisma}, troops {leader.units or 'none'}; "
            f"2d6 = {sum(rolls)}. The rulebook prints no table: rule '{LOYAL}', '{REVOLTS}' (he leaves with his "
            "troops) "
            f"or found a successor state with FoundSuccessorState (his situation warrants it).{rebel_piece}"
        )
        out.append(_raise(_item(state, nation_id, "df_leader", lid, LOYAL, why, tuple(rolls))))
    out += _transformations(state, nation)
    return out


def _raise(item: Adjudication) -> AdjudicationRaised:
    return AdjudicationRaised(item=item)


def _transformations(state: State, nation: Nation) -> list[Any]:
    out: list[Any] = []
    if nation.societal_base in SOCIETY_AFTER_DF:
        cost = HIGH_GOLD * nation.imperial_size if SOCIETY_AFTER_DF[nation.societal_base] else 0
        price = f", paying {cost} GP once (High Gold x Imperial Size {nation.imperial_size})" if cost else ""
        why = (
            f"Table 9-3 [L8700-8712]: a {nation.societal_base} society may become Feudal at once after a Dynastic "
            f"Failure (code d){price}. Rule 'feudal' or '{UNCHANGED}'."
        )
        out.append(_raise(_item(state, nation.id, "df_society", nation.id, UNCHANGED, why)))
    options = GOVERNMENT_AFTER_DF.get(nation.government, ())
    if options:
        listed = "; ".join(f"'{gov}': {text}" for gov, text in options)
        proposal = "feudal_monarchy" if nation.government == "centralized_monarchy" else UNCHANGED
        why = f"Table 13-9 [L15255-15308], {nation.government}: {listed}. Rule one of them or '{UNCHANGED}'."
        out.append(_raise(_item(state, nation.id, "df_government", nation.id, proposal, why)))
    return out


# --- the steps after ----------------------------------------------------------------------------------------


def _pending(state: State, nation: str, kind: str) -> bool:
    return any(i.kind == kind and i.nation == nation and i.outcome is None for i in state.adjudications.values())


def advance(state: State, nation_id: str) -> list[Any]:
    """The next step's events once every item of the current step is ruled; nothing while some wait."""
    held = state.dynasty.failures.get(nation_id)
    if held is None or held.stage == "done" or _pending(state, nation_id, STAGE_KIND[held.stage]):
        return []
    stage = NEXT[held.stage]
    out: list[Any] = [DynasticFailureAdvanced(nation=nation_id, turn=held.turn, stage=stage, reason=f"step {stage}")]
    if stage == "regions":
        out += _region_items(state, nation_id, held)
    elif stage == "provinces":
        out += _province_items(state, nation_id)
    elif stage == "award" and held.successors:
        out.append(_raise(_award_item(state, nation_id, held)))
    return out


def _region_items(state: State, nation_id: str, held: Failure) -> list[Any]:
    founders = [
        (nid, lid, x)
        for nid in held.successors
        for lid, x in sorted(state.leaders.items())
        if x.nation == nid and x.type in ("K", "Q")
    ]
    loyal = [x for x in state.leaders.values() if x.nation == nation_id]
    strong = state.settings.p2d_strong_charisma
    out: list[Any] = []
    for region, status in _held(state, nation_id):
        area = _area(state, region)
        near = [(nid, x) for nid, _, x in founders if _place_region(state, x.location) in area]
        if not near:
            continue
        guards = [x for x in loyal if _place_region(state, x.location) in area]
        best_nid, best = max(near, key=lambda pair: (pair[1].charisma, pair[0]))
        proposal = best_nid if best.charisma >= strong or not guards else STAYS
        why = (
            f"[L8941-8944] {region} ({status} to {nation_id}): successor founders near: "
            f"{', '.join(f'{nid} ({x.name} at {x.location}, Charisma {x.charisma})' for nid, x in near)}; loyal "
            f"leaders near: {', '.join(f'{x.name} at {x.location} (Charisma {x.charisma})' for x in guards) or '-'}. "
            f"A region accretes to the new nation if its founder's Charisma is strong (the engine proposes from "
            f"{strong}) or no loyal leader is near. Rule '{STAYS}' or the successor's id."
        )
        out.append(_raise(_item(state, nation_id, "df_region", region, proposal, why)))
    return out


def _province_items(state: State, nation_id: str) -> list[Any]:
    out: list[Any] = []
    for region, status in _held(state, nation_id):
        if status in VERY_LIKELY:
            odds, proposal = "very likely to revolt", "revolts"
        elif status in LESS_LIKELY:
            odds, proposal = "much less likely to revolt", HOLDS
        else:
            odds, proposal = "not named by the rule", HOLDS
        record = state.regions[region]
        why = (
            f"[L8945-8951] after the successor states, the revolt of the other provinces: {region} is {status} to "
            f"{nation_id} ({odds}); RV {record.resistance}; garrison {record.garrison.get(nation_id) or 'none'}. "
            f"Rule '{HOLDS}' or 'revolts'."
        )
        out.append(_raise(_item(state, nation_id, "df_province", region, proposal, why)))
    return out


def strength(state: State, nid: str) -> int:
    """The measure the engine proposes the award by: the GPv of the regions and cities held at NT or better."""
    regions = sum(state.regions[name].gpv for name, _ in _held(state, nid))
    cities = sum(
        c.gpv for c in state.cities.values() if at_least(c.statuses.get(nid), "nt") and c.statuses.get(nid) != "oc"
    )
    return regions + cities


def _award_item(state: State, nation_id: str, held: Failure) -> Adjudication:
    parties = [nation_id, *held.successors]
    scores = {nid: strength(state, nid) for nid in parties if nid in state.nations}
    best = max(parties, key=lambda nid: (scores.get(nid, 0), nid == nation_id))
    why = (
        f"[L8952-8956] the strongest of {', '.join(parties)} goes to the original player: GPv held at NT or better "
        f"{scores}. [L8958-8962] against an over-mighty general the player keeps his position. Rule one of them."
    )
    return _item(state, nation_id, "df_award", nation_id, best, why)


# --- the GM's rulings ---------------------------------------------------------------------------------------


def outcomes(state: State, item: Adjudication) -> tuple[str, ...]:
    held = state.dynasty.failures.get(item.nation)
    successors = held.successors if held is not None else ()
    match item.kind:
        case "df_leader":
            return (LOYAL, REVOLTS)  # SECEDES is FoundSuccessorState's
        case "df_region":
            return (STAYS, *successors)
        case "df_province":
            return (HOLDS, "revolts")
        case "df_award":
            return (item.nation, *successors)
        case "df_society":
            return (UNCHANGED, "feudal")
        case _:
            nation = state.nations.get(item.nation)
            return (UNCHANGED, *(g for g, _ in GOVERNMENT_AFTER_DF.get(nation.government if nation else "", ())))


def check_ruling(state: State, item: Adjudication, outcome: str) -> None:
    allowed = outcomes(state, item)
    if outcome not in allowed:
        extra = " (a successor state: FoundSuccessorState)" if item.kind == "df_leader" else ""
        raise Rejected("lote.bad_outcome", f"A {item.kind} outcome is {' or '.join(allowed)}{extra}.")


def ruling_events(state: State, item: Adjudication, outcome: str) -> list[Any]:
    """What a ruling does at once (nothing when its subject is gone)."""
    why = f"adjudication {item.item_id}"
    nation = state.nations.get(item.nation)
    if nation is None:
        return []
    match item.kind:
        case "df_leader" if outcome == REVOLTS and item.subject in state.leaders:
            leader = state.leaders[item.subject]
            return [
                LeaderRebelled(leader_id=item.subject, nation=leader.nation, reason=why, followers=dict(leader.units))
            ]
        case "df_region" if outcome != STAYS and item.subject in state.regions:
            status = state.regions[item.subject].statuses.get(item.nation)
            if status is None or not at_least(status, "nt") or status == "oc":
                return []
            cities = tuple(
                name for name, c in sorted(state.cities.items())
                if c.region == item.subject and at_least(c.statuses.get(item.nation), "nt")
            )  # fmt: skip
            return [
                RegionAccreted(
                    place=item.subject, original=item.nation, nation=outcome, status=status, cities=cities, reason=why
                )
            ]
        case "df_province" if outcome == "revolts" and item.subject in state.regions:
            region = state.regions[item.subject]
            if item.nation not in region.statuses:
                return []
            units = dict(region.garrison.get(item.nation, {}))
            return [PlaceRevolted(place=item.subject, nation=item.nation, units=units, reason=f"{why}: [L8945-8951]")]
        case "df_award":
            return [DynastyAwarded(original=item.nation, nation=outcome, reason=why)]
        case "df_society" if outcome == "feudal":
            out: list[Any] = [
                NationParameterSet(nation=item.nation, parameter="societal_base", value="feudal", reason=why)
            ]
            if SOCIETY_AFTER_DF.get(nation.societal_base):
                cost = HIGH_GOLD * nation.imperial_size
                out.append(
                    TreasuryAdjusted(
                        nation=item.nation, gp=Fraction(-cost), nfp=Fraction(0), reason=f"{why}: Table 9-3 dG(once)"
                    )
                )
            return out
        case "df_government" if outcome != UNCHANGED:
            return [NationParameterSet(nation=item.nation, parameter="government", value=outcome, reason=why)]
    return []


def found(state: State, command: FoundSuccessorState) -> list[Any]:
    """`FoundSuccessorState`: the `df_leader` item settled `secedes` with its new nation."""
    item = state.adjudications.get(command.item_id)
    if item is None or item.kind != "df_leader":
        raise Rejected("lote.unknown_item", f"There is no Dynastic Failure leader item {command.item_id!r}.")
    if item.outcome is not None:
        raise Rejected("lote.already_decided", f"Item {command.item_id!r} was decided: {item.outcome}.", status=409)
    if not command.reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    if command.nation in state.nations:
        raise Rejected(
            "lote.nation_exists", f"There is already a nation {command.nation!r}: choose a new id.", status=409
        )
    leader = state.leaders.get(item.subject)
    original = state.nations.get(item.nation)
    held = state.dynasty.failures.get(item.nation)
    if leader is None or original is None or held is None:
        raise Rejected("lote.unknown_leader", f"The leader of item {command.item_id!r} is gone.")
    home = _place_region(state, leader.location)
    why = f"adjudication {item.item_id}: {command.reason}"
    return [
        AdjudicationDecided(
            item_id=item.item_id, nation=item.nation, outcome=SECEDES, overridden=True, reason=command.reason
        ),
        SuccessorStateFounded(
            original=item.nation, nation=command.nation, name=command.name, founder=item.subject, reason=why,
            culture=original.culture, government=command.government or original.government,
            geo_zone=original.geo_zone, tech_level=original.tech_level, religion=original.religion,
            language=original.language, societal_base=original.societal_base,
            economic_base=original.economic_base, cav_qr=original.cav_qr, inf_qr=original.inf_qr,
            warship_qr=original.warship_qr, siege_qr=original.siege_qr,
            hbz_origin=home if home in state.regions else None,
        ),
        SuccessorStatesRecorded(
            original=item.nation, successors=(item.nation, *held.successors, command.nation),
            seize_turn=held.turn + 1, reason=f"[L8966-8981] civil war after the Dynastic Failure of {original.name}",
        ),
    ]  # fmt: skip
