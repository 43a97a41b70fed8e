"""The mana ledger's commands: income, collection, transfers, debits and the demon pool (moves in `kernel/mana.py`).

Mana waiting at a distribution point is the character's own from the instant it is placed there ([003:150]), so
every outgoing amount draws on held mana first and then on the distribution points. A debt ([003:156]) blocks
powers, gifts of mana and every other use of mana until new income has paid it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.commands import (
    CollectMana,
    CreditDemonPool,
    CreditMana,
    DebitMana,
    PayManaSource,
    RecordManaEvent,
    ScaleManaSources,
    TransferMana,
)
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import (
    character,
    me,
    reject,
    require_in_game,
    require_not_conversing,
    require_not_in_combat,
    require_reason,
    require_same_locale,
)
from domain.rulesets.gods2.kernel.content import parse_fraction
from domain.rulesets.gods2.kernel.events import DemonPoolCredited, ManaCollected, ManaSourcesScaled
from domain.rulesets.gods2.kernel.mana import (
    cards_for_sources,
    credit,
    income_for_event,
    lose,
    require_can_spend,
    transfer,
)
from domain.rulesets.gods2.kernel.model import Character, State


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


def decide_pay_mana_source(state: State, command: PayManaSource, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    source = next((s for s in state.pack.mana_sources if s.id == command.source), None)
    if source is None or source.category == "event":
        raise reject("unknown_source", "Name a century-end or era-end source of the content pack.")
    counted = {m.source for m in state.pack.earth.map_sources}
    if state.earth is not None and not state.earth.creation and source.id in counted:
        # Earth's map counts it at the century's end (earth/sources.py); paying it by hand too would pay it twice.
        raise reject(
            "map_counted",
            f"The map counts '{source.id}' when the century ends: give EndCentury `counts` with a reason to change "
            "its count instead of paying it by hand.",
        )
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
