"""Century-end and era-end mana sources measured on the Earth map ([000:210], [000:212], [000:214]).

The Century-End Worksheet lists "all of the various century-end mana sources" and the referees "count the various
sources" at the end of each century ([000:210]); the Mana Calculating Program multiplies each source's total by
each god's multiplier ([000:212]). The map is in the server, so the engine counts the sources that depend on it:
the pack's `earth.map_sources` says, for each such source, which squares count (a base terrain, a terrain
feature, only inhabited squares). Worship is the other century-end line (earth/worship.py).

Decisions:
- A map source pays like any non-event source ([003:132]): its rate times the squares counted, per card of its
  sphere (once at a flat rate), times the GM's halving ([003:146]); exact fractions accumulate until whole
  ([000:214]); a `demonic` one pays the demons' shared pool ([003:70]). The obliterated receive nothing.
- Century-end sources are counted at every `EndCentury`; era-end sources at the end of the century that ends the
  era: the 16th of Era Centrum ([000:51]) by itself, any other only when the referee says so (`ends_era`, with a
  reason: the length of Era Omega is in a chapter the text does not include).
- The referee may replace any count with a typed number (`EndCentury.counts`) and a reason; the event
  `MapSourcesCounted` keeps both the engine's count and the referee's, so the override is audited. The counts
  are public like the map they are read from; what each god receives stays the god's own (`ManaCredited`).
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import reject, require_reason
from domain.rulesets.gods2.kernel.content import ManaSourceDef, parse_fraction
from domain.rulesets.gods2.kernel.earth_content import MapSourceDef
from domain.rulesets.gods2.kernel.earth_model import Earth
from domain.rulesets.gods2.kernel.events import DemonPoolCredited
from domain.rulesets.gods2.kernel.mana import cards_for_sources, credit
from domain.rulesets.gods2.kernel.model import State


def measure(earth: Earth, m: MapSourceDef) -> int:
    """The squares that count for one map source."""
    return sum(
        1
        for s in earth.squares.values()
        if (m.terrain is None or s.terrain == m.terrain)
        and (m.feature is None or m.feature in s.features)
        and (not m.inhabited or s.units > 0)
    )


def due(state: State, era_end: bool) -> list[tuple[MapSourceDef, ManaSourceDef]]:
    """The map sources paid now: the century-end ones, and the era-end ones when the era ends."""
    sources = {s.id: s for s in state.pack.mana_sources}
    categories = {"century_end", "era_end"} if era_end else {"century_end"}
    return [
        (m, sources[m.source])
        for m in state.pack.earth.map_sources
        if m.source in sources and sources[m.source].category in categories
    ]


def check_counts(state: State, counts: dict[str, int], reason: str | None, era_end: bool) -> None:
    if not counts:
        return
    require_reason(reason or "")
    paid = {m.source for m, _ in due(state, era_end)}
    unknown = sorted(set(counts) - paid)
    if unknown:
        raise reject(
            "unknown_map_source",
            f"{unknown} are not map sources paid now; name one of {sorted(paid)} (era-end sources only when the "
            "era ends).",
        )


def map_income(
    state: State,
    earth: Earth,
    counted: tuple[dict[str, int], dict[str, int]],
    debts: dict[str, int],
    pool: dict[str, Fraction],
    era_end: bool,
) -> list[object]:
    """`counted`: (the engine's counts, the referee's); `debts` and `pool`: the ledger after the income already
    decided in the same calculation (updated here)."""
    measured, counts = counted
    events: list[object] = []
    for m, source in due(state, era_end):
        quantity = counts.get(m.source, measured[m.source])
        rate = parse_fraction(source.rate) * state.source_scale * quantity
        reason = f"{source.description or source.id}: {quantity} squares, century {earth.century}"
        if rate <= 0:
            continue
        if source.sphere == "demonic":
            whole, rest = ledger.accumulate(pool.get(source.id, Fraction(0)), rate)
            pool[source.id] = rest
            events.append(
                DemonPoolCredited(source=source.id, amount=rate, whole=whole, accumulator=rest, reason=reason)
            )
            continue
        for c in sorted(state.characters.values(), key=lambda c: c.id):
            cards = cards_for_sources(c, source.sphere)
            if cards <= 0 or c.life == "obliterated":
                continue
            paid = credit(
                msgspec.structs.replace(c, debt=debts[c.id]),
                source.id,
                rate * (1 if source.flat_rate else cards),
                reason,
            )
            debts[c.id] -= paid.debt_paid
            events.append(paid)
    return events
