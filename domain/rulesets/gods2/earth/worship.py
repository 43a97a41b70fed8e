"""Century-end worship mana ([000:66-68], [000:82], [000:210-214]) into the shared mana ledger.

Each member receives the worship of her share of the race's effective population; each worship source of the
content pack pays that many worshippers times its rate, per card of its sphere (or once, at a flat rate).
Diabolists pay the demons' pool through a `demonic` source; atheists pay nobody. A race in turmoil at any time
in the century gives nothing. Amounts are exact; whole mana leaves the accumulators only when whole.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.gods2.earth import stats
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.content import parse_fraction
from domain.rulesets.gods2.kernel.earth_model import DIABOLISM, Earth
from domain.rulesets.gods2.kernel.events import DemonPoolCredited
from domain.rulesets.gods2.kernel.mana import cards_for_sources, credit
from domain.rulesets.gods2.kernel.model import State


def worshippers(earth: Earth) -> dict[str, Fraction]:
    """Member -> worshippers over every race not in turmoil this century ([000:66], [000:82])."""
    out: dict[str, Fraction] = {}
    for race_id in sorted(earth.races):
        race = earth.races[race_id]
        if race.turmoil_this_century or race.in_turmoil:
            continue
        population = stats.effective_population(earth, race_id)
        for member, share in race.pantheon.items():
            out[member] = out.get(member, Fraction(0)) + population * share / 100
    return out


def century_worship(state: State, earth: Earth, debts: dict[str, int], pool: dict[str, Fraction]) -> list[object]:
    """`debts` and `pool`: the ledger after the death worksheet's income of the same calculation."""
    sources = {s.id: s for s in state.pack.mana_sources}
    counted = worshippers(earth)
    reason = f"worship, century {earth.century}"
    events: list[object] = []
    for source_id in state.pack.earth.worship_sources:
        source = sources[source_id]
        rate = parse_fraction(source.rate) * state.source_scale
        if source.sphere == "demonic":
            amount = counted.get(DIABOLISM, Fraction(0)) * rate
            if amount > 0:
                whole, rest = ledger.accumulate(pool.get(source.id, Fraction(0)), amount)
                events.append(
                    DemonPoolCredited(source=source.id, amount=amount, whole=whole, accumulator=rest, reason=reason)
                )
            continue
        for member in sorted(counted):
            c = state.characters.get(member)
            if c is None or c.life == "obliterated":
                continue  # atheists pay nobody ([000:68]); the dead still receive mana [003:431]
            cards = cards_for_sources(c, source.sphere)
            amount = counted[member] * rate * (1 if source.flat_rate else cards)
            if cards <= 0 or amount <= 0:
                continue
            paid = credit(msgspec.structs.replace(c, debt=debts[c.id]), source.id, amount, reason)
            debts[c.id] -= paid.debt_paid
            events.append(paid)
    return events
