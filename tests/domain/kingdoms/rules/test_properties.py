"""Properties of the kingdoms arithmetic: exact chances, multiplied factors, halving, report errors."""

from __future__ import annotations

from fractions import Fraction

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.rules.draws import chance_sides, succeeds, weighted_pick
from domain.rulesets.kingdoms.rules.spies import follow_chance, perturb
from domain.rulesets.kingdoms.rules.strength import SpecialFactors, special_factor, terrain_strength

PACK = default_pack()
# No deadline: the machine is shared, and a timing limit is not a property of the rules.
EXAMPLES = settings(deadline=None, max_examples=60)
CODES = [a.code for a in PACK.army_types if a.strength_roll is None]
TERRAINS = [t.id for t in PACK.terrains]
RACES = [None, *(r.id for r in PACK.races)]
chances = st.fractions(min_value=0, max_value=1, max_denominator=60)
events = st.lists(st.fractions(min_value=Fraction(1, 2), max_value=2, max_denominator=20), max_size=4)


@EXAMPLES
@given(chances)
def test_a_chance_is_drawn_exactly(chance: Fraction) -> None:
    """Of the die's faces, exactly chance x faces succeed."""
    sides = chance_sides(chance)
    assert sum(succeeds(chance, face) for face in range(1, sides + 1)) == chance * sides


@EXAMPLES
@given(st.lists(st.integers(min_value=1, max_value=20), min_size=1, max_size=8))
def test_each_weighted_entry_owns_its_weight_in_faces(weights: list[int]) -> None:
    picks = [weighted_pick(weights, face) for face in range(1, sum(weights) + 1)]
    assert [picks.count(i) for i in range(len(weights))] == weights


@EXAMPLES
@given(events, st.booleans(), st.integers(0, 5), st.booleans())
def test_the_special_factors_multiply_in_any_order(
    found: list[Fraction], defending: bool, level: int, nemesis: bool
) -> None:
    """[004:98] "The special factors are multiplied, not added together."."""
    forward = SpecialFactors(defending=defending, command_level=level, nemesis=nemesis, random_events=tuple(found))
    backward = msgspec.structs.replace(forward, random_events=tuple(reversed(found)))
    expected = (Fraction(5, 4) if defending else 1) * (1 + Fraction(level, 5)) * (Fraction(2, 3) if nemesis else 1)
    for event in found:
        expected *= event
    assert special_factor(PACK, forward) == special_factor(PACK, backward) == expected


@EXAMPLES
@given(st.sampled_from(CODES), st.sampled_from(RACES), st.sampled_from(TERRAINS), st.booleans())
def test_adverse_terrain_halves_exactly(code: str, race: str | None, terrain: str, defending: bool) -> None:
    """[004:47] "A unit's strength is halved in adverse terrain."."""
    army = PACK.army_type(code)
    unit_race = PACK.race(race) if race else None
    plain_army = msgspec.structs.replace(army, adverse_terrain=[])
    full = terrain_strength(plain_army, unit_race, terrain, defending=defending)
    actual = terrain_strength(army, unit_race, terrain, defending=defending)
    if army.zero_strength_off_home and terrain not in army.home_terrain:
        assert actual == 0
    elif terrain in army.adverse_terrain:
        assert actual == full / 2
    else:
        assert actual == full


@EXAMPLES
@given(st.integers(0, 10_000), st.integers(0, 4), st.data())
def test_a_reported_figure_stays_within_the_margin_of_error(truth: int, level: int, data: st.DataObject) -> None:
    """[004:200-210] "Margin of Error of Spy Reports"."""
    margin = PACK.spy_row(level).margin_pct
    error = data.draw(st.integers(-margin, margin))
    assert abs(perturb(truth, error) - truth) <= Fraction(truth * margin, 100) + Fraction(1, 2)


@EXAMPLES
@given(st.integers(0, 6), st.booleans(), st.integers(0, 30), st.booleans())
def test_a_follow_chance_is_a_probability(level: int, army: bool, distance: int, same: bool) -> None:
    chance = follow_chance(PACK, level, target_leads_army=army, distance=distance, same_kingdom=same)
    assert 0 <= chance <= 1


def test_a_chance_finer_than_any_die_is_drawn_on_the_nearest_die() -> None:
    """A pursuit 999,983 provinces away: no die has that many faces; the nearest drawable chance is used."""
    chance = Fraction(1, 999_983)
    assert chance_sides(chance) == 999_983
    tiny = Fraction(1, 10**9)
    assert chance_sides(tiny) <= 1_000_000
    assert not succeeds(tiny, 1)
