"""Spreading terrain, a miscellaneous activity at the start of each century ([000:255] "spreading deserts and
glaciers"), applied by the engine.

The text names the event and where it sits in the century (after each race's growth [000:228], with the other
miscellaneous activities [000:255]); how far a desert or glacier spreads is in material it does not include, so
the pack's `earth.spreading` gives it (kernel/earth_content.py `SpreadDef`). Everything the text does say about a
change of base terrain applies, through the same code as a base terrain power (effects.terrain): squares with a
resistant feature do not change ([000:188]); cities on squares that become water or ice are destroyed
([000:196]); units over the new population limits spread out again and the rest starve ([000:107]).

Decisions: each square carrying the spreading feature at the start of the century spreads once, in alphabetical
order of square ids, over the map as the earlier spreads left it; when more neighbours qualify than the pack's
`squares`, dice draw them (`spread:<square>`, dice_purposes.py). A square the spread reaches gets the feature
only when the pack says `carried`, and then spreads from the next century on.
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import effects
from domain.rulesets.gods2.earth.common import fold
from domain.rulesets.gods2.earth.events import FeatureAdded, TerrainSpread
from domain.rulesets.gods2.kernel.earth_content import ChangeTerrain, SpreadDef
from domain.rulesets.gods2.kernel.earth_model import Earth
from domain.rulesets.gods2.kernel.model import State


def _eligible(state: State, earth: Earth, spread: SpreadDef, square: str) -> list[str]:
    resistant = {f.id for f in state.pack.earth.features if f.resistant}
    return sorted(
        n
        for n in earth.squares[square].neighbours
        if earth.squares[n].terrain != spread.to
        and (not spread.over or earth.squares[n].terrain in spread.over)
        and not resistant & set(earth.squares[n].features)
    )


def _draw(choices: list[str], count: int, square: str, ctx: DecisionContext) -> list[str]:
    left = list(choices)
    picked: list[str] = []
    while left and len(picked) < count:
        if len(left) <= count - len(picked):
            return sorted(picked + left)
        face = ctx.dice.roll(f"spread:{square}", 1, len(left))[0]
        picked.append(left.pop(face - 1))
    return sorted(picked)


def spread_events(state: State, earth: Earth, ctx: DecisionContext) -> list[object]:
    out: list[object] = []
    for spread in state.pack.earth.spreading:
        sources = sorted(s.id for s in earth.squares.values() if spread.feature in s.features)
        for square in sources:
            now = fold(earth, out)
            reached = _draw(_eligible(state, now, spread, square), max(spread.squares, 0), square, ctx)
            if not reached:
                continue
            out.append(
                TerrainSpread(
                    spread=spread.id, square=square, squares=reached, feature=spread.feature, carried=spread.carried
                )
            )
            out += effects.terrain(state, now, spread.id, ChangeTerrain(to=spread.to), reached)
            if spread.carried:
                out.append(FeatureAdded(power=spread.id, squares=reached, feature=spread.feature))
    return out
