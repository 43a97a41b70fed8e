"""Earth's part of the next session's scenario (`domain/rulesets/gods2/campaign.py`): the map as it stands.

Chosen reading: a session's game hands Earth on between centuries ([000:51] the GMs split the centuries among
the sessions), so a century under way is refused: the referees end it first. What lasts only for a century
(wars, lowered populations, unsigned pantheon orders, the queue at the Window) has ended with it; a religious
turmoil goes on. The
history of the world stays in the finished game, linked to the next one. Racial modifications still running
are not carried: the scenario format has no place for them (the GMs re-apply them with `ApplyEarthEffect`).
"""

from __future__ import annotations

from domain.rulesets.gods2.kernel.common import reject
from domain.rulesets.gods2.kernel.earth_model import CitySetup, Earth, EarthSetup, RaceSetup, SquareSetup


def earth_setup(earth: Earth) -> EarthSetup:
    if earth.stage != "before":
        raise reject(
            "century_under_way",
            f"Century {earth.century} is under way on Earth: end it (EndCentury) before the session's game ends.",
            status=409,
        )
    squares = [
        SquareSetup(
            id=s.id,
            terrain=s.terrain,
            neighbours=list(s.neighbours),
            features=list(s.features),
            race=s.race,
            units=s.units,
            city=CitySetup(name=s.city.name, great=s.city.great) if s.city is not None else None,
            name=s.name,
        )
        for s in earth.squares.values()
    ]
    races = [
        RaceSetup(
            id=r.id,
            name=r.name,
            level=r.level,
            pantheon={m: str(share) for m, share in r.pantheon.items()},
            attributes=list(r.attributes),
            knowledges=list(r.knowledges),
            aggression=r.aggression,
            military=r.military,
            diplomacy=r.diplomacy,
            wealth=r.wealth,
            movement=r.movement,
            seafaring=r.seafaring,
            resistances=list(r.resistances),
            in_turmoil=r.in_turmoil,
        )
        for r in earth.races.values()
    ]
    return EarthSetup(squares=squares, races=races, century=earth.century)
