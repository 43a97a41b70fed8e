"""The Imperial Offices at the game's end [004:265-371], awarded by the content pack's rules (`rules.offices`).

The game keeps each character's tallies of deeds (battles commanded, monsters slain or neutralized, features and
inventions first discovered, Resurrections and Blessings cast, and the GM's `AdjustMerit`); at the end it adds
what is counted then: ability levels, spell-casting items, the kingdom's sea provinces with a tax base of 2 or more
(to each character of the kingdom [004:367]) and, for each King, the kingdom's tax base and treasury (World
Emperor, Imperial Treasurer). Merit, the alignment reduction relative to the Emperor, the tie-breaks (treasury gold,
then tax base [004:371]) and the Prize % (artifacts included [004:365]) are the rules'. Standings are public once
the game ends.
"""

from __future__ import annotations

from datetime import datetime

from domain.engine.messages import GameEnded
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms.rules.offices import (
    Candidate,
    ability_tallies,
    artifact_prizes,
    prize_by_kingdom,
)
from domain.rulesets.kingdoms.rules.offices import (
    award_offices as award,
)
from domain.rulesets.kingdoms.state import Character, State


def tax_base(state: State, kingdom: str) -> int:
    return sum(p.tax_base for p in state.provinces.values() if p.kingdom == kingdom)


def candidate(state: State, c: Character) -> Candidate:
    pack, kingdom = state.content, state.kingdoms[c.kingdom]
    rich_sea = sum(
        1 for p in state.provinces.values() if p.kingdom == c.kingdom and p.terrain == "sea" and p.tax_base >= 2
    )
    casting = sum(1 for i in pack.items if i.id in c.items and i.casts is not None)
    tallies = {**ability_tallies(pack, c.abilities), **c.tallies}
    tallies["rich_sea_provinces"] = rich_sea
    tallies["spell_casting_items"] = casting
    if c.is_king:
        tallies["tax_base"] = tax_base(state, c.kingdom)
        tallies["treasury"] = kingdom.treasury
    return Candidate(
        id=c.id,
        kingdom=c.kingdom,
        alignment=c.alignment,
        tallies=tallies,
        treasury=kingdom.treasury,
        tax_base=tax_base(state, c.kingdom),
    )


def award_offices(state: State, reason: str, now: datetime) -> list[object]:
    living = [c for c in state.characters.values() if c.alive]
    awards = award(state.content, [candidate(state, c) for c in sorted(living, key=lambda c: c.id)])
    owners = {item: c.id for c in living for item in c.items}
    prizes = prize_by_kingdom(awards, artifact_prizes(state.content, owners), {c.id: c.kingdom for c in living})
    prizes = {k: prizes.get(k, 0) for k in sorted(state.kingdoms)}
    return [e.OfficesAwarded(tuple(awards), prizes, reason), GameEnded(reason=reason, at=now)]
