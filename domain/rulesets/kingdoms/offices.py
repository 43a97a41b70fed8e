"""The Imperial Offices at the game's end [004:265-371].

Merit per character and office: deeds recorded during play (battles commanded, monsters slain or neutralized,
features first discovered, Resurrection and Bless cast, the GM's `AdjustMerit`) plus what is counted at the end:
World Emperor the kingdom's tax base and Imperial Treasurer its treasury (the King's); High Chancellor +1 a level
of Explorer, Spy and Sage; Grand Admiral +1 a Naval level and +1 a sea province of the kingdom with a tax base of 2
or more (to each character of the kingdom [004:367]); High Priest +2 a level of Druid and White Magic; Arch-Mage +1
a level of any magic and +1 a spell-casting item.

Every merit but the Emperor's is multiplied by max(0, 1 - reduction x difference), the character's alignment's
"Reduction/Alignment Difference" times its distance on the alignment scale from the Emperor's (AMBIG 34; the
Emperor's own office cannot depend on who the Emperor is). An office goes to the best merit, ties broken by gold in
treasury, then by tax base [004:371]; nobody holds an office nobody earned merit for. The artifacts' 10% go 1% an
artifact to its owner's kingdom, unmodified [004:365]. Standings are public once the game ends.
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

from domain.engine.messages import GameEnded
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import tables
from domain.rulesets.kingdoms.state import Character, Standing, State


def tax_base(state: State, kingdom: str) -> int:
    return sum(p.tax_base for p in state.provinces.values() if p.kingdom == kingdom)


def counted_merit(state: State, c: Character, office: str) -> Fraction:
    level = c.abilities.get
    kingdom = state.kingdoms[c.kingdom]
    base = c.merit.get(office, Fraction(0))
    match office:
        case "world_emperor":
            return Fraction(tax_base(state, c.kingdom)) if c.is_king else Fraction(0)
        case "imperial_treasurer":
            return Fraction(kingdom.treasury) if c.is_king else Fraction(0)
        case "high_chancellor":
            return base + level("explorer", 0) + level("spy", 0) + level("sage", 0)
        case "grand_admiral":
            rich = sum(
                1 for p in state.provinces.values() if p.kingdom == c.kingdom and p.terrain == "sea" and p.tax_base >= 2
            )
            return base + level("naval", 0) + rich
        case "high_priest":
            return base + 2 * (level("druid", 0) + level("white", 0))
        case "arch_mage":
            items = sum(1 for i in c.items if i in tables.SPELL_CASTING_ITEMS)
            return base + sum(level(m, 0) for m in tables.MAGIC) + items
        case _:
            return base


def reduced(merit: Fraction, c: Character, emperor: Character | None) -> Fraction:
    if emperor is None:
        return merit
    own = tables.ALIGNMENTS[c.alignment]
    apart = abs(own.index - tables.ALIGNMENTS[emperor.alignment].index)
    return merit * max(Fraction(0), 1 - Fraction(own.reduction, 100) * apart)


def ranking(state: State, office: str, emperor: Character | None) -> list[tuple[Character, Fraction]]:
    """Best first: merit, then gold in treasury, then tax base [004:371]; a loser of a tie-break ranks below."""
    rows = []
    for c in state.characters.values():
        if not c.alive:
            continue
        merit = counted_merit(state, c, office)
        if office != "world_emperor":
            merit = reduced(merit, c, emperor)
        rows.append((c, merit))
    return sorted(
        rows,
        key=lambda r: (-r[1], -state.kingdoms[r[0].kingdom].treasury, -tax_base(state, r[0].kingdom), r[0].id),
    )


def standing(state: State, office: str, emperor: Character | None) -> Standing:
    rows = ranking(state, office, emperor)
    holder = rows[0][0] if rows and rows[0][1] > 0 else None
    return Standing(
        office=office,
        prize=tables.OFFICES[office],
        holder=holder.id if holder else None,
        kingdom=holder.kingdom if holder else None,
        ranking=tuple((c.id, str(m)) for c, m in rows),
    )


def award_offices(state: State, reason: str, now: datetime) -> list[object]:
    first = standing(state, "world_emperor", None)
    emperor = state.characters.get(first.holder or "")
    standings = [first, *(standing(state, o, emperor) for o in tables.OFFICES if o != "world_emperor")]
    prizes: dict[str, Fraction] = {k: Fraction(0) for k in state.kingdoms}
    for s in standings:
        if s.kingdom is not None:
            prizes[s.kingdom] += s.prize
    for c in state.characters.values():
        for item in c.items:
            if item in tables.ARTIFACTS:
                prizes[c.kingdom] += tables.ARTIFACT_PRIZE
    return [e.OfficesAwarded(tuple(standings), prizes, reason), GameEnded(reason=reason, at=now)]
