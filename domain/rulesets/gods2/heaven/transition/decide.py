"""Between sessions ([003:55], [003:168]): buying sphere cards, gaining new powers, the end-of-session report.

Chosen readings (the price lists and the transition procedure are not in the text):
- Everything here happens in the transition phase (`SetClock(in_transition=True)`), as the text places the
  purchases and the report at a session's end; personal powers do not work then anyway ([003:199]).
- A card's price is the pack's `card_cost` for its sphere, paid like any use of mana (held mana first, then the
  distribution points; a debt blocks it, [003:156]); a sphere without a price is priced by the GMs, who record
  the purchase with `RecordSphereCardPurchase`. Only gods hold sphere cards ([003:435]); a sphere's `pool`
  limits the cards held at once by everyone not obliterated.
- New mana multipliers follow the new cards at once: they are recomputed in the transition phase ([000:212]).
- A second report in the same transition replaces the first.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.commands import BuySphereCard, GrantPower, RecordSphereCardPurchase, ReportSession
from domain.rulesets.gods2.heaven.transition.events import PowerGained, SessionReported, SphereCardBought
from domain.rulesets.gods2.kernel.common import character, me, reject, require_reason
from domain.rulesets.gods2.kernel.content import SphereDef
from domain.rulesets.gods2.kernel.mana import require_can_spend, spend
from domain.rulesets.gods2.kernel.model import Character, State


def require_transition(state: State, doing: str) -> None:
    if not state.in_transition:
        raise reject("not_between_sessions", f"{doing} between sessions, in the transition phase [003:55].")


def _sphere(state: State, sphere_id: str) -> SphereDef:
    sphere = next((s for s in state.pack.spheres if s.id == sphere_id), None)
    if sphere is None:
        raise reject("unknown_sphere", f"The content pack has no sphere {sphere_id!r} whose cards are sold.")
    return sphere


def _purchase(state: State, c: Character, sphere: SphereDef, cost: int, priced_by: str, reason: str) -> list[object]:
    if not c.is_god or c.life == "obliterated":
        raise reject("not_a_god", f"{c.name} holds no sphere cards: only gods do [003:435].")
    if sphere.pool is not None:
        held = sum(o.spheres.get(sphere.id, 0) for o in state.characters.values() if o.life != "obliterated")
        if held >= sphere.pool:
            raise reject("pool_empty", f"Every card of {sphere.name} in the sphere pool is held [003:435].")
    require_can_spend(c, cost)
    cards = c.spheres.get(sphere.id, 0) + 1
    bought = SphereCardBought(
        character=c.id, sphere=sphere.id, cost=cost, cards=cards, priced_by=priced_by, reason=reason
    )
    return [spend(c, cost, f"a card of {sphere.name}"), bought] if cost > 0 else [bought]


def decide_buy_sphere_card(state: State, command: BuySphereCard, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    require_transition(state, "Buy sphere cards")
    sphere = _sphere(state, command.sphere)
    if sphere.card_cost is None:
        raise reject("no_card_price", f"The pack gives no price for {sphere.name}: the GMs price this purchase.")
    return _purchase(state, c, sphere, sphere.card_cost, "pack", "")


def decide_record_sphere_card_purchase(
    state: State, command: RecordSphereCardPurchase, ctx: DecisionContext
) -> Sequence[object]:
    require_reason(command.reason)
    require_transition(state, "Record sphere card purchases")
    c = character(state, command.character)
    return _purchase(state, c, _sphere(state, command.sphere), command.cost, "gm", command.reason)


def decide_grant_power(state: State, command: GrantPower, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    require_transition(state, "Grant new powers")
    c = character(state, command.character)
    if c.life == "obliterated":
        raise reject("gone", f"{c.name} has been obliterated.")
    if not any(p.id == command.power for p in state.pack.powers):
        raise reject("unknown_power", f"The content pack has no power {command.power!r}.")
    if command.power in c.powers:
        raise reject("already_known", f"{c.name} already knows {command.power}.")
    return [PowerGained(character=c.id, power=command.power, reason=command.reason)]


def decide_report_session(state: State, command: ReportSession, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    require_transition(state, "Report on the session")
    if c.life == "obliterated":
        raise reject("gone", f"{c.name} has been obliterated.")
    for sphere in command.intended_purchases:
        _sphere(state, sphere)
    return [
        SessionReported(
            character=c.id,
            session=state.session,
            goals=list(command.goals),
            goals_met=list(command.goals_met),
            intended_purchases=dict(command.intended_purchases),
            notes=command.notes,
            mana=c.mana,
            pending=c.pending,
            debt=c.debt,
            artifacts=sorted(a.id for a in state.artifacts.values() if a.holder == c.id),
            gifts=[g.power for g in c.gifts],
            borrowed=[f"{b.power} (from {b.lender})" for b in c.borrowed],
            demesnes=sorted(d.id for d in state.demesnes.values() if c.id in d.owners),
            oaths=[f"{o.swearer} to {o.witness}: {o.text}" for o in state.oaths if c.id in (o.swearer, o.witness)],
            contracts=sorted(k.id for k in state.contracts.values() if k.recorded and c.id in k.parties),
        )
    ]
