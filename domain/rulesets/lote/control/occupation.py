"""Occupied places at the end of the turn (§2.14.6.13 [L2371-2377]; §9.15 [L9357-9380]) and the Years from
Conquest ([L2400-2406]).

"Occupied regions are Friendly or Homeland regions that have been seized by another Nation. They remain on your
status report with an 'oc' status - producing neither revenue nor national force points until such time as you
retake them, whereupon they revert to their previous status, or they become friendly to the conquering nation."

What an occupied place yields, and to whom: the owner's `oc` counts nothing (Table 2-13 tax 0, Table 2-31 agro
0, no NFP, no Imperial Size); the occupier holds it at the status the conquest gave him (Pacified, or Pacified
Tributary) and is assessed on it as on any place he holds at that status (with the garrison it requires).

At the end of each turn (R7), after the GM's rulings:
- liberation: the occupier no longer holds the place (a revolt, a garrison destroyed, a status reduced, a battle
  result) -> the owner's previous status returns ("until such time as you retake them"); so too when the owner
  has an army there and the occupier has neither army nor garrison left there (the occupier left);
- the occupier's status there became Friendly (assimilation, a successor's seizure, the GM) -> the owner's `oc`
  ends ("or they become friendly to the conquering nation");
- the Years from Conquest of every region held Pacified or Pacified Tributary, or occupied, grow by the turn's
  years ("will continue to increment while the province is occupied and while it has not become a Friendly
  province").
"""

from __future__ import annotations

from domain.rulesets.lote.control.events import ConquestYearsAdvanced, OccupationEnded, PlaceLiberated
from domain.rulesets.lote.leaders.garrisons import troops_at
from domain.rulesets.lote.model.state import Occupation, State
from domain.rulesets.lote.scenario.enums import at_least

CONQUERED = ("p", "pt")


def current_occupations(state: State) -> dict[str, Occupation]:
    """The recorded occupations (`OccupyPlace`), and any place held `oc` without a record (a battle result or the
    GM's `SetControlStatus`): its previous status is Homeland for the capital's place, else Friendly, and its
    occupier the nation holding it Pacified or Pacified Tributary there (none: it is liberated at the end of the
    turn)."""
    out = dict(state.control.occupations)
    places: list[tuple[str, dict[str, str]]] = [(n, dict(r.statuses)) for n, r in state.regions.items()]
    places += [(n, dict(c.statuses)) for n, c in state.cities.items()]
    for name, statuses in places:
        owners = sorted(n for n, s in statuses.items() if s == "oc")
        occupiers = sorted(n for n, s in statuses.items() if s in CONQUERED)
        if name in out or not owners:
            continue
        owner = state.nations.get(owners[0])
        capital = owner.capital if owner is not None else None
        home = name == capital or (capital in state.cities and state.cities[capital].region == name)
        previous = "hm" if home else "f"
        occupier = occupiers[0] if occupiers else ""  # nobody holds it any more: it goes back to its owner
        out[name] = Occupation(owners[0], occupier, previous, state.turn, name in state.cities)
    return out


def _armies(state: State, nation: str, place: str) -> bool:
    region = state.cities[place].region if place in state.cities else place
    return any(
        x.nation == nation and any(x.units.values()) and (x.location in (place, region)) for x in state.leaders.values()
    )


def occupation_endings(state: State) -> list[PlaceLiberated | OccupationEnded]:
    out: list[PlaceLiberated | OccupationEnded] = []
    for place, held in sorted(current_occupations(state).items()):
        record = state.cities.get(place) or state.regions.get(place)
        if record is None:
            continue
        status = record.statuses.get(held.occupier)
        back = dict(place=place, owner=held.owner, occupier=held.occupier, status=held.previous)
        if not at_least(status, "nt") or status == "oc":
            why = f"{held.occupier} no longer holds {place}: it reverts to {held.previous} [L2375-2377]"
            out.append(PlaceLiberated(**back, reason=why))  # type: ignore[arg-type]
        elif status == "f":
            why = f"{place} became Friendly to {held.occupier} [L2376-2377]"
            out.append(OccupationEnded(place=place, owner=held.owner, occupier=held.occupier, reason=why))
        elif _armies(state, held.owner, place) and not troops_at(state, place, held.occupier):
            why = f"{held.occupier} left {place} and {held.owner}'s army holds it: liberated [L2375-2377]"
            out.append(PlaceLiberated(**back, reason=why))  # type: ignore[arg-type]
    return out


def conquest_years(state: State) -> list[ConquestYearsAdvanced]:
    """Each region once, under the first nation (by id) holding it Pacified or Pacified Tributary, else its owner
    while occupied."""
    by_nation: dict[str, list[str]] = {}
    occupied = current_occupations(state)
    for name, r in sorted(state.regions.items()):
        holders = sorted(n for n, s in r.statuses.items() if s in CONQUERED)
        held = occupied.get(name)
        nid = holders[0] if holders else held.owner if held is not None else None
        if nid is not None:
            by_nation.setdefault(nid, []).append(name)
    return [
        ConquestYearsAdvanced(nation=nid, years=state.years_per_turn, regions=tuple(names))
        for nid, names in sorted(by_nation.items())
    ]
