"""Artifacts in play ([003:404-414]): possession, dropping and picking up.

Creation in a Craft Hall is not implemented yet: the Craft Hall's rules are missing from the text ([003:255]);
artifacts come from the scenario.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.commands import DropArtifact, PickUpArtifact
from domain.rulesets.gods2.common import me, reject, require_free_agent
from domain.rulesets.gods2.events import ArtifactDropped, ArtifactPickedUp
from domain.rulesets.gods2.model import State


def decide_drop_artifact(state: State, command: DropArtifact, ctx: DecisionContext) -> Sequence[object]:
    """[003:410] a character may voluntarily drop an artifact at any time."""
    c = me(state, ctx)
    artifact = state.artifacts.get(command.artifact)
    if artifact is None or artifact.holder != c.id:
        raise reject("not_your_artifact", f"You do not possess {command.artifact}.")
    return [ArtifactDropped(artifact=artifact.id, character=c.id, locale=c.locale)]


def decide_pick_up_artifact(state: State, command: PickUpArtifact, ctx: DecisionContext) -> Sequence[object]:
    """[003:410] an artifact on the floor goes to the first to pick it up; the dead possess none ([003:426])."""
    c = me(state, ctx)
    require_free_agent(c, ctx.now, "pick up artifacts")
    artifact = state.artifacts.get(command.artifact)
    if artifact is None or artifact.holder is not None or artifact.locale != c.locale:
        raise reject("not_on_the_floor_here", f"{command.artifact} is not lying in your locale.")
    return [ArtifactPickedUp(artifact=artifact.id, character=c.id)]
