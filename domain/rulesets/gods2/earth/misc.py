"""Miscellaneous activities ([000:253-255]): the pack's non-divine events at the start or the end of each
century, for every race with the knowledge, attribute or modification that causes them."""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import effects, stats
from domain.rulesets.gods2.earth.common import fold
from domain.rulesets.gods2.earth.events import HistoryRecorded
from domain.rulesets.gods2.kernel.earth_model import Earth, Race
from domain.rulesets.gods2.kernel.model import State


def _applies(race: Race, knowledge: str | None, attribute: str | None, modification: str | None) -> bool:
    if knowledge is None and attribute is None and modification is None:
        return False
    return (
        (knowledge is None or knowledge in race.knowledges)
        and (attribute is None or attribute in race.attributes)
        and (modification is None or any(m.power == modification and m.active for m in race.modifications))
    )


def century_events(state: State, earth: Earth, when: str, ctx: DecisionContext) -> list[object]:
    powers = {p.id: p for p in state.pack.earth.history_powers}
    out: list[object] = []
    for event in state.pack.earth.century_events:
        if event.when != when or event.power not in powers:
            continue
        power = powers[event.power]
        for race_id in sorted(earth.races):
            now = fold(earth, out)
            race = now.races[race_id]
            if not _applies(race, event.knowledge, event.attribute, event.modification):
                continue
            squares = [s.id for s in stats.squares_of(now, race_id)]
            if not squares:
                continue
            found, _ = effects.apply(state, now, power, "", race, squares, ctx)
            out += found
            text = f"{power.name} among the {race.name}"
            out.append(HistoryRecorded(century=now.century, text=text, signed=True))
    return out
