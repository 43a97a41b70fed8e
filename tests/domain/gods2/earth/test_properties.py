"""Arithmetic properties: pantheon shares always sum to exactly 100; population is never negative."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.rulesets.gods2.earth import pantheon
from domain.rulesets.gods2.earth import war as formula
from domain.rulesets.gods2.earth.commands import DeclareWar, ResolveWar
from tests.domain.gods2.earth.scenario import earth, earth_game, race, sq

MEMBERS = ["zeus", "hera", "ares", "DIABOLISM", "ATHEISM"]


@st.composite
def pantheons(draw: st.DrawFn) -> dict[str, Fraction]:
    members = draw(st.lists(st.sampled_from(MEMBERS), min_size=1, max_size=5, unique=True))
    weights = draw(st.lists(st.integers(1, 50), min_size=len(members), max_size=len(members)))
    total = sum(weights)
    return {m: Fraction(100 * w, total) for m, w in zip(members, weights, strict=True)}


@given(pantheons(), st.sampled_from(MEMBERS), st.fractions(min_value=0, max_value=120, max_denominator=7))
def test_cults_keep_the_pantheon_at_exactly_one_hundred(
    shares: dict[str, Fraction], deity: str, points: Fraction
) -> None:
    """[000:66] the numbers add up to 100% at all times; [000:182] cults scale the others proportionally."""
    after = pantheon.cult(shares, deity, points)
    assert sum(after.values()) == 100 and all(p > 0 for p in after.values())
    others = [m for m in shares if m != deity and m in after]
    for a in others:
        for b in others:
            assert after[a] * shares[b] == after[b] * shares[a]  # proportions kept


@given(pantheons(), st.sampled_from(MEMBERS))
def test_expulsion_and_obliteration_keep_one_hundred(shares: dict[str, Fraction], member: str) -> None:
    """[000:94] a lone survivor holds 100%; [003:435] an obliterated god's share goes to the other gods."""
    expelled = pantheon.expel(shares, member)
    assert not expelled or sum(expelled.values()) == 100
    if member not in ("DIABOLISM", "ATHEISM"):
        gone = pantheon.without_obliterated(shares, member)
        assert gone is None or sum(gone.values()) == 100


@given(st.integers(0, 500), st.integers(-15, 25), st.integers(0, 500), st.integers(-15, 25))
def test_war_losses_are_never_negative_and_a_loser_takes_half_again_as_many(pa: int, ma: int, pd: int, md: int) -> None:
    """[000:276-278] losses are rounded-up percentages, never negative; the loser's losses are at least 150%."""
    out = formula.fight(pa, ma, pd, md)
    assert out.attacker_losses >= 0 and out.defender_losses >= 0
    if out.loser == "defender":
        assert 2 * out.defender_losses >= 3 * out.attacker_losses and out.vacate >= 0
    if abs(ma - md) >= 10:
        assert min(out.attacker_losses, out.defender_losses) == 0  # [000:284]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=6, max_size=6),
    st.lists(st.integers(0, 5), min_size=6, max_size=6),
    st.integers(-6, 14),
    st.integers(-6, 14),
)
def test_population_is_never_negative_after_a_war(a: list[int], b: list[int], ma: int, mb: int) -> None:
    """[000:276-278] losses, retreats, starvation and occupation never leave a square below zero."""
    units = {sq(x, 0): ("a", n) for x, n in enumerate(a) if n} | {sq(x, 1): ("b", n) for x, n in enumerate(b) if n}
    if not any(a) or not any(b):
        return
    g = earth_game(earth([race("a", military=ma), race("b", military=mb)], units, height=3))
    war = g.when(DeclareWar(attacker="a", defender="b", reason="r"))[0].war
    g.advance(5).when(ResolveWar(war=war))
    squares = g.rules.earth.squares.values()
    assert all(s.units >= 0 for s in squares)
    assert all((s.units == 0) == (s.race is None) for s in squares)
    assert all(s.units <= 5 for s in squares)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["primitive", "barbarian", "civilized"]),
    st.dictionaries(st.tuples(st.integers(0, 3), st.integers(0, 3)), st.integers(1, 6), min_size=1, max_size=8),
    st.sampled_from(["plains", "desert", "mountains", "ice"]),
)
def test_growth_and_placement_never_leave_a_square_negative_or_over_its_limit(
    level: str, units: dict[tuple[int, int], int], terrain: str
) -> None:
    """[000:100-107], [000:236] growth is placed within the limits; the excess starves; nothing goes negative."""
    from domain.rulesets.gods2.earth.commands import StartCentury
    from domain.rulesets.gods2.earth.stats import LIMITS

    placed = {sq(x, y): ("r", n) for (x, y), n in units.items()}
    grid_terrain = {sq(x, y): terrain for x in range(4) for y in range(4)}
    g = earth_game(
        earth([race("r", level, aggression=-20)], placed, width=4, height=4, terrain=grid_terrain), activity=False
    )
    g.when(StartCentury())
    limit = LIMITS[level][terrain]  # type: ignore[index]
    assert all(0 <= s.units <= limit for s in g.rules.earth.squares.values())
