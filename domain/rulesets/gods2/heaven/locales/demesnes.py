"""Demesnes as locales ([003:112-126]): building them, admitting visitors, and sharing the mana they produce.
Attacking and defending them is combat (`heaven/combat/demesne.py`).

Chosen readings:
- The cost of Build Demesne comes from the content pack (`build_demesne_cost`); joint builders each issue the
  same `BuildDemesne` (same id, name and split), and the demesne stands when the last of them agrees.
- The text does not say what makes a demesne produce mana: the GMs credit it (`CreditDemesneMana`).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.combat.events import DemesneBuildProposed, DemesneBuilt, VisitorAdmitted
from domain.rulesets.gods2.heaven.commands import AdmitToDemesne, BuildDemesne, CreditDemesneMana
from domain.rulesets.gods2.kernel.common import (
    character,
    me,
    place_exists,
    place_kind,
    reject,
    require_free_agent,
    require_reason,
)
from domain.rulesets.gods2.kernel.content import parse_fraction
from domain.rulesets.gods2.kernel.mana import credit, require_can_spend, spend
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


def decide_credit_demesne_mana(state: State, command: CreditDemesneMana, ctx: DecisionContext) -> Sequence[object]:
    """[003:118] each builder is an equal owner and receives an equal fraction of any mana produced: the amount
    is split exactly among the owners (an owner by conquest too), each fraction kept in the owner's accumulator
    for the demesne's source until it makes whole mana ([003:142]). The dead still receive mana ([003:431]); the
    obliterated own nothing ([003:435])."""
    require_reason(command.reason)
    demesne = state.demesnes.get(command.demesne)
    if demesne is None:
        raise reject("unknown_demesne", f"There is no demesne {command.demesne!r}.")
    amount = parse_fraction(command.amount)
    if amount <= 0:
        raise reject("bad_amount", "Credit a positive amount of mana.")
    owners = [state.characters[o] for o in demesne.owners if state.characters[o].life != "obliterated"]
    if not owners:
        raise reject("no_owners", f"{demesne.name} has no owner to receive its mana.")
    share = amount / len(owners)
    return [credit(o, command.source, share, command.reason) for o in owners]
