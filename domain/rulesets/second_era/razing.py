"""Settling a raze ([002:14]): shared by the sealed-bid resolution and the GM's ruling."""

from __future__ import annotations

from math import floor

from domain.rulesets.second_era import content
from domain.rulesets.second_era.content import frac
from domain.rulesets.second_era.events import RazeResolved
from domain.rulesets.second_era.state import Raze, State
from domain.rulesets.second_era.values import RESOURCE_NAMES, Resources


def raze_refund(kind: str) -> Resources:
    """[002:14] 50% of the resources used in the construction, each rounded down."""
    cost = content.acts().structures[kind].cost
    share = frac(content.acts().raze_refund)
    return Resources(**{name: floor(cost.get(name, 0) * share) for name in RESOURCE_NAMES})


def raze_outcome(state: State, raze: Raze, succeeded: bool, reason: str = "") -> RazeResolved:
    structure = state.structures.get(raze.structure)
    won = succeeded and structure is not None
    return RazeResolved(
        raze=raze.id,
        structure=raze.structure,
        raider_bid=raze.bid,
        owner_bid=raze.counter_bid or 0,
        succeeded=won,
        refund=raze_refund(structure.kind) if won and structure is not None else Resources(),
        to_tribe=raze.tribe if won else "",
        reason=reason if structure is not None else "the structure was already gone",
    )
