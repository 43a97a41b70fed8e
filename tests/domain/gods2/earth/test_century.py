"""The sequence of a century: growth first, placement by cultural level, starvation, aggressive attacks, the
Activity and Calculation phases ([000:49-61], [000:98-107], [000:202-251])."""

from __future__ import annotations

from domain.rulesets.gods2.earth import war as formula
from domain.rulesets.gods2.earth.commands import (
    CloseActivityPhase,
    EndCentury,
    PlacePopulation,
    SetMigration,
    StartCentury,
    StartReligiousTurmoil,
)
from domain.rulesets.gods2.earth.events import AggressionRolled, PopulationGrew, WarDeclared
from domain.rulesets.gods2.kernel.earth_model import CitySetup, EarthSetup
from tests.domain.gods2.earth.scenario import earth, earth_game, race, sq
from tests.domain.gods2.scenario import ZEUS


def lone(level: str, units: dict[str, int], **fields: object) -> EarthSetup:
    """One race on a 6x6 plains grid, peaceful so it declares no war."""
    return earth([race("r", level, aggression=-20, **fields)], {s: ("r", n) for s, n in units.items()})


def grew(events: list[object]) -> PopulationGrew:
    return next(e for e in events if isinstance(e, PopulationGrew))


def test_growth_is_a_quarter_of_the_base_population_rounded_up() -> None:
    """[000:236] GODS-07: 43 -> +11, 8 -> +2, 1 -> +1; cities' bonus units do not grow."""
    for base, expected in ((43, 11), (8, 2), (1, 1)):
        squares = [sq(x, y) for y in range(6) for x in range(6)]
        units: dict[str, int] = {}
        left = base
        for s in squares:
            if left:
                units[s] = min(5, left)
                left -= units[s]
        g = earth_game(lone("civilized", units), activity=False)
        assert grew(g.when(StartCentury())).grown == expected


def test_a_race_with_no_population_does_not_grow() -> None:
    """[000:236] GODS-07: 25% of 0 is 0."""
    g = earth_game(earth([race("r"), race("s", aggression=-20)], {sq(0, 0): ("s", 1)}), activity=False)
    assert [e.race for e in g.when(StartCentury()) if isinstance(e, PopulationGrew)] == ["s"]


def test_attributes_modify_growth() -> None:
    """[000:236] growth is often modified by racial attributes (the sample's Fecund: +25%)."""
    g = earth_game(lone("civilized", {sq(0, 0): 4}, attributes=["fecund"]), activity=False)
    assert grew(g.when(StartCentury())).grown == 2


def test_civilized_races_place_new_units_in_occupied_squares_while_there_is_room() -> None:
    """[000:61] new units always go to currently occupied squares as long as there is room."""
    g = earth_game(lone("civilized", {sq(0, 0): 3, sq(1, 0): 1}), activity=False)
    assert grew(g.when(StartCentury())).placement == {sq(0, 0): 4, sq(1, 0): 1}


def test_civilized_overflow_spreads_to_bordering_squares() -> None:
    """[000:61] only over-population makes civilized races move; [000:238] only into bordering squares."""
    g = earth_game(lone("civilized", {sq(0, 0): 5, sq(1, 0): 5}), activity=False)
    placement = grew(g.when(StartCentury())).placement
    assert placement[sq(0, 0)] == 5 and placement[sq(1, 0)] == 5
    assert sum(placement.values()) == 13 and all(
        s in (sq(0, 0), sq(1, 0), sq(2, 0), sq(0, 1), sq(1, 1)) for s in placement
    )


def test_barbarians_spread_half_their_new_units_and_keep_half_at_home() -> None:
    """[000:59] half spread into unoccupied bordering squares, half stay on occupied squares."""
    old = {sq(0, 0): 2, sq(3, 3): 2, sq(5, 5): 2, sq(1, 4): 2}
    placement = grew(earth_game(lone("barbarian", old), activity=False).when(StartCentury())).placement
    assert sorted(n for s, n in placement.items() if s in old) == [2, 2, 2, 3]
    assert [n for s, n in placement.items() if s not in old] == [1]


def test_an_odd_barbarian_growth_spreads_the_larger_half() -> None:
    """[000:59] digest reading 5: with an odd number of new units the spreading half is rounded up."""
    old = {sq(0, 0): 1, sq(3, 3): 1, sq(5, 5): 1, sq(1, 4): 1}
    placement = grew(earth_game(lone("barbarian", old), activity=False).when(StartCentury())).placement
    assert sum(n for s, n in placement.items() if s not in old) == 1


def test_primitive_races_spread_to_their_maximum_extent() -> None:
    """[000:57] primitive races always spread to their maximum extent during growth."""
    g = earth_game(lone("primitive", {sq(0, 0): 1, sq(1, 0): 1, sq(2, 0): 1, sq(3, 0): 1}), activity=False)
    placement = grew(g.when(StartCentury())).placement
    assert len(placement) == 5 and set(placement.values()) == {1}


def test_units_over_the_population_limit_starve() -> None:
    """[000:107] excess units after growth die of starvation; the race gains +2 Aggression."""
    e = earth(
        [race("r", aggression=-20)],
        {sq(0, 0): ("r", 2)},
        width=2,
        height=1,
        terrain={sq(0, 0): "mountains", sq(1, 0): "water"},
    )
    g = earth_game(e, activity=False)
    event = grew(g.when(StartCentury()))
    assert (event.grown, event.starved, event.placement) == (1, 1, {sq(0, 0): 2})
    assert g.rules.earth.races["r"].starved is True


def test_starvation_comes_before_the_aggression_roll() -> None:
    """[000:107], [000:228] GODS-13: Aggression 2 + 2 for starving + d6 3 = 7: two wars; cleared at century end."""
    e = earth(
        [race("a", aggression=2), race("b", aggression=-20)],
        {sq(0, 0): ("a", 2), sq(1, 0): ("b", 1), sq(2, 0): ("b", 1)},
        width=3,
        height=1,
        terrain={sq(0, 0): "mountains"},
    )
    g = earth_game(e, activity=False)
    g.dice(3)
    events = g.when(StartCentury())
    rolled = next(x for x in events if isinstance(x, AggressionRolled) and x.race == "a")
    assert (rolled.aggression, rolled.wars) == (4, 2)
    assert [(w.attacker, w.defender, w.aggressive) for w in events if isinstance(w, WarDeclared)] == [
        ("a", "b", True)
    ] * 2
    g.when(CloseActivityPhase())
    g.when(EndCentury())
    assert g.rules.earth.races["a"].starved is False


def test_the_aggression_table() -> None:
    """[000:244-247] GODS-10: 4 or less none; 5-6 one; 7-8 two; 9 or more three."""
    assert [formula.wars_declared(t) for t in range(2, 11)] == [0, 0, 0, 1, 1, 2, 2, 3, 3]


def test_aggressive_wars_pick_random_bordering_races() -> None:
    """[000:249] the target of each war is chosen at random among the races bordering the aggressor."""
    e = earth(
        [race("a", aggression=3), race("b", aggression=-20), race("c", aggression=-20), race("d", aggression=-20)],
        {sq(1, 1): ("a", 1), sq(0, 1): ("b", 1), sq(2, 1): ("c", 1), sq(5, 5): ("d", 1)},
    )
    g = earth_game(e, activity=False)
    g.dice(6)  # 9: three wars
    g.dice(2, sides=2)
    g.dice(1, sides=2)
    g.dice(2, sides=2)
    wars = [w.defender for w in g.when(StartCentury()) if isinstance(w, WarDeclared)]
    assert wars == ["c", "b", "c"]  # d does not border a: never a target


def test_barbarians_get_two_aggression_and_one_military() -> None:
    """[000:59] being naturally warlike, barbarian races receive +1 Military and +2 Aggression."""
    e = earth(
        [race("a", "barbarian", aggression=0), race("b", aggression=-20)], {sq(0, 0): ("a", 1), sq(1, 0): ("b", 1)}
    )
    g = earth_game(e, activity=False)
    g.dice(3)
    rolled = next(x for x in g.when(StartCentury()) if isinstance(x, AggressionRolled) and x.race == "a")
    assert (rolled.aggression, rolled.wars) == (2, 1)


def test_a_referee_may_move_the_placement_within_the_rules() -> None:
    """[000:228] the referees place units "realistically"; [000:238] only into bordering squares."""
    g = earth_game(lone("primitive", {sq(0, 0): 1, sq(1, 0): 1}))
    g.when(PlacePopulation(race="r", squares={sq(0, 0): 1, sq(0, 1): 1}, reason="they follow the herds"))
    assert {s.id for s in g.rules.earth.squares.values() if s.race == "r"} == {sq(0, 0), sq(0, 1)}


def test_a_placement_may_not_reach_beyond_the_borders_or_limits() -> None:
    """[000:238] bordering squares only; [000:102] population limits."""
    g = earth_game(lone("primitive", {sq(0, 0): 1, sq(1, 0): 1}))
    far = g.rejects(PlacePopulation(race="r", squares={sq(0, 0): 1, sq(5, 5): 1}, reason="r"))
    over = g.rejects(PlacePopulation(race="r", squares={sq(0, 0): 2}, reason="r"))
    assert far.code == over.code == "gods2.bad_placement"
    assert "does not border" in far.message and "limit" in over.message


def test_civilized_units_stay_put_unless_migrating() -> None:
    """[000:61] when migrating only new units move; otherwise civilized units stay in place."""
    g = earth_game(lone("civilized", {sq(0, 0): 2}))
    assert g.rejects(PlacePopulation(race="r", squares={sq(0, 1): 2}, reason="r")).code == "gods2.bad_placement"


def test_a_migrating_race_spreads_towards_its_target() -> None:
    """[000:236] the distribution changes when the race has been given the order to migrate."""
    g = earth_game(lone("primitive", {sq(2, 2): 1}), activity=False)
    g.when(SetMigration(race="r", toward=sq(2, 5), reason="Hera drives them south"))
    assert grew(g.when(StartCentury())).placement == {sq(2, 2): 1, sq(2, 3): 1}


def test_population_limits_by_terrain_and_level() -> None:
    """[000:102-105] GODS-22: civ plains 5, civ ice 0, barb desert 2, prim water 0, civ mountains 2, barb forest 3."""
    from domain.rulesets.gods2.earth.stats import LIMITS

    got = [
        LIMITS[lv][t]
        for lv, t in (
            ("civilized", "plains"),
            ("civilized", "ice"),
            ("barbarian", "desert"),
            ("primitive", "water"),
            ("civilized", "mountains"),
            ("barbarian", "forest"),
        )
    ]
    assert got == [5, 0, 2, 0, 2, 3]


def test_features_and_knowledges_change_population_limits() -> None:
    """[000:100] limits are modified by terrain features (fertile land) and knowledges (the sample's Agriculture)."""
    g = earth_game(
        earth(
            [race("r", knowledges=["agriculture"], aggression=-20)],
            {sq(0, 0): ("r", 6)},
            features={sq(0, 0): ["fertile_land"]},
        ),
        activity=False,
    )
    assert grew(g.when(StartCentury())).placement[sq(0, 0)] == 7


def test_a_century_has_an_activity_and_a_calculation_phase() -> None:
    """[000:224] activity, then calculation; [000:51] sixteen centuries in Era Centrum."""
    g = earth_game(lone("civilized", {sq(0, 0): 1}), activity=False)
    assert g.rejects(EndCentury()).code == "gods2.not_calculation_phase"
    g.when(StartCentury())
    assert g.rejects(StartCentury()).code == "gods2.century_running"
    g.when(CloseActivityPhase())
    assert g.rules.earth.stage == "calculation"
    g.when(EndCentury())
    assert (g.rules.earth.century, g.rules.earth.stage) == (1, "before")


def test_era_centrum_has_sixteen_centuries() -> None:
    """[000:51] Era Centrum is divided into 16 centuries."""
    e = lone("civilized", {sq(0, 0): 1})
    e = EarthSetup(squares=e.squares, races=e.races, century=16)
    assert earth_game(e, activity=False).rejects(StartCentury()).code == "gods2.era_over"


def test_no_divine_intervention_during_calculation() -> None:
    """[000:204] GODS-70: until calculations are complete no divine intervention can occur."""
    g = earth_game(lone("civilized", {sq(0, 0): 1}), chars={"zeus": {"locale": "window"}})
    g.when(CloseActivityPhase())
    assert g.rejects(StartReligiousTurmoil(race="r"), ZEUS).code == "gods2.not_activity_phase"


def test_heaven_goes_on_while_the_referees_calculate() -> None:
    """[000:222] actions in Heaven continue throughout the session without pause."""
    from domain.rulesets.gods2.heaven.commands import MoveToLocale

    g = earth_game(lone("civilized", {sq(0, 0): 1}))
    g.when(CloseActivityPhase())
    g.when(MoveToLocale(locale="window"), ZEUS)
    assert g.rules.characters["zeus"].locale == "window"


def test_a_migrating_barbarian_race_leaves_one_unit_in_each_square() -> None:
    """[000:59] when migrating the race moves all but one population unit per square."""
    g = earth_game(lone("barbarian", {sq(2, 2): 3}), activity=False)
    g.when(SetMigration(race="r", toward=sq(2, 5), reason="Hera drives them south"))
    assert grew(g.when(StartCentury())).placement == {sq(2, 2): 1, sq(2, 3): 3}


def test_a_migrating_civilized_race_moves_only_its_new_units() -> None:
    """[000:61] when migrating only new population units move in the direction of migration."""
    g = earth_game(lone("civilized", {sq(2, 2): 4}), activity=False)
    g.when(SetMigration(race="r", toward=sq(2, 5), reason="r"))
    assert grew(g.when(StartCentury())).placement == {sq(2, 2): 4, sq(2, 3): 1}


def test_a_barbarian_race_moves_old_units_only_when_migrating() -> None:
    """[000:59] old units stay unless the race migrates; then one stays in each square."""
    g = earth_game(lone("barbarian", {sq(2, 2): 3}))
    assert g.rejects(PlacePopulation(race="r", squares={sq(2, 2): 1, sq(2, 3): 2}, reason="r")).code == (
        "gods2.bad_placement"
    )
    g.when(SetMigration(race="r", toward=sq(2, 5), reason="r"))
    g.when(PlacePopulation(race="r", squares={sq(2, 2): 1, sq(2, 3): 2}, reason="they follow the river"))
    assert g.rules.earth.squares[sq(2, 3)].units == 2


def test_when_every_mortal_has_died_the_next_century_is_a_second_creation() -> None:
    """[000:218] replace the next century with a second period of Creation."""
    g = earth_game(earth([race("r")], {}), activity=False)
    events = g.when(StartCentury())
    assert [type(e).__name__ for e in events] == ["CenturyStarted"] and events[0].creation is True
    assert g.view(ZEUS).earth.creation is True


def test_every_full_three_wealth_gives_one_military_and_one_diplomacy() -> None:
    """[000:43] wealth from features (the sample's gold deposits: 3) and cities ([000:110] +1 each)."""
    e = earth(
        [race("r", knowledges=["agriculture", "civilization"], wealth=1)],
        {sq(0, 0): ("r", 2), sq(1, 0): ("r", 2)},
        features={sq(0, 0): ["gold"]},
        cities={sq(1, 0): CitySetup(name="Ophir")},
    )
    r = earth_game(e).view(ZEUS).earth.races[0]
    assert (r.wealth, r.military, r.diplomacy) == (5, 1, 1)


def test_negative_wealth_counts_as_zero() -> None:
    """[000:43] modified to a negative number it is treated as zero."""
    r = earth_game(earth([race("r", wealth=-4, military=1)], {sq(0, 0): ("r", 2)})).view(ZEUS).earth.races[0]
    assert (r.wealth, r.military) == (0, 1)


def test_movement_range_defines_the_bordering_squares() -> None:
    """[000:45-47] Movement Range 1 reaches the next square; 2 reaches two squares away."""
    e = earth(
        [race("a", movement=1), race("b"), race("c")], {sq(0, 0): ("a", 1), sq(2, 0): ("b", 1), sq(0, 1): ("c", 1)}
    )
    g = earth_game(e)
    from domain.rulesets.gods2.earth.population import bordering_races

    assert bordering_races(g.rules.earth, g.rules.earth.races["a"], g.rules.pack.earth) == ["c"]
    e2 = earth(
        [race("a", movement=2), race("b"), race("c")], {sq(0, 0): ("a", 1), sq(2, 0): ("b", 1), sq(0, 1): ("c", 1)}
    )
    g2 = earth_game(e2)
    assert bordering_races(g2.rules.earth, g2.rules.earth.races["a"], g2.rules.pack.earth) == ["b", "c"]


def test_sea_faring_range_crosses_water() -> None:
    """[000:45] Sea-faring Range 0 cannot cross water; 1 crosses one water square; the ranges combine."""
    from domain.rulesets.gods2.earth.population import bordering_races

    water = {sq(1, 0): "water"}
    for seafaring, expected in ((0, []), (1, ["b"])):
        e = earth(
            [race("a", seafaring=seafaring), race("b")],
            {sq(0, 0): ("a", 1), sq(2, 0): ("b", 1)},
            width=3,
            height=1,
            terrain=water,
        )
        g = earth_game(e)
        assert bordering_races(g.rules.earth, g.rules.earth.races["a"], g.rules.pack.earth) == expected


def test_military_and_diplomacy_rise_at_each_full_three_wealth() -> None:
    """[000:43] "for each full 3 points of Wealth the race gains +1 Military and +1 Diplomacy": Wealth 2, 3, 6
    and 11 give +0, +1, +2 and +3 (a divisor of 4 would give +0, +0, +1, +2)."""
    gains = []
    for w in (2, 3, 6, 11):
        view = earth_game(earth([race("r", wealth=w)], {sq(0, 0): ("r", 2)})).view(ZEUS).earth.races[0]
        assert view.wealth == w
        gains.append((view.military, view.diplomacy))
    assert gains == [(0, 0), (1, 1), (2, 2), (3, 3)]
