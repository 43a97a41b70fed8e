"""The end-of-turn rules for armies after the GM's rulings (R7):

- [L6090-6096] a fleet (an army with warships or transports) still in a sea zone at the end of the turn is
  destroyed with the troops it carries (`FleetLost`); the leader's fate is the GM's (ConfirmLeaderDeath/MoveLeader).
- [L2322-2333] a Feudal Ally army (leader type F) "can be called up and used as a normal army as long as they end the
  turn back in their home region"; one elsewhere "will return home, regardless of the situation"
  (`FeudalAllyReturned`). "If a Feudal Ally is prevented from returning home, he may revolt": the GM's.
"""

from __future__ import annotations

from domain.rulesets.lote.military.pillage_events import FeudalAllyReturned, FleetLost
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.scenario.tables import TABLES

SHIPS = frozenset({"warship", "transport"})


def _region(state: State, location: str) -> str:
    return state.cities[location].region if location in state.cities else location


def end_of_turn(state: State) -> list[FleetLost | FeudalAllyReturned]:
    out: list[FleetLost | FeudalAllyReturned] = []
    for army, leader in sorted(state.leaders.items()):
        units = {c: n for c, n in leader.units.items() if n > 0}
        kinds = {TABLES.units.units[c].kind for c in units if c in TABLES.units.units}
        if leader.location in state.sea_zones and kinds & SHIPS:
            why = f"[L6090-6096] {army} ends the turn at sea in {leader.location}, not in port"
            out.append(FleetLost(nation=leader.nation, army=army, place=leader.location, units=units, reason=why))
        home = leader.home_region
        if leader.type == "F" and home and home in state.regions and _region(state, leader.location) != home:
            out.append(FeudalAllyReturned(nation=leader.nation, army=army, home=home, came_from=leader.location))
    return out
