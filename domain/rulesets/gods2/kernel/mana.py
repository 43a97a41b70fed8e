"""The mana ledger's moves that Heaven and Earth share: spending, transfers, losses, credits and event income.

The commands that move mana are decided in `heaven/mana.py`.

Mana waiting at a distribution point is the character's own from the instant it is placed there ([003:150]), so
every outgoing amount draws on held mana first and then on the distribution points. A debt ([003:156]) blocks
powers, gifts of mana and every other use of mana until new income has paid it.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import reject
from domain.rulesets.gods2.kernel.content import parse_fraction
from domain.rulesets.gods2.kernel.events import DemonPoolCredited, ManaCredited, ManaLost, ManaSpent, ManaTransferred
from domain.rulesets.gods2.kernel.model import Character, State


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


def cards_for_sources(c: Character, sphere: str) -> int:
    """Cards that earn a sphere's mana ([003:132]). Chosen reading: a greater sphere card counts as one card of
    its sphere, from the session after it was gained ([003:500])."""
    greater = 1 if sphere in c.greater_spheres and sphere not in c.sources_waiting else 0
    return c.spheres.get(sphere, 0) + greater
