"""Trade links (§9.5 L8869-8872 "nations with which it is trading"; §2.11.5.2 agro sold to trade partners):
gold and agro pass between two nations along a route that trades this turn.

A route trades from the turn after it opened ([L3806-3808]); a closed or lapsed route carries nothing; a route
Blocked by Warfare ([L2803-2805]) carries nothing either: its partners are at war (the 10% of Table 2-47 is the
merchants' income, not the treasuries' shipments). A Blockaded route still trades (at half throughput).
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.model.state import State


def trade_link(state: State, a: str, b: str) -> bool:
    """Whether `a` and `b` trade with each other this turn."""
    return any(
        not r.closed and r.condition != "war" and r.opened_turn <= state.turn and {r.nation_a, r.nation_b} == {a, b}
        for r in state.routes.values()
    )


def route_gp(state: State, zone: str) -> dict[str, Fraction]:
    """[L6259-6261] "the amount of Inter-Nation trade passing through the Sea Zone": route -> the GP this turn's
    sheets give both partners of an open route traced through it (hand-kept routes have no chain and count
    nothing)."""
    itvs = {nid: n.revenue.itv for nid, n in state.nations.items()}
    out: dict[str, Fraction] = {}
    for route_id, route in sorted(state.routes.items()):
        if route.closed or zone not in route.path:
            continue
        alone = msgspec.structs.replace(state, routes={route_id: route})
        out[route_id] = sum(
            (
                economy.international_trade_income(alone, state.nations[nid], itvs)
                for nid in (route.nation_a, route.nation_b)
                if nid in state.nations
            ),
            Fraction(0),
        )
    return out


def trade_through_zone(state: State, zone: str) -> Fraction:
    """The GP of every route through the zone this turn (`route_gp`), added up."""
    return sum(route_gp(state, zone).values(), Fraction(0))
