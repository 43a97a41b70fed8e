"""Artifacts ([003:402-414]): creation in a Craft Hall, possession, activation, dropping and picking up.

Chosen readings (the Craft Hall's rules are missing from the text, [003:255]):
- An artifact is made in a locale the scenario marks as a Craft Hall, from powers its creator knows.
- Embedding a power costs the pack's `artifact_embed_ratio` (3, from the example at [003:414]) times its cost,
  or times the chosen maximum strength for a variable-cost power.
- The opponent's claim on an artifact dropped in or through combat ([003:410]) holds while he stands where it
  lies; anyone may pick it up once he has left.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.combat.events import (
    ArtifactClaimable,
    ArtifactCreated,
    ArtifactDropped,
    ArtifactPickedUp,
)
from domain.rulesets.gods2.heaven.commands import ActivateArtifact, CreateArtifact, DropArtifact, PickUpArtifact
from domain.rulesets.gods2.heaven.powers.casting import cast, may_cast
from domain.rulesets.gods2.kernel.common import me, place_exists, power_def, reject, require_free_agent
from domain.rulesets.gods2.kernel.content import categories
from domain.rulesets.gods2.kernel.mana import require_can_spend, spend
from domain.rulesets.gods2.kernel.model import State


def decide_create_artifact(state: State, command: CreateArtifact, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    may_cast(state, c, ctx)
    locale = state.locales.get(c.locale)
    if locale is None or not locale.craft_hall:
        raise reject("not_in_a_craft_hall", "Artifacts are made in a Craft Hall [003:255].")
    if command.artifact in state.artifacts or place_exists(state, command.artifact):
        raise reject("artifact_exists", f"The id {command.artifact!r} is taken.")
    if not command.powers or len(set(command.powers)) != len(command.powers):
        raise reject("bad_powers", "Embed at least one power, each once.")
    ratio = state.pack.artifact_embed_ratio
    total, strengths = 0, {}
    for power_id in command.powers:
        power = power_def(state, power_id)
        if power_id not in c.powers:
            raise reject("not_your_power", f"You do not know {power.name}.")
        strength = power.cost
        if power.variable:
            strength = command.strengths.get(power_id, power.cost)
            if strength < power.cost:
                raise reject("too_weak", f"{power.name} costs at least {power.cost}.")
            strengths[power_id] = strength
        total += ratio * strength  # [003:414] 12 spent for "3 times a possible casting cost of 4"
    require_can_spend(c, total)
    return [
        spend(c, total, f"create artifact {command.artifact}"),
        ArtifactCreated(
            artifact=command.artifact,
            name=command.name,
            powers=list(command.powers),
            max_strength=strengths,
            creator=c.id,
            locale=c.locale,
        ),
    ]


def decide_activate_artifact(state: State, command: ActivateArtifact, ctx: DecisionContext) -> Sequence[object]:
    """[003:412] the possessor uses its powers as his own, paying the normal cost (an A power: its own)."""
    c = me(state, ctx)
    artifact = state.artifacts.get(command.artifact)
    if artifact is None or artifact.holder != c.id:
        raise reject("not_your_artifact", f"You do not possess {command.artifact}.")
    if command.power not in artifact.powers:
        raise reject("not_in_artifact", f"{artifact.name} holds no {command.power}.")
    power = power_def(state, command.power)
    if "Ac" in categories(power):
        raise reject("combat_only", "Combat artifact powers are activated only in combat [003:257].")
    cap = artifact.max_strength.get(power.id)
    if command.strength is not None and cap is not None and command.strength > cap:
        raise reject("beyond_strength", f"{artifact.name} holds {power.name} up to strength {cap} [003:414].")
    return cast(
        state, c, power, command.targets, command.strength, command.demesne, ctx, gift=None, artifact=artifact.id
    )


def decide_drop_artifact(state: State, command: DropArtifact, ctx: DecisionContext) -> Sequence[object]:
    """[003:410] a character may voluntarily drop an artifact at any time; in combat the opponent may claim it."""
    c = me(state, ctx)
    artifact = state.artifacts.get(command.artifact)
    if artifact is None or artifact.holder != c.id:
        raise reject("not_your_artifact", f"You do not possess {command.artifact}.")
    events: list[object] = [ArtifactDropped(artifact=artifact.id, character=c.id, locale=c.locale)]
    combat = state.combats.get(c.combat or "")
    if combat is not None:
        events.append(ArtifactClaimable(artifact=artifact.id, claimant=combat.opponent(c.id).id))
    return events


def decide_pick_up_artifact(state: State, command: PickUpArtifact, ctx: DecisionContext) -> Sequence[object]:
    """[003:410] an artifact on the floor goes to the first to pick it up; the dead possess none ([003:426])."""
    c = me(state, ctx)
    require_free_agent(c, ctx.now, "pick up artifacts")
    artifact = state.artifacts.get(command.artifact)
    if artifact is None or artifact.holder is not None or artifact.locale != c.locale:
        raise reject("not_on_the_floor_here", f"{command.artifact} is not lying in your locale.")
    claimant = state.characters.get(artifact.claimant or "")
    if claimant is not None and claimant.id != c.id and claimant.locale == c.locale and claimant.life == "alive":
        raise reject("claimed", f"{claimant.name} may take it first: it was dropped in combat [003:410].")
    return [ArtifactPickedUp(artifact=artifact.id, character=c.id)]
