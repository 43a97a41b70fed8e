"""A battle world for the acceptance cases: kingdom `a` invades `field` (kingdom `d`'s province) from `camp`."""

from __future__ import annotations

from typing import Any

from domain.rulesets.kingdoms import commands as c
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from tests.domain.kingdoms.helpers import (
    GM,
    Game,
    army,
    character,
    game,
    kingdom,
    process,
    province,
    scenario,
    seat,
)

A, D = seat("a"), seat("d")


def battle_world(
    attackers: list[Any],
    defenders: list[Any],
    *,
    terrain: str = "plain",
    explored: dict[str, int] | None = None,
    agen: dict[str, Any] | None = None,
    dgen: dict[str, Any] | None = None,
    alignment: str = "neutral",
    more: list[Any] = (),  # type: ignore[assignment]
) -> Game:
    provinces = [
        province("camp", "plain", "a", adjacent=["field"]),
        province("field", terrain, "d", adjacent=["camp", "keep", "deep"], explored=explored or {}),
        province("keep", "plain", "d", adjacent=["field"]),
        province("deep", "sea", None, adjacent=["field"]),
        province("ahome", "plain", "a"),
    ]
    characters = [
        character("aking", "a", "ahome"),
        character("dking", "d", "keep"),
        # Druid 1 leads the humanoid races [004:243]: no shortfall unless a test says otherwise
        character("agen", "a", "camp", **{"abilities": {"druid": 1}, **(agen or {})}),
        character("dgen", "d", "field", **{"abilities": {"druid": 1}, **(dgen or {})}),
        *more,
    ]
    armies = [army("aarmy", "a", "camp", "agen", attackers), army("darmy", "d", "field", "dgen", defenders)]
    kingdoms = [kingdom("a", "aking", "ahome", alignment), kingdom("d", "dking", "keep", alignment)]
    return game(scenario(kingdoms, provinces, characters, armies))


def fight(g: Game, *, no_random_event: bool = True) -> e.BattleFought:
    """`a` invades the field; the GM rules the random event away (x1 for each side) unless told not to."""
    g.when(o.Invade(character="agen", path=["field"]), A)
    if no_random_event:
        for side in ("a", "d"):
            g.when(c.RuleRandomEvent(province="field", kingdom=side, factor="1", reason="a calm day"), GM)
    events = process(g)
    return next(ev for ev in events if isinstance(ev, e.BattleFought))
