"""The mana ledger's decisions: income, collection, transfers, spending and forced losses.

Mana waiting at a distribution point is the character's own from the instant it is placed there ([003:150]), so
every outgoing amount draws on held mana first and then on the distribution points. A debt ([003:156]) blocks
powers, gifts of mana and every other use of mana until new income has paid it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import msgspec

from domain.engine import DecisionContext
from domain.rulesets.gods2 import ledger
from domain.rulesets.gods2.commands import (
    CollectMana,
    CreditDemonPool,
    CreditMana,
    DebitMana,
    PayManaSource,
    RecordManaEvent,
    ScaleManaSources,
    TransferMana,
)
from domain.rulesets.gods2.common import (
    character,
    me,
    reject,
    require_in_game,
    require_not_conversing,
    require_not_in_combat,
    require_reason,
    require_same_locale,
)
from domain.rulesets.gods2.content import parse_fraction
from domain.rulesets.gods2.events import (
    DemonPoolCredited,
    ManaCollected,
    ManaCredited,
    ManaLost,
    ManaSourcesScaled,
    ManaSpent,
    ManaTransferred,
)
from domain.rulesets.gods2.model import Character, State


def require_can_spend(c: Character, amount: int, *, giving: bool = False) -> None:
    if c.debt > 0:
        raise reject(
            "in_debt",
            f"{c.name} is in debt and may not use powers or give mana until it is paid [003:156].",
        )
    if c.total_mana < amount:
        what = "give" if giving else "spend"
        # No figure of the character's: a refusal may reach a seat that does not see its mana (co-casters,
        # builders, wilds parties); its own view shows its mana to the seat that owns it.
        raise reject("not_enough_mana", f"{c.name} has too little mana to {what} {amount}.")


def spend(c: Character, amount: int, purpose: str) -> ManaSpent:
    """Spend mana the caller already checked with `require_can_spend`."""
    drawn = ledger.draw(c.mana, c.pending, amount)
    return ManaSpent(
        character=c.id,
        amount=amount,
        from_held=drawn.from_held,
        from_pending=drawn.from_pending,
        purpose=purpose,
    )


def transfer(giver: Character, receiver: Character, amount: int, purpose: str = "transfer") -> ManaTransferred:
    """[003:164] the toll (half, rounded up) is destroyed; what arrives pays the receiver's debt first."""
    drawn = ledger.draw(giver.mana, giver.pending, amount)
    arrived = ledger.received(amount)
    return ManaTransferred(
        giver=giver.id,
        receiver=receiver.id,
        amount=amount,
        toll=ledger.toll(amount),
        received=arrived,
        from_held=drawn.from_held,
        from_pending=drawn.from_pending,
        debt_paid=ledger.pay_debt_first(receiver.debt, arrived),
        purpose=purpose,
    )


def lose(c: Character, amount: int, reason: str) -> ManaLost:
    """A forced loss: pay what there is; the rest becomes debt ([003:156])."""
    drawn = ledger.draw(c.mana, c.pending, amount)
    return ManaLost(
        character=c.id,
        amount=amount,
        from_held=drawn.from_held,
        from_pending=drawn.from_pending,
        debt_added=drawn.shortfall,
        reason=reason,
    )


def credit(c: Character, source: str, amount: Fraction, reason: str) -> ManaCredited:
    whole, rest = ledger.accumulate(c.accumulators.get(source, Fraction(0)), amount)
    return ManaCredited(
        character=c.id,
        source=source,
        amount=amount,
        whole=whole,
        debt_paid=ledger.pay_debt_first(c.debt, whole),
        accumulator=rest,
        reason=reason,
    )


def _both_alive_or_both_dead(a: Character, b: Character) -> bool:
    """[003:427] no mana to or from a living character while dead; between the dead the toll still applies."""
    dead_a = a.life == "dead" or a.void_dead
    dead_b = b.life == "dead" or b.void_dead
    if a.void_dead or b.void_dead:
        return False  # [003:389] a demon killed in the Void may not exchange mana with anyone
    return dead_a == dead_b


def decide_transfer_mana(state: State, command: TransferMana, ctx: DecisionContext) -> Sequence[object]:
    giver = me(state, ctx)
    receiver = character(state, command.to)
    if command.amount <= 0:
        raise reject("bad_amount", "Transfer a positive whole amount of mana.")
    if receiver.id == giver.id:
        raise reject("self_transfer", "A transfer goes to another character.")
    for c in (giver, receiver):
        if c.life in ("obliterated", "permanently_dead"):
            raise reject("gone", f"{c.name} cannot take part in a transfer.")
    if state.in_transition:
        # [003:168] between sessions players transfer by telling the GMs; the toll still applies.
        require_can_spend(giver, command.amount, giving=True)
        return [transfer(giver, receiver, command.amount)]
    require_in_game(giver)
    require_not_in_combat(giver)
    require_not_in_combat(receiver)  # [003:324] combatants are in an invulnerable bubble
    require_not_conversing(giver, ctx.now)
    require_same_locale(giver, receiver)
    if not _both_alive_or_both_dead(giver, receiver):
        raise reject("dead_and_living", "Mana passes only between the living or between the dead [003:427].")
    require_can_spend(giver, command.amount, giving=True)
    return [transfer(giver, receiver, command.amount)]


def decide_collect_mana(state: State, command: CollectMana, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    if c.pending == 0:
        raise reject("nothing_waiting", "No mana waits for you at the distribution points.")
    return [ManaCollected(character=c.id, amount=c.pending)]


def decide_credit_mana(state: State, command: CreditMana, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    c = character(state, command.character)
    amount = parse_fraction(command.amount)
    if amount <= 0:
        raise reject("bad_amount", "Credit a positive amount; use DebitMana for losses.")
    if c.life == "obliterated":
        raise reject("gone", f"{c.name} has been obliterated.")
    return [credit(c, command.source, amount, command.reason)]


def decide_record_mana_event(state: State, command: RecordManaEvent, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    if command.count <= 0:
        raise reject("bad_count", "An event occurs a positive number of times.")
    return income_for_event(state, command.event, command.count, command.reason)


def income_for_event(state: State, event: str, count: int, reason: str) -> list[object]:
    """Pay every event source naming `event` ([003:132], [003:142]): the rate per card in the sphere, or once
    for a flat rate, scaled by any GM halving ([003:146]). Demonic sources pay the shared pool ([003:70])."""
    out: list[object] = []
    pool = dict(state.pool_accumulators)
    debts = {c.id: c.debt for c in state.characters.values()}  # one debt, however many sources pay it
    for source in state.pack.mana_sources:
        if source.category != "event" or source.event != event:
            continue
        rate = parse_fraction(source.rate) * count * state.source_scale
        if source.sphere == "demonic":
            whole, rest = ledger.accumulate(pool.get(source.id, Fraction(0)), rate)
            pool[source.id] = rest
            out.append(DemonPoolCredited(source=source.id, amount=rate, whole=whole, accumulator=rest, reason=reason))
            continue
        for c in state.characters.values():
            cards = cards_for_sources(c, source.sphere)
            if cards <= 0 or c.life == "obliterated":
                continue  # the dead still receive their mana [003:431]
            amount = rate if source.flat_rate else rate * cards
            paid = credit(msgspec.structs.replace(c, debt=debts[c.id]), source.id, amount, reason)
            debts[c.id] -= paid.debt_paid
            out.append(paid)
    return out


def decide_pay_mana_source(state: State, command: PayManaSource, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    source = next((s for s in state.pack.mana_sources if s.id == command.source), None)
    if source is None or source.category == "event":
        raise reject("unknown_source", "Name a century-end or era-end source of the content pack.")
    rate = parse_fraction(source.rate) * state.source_scale
    out: list[object] = []
    for character_id, text in sorted(command.quantities.items()):
        c = character(state, character_id)
        quantity = parse_fraction(text)
        if quantity < 0:
            raise reject("bad_amount", "Quantities are not negative.")
        cards = 1 if source.flat_rate else cards_for_sources(c, source.sphere)
        amount = rate * cards * quantity
        if amount > 0 and c.life != "obliterated":
            out.append(credit(c, source.id, amount, command.reason))
    return out


def decide_credit_demon_pool(state: State, command: CreditDemonPool, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    amount = parse_fraction(command.amount)
    if amount <= 0:
        raise reject("bad_amount", "Credit a positive amount.")
    whole, rest = ledger.accumulate(state.pool_accumulators.get(command.source, Fraction(0)), amount)
    return [
        DemonPoolCredited(source=command.source, amount=amount, whole=whole, accumulator=rest, reason=command.reason)
    ]


def cards_for_sources(c: Character, sphere: str) -> int:
    """Cards that earn a sphere's mana ([003:132]). Chosen reading: a greater sphere card counts as one card of
    its sphere, from the session after it was gained ([003:500])."""
    greater = 1 if sphere in c.greater_spheres and sphere not in c.sources_waiting else 0
    return c.spheres.get(sphere, 0) + greater


def decide_debit_mana(state: State, command: DebitMana, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    c = character(state, command.character)
    if command.amount <= 0:
        raise reject("bad_amount", "Debit a positive whole amount of mana.")
    return [lose(c, command.amount, command.reason)]


def decide_scale_mana_sources(state: State, command: ScaleManaSources, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    if not state.in_transition:
        raise reject("not_between_sessions", "Mana sources are rescaled between game sessions only [003:146].")
    return [ManaSourcesScaled(factor=Fraction(command.factor), reason=command.reason)]
