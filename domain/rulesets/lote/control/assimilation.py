"""Natural assimilation (§9.14.1 [L9324-9343]) as a GM item, its inputs computed and 2d6 recorded (purpose
`assimilation:<nation>:<place>`).

"A Pacified region may become a Friendly region. Likewise, a Pacified Tributary region may become a Tributary
region ... (1) there is no guarantee that this will occur! (2) This will only occur in the case of regions that
are of the same religion as that of your ruling house. Additionally, if the region is of a different language
... your chances ... are greatly lowered." The Years from Conquest "improve" the chances, and a Lieutenant's
Diplomacy in the province "seeks to increase this value" ([L9336-9343]).

An item is raised each turn for every region and city a nation holds Pacified or Pacified Tributary whose religion
is the nation's, once at least a year has passed since the conquest (Years from Conquest 1 or more: "in the passage
of years"; a city counts its region's years); the engine proposes "unchanged" (the rules print no odds) and the GM
may rule "assimilated". Readings: the "ruling house" is the nation's religion; a city without a religion of its own
takes its region's; a place held by an occupier is assimilated like any other (its owner's `oc` then ends,
`occupation.py`)."""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.lote.control.events import PlaceAssimilated
from domain.rulesets.lote.model.state import Adjudication, State

UNCHANGED, ASSIMILATED = "unchanged", "assimilated"
OUTCOMES = (UNCHANGED, ASSIMILATED)
BECOMES = {"p": "f", "pt": "t"}


def _candidates(state: State) -> list[tuple[str, str, str, str, str, int]]:
    """(nation, kind, place, status, language, years from conquest) of every place that may assimilate."""
    out: list[tuple[str, str, str, str, str, int]] = []
    for name, r in sorted(state.regions.items()):
        for nid, status in sorted(r.statuses.items()):
            nation = state.nations.get(nid)
            if status in BECOMES and nation is not None and r.religion == nation.religion and r.years_from_conquest:
                out.append((nid, "region", name, status, r.language, r.years_from_conquest))
    for name, c in sorted(state.cities.items()):
        region = state.regions.get(c.region)
        religion = c.religion or (region.religion if region is not None else "")
        years = region.years_from_conquest if region is not None else 0
        for nid, status in sorted(c.statuses.items()):
            nation = state.nations.get(nid)
            if status in BECOMES and nation is not None and religion == nation.religion and years:
                out.append((nid, "city", name, status, c.language, years))
    return out


def assimilation_items(state: State, ctx: DecisionContext) -> list[Adjudication]:
    items = []
    for nid, kind, name, status, language, years in _candidates(state):
        nation = state.nations[nid]
        rolls = ctx.dice.roll(f"assimilation:{nid}:{name}", 2, 6, visible_to=())
        same_language = not language or not nation.language or language == nation.language
        explanation = (
            f"Natural assimilation of the {kind} {name} ({status} -> {BECOMES[status]}) [L9326-9335]: same religion "
            f"({nation.religion}); language {language or '-'} against {nation.language or '-'} "
            f"({'same' if same_language else 'different: chances greatly lowered [L9333-9335]'}); Years from "
            f"Conquest {years} [L9336-9339]; 2d6 = {sum(rolls)}. No guarantee and no printed odds: rule "
            f"'{ASSIMILATED}' or confirm '{UNCHANGED}'."
        )
        items.append(
            Adjudication(
                item_id=f"t{ctx.turn}-{nid}-assimilation-{kind}:{name}",
                turn=ctx.turn,
                nation=nid,
                kind="assimilation",
                subject=f"{kind}:{name}",
                proposal=UNCHANGED,
                explanation=explanation,
                rolls=tuple(rolls),
            )
        )
    return items


def assimilation_outcome(state: State, item: Adjudication) -> list[PlaceAssimilated]:
    name = item.subject.partition(":")[2]
    record = state.cities.get(name) or state.regions.get(name)
    if item.outcome != ASSIMILATED or record is None:
        return []
    status = record.statuses.get(item.nation)
    if status not in BECOMES:
        return []
    why = f"adjudication {item.item_id}"
    return [PlaceAssimilated(place=name, nation=item.nation, status=BECOMES[status], reason=why)]  # type: ignore[arg-type]
