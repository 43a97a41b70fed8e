"""What the GM's decided religion items do when the adjudication phase closes (`turn/close.py` calls
`apply_outcome` for each; a place's revolt, "revolts" on a `religious_revolt` or `colony_revolt` item, is
`control/revolts.py`'s, which `turn/` applies: the place is lost with its garrison).

- `religious_conversion`: the share the GM ruled is added to the place's converts (100% converts it);
- `colony_revolt` that holds: a colony of another religion makes its faith the dominant one and the natives a
  minority (§8.4.1 [L7612-7620]);
- `religious_revolt` that holds after a pagan adoption: the place converts along with the King ([L7670-7673]);
- `minority_conversion` "converted": the colonial minority is gone ([L7618-7620]);
- `nation_conversion` "converted" (§8.5): the nation's religion changes; then, for a pagan adoption, its Friendly
  regions in the Homeland Build Zone convert at once, its other places of the old faith check for revolt, and its
  places of an organized religion hostile to the new one automatically rebel (a check proposing "revolts");
  otherwise, a conversion to a hostile faith "must suffer rebellions" (checks proposing "revolts") and one to a
  tolerant faith at RS 3 or 4 "widespread rebellions" (checks proposing "holds"); at RS 2 or less none. "coup"
  and "failed" change nothing here (the deposed royal family is the GM's dynasty commands).
"""

from __future__ import annotations

from domain.rulesets.lote.model.state import Adjudication
from domain.rulesets.lote.movement.hbz import in_hbz
from domain.rulesets.lote.religion.events import MinoritiesSet, NationConverted, PlaceConverted
from domain.rulesets.lote.religion.faith import convert_share, held_places, holders_of
from domain.rulesets.lote.religion.records import Minority
from domain.rulesets.lote.religion.resolve import Runner, raise_check
from domain.rulesets.lote.religion.rules import PAGAN, QUIET_CONVERSION_RS, minorities, place_religion, table_relation

REVOLT_KINDS = frozenset({"religious_revolt", "colony_revolt"})


def is_revolt(item: Adjudication) -> bool:
    """A decided place or leader revolt: `control/revolts.revolt_outcome` applies it (places; leaders are the GM's)."""
    return item.kind in REVOLT_KINDS and item.outcome == "revolts"


def apply_outcome(run: Runner, item: Adjudication) -> None:
    state = run.state
    nation = state.nations.get(item.nation)
    name = item.subject.partition(":")[2] or item.subject
    why = f"adjudication {item.item_id}"
    pending = state.religion.pending.get(item.item_id)
    if nation is None or item.outcome is None:
        return
    match item.kind:
        case "religious_conversion" if item.outcome.isdigit() and int(item.outcome) > 0:
            for event in convert_share(state, name, nation.religion, nation.id, int(item.outcome), "diplomatic", why):
                run.emit(event)
        case "colony_revolt" if item.outcome == "holds" and pending is not None:
            former = place_religion(state, name)
            if former and former != pending.religion:
                who = holders_of(state, name)
                natives = Minority(religion=former, origin="colonial", nation=nation.id, since_turn=state.turn)
                run.emit(
                    PlaceConverted(
                        place=name,
                        religion=pending.religion,
                        former=former,
                        how="colonial",
                        nation=nation.id,
                        reason=why,
                        holders=who,
                    )
                )
                run.emit(
                    MinoritiesSet(place=name, minorities=(*minorities(state, name), natives), cause=why, holders=who)
                )
        case "religious_revolt" if item.outcome == "holds" and pending is not None and pending.religion:
            if pending.cause == "pagan_adoption" and (name in state.regions or name in state.cities):
                run.emit(
                    PlaceConverted(
                        place=name,
                        religion=pending.religion,
                        former=place_religion(state, name),
                        how="pagan_adoption",
                        nation=nation.id,
                        reason=why,
                        holders=holders_of(state, name),
                    )
                )
        case "minority_conversion" if item.outcome == "converted":
            kept = tuple(m for m in minorities(state, name) if m.origin != "colonial")
            run.emit(MinoritiesSet(place=name, minorities=kept, cause=why, holders=holders_of(state, name)))
        case "nation_conversion" if item.outcome == "converted":
            _nation_converted(run, item, why)


def _nation_converted(run: Runner, item: Adjudication, why: str) -> None:
    state = run.state
    nation = state.nations[item.nation]
    former, new = nation.religion, item.subject
    places = held_places(state, nation.id)
    home = {name for kind, name, region in places if in_hbz(state, nation, region)}
    run.emit(NationConverted(nation=nation.id, religion=new, former=former, reason=why))
    if former in PAGAN and new not in PAGAN:
        for kind, name, _ in places:
            faith = place_religion(state, name)
            status = (state.cities.get(name) or state.regions[name]).statuses.get(nation.id)
            subject = f"{kind}:{name}"
            if faith == former and status in ("f", "hm") and name in home:
                run.emit(
                    PlaceConverted(
                        place=name,
                        religion=new,
                        former=former,
                        how="pagan_adoption",
                        nation=nation.id,
                        reason=f"{why}: a Friendly place in the Homeland Build Zone converts at once [L7668-7670]",
                        holders=holders_of(state, name),
                    )
                )
            elif faith == former:
                raise_check(
                    run,
                    nation.id,
                    "pagan_adoption",
                    subject,
                    f"{name} of {former} under a King who adopted "
                    f"{new}: it converts if it holds, revolts and keeps {former} if not [L7670-7673]",
                    "holds",
                    religion=new,
                )
            elif faith and faith not in PAGAN and faith != new and table_relation(state, faith, new) == "hostile":
                raise_check(
                    run,
                    nation.id,
                    "pagan_hostile",
                    subject,
                    f"{name} of {faith}, hostile to {new}: it automatically rebels [L7675-7678]",
                    "revolts",
                )
        return
    rel = table_relation(state, former, new)
    if rel != "hostile" and nation.religious_strength <= QUIET_CONVERSION_RS:
        return  # [L7655-7656] "If nation's RS is 2 or less, the nation will suffer no widespread rebellions"
    proposal = "revolts" if rel == "hostile" else "holds"
    text = (
        "a conversion to a hostile faith: the nation must suffer rebellions [L7660-7662]"
        if rel == "hostile"
        else f"a conversion at RS {nation.religious_strength}: widespread rebellions [L7653-7656]"
    )
    for kind, name, _ in places:
        if place_religion(state, name) == former:
            raise_check(run, nation.id, "conversion", f"{kind}:{name}", f"{name} of {former}: {text}", proposal)
