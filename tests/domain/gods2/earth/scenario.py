"""Earth maps for the Era Centrum tests: a plains grid with the races placed square by square, on top of the
Heaven scenario of `tests.domain.gods2.scenario` (Zeus, Hera, Ares, Iris, Azazel; a Window on the World)."""

from __future__ import annotations

from typing import Any

from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.earth.events import CenturyStarted
from domain.rulesets.gods2.kernel.earth_model import CitySetup, EarthSetup, RaceSetup, SquareSetup
from tests.domain.gods2.scenario import SEATS, setup
from tests.domain.harness import Game


def sq(x: int, y: int) -> str:
    return f"{x},{y}"


def grid(width: int, height: int, terrain: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """Squares `x,y` with orthogonal neighbours; all plains unless `terrain` says otherwise."""
    out: dict[str, dict[str, Any]] = {}
    for y in range(height):
        for x in range(width):
            near = [sq(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            near = [n for n in near if 0 <= int(n.split(",")[0]) < width and 0 <= int(n.split(",")[1]) < height]
            out[sq(x, y)] = dict(id=sq(x, y), terrain=(terrain or {}).get(sq(x, y), "plains"), neighbours=near)
    return out


def race(id: str, level: str = "civilized", pantheon: dict[str, str] | None = None, **fields: Any) -> RaceSetup:
    return RaceSetup(id=id, name=fields.pop("name", id), level=level, pantheon=pantheon or {"zeus": "100"}, **fields)  # type: ignore[arg-type]


def earth(
    races: list[RaceSetup],
    units: dict[str, tuple[str, int]],
    *,
    width: int = 6,
    height: int = 6,
    terrain: dict[str, str] | None = None,
    cities: dict[str, CitySetup] | None = None,
    features: dict[str, list[str]] | None = None,
) -> EarthSetup:
    squares = grid(width, height, terrain)
    for sid, (race_id, n) in units.items():
        squares[sid].update(race=race_id, units=n)
    for sid, city in (cities or {}).items():
        squares[sid]["city"] = city
    for sid, fs in (features or {}).items():
        squares[sid]["features"] = fs
    return EarthSetup(squares=[SquareSetup(**s) for s in squares.values()], races=races)


def earth_game(e: EarthSetup, *, activity: bool = True, **overrides: Any) -> Game:
    """A game with this Earth; `activity`: the first century's Activity phase already open (no growth rolled)."""
    g = Game(ruleset, setup(earth=e, **overrides), seats=SEATS)
    if activity:
        g.given(CenturyStarted(century=1))
    return g


def fill(race_id: str, squares: list[str], per_square: int) -> dict[str, tuple[str, int]]:
    return {s: (race_id, per_square) for s in squares}
