"""Demesnes ([003:112-126], [003:312-318], [003:370-382]): building, admitting, attacking and defending them.

Chosen readings:
- The cost of Build Demesne comes from the content pack (`build_demesne_cost`); joint builders each issue the
  same `BuildDemesne` (same id, name and split), and the demesne stands when the last of them agrees.
- An attack on a demesne is not a sneak attack under the default law ([003:382]): it is recorded as lawful.
- A demesne defended by a bodyguard becomes a character combat like a sneak attack ([003:382]).
- A fallen attacker facing a demesne (which cannot accept a surrender) is settled by `EndCombatByRuling`.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.combat.events import (
    DemesneBuildProposed,
    DemesneBuilt,
    VisitorAdmitted,
)
from domain.rulesets.gods2.heaven.commands import (
    AdmitToDemesne,
    BuildDemesne,
)
from domain.rulesets.gods2.kernel.common import (
    character,
    me,
    place_exists,
    place_kind,
    reject,
    require_free_agent,
)
from domain.rulesets.gods2.kernel.mana import require_can_spend, spend
from domain.rulesets.gods2.kernel.model import DEMESNE_LOCALES, Character, State


def _builder(state: State, builder_id: str, here: str) -> Character:
    b = character(state, builder_id)
    if not b.is_god:
        raise reject("not_a_god", f"{b.name} is not a god; only gods build demesnes [003:118].")
    if b.built_demesne:
        raise reject("already_built", f"{b.name} has already used Build Demesne [003:118].")
    if b.locale != here or b.life != "alive":
        raise reject("builder_absent", f"{b.name} must be here, alive, to build.")
    return b


def decide_build_demesne(state: State, command: BuildDemesne, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    require_free_agent(c, ctx.now, "build")
    if c.locale in state.demesnes or place_kind(state, c.locale) not in DEMESNE_LOCALES:
        raise reject(
            "no_demesne_here",
            "Demesnes stand only in the Silver City, the Wilds, the Underworld or the Void [003:116].",
        )
    if place_exists(state, command.demesne):
        raise reject("demesne_exists", f"The id {command.demesne!r} is taken.")
    if c.id not in command.contributions:
        raise reject("not_a_builder", "Name yourself among the builders.")
    if (
        any(v < 0 for v in command.contributions.values())
        or sum(command.contributions.values()) != state.pack.build_demesne_cost
    ):
        raise reject("bad_split", f"The builders' shares must add up to {state.pack.build_demesne_cost} mana.")
    builders = [_builder(state, b, c.locale) for b in sorted(command.contributions)]
    pending = state.builds.get(command.demesne)
    agreed = {c.id}
    if pending is not None:
        if (pending.name, pending.parent, pending.contributions) != (command.name, c.locale, command.contributions):
            raise reject("different_terms", "Agree to the same name, place and split as the other builders.")
        agreed |= set(pending.agreed)
    proposal = DemesneBuildProposed(
        demesne=command.demesne, name=command.name, parent=c.locale, contributions=command.contributions, builder=c.id
    )
    if agreed != set(command.contributions):
        return [proposal]
    for b in builders:
        require_can_spend(b, command.contributions[b.id])
    spent = [
        spend(b, command.contributions[b.id], f"build demesne {command.demesne}")
        for b in builders
        if command.contributions[b.id]
    ]
    return [
        *([proposal] if pending is not None else []),
        *spent,
        DemesneBuilt(demesne=command.demesne, name=command.name, parent=c.locale, owners=[b.id for b in builders]),
    ]


def decide_admit_to_demesne(state: State, command: AdmitToDemesne, ctx: DecisionContext) -> Sequence[object]:
    """[003:120] anyone already inside the demesne can allow anyone outside to enter."""
    c = me(state, ctx)
    demesne = state.demesnes.get(c.locale)
    if demesne is None:
        raise reject("not_inside", "Only someone inside a demesne may admit a visitor.")
    require_free_agent(c, ctx.now, "admit visitors")
    visitor = character(state, command.visitor)
    if visitor.locale != demesne.parent:
        raise reject("not_at_the_door", f"{visitor.name} is not outside {demesne.name}.")
    return [VisitorAdmitted(demesne=demesne.id, visitor=visitor.id, by=c.id)]
