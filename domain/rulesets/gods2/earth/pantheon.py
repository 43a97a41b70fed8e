"""Pantheon arithmetic in exact percentages ([000:66-96], [003:435]). Shares always sum to exactly 100."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.gods2.kernel.earth_model import SPECIAL_MEMBERS

HUNDRED = Fraction(100)


def gods(pantheon: dict[str, Fraction]) -> list[str]:
    """The members who must sign a change ([000:72]): every god; diabolism and atheism agree by rule ([000:74])."""
    return sorted(m for m in pantheon if m not in SPECIAL_MEMBERS)


def vetoes(old: dict[str, Fraction], new: dict[str, Fraction]) -> list[str]:
    """[000:74] diabolism or atheism agrees only to at least 5% more of the worship (digest reading 1: five
    percentage points); otherwise it vetoes."""
    return sorted(m for m in SPECIAL_MEMBERS if m in old and new.get(m, Fraction(0)) < old[m] + 5)


def cult(pantheon: dict[str, Fraction], deity: str, points: Fraction) -> dict[str, Fraction]:
    """[000:76], [000:182] the deity gains `points`; every other member loses a proportionate amount. A deity
    can gain at most what the others hold (the text implies the cap)."""
    others = {m: p for m, p in pantheon.items() if m != deity}
    total = sum(others.values(), Fraction(0))
    gained = min(points, total)
    out = {m: p - gained * p / total for m, p in others.items()} if total else {}
    out[deity] = pantheon.get(deity, Fraction(0)) + gained
    return {m: p for m, p in out.items() if p > 0}


def expel(pantheon: dict[str, Fraction], member: str) -> dict[str, Fraction]:
    """Removes a member during turmoil. The shares of the rest are undefined by the text and do not matter while
    the turmoil lasts (digest reading 10); they are rescaled proportionally so the sum stays 100, and a lone
    survivor has all 100% ([000:94])."""
    rest = {m: p for m, p in pantheon.items() if m != member}
    total = sum(rest.values(), Fraction(0))
    if not rest:
        return {}
    if total == 0:
        return {m: HUNDRED / len(rest) for m in rest}
    return {m: p * HUNDRED / total for m, p in rest.items()}


def without_obliterated(pantheon: dict[str, Fraction], god: str) -> dict[str, Fraction] | None:
    """[003:435] an obliterated god's share is divided equally among the other gods (not diabolism or atheism,
    digest reading 11). None when no other god is a member: the referees must rule."""
    if god not in pantheon:
        return pantheon
    share = pantheon[god]
    others = [m for m in pantheon if m != god and m not in SPECIAL_MEMBERS]
    if not others:
        return None
    return {m: p + (share / len(others) if m in others else 0) for m, p in pantheon.items() if m != god}


def turmoil_result(roll: int) -> str:
    """[000:86-90] 1-2 nothing, 3-4 a random member is kicked out, 5-6 a random member kicks out one of choice."""
    return "nothing" if roll <= 2 else "expel_random" if roll <= 4 else "member_chooses"


def shares_problems(shares: dict[str, Fraction]) -> list[str]:
    problems = []
    if sum(shares.values(), Fraction(0)) != HUNDRED:
        problems.append("pantheon shares must add up to 100 ([000:66])")
    if any(p <= 0 for p in shares.values()):
        problems.append("every member has a positive share; leave out a member to remove it")
    return problems
