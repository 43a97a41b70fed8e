"""What each seat sees of the pillage events (digest §1.6): the acting nation sees its own event; a nation that held
a status in the place sees that it happened, without the army or the order line; nobody else sees it (the Newsfax
prints what is public)."""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.military import pillage_events as pe

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
