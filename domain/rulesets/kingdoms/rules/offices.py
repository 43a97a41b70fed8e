"""Imperial offices at the game's end [10.1]: merit per office, standings with tie-breaks, artifacts, Prize %.

Readings:
- Merit is the sum over the office's merit lines of points x the candidate's tally of that counter (the game
  keeps the tallies: battles, monsters, discoveries; `ability_tallies` gives the `level_*` ones). Admirals' rich
  sea provinces count for each character of the Kingdom [004:367]: the game gives every character that tally.
- Alignment (appendix #34): merit of every office but the Emperor's is multiplied by
  max(0, 1 - reduction% of the candidate's alignment x the alignment difference with the Emperor); the Emperor's
  office is awarded first. Artifact points are never reduced [004:365].
- Ties [004:371]: more gold in the treasury wins, then the larger tax base; a candidate losing a tie-break is
  ranked below the winner (shown as #2 behind a #1). A tie on all three is broken by candidate id (chosen, so
  the order is stable) and reported as such (`lost_tie_on="order"`).
- An office goes to the top candidate only with merit above 0 (nobody slew a monster: no Lord High Defender).
- Artifacts [004:365]: each owner scores the artifact's Prize % (1 each by default: "The 10 remaining Merit
  Points"). Candidates for the kingdom-wide offices (Emperor, Treasurer) are whoever the caller passes, usually
  each Kingdom's King.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Literal

import msgspec

from domain.rulesets.kingdoms.content.fields import fraction
from domain.rulesets.kingdoms.content.pack import ContentPack
from domain.rulesets.kingdoms.content.people import Office

TieBreak = Literal["treasury", "tax_base", "order"]


class Candidate(msgspec.Struct, frozen=True, kw_only=True):
    """A character standing for the offices, with the tallies the merit lines count."""

    id: str
    kingdom: str
    alignment: str
    tallies: dict[str, int] = {}
    treasury: int = 0
    tax_base: int = 0


class Standing(msgspec.Struct, frozen=True):
    """One candidate's place for one office (`rank` 1 is the holder, when the office is awarded)."""

    rank: int
    candidate: str
    kingdom: str
    merit: Fraction
    lost_tie_on: TieBreak | None = None


class Award(msgspec.Struct, frozen=True):
    """An office's result: its holder (None when nobody earned merit) and every candidate's standing."""

    office: str
    title: str
    prize_pct: int
    holder: str | None
    standings: list[Standing]


def ability_tallies(pack: ContentPack, levels: Mapping[str, int]) -> dict[str, int]:
    """`level_<ability>` for every ability, and `level_magic`: the levels of all magical abilities together."""
    tallies = {f"level_{a.id}": levels.get(a.id, 0) for a in pack.abilities}
    tallies["level_magic"] = sum(levels.get(a.id, 0) for a in pack.abilities if a.magic)
    return tallies


def kingdom_tallies(provinces: Iterable[tuple[str, int]], treasury: int) -> dict[str, int]:
    """The tallies every character of a Kingdom shares, from its provinces (terrain, tax base) and treasury:
    `tax_base` (World Emperor [004:270]), `treasury` (Imperial Treasurer [004:295]) and `rich_sea_provinces`
    (Grand Admiral: "For each sea province with tax base of 2 or higher" [004:317-318], given to each character of
    the Kingdom [004:367])."""
    rows = list(provinces)
    return {
        "tax_base": sum(tax for _, tax in rows),
        "treasury": treasury,
        "rich_sea_provinces": sum(1 for terrain, tax in rows if terrain == "sea" and tax >= 2),
    }


def raw_merit(office: Office, tallies: Mapping[str, int]) -> Fraction:
    """Merit before the alignment reduction [004:265-363]."""
    return sum((fraction(line.points) * tallies.get(line.counter, 0) for line in office.merit), Fraction(0))


def alignment_factor(pack: ContentPack, alignment: str, emperor_alignment: str) -> Fraction:
    """Appendix #34: 1 - the alignment's reduction per difference x the difference with the Emperor, at least 0."""
    row = pack.alignment(alignment)
    difference = abs(row.scale - pack.alignment(emperor_alignment).scale)
    return max(Fraction(0), 1 - Fraction(row.reduction_pct * difference, 100))


def merit(pack: ContentPack, office: Office, candidate: Candidate, emperor_alignment: str | None) -> Fraction:
    value = raw_merit(office, candidate.tallies)
    if office.alignment_reduced and emperor_alignment is not None:
        value *= alignment_factor(pack, candidate.alignment, emperor_alignment)
    return value


def _lost_on(above: tuple[Fraction, Candidate], below: tuple[Fraction, Candidate]) -> TieBreak | None:
    if above[0] != below[0]:
        return None
    if above[1].treasury != below[1].treasury:
        return "treasury"
    if above[1].tax_base != below[1].tax_base:
        return "tax_base"
    return "order"


def standings(
    pack: ContentPack, office: Office, candidates: Sequence[Candidate], emperor_alignment: str | None
) -> list[Standing]:
    """Everyone's place for `office`: merit, then treasury gold, then tax base [004:371]."""
    scored = [(merit(pack, office, c, emperor_alignment), c) for c in candidates]
    scored.sort(key=lambda pair: (-pair[0], -pair[1].treasury, -pair[1].tax_base, pair[1].id))
    return [
        Standing(
            rank=place + 1,
            candidate=candidate.id,
            kingdom=candidate.kingdom,
            merit=value,
            lost_tie_on=_lost_on(scored[place - 1], scored[place]) if place else None,
        )
        for place, (value, candidate) in enumerate(scored)
    ]


def _award(office: Office, ranked: list[Standing]) -> Award:
    holder = ranked[0].candidate if ranked and ranked[0].merit > 0 else None
    return Award(office=office.id, title=office.title, prize_pct=office.prize_pct, holder=holder, standings=ranked)


def award_offices(pack: ContentPack, candidates: Sequence[Candidate]) -> list[Award]:
    """Every office, the Emperor's first (the others' alignment reduction is relative to him)."""
    by_id = {c.id: c for c in candidates}
    emperor_alignment: str | None = None
    awards: dict[str, Award] = {}
    for office in sorted(pack.offices, key=lambda o: not o.emperor):
        award = _award(office, standings(pack, office, candidates, None if office.emperor else emperor_alignment))
        if office.emperor and award.holder is not None:
            emperor_alignment = by_id[award.holder].alignment
        awards[office.id] = award
    return [awards[office.id] for office in pack.offices]


def artifact_prizes(pack: ContentPack, owners: Mapping[str, str]) -> dict[str, int]:
    """Prize % per candidate from the artifacts they own (`owners`: artifact id -> candidate id) [004:365]."""
    prizes: dict[str, int] = {}
    for item in pack.items:
        owner = owners.get(item.id)
        if item.artifact and owner is not None:
            prizes[owner] = prizes.get(owner, 0) + item.prize_pct
    return prizes


def prize_by_kingdom(
    awards: Iterable[Award], artifacts: Mapping[str, int], kingdom_of: Mapping[str, str]
) -> dict[str, int]:
    """Each Kingdom's Prize % [004:267]: its characters' offices and artifacts."""
    totals: dict[str, int] = {}
    for award in awards:
        if award.holder is not None:
            kingdom = kingdom_of[award.holder]
            totals[kingdom] = totals.get(kingdom, 0) + award.prize_pct
    for candidate, value in artifacts.items():
        kingdom = kingdom_of[candidate]
        totals[kingdom] = totals.get(kingdom, 0) + value
    return totals
