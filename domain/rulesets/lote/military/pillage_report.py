"""What each seat sees of the pillage events (digest §1.6): the acting nation sees its own event; a nation that held
a status in the place sees that it happened, without the army or the order line; nobody else sees it (the Newsfax
prints what is public)."""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.military import pillage_events as pe
from domain.rulesets.lote.model.state import State

R = msgspec.structs.replace
SEEN_BY_VICTIMS = (
    pe.RegionLooted,
    pe.TerrainReverted,
    pe.CitySacked,
    pe.CityBurned,
    pe.CityDestroyed,
    pe.PopulationEnslaved,
    pe.MilitaryConversionBegun,
)
PILLAGE_EVENTS = (*SEEN_BY_VICTIMS, pe.CityEvacuated, pe.RegionConverted, pe.FleetLost, pe.FeudalAllyReturned)


def redact_pillage(event: pe.PillageEvent, me: str | None) -> pe.PillageEvent | None:
    if me is not None and event.nation == me:
        return R(event, reason="") if isinstance(event, (pe.RegionConverted, pe.FleetLost)) else event
    if isinstance(event, SEEN_BY_VICTIMS) and me is not None and me in event.victims:
        return R(event, army="", line="", victims=())
    return None


TERRAIN_NAMES = {"c2": "intensively cultivated", "c": "cultivated", "w": "wilderness", "s": "steppe", "j": "jungle"}


def news_line(event: pe.PillageEvent) -> str | None:
    """The Newsfax line of a pillage event ([L3050-3061]: "Changes in Regional Terrain", "Rebellions", "Hostile
    Military Actions against Other Nations" are always reported): a looting, sack, burning or enslavement of a place
    another nation holds, any scorched earth or razed city, the revolt against a forced conversion. Others: none."""
    hostile = bool(getattr(event, "victims", ()))
    match event:
        case pe.RegionLooted(how="raid") if hostile:
            return f"Raiders fell upon {event.region} and carried off {event.gp} gold."
        case pe.RegionLooted(how="loot") if hostile:
            return f"Looted {event.region}, carrying off {event.gp} gold."
        case pe.TerrainReverted():
            return f"{event.region} laid waste: it is {TERRAIN_NAMES.get(event.terrain, event.terrain)} again."
        case pe.CitySacked() if hostile:
            return f"Sacked the city of {event.city}, taking {event.gp} gold."
        case pe.CityBurned() if hostile:
            return f"Put the city of {event.city} to the torch."
        case pe.CityDestroyed():
            return f"Razed the city of {event.city} to the ground."
        case pe.PopulationEnslaved() if hostile:
            return f"Enslaved the people of {event.place}: {event.sfp} slaves taken."
        case pe.MilitaryConversionBegun():
            return f"Rebellion in {event.region} against the forced conversion to {event.religion}."
        case _:
            return None


def sheet_lines(state: State, nid: str) -> dict[str, str]:
    """Status-report lines: the nation's regions Looted this turn ([L6003-6006]: no regional income or agro on the
    next turn)."""
    looted = sorted(r for r, t in state.looted.items() if t == state.turn and nid in state.regions[r].statuses)
    return {"looted_regions": ", ".join(looted) or "-"} if looted else {}
